//! Native tests of RB's recursion tree drawing: EX2's whole tree (numbers worked by hand in the
//! core's tests), the highlight following the step, and the window of a 256-processor tree.

use super::tree::{rb_tree, TREE_WIDTH};
use crate::draw::shapes::{probe, Shape};
use hetlab_core::chains::workload::{speeds, uniform};
use hetlab_core::chains::{solve_traced, ChainStep, ChainsInput, ChainsState};

fn tips<'a>(shapes: &'a [Shape], class: &str) -> Vec<&'a str> {
    shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Rect {
                class: c,
                tip: Some(t),
                ..
            } if c.split(' ').any(|w| w == class) => Some(t.as_str()),
            _ => None,
        })
        .collect()
}

/// The states right after each `rb_split` step, and the state at the end.
fn states(input: &ChainsInput) -> (Vec<ChainsState>, ChainsState) {
    let t = solve_traced(input, "rb").unwrap();
    let at = |k| t.trace.state_at(ChainsState::new(input), k);
    let splits = (0..t.trace.steps.len())
        .filter(|&i| matches!(t.trace.steps[i], ChainStep::RbSplit { .. }))
        .map(|i| at(i + 1))
        .collect();
    (splits, at(usize::MAX))
}

#[test]
fn ex2_draws_the_whole_tree_and_highlights_the_node_being_split() {
    let input = ChainsInput::new(vec![2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5], vec![3, 1, 2, 2]);
    let (splits, end) = states(&input);
    let v = rb_tree(&end.rb).unwrap();
    assert_eq!((v.shown, v.hidden.as_deref()), (7, None));
    let nodes = tips(&v.drawing.shapes, "rb-node");
    assert_eq!(nodes.len(), 7);
    assert!(nodes.contains(&"P1..P4, tasks 1..12, load 7; cut after P2 at s_2 = 6"));
    assert!(nodes.contains(&"P1, tasks 1..5, load 20/3 ≈ 6.6667 (a single processor: final)"));
    assert!(nodes.contains(&"P2, task 6, load 8 (a single processor: final)"));
    assert_eq!(probe::count(&v.drawing.shapes, "rb-current"), 0);
    assert_eq!(probe::count(&v.drawing.shapes, "rb-edge"), 6);
    let labels = probe::texts(&v.drawing.shapes);
    for l in [
        "P1..P4",
        "tasks 1..12",
        "load 7",
        "s2 = 6",
        "P3..P4",
        "load 17/2",
    ] {
        assert!(labels.contains(&l), "{l} in {labels:?}");
    }
    let current: Vec<Vec<String>> = splits
        .iter()
        .map(|s| {
            let v = rb_tree(&s.rb).unwrap();
            tips(&v.drawing.shapes, "rb-current")
                .iter()
                .map(|t| t.split(',').next().unwrap_or("").to_owned())
                .collect()
        })
        .collect();
    assert_eq!(current, [["P1..P4"], ["P1..P2"], ["P3..P4"]]);
    // After the first split only the root and its two children exist; P1..P2 is still to do.
    let first = rb_tree(&splits[0].rb).unwrap();
    assert_eq!(first.shown, 3);
    assert_eq!(probe::count(&first.drawing.shapes, "rb-todo"), 2);
    assert!(rb_tree(&ChainsState::new(&input).rb).is_none());
}

#[test]
fn deep_trees_show_a_window_and_say_what_is_hidden() {
    let input = ChainsInput::new(uniform(5000, 1, 100, 3), speeds(256, 8, 11, 1));
    let (splits, end) = states(&input);
    let v = rb_tree(&end.rb).unwrap();
    assert_eq!(v.shown, 15);
    assert_eq!(
        v.hidden.as_deref(),
        Some("Levels 1–4 of 9 are drawn; 496 of the 511 nodes built so far are hidden.")
    );
    // The last split is deep down: the window starts two levels above it.
    let last = rb_tree(&splits[splits.len() - 1].rb).unwrap();
    let hidden = last.hidden.unwrap();
    assert!(
        hidden.starts_with("Levels 6–9 of 9 are drawn, under P249..P256 (the branch being split: P1..P256 › P129..P256 › P193..P256 › P225..P256 › P241..P256 › P249..P256)"),
        "{hidden}"
    );
    assert_eq!(tips(&last.drawing.shapes, "rb-current").len(), 1);
    assert!(tips(&last.drawing.shapes, "rb-current")[0].starts_with("P255..P256,"));
    // Every state draws a bounded window inside the drawing's width.
    for s in splits.iter().chain([&end]) {
        let v = rb_tree(&s.rb).unwrap();
        assert!(v.shown <= 15 && v.height <= 300.0);
        for sh in &v.drawing.shapes {
            if let Shape::Rect { x, w, .. } = sh {
                assert!(*x >= 0.0 && x + w <= TREE_WIDTH && *w >= 1.0);
            }
        }
    }
}
