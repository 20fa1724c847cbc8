//! The homogeneous panel (ring.md §3, §11): the two lines `T/H = (W/H)·w_min` (the fastest
//! processor alone) and `T/H = (W/H)·w_cumul + 2c` (every processor) against `W/H`, crossing at
//! the threshold, with the instance's own `W/H` marked. The points are the core's
//! ([`hetlab_core::ring::homogeneous::panel`]); this only places them.

use hetlab_core::rational::to_f64;
use hetlab_core::ring::homogeneous::Panel;

use super::{line, text, Anchor, Drawing, Shape};

/// Width of the plot.
pub const WIDTH: f64 = 440.0;
/// Height of the plot.
pub const HEIGHT: f64 = 260.0;
const X0: f64 = 56.0;
const X1: f64 = 420.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 206.0;

/// `W/H` and `T/H` as plot coordinates.
struct Axes {
    x_max: f64,
    y_max: f64,
}

impl Axes {
    fn x(&self, r: f64) -> f64 {
        X0 + (X1 - X0) * (r / self.x_max).clamp(0.0, 1.0)
    }
    fn y(&self, t: f64) -> f64 {
        BOTTOM - (BOTTOM - TOP) * (t / self.y_max).clamp(0.0, 1.0)
    }
}

/// A short decimal for a tick (`12.5`, `3.6`, `0.45`).
fn tick(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// The plot of `p` on `processors` processors.
#[must_use]
pub fn plot(p: &Panel, processors: usize) -> Drawing {
    let pts: Vec<(f64, f64, f64)> = p
        .points
        .iter()
        .map(|q| (to_f64(&q.ratio), to_f64(&q.alone), to_f64(&q.all)))
        .collect();
    let x_max = pts.last().map_or(1.0, |l| l.0).max(f64::MIN_POSITIVE);
    let y_max = pts
        .iter()
        .map(|l| l.1.max(l.2))
        .fold(f64::MIN_POSITIVE, f64::max);
    let a = Axes { x_max, y_max };
    let mut out: Vec<Shape> = vec![
        text(
            8.0,
            18.0,
            "T_step/H against W/H (homogeneous links)",
            "title",
            Anchor::Start,
        ),
        line(X0, BOTTOM, X1, BOTTOM, "axis"),
        line(X0, TOP, X0, BOTTOM, "axis"),
    ];
    for k in 0..=4 {
        let f = f64::from(k) / 4.0;
        let (x, y) = (X0 + (X1 - X0) * f, BOTTOM - (BOTTOM - TOP) * f);
        out.push(text(
            x,
            BOTTOM + 16.0,
            tick(x_max * f),
            "tick",
            Anchor::Middle,
        ));
        out.push(text(
            X0 - 6.0,
            y + 4.0,
            tick(y_max * f),
            "tick",
            Anchor::End,
        ));
        if k > 0 {
            out.push(line(X0, y, X1, y, "grid"));
        }
    }
    out.push(text(X1, BOTTOM + 34.0, "W/H", "tick", Anchor::End));
    out.push(text(
        X0 - 6.0,
        TOP - 10.0,
        "T_step/H",
        "tick",
        Anchor::Start,
    ));
    let poly = |f: fn(&(f64, f64, f64)) -> f64| -> Vec<(f64, f64)> {
        pts.iter().map(|l| (a.x(l.0), a.y(f(l)))).collect()
    };
    out.push(Shape::Poly {
        points: poly(|l| l.1),
        class: "greedy",
    });
    out.push(Shape::Poly {
        points: poly(|l| l.2),
        class: "exact",
    });
    // Each line named at its right end, above it.
    if let Some(&(_, alone, all)) = pts.last() {
        let name = format!("P{} alone", p.fastest);
        out.push(text(X1, a.y(alone) - 6.0, name, "tick", Anchor::End));
        let name = format!("all {processors}");
        out.push(text(X1, a.y(all) - 6.0, name, "tick", Anchor::End));
    }
    if let Some(th) = &p.lines.threshold {
        let x = a.x(to_f64(th));
        out.push(line(x, TOP, x, BOTTOM, "here"));
        let label = format!("cross at {}", tick(to_f64(th)));
        out.push(text(x + 4.0, TOP + 14.0, label, "tick", Anchor::Start));
    }
    let (r, t) = (to_f64(&p.here.ratio), to_f64(p.here.best()));
    let x = a.x(r);
    out.push(line(x, TOP - 6.0, x, BOTTOM + 4.0, "marker"));
    out.push(Shape::Circle {
        at: [x, a.y(t), 4.0],
        class: "here-dot",
        fill: None,
    });
    Drawing {
        width: WIDTH,
        height: HEIGHT,
        shapes: out,
    }
}
