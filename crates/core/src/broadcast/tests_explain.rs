//! What the broadcast page explains beside the figure (issue 34), on the spec's examples: the
//! Gantt chart's two units (§4.5: normalised and integral), and the compaction step B7 (§3.5,
//! §8.1) on a platform where EXTRACT finds more than 2|V| trees.

use num_bigint::BigInt;
use num_traits::Zero;

use super::gantt::{bars, shown, ShownPeriod, Units};
use super::tests::check_invariants;
use super::*;
use crate::families::Instance;
use crate::rational::{q, Q};

/// The chart of `preset`'s `lp` period in `units`, with its scale `A·L`.
fn chart(preset: &str, units: Units) -> (ShownPeriod, BigInt) {
    let Some(Instance::Broadcast(b)) = crate::presets::get(preset) else {
        panic!("{preset}");
    };
    let sol = solve(&b, "lp").unwrap();
    let p = sol.period.unwrap();
    let ends: Vec<Q> = p.slots.iter().map(|s| &s.start + &s.length).collect();
    let scale = &p.a * &p.l;
    let all = bars(&b.platform.arcs(), &p);
    (shown(&all, &ends, &p.length, &scale, units), scale)
}

#[test]
fn e2_and_e5_periods_normalised_and_integral() {
    // §9.2: Δ = 1, slots [0, 1/2) and [1/2, 1); L = 4, A = 1: a period of 4 time units.
    let (int, scale) = chart("broadcast-e2", Units::Integral);
    assert_eq!(scale, BigInt::from(4));
    assert_eq!(
        (int.length, int.slot_ends),
        (q(4, 1), vec![q(2, 1), q(4, 1)])
    );
    assert!(int.bars.iter().all(|b| b.messages == q(1, 1)));
    let norm = chart("broadcast-e2", Units::Normalised).0;
    assert_eq!(
        (norm.length, norm.slot_ends),
        (q(1, 1), vec![q(1, 2), q(1, 1)])
    );
    // Each tree's piece is a quarter of a message: s→b moves 1/2 in its slot, two trees'.
    assert!(norm.bars.iter().all(|b| b.messages == q(1, 4)));
    // §9.5: slots 1/4, 1/2, 1/4; L = 4, A = 3: a period of 12 time units.
    let (int, scale) = chart("broadcast-e5", Units::Integral);
    assert_eq!(scale, BigInt::from(12));
    assert_eq!(int.slot_ends, vec![q(3, 1), q(9, 1), q(12, 1)]);
    let norm = chart("broadcast-e5", Units::Normalised).0;
    assert_eq!(norm.slot_ends, vec![q(1, 4), q(3, 4), q(1, 1)]);
    // A scale of 0 (no period) leaves the chart as it is.
    let none = shown(
        &[],
        &[q(2, 1)],
        &q(2, 1),
        &BigInt::zero(),
        Units::Normalised,
    );
    assert_eq!(none.length, q(2, 1));
}

/// §3.5 and §8.1 (B7): on this 8-node platform EXTRACT finds 17 trees, more than 2|V| = 16;
/// compaction keeps a basic optimum of LP-T over them, the step says so with its numbers, and
/// the replayed trees are the solution's.
#[test]
fn compaction_runs_and_is_a_step_when_extract_gives_more_than_2v_trees() {
    let json = include_str!("../../tests/data/broadcast-compaction.json");
    let Ok(Instance::Broadcast(input)) = Instance::from_json(json) else {
        panic!("the fixture reads");
    };
    let traced = solve_traced(&input, "lp").unwrap();
    let extracted = traced
        .trace
        .steps
        .iter()
        .filter(|s| matches!(s, Step::Extracted { .. }))
        .count();
    assert_eq!(extracted, 17);
    let step = traced
        .trace
        .steps
        .iter()
        .find(|s| matches!(s, Step::Compacted { .. }))
        .expect("a compaction step");
    let Step::Compacted {
        before,
        trees: kept,
        total,
    } = step.clone()
    else {
        unreachable!()
    };
    let sol = check_invariants(&input, "lp");
    assert_eq!(before, 17);
    assert!(kept.len() <= 16, "{} trees kept", kept.len());
    assert_eq!(kept, sol.trees);
    assert_eq!(Some(total), sol.throughput);
    let state = traced.trace.state_at(State::new(), usize::MAX);
    assert_eq!(
        state.compacted,
        Some((17, kept.len(), sol.throughput.clone().unwrap()))
    );
    let ids = input.platform.ids();
    let arcs = input.platform.arcs();
    let ctx = Context {
        ids: &ids,
        arcs: &arcs,
    };
    let caption = crate::trace::Step::caption(step, &ctx);
    assert!(
        caption.starts_with("Compaction: EXTRACT gave 17 trees, more than two per node (16 here)"),
        "{caption}"
    );
}

/// broadcast.md §9.3, the EXTRACT unit test on E3: tree 1 starts at `α = 2/11`, whose Newton step
/// on the cut `{a, b, c, d}` (capacity `13/22`, entered twice) brings it to `3/22`; the remaining
/// throughput `K` goes 5/11 → 7/22 → 3/11 → 7/33 → 0.
#[test]
fn e3_extract_newton_step_and_remaining_throughput() {
    let input = super::tests::example("e3-five-nodes");
    let p = &input.platform;
    let mut steps = Vec::new();
    let usage = super::tests::e3_usage();
    super::extract::extract(p.nodes.len(), &p.arcs(), input.source, &usage, &mut |s| {
        steps.push(s);
    })
    .unwrap();
    let grown: Vec<(usize, Q)> = steps
        .iter()
        .filter_map(|s| match s {
            Step::GrewTree { tree, alpha, .. } => Some((*tree, alpha.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(grown[0], (0, q(2, 11)));
    let newton: Vec<(usize, Vec<usize>, Q, usize, Q)> = steps
        .iter()
        .filter_map(|s| match s {
            Step::NewtonStep {
                tree,
                cut,
                cap,
                crossing,
                alpha,
            } => Some((*tree, cut.clone(), cap.clone(), *crossing, alpha.clone())),
            _ => None,
        })
        .collect();
    let name = |v: &usize| p.nodes[*v].id.to_string();
    let first = &newton[0];
    assert_eq!(first.0, 0);
    assert_eq!(
        first.1.iter().map(name).collect::<Vec<_>>(),
        ["a", "b", "c", "d"]
    );
    assert_eq!((&first.2, first.3, &first.4), (&q(13, 22), 2, &q(3, 22)));
    let k: Vec<(Q, Q)> = steps
        .iter()
        .filter_map(|s| match s {
            Step::Extracted {
                k_before, k_after, ..
            } => Some((k_before.clone(), k_after.clone())),
            _ => None,
        })
        .collect();
    let want = [q(5, 11), q(7, 22), q(3, 11), q(7, 33), q(0, 1)];
    let chain: Vec<(Q, Q)> = want
        .windows(2)
        .map(|w| (w[0].clone(), w[1].clone()))
        .collect();
    assert_eq!(k, chain);
}
