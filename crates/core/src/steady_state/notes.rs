//! What the steady-state family says about a platform before and after solving (section 7):
//! nodes no master reaches (valid, rate 0, greyed with a warning), link directions of cost
//! `inf` (no connection: dropped with a note instead of silently), and the message when the
//! throughput is 0 (no period to schedule).

use num_traits::Zero;

use crate::rational::Q;
use crate::steady_state::SteadyState;

/// Nodes that no master reaches along the platform's arcs (indices, in node order).
#[must_use]
pub fn unreachable(inst: &SteadyState) -> Vec<usize> {
    let p = &inst.platform;
    let arcs = p.arcs();
    let mut seen: Vec<bool> = p.nodes.iter().map(|v| v.master).collect();
    let mut stack: Vec<usize> = (0..p.nodes.len()).filter(|&i| seen[i]).collect();
    while let Some(v) = stack.pop() {
        for a in arcs.iter().filter(|a| a.from == v) {
            if !seen[a.to] {
                seen[a.to] = true;
                stack.push(a.to);
            }
        }
    }
    (0..p.nodes.len()).filter(|&i| !seen[i]).collect()
}

/// The warnings of section 7 about the platform itself, in words: unreachable nodes and
/// ignored (`inf`) link directions.
#[must_use]
pub fn warnings(inst: &SteadyState) -> Vec<String> {
    let p = &inst.platform;
    let mut out = Vec::new();
    let lost = unreachable(inst);
    if !lost.is_empty() {
        let names: Vec<String> = lost.iter().map(|&i| p.nodes[i].id.to_string()).collect();
        out.push(format!(
            "Node(s) {} cannot be reached from any master (no path of links in the right direction): they get no tasks (rate 0).",
            names.join(", ")
        ));
    }
    out.extend(p.notes());
    out
}

/// The message of section 7 when `ρ* = 0`, or `None` when the throughput is positive.
#[must_use]
pub fn zero_throughput(rho: &Q) -> Option<&'static str> {
    rho.is_zero().then_some(
        "The throughput is 0: no node a master can reach is able to compute (all are routers or unreachable), so there is no period to schedule.",
    )
}
