//! The steady-state rows of `#/bench`: the closed form with its trace on random trees, and the
//! exact certified LP on random platforms (about four arcs per node).

use super::{lp, tree, SteadyState};
use crate::bench::{row, Measured, Timer};
use crate::generate::{platform, Shape};

/// The rows, timed with `time`.
pub fn rows(time: Timer<'_>) -> Vec<Measured> {
    let mut rows = Vec::new();
    for n in [10, 100, 500] {
        let inst = SteadyState::new(platform(Shape::Tree, n, 42));
        let runs = if n > 100 { 15 } else { 50 };
        rows.push(row(
            time,
            format!("tree closed form + trace, {n} nodes"),
            runs,
            || drop(tree::solve_traced(&inst)),
        ));
    }
    for n in [10, 20, 50, 100] {
        let inst = SteadyState::new(platform(Shape::Random, n, 7));
        let runs = if n > 20 { 5 } else { 15 };
        rows.push(row(
            time,
            format!(
                "steady-state LP (exact, certified), {n} nodes / {} arcs",
                4 * n
            ),
            runs,
            || drop(lp::solve_within(&inst, 1000, 5000)),
        ));
    }
    rows
}
