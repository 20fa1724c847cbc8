//! Tests of the recursive 7/4-approximation: the worked examples of sections 3.1 and 7, the
//! guarantee on random instances, and the trace.

use super::*;
use crate::rational::q;
use crate::square::examples::{decimals, own, s7_1, s7_2, s7_3, s7_4, s7_5, weighted};
use crate::square::{metrics::lower_bounds, verify};
use crate::trace::{captions, Replay};

fn rect(x: Q, y: Q, w: Q, h: Q) -> Rect {
    Rect { x, y, w, h }
}

/// Runs the algorithm, checks the tiling, the bound and the trace, and compares `Ĉ`.
fn check(s: &[Q], cost: Q) -> RecursivePartition {
    let part = solve(s).unwrap();
    verify(s, &part.rects).unwrap();
    assert_eq!(part.cost, cost);
    let (lb, _) = lower_bounds(s);
    assert!(crate::rational::to_f64(&part.cost) <= 1.0 + 1.25 * lb + 1e-9);
    let traced = solve_traced(s).unwrap();
    assert_eq!(traced.solution, part);
    let state = traced.trace.state_at(RecursiveState::new(s), usize::MAX);
    let rects: Vec<Rect> = state.rects.iter().map(|r| r.clone().unwrap()).collect();
    assert_eq!(rects, part.rects);
    assert_eq!(state.cost.as_ref(), Some(&part.cost));
    assert_eq!(state.tops.as_ref(), Some(&part.tops));
    assert!(captions(&traced.trace, s).iter().all(|c| !c.is_empty()));
    part
}

#[test]
fn section_7_1_one_group_of_value_one() {
    let s = s7_1();
    let part = check(&s, q(146, 25));
    assert_eq!(part.rounds[0], [vec![1, 2, 3, 4, 5], vec![6, 7], vec![8]]);
    assert_eq!(part.tops, [11]);
    let want = [
        rect(q(0, 1), q(14, 19), q(19, 50), q(5, 38)),
        rect(q(0, 1), q(33, 38), q(19, 50), q(5, 38)),
        rect(q(0, 1), q(10, 19), q(19, 50), q(4, 19)),
        rect(q(0, 1), q(0, 1), q(19, 50), q(5, 19)),
        rect(q(0, 1), q(5, 19), q(19, 50), q(5, 19)),
        rect(q(19, 50), q(5, 8), q(8, 25), q(3, 8)),
        rect(q(19, 50), q(0, 1), q(8, 25), q(5, 8)),
        rect(q(7, 10), q(0, 1), q(3, 10), q(1, 1)),
    ];
    assert_eq!(part.rects, want);
    let (max, _) = crate::square::metrics::max_half_perimeter(&part.rects);
    assert_eq!(max, q(13, 10));
}

#[test]
fn section_7_2_peels_three_tops() {
    let s = s7_2();
    let part = check(&s, q(6, 1));
    assert_eq!(part.tops.len(), 3);
    assert_eq!(part.rects[4], rect(q(0, 1), q(0, 1), q(4, 5), q(1, 4)));
    assert_eq!(part.rects[7], rect(q(0, 1), q(3, 4), q(4, 5), q(1, 4)));
    assert_eq!(part.rects[3], rect(q(4, 5), q(0, 1), q(1, 5), q(2, 5)));
    assert_eq!(part.rects[2], rect(q(4, 5), q(2, 5), q(1, 5), q(3, 10)));
    assert_eq!(part.rects[1], rect(q(4, 5), q(7, 10), q(1, 5), q(1, 5)));
    assert_eq!(part.rects[0], rect(q(4, 5), q(9, 10), q(1, 5), q(1, 10)));
    let (max, _) = crate::square::metrics::max_half_perimeter(&part.rects);
    assert_eq!(max, q(21, 20));
}

#[test]
fn section_7_costs() {
    check(&s7_3(), q(123, 25));
    check(&s7_4(), q(3744, 625));
    check(&s7_5(), q(23, 4));
    check(&own(1), q(3, 1));
    check(&own(2), q(5, 1));
    let e3 = check(&own(3), q(21, 5));
    assert_eq!(e3.rects[0], rect(q(0, 1), q(0, 1), q(3, 5), q(1, 1)));
    assert_eq!(e3.rects[1], rect(q(3, 5), q(0, 1), q(2, 5), q(1, 4)));
    assert_eq!(e3.rects[4], rect(q(3, 5), q(3, 4), q(2, 5), q(1, 4)));
    let e4 = check(&own(4), q(133, 25));
    assert_eq!(e4.tops.len(), 1);
    let e5 = own(5);
    check(&e5, q(76, 13));
    let e6 = own(6);
    let e6 = check(&e6, q(3161, 455));
    let tops: Vec<Q> = e6
        .tops
        .iter()
        .map(|&u| e6.nodes[u - 1].area.clone())
        .collect();
    assert_eq!(tops, [q(10, 13), q(18, 91), q(3, 91)]);
}

