//! Native benchmarks of the divisible-load methods (`cargo bench -p hetlab-core --bench
//! divisible`): the exact STARAFFINE search for p = 4 … 10 (random small loads, and a large load
//! where the latency bound prunes little), the closed forms at their size limits, and the
//! multi-round schemes on the spec's examples. No test asserts on time.

use hetlab_core::divisible::{generate, solve, Divisible, Variant, Worker};
use hetlab_core::generate::Shape;
use hetlab_core::rational::qi;

fn main() {
    divan::main();
}

fn affine(p: usize, seed: u64, w_total: Option<i64>) -> Divisible {
    let mut inst = generate::random(Shape::Random, p, seed);
    if let Some(w) = w_total {
        inst.w_total = qi(w);
    }
    inst
}

#[divan::bench(args = [4, 5, 6, 7, 8, 9, 10])]
fn affine_exact_small_load(bencher: divan::Bencher, p: usize) {
    let inst = affine(p, 7, None);
    bencher.bench(|| solve(divan::black_box(&inst), "affine-exact"));
}

#[divan::bench(args = [4, 5, 6, 7, 8, 9, 10])]
fn affine_exact_large_load(bencher: divan::Bencher, p: usize) {
    let inst = affine(p, 7, Some(1_000_000));
    bencher.bench(|| solve(divan::black_box(&inst), "affine-exact"));
}

#[divan::bench(args = [9, 10])]
fn affine_exact_identical_links(bencher: divan::Bencher, p: usize) {
    // Equal g and no latencies: many orders tie, the bounds cut least.
    let ws = (0..p)
        .map(|i| Worker::linear(qi(1), qi(2 + i64::try_from(i).unwrap_or(0))))
        .collect();
    let inst = Divisible::star(Variant::StarAffine, ws, qi(100));
    bencher.bench(|| solve(divan::black_box(&inst), "affine-exact"));
}

#[divan::bench]
fn star_linear_64(bencher: divan::Bencher) {
    let inst = generate::random(Shape::Star, 64, 3);
    bencher.bench(|| solve(divan::black_box(&inst), "star-linear"));
}

#[divan::bench]
fn fixed_order_12(bencher: divan::Bencher) {
    let inst = generate::random(Shape::Star, 12, 3);
    bencher.bench(|| solve(divan::black_box(&inst), "fixed-order"));
}

#[divan::bench(args = ["tree", "chain"])]
fn tree_linear_100(bencher: divan::Bencher, shape: &str) {
    let inst = generate::random(Shape::from_name(shape).unwrap_or(Shape::Tree), 100, 3);
    bencher.bench(|| solve(divan::black_box(&inst), "tree-linear"));
}

#[divan::bench]
fn multi_installment_160_chunks(bencher: divan::Bencher) {
    let wk = Worker {
        g: qi(1),
        w: qi(4),
        big_g: qi(0),
        big_w: qi(0),
    };
    let mut inst = Divisible::star(Variant::MultiInstallment, vec![wk; 16], qi(1000));
    inst.rounds = Some(10);
    bencher.bench(|| solve(divan::black_box(&inst), "multi-installment"));
}

#[divan::bench]
fn umr_dl16(bencher: divan::Bencher) {
    let wk = Worker {
        g: qi(1),
        w: qi(8),
        big_g: qi(1),
        big_w: qi(2),
    };
    let inst = Divisible::star(Variant::Umr, vec![wk; 4], qi(1000));
    bencher.bench(|| solve(divan::black_box(&inst), "umr"));
}

#[divan::bench]
fn periodic_dl19(bencher: divan::Bencher) {
    let g = [2, 1, 3, 2];
    let w = [5, 3, 4, 10];
    let ws = (0..4)
        .map(|i| Worker {
            g: qi(g[i]),
            w: qi(w[i]),
            big_g: qi(1),
            big_w: qi(1),
        })
        .collect();
    let inst = Divisible::star(Variant::Periodic, ws, qi(1_000_000));
    bencher.bench(|| solve(divan::black_box(&inst), "periodic"));
}
