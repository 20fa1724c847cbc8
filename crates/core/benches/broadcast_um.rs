//! Native benchmarks of the unidirectional column generation (broadcast.md §6.4) and the
//! multicast bounds (§5) on seeded random connected platforms (about four arcs per node).
//! Numbers are reported in the issue notes; no test asserts on time.

use hetlab_core::broadcast::multicast::solve_multicast;
use hetlab_core::broadcast::unidirectional::solve_unidirectional;
use hetlab_core::generate::{self, Shape};

fn main() {
    divan::main();
}

/// The whole pipeline U (naive bound, column generation, Gantt) at 10 and 20 nodes. One
/// sample each: the 20-node run takes about a minute and a half natively (the exact restricted
/// masters reach 25-digit denominators; see the unidirectional module notes).
#[divan::bench(args = [10, 20], sample_count = 1, sample_size = 1)]
fn unidirectional_colgen(bencher: divan::Bencher, n: usize) {
    let p = generate::platform(Shape::Random, n, 7);
    bencher.bench(|| solve_unidirectional(divan::black_box(&p), 0));
}

/// Multicast bounds and heuristics (`lp`) to every other node of even index, at 10 nodes.
#[divan::bench(args = [10])]
fn multicast_lp(bencher: divan::Bencher, n: usize) {
    let p = generate::platform(Shape::Random, n, 7);
    let targets: Vec<usize> = (2..n).step_by(2).collect();
    bencher.bench(|| solve_multicast(divan::black_box(&p), 0, &targets, "lp"));
}

/// The exact multicast method (Dreyfus–Wagner pricing) with 4 targets at 10 nodes.
#[divan::bench(args = [10])]
fn multicast_exact(bencher: divan::Bencher, n: usize) {
    let p = generate::platform(Shape::Random, n, 7);
    let targets: Vec<usize> = (2..n).step_by(2).collect();
    bencher.bench(|| solve_multicast(divan::black_box(&p), 0, &targets, "multicast-exact"));
}
