//! The ring figure on a phone (issue 32): the platform alone, [`NARROW_WIDTH`] units wide so
//! that its 12-unit text stays at 11 px or more in a 360 px card, and the two plots (bars and
//! `T` against the ring size) as a second drawing of the same width, shown under the player, so
//! that the figure and the player share the first screen.

use hetlab_core::ring::{RingEval, RingState};

use super::panels::{bars, size_plot, Scale, HEIGHT, LOWER_TOP, WIDTH, X0};
use super::shapes::{moved, text, Anchor, Drawing, Shape};

/// Width of the narrow drawings: a phone's figure card at one unit per CSS px.
pub const NARROW_WIDTH: f64 = 360.0;
/// Height of the narrow platform: its lowest label's baseline and descent.
pub const NARROW_HEIGHT: f64 = 340.0;
/// How far the platform moves left: its circle and labels span 60–380 units of the stacked 440.
const SHIFT: f64 = -40.0;
/// The platform's title where the stacked one would not fit 360 units.
const TITLE: &str = "Platform: area ∝ speed 1/w; ring in blue";

/// The platform panel's `shapes` (its title first) alone, moved into [`NARROW_WIDTH`] ×
/// [`NARROW_HEIGHT`].
#[must_use]
pub fn platform_only(mut shapes: Vec<Shape>) -> Drawing {
    if let Some(Shape::Text { text: t, .. }) = shapes.first_mut() {
        TITLE.clone_into(t);
    }
    let shapes = shapes
        .into_iter()
        .enumerate()
        .map(|(k, sh)| if k == 0 { sh } else { moved(sh, SHIFT, 0.0) })
        .collect();
    Drawing {
        width: NARROW_WIDTH,
        height: NARROW_HEIGHT,
        shapes,
    }
}

/// The bars and the size plot, moved up to the top and squeezed into [`NARROW_WIDTH`]: the
/// axes and marks right of the plots' left edge narrow, the text keeps its size.
#[must_use]
pub fn plots(eval: Option<&RingEval>, s: &RingState, scale: &Scale) -> Drawing {
    let mut lower = Vec::new();
    bars(eval, scale, &mut lower);
    size_plot(s, scale, &mut lower);
    let mut shapes: Vec<Shape> = lower
        .into_iter()
        .map(|sh| squeezed(moved(sh, 0.0, -LOWER_TOP)))
        .collect();
    apart(&mut shapes);
    Drawing {
        width: NARROW_WIDTH,
        height: HEIGHT - LOWER_TOP,
        shapes,
    }
}

/// Leaves out the centred labels on one baseline (the bars' `P…` under each bar) that would
/// touch the one kept before them, at 7 units a character: every other one on a long ring.
fn apart(shapes: &mut [Shape]) {
    let mut last: Option<(f64, f64, f64)> = None;
    for s in shapes.iter_mut() {
        let Shape::Text {
            at,
            text: t,
            class: "tick",
            anchor: Anchor::Middle,
        } = s
        else {
            continue;
        };
        #[allow(clippy::cast_precision_loss)] // a few characters.
        let w = 7.0 * t.chars().count() as f64;
        if let Some((x, y, lw)) = last {
            if (at[1] - y).abs() < 1e-9 && at[0] - x < f64::midpoint(w, lw) + 3.0 {
                t.clear();
                continue;
            }
        }
        last = Some((at[0], at[1], w));
    }
}

/// `x` in the narrow plots: left of [`X0`] (the y labels, the titles) unchanged, right of it
/// narrowed so that the stacked width lands on [`NARROW_WIDTH`].
fn nx(x: f64) -> f64 {
    if x <= X0 {
        x
    } else {
        X0 + (x - X0) * (NARROW_WIDTH - X0) / (WIDTH - X0)
    }
}

/// `shape` with its x coordinates narrowed by [`nx`]; sizes of circles and text unchanged.
fn squeezed(shape: Shape) -> Shape {
    match shape {
        Shape::Rect { at, class, fill } => Shape::Rect {
            at: [nx(at[0]), at[1], nx(at[0] + at[2]) - nx(at[0]), at[3]],
            class,
            fill,
        },
        Shape::Line { at, class } => Shape::Line {
            at: [nx(at[0]), at[1], nx(at[2]), at[3]],
            class,
        },
        Shape::Circle { at, class, fill } => Shape::Circle {
            at: [nx(at[0]), at[1], at[2]],
            class,
            fill,
        },
        Shape::Poly { points, class } => Shape::Poly {
            points: points.into_iter().map(|(x, y)| (nx(x), y)).collect(),
            class,
        },
        Shape::Text {
            at,
            text: t,
            class,
            anchor,
        } => text(nx(at[0]), at[1], t, class, anchor),
    }
}
