//! Native benchmarks of the bidirectional broadcast (`cargo bench -p hetlab-core --bench
//! broadcast`) on seeded random connected platforms with about four arcs per node
//! (`generate::Shape::Random`: 2n undirected links). No test asserts on time.
//!
//! LP-F has `1 + |E| + (|V|−1)·|E|` variables: about 1 600 at 20 nodes (≈ 0.5 s) but 10 000 at
//! 50 nodes, where one exact solve through `crate::lp` took more than ten minutes (measured,
//! stopped): the LP benches stop at 20 nodes. EXTRACT alone is measured up to 50 nodes on
//! usages made of three weighted spanning trees (any such sum is a valid input).

use hetlab_core::broadcast::{baseline, extract, lp};
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
