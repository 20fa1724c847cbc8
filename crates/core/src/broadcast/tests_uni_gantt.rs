//! The Gantt chart of the baseline trees under the unidirectional model (broadcast.md §6.6 on
//! the trees of §7.1): the spec's baselines of §9 give periods whose slots are the matchings
//! of §9's numbers, read from the result document; König's decomposition covers trees too
//! large for the exact matching program; and on random platforms every tree baseline's period
//! passes the independent verifier and the family's check.

use proptest::prelude::*;
use serde_json::Value;

use super::baseline_gantt::tree_period;
use super::baseline_uni::colouring;
use super::baseline_uni::konig;
use super::dispatch::{result, run};
use super::tests::example;
use super::tests_random::{instances, platform};
use super::*;
use crate::families::check_invariants;
use crate::families::Instance;
use crate::rational::{format_fraction, parse_q, q, qi, Q};

fn uni(name: &str) -> BroadcastInput {
    let mut b = example(name);
    b.port_model = PortModel::Unidirectional;
    b
}

/// A slot as text: start, length, and the transfers `(arc, messages)`.
type SlotText = (String, String, Vec<(String, String)>);

/// The unidirectional period's slots in the result document, as
/// `(start, length, [(arc, messages)])`, arcs as `"u→v"`.
fn slots(input: &BroadcastInput, algorithm: &str) -> Vec<SlotText> {
    let r = run(input, algorithm).unwrap();
    let v = result(input, algorithm, &r, false);
    let period = &v["baseline"]["unidirectional_period"];
    assert_eq!(period["length"], "1/1", "{algorithm}: {period}");
    let s = |x: &Value| x.as_str().unwrap().to_owned();
    period["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|slot| {
            let arcs = slot["arcs"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| {
                    (
                        format!("{}→{}", s(&a["arc"][0]), s(&a["arc"][1])),
                        s(&a["messages"]),
                    )
                })
                .collect();
            (s(&slot["start"]), s(&slot["length"]), arcs)
        })
        .collect()
}

fn arc(name: &str, messages: &str) -> (String, String) {
    (name.to_owned(), messages.to_owned())
}

/// §9.1 E1: the star (= best tree, 2/3) runs P1→P2 for 2/3 and P1→P3 for 1/3 of each time
/// unit, the two matchings of §9.1; each arc moves 2/3 message.
#[test]
fn e1_star_period_is_the_two_matchings_of_the_spec() {
    let e1 = uni("e1-triangle");
    for algo in ["star", "best-tree"] {
        let got = slots(&e1, algo);
        let mut lengths: Vec<&str> = got.iter().map(|s| s.1.as_str()).collect();
        lengths.sort_unstable();
        assert_eq!(lengths, ["1/3", "2/3"], "{algo}");
        let mut moves: Vec<(String, String)> = got.into_iter().flat_map(|s| s.2).collect();
        moves.sort();
        assert_eq!(moves, [arc("P1→P2", "2/3"), arc("P1→P3", "2/3")], "{algo}");
    }
}

/// §9.4 E4: the star (1/11) sends one arc at a time, for c/11 of each time unit; the chain
/// (1/3, the spec's chain tree of §9.4) moves 1/3 message per time unit on each of its arcs.
#[test]
fn e4_star_and_best_tree_periods() {
    let e4 = uni("e4-k5");
    let star = slots(&e4, "star");
    let mut lengths: Vec<String> = star.iter().map(|s| s.1.clone()).collect();
    lengths.sort();
    assert_eq!(lengths, ["1/11", "2/11", "4/11", "4/11"]);
    assert!(star
        .iter()
        .all(|s| s.2.len() == 1 && s.2[0].0.starts_with("P0→") && s.2[0].1 == "1/11"));
    let mut per_arc: std::collections::BTreeMap<String, Q> = std::collections::BTreeMap::new();
    for (name, messages) in slots(&e4, "chain").into_iter().flat_map(|s| s.2) {
        *per_arc.entry(name).or_default() += parse_q(&messages).unwrap();
    }
    let moves: Vec<(String, String)> = per_arc
        .into_iter()
        .map(|(name, m)| (name, format_fraction(&m)))
        .collect();
    assert_eq!(
        moves,
        [
            arc("P0→P1", "1/3"),
            arc("P1→P2", "1/3"),
            arc("P2→P4", "1/3"),
            arc("P4→P3", "1/3")
        ]
    );
}

