//! Tree compaction (broadcast.md §3.5): LP-T restricted to a set of weighted trees, solved by
//! the exact simplex, whose basic optimal solution keeps at most one tree per port row — at
//! most `2|V|` trees — with the same total when the set was an optimal decomposition.
//!
//! Reference: broadcast.md §3.5 (the Carathéodory argument of its Theorem 3.1).

use num_traits::{One, Signed, Zero};

use super::lp::port_loads;
use super::{BroadcastError, WeightedTree};
use crate::lp::{self, Cmp, Limits, Outcome, Problem};
use crate::platform::Arc;
use crate::rational::Q;

/// The trees of `trees` re-weighted by a basic optimal solution of LP-T over them: at most
/// one tree per non-empty port row (so at most `2|V|`), in their original order, total weight
/// `max Σ α` over these trees (at least `rho`, the input's total, which it equals when the input
/// is optimal).
///
/// # Errors
/// [`BroadcastError::Lp`] when the exact simplex gives up (over its work budget);
/// [`BroadcastError::Internal`] if the answer were worse than the input.
pub fn compact(
    n: usize,
    arcs: &[Arc],
    trees: &[WeightedTree],
    rho: &Q,
) -> Result<Vec<WeightedTree>, BroadcastError> {
    let mut p = Problem::new(trees.len());
    for j in 0..trees.len() {
        p.objective(j, Q::one());
    }
    let per_tree: Vec<(Vec<Q>, Vec<Q>)> = trees
        .iter()
        .map(|t| {
            let mut unit = vec![Q::zero(); arcs.len()];
            for &e in &t.arcs {
                unit[e] += Q::one();
            }
            port_loads(n, arcs, &unit)
        })
        .collect();
    for v in 0..n {
        for side in 0..2 {
            let row: Vec<(usize, Q)> = per_tree
                .iter()
                .enumerate()
                .map(|(j, (out, inn))| (j, if side == 0 { &out[v] } else { &inn[v] }.clone()))
                .filter(|(_, load)| load.is_positive())
                .collect();
            if !row.is_empty() {
                p.constraint(row, Cmp::Le, Q::one());
            }
        }
    }
    // The exact simplex ends on a basic solution: at most one positive variable per row.
    let sol = match lp::solve_exact(&p, &Limits::default())? {
        Outcome::Optimal(s) => s,
        other => {
            return Err(BroadcastError::Internal(format!(
                "compaction LP: {other:?}"
            )))
        }
    };
    if &sol.value < rho {
        return Err(BroadcastError::Internal(format!(
            "compaction lost throughput: {} < {rho}",
            sol.value
        )));
    }
    Ok(trees
        .iter()
        .zip(&sol.x)
        .filter(|(_, a)| a.is_positive())
        .map(|(t, a)| WeightedTree {
            arcs: t.arcs.clone(),
            weight: a.clone(),
        })
        .collect())
}
