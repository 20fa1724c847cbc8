//! Tests of the bidirectional broadcast against the worked examples of broadcast.md §9 and the
//! edge cases of §10; random platforms are in `tests_random.rs`.

use num_bigint::BigInt;

use super::extract::extract;
use super::*;
use crate::platform::{NodeId, Platform};
use crate::rational::{q, qi, Q};
use crate::trace::{Replay, Step as _, STEP_CAP};

/// Reads one of [`EXAMPLES`] (the instance parser of the family is not built yet).
pub(super) fn example(name: &str) -> BroadcastInput {
    let json = EXAMPLES.iter().find(|(n, _)| *n == name).unwrap().1;
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    let platform = Platform::from_json(&v["platform"].to_string()).unwrap();
    let source = platform
        .index_of(&NodeId::Str(v["source"].as_str().unwrap().to_owned()))
        .unwrap();
    BroadcastInput {
        platform,
        source,
        targets: None,
        port_model: PortModel::Bidirectional,
    }
}

/// Arc ids by name `"u→v"` (node ids), sorted.
fn arcs_named(input: &BroadcastInput, names: &[&str]) -> Vec<usize> {
    let arcs = input.platform.arcs();
    let ids = input.platform.ids();
    let mut out: Vec<usize> = names
        .iter()
        .map(|name| {
            let (u, v) = name.split_once('→').unwrap();
            arcs.iter()
                .position(|a| ids[a.from].to_string() == u && ids[a.to].to_string() == v)
                .unwrap()
        })
        .collect();
    out.sort_unstable();
    out
}

/// Every invariant of a solved instance: verify, solve == traced, replay, trace cap.
pub(super) fn check_invariants(input: &BroadcastInput, algorithm: &str) -> BroadcastSolution {
    let sol = check_traced(input, algorithm);
    assert_eq!(solve(input, algorithm).unwrap(), sol);
    sol
}

/// The invariants of [`check_invariants`] except `solve == solve_traced` (half the cost).
pub(super) fn check_traced(input: &BroadcastInput, algorithm: &str) -> BroadcastSolution {
    let traced = solve_traced(input, algorithm).unwrap();
    let sol = traced.solution.clone();
    assert!(traced.trace.len() < STEP_CAP);
    let p = &input.platform;
    let (n, arcs) = (p.nodes.len(), p.arcs());
    let state = traced.trace.state_at(State::new(), usize::MAX);
    if let Some(rho) = &sol.throughput {
        if !sol.trees.is_empty() {
            verify_trees(n, &arcs, input.source, &sol.trees, rho).unwrap();
        }
        if let Some(period) = &sol.period {
            schedule::verify(n, &arcs, input.source, &sol.trees, period).unwrap();
            assert_eq!(state.bars, schedule::bars(&arcs, period));
            assert_eq!(state.period.as_ref().map(|p| &p.1), Some(&period.length));
        }
    }
    if (algorithm == "lp" || algorithm == "tree-colgen") && sol.status == Status::Optimal {
        assert_eq!(state.trees, sol.trees);
        assert_eq!(state.rho, sol.throughput);
        if state.seed_names.is_empty() {
            // LP-F + EXTRACT: the remaining throughput K ends at 0.
            assert_eq!(state.k, Some(Q::from_integer(0.into())));
        } else {
            // Column generation: the last round proved optimality at the final value.
            assert_eq!(state.master_value, sol.throughput);
            assert_eq!(state.dual_bound, sol.throughput);
        }
        let lp = sol.lp.as_ref().unwrap();
        let prices: Q = lp.out_price.iter().chain(&lp.in_price).sum();
        assert_eq!(Some(prices), sol.throughput, "the port prices certify ρ*");
        assert!(sol.cuts.iter().any(|c| c.bottleneck));
    }
    let ctx = Context {
        ids: &p.ids(),
        arcs: &arcs,
    };
    for s in &traced.trace.steps {
        assert!(!s.caption(&ctx).is_empty());
        let phase = s.phase();
        let code = if matches!(
            s,
            Step::Routed { .. }
                | Step::Improved { .. }
                | Step::Loaded { .. }
                | Step::Coloured { .. }
                | Step::Undefined { .. }
        ) {
            BASELINE_PSEUDOCODE
        } else {
            PSEUDOCODE
        };
        assert!(phase.line < code.len());
    }
    sol
}

fn check_lp(name: &str, rho: Q) {
    let input = example(name);
    let sol = check_invariants(&input, "lp");
    assert_eq!(sol.status, Status::Optimal);
    assert_eq!(sol.throughput, Some(rho), "{name}");
}

