//! Tests of the generators and the §9.4 table, the edge cases of §13, the trace (replay,
//! captions, size) and the result document.

use super::scaling::{scaling, scaling_table, ScalingRow};
use super::tests::{input, qv, EX2, EX5, EX8, EXACT};
use super::workload::{bumps, heavy, speeds, spikes, uniform, SplitMix64, Workload, WORKLOADS};
use super::*;
use crate::trace::{captions, Replay};

#[test]
fn splitmix64_and_generators_match_the_spec_vectors() {
    let mut g = SplitMix64::new(0);
    let first: Vec<u64> = (0..5).map(|_| g.next_u64()).collect();
    assert_eq!(
        first,
        [
            0xe220_a839_7b1d_cdaf,
            0x6e78_9e6a_a1b9_65f4,
            0x06c4_5d18_8009_454f,
            0xf88b_b8a8_724c_81ec,
            0x1b39_896a_51a8_749b
        ]
    );
    let mut g = SplitMix64::new(42);
    let ints: Vec<u64> = (0..10).map(|_| g.int_in(1, 8)).collect();
    assert_eq!(ints, [6, 4, 3, 5, 3, 7, 6, 5, 6, 7]);
    let mut a: Vec<u64> = (1..=8).collect();
    SplitMix64::new(5).shuffle(&mut a);
    assert_eq!(a, [1, 8, 4, 2, 5, 7, 6, 3]);
    assert_eq!(uniform(10, 1, 9, 7), [4, 7, 1, 7, 8, 4, 8, 4, 9, 6]);
    assert_eq!(heavy(10, 1, 1000, 7), [1, 1, 10, 2, 1, 1, 1, 1, 1, 1]);
    assert_eq!(
        bumps(12, 10, 100, 7, 8),
        [14, 49, 10, 11, 58, 39, 94, 100, 37, 19, 82, 83]
    );
    assert_eq!(
        spikes(12, 1, 500, 7, 200),
        [4, 4, 7, 1, 1, 257, 4, 261, 6, 6, 3, 4]
    );
    assert_eq!(speeds(8, 8, 3, 1), [6, 2, 2, 8, 7, 8, 1, 7]);
    assert!(speeds(50, 16, 9, 100)
        .iter()
        .all(|&e| (100..=1600).contains(&e)));
}

#[test]
fn the_nine_workloads_have_their_sizes_and_ranges() {
    for w in &WORKLOADS {
        let weights = w.weights(1);
        assert_eq!(weights.len(), w.n, "{}", w.name);
        assert!(
            weights.iter().all(|&x| (w.w_min..=w.w_max).contains(&x)),
            "{}",
            w.name
        );
    }
    assert!(Workload::named("Stanford_Berkeley-like").is_some_and(|w| w.n == 615_400));
}

fn row3(rows: &[ScalingRow]) -> Vec<String> {
    rows.iter()
        .map(|r| {
            let f = |q: &Q| format!("{:.3}", crate::rational::to_f64(q));
            format!("{} {} {} {}", r.p, f(&r.rb), f(&r.mp), f(&r.opt))
        })
        .collect()
}

#[test]
fn the_scaling_table_of_section_9_4_is_reproduced() {
    let ps = [32, 64, 128, 256, 512];
    let blunt = Workload::named("blunt-like").unwrap().weights(1);
    assert_eq!(blunt.iter().sum::<u64>(), 2_139_384);
    let rows = scaling(&blunt, 8, &ps, 5).unwrap();
    assert_eq!(
        row3(&rows),
        [
            "32 0.329 0.370 0.099",
            "64 0.780 1.217 0.179",
            "128 1.495 2.181 0.393",
            "256 4.453 5.296 0.796",
            "512 10.905 12.581 1.550",
        ]
    );
    let g7 = Workload::named("g7jac050sc-like").unwrap().weights(1);
    assert_eq!(g7.iter().sum::<u64>(), 147_125);
    let rows = scaling(&g7, 8, &ps, 5).unwrap();
    assert_eq!(
        row3(&rows),
        [
            "32 2.484 2.979 0.533",
            "64 10.705 10.289 1.318",
            "128 22.025 26.792 2.368",
            "256 37.778 56.733 5.754",
            "512 109.891 135.220 10.834",
        ]
    );
}

