//! A divisible-load schedule (divisible-load.md) as operations for `dag.py`: every block of
//! the result (a transfer of a load, or its computation), at its time.
//!
//! Star: the master is host 0, worker `P_i` host `i`; the link master → `P_i` has `c = g_i`
//! per unit of load and latency `G_i` (paid per message, as in §4), the host `w = w_i` and a
//! wait of `W_i` before each computation. Tree (§3): node `k` is host `k` (the root is the
//! master), the link from its parent `c = g_k`. A node's receptions and computations are two
//! lanes (a worker computes one round while it receives the next), its sends a third.

use super::common::RunError;
use super::dag::{Dag, Op, Work};
use crate::divisible::family::DivisibleFamily;
use crate::divisible::schedule::Kind;
use crate::divisible::Divisible;
use crate::family::{Limits, Solver as _};
use crate::rational::Q;

/// The operations of `inst`'s schedule under `algorithm`.
///
/// # Errors
/// A solver error, or a block naming a node the instance lacks.
pub(super) fn dag(inst: &Divisible, algorithm: &str) -> Result<Dag, RunError> {
    let run = DivisibleFamily::run_within(inst, algorithm, false, Limits::Default)?;
    let sol = &run.solution;
    let star = inst.nodes.is_empty();
    // The schedule's last end: the makespan, except for the periodic schedule (§7), whose
    // makespan counts whole periods and whose last block ends at `last_finish`.
    let last = sol.schedule.iter().map(|b| &b.end).max().cloned();
    let predicted = last.unwrap_or_default();
    let mut dag = if star {
        star_dag(inst, predicted)
    } else {
        tree_dag(inst, predicted)
    };
    // Star: `None` is the master (host 0), worker `i` is host `i + 1`; tree: node `k` is host `k`.
    let host = |i: Option<usize>| -> Result<usize, RunError> {
        let h = match (star, i) {
            (true, None) => 0,
            (true, Some(i)) => i + 1,
            (false, Some(k)) => k,
            (false, None) => inst
                .nodes
                .iter()
                .position(|n| n.parent.is_none())
                .unwrap_or(0),
        };
        if h < dag.platform.nodes.len() {
            Ok(h)
        } else {
            Err(RunError::Unplayable(format!(
                "a block names node {h}, which the instance lacks"
            )))
        }
    };
    let mut ops = Vec::with_capacity(sol.schedule.len());
    for b in &sol.schedule {
        let node = host(b.node)?;
        let (at, lane, work) = match b.kind {
            Kind::Send => (
                host(b.from)?,
                "port",
                Work::Send {
                    to: node,
                    to_lane: "in",
                },
            ),
            Kind::Compute => (
                node,
                "cpu",
                Work::Compute {
                    delay: b.latency.clone(),
                },
            ),
        };
        ops.push(Op {
            host: at,
            lane,
            work,
            units: b.load.clone(),
            start: b.start.clone(),
            end: b.end.clone(),
        });
    }
    dag.ops = ops;
    Ok(dag)
}

/// The star's hosts (the master computes with `w0` when it has one) and links.
fn star_dag(inst: &Divisible, predicted: Q) -> Dag {
    let mut ids = vec![("master".to_owned(), inst.w0.clone())];
    ids.extend(
        inst.workers
            .iter()
            .enumerate()
            .map(|(i, w)| (format!("P{}", i + 1), Some(w.w.clone()))),
    );
    let mut dag = Dag::new(ids, 0, predicted);
    for (i, w) in inst.workers.iter().enumerate() {
        dag.link(0, i + 1, &w.g, &w.big_g);
    }
    dag
}

/// The tree's hosts and links parent → child.
fn tree_dag(inst: &Divisible, predicted: Q) -> Dag {
    let ids = inst
        .nodes
        .iter()
        .map(|n| (n.id.to_string(), n.w.clone()))
        .collect();
    let root = inst.nodes.iter().position(|n| n.parent.is_none());
    let mut dag = Dag::new(ids, root.unwrap_or(0), predicted);
    for (k, n) in inst.nodes.iter().enumerate() {
        if let Some(p) = n.parent {
            dag.link(p, k, &n.g, &Q::default());
        }
    }
    dag
}