/// §9.2 E2: best tree {s→a, s→b} (1/2): two slots of 1/2.
#[test]
fn e2_best_tree_period() {
    let got = slots(&uni("e2-two-relays"), "best-tree");
    assert_eq!(
        got.iter().map(|s| s.1.as_str()).collect::<Vec<_>>(),
        ["1/2", "1/2"]
    );
    // The bidirectional run has no unidirectional period (its own Gantt instead).
    let bi = example("e2-two-relays");
    let r = run(&bi, "best-tree").unwrap();
    let v = result(&bi, "best-tree", &r, false);
    assert_eq!(v["baseline"]["unidirectional_period"], Value::Null);
    assert!(v["period"].is_object());
}

/// A chain of 25 nodes (over the exact matching program's 20): König's decomposition gives the
/// matchings, and the period verifies.
#[test]
fn a_tree_over_twenty_nodes_gets_its_period_by_konig() {
    let n = 25;
    let arcs: Vec<(usize, usize, i64, i64)> = (0..n - 1)
        .map(|i| (i, i + 1, i64::try_from(i % 3).unwrap() + 1, 2))
        .collect();
    let input = BroadcastInput {
        platform: platform(n, &arcs),
        source: 0,
        targets: None,
        port_model: PortModel::Unidirectional,
    };
    let r = run(&input, "spt").unwrap();
    let dispatch::Run::Broadcast(t) = &r else {
        panic!("a baseline runs in pipeline T")
    };
    let b = t.solution.baseline.as_ref().unwrap();
    let c = b.colouring.as_ref().unwrap();
    // Nodes 1..23 carry an in-arc and an out-arc: the largest sum is 1 + 3/2 = 5/2.
    assert_eq!(c.chi, q(5, 2));
    assert!(!c.matchings.is_empty());
    let period = b.unidirectional_period.as_ref().unwrap();
    assert_eq!(period.length, qi(1));
    assert_eq!(t.solution.throughput, Some(q(2, 5)));
    let inst = Instance::Broadcast(input);
    assert!(check_invariants(&inst, "spt").is_ok());
}

/// König's matchings on a small tree equal χ and cover the demands; an odd cycle and a pair of
/// opposite arcs are declined.
#[test]
fn konig_covers_a_tree_and_declines_odd_cycles() {
    let p = platform(4, &[(0, 1, 1, 1), (0, 2, 2, 1), (1, 3, 1, 2)]);
    let arcs = p.arcs();
    let demand: Vec<Q> = arcs.iter().map(|a| a.c.clone()).collect();
    let m = konig(4, &arcs, &demand).unwrap();
    let total: Q = m.iter().map(|x| x.weight.clone()).sum();
    assert_eq!(total, qi(3));
    let c = colouring(4, &arcs, &[1, 1, 1]).unwrap();
    assert_eq!(c.chi, qi(3));
    let tree = WeightedTree {
        arcs: vec![0, 1, 2],
        weight: q(1, 3),
    };
    let period = tree_period(4, &arcs, 0, &tree, &c).unwrap();
    assert!(super::baseline_gantt::verify(4, &arcs, 0, &tree, &period).is_ok());
    let wrong = WeightedTree {
        arcs: vec![0, 1, 2],
        weight: q(1, 2),
    };
    assert!(super::baseline_gantt::verify(4, &arcs, 0, &wrong, &period).is_err());
    let triangle = platform(3, &[(0, 1, 1, 1), (1, 2, 1, 1), (0, 2, 1, 1)]);
    let t_arcs = triangle.arcs();
    assert!(konig(3, &t_arcs, &[qi(1), qi(1), qi(1)]).is_none());
    let opposite = platform(2, &[(0, 1, 1, 1), (1, 0, 1, 1)]);
    assert!(konig(2, &opposite.arcs(), &[qi(1), qi(1)]).is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    /// Every tree baseline under the unidirectional model has a period that the independent
    /// verifier accepts and that delivers its throughput (the family's check replays it too).
    #[test]
    fn every_uni_tree_baseline_has_a_verified_period(mut input in instances(6)) {
        input.port_model = PortModel::Unidirectional;
        for algo in ["best-tree", "greedy-tree", "spt", "star", "binomial"] {
            let Ok(r) = run(&input, algo) else { continue };
            let dispatch::Run::Broadcast(t) = &r else { continue };
            let sol = &t.solution;
            let Some(b) = sol.baseline.as_ref() else { continue };
            if sol.trees.is_empty() {
                prop_assert!(b.unidirectional_period.is_none());
                continue;
            }
            let period = b.unidirectional_period.as_ref().expect("a tree has its period");
            prop_assert!(super::baseline_gantt::verify(
                input.platform.nodes.len(),
                &input.platform.arcs(),
                input.source,
                &sol.trees[0],
                period
            ).is_ok());
            let inst = Instance::Broadcast(input.clone());
            prop_assert!(check_invariants(&inst, algo).is_ok(), "{algo}");
        }
    }
}
