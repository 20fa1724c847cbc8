//! Rows of `#/bench` for the ring family: the exact method (exhaustive search, subset
//! Held–Karp), the greedy and the TSP heuristic with their traces, at a few sizes, on the
//! seeded random instances of `hetlab gen ring` and on the Lyon preset, and what the page
//! computes beside the run (its `extra`) on Lyon.

use hetlab_core::families::Instance;
use hetlab_core::family::{run_offered, Family};
use hetlab_core::presets;
use hetlab_core::ring::extras::{extras, sweep};
use hetlab_core::ring::family::RingFamily;
use hetlab_core::ring::generate;
use hetlab_core::ring::Ring;

use crate::draw::ring::prepare::prepare;

/// One case: `(name, runs, the work)`.
pub type Case = (String, usize, Box<dyn FnMut()>);

fn case(name: String, runs: usize, r: Ring, algo: &'static str) -> Case {
    let f = move || {
        drop(run_offered::<RingFamily>(&r, Some(algo), true));
    };
    (name, runs, Box::new(f))
}

/// The cases.
#[must_use]
pub fn cases() -> Vec<Case> {
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
            out.push(case(
                format!("ring {a} + trace, {p} processors (random)"),
                runs,
                r.clone(),
                a,
            ));
        }
    }
    if let Some(Instance::Ring(lyon)) = presets::get("ring-lyon") {
        if let Ok((_, run)) = run_offered::<RingFamily>(&lyon, Some("greedy"), true) {
            let offered = RingFamily::offered(&lyon);
            let input = lyon.clone();
            let curves = sweep(&input);
            let page = move || {
                let x = extras(&input, &offered, "greedy", &run, curves.clone());
                drop(prepare(&input, &run.trace, x));
            };
            out.push((
                "ring page extras, Fig. 3 curves cached (comparison, bars), Lyon (14)".to_owned(),
                3,
                Box::new(page),
            ));
        }
        let input = lyon.clone();
        out.push((
            "ring Fig. 3 curves (greedy + exact, 161 ratios, transitions), Lyon (14)".to_owned(),
            3,
            Box::new(move || drop(sweep(&input))),
        ));
        out.push(case(
            "ring exact + trace, Lyon (14)".to_owned(),
            3,
            lyon,
            "exact",
        ));
    }
    out
}