#[test]
fn lp_optimum_of_every_example() {
    check_lp("e1-triangle", qi(1));
    check_lp("e2-two-relays", q(3, 4));
    check_lp("e3-five-nodes", q(5, 11));
    check_lp("e4-k5", q(1, 2));
    check_lp("e5-tree", q(1, 4));
}

#[test]
fn quick_bounds_of_e1_and_e3() {
    let sol = solve(&example("e1-triangle"), "lp").unwrap();
    let values: Vec<Q> = sol.bounds.quick.iter().map(|b| b.value.clone()).collect();
    assert_eq!(values, vec![qi(2), qi(1), qi(2)]);
    assert_eq!(sol.bounds.upper, Some(qi(1)));
    let sol = solve(&example("e3-five-nodes"), "lp").unwrap();
    assert_eq!(sol.bounds.upper, Some(q(1, 2)));
}

/// EXTRACT on the explicit usages of §9 must reproduce the listed trees and weights.
fn check_extract(name: &str, n_vec: &[Q], want: &[(&[&str], Q)]) {
    let input = example(name);
    let p = &input.platform;
    let arcs = p.arcs();
    let mut steps = Vec::new();
    let got = extract(p.nodes.len(), &arcs, input.source, n_vec, &mut |s| {
        steps.push(s);
    })
    .unwrap();
    let got: Vec<WeightedTree> = got.iter().map(extract::Extracted::tree).collect();
    let want: Vec<WeightedTree> = want
        .iter()
        .map(|(names, w)| WeightedTree {
            arcs: arcs_named(&input, names),
            weight: w.clone(),
        })
        .collect();
    assert_eq!(got, want, "{name}");
    let total: Q = want.iter().map(|t| &t.weight).sum();
    verify_trees(p.nodes.len(), &arcs, input.source, &got, &total).unwrap();
    let period = schedule::build(p.nodes.len(), &arcs, input.source, &got)
        .unwrap()
        .unwrap();
    schedule::verify(p.nodes.len(), &arcs, input.source, &got, &period).unwrap();
}

#[test]
fn extract_e2_three_trees_of_a_quarter() {
    let n = [q(1, 2), q(1, 2), q(1, 4), q(1, 4)];
    let want: [(&[&str], Q); 3] = [
        (&["s→a", "s→b"], q(1, 4)),
        (&["s→a", "a→b"], q(1, 4)),
        (&["s→b", "b→a"], q(1, 4)),
    ];
    check_extract("e2-two-relays", &n, &want);
    // The walk of §9.2: one Newton step for T1 (cut {a,b}, capacity 1, t = 2 → 1/4), and
    // s→b refused while growing T2 because {a, b} is tight.
    let input = example("e2-two-relays");
    let mut steps = Vec::new();
    extract(3, &input.platform.arcs(), 0, &n, &mut |s| steps.push(s)).unwrap();
    assert!(steps.contains(&Step::NewtonStep {
        tree: 0,
        cut: vec![1, 2],
        cap: qi(1),
        crossing: 2,
        alpha: q(1, 4)
    }));
    assert!(steps.contains(&Step::TestedArc {
        tree: 1,
        arc: 1,
        accepted: false,
        blocking: vec![1, 2]
    }));
}

/// §9.3's usage vector `n` of E3 (arc order of the preset).
pub(super) fn e3_usage() -> [Q; 8] {
    [
        q(2, 11),
        q(9, 22),
        q(13, 33),
        q(1, 22),
        q(2, 33),
        q(9, 22),
        q(3, 11),
        q(1, 22),
    ]
}

#[test]
fn extract_e3_four_trees() {
    let n = e3_usage();
    let want: [(&[&str], Q); 4] = [
        (&["s→a", "s→b", "a→c", "b→d"], q(3, 22)),
        (&["s→a", "a→c", "a→d", "d→b"], q(1, 22)),
        (&["s→b", "b→c", "b→d", "d→a"], q(2, 33)),
        (&["s→b", "a→c", "b→d", "d→a"], q(7, 33)),
    ];
    check_extract("e3-five-nodes", &n, &want);
}

