//! The benchmark rows of chain partitioning (chains.md §9, §11; issue 11 item 5), the same in
//! the browser (`#/bench`, `#/bench?only=chains`) and natively (`cargo run --release -p
//! hetlab-core --example chains_bench`): on the Stanford_Berkeley-like workload (615 400 tasks,
//! seed 1), one prefix-sum pass over the weights, then EXACT-BISECTION, NICOL+ and DP+ on the
//! prepared chain at P = 32, 64, …, 2048 (speeds 1–8, seed 1000·8 + 10·P + 1, as the divan
//! benchmark), each reported with its ratio to the prefix-sum pass in its name. The core has no
//! clock: the caller passes the timer.

use super::chain::prefix_sums;
use super::workload::{speeds, Workload};
use super::{optimum, Algorithm, Chain};
use crate::bench::{Measured, Timer};

/// Processor counts measured.
const PS: [usize; 7] = [32, 64, 128, 256, 512, 1024, 2048];

/// Measures the rows with `time(runs, work)` (median milliseconds of `runs` calls of `work`).
pub fn rows(time: Timer<'_>) -> Vec<Measured> {
    let Some(w) = Workload::named("Stanford_Berkeley-like").map(|w| w.weights(1)) else {
        return Vec::new();
    };
    let n = w.len();
    let runs = 20;
    let pass = time(runs, &mut || drop(std::hint::black_box(prefix_sums(&w))));
    let mut out = vec![(
        format!("chains prefix-sum pass, {n} tasks (Stanford_Berkeley-like): the unit 1×"),
        pass,
        runs,
    )];
    for p in PS {
        let c = Chain::new(&w, &speeds(p, 8, 8000 + 10 * p as u64 + 1, 1));
        for (alg, runs) in [
            (Algorithm::ExactBisection, 10),
            (Algorithm::NicolPlus, 10),
            (Algorithm::DpPlus, 3),
        ] {
            let what = format!("chains {} on {n} tasks, P = {p}", alg.name());
            if let Err(e) = optimum(&c, alg) {
                out.push((format!("{what}: refused ({e})"), 0.0, 0));
                continue;
            }
            let ms = time(runs, &mut || drop(std::hint::black_box(optimum(&c, alg))));
            let ratio = if pass > 0.0 { ms / pass } else { f64::NAN };
            out.push((format!("{what}: {ratio:.2}× the prefix-sum pass"), ms, runs));
        }
    }
    out
}
