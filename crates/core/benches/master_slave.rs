//! Native benchmarks of the master–slave family (`cargo bench -p hetlab-core --bench
//! master_slave`) at the largest sizes the page allows: 64 slaves and 20 000 tasks for the
//! assignment, the approximation and the per-task patterns, 7 slaves for the exhaustive
//! `MaxTasks2` search (6 for `MinTime2`), 64-node trees with 20 000 candidate tasks. No test
//! asserts on time.

use hetlab_core::master_slave::{
    solve, solve_traced, BusInput, Comm, Goal, Hop, MsInput, Shape, TreeInput, MAX_SLAVES,
};
use hetlab_core::rational::{qi, Q};

fn main() {
    divan::main();
}

/// Cycle times 1..=9 repeated; `T` chosen so that `Σ floor(T/t_i)` stays under 20 000.
fn times(p: usize) -> Vec<Q> {
    (0..p)
        .map(|i| qi(i64::try_from(i % 9).unwrap_or(0) + 1))
        .collect()
}

fn bus(variant: u8, p: usize, comm: Comm, goal: Goal) -> MsInput {
    MsInput::Bus(BusInput {
        variant,
        t: times(p),
        comm,
        goal,
    })
}

/// A horizon with at most 20 000 tasks for 64 slaves of cycle times 1..=9 (Σ 1/t ≈ 20.1).
const BIG_T: i64 = 950;

#[divan::bench(args = ["exact", "greedy"])]
fn max_tasks1_p64(bencher: divan::Bencher, algo: &str) {
    let input = bus(1, MAX_SLAVES, Comm::Single(qi(1)), Goal::Horizon(qi(BIG_T)));
    bencher.bench(|| solve(divan::black_box(&input), algo));
}

#[divan::bench]
fn max_tasks1_p64_traced(bencher: divan::Bencher) {
    let input = bus(1, MAX_SLAVES, Comm::Single(qi(1)), Goal::Horizon(qi(BIG_T)));
    bencher.bench(|| solve_traced(divan::black_box(&input), "exact"));
}

#[divan::bench]
fn min_time1_p64_c20000(bencher: divan::Bencher) {
    let input = bus(1, MAX_SLAVES, Comm::Single(qi(1)), Goal::Tasks(20_000));
    bencher.bench(|| solve(divan::black_box(&input), "exact"));
}

#[divan::bench(sample_count = 10)]
fn max_tasks2_exact_p7(bencher: divan::Bencher) {
    let input = bus(2, 7, Comm::Pair(qi(2), qi(1)), Goal::Horizon(qi(3000)));
    bencher.bench(|| solve(divan::black_box(&input), "exact"));
}

#[divan::bench(sample_count = 10)]
fn min_time2_exact_p6(bencher: divan::Bencher) {
    let input = bus(2, 6, Comm::Pair(qi(2), qi(1)), Goal::Tasks(20_000));
    bencher.bench(|| solve(divan::black_box(&input), "exact"));
}

#[divan::bench]
fn max_tasks2_approx_p64(bencher: divan::Bencher) {
    let input = bus(
        2,
        MAX_SLAVES,
        Comm::Pair(qi(2), qi(1)),
        Goal::Horizon(qi(BIG_T)),
    );
    bencher.bench(|| solve(divan::black_box(&input), "approx"));
}

#[divan::bench]
fn max_tasks2_identical_p64(bencher: divan::Bencher) {
    let input = MsInput::Bus(BusInput {
        variant: 2,
        t: vec![qi(4); MAX_SLAVES],
        comm: Comm::Pair(qi(1), qi(1)),
        goal: Goal::Horizon(qi(1200)),
    });
    bencher.bench(|| solve(divan::black_box(&input), "exact"));
}

#[divan::bench(args = ["periodic", "greedy"], sample_count = 10)]
fn max_tasks3_p64_20000_tasks(bencher: divan::Bencher, algo: &str) {
    let input = bus(3, MAX_SLAVES, Comm::Single(qi(1)), Goal::Horizon(qi(BIG_T)));
    bencher.bench(|| solve(divan::black_box(&input), algo));
}

#[divan::bench(sample_count = 10)]
fn max_tasks4_p64(bencher: divan::Bencher) {
    let input = bus(
        4,
        MAX_SLAVES,
        Comm::Pair(qi(1), qi(1)),
        Goal::Horizon(qi(BIG_T)),
    );
    bencher.bench(|| solve(divan::black_box(&input), "periodic"));
}

fn hops(n: usize) -> Vec<Hop> {
    (0..n)
        .map(|i| Hop {
            c: qi(1),
            w: Some(qi(i64::try_from(i % 9).unwrap_or(0) + 1)),
        })
        .collect()
}

#[divan::bench(args = ["fork", "chain"], sample_count = 10)]
fn tree_64_nodes(bencher: divan::Bencher, shape: &str) {
    let shape = if shape == "fork" {
        Shape::Fork(hops(64))
    } else {
        Shape::Chain(hops(64))
    };
    let input = MsInput::Tree(TreeInput {
        shape,
        horizon: qi(BIG_T),
        n: None,
        w0: None,
        tasks: None,
    });
    bencher.bench(|| solve(divan::black_box(&input), "exact"));
}
