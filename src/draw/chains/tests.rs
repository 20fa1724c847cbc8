//! Native tests of the chains figure on the worked examples of chains.md §12.

use super::drawing::{SEP_ROWS, STAIR_TOP};
use super::*;
use crate::draw::palette::colour;
use crate::draw::shapes::probe;
use hetlab_core::chains::{solve_traced, ChainStep, ChainsInput};

fn ex2() -> ChainsInput {
    ChainsInput::new(vec![2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5], vec![3, 1, 2, 2])
}

fn texts(d: &Drawing) -> Vec<&str> {
    probe::texts(&d.shapes)
}

fn count(d: &Drawing, class: &str) -> usize {
    probe::count(&d.shapes, class)
}

#[test]
fn the_start_shows_no_partition_yet() {
    let input = ex2();
    let s = ChainsState::new(&input);
    assert!(!placed(&s));
    let d = figure(&s, None, (7.0, 15.0));
    assert_eq!(count(&d, "sep"), 0);
    assert_eq!(count(&d, "part"), 0);
    assert_eq!(count(&d, "stair"), 0, "nothing built yet");
    assert_eq!(count(&d, "task"), 12);
    assert_eq!(count(&d, "proc"), 4);
    assert!(texts(&d).contains(&"The loads appear once separators are placed."));
}

#[test]
fn ex2_ends_on_the_optimal_partition() {
    let input = ex2();
    let t = solve_traced(&input, "exact-bisection").unwrap();
    let range = value_range(&t.solution.ideal, &t.trace.steps);
    assert!(range.0 < 7.0 && range.1 >= 15.0, "{range:?}");
    let s = t.trace.state_at(ChainsState::new(&input), usize::MAX);
    assert_eq!(s.separators, vec![0, 5, 6, 9, 12]);
    let d = figure(&s, t.trace.steps.last(), range);
    assert_eq!(count(&d, "sep"), 3);
    assert_eq!(count(&d, "part"), 4);
    assert_eq!(count(&d, "guide"), 3);
    assert_eq!(count(&d, "bottleneck"), 1);
    assert_eq!(count(&d, "result"), 1);
    let t = texts(&d);
    for want in ["B = 17/2", "B* = 7", "20/3", "11/2", "s1", "s3", "P1 (3)"] {
        assert!(t.contains(&want), "{want} missing from {t:?}");
    }
    assert!(
        t.iter().any(|x| x.contains("[LB, UB] = [17/2, 17/2]")),
        "{t:?}"
    );
}

#[test]
fn a_probe_step_draws_its_target_and_search_window() {
    let input = ex2();
    let t = solve_traced(&input, "exact-bisection").unwrap();
    let k = t
        .trace
        .steps
        .iter()
        .position(|s| matches!(s, ChainStep::ProbeStep { .. }))
        .unwrap()
        + 1;
    let s = t.trace.state_at(ChainsState::new(&input), k);
    let d = figure(&s, t.trace.steps.get(k - 1), (6.0, 16.0));
    assert_eq!(count(&d, "target"), 1);
    assert_eq!(count(&d, "window"), 1);
    assert_eq!(count(&d, "mid"), 1);
    assert!(texts(&d).contains(&"target 33"));
}

#[test]
fn every_shape_stays_inside_the_view_box() {
    let input = ChainsInput::new(
        (1..=3000).map(|i| 1 + i % 17).collect(),
        vec![1, 4, 2, 9, 3, 3, 1],
    );
    for algo in ["rb", "cp-random", "dp-plus"] {
        let t = solve_traced(&input, algo).unwrap();
        let range = value_range(&t.solution.ideal, &t.trace.steps);
        for k in [0, t.trace.len() / 2, t.trace.len()] {
            let s = t.trace.state_at(ChainsState::new(&input), k);
            let d = figure(
                &s,
                k.checked_sub(1).and_then(|i| t.trace.steps.get(i)),
                range,
            );
            assert!(count(&d, "task") <= hetlab_core::chains::BAR_CELLS);
            for shape in &d.shapes {
                let (x, y) = match shape {
                    Shape::Rect { x, y, .. } | Shape::Text { x, y, .. } => (*x, *y),
                    Shape::Line { x2, y2, .. } => (*x2, *y2),
                    Shape::Poly { points, .. } => points.last().copied().unwrap_or_default(),
                };
                assert!(
                    (0.0..=WIDTH).contains(&x) && (0.0..=HEIGHT).contains(&y),
                    "{algo} {k}: {shape:?}"
                );
            }
        }
    }
}

