//! A discrete simulation of the periodic schedule, period by period, under the ramp-up rule of
//! steady-state.md section 4.8: node `i` runs its full pattern in period `p` only if `p >
//! depth(i)`, and uses only files received in earlier periods. The simulation tracks every
//! node's stock of input files and fails if a node would use a file it does not have, so the
//! counts it returns are checked, not assumed.

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

use super::{Flows, Pattern};
use crate::error::SolveError;

/// Tasks completed after each of the first `periods` periods (entry `k` is after period
/// `k + 1`), simulated with explicit stocks.
///
/// # Complexity
/// `O(periods · |A|)` big-integer operations.
///
/// # Errors
/// A sentence naming the node and period where a stock would go negative (a schedule that
/// uses tasks it has not received).
pub fn simulate(pat: &Pattern, fl: &Flows<'_>, periods: u64) -> Result<Vec<BigInt>, SolveError> {
    let n = fl.platform.nodes.len();
    let a = &pat.scale_a;
    let mut stock = vec![BigInt::zero(); n];
    let mut done = BigInt::zero();
    let mut out = Vec::new();
    for p in 1..=periods {
        let active: Vec<bool> = pat
            .depth
            .iter()
            .map(|d| d.is_some_and(|d| p > d as u64))
            .collect();
        let mut arriving = vec![BigInt::zero(); n];
        for i in (0..n).filter(|&i| active[i]) {
            let mut used = a * &pat.n[i];
            for (k, arc) in fl.arcs.iter().enumerate().filter(|(_, arc)| arc.from == i) {
                let files = a * &pat.m[k];
                arriving[arc.to] += &files;
                used += files;
            }
            if !fl.platform.nodes[i].master {
                stock[i] -= &used;
                if stock[i].is_negative() {
                    return Err(format!(
                        "node {} runs out of tasks in period {p}",
                        fl.platform.nodes[i].id
                    )
                    .into());
                }
            }
            done += a * &pat.n[i];
        }
        for (s, add) in stock.iter_mut().zip(arriving) {
            *s += add;
        }
        out.push(done.clone());
    }
    Ok(out)
}