#[test]
fn edge_cases_of_section_13() {
    let err = |w: &[u64], e: &[u64]| {
        solve(&input(w, e), "exact-bisection")
            .unwrap_err()
            .to_string()
    };
    assert!(err(&[], &[1]).contains("at least one task"));
    assert!(err(&[1], &[]).contains("at least one processor"));
    assert!(err(&[1, 0], &[1]).contains("weights[1]: must be > 0"));
    assert!(err(&[1], &[0]).contains("speeds[0]: must be > 0"));
    assert!(err(&[1 << 40, 1], &[1]).contains("2^40"));
    assert!(err(&[1], &[1 << 24, 1]).contains("2^24"));
    // P = 1: every algorithm returns W_tot/e_1.
    for alg in Algorithm::ALL {
        let sol = solve(&input(&[3, 4, 5], &[2]), alg.name()).unwrap();
        assert_eq!(sol.bottleneck, qv("6"), "{}", alg.name());
        verify(&input(&[3, 4, 5], &[2]), &sol).unwrap();
    }
    // Homogeneous: B_opt = w·⌈N/P⌉; perfect balance: B* itself, DP+ band collapses.
    assert_eq!(
        solve(&input(&[3; 10], &[2; 4]), "nicol-plus")
            .unwrap()
            .bottleneck,
        qv("9/2")
    );
    let perfect = input(&[2, 4, 6], &[1, 2, 3]);
    for alg in EXACT {
        assert_eq!(solve(&perfect, alg).unwrap().bottleneck, qv("2"), "{alg}");
    }
    let rounds = solve(&perfect, "bidding").unwrap().rounds;
    assert_eq!(rounds, Some(1));
    let bad = ChainsInput {
        orders: 0,
        ..input(&[1], &[1])
    };
    assert!(solve(&bad, "cp-random")
        .unwrap_err()
        .to_string()
        .contains("orders"));
    let e = solve(&input(&[1; 12], &[1; 9]), "cp-exact")
        .unwrap_err()
        .to_string();
    assert!(e.contains("use cp-random"), "{e}");
    let e = solve(&input(&[1; 40], &[1; 8]), "exhaustive")
        .unwrap_err()
        .to_string();
    assert!(e.contains("use exact-bisection"), "{e}");
    let e = solve(&input(&[1; 400], &[1; 64]), "dp-eq4")
        .unwrap_err()
        .to_string();
    assert!(e.contains("use dp"), "{e}");
    let big = input(&vec![1; 100_000], &[1; 200]);
    let e = solve(&big, "dp").unwrap_err().to_string();
    assert!(e.contains("use dp-plus or exact-bisection"), "{e}");
    assert!(solve(&big, "nope")
        .unwrap_err()
        .to_string()
        .contains("unknown chains algorithm"));
}

#[test]
fn replaying_the_trace_gives_the_solution() {
    for (w, e) in [EX2, EX5, EX8] {
        let inp = input(w, e);
        for alg in Algorithm::ALL {
            let t = solve_traced(&inp, alg.name()).unwrap();
            assert_eq!(
                t.solution,
                solve(&inp, alg.name()).unwrap(),
                "{}",
                alg.name()
            );
            let state = t.trace.state_at(ChainsState::new(&inp), usize::MAX);
            assert_eq!(
                state.result.as_ref(),
                Some(&t.solution.bottleneck),
                "{}",
                alg.name()
            );
            assert_eq!(state.separators, t.solution.separators);
            assert_eq!(state.loads(), t.solution.loads, "{}", alg.name());
            assert_eq!(state.built, w.len());
            assert!(captions(&t.trace, &()).iter().all(|c| !c.is_empty()));
        }
    }
}