#[test]
fn extract_e4_and_e5() {
    let input = example("e4-k5");
    let n = e4_usage(&input);
    let want: [(&[&str], Q); 3] = [
        (&["P0→P1", "P0→P2", "P1→P3", "P2→P4"], q(1, 4)),
        (&["P0→P1", "P1→P2", "P1→P3", "P2→P4"], q(1, 8)),
        (&["P0→P1", "P1→P2", "P2→P4", "P4→P3"], q(1, 8)),
    ];
    check_extract("e4-k5", &n, &want);
    let tree: [(&[&str], Q); 1] = [(&["r→a", "r→b", "a→c", "a→d", "b→e"], q(1, 4))];
    check_extract(
        "e5-tree",
        &[q(1, 4), q(1, 4), q(1, 4), q(1, 4), q(1, 4)],
        &tree,
    );
}

#[test]
fn schedules_of_the_examples() {
    // The LP's own trees: E1 is one slot [0, 1) with both arcs (§9.1); L depends only on the
    // weights. The §9 schedules of E2–E5 are those of the explicit EXTRACT decompositions and
    // are pinned by the `schedule_of_e*` tests below.
    let sol = solve(&example("e1-triangle"), "lp").unwrap();
    let p = sol.period.unwrap();
    assert_eq!(
        (p.l.clone(), p.a.clone()),
        (BigInt::from(1), BigInt::from(1))
    );
    assert_eq!(p.slots.len(), 1);
    assert_eq!(
        p.slots[0].arcs.iter().map(|a| a.arc).collect::<Vec<_>>(),
        vec![0, 2]
    );
    // E1: P2→P3 forwards the previous generation.
    assert_eq!(p.slots[0].arcs[1].pieces[0].generation_offset, -1);
    let sol = solve(&example("e5-tree"), "lp").unwrap();
    let p = sol.period.unwrap();
    assert_eq!(p.l, BigInt::from(4));
    assert_eq!(p.delta, qi(1));
    assert_eq!(p.length, Q::from_integer(&p.a * BigInt::from(4)));
}

#[test]
fn the_replayed_state_follows_pipeline_b() {
    let input = example("e2-two-relays");
    let traced = solve_traced(&input, "lp").unwrap();
    let steps = &traced.trace.steps;
    // B0, B1, B2, then one B3 per destination in increasing id, then B4.
    assert!(matches!(steps[0], Step::Checked { .. }));
    assert!(matches!(steps[1], Step::Bounded { .. }));
    assert!(matches!(steps[2], Step::SolvedLp { .. }));
    let shown: Vec<usize> = steps
        .iter()
        .filter_map(|s| match s {
            Step::ShowedFlow { flow, .. } => Some(flow.destination),
            _ => None,
        })
        .collect();
    assert_eq!(shown, vec![1, 2]);
    // Mid-extraction the state shows the tree being grown and the residual capacities.
    let k = steps
        .iter()
        .position(|s| matches!(s, Step::GrewTree { .. }))
        .unwrap();
    let state = traced.trace.state_at(State::new(), k + 1);
    assert!(state.current_tree.is_some() && state.current_alpha.is_some());
    assert_eq!(state.residual.len(), 4);
    let last = traced.trace.state_at(State::new(), usize::MAX);
    assert_eq!(
        last.comparison.len(),
        pipeline::BASELINES.len() + pipeline::GUIDED.len()
    );
    let mut replayed = State::new();
    for s in steps {
        replayed.apply(s);
    }
    assert_eq!(replayed, last);
}

/// §9.1 E1: the chain is not defined on the triangle ("n/a"), so the comparison step gives it
/// no throughput, where the other overlays get theirs (star 2/3).
#[test]
fn e1s_comparison_says_na_for_the_chain() {
    let traced = solve_traced(&example("e1-triangle"), "lp").unwrap();
    let last = traced.trace.state_at(State::new(), usize::MAX);
    let of = |name: &str| {
        (last.comparison.iter())
            .find(|c| c.name == name)
            .map(|c| c.throughput.clone())
            .unwrap()
    };
    assert_eq!(of("chain"), None);
    assert_eq!(of("star"), Some(q(2, 3)));
    let input = example("e1-triangle");
    let arcs = input.platform.arcs();
    let ctx = Context {
        ids: &input.platform.ids(),
        arcs: &arcs,
    };
    let compared = (traced.trace.steps.iter())
        .find(|s| matches!(s, Step::Compared { .. }))
        .unwrap();
    let caption = compared.caption(&ctx);
    assert!(caption.contains("chain n/a"), "{caption}");
}

