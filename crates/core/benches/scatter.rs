//! Native benchmarks of the scatter family (`cargo bench -p hetlab-core --bench scatter`): the
//! exact DP of scatter.md §2 on the seismic platform scaled to integers (p = 16) at
//! n = 400, 2 000 and 10 000 (the last above the browser limit `p·n² ≤ 10^9`, so it calls the
//! DP directly), the DP's worst case at the limit (free transfers: no early stop), and LP +
//! rounding on the full seismic instance (n = 817 101). No test asserts on time.

use hetlab_core::families::Instance;
use hetlab_core::rational::qi;
use hetlab_core::scatter::dp::{self, Scaled};
use hetlab_core::scatter::Scatter;
use hetlab_core::scatter::{self, Algorithm, Model};

fn main() {
    divan::main();
}

fn preset(name: &str) -> Scatter {
    match hetlab_core::presets::get(name) {
        Some(Instance::Scatter(s)) => s,
        _ => panic!("preset {name}"),
    }
}

#[divan::bench(args = [400, 2_000, 10_000], sample_count = 20)]
fn dp_seismic_p16(bencher: divan::Bencher, n: u64) {
    let inst = preset("scatter-seismic-400");
    let model = Model::of(&inst);
    let order: Vec<usize> = (0..model.len()).collect();
    let scaled = Scaled::new(&model, &order, n).expect("integer costs");
    let n = usize::try_from(n).expect("small n");
    bencher.bench(|| dp::solve(divan::black_box(&scaled), n).optimum());
}

/// p = 16, n = 7 905 (p·n² ≈ 10^9, the limit): every transfer free, so the inner loop never
/// stops early.
#[divan::bench(sample_count = 3)]
fn dp_worst_case_at_the_limit(bencher: divan::Bencher) {
    let mut inst = preset("scatter-seismic-400");
    for p in &mut inst.processors {
        p.comm.per_item = qi(0);
    }
    inst.n = 7_905;
    bencher.bench(|| scatter::solve(divan::black_box(&inst), Algorithm::Dp).map(|s| s.makespan));
}

#[divan::bench(sample_count = 20)]
fn lp_rounded_seismic(bencher: divan::Bencher) {
    let inst = preset("scatter-seismic");
    bencher.bench(|| {
        scatter::solve(divan::black_box(&inst), Algorithm::LpRounded).map(|s| s.makespan)
    });
}

#[divan::bench(sample_count = 20)]
fn dp_seismic_400_full_run(bencher: divan::Bencher) {
    let inst = preset("scatter-seismic-400");
    bencher.bench(|| scatter::solve(divan::black_box(&inst), Algorithm::Dp).map(|s| s.makespan));
}

/// LP + rounding with affine costs at the processor limit (p = 64, generated, n ≈ 500): one
/// exact LP of 65 variables.
#[divan::bench(sample_count = 5)]
fn lp_rounded_affine_p64(bencher: divan::Bencher) {
    let inst = hetlab_core::scatter::generate::random(hetlab_core::generate::Shape::Tree, 64, 7);
    bencher.bench(|| {
        scatter::solve(divan::black_box(&inst), Algorithm::LpRounded).map(|s| s.makespan)
    });
}

/// The root choice with affine computations at p = 16 (16 LPs, or DPs when they fit).
#[divan::bench(sample_count = 5)]
fn root_choice_affine_p16(bencher: divan::Bencher) {
    let inst = hetlab_core::scatter::generate::random(hetlab_core::generate::Shape::Random, 16, 7);
    bencher.bench(|| {
        scatter::solve(divan::black_box(&inst), Algorithm::RootChoice).map(|s| s.makespan)
    });
}
