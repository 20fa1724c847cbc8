//! Native benchmarks of the ring family (`cargo bench -p hetlab-core --bench ring`): the subset
//! Held–Karp at p = 10, 13, 14 and 16 (issue 12), the exact method, the greedy and the TSP
//! heuristic on Lyon and Strasbourg, and the Fig. 3 sweeps. No test asserts on time.

use hetlab_core::families::Instance;
use hetlab_core::ring::sweep::{Method, Sweeper};
use hetlab_core::ring::Ring;
use hetlab_core::ring::{generate, solve, Algorithm};

fn main() {
    divan::main();
}

fn preset(name: &str) -> Ring {
    match hetlab_core::presets::get(name) {
        Some(Instance::Ring(r)) => r,
        _ => unreachable!("the ring presets read"),
    }
}

/// Held–Karp (table, every subset's bounds, certification) on a random platform of `p`
/// processors with two clusters.
#[divan::bench(args = [10, 13, 14, 16], sample_count = 5)]
fn held_karp(bencher: divan::Bencher, p: usize) {
    let r = generate(p, true, 1);
    bencher.bench(|| solve(divan::black_box(&r), Algorithm::HeldKarp));
}

/// The default `exact` on the two measured platforms (Held–Karp, certified).
#[divan::bench(args = ["ring-lyon", "ring-strasbourg"], sample_count = 5)]
fn exact(bencher: divan::Bencher, name: &str) {
    let r = preset(name);
    bencher.bench(|| solve(divan::black_box(&r), Algorithm::Exact));
}

/// The exhaustive search at its limit, p = 10.
#[divan::bench(sample_count = 3)]
fn exhaustive_10(bencher: divan::Bencher) {
    let r = generate(10, true, 1);
    bencher.bench(|| solve(divan::black_box(&r), Algorithm::Exhaustive));
}

#[divan::bench(args = ["ring-lyon", "ring-strasbourg"])]
fn greedy(bencher: divan::Bencher, name: &str) {
    let r = preset(name);
    bencher.bench(|| solve(divan::black_box(&r), Algorithm::Greedy));
}

#[divan::bench(args = ["ring-lyon", "ring-strasbourg"])]
fn tsp(bencher: divan::Bencher, name: &str) {
    let r = preset(name);
    bencher.bench(|| solve(divan::black_box(&r), Algorithm::Tsp));
}

/// The heuristics at the instance limit (32 processors).
#[divan::bench(sample_count = 5)]
fn heuristics_32(bencher: divan::Bencher) {
    let r = generate(32, false, 1);
    bencher.bench(|| {
        (
            solve(divan::black_box(&r), Algorithm::Greedy),
            solve(&r, Algorithm::Tsp),
        )
    });
}

/// The p_opt(W/H) staircase of Fig. 3 on Strasbourg, 200 samples and every transition.
#[divan::bench(args = ["greedy", "exact"], sample_count = 3)]
fn fig3_strasbourg(bencher: divan::Bencher, method: &str) {
    let r = preset("ring-strasbourg");
    let m = if method == "exact" {
        Method::Exact
    } else {
        Method::Greedy
    };
    bencher.bench(|| Sweeper::new(divan::black_box(&r), m).map(|s| s.transitions(1.0, 1e4, 200)));
}
