//! Pure geometry of the sender/receiver bipartite graph (steady-state.md sections 4.3–4.4):
//! sender ports on the left, receiver ports on the right, an edge per arc with its remaining
//! weight. At matching `k` the edges of `M_k` and the tight ports are highlighted; edges whose
//! weight is used up by earlier matchings are gone.

use hetlab_core::graph::matching::Port;
use hetlab_core::periodic::Pattern;
use hetlab_core::platform::Platform;
use hetlab_core::rational::{frac, Q};
use hetlab_core::sort;
use num_traits::{Signed, Zero};

/// Drawing width, SVG units.
pub const WIDTH: f64 = 800.0;
const LEFT_X: f64 = 200.0;
const RIGHT_X: f64 = 600.0;
const ROW: f64 = 36.0;

/// A port (circle) of the drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct PortLook {
    /// Centre.
    pub at: (f64, f64),
    /// `3 sends` / `4 receives`, with the port's remaining degree.
    pub label: String,
    /// Of maximum degree in the current iteration.
    pub tight: bool,
    /// On the left (sender) side.
    pub sender: bool,
}

/// An edge of the drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeLook {
    /// Sender end.
    pub from: (f64, f64),
    /// Receiver end.
    pub to: (f64, f64),
    /// Remaining weight.
    pub label: String,
    /// In the current matching.
    pub matched: bool,
}

/// The drawing.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Bipartite {
    /// Height.
    pub height: f64,
    /// Ports.
    pub ports: Vec<PortLook>,
    /// Remaining edges.
    pub edges: Vec<EdgeLook>,
    /// One sentence: the current maximum degree.
    pub summary: String,
}

/// The graph before matching `done` is removed (`current` = the matching highlighted, if any).
#[must_use]
pub fn layout(p: &Platform, pat: &Pattern, done: usize, current: Option<usize>) -> Bipartite {
    let arcs = p.arcs();
    let matchings = &pat.decomposition.matchings;
    // Remaining weight of each arc after the matchings before `done`.
    let mut rest: Vec<Q> = pat.u.clone();
    for m in matchings.iter().take(done) {
        for (k, a) in arcs.iter().enumerate() {
            if m.edges.contains(&(a.from, a.to)) {
                rest[k] -= &m.mu;
            }
        }
    }
    // Ports keep their place for the whole story: every port of the initial graph is listed.
    let mut senders: Vec<usize> = arcs
        .iter()
        .zip(&pat.u)
        .filter(|(_, u)| u.is_positive())
        .map(|(a, _)| a.from)
        .collect();
    let mut receivers: Vec<usize> = arcs
        .iter()
        .zip(&pat.u)
        .filter(|(_, u)| u.is_positive())
        .map(|(a, _)| a.to)
        .collect();
    sort::sort(&mut senders);
    senders.dedup();
    sort::sort(&mut receivers);
    receivers.dedup();
    let y = |k: usize| 24.0 + ROW * k as f64;
    let id = |i: usize| p.nodes[i].id.to_string();
    let tight: Vec<Port> = current
        .and_then(|k| matchings.get(k))
        .map(|m| m.tight.clone())
        .unwrap_or_default();
    let degree = |port: Port| -> Q {
        arcs.iter()
            .zip(&rest)
            .filter(|(a, _)| match port {
                Port::Send(i) => a.from == i,
                Port::Recv(j) => a.to == j,
            })
            .map(|(_, r)| r.clone())
            .sum()
    };
    let mut ports = Vec::new();
    for (k, &i) in senders.iter().enumerate() {
        let d = degree(Port::Send(i));
        ports.push(PortLook {
            at: (LEFT_X, y(k)),
            label: format!("{} sends ({})", id(i), frac(&d)),
            tight: tight.contains(&Port::Send(i)),
            sender: true,
        });
    }
    for (k, &j) in receivers.iter().enumerate() {
        let d = degree(Port::Recv(j));
        ports.push(PortLook {
            at: (RIGHT_X, y(k)),
            label: format!("{} receives ({})", id(j), frac(&d)),
            tight: tight.contains(&Port::Recv(j)),
            sender: false,
        });
    }
    let matched = current.and_then(|k| matchings.get(k));
    let edges = arcs
        .iter()
        .zip(&rest)
        .filter(|(_, r)| r.is_positive())
        .filter_map(|(a, r)| {
            let s = senders.iter().position(|&i| i == a.from)?;
            let t = receivers.iter().position(|&j| j == a.to)?;
            Some(EdgeLook {
                from: (LEFT_X, y(s)),
                to: (RIGHT_X, y(t)),
                label: frac(r),
                matched: matched.is_some_and(|m| m.edges.contains(&(a.from, a.to))),
            })
        })
        .collect();
    let delta: Q = matchings.iter().skip(done).map(|m| m.mu.clone()).sum();
    let summary = if delta.is_zero() {
        "Every edge is covered: the decomposition is complete.".to_owned()
    } else {
        format!(
            "Largest remaining port degree Δ = {}; the matchings left sum to exactly Δ.",
            frac(&delta)
        )
    };
    Bipartite {
        height: y(senders.len().max(receivers.len())) + 8.0,
        ports,
        edges,
        summary,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetlab_core::steady_state::pipeline;

    #[test]
    fn example_1_matching_by_matching() {
        let inst = hetlab_core::presets::steady_state("example-1").unwrap();
        let pipe = pipeline::solve(&inst).unwrap();
        let pat = pipe.pattern.as_ref().unwrap();
        let start = layout(&inst.platform, pat, 0, Some(0));
        // Senders 1, 3, 4; receivers 2, 3, 4; four edges; ports 1s is tight (degree 12).
        assert_eq!(start.ports.len(), 6);
        assert_eq!(start.edges.len(), 4);
        assert_eq!(start.ports[0].label, "1 sends (12)");
        assert!(start.ports[0].tight);
        assert_eq!(start.edges.iter().filter(|e| e.matched).count(), 2);
        assert!(start.summary.contains("Δ = 12"));
        // After M1 (μ = 6) the edge 1→2 is gone and 3→4 keeps 3.
        let after = layout(&inst.platform, pat, 1, Some(1));
        assert_eq!(after.edges.len(), 3);
        assert!(after.summary.contains("Δ = 6"));
        let done = layout(&inst.platform, pat, 3, None);
        assert!(done.edges.is_empty());
    }
}
