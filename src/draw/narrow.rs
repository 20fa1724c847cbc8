//! A figure drawn for a desktop card, narrowed for a phone's (issue 32): drawn `from` units wide
//! and shown in a card too narrow for its smallest text to stay at 11 px, it is redrawn `to`
//! units wide, so that one unit is about one CSS pixel. Left of `x0` (the row and axis labels)
//! nothing moves; right of it every x scales by `(to − x0) / (from − x0)`: rectangles, segments
//! and polylines narrow, the text keeps its size. A label pushed past the card's right edge
//! moves back inside (cut with `…` when wider than the card); a label that now covers a longer
//! one (or an earlier one as long) it did not cover before is left out (the rule of the dense
//! figures: what cannot fit is dropped, and the figure's Data table, built from the shapes before
//! narrowing, still lists it). The number of shapes never changes
//! (a left-out label is emptied), so ranges into the shapes stay valid.

use hetlab_core::sort;

use super::labels::{truncate, width};
use super::shapes::{Anchor, Shape};

/// Text size assumed for the boxes of labels (CSS px): the largest of the figures' label sizes,
/// so that the estimate errs on the side of leaving a label out.
const PX: f64 = 13.0;

/// How wide (units) to draw a figure `from` units wide whose smallest text is `text` units, in a
/// card `card` CSS px wide: `from` when its text stays at 11 px or more, narrower otherwise (one
/// unit per CSS px at 11 px text), but never under `floor`.
#[must_use]
pub fn width_for(card: f64, from: f64, text: f64, floor: f64) -> f64 {
    if card <= 0.0 || card * text / from >= 11.0 {
        from
    } else {
        (card * text / 11.0).floor().clamp(floor.min(from), from)
    }
}

/// `shapes` drawn `from` units wide, narrowed to `to` (see the module's rule).
#[must_use]
pub fn narrowed(shapes: &[Shape], x0: f64, from: f64, to: f64) -> Vec<Shape> {
    if to >= from || from <= x0 {
        return shapes.to_vec();
    }
    let f = (to - x0) / (from - x0);
    let nx = |x: f64| if x <= x0 { x } else { x0 + (x - x0) * f };
    let mut out: Vec<Shape> = shapes.iter().map(|s| squeezed(s, &nx)).collect();
    let before: Vec<Option<Box4>> = shapes.iter().map(text_box).collect();
    // The longer labels first (a title, a node's name before the numbers beside it).
    let mut order: Vec<usize> = (0..out.len()).collect();
    sort::by_key(&mut order, |&i| match &out[i] {
        Shape::Text { text, .. } => std::cmp::Reverse(text.chars().count()),
        _ => std::cmp::Reverse(0),
    });
    let mut kept: Vec<(usize, Box4)> = Vec::new();
    for i in order {
        let Some(b) = inside(&mut out[i], to) else {
            continue;
        };
        let covers = kept.iter().any(|&(j, k)| {
            overlap(&b, &k)
                && !before[i]
                    .zip(before[j])
                    .is_some_and(|(a, c)| overlap(&a, &c))
        });
        if let (true, Shape::Text { text, .. }) = (covers, &mut out[i]) {
            text.clear();
        } else {
            kept.push((i, b));
        }
    }
    out
}

/// A text moved back inside `0..to` (cut with `…` when wider): its box; `None` for other
/// shapes and empty texts.
fn inside(s: &mut Shape, to: f64) -> Option<Box4> {
    let b = text_box(s)?;
    let Shape::Text { text, .. } = s else {
        return None;
    };
    if b.1 - b.0 > to - 2.0 {
        *text = truncate(text, to - 4.0, PX, true).0;
    }
    let b = text_box(s)?;
    let shift = if b.1 > to {
        to - b.1
    } else if b.0 < 0.0 {
        -b.0
    } else {
        0.0
    };
    if let Shape::Text { x, .. } = s {
        *x += shift;
    }
    Some((b.0 + shift, b.1 + shift, b.2, b.3))
}

/// A text's estimated box `(x0, x1, y0, y1)`, in bold at [`PX`].
type Box4 = (f64, f64, f64, f64);

fn text_box(s: &Shape) -> Option<Box4> {
    let Shape::Text {
        x, y, text, anchor, ..
    } = s
    else {
        return None;
    };
    if text.trim().is_empty() {
        return None;
    }
    let w = width(text, PX, true);
    let left = match anchor {
        Anchor::Start => *x,
        Anchor::Middle => x - w / 2.0,
        Anchor::End => x - w,
    };
    Some((left, left + w, y - 0.8 * PX, y + 0.2 * PX))
}

fn overlap(a: &Box4, b: &Box4) -> bool {
    a.0 < b.1 - 0.5 && b.0 < a.1 - 0.5 && a.2 < b.3 - 0.5 && b.2 < a.3 - 0.5
}

