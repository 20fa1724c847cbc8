//! The ring rows of `#/bench`: the exact method (exhaustive search, subset Held–Karp), the
//! greedy and the TSP heuristic with their traces, at a few sizes, on the seeded random
//! instances of `hetlab gen ring` and on the Lyon preset, and what the page shows beside the
//! run (its extras) on Lyon.

use super::extras::{extras, sweep};
use super::{generate, solve_traced, Algorithm, Ring};
use crate::bench::{row, Measured, Timer};
use crate::families::Instance;
use crate::presets;

fn traced(time: Timer<'_>, name: String, runs: usize, r: &Ring, algo: &str) -> Measured {
    let a = Algorithm::from_name(algo);
    row(time, name, runs, || {
        drop(a.map(|a| solve_traced(r, a)));
    })
}

/// The rows, timed with `time`; `offered` is the family's list of algorithms for an instance
/// (what the page's extras compare).
pub fn rows(time: Timer<'_>, offered: fn(&Ring) -> Vec<&'static str>) -> Vec<Measured> {
    let mut out = Vec::new();
    for (p, algos) in [
        (8, &["exact", "greedy", "tsp"][..]),
        (13, &["exact", "greedy", "tsp"][..]),
        (16, &["exact"][..]),
        (32, &["greedy", "tsp"][..]),
    ] {
        let r = generate(p, true, 7);
        for &a in algos {
            let runs = if p >= 13 && a == "exact" { 3 } else { 5 };
            let name = format!("ring {a} + trace, {p} processors (random)");
            out.push(traced(time, name, runs, &r, a));
        }
    }
    if let Some(Instance::Ring(lyon)) = presets::get("ring-lyon") {
        if let Ok(run) = solve_traced(&lyon, Algorithm::Greedy) {
            let offered = offered(&lyon);
            let curves = sweep(&lyon);
            out.push(row(
                time,
                "ring page extras, Fig. 3 curves cached (comparison, bars), Lyon (14)".to_owned(),
                3,
                || drop(extras(&lyon, &offered, "greedy", &run, curves.clone())),
            ));
        }
        out.push(row(
            time,
            "ring Fig. 3 curves (greedy + exact, 161 ratios, transitions), Lyon (14)".to_owned(),
            3,
            || drop(sweep(&lyon)),
        ));
        let name = "ring exact + trace, Lyon (14)".to_owned();
        out.push(traced(time, name, 3, &lyon, "exact"));
    }
    out
}
