//! Native benchmarks of the LU distributions (`cargo bench -p hetlab-core --bench lu`): every
//! scheme built and simulated at n = 64 and 256 blocks on the spec's set B (7 processors), the
//! traced 2D DP, and the §3.3 comparison series. No test asserts on time.

use hetlab_core::lu::{self, compare, LuInput, Scheme};

fn main() {
    divan::main();
}

fn input(n: usize) -> LuInput {
    LuInput {
        cycle_times: compare::set_b(),
        b: n,
        n: Some(n),
        grid: None,
    }
}

#[divan::bench(args = [64, 256])]
fn one_d(bencher: divan::Bencher, n: usize) {
    let inst = input(n);
    bencher.bench(|| lu::solve("1d", divan::black_box(&inst)));
}

#[divan::bench(args = [64, 256])]
fn block_cyclic(bencher: divan::Bencher, n: usize) {
    let inst = input(n);
    bencher.bench(|| lu::solve("block-cyclic", divan::black_box(&inst)));
}

#[divan::bench(args = [64, 256])]
fn full_block(bencher: divan::Bencher, n: usize) {
    let inst = input(n);
    bencher.bench(|| lu::solve("full-block", divan::black_box(&inst)));
}

#[divan::bench(args = [64, 256])]
fn dp_2d(bencher: divan::Bencher, n: usize) {
    let inst = input(n);
    bencher.bench(|| lu::solve("2d-dp", divan::black_box(&inst)));
}

#[divan::bench(args = [64, 256])]
fn greedy_2d(bencher: divan::Bencher, n: usize) {
    let inst = input(n);
    bencher.bench(|| lu::solve("2d-greedy", divan::black_box(&inst)));
}

#[divan::bench(args = [64, 256])]
fn dp_2d_traced(bencher: divan::Bencher, n: usize) {
    let inst = input(n);
    bencher.bench(|| lu::solve_traced("2d-dp", divan::black_box(&inst)));
}

/// The four curves of §3.3 for n = 5..=300 in steps of 5 (what the page plots).
#[divan::bench(sample_count = 5)]
fn comparison_series(bencher: divan::Bencher) {
    let t = compare::set_b();
    let sizes: Vec<usize> = (1..=60).map(|k| 5 * k).collect();
    bencher.bench(|| compare::series(divan::black_box(&t), &sizes, &compare::PLOTTED));
}

/// Keeps `Scheme` in the public API exercised by the bench build.
#[divan::bench]
fn scheme_names() -> Vec<&'static str> {
    Scheme::ALL.iter().map(|s| s.name()).collect()
}
