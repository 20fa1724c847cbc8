//! The plot of `N(T)/UB(T)` against `T` for the periodic pattern and the greedy
//! (master-slave.md §10.3 item 6): the ramp-up of the pattern and its approach to the bound.

use hetlab_core::master_slave::solution::SeriesPoint;
use hetlab_core::rational::to_f64;

use super::gantt::tick_label;
use super::shapes::{line, text, Anchor, Drawing, Shape, WIDTH};
use crate::draw::ticks::{ticks, WITHIN};

const LEFT: f64 = 44.0;
const RIGHT: f64 = WIDTH - 16.0;
const TOP: f64 = 24.0;
const BOTTOM: f64 = 184.0;

#[allow(clippy::cast_precision_loss)] // Task counts are at most 20 000.
fn ratio(n: u64, ub: u64) -> Option<f64> {
    (ub > 0).then(|| n as f64 / ub as f64)
}

/// The plot; `None` without points.
#[must_use]
pub fn series(points: &[SeriesPoint]) -> Option<Drawing> {
    let last = to_f64(&points.last()?.t);
    let span = if last > 0.0 { last } else { 1.0 };
    let x = |t: f64| LEFT + (RIGHT - LEFT) * (t / span).clamp(0.0, 1.0);
    let y = |r: f64| BOTTOM - (BOTTOM - TOP) * r.clamp(0.0, 1.0);
    let mut out = vec![text(
        LEFT,
        14.0,
        "Tasks done / UB(T), against T",
        "title",
        Anchor::Start,
    )];
    out.push(line(LEFT, BOTTOM, RIGHT, BOTTOM, "axis"));
    out.push(line(LEFT, TOP, LEFT, BOTTOM, "axis"));
    for (r, label) in [(0.0, "0"), (0.5, "0.5"), (1.0, "1")] {
        out.push(text(LEFT - 4.0, y(r) + 4.0, label, "tick", Anchor::End));
    }
    for t in ticks(span, WITHIN) {
        out.push(text(
            x(t),
            BOTTOM + 14.0,
            tick_label(t),
            "tick",
            Anchor::Middle,
        ));
    }
    let curve = |pick: &dyn Fn(&SeriesPoint) -> Option<u64>, class| {
        let pts: Vec<(f64, f64)> = points
            .iter()
            .filter_map(|p| Some((x(to_f64(&p.t)), y(ratio(pick(p)?, p.ub)?))))
            .collect();
        (pts.len() >= 2).then_some(Shape::Poly { points: pts, class })
    };
    out.extend(curve(&|p| Some(p.periodic), "curve-periodic"));
    out.extend(curve(&|p| p.greedy, "curve-greedy"));
    out.push(text(
        RIGHT,
        BOTTOM + 30.0,
        "blue: periodic pattern, orange: greedy",
        "tick",
        Anchor::End,
    ));
    Some(Drawing {
        height: BOTTOM + 38.0,
        shapes: out,
    })
}
