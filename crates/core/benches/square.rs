//! Benchmarks of the square-partition solvers (`cargo bench -p hetlab-core --bench square`):
//! the exact column DP (with and without its trace), the recursive 7/4-approximation and the
//! PERI-MAX heuristic, at 8, 32 and 128 areas. No test asserts on time.

use hetlab_core::rational::{q, Q};
use hetlab_core::square::{column, perimax, recursive};

fn main() {
    divan::main();
}

/// `p` areas proportional to a fixed pseudo-random sequence of integers in `1..=100`.
fn areas(p: usize) -> Vec<Q> {
    let mut x: u64 = 12_345;
    let w: Vec<i64> = (0..p)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            i64::try_from(x >> 57).unwrap_or(0) + 1
        })
        .collect();
    let total: i64 = w.iter().sum();
    w.iter().map(|&k| q(k, total)).collect()
}

#[divan::bench(args = [8, 32, 128])]
fn column_dp(bencher: divan::Bencher, p: usize) {
    let s = areas(p);
    bencher.bench(|| column::solve(divan::black_box(&s)));
}

#[divan::bench(args = [8, 32, 128])]
fn column_dp_traced(bencher: divan::Bencher, p: usize) {
    let s = areas(p);
    bencher.bench(|| column::solve_traced(divan::black_box(&s)));
}

#[divan::bench(args = [8, 32, 128])]
fn recursive_approx(bencher: divan::Bencher, p: usize) {
    let s = areas(p);
    bencher.bench(|| recursive::solve(divan::black_box(&s)));
}

#[divan::bench(args = [8, 32, 128])]
fn peri_max(bencher: divan::Bencher, p: usize) {
    let s = areas(p);
    bencher.bench(|| perimax::solve(divan::black_box(&s)));
}
