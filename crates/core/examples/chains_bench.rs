//! The chains benchmark rows of the browser bench page, measured natively (issue 11 item 5):
//! `cargo run --release -p hetlab-core --example chains_bench`. Prints one Markdown row per
//! measurement: what (with its ratio to one prefix-sum pass), median milliseconds, runs.
//! A measurement for the notes, never a test.

use std::time::Instant;

fn main() {
    let time = |runs: usize, work: &mut dyn FnMut()| {
        let mut ms: Vec<f64> = (0..runs.max(1))
            .map(|_| {
                #[allow(
                    clippy::disallowed_methods,
                    reason = "a benchmark measures wall-clock time; it is never a test"
                )]
                let t0 = Instant::now();
                work();
                t0.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        ms.sort_by(f64::total_cmp);
        ms[ms.len() / 2]
    };
    println!("| what | median ms | runs |\n|---|---|---|");
    for (what, ms, runs) in hetlab_core::chains::bench::rows(&time) {
        println!("| {what} | {ms:.3} | {runs} |");
    }
}