#[test]
fn the_probe_scene_and_the_state_at_each_step() {
    let inp = input(EX2.0, EX2.1);
    let t = solve_traced(&inp, "exact-bisection").unwrap();
    let c = captions(&t.trace, &());
    let k = t
        .trace
        .steps
        .iter()
        .position(|s| matches!(s, ChainStep::ProbeStart { .. }))
        .unwrap();
    assert_eq!(c[k], "Started a left-to-right probe with B = 11.");
    assert_eq!(
        c[k + 1],
        "P1 can take 33 more: looking in W[0..12] for the last prefix ≤ 33, compared W[6]."
    );
    let mut state = ChainsState::new(&inp);
    for s in &t.trace.steps[..=k + 1] {
        state.apply(s);
    }
    assert_eq!((state.probes, state.search), (1, Some((1, 0, 12, 6))));
    assert_eq!(
        (state.lb.clone(), state.ub.clone()),
        (Some(qv("7")), Some(qv("15")))
    );
    assert_eq!(state.guides().last(), Some(&qv("56")));
    let end = t
        .trace
        .steps
        .iter()
        .position(|s| matches!(s, ChainStep::BisStep { .. }))
        .unwrap();
    assert_eq!(
        c[end],
        "Probed the midpoint 11: feasible; UB drops to that partition's bottleneck 10."
    );
    let last = c.last().unwrap();
    assert_eq!(
        last,
        "Bottleneck 17/2 ≈ 8.5 s = [0, 5, 6, 9, 12]: 21.4286 % above the ideal."
    );
    // RB's recursion tree, pre-order.
    let t = solve_traced(&inp, "rb").unwrap();
    let state = t.trace.state_at(ChainsState::new(&inp), usize::MAX);
    let tree: Vec<(usize, usize, usize, usize)> = state
        .rb
        .order
        .iter()
        .map(|&k| &state.rb.nodes[k])
        .filter_map(|n| n.cut.as_ref().map(|c| (n.p, c.q, n.r, c.s_q)))
        .collect();
    assert_eq!(tree, [(1, 2, 4, 6), (1, 1, 2, 5), (3, 3, 4, 9)]);
    // The DP table fills cell by cell.
    let t = solve_traced(&inp, "dp").unwrap();
    let state = t.trace.state_at(ChainsState::new(&inp), usize::MAX);
    assert_eq!(state.dp[3][12], Some(qv("17/2")));
    assert_eq!(state.dp[1][7], Some(qv("9")));
}

#[test]
fn large_traces_stay_small() {
    let w = Workload::named("g7jac050sc-like").unwrap().weights(1);
    let inp = input(&w, &speeds(128, 8, 1, 1));
    for alg in ["exact-bisection", "nicol-plus", "dp-plus", "bidding"] {
        let t = solve_traced(&inp, alg).unwrap();
        assert!(
            t.trace.len() < 5_000 && t.trace.dropped == 0,
            "{alg}: {}",
            t.trace.len()
        );
        assert_eq!(t.solution, solve(&inp, alg).unwrap());
        let state = t.trace.state_at(ChainsState::new(&inp), usize::MAX);
        assert_eq!(state.separators, t.solution.separators);
    }
    let bins = task_bins(&w, 100);
    assert!(bins.len() <= 100);
    assert_eq!(bins.iter().map(|b| b.2).sum::<u64>(), w.iter().sum::<u64>());
    assert_eq!(bins.last().map(|b| b.1), Some(w.len()));
}

#[test]
fn the_result_document_names_the_fields_of_formats_3_1() {
    let inp = input(EX2.0, EX2.1);
    let t = solve_traced(&inp, "exact-bisection").unwrap();
    let doc = report::result(&inp, "exact-bisection", &t, true);
    assert_eq!(doc["problem"], "chains");
    assert_eq!(doc["status"], "optimal");
    assert_eq!(doc["objective"]["name"], "bottleneck");
    assert_eq!(doc["objective"]["value_exact"], "17/2");
    assert_eq!(doc["objective"]["value"], 8.5);
    assert_eq!(doc["separators"], serde_json::json!([0, 5, 6, 9, 12]));
    assert_eq!(
        doc["loads"],
        serde_json::json!(["20/3", "8/1", "11/2", "17/2"])
    );
    assert_eq!(doc["ideal"], "7/1");
    assert_eq!(doc["steps"], serde_json::json!(t.trace.len()));
    assert_eq!(doc["trace"].as_array().map(Vec::len), Some(t.trace.len()));
    let inp = ChainsInput {
        orders: 10,
        seed: 23,
        ..input(&workload::uniform(60, 1, 30, 21), &[3, 7, 4, 3, 7, 5])
    };
    let t = solve_traced(&inp, "cp-random").unwrap();
    let doc = report::result(&inp, "cp-random", &t, false);
    assert_eq!(doc["status"], "heuristic");
    assert_eq!(doc["objective"]["value_exact"], "33/1");
    assert_eq!(doc["order"].as_array().map(Vec::len), Some(6));
    assert!(doc.get("trace").is_none());
}

