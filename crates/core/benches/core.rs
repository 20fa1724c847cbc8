//! Native benchmarks of the core (`cargo bench -p hetlab-core`): the tree closed form with and
//! without its trace, and the share-URL codec. Numbers are reported in the issue notes; no test
//! asserts on time.

use hetlab_core::families::Instance;
use hetlab_core::generate::{self, Shape};
use hetlab_core::share;
use hetlab_core::steady_state::SteadyState;
use hetlab_core::steady_state::{lp, pipeline, tree};

fn main() {
    divan::main();
}

fn tree_instance(n: usize) -> SteadyState {
    SteadyState::new(generate::platform(Shape::Tree, n, 42))
}

#[divan::bench(args = [10, 100, 500])]
fn tree_solve(bencher: divan::Bencher, n: usize) {
    let inst = tree_instance(n);
    bencher.bench(|| tree::solve(divan::black_box(&inst)));
}

#[divan::bench(args = [10, 100, 500])]
fn tree_solve_traced(bencher: divan::Bencher, n: usize) {
    let inst = tree_instance(n);
    bencher.bench(|| tree::solve_traced(divan::black_box(&inst)));
}

#[divan::bench]
fn share_encode_20_nodes(bencher: divan::Bencher) {
    let inst = Instance::SteadyState(SteadyState::new(generate::platform(Shape::Random, 20, 1)));
    bencher.bench(|| share::encode(divan::black_box(&inst)));
}

#[divan::bench]
fn share_decode_20_nodes(bencher: divan::Bencher) {
    let inst = Instance::SteadyState(SteadyState::new(generate::platform(Shape::Random, 20, 1)));
    let payload = share::encode(&inst);
    bencher.bench(|| share::decode(divan::black_box(&payload)));
}

/// The exact steady-state LP (both stages, certified) on random connected platforms with about
/// four arcs per node.
#[divan::bench(args = [10, 20, 50, 100])]
fn lp_solve(bencher: divan::Bencher, n: usize) {
    let inst = SteadyState::new(generate::platform(Shape::Random, n, 7));
    bencher.bench(|| lp::solve_within(divan::black_box(&inst), 1000, 5000));
}

/// The whole pipeline (LP, routes, period, matchings, slots) on the spec-sized platforms.
#[divan::bench(args = [10, 20])]
fn pipeline_solve(bencher: divan::Bencher, n: usize) {
    let inst = SteadyState::new(generate::platform(Shape::Random, n, 7));
    bencher.bench(|| pipeline::solve(divan::black_box(&inst)));
}
