//! The periodic schedule on trees (steady-state.md section 3.5) against the spec's worked
//! numbers (examples 2 and 3, section 6.7), and its verifier against broken schedules.

use num_bigint::BigInt;

use super::schedule::{verify, TreeSchedule};
use super::*;
use crate::presets;
use crate::rational::{q, qi};

fn preset(name: &str) -> SteadyState {
    presets::steady_state(name).unwrap()
}

fn big(v: i64) -> BigInt {
    BigInt::from(v)
}

/// `(from id, to id, count, start, end)` of every transfer, in schedule order.
fn sends(inst: &SteadyState, s: &TreeSchedule) -> Vec<(String, String, BigInt, Q, Q)> {
    let id = |i: usize| inst.platform.nodes[i].id.to_string();
    s.sends
        .iter()
        .map(|t| {
            (
                id(t.from),
                id(t.to),
                t.count.clone(),
                t.start.clone(),
                t.end.clone(),
            )
        })
        .collect()
}

fn send(from: &str, to: &str, count: i64, start: i64, end: i64) -> (String, String, BigInt, Q, Q) {
    (from.into(), to.into(), big(count), qi(start), qi(end))
}

#[test]
fn example_2_star_period_24() {
    let inst = preset("star-example-2");
    let sol = solve(&inst).unwrap();
    let s = &sol.schedule;
    assert_eq!(s.period_t, big(24));
    assert_eq!(s.n, vec![big(8), big(12), big(3), big(0), big(6)]);
    // Master sends 12 tasks to 1 in [0,12), 6 to 4 in [12,18), 3 to 2 in [18,24).
    assert_eq!(
        sends(&inst, s),
        vec![
            send("0", "1", 12, 0, 12),
            send("0", "4", 6, 12, 18),
            send("0", "2", 3, 18, 24)
        ]
    );
    assert_eq!(s.tasks(), big(29));
    verify(&inst, &inst.platform.arcs(), &sol.rates, s).unwrap();
}

#[test]
fn example_3_depth_three_tree_period_and_full_run() {
    let inst = preset("tree-example-3");
    let sol = solve(&inst).unwrap();
    let s = &sol.schedule;
    assert_eq!(s.period_t, big(24));
    assert_eq!(
        s.n,
        [12, 0, 1, 8, 2, 0, 12].map(big).to_vec(),
        "n = (0: 12, 2: 1, 3: 8, 4: 2, 6: 12)"
    );
    assert_eq!(
        sends(&inst, s),
        vec![
            send("0", "1", 22, 0, 22),
            send("0", "2", 1, 22, 24),
            send("1", "3", 20, 0, 20),
            send("1", "4", 2, 20, 24),
            send("3", "6", 12, 0, 12),
        ]
    );
    assert_eq!(s.tasks(), big(35));
    // Depths 0:0, 1:1, 2:1, 3:2, 4:2, 6:3; node 5 receives nothing.
    assert_eq!(
        s.depth,
        vec![Some(0), Some(1), Some(1), Some(2), Some(2), None, Some(3)]
    );
    assert_eq!(s.completed(1), big(12));
    assert_eq!(s.completed(3), big(48));
    assert_eq!(s.completed(4), big(83));
    assert_eq!(s.completed(100), big(3443));
    for r in 3..40u64 {
        assert_eq!(
            s.completed(r),
            big(35) * BigInt::from(r) - big(57),
            "R = {r}"
        );
    }
    verify(&inst, &inst.platform.arcs(), &sol.rates, s).unwrap();
}

#[test]
fn edge_cases_single_node_and_zero_throughput() {
    let single = SteadyState::from_json(
        r#"{"problem":"steady-state","version":1,"platform":{"nodes":[{"id":0,"w":5,"master":true}],"links":[]}}"#,
    )
    .unwrap();
    let sol = solve(&single).unwrap();
    assert_eq!(sol.schedule.period_t, big(5));
    assert!(sol.schedule.sends.is_empty());
    assert_eq!(sol.schedule.tasks(), big(1));
    let routers = SteadyState::from_json(
        r#"{"problem":"steady-state","version":1,"platform":{"nodes":[{"id":0,"w":"inf","master":true},{"id":1,"w":"inf"}],"links":[{"from":0,"to":1,"c":1}]}}"#,
    )
    .unwrap();
    let sol = solve(&routers).unwrap();
    assert_eq!(sol.throughput, qi(0));
    assert_eq!(sol.schedule.period_t, big(1));
    assert_eq!(sol.schedule.tasks(), big(0));
    let traced = solve_traced(&routers).unwrap();
    let ids = routers.platform.ids();
    let caps = crate::trace::captions(&traced.trace, ids.as_slice());
    assert!(
        caps.iter().any(|c| c.contains("no period to schedule")),
        "{caps:?}"
    );
}

#[test]
fn huge_period_stays_exact_and_aggregated() {
    // Section 6.7: T = 10^12 and 10^15 + 1 tasks per period, drawn as a handful of bars.
    let inst = SteadyState::from_json(
        r#"{"problem":"steady-state","version":1,"platform":{"nodes":[{"id":0,"w":"1/1000","master":true},{"id":1,"w":"1000000000"}],"links":[{"from":0,"to":1,"c":"1000000000000"}]}}"#,
    )
    .unwrap();
    let sol = solve(&inst).unwrap();
    let t: BigInt = "1000000000000".parse().unwrap();
    assert_eq!(sol.schedule.period_t, t);
    assert_eq!(
        sol.schedule.tasks(),
        "1000000000000001".parse::<BigInt>().unwrap()
    );
    assert!(sol.schedule.bars(&inst).len() <= 4);
    verify(&inst, &inst.platform.arcs(), &sol.rates, &sol.schedule).unwrap();
}

#[test]
fn the_verifier_rejects_broken_schedules() {
    let inst = preset("tree-example-3");
    let arcs = inst.platform.arcs();
    let sol = solve(&inst).unwrap();
    let ok = &sol.schedule;
    // Two transfers of node 0 overlap: its sending port would do two things at once.
    let mut overlap = ok.clone();
    overlap.sends[1].start = qi(21);
    overlap.sends[1].end = qi(23);
    let e = verify(&inst, &arcs, &sol.rates, &overlap).unwrap_err();
    assert!(e.0.contains("two things at once"), "{e}");
    // A transfer past the period.
    let mut late = ok.clone();
    late.sends[1].start = qi(23);
    late.sends[1].end = qi(25);
    assert!(verify(&inst, &arcs, &sol.rates, &late).is_err());
    // One file short on an arc.
    let mut short = ok.clone();
    short.sends[4].count = big(11);
    short.sends[4].end = qi(11);
    assert!(verify(&inst, &arcs, &sol.rates, &short).is_err());
    // A period that does not turn the rates into whole counts.
    let mut wrong_t = ok.clone();
    wrong_t.period_t = big(12);
    assert!(verify(&inst, &arcs, &sol.rates, &wrong_t).is_err());
    // Rates the schedule does not realise.
    let mut rates = sol.rates.clone();
    rates.x[0] = q(1, 3);
    assert!(verify(&inst, &arcs, &rates, ok).is_err());
}
