//! Typed rates (steady-state.md §4.1, §6.1, §7): the paper's own solution on Example 1 gives
//! `A = 3`, `L = 36`, 63 tasks and, with `L_calc = 2`, `L_comm = 1`, the throughput 63/40 of one
//! batch; a broken constraint is named with its node, value and bound.

use super::lp::solve;
use super::rates::{check, papers, Checked, Typed};
use crate::presets;
use crate::rational::{q, Q};
use crate::steady_state::SteadyState;

fn example_1() -> SteadyState {
    presets::steady_state("example-1").unwrap()
}

fn arc(inst: &SteadyState, from: i64, to: i64) -> usize {
    let ids = inst.platform.ids();
    let at = |id: i64| {
        ids.iter()
            .position(|n| n.to_string() == id.to_string())
            .unwrap()
    };
    let (a, b) = (at(from), at(to));
    inst.platform
        .arcs()
        .iter()
        .position(|x| x.from == a && x.to == b)
        .unwrap()
}

fn big(v: &num_bigint::BigInt) -> String {
    v.to_string()
}

#[test]
fn section_6_1_the_papers_rates_need_a_equal_3_and_give_63_over_40_with_latencies() {
    let inst = example_1();
    let typed = papers(&inst).expect("Example 1 is the paper's platform");
    let got = check(&inst, &typed);
    assert!(
        got.problems.is_empty() && got.violations.is_empty(),
        "{got:?}"
    );
    assert_eq!(got.throughput, Some(q(7, 4)));
    let p = got.period.expect("a feasible set gets its schedule");
    assert_eq!(
        (
            big(&p.period_t),
            big(&p.scale_a),
            big(&p.length),
            big(&p.tasks)
        ),
        ("12".into(), "3".into(), "36".into(), "63".into())
    );
    assert!(!p.cancelled);
    // §6.1, latencies L_calc = 2, L_comm = 1, paper's pattern: "N=1: 40, 63, 63/40".
    assert_eq!(p.latency_period, Some(Q::from_integer(40.into())));
    assert_eq!(p.latency_throughput, Some(q(63, 40)));
}

#[test]
fn section_6_1_the_canonical_rates_give_a_equal_1_and_21_tasks() {
    let inst = example_1();
    let lp = solve(&inst).unwrap();
    let got = check(&inst, &Typed::of(&lp.rates));
    assert_eq!(got.throughput, Some(q(7, 4)));
    let p = got.period.unwrap();
    assert_eq!(
        (big(&p.scale_a), big(&p.length), big(&p.tasks)),
        ("1".into(), "12".into(), "21".into())
    );
    assert_eq!((p.latency_period, p.latency_throughput), (None, None));
}

#[test]
fn a_broken_conservation_law_is_named_with_its_node_and_values() {
    let inst = example_1();
    let mut typed = papers(&inst).unwrap();
    typed.f[arc(&inst, 1, 3)] = "1/2".into();
    let got = check(&inst, &typed);
    assert_eq!(
        got.violations,
        vec!["conservation at node 3: it receives 1/2 tasks per time unit but computes and forwards 7/12"]
    );
    assert_eq!((got.throughput, got.period), (None, None));
}

#[test]
fn every_broken_constraint_is_listed_compute_and_ports_included() {
    let inst = example_1();
    let mut typed = papers(&inst).unwrap();
    // Node 2 (w = 3) computing 1 task per time unit: 3 of the time; fed 5/6 by node 1 (c = 2)
    // and 1/6 by node 4 (c = 3): node 1 sends 5/3 + 7/12 = 9/4, node 2 receives 5/3 + 1/2 =
    // 13/6; sending -1 back to node 1, node 2 computes and forwards 1 - 1 = 0 of the 1 it gets.
    typed.x[1] = "1".into();
    typed.f[arc(&inst, 1, 2)] = "5/6".into();
    typed.f[arc(&inst, 2, 1)] = "-1".into();
    let got = check(&inst, &typed);
    assert_eq!(
        got.violations,
        vec![
            "arc 2→1: a rate cannot be negative (it is -1)",
            "one-port out of node 1: it sends 9/4 of the time, above 1",
            "compute capacity at node 2: it computes 3 of the time, above 1",
            "one-port into node 2: it receives 13/6 of the time, above 1",
            "conservation at node 2: it receives 1 tasks per time unit but computes and forwards 0",
        ]
    );
}

#[test]
fn a_rate_sent_into_the_master_and_a_computing_router_are_named() {
    let inst = presets::steady_state("tree-example-3").unwrap();
    let mut typed = Typed::zeros(&inst);
    typed.f[arc(&inst, 1, 0)] = "1/4".into();
    typed.x[1] = "1/8".into();
    let got = check(&inst, &typed);
    assert_eq!(
        got.violations,
        vec![
            "master 0 receives 1/4 tasks per time unit on arc 1→0 (masters only send)",
            "compute capacity at node 1: a router (w = inf) computes nothing, yet it computes 1/8 tasks per time unit",
            "conservation at node 1: it receives 0 tasks per time unit but computes and forwards 3/8",
        ]
    );
}

#[test]
fn entries_that_are_not_numbers_are_named_and_nothing_else_is_checked() {
    let inst = example_1();
    let mut typed = Typed::zeros(&inst);
    typed.x[2] = "one".into();
    typed.lcomm = "-1".into();
    let got = check(&inst, &typed);
    assert_eq!(got.problems.len(), 2, "{got:?}");
    assert!(got.problems[0].starts_with("x at node 3: \"one\" is not a number"));
    assert_eq!(got.problems[1], "L_comm: a latency cannot be negative");
    assert!(got.violations.is_empty());
}

#[test]
fn two_way_flows_are_cancelled_before_the_schedule_and_zero_rates_get_none() {
    let inst = example_1();
    let lp = solve(&inst).unwrap();
    let mut typed = Typed::of(&lp.rates);
    typed.f[arc(&inst, 2, 4)] = "1/12".into();
    typed.f[arc(&inst, 4, 2)] = "1/6".into();
    let got = check(&inst, &typed);
    assert_eq!(got.throughput, Some(q(7, 4)), "{got:?}");
    let p = got.period.unwrap();
    assert!(p.cancelled);
    assert_eq!(big(&p.tasks), "21");
    let zero = check(&inst, &Typed::zeros(&inst));
    assert_eq!(zero.throughput, Some(q(0, 1)));
    assert_eq!(
        zero.no_period.as_deref(),
        Some("throughput 0: there is nothing to schedule")
    );
}

#[test]
fn the_papers_rates_exist_on_example_1_only_and_a_rates_file_reads() {
    assert_eq!(
        papers(&presets::steady_state("star-example-2").unwrap()),
        None
    );
    let inst = example_1();
    let text = r#"{"x": {"1": 1, "2": "1/3", "3": "1/4", "4": "1/6"},
        "f": {"1->2": "1/6", "1->3": "7/12", "3->4": "1/3", "4→2": "1/6"}, "lcalc": 2, "lcomm": "1"}"#;
    assert_eq!(Typed::from_json(&inst, text), Ok(papers(&inst).unwrap()));
    let bad = Typed::from_json(&inst, r#"{"f": {"1->4": 1}}"#).unwrap_err();
    assert!(bad.starts_with("f: no arc \"1->4\""), "{bad}");
    assert_eq!(
        check(&inst, &Typed::default()),
        Checked {
            problems: vec![
                "the rates do not match the platform: 4 nodes and 8 arcs, got 0 and 0".into()
            ],
            ..Checked::default()
        }
    );
}
