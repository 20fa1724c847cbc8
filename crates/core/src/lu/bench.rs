//! The LU rows of `#/bench`: every scheme with its simulation and trace on set B (§3.3) at
//! n = 64 and 256.

use super::{compare, solve_traced, LuInput};
use crate::bench::{row, Measured, Timer};

/// The rows, timed with `time`.
pub fn rows(time: Timer<'_>) -> Vec<Measured> {
    let mut rows = Vec::new();
    for n in [64, 256] {
        let input = LuInput {
            cycle_times: compare::set_b(),
            b: n,
            n: Some(n),
            grid: None,
        };
        for algo in ["1d", "2d-dp", "2d-greedy", "block-cyclic"] {
            rows.push(row(
                time,
                format!("LU {algo} + simulation + trace, set B, n = {n}"),
                3,
                || drop(solve_traced(algo, &input)),
            ));
        }
    }
    rows
}
