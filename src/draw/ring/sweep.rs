//! The number of processors used against `W/H` (ring.md §10.2, paper Fig. 3): the greedy's and
//! the exact method's step plots on a log axis from `W/H = 1` to `10^4`, with the slider's
//! ratio and the instance's own ratio marked.

use hetlab_core::ring::sweep::Point;

use super::{line, text, Anchor, Drawing, Shape};

/// Width of the plot.
pub const WIDTH: f64 = 440.0;
/// Height of the plot.
pub const HEIGHT: f64 = 250.0;
/// The axis spans the core's sweep: smallest and largest ratio.
pub use hetlab_core::ring::extras::{SWEEP_HI as HI, SWEEP_LO as LO};
const X0: f64 = 46.0;
const X1: f64 = 420.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 196.0;

/// x of a ratio (log scale, clamped to the axis).
#[must_use]
pub fn ratio_x(r: f64) -> f64 {
    let f = (r.max(LO).log10() - LO.log10()) / (HI.log10() - LO.log10());
    X0 + (X1 - X0) * f.clamp(0.0, 1.0)
}

#[allow(clippy::cast_precision_loss)] // q ≤ 32.
fn q_y(q: usize, p: usize) -> f64 {
    if p <= 1 {
        return BOTTOM;
    }
    BOTTOM - (BOTTOM - TOP) * (q.saturating_sub(1)) as f64 / (p - 1) as f64
}

fn steps(points: &[Point], p: usize, class: &'static str, out: &mut Vec<Shape>) {
    let mut xy = Vec::with_capacity(points.len() * 2);
    for (k, pt) in points.iter().enumerate() {
        let (x, y) = (ratio_x(pt.ratio), q_y(pt.q, p));
        if let Some(prev) = k.checked_sub(1).and_then(|j| points.get(j)) {
            xy.push((x, q_y(prev.q, p)));
        }
        xy.push((x, y));
    }
    if xy.len() >= 2 {
        out.push(Shape::Poly { points: xy, class });
    }
}

/// The plot: `greedy` and `exact` are curves sampled on increasing ratios; `marker` is the
/// slider's ratio, `here` the instance's.
#[must_use]
pub fn plot(
    p: usize,
    greedy: &[Point],
    exact: Option<&[Point]>,
    marker: Option<f64>,
    here: Option<f64>,
) -> Drawing {
    let mut out = vec![text(
        8.0,
        18.0,
        "Processors used against W/H (paper Fig. 3)",
        "title",
        Anchor::Start,
    )];
    out.push(line(X0, BOTTOM, X1, BOTTOM, "axis"));
    out.push(line(X0, TOP, X0, BOTTOM, "axis"));
    for k in 0..=4 {
        let r = 10f64.powi(k);
        let x = ratio_x(r);
        out.push(line(x, TOP, x, BOTTOM, "grid"));
        let label = if k == 4 {
            "10^4".to_owned()
        } else {
            format!("{r}")
        };
        out.push(text(x, BOTTOM + 16.0, label, "tick", Anchor::Middle));
    }
    out.push(text(
        X1,
        BOTTOM + 34.0,
        "W/H (log scale)",
        "tick",
        Anchor::End,
    ));
    let labels: Vec<usize> = if p > 1 { vec![1, p] } else { vec![1] };
    for q in labels {
        out.push(text(
            X0 - 6.0,
            q_y(q, p) + 4.0,
            q.to_string(),
            "tick",
            Anchor::End,
        ));
    }
    out.push(text(X0 - 6.0, TOP - 10.0, "q", "tick", Anchor::End));
    if let Some(e) = exact {
        steps(e, p, "exact", &mut out);
    }
    steps(greedy, p, "greedy", &mut out);
    if let Some(r) = here {
        let x = ratio_x(r);
        out.push(line(x, TOP - 6.0, x, BOTTOM, "here"));
    }
    if let Some(r) = marker {
        let x = ratio_x(r);
        out.push(line(x, TOP - 6.0, x, BOTTOM + 4.0, "marker"));
    }
    Drawing {
        width: WIDTH,
        height: HEIGHT,
        shapes: out,
    }
}