#[test]
fn cp_colours_follow_the_processor_order() {
    let mut s = ChainsState::new(&ChainsInput::new(vec![1, 2, 3], vec![1, 2, 3]));
    s.order = Some(vec![2, 0, 1]);
    assert_eq!(owner(&s, 0), 2);
    assert_eq!(owner(&s, 5), 5, "out of range falls back to the position");
    assert_eq!(s.chain_speeds(), vec![3, 1, 2]);
}

#[test]
fn the_svg_document_is_escaped_and_complete() {
    let input = ex2();
    let t = solve_traced(&input, "rb").unwrap();
    let s = t.trace.state_at(ChainsState::new(&input), usize::MAX);
    let d = figure(&s, None, value_range(&t.solution.ideal, &t.trace.steps));
    let svg = to_svg_document(&d, "rb <EX2> & co");
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    assert!(svg.contains("rb &lt;EX2&gt; &amp; co"));
    assert_eq!(svg.matches("<text").count(), texts(&d).len());
    assert!(svg.contains(&format!(r#"fill="{}""#, colour(0))));
    assert!(svg.contains(r#"viewBox="0 0 440 514""#));
}

#[test]
fn dp_cells_and_nicol_steps_are_marked_on_the_staircase() {
    let input = ex2();
    for (algo, want) in [("dp", "P2 takes tasks"), ("nicol", "up to task")] {
        let t = solve_traced(&input, algo).unwrap();
        let k = t
            .trace
            .steps
            .iter()
            .position(|s| {
                matches!(
                    s,
                    ChainStep::DpCell { p: 2, i: 5, .. } | ChainStep::NicolStep { .. }
                )
            })
            .unwrap()
            + 1;
        let s = t.trace.state_at(ChainsState::new(&input), k);
        let d = figure(&s, t.trace.steps.get(k - 1), (6.0, 16.0));
        assert!(
            texts(&d).iter().any(|x| x.contains(want)),
            "{algo}: {:?}",
            texts(&d)
        );
    }
}

/// The label texts and anchors of [`separator_labels`], with their rows (0 = top).
fn sep_labels(at: &[f64]) -> Vec<(String, Anchor, usize)> {
    separator_labels(at)
        .into_iter()
        .map(|s| match s {
            Shape::Text {
                y, text, anchor, ..
            } => {
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let row = ((y - STAIR_TOP - 10.0) / 14.0).round() as usize;
                (text, anchor, row)
            }
            other => panic!("not a text: {other:?}"),
        })
        .collect()
}

#[test]
fn separators_at_one_place_share_a_label_and_labels_never_cross_the_right_edge() {
    // EX5's end: s = [0, 3, 5, 6, 6, 6, 6, 6, 6]: s3..s8 all at the chain's end (x = X1).
    let at = [X0 + 191.0, X0 + 318.3, X1, X1, X1, X1, X1, X1];
    let got = sep_labels(&at);
    assert_eq!(
        got,
        vec![
            ("s1".to_owned(), Anchor::Start, 0),
            ("s2".to_owned(), Anchor::Start, 0),
            ("s3–s8".to_owned(), Anchor::End, 1),
        ]
    );
    // EX8's end: s1 = s2 = 0.
    assert_eq!(
        sep_labels(&[X0, X0]),
        vec![("s1,s2".to_owned(), Anchor::Start, 0)]
    );
}

#[test]
fn close_separator_labels_go_down_a_row_and_the_rest_are_dropped() {
    let at: Vec<f64> = (0..6).map(|k| X0 + 100.0 + 4.0 * f64::from(k)).collect();
    let got = sep_labels(&at);
    assert_eq!(got.len(), SEP_ROWS);
    let rows: Vec<usize> = got.iter().map(|g| g.2).collect();
    assert_eq!(rows, vec![0, 1, 2, 3]);
}