fn squeezed(s: &Shape, nx: &impl Fn(f64) -> f64) -> Shape {
    match s.clone() {
        Shape::Rect {
            x,
            y,
            w,
            h,
            class,
            fill,
            tip,
        } => Shape::Rect {
            x: nx(x),
            y,
            w: nx(x + w) - nx(x),
            h,
            class,
            fill,
            tip,
        },
        Shape::Line {
            x1,
            y1,
            x2,
            y2,
            class,
        } => Shape::Line {
            x1: nx(x1),
            y1,
            x2: nx(x2),
            y2,
            class,
        },
        Shape::Poly { points, class } => Shape::Poly {
            points: points.into_iter().map(|(x, y)| (nx(x), y)).collect(),
            class,
        },
        Shape::Text {
            x,
            y,
            text,
            class,
            anchor,
        } => Shape::Text {
            x: nx(x),
            y,
            text,
            class,
            anchor,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::shapes::{line, rect, text};

    #[test]
    fn a_figure_narrows_only_where_its_text_would_fall_under_11_px() {
        // The chains figure (440 units, 13 px text) in a phone's 359 px card: 424 units.
        assert!((width_for(359.0, 440.0, 13.0, 300.0) - 424.0).abs() < 1e-9);
        assert!((width_for(359.0, 440.0, 11.0, 300.0) - 359.0).abs() < 1e-9);
        assert!((width_for(800.0, 440.0, 11.0, 300.0) - 440.0).abs() < 1e-9);
        assert!((width_for(200.0, 440.0, 11.0, 300.0) - 300.0).abs() < 1e-9);
        assert!((width_for(0.0, 440.0, 11.0, 300.0) - 440.0).abs() < 1e-9);
    }

    fn text_at(s: &Shape) -> (f64, &str) {
        match s {
            Shape::Text { x, text, .. } => (*x, text.as_str()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn marks_narrow_right_of_x0_and_labels_keep_clear() {
        let shapes = vec![
            text(36.0, 20.0, "10", "tick", Anchor::End),
            rect(40.0, 30.0, 400.0, 10.0, "bar"),
            line(40.0, 50.0, 440.0, 50.0, "axis"),
            // Near the right edge: pushed out by nothing, but must stay inside.
            text(430.0, 80.0, "T = 12", "tick", Anchor::Start),
            // Two labels apart at 440 units, on top of each other at 240: the longer stays.
            text(200.0, 120.0, "left", "tick", Anchor::Middle),
            text(260.0, 120.0, "right", "tick", Anchor::Middle),
            // Two labels that already overlapped: both kept.
            text(100.0, 160.0, "same", "tick", Anchor::Start),
            text(102.0, 160.0, "same", "tick", Anchor::Start),
        ];
        let out = narrowed(&shapes, 40.0, 440.0, 240.0);
        assert_eq!(out.len(), shapes.len());
        assert_eq!(text_at(&out[0]), (36.0, "10"));
        match &out[1] {
            Shape::Rect { x, w, .. } => {
                assert!((x - 40.0).abs() < 1e-9 && (w - 200.0).abs() < 1e-9);
            }
            other => panic!("{other:?}"),
        }
        match &out[2] {
            Shape::Line { x1, x2, .. } => {
                assert!((x1 - 40.0).abs() < 1e-9 && (x2 - 240.0).abs() < 1e-9);
            }
            other => panic!("{other:?}"),
        }
        let (x, _) = text_at(&out[3]);
        assert!(x + width("T = 12", PX, true) <= 240.0 + 1e-9, "{x}");
        assert_eq!(text_at(&out[4]).1, "", "the shorter label is left out");
        assert_eq!(text_at(&out[5]).1, "right");
        assert_eq!(text_at(&out[6]).1, "same");
        assert_eq!(text_at(&out[7]).1, "same");
        assert_eq!(narrowed(&shapes, 40.0, 440.0, 440.0), shapes);
    }

    #[test]
    fn the_chains_figure_on_a_phone_keeps_its_labels_inside() {
        use crate::draw::chains::{figure, value_range, WIDTH, X0};
        use hetlab_core::chains::{solve_traced, ChainsInput, ChainsState};
        let input = ChainsInput::new(vec![2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5], vec![3, 1, 2, 2]);
        let t = solve_traced(&input, "exact-bisection").unwrap();
        let range = value_range(&t.solution.ideal, &t.trace.steps);
        let s = t.trace.state_at(ChainsState::new(&input), t.trace.len());
        let d = figure(&s, t.trace.steps.last(), range);
        let to = width_for(359.0, WIDTH, 13.0, 300.0);
        let out = narrowed(&d.shapes, X0, WIDTH, to);
        for b in out.iter().filter_map(text_box) {
            assert!(b.0 >= -1e-9 && b.1 <= to + 1e-9, "{b:?} outside 0..{to}");
        }
    }
}
