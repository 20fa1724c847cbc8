//! The divisible-load rows of `#/bench`: each method with its trace (what the page runs) on
//! seeded random instances, and the exact star-affine search for p = 4 … 10 (issue 14).

use hetlab_core::divisible::generate::random as instance;
use hetlab_core::divisible::{solve_traced, Divisible};
use hetlab_core::generate::Shape;

/// One case: `(name, runs, what to time)`.
pub type Case = (String, usize, Box<dyn Fn()>);

fn case(name: String, runs: usize, inst: Divisible, algo: &'static str) -> Case {
    (
        name,
        runs,
        Box::new(move || drop(solve_traced(&inst, algo))),
    )
}

/// The cases timed by the benchmark page.
#[must_use]
pub fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for p in [8, 64] {
        let inst = instance(Shape::Star, p, 3);
        out.push(case(
            format!("divisible star-linear + trace, {p} workers"),
            20,
            inst,
            "star-linear",
        ));
    }
    for p in [4, 6, 8, 10] {
        let inst = instance(Shape::Random, p, 5);
        out.push(case(
            format!("divisible affine-exact + trace, {p} workers"),
            3,
            inst,
            "affine-exact",
        ));
    }
    for n in [20, 100] {
        let inst = instance(Shape::Tree, n, 7);
        out.push(case(
            format!("divisible tree-linear + trace, {n} nodes"),
            10,
            inst,
            "tree-linear",
        ));
    }
    for (seed, algo) in [(2, "multi-installment"), (1, "umr")] {
        let inst = instance(Shape::Ring, 8, seed);
        out.push(case(
            format!("divisible {algo} + trace, 8 workers"),
            5,
            inst,
            algo,
        ));
    }
    let inst = instance(Shape::Clusters, 16, 9);
    out.push(case(
        "divisible periodic + trace, 16 workers".to_owned(),
        5,
        inst,
        "periodic",
    ));
    out
}
