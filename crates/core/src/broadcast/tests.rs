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

#[test]
fn extract_e3_four_trees() {
    let n = [
        q(2, 11),
        q(9, 22),
        q(13, 33),
        q(1, 22),
        q(2, 33),
        q(9, 22),
        q(3, 11),
        q(1, 22),
    ];
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
    let mut n = vec![qi(0); 20];
    for (name, v) in [
        ("P0→P1", q(1, 2)),
        ("P0→P2", q(1, 4)),
        ("P1→P2", q(1, 4)),
        ("P1→P3", q(3, 8)),
        ("P2→P4", q(1, 2)),
        ("P4→P3", q(1, 8)),
    ] {
        n[arcs_named(&input, &[name])[0]] = v;
    }
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
    // (example, L, A, slots of the normalised period): E1 is one slot [0, 1) with both arcs;
    // L depends only on the weights. A and the slot list are the padding routine's in §9 and may
    // differ with the shared decomposition (§4.2), so only L and the invariants are pinned
    // elsewhere.
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
