//! The divisible-load rows of `#/bench`: each method with its trace (what the page runs) on
//! seeded random instances, and the exact star-affine search for p = 4 … 10 (issue 14).

use super::generate::random;
use super::solve_traced;
use crate::bench::{row, Measured, Timer};
use crate::generate::Shape;

/// The rows, timed with `time`.
pub fn rows(time: Timer<'_>) -> Vec<Measured> {
    let mut cases = Vec::new();
    for p in [8, 64] {
        let name = format!("divisible star-linear + trace, {p} workers");
        cases.push((name, 20, random(Shape::Star, p, 3), "star-linear"));
    }
    for p in [4, 6, 8, 10] {
        let name = format!("divisible affine-exact + trace, {p} workers");
        cases.push((name, 3, random(Shape::Random, p, 5), "affine-exact"));
    }
    for n in [20, 100] {
        let name = format!("divisible tree-linear + trace, {n} nodes");
        cases.push((name, 10, random(Shape::Tree, n, 7), "tree-linear"));
    }
    for (seed, algo) in [(2, "multi-installment"), (1, "umr")] {
        let name = format!("divisible {algo} + trace, 8 workers");
        cases.push((name, 5, random(Shape::Ring, 8, seed), algo));
    }
    let name = "divisible periodic + trace, 16 workers".to_owned();
    cases.push((name, 5, random(Shape::Clusters, 16, 9), "periodic"));
    cases
        .into_iter()
        .map(|(name, runs, inst, algo)| row(time, name, runs, || drop(solve_traced(&inst, algo))))
        .collect()
}