#[test]
fn every_preset_reads_and_solves() {
    let mut seen = 0;
    for p in crate::presets::of("chains") {
        let Some(crate::families::Instance::Chains(c)) = crate::presets::get(p.name) else {
            panic!("{} does not read", p.name)
        };
        let sol = solve(&c.input(), "exact-bisection").unwrap();
        verify(&c.input(), &sol).unwrap();
        seen += 1;
    }
    assert_eq!(seen, 11, "the ten spec presets and the 615 400-task one");
    let Some(crate::families::Instance::Chains(cp2)) = crate::presets::get("chains-cp2") else {
        panic!("chains-cp2")
    };
    assert_eq!(cp2.weights[..], uniform(60, 1, 30, 21));
}

#[test]
fn the_generator_gives_valid_deterministic_instances() {
    use crate::families::generate as instance;
    use crate::generate::Shape;
    for seed in 0..4 {
        let a = instance("chains", Shape::Star, 8, seed).unwrap();
        assert_eq!(Some(&a), instance("chains", Shape::Chain, 8, seed).as_ref());
        assert_eq!(
            crate::families::Instance::from_json(&a.to_json()).unwrap(),
            a
        );
        let crate::families::Instance::Chains(c) = a else {
            panic!("not chains")
        };
        assert_eq!((c.weights.len(), c.speeds.len()), (128, 8));
        let sol = solve(&c.input(), "exact-bisection").unwrap();
        verify(&c.input(), &sol).unwrap();
    }
}

#[test]
fn exact_algorithms_agree_on_large_instances() {
    let w = Workload::named("g7jac050sc-like").unwrap().weights(1);
    for p in [64, 512] {
        let e = speeds(p, 8, 8000 + 10 * p as u64 + 1, 1);
        let c = Chain::new(&w, &e);
        let opt = optimum(&c, Algorithm::ExactBisection).unwrap();
        let mut algs = vec![
            Algorithm::NicolPlus,
            Algorithm::Nicol,
            Algorithm::DpPlus,
            Algorithm::Bidding,
        ];
        if p == 64 {
            algs.push(Algorithm::Dp);
        }
        for alg in algs {
            assert_eq!(optimum(&c, alg).unwrap(), opt, "{} at P = {p}", alg.name());
        }
        let sol = solve(&input(&w, &e), "cp-random").map(|s| cp::imbalances(&s).len());
        assert!(sol.is_err() || sol == Ok(DEFAULT_ORDERS));
    }
    let rows = scaling_table("mark3jac060-like", 4, &[32]).unwrap();
    assert!(rows[0].opt <= rows[0].rb && rows[0].opt <= rows[0].mp);
}

#[test]
fn the_probe_scene_succeeds_at_17_2_and_fails_at_31_4() {
    let inp = input(EX2.0, EX2.1);
    let (ok, s, trace) = probe_scene(&inp, Dir::Lr, &qv("17/2")).unwrap();
    assert!(ok);
    assert_eq!(s, [0, 5, 6, 9, 12]);
    let caps: Vec<Q> = trace
        .steps
        .iter()
        .filter_map(|s| match s {
            ChainStep::ProbeStep { p, capacity, .. } => Some((*p, capacity.clone())),
            _ => None,
        })
        .collect::<std::collections::BTreeMap<_, _>>()
        .into_values()
        .collect();
    assert_eq!(caps, [qv("51/2"), qv("17/2"), qv("17")]);
    let (ok, s, _) = probe_scene(&inp, Dir::Lr, &qv("31/4")).unwrap();
    assert_eq!((ok, s), (false, vec![0, 5, 5, 7, 12]));
    let (ok, s, _) = probe_scene(&inp, Dir::Rl, &qv("17/2")).unwrap();
    assert_eq!((ok, s), (true, vec![0, 5, 6, 9, 12]));
    assert!(probe_scene(&inp, Dir::Lr, &qv("-1")).is_err());
}
