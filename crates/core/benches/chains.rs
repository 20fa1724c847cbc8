//! Native benchmarks of chain partitioning (`cargo bench -p hetlab-core --bench chains`): on
//! the Stanford_Berkeley-like workload of chains.md §9.4 (615 400 tasks, weights 1–83 448),
//! one prefix-sum pass (the unit the issue measures against), then EXACT-BISECTION, NICOL+ and
//! DP+ on the prepared chain at P = 32 … 2048 (speeds 1–8, seed 1000·8 + 10·P + 1), and the
//! full `solve` (prefix sums, algorithm, partition) for EXACT-BISECTION. No test asserts time.

use std::sync::OnceLock;

use hetlab_core::chains::workload::{speeds, Workload};
use hetlab_core::chains::{
    chain::prefix_sums, optimum, solve_input, Algorithm, Chain, ChainsInput,
};

fn main() {
    divan::main();
}

const PS: [usize; 7] = [32, 64, 128, 256, 512, 1024, 2048];

fn weights() -> &'static Vec<u64> {
    static W: OnceLock<Vec<u64>> = OnceLock::new();
    W.get_or_init(|| {
        Workload::named("Stanford_Berkeley-like")
            .map(|w| w.weights(1))
            .unwrap_or_default()
    })
}

fn chain(p: usize) -> Chain {
    Chain::new(weights(), &speeds(p, 8, 8000 + 10 * p as u64 + 1, 1))
}

#[divan::bench]
fn prefix_sum_pass(bencher: divan::Bencher) {
    let w = weights();
    bencher.bench(|| prefix_sums(divan::black_box(w)));
}

#[divan::bench(args = PS)]
fn exact_bisection(bencher: divan::Bencher, p: usize) {
    let c = chain(p);
    bencher.bench(|| optimum(divan::black_box(&c), Algorithm::ExactBisection));
}

#[divan::bench(args = PS)]
fn nicol_plus(bencher: divan::Bencher, p: usize) {
    let c = chain(p);
    bencher.bench(|| optimum(divan::black_box(&c), Algorithm::NicolPlus));
}

// DP+ takes up to half a second at P = 64 and refuses P ≥ 128 here (band over its cell limit,
// chains.md §7): only the sizes it solves are timed, so no row times a refusal.
#[divan::bench(args = [32, 64], sample_count = 10)]
fn dp_plus(bencher: divan::Bencher, p: usize) {
    let c = chain(p);
    bencher.bench(|| optimum(divan::black_box(&c), Algorithm::DpPlus));
}

#[divan::bench(args = PS)]
fn solve_exact_bisection(bencher: divan::Bencher, p: usize) {
    let input = ChainsInput::new(weights().clone(), speeds(p, 8, 8000 + 10 * p as u64 + 1, 1));
    bencher.bench(|| solve_input(divan::black_box(&input), Algorithm::ExactBisection));
}