/// The port prices of `name`'s LP optimum, by node id: `(node, p_v)` on out-ports and
/// `(node, q_v)` on in-ports for the non-zero ones; every other price must be 0.
fn check_prices(name: &str, out: &[(&str, Q)], inn: &[(&str, Q)]) {
    let input = example(name);
    let sol = check_invariants(&input, "lp");
    let ids: Vec<String> = input
        .platform
        .ids()
        .iter()
        .map(ToString::to_string)
        .collect();
    let want = |listed: &[(&str, Q)]| -> Vec<Q> {
        ids.iter()
            .map(|id| {
                listed
                    .iter()
                    .find(|(n, _)| n == id)
                    .map_or_else(|| qi(0), |(_, v)| v.clone())
            })
            .collect()
    };
    let lp = sol.lp.unwrap();
    assert_eq!(lp.out_price, want(out), "{name}: out-port prices p_v");
    assert_eq!(lp.in_price, want(inn), "{name}: in-port prices q_v");
}

#[test]
fn dual_certificates_of_e1_to_e4() {
    // §9.1: p_P1 = 2/3, p_P2 = 1/3.
    check_prices("e1-triangle", &[("P1", q(2, 3)), ("P2", q(1, 3))], &[]);
    // §9.2: p_s = 1/4, q_a = 1/4, q_b = 1/4.
    check_prices(
        "e2-two-relays",
        &[("s", q(1, 4))],
        &[("a", q(1, 4)), ("b", q(1, 4))],
    );
    // §9.3: p_s = 2/11, q_a = 1/11, q_d = 2/11.
    check_prices(
        "e3-five-nodes",
        &[("s", q(2, 11))],
        &[("a", q(1, 11)), ("d", q(2, 11))],
    );
    // §9.4: q_P3 = 1/2.
    check_prices("e4-k5", &[], &[("P3", q(1, 2))]);
}

/// §9.4's explicit usages `n` of the EXTRACT unit test (the other 14 arcs 0).
fn e4_usage(input: &BroadcastInput) -> Vec<Q> {
    let mut n = vec![qi(0); 20];
    for (name, v) in [
        ("P0→P1", q(1, 2)),
        ("P0→P2", q(1, 4)),
        ("P1→P2", q(1, 4)),
        ("P1→P3", q(3, 8)),
        ("P2→P4", q(1, 2)),
        ("P4→P3", q(1, 8)),
    ] {
        n[arcs_named(input, &[name])[0]] = v;
    }
    n
}

/// The period built from the trees EXTRACT finds on the explicit usages `n` of §9 (the
/// decompositions the §9 schedules are "of"), checked slot by slot.
fn period_of_extract(input: &BroadcastInput, n_vec: &[Q]) -> schedule::Period {
    let p = &input.platform;
    let arcs = p.arcs();
    let trees: Vec<WeightedTree> = extract(p.nodes.len(), &arcs, input.source, n_vec, &mut |_| {})
        .unwrap()
        .iter()
        .map(extract::Extracted::tree)
        .collect();
    let period = schedule::build(p.nodes.len(), &arcs, input.source, &trees)
        .unwrap()
        .unwrap();
    schedule::verify(p.nodes.len(), &arcs, input.source, &trees, &period).unwrap();
    period
}

/// The normalised slot lengths `μ_k` (§4.2), in slot order; each integral slot lasts `A·L·μ_k`.
fn normalised_slots(period: &schedule::Period) -> Vec<Q> {
    let scale = Q::from_integer(&period.a * &period.l);
    for (slot, m) in period.slots.iter().zip(&period.decomposition.matchings) {
        assert_eq!(slot.length, &scale * &m.mu);
    }
    period
        .decomposition
        .matchings
        .iter()
        .map(|m| m.mu.clone())
        .collect()
}

