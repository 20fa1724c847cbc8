//! `hetlab solve` on every worked example of chains.md §12: the optimal bottleneck as an exact
//! fraction with LR-PROBE's separators for every exact algorithm, RB's and MP's values and
//! separators, ε-bisection's bound and probe count, and the CP examples (issue 11).

mod common;

use common::quiet;
use serde_json::Value;

/// The exact algorithms of chains.md §6 (`exhaustive` only where §7 allows it).
const EXACT: [&str; 7] = [
    "exact-bisection",
    "dp",
    "dp-plus",
    "dp-eq4",
    "nicol",
    "nicol-plus",
    "bidding",
];

/// One §12 example: its preset, B_opt with LR-PROBE(B_opt).s, then RB and MP.
struct Example {
    preset: &'static str,
    opt: (&'static str, &'static [usize]),
    rb: (&'static str, &'static [usize]),
    mp: (&'static str, &'static [usize]),
}

const EXAMPLES: [Example; 10] = [
    Example {
        preset: "ex1",
        opt: ("11/1", &[0, 4, 8, 10]),
        rb: ("11/1", &[0, 4, 8, 10]),
        mp: ("11/1", &[0, 4, 8, 10]),
    },
    Example {
        preset: "ex2",
        opt: ("17/2", &[0, 5, 6, 9, 12]),
        rb: ("17/2", &[0, 5, 6, 9, 12]),
        mp: ("17/2", &[0, 5, 6, 9, 12]),
    },
    Example {
        preset: "ex3",
        opt: ("15/1", &[0, 3, 6, 8]),
        rb: ("15/1", &[0, 3, 5, 8]),
        mp: ("15/1", &[0, 3, 5, 8]),
    },
    Example {
        preset: "ex4",
        opt: ("25/2", &[0, 4, 5, 9]),
        rb: ("25/2", &[0, 4, 5, 9]),
        mp: ("25/2", &[0, 4, 5, 9]),
    },
    Example {
        preset: "ex5",
        opt: ("42/1", &[0, 3, 5, 6, 6, 6, 6, 6, 6]),
        rb: ("42/1", &[0, 2, 3, 3, 4, 4, 5, 5, 6]),
        mp: ("42/1", &[0, 2, 3, 4, 4, 5, 5, 6, 6]),
    },
    Example {
        preset: "ex6",
        opt: ("80/3", &[0, 11, 21, 29, 33, 40]),
        rb: ("80/3", &[0, 11, 20, 29, 33, 40]),
        mp: ("80/3", &[0, 11, 20, 29, 33, 40]),
    },
    Example {
        preset: "ex7",
        opt: ("15/4", &[0, 3, 4, 6]),
        rb: ("9/2", &[0, 2, 3, 6]),
        mp: ("5/1", &[0, 2, 4, 6]),
    },
    Example {
        preset: "ex8",
        opt: ("13/2", &[0, 0, 0, 7]),
        rb: ("7/1", &[0, 1, 2, 7]),
        mp: ("7/1", &[0, 1, 2, 7]),
    },
    // CP-1 and CP-2 with the given processor order (CCP): the §12 values B_opt = 2 and 235/7.
    Example {
        preset: "cp1",
        opt: ("2/1", &[0, 11, 17, 21, 21, 21, 21, 21]),
        rb: ("10/3", &[0, 10, 10, 11, 14, 16, 18, 21]),
        mp: ("10/3", &[0, 10, 10, 11, 11, 14, 17, 21]),
    },
    Example {
        preset: "cp2",
        opt: ("235/7", &[0, 6, 20, 28, 34, 47, 60]),
        rb: ("103/3", &[0, 7, 21, 30, 35, 48, 60]),
        mp: ("103/3", &[0, 7, 21, 30, 35, 48, 60]),
    },
];

fn preset_path(name: &str) -> String {
    format!(
        "{}/../core/presets/chains-{name}.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The result document of `hetlab solve --algorithm algo` on the preset.
fn solve(preset: &str, algo: &str) -> Value {
    let out = quiet(&["solve", "--algorithm", algo, &preset_path(preset)], None);
    serde_json::from_str(&out).unwrap()
}

fn separators(doc: &Value) -> Vec<usize> {
    doc["separators"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| usize::try_from(s.as_u64().unwrap()).unwrap())
        .collect()
}

/// Asserts the status, exact bottleneck and separators of a result document.
fn expect(doc: &Value, status: &str, (value, s): (&str, &[usize]), what: &str) {
    assert_eq!(doc["status"], status, "{what}");
    assert_eq!(doc["objective"]["value_exact"], value, "{what}");
    assert_eq!(separators(doc), s, "{what}");
}

#[test]
fn every_exact_algorithm_gives_the_optimum_of_every_example() {
    for ex in &EXAMPLES {
        for algo in EXACT {
            let what = format!("{algo} on {}", ex.preset);
            expect(&solve(ex.preset, algo), "optimal", ex.opt, &what);
        }
        // The exhaustive reference, where §7 lets it run (C(N+P−1, P−1) ≤ 200 000).
        if !ex.preset.starts_with("cp") {
            let what = format!("exhaustive on {}", ex.preset);
            expect(&solve(ex.preset, "exhaustive"), "optimal", ex.opt, &what);
        }
    }
}

#[test]
fn rb_and_mp_give_the_spec_values() {
    for ex in &EXAMPLES {
        let what = format!("rb on {}", ex.preset);
        expect(&solve(ex.preset, "rb"), "heuristic", ex.rb, &what);
        let what = format!("mp on {}", ex.preset);
        expect(&solve(ex.preset, "mp"), "heuristic", ex.mp, &what);
    }
}

#[test]
fn eps_bisection_reports_its_bound_and_probes() {
    // EX1: "ε-bisection with ε = 1/1000 returns 45057/4096 after 14 probes"; EX2: 17/2 after 13.
    for (preset, bound, probes, value) in [
        ("ex1", "45057/4096", 14, "11/1"),
        ("ex2", "17/2", 13, "17/2"),
    ] {
        let doc = solve(preset, "eps-bisection");
        assert_eq!(doc["bound"], bound, "{preset}");
        assert_eq!(doc["probes"], probes, "{preset}");
        // The partition shown is LR-PROBE(bound): its bottleneck is a realised load.
        assert_eq!(doc["objective"]["value_exact"], value, "{preset}");
    }
}

#[test]
fn cp_examples_give_the_spec_values() {
    // CP-2: exact CP over the 180 distinct orders gives 228/7 with speeds (4,5,3,3,7,7).
    let doc = solve("cp2", "cp-exact");
    assert_eq!(doc["status"], "optimal");
    assert_eq!(doc["objective"]["value_exact"], "228/7");
    let speeds = [3, 7, 4, 3, 7, 5];
    let order: Vec<u64> = doc["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| speeds[usize::try_from(i.as_u64().unwrap()).unwrap()])
        .collect();
    assert_eq!(order, [4, 5, 3, 3, 7, 7]);
    // CP-2, random orders R = 10 with shuffle seed 23: best 33, the ten values in draw order.
    let doc = solve("cp2", "cp-random");
    assert_eq!(doc["objective"]["value_exact"], "33/1");
    let values: Vec<&str> = doc["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        values,
        ["100/3", "103/3", "135/4", "33/1", "241/7", "167/5", "237/7", "239/7", "168/5", "100/3"]
    );
    // CP-1: exact CP finds 1 where the given order's optimum is 2.
    let doc = solve("cp1", "cp-exact");
    assert_eq!(doc["objective"]["value_exact"], "1/1");
}
