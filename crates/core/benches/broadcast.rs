//! Native benchmarks of the bidirectional broadcast (`cargo bench -p hetlab-core --bench
//! broadcast`) on seeded random connected platforms with about four arcs per node
//! (`generate::Shape::Random`: 2n undirected links). No test asserts on time.
//!
//! `lp` is the whole pipeline B as the page runs it (bounds, LP-F + EXTRACT up to
//! `colgen::LP_F_MAX_NODES` nodes and column generation on LP-T above, cuts, period,
//! comparison chart) at 10, 20 and 50 nodes (the sizes; 50 is above the default size
//! limit, lifted here). LP-F alone has `1 + |E| + (|V|−1)·|E|` variables: about 1 600 at 20
//! nodes (≈ 0.3 s) but 10 000 at 50 nodes, where one exact solve took more than ten minutes
//! (measured, stopped): the LP-F benches stop at 20 nodes.
//!
//! Measured once (release, this shared 2-core machine; medians): `lp` pipeline 20.7 ms,
//! 12.2 ms and 209 ms at 10, 20 and 50 nodes (LP-F + EXTRACT at 10 nodes, column generation
//! above), the same with the trace; `tree-colgen` 3.3, 12.1 and 209 ms; column generation
//! alone 0.64, 0.40, 3.7, 26.5 and 133 ms at 10 to 50 nodes; LP-F 15.8 and 296 ms at 10 and
//! 20 nodes.

use hetlab_core::broadcast::{self, baseline, colgen, extract, lp, BroadcastInput, SizeLimits};
use hetlab_core::generate::{self, Shape};
use hetlab_core::platform::Arc;
use hetlab_core::rational::{q, Q};

fn main() {
    divan::main();
}

fn instance(n: usize) -> (usize, Vec<Arc>, Vec<usize>) {
    let p = generate::platform(Shape::Random, n, 7);
    (n, p.arcs(), (1..n).collect())
}

fn input(n: usize) -> BroadcastInput {
    BroadcastInput::new(generate::platform(Shape::Random, n, 7), 0)
}

const NO_LIMIT: SizeLimits = SizeLimits {
    max_nodes: 1000,
    max_arcs: 10_000,
};

/// The `lp` pipeline end to end (what the page runs, without the trace).
#[divan::bench(args = [10, 20, 50], sample_count = 5)]
fn lp_pipeline(bencher: divan::Bencher, n: usize) {
    let inst = input(n);
    bencher.bench(|| broadcast::solve_within(divan::black_box(&inst), "lp", &NO_LIMIT));
}

/// The `lp` pipeline with its trace (what the page really does).
#[divan::bench(args = [10, 20, 50], sample_count = 5)]
fn lp_pipeline_traced(bencher: divan::Bencher, n: usize) {
    let inst = input(n);
    bencher.bench(|| broadcast::solve_traced_within(divan::black_box(&inst), "lp", &NO_LIMIT));
}

/// `tree-colgen`: the same pipeline forced onto column generation at every size.
#[divan::bench(args = [10, 20, 50], sample_count = 5)]
fn tree_colgen_pipeline(bencher: divan::Bencher, n: usize) {
    let inst = input(n);
    bencher.bench(|| broadcast::solve_within(divan::black_box(&inst), "tree-colgen", &NO_LIMIT));
}

/// Column generation on LP-T (§3.7) alone: master LP and pricing until certified.
#[divan::bench(args = [10, 20, 30, 40, 50], sample_count = 5)]
fn colgen_only(bencher: divan::Bencher, n: usize) {
    let (n, arcs, _) = instance(n);
    bencher.bench(|| colgen::solve_trees(n, divan::black_box(&arcs), 0, &mut |_| {}));
}

/// LP-F (§2.2), solved and certified exactly.
#[divan::bench(args = [10, 20], sample_count = 5)]
fn lp_f(bencher: divan::Bencher, n: usize) {
    let (n, arcs, dests) = instance(n);
    bencher.bench(|| lp::solve_flow_lp(n, divan::black_box(&arcs), 0, &dests, lp::Sharing::Max));
}

/// LP-F then EXTRACT (§3.3) on the solver's own usages.
#[divan::bench(args = [10, 20], sample_count = 5)]
fn lp_and_extract(bencher: divan::Bencher, n: usize) {
    let (n, arcs, dests) = instance(n);
    bencher.bench(|| {
        let sol = lp::solve_flow_lp(n, divan::black_box(&arcs), 0, &dests, lp::Sharing::Max)
            .expect("LP-F");
        extract::extract(n, &arcs, 0, &sol.usage, &mut |_| {})
    });
}

/// EXTRACT alone on `n = ¼·greedy + ¼·SPT + ½·(best of a short search)` usages.
#[divan::bench(args = [10, 20, 50], sample_count = 5)]
fn extract_only(bencher: divan::Bencher, n: usize) {
    let (n, arcs, _) = instance(n);
    let mut usage = vec![Q::from_integer(0.into()); arcs.len()];
    let greedy = baseline::greedy_tree(n, &arcs, 0).expect("connected");
    let spt = baseline::spt(n, &arcs, 0).expect("connected");
    let (best, _) = baseline::best_tree(n, &arcs, 0, 1000, &mut |_, _| {}).expect("connected");
    for (tree, w) in [(greedy, q(1, 4)), (spt, q(1, 4)), (best, q(1, 2))] {
        for e in tree {
            usage[e] += &w;
        }
    }
    bencher.bench(|| extract::extract(n, divan::black_box(&arcs), 0, &usage, &mut |_| {}));
}