/// One integral slot as `"u→v m: T1 k g0, …"` per arc (whole messages, then the pieces by tree,
/// numbered from 1 in extraction order as in §9, with their generation offsets).
fn describe_slot(input: &BroadcastInput, slot: &schedule::Slot) -> String {
    let ids = input.platform.ids();
    let arcs = input.platform.arcs();
    slot.arcs
        .iter()
        .map(|a| {
            let pieces: Vec<String> = a
                .pieces
                .iter()
                .map(|p| format!("T{} {} g{}", p.tree + 1, p.messages, p.generation_offset))
                .collect();
            let e = &arcs[a.arc];
            format!(
                "{}→{} {}: {}",
                ids[e.from],
                ids[e.to],
                a.messages,
                pieces.join(", ")
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[test]
fn schedule_of_e2_two_slots_of_a_half() {
    // §9.2: Δ = 1, two slots of 1/2; L = 4, A = 1: a period of 4 time units carrying 3
    // messages (one per tree). [0,2): s→b moves T1's and T3's message, b→a T3's message of the
    // previous generation; [2,4): s→a moves T1's and T2's, a→b T2's previous one.
    let input = example("e2-two-relays");
    let n = [q(1, 2), q(1, 2), q(1, 4), q(1, 4)];
    let period = period_of_extract(&input, &n);
    assert_eq!(period.delta, qi(1));
    assert_eq!(
        (period.l.clone(), period.a.clone()),
        (BigInt::from(4), BigInt::from(1))
    );
    assert_eq!(period.length, qi(4));
    assert_eq!(period.messages, [1, 1, 1].map(BigInt::from));
    assert_eq!(normalised_slots(&period), [q(1, 2), q(1, 2)]);
    // The slot order is the decomposition's: the shared routine (steady-state §4.4, allowed by
    // §4.2) puts s→a's slot first where the padding routine of §9 puts s→b's, so the two
    // slots are compared as a set.
    let mut got: Vec<String> = period
        .slots
        .iter()
        .map(|s| describe_slot(&input, s))
        .collect();
    got.sort();
    assert_eq!(
        got,
        [
            "s→a 2: T1 1 g0, T2 1 g0; a→b 1: T2 1 g-1",
            "s→b 2: T1 1 g0, T3 1 g0; b→a 1: T3 1 g-1",
        ]
    );
    // Normalised messages μ/c_e: s→b 1/2, b→a 1/4 (and s→a 1/2, a→b 1/4).
    for slot in &period.slots {
        let moved: Vec<Q> = slot
            .arcs
            .iter()
            .map(|a| Q::from_integer(a.messages.clone()) / qi(4))
            .collect();
        assert_eq!(moved, [q(1, 2), q(1, 4)]);
    }
}

#[test]
fn schedule_of_e3_period_of_sixty_six() {
    // §9.3: L = 66, 30 messages per period of length L (Σα = 5/11). The slot list
    // (2/11, 13/33, 8/33, 1/11, 1/11) and A = 3 are the padding routine's; this crate uses the
    // shared decomposition of steady-state §4.4, which §4.2 allows, so they are not pinned.
    let input = example("e3-five-nodes");
    let n = e3_usage();
    let period = period_of_extract(&input, &n);
    assert_eq!(period.delta, qi(1));
    assert_eq!(period.l, BigInt::from(66));
    let per_l: BigInt = period.messages.iter().sum::<BigInt>() / &period.a;
    assert_eq!(per_l, BigInt::from(30));
    assert_eq!(normalised_slots(&period).iter().sum::<Q>(), qi(1));
}

#[test]
fn schedule_of_e4_three_slots() {
    // §9.4: 3 slots (1/4, 1/4, 1/2); L = 8 (4 messages per period), A = 1.
    let input = example("e4-k5");
    let period = period_of_extract(&input, &e4_usage(&input));
    assert_eq!(period.delta, qi(1));
    assert_eq!(normalised_slots(&period), [q(1, 4), q(1, 4), q(1, 2)]);
    assert_eq!(
        (period.l.clone(), period.a.clone()),
        (BigInt::from(8), BigInt::from(1))
    );
    assert_eq!(period.messages.iter().sum::<BigInt>(), BigInt::from(4));
    assert_eq!(period.length, qi(8));
}

#[test]
fn schedule_of_e5_three_slots() {
    // §9.5: 3 slots (1/4, 1/2, 1/4), L = 4, A = 3: arc a→d of cost 3 gets 2/3 and 1/3 of a
    // message per slot (per period of length L; 2 and 1 of the integral period A·L).
    let input = example("e5-tree");
    let period = period_of_extract(&input, &[q(1, 4), q(1, 4), q(1, 4), q(1, 4), q(1, 4)]);
    assert_eq!(period.delta, qi(1));
    assert_eq!(normalised_slots(&period), [q(1, 4), q(1, 2), q(1, 4)]);
    assert_eq!(
        (period.l.clone(), period.a.clone()),
        (BigInt::from(4), BigInt::from(3))
    );
    let a_d = arcs_named(&input, &["a→d"])[0];
    let a = Q::from_integer(period.a.clone());
    let per_slot: Vec<Q> = period
        .slots
        .iter()
        .filter_map(|s| s.arcs.iter().find(|x| x.arc == a_d))
        .map(|x| Q::from_integer(x.messages.clone()) / &a)
        .collect();
    assert_eq!(per_slot, [q(2, 3), q(1, 3)]);
}