#[test]
fn section_7_7_seventeen_areas() {
    let mut text = vec!["0.26", "0.12"];
    text.extend(["0.06"; 5]);
    text.extend(["0.05"; 5]);
    text.extend(["0.026", "0.024", "0.01", "0.01"]);
    let s = decimals(&text);
    let part = check(&s, q(4003, 532));
    let tops: Vec<Q> = part
        .tops
        .iter()
        .map(|&u| part.nodes[u - 1].area.clone())
        .collect();
    assert_eq!(tops, decimals(&["0.55", "0.26", "0.12", "0.05", "0.02"]));
    assert_eq!(part.rounds.len(), 2);
    let (lb, _) = lower_bounds(&s);
    assert!((lb - 7.430_510_923_658).abs() < 1e-9);
}

#[test]
fn section_3_1_3_grouping_example() {
    let s = decimals(&["0.49", "0.2", "0.2", "0.1", "0.01"]);
    let part = solve(&s).unwrap();
    assert_eq!(part.rounds.len(), 3);
    assert_eq!(part.rounds[0], [vec![5], vec![4, 2, 3], vec![1]]);
    let tops: Vec<Q> = part
        .tops
        .iter()
        .map(|&u| part.nodes[u - 1].area.clone())
        .collect();
    assert_eq!(tops, decimals(&["0.99", "0.01"]));
    verify(&s, &part.rects).unwrap();
}

#[test]
fn section_3_1_2_columns_cr_source_check() {
    let items = decimals(&["2", "2", "1.9", "1.5", "1.2", "1.2", "1"]);
    let mut nodes = leaves(&items);
    nodes.push(Node {
        uid: 8,
        area: q(54, 5),
        children: (1..=7).collect(),
    });
    let r = rect(q(0, 1), q(0, 1), q(18, 5), q(3, 1));
    let mut steps = Vec::new();
    let placed = cr::columns_cr(&nodes, &r, 8, &mut |s| steps.push(s));
    let want = [
        rect(q(0, 1), q(0, 1), q(4, 3), q(3, 2)),
        rect(q(0, 1), q(3, 2), q(4, 3), q(3, 2)),
        rect(q(4, 3), q(0, 1), q(17, 15), q(57, 34)),
        rect(q(4, 3), q(57, 34), q(17, 15), q(45, 34)),
        rect(q(37, 15), q(0, 1), q(17, 15), q(18, 17)),
        rect(q(37, 15), q(18, 17), q(17, 15), q(18, 17)),
        rect(q(37, 15), q(36, 17), q(17, 15), q(15, 17)),
    ];
    let got: Vec<Rect> = placed.iter().map(|(_, r)| r.clone()).collect();
    assert_eq!(got, want);
    assert!(steps.contains(&RecursiveStep::Redistributed {
        node: 8,
        moves: vec![(7, 2)]
    }));
    let mut state = RecursiveState::new(&items);
    for st in &steps {
        state.apply(st);
    }
    let strips = state.cr.map(|c| c.strips).unwrap_or_default();
    assert_eq!(strips, [vec![1, 2], vec![3, 4], vec![5, 6, 7]]);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]
    /// Section 3.1.5: Ĉ ≤ 1 + 1.25·LB_sum (hence ≤ 7/4·LB_sum), and the layout tiles the
    /// square, on uniform and skewed (powers of two) weights.
    #[test]
    fn the_guarantee_holds(
        weights in proptest::collection::vec(1i64..100, 1..16),
        powers in proptest::collection::vec(0u32..12, 0..6),
    ) {
        let mut w = weights;
        w.extend(powers.iter().map(|&k| 1i64 << k));
        let s = weighted(&w);
        let part = solve(&s).unwrap();
        verify(&s, &part.rects).map_err(|e| proptest::test_runner::TestCaseError::fail(e.to_string()))?;
        let (lb, _) = lower_bounds(&s);
        let cost = crate::rational::to_f64(&part.cost);
        proptest::prop_assert!(cost <= 1.0 + 1.25 * lb + 1e-9, "Ĉ = {} > 1 + 1.25·{}", cost, lb);
        proptest::prop_assert!(cost <= 1.75 * lb + 1e-9);
    }
}
