//! Graph algorithms shared by several solver families: which nodes a node reaches
//! ([`reachable`]), and the decomposition of a weighted bipartite graph into weighted matchings
//! ([`matching`]), which turns the per-port busy times of
//! a steady state into the communication slots of a periodic schedule (steady-state.md section 4,
//! broadcast.md section 4).
//!
//! Everything here is exact (rationals in, rationals out) and deterministic: ties are broken by
//! node index, and no output depends on hash-map order.

pub mod flow;
pub mod matching;

use num_traits::Zero;

use crate::platform::Arc;

/// Nodes of `0..n` reachable from `source` through `arcs`, or through their 0-cost arcs only
/// (none when `source` is not a node).
#[must_use]
pub fn reachable(n: usize, arcs: &[Arc], source: usize, zero_only: bool) -> Vec<bool> {
    let mut seen = vec![false; n];
    let Some(first) = seen.get_mut(source) else {
        return seen;
    };
    *first = true;
    let mut stack = vec![source];
    while let Some(u) = stack.pop() {
        for a in arcs
            .iter()
            .filter(|a| a.from == u && (!zero_only || a.c.is_zero()))
        {
            if !seen[a.to] {
                seen[a.to] = true;
                stack.push(a.to);
            }
        }
    }
    seen
}
