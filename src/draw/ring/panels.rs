//! The two lower panels of the ring figure (ring.md §11 c–d): one bar per ring member split into
//! compute `α_i·W·w_i` (processor colour) and communication `H·comm_i` (grey) with the line `T`
//! (and `T_closed` dashed when the ring is communication-bound) and the water level `ℓ` dotted,
//! and `T` against the ring size:
//! the greedy's history, the exact best per size, Held–Karp's lower bounds and the candidates
//! of the current greedy iteration.

use hetlab_core::rational::{approx, to_f64, Q};
use hetlab_core::ring::{RingEval, RingState};

use super::{bar, line, rect, text, Anchor, Shape};
use crate::draw::palette::colour;

/// Width of the figure (SVG units): narrow enough for a phone.
pub const WIDTH: f64 = 440.0;
/// Height of the figure.
pub const HEIGHT: f64 = 676.0;
/// Where the lower panels (bars, size plot) start in the stacked arrangement: their first title's
/// top, less a margin.
pub const LOWER_TOP: f64 = BAR_TITLE - 20.0;
/// Left edge of the plots (room for the y labels).
pub const X0: f64 = 46.0;
/// Right edge of the bars (the line labels sit beyond).
const BARS_X1: f64 = 340.0;
/// Right edge of the size plot.
const PLOT_X1: f64 = 420.0;
/// Baseline of the bar chart's title.
pub const BAR_TITLE: f64 = 350.0;
/// Top of the bars.
pub const BAR_TOP: f64 = 372.0;
/// Bottom of the bars.
pub const BAR_BOTTOM: f64 = 484.0;
const PLOT_TITLE: f64 = 530.0;
/// Top of the size plot.
pub const PLOT_TOP: f64 = 548.0;
/// Bottom of the size plot.
pub const PLOT_BOTTOM: f64 = 640.0;

/// The fixed axes of one run, so that the bars and points move against still axes.
#[derive(Clone, Debug, PartialEq, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Scale {
    /// Number of processors (x axis of the size plot).
    pub p: usize,
    /// Top of the bar axis: the longest member time of any ring shown.
    pub bar_max: f64,
    /// Top of the size plot: the largest `T` of any series.
    pub size_max: f64,
}

impl Scale {
    /// The axes of a run: `evals` are every ring the run shows, `end` the state after the last
    /// step (its series are complete).
    pub fn of<'a>(
        p: usize,
        evals: impl IntoIterator<Item = &'a RingEval>,
        end: &RingState,
    ) -> Scale {
        let bar_max = evals
            .into_iter()
            .flat_map(|e| {
                let times = e
                    .compute
                    .iter()
                    .zip(&e.communicate)
                    .map(|(a, b)| to_f64(&(a + b)));
                times.chain([to_f64(&e.t)])
            })
            .fold(0.0, f64::max);
        let size_max = end
            .greedy_series
            .iter()
            .chain(&end.exact_series)
            .chain(&end.lower_series)
            .map(|(_, t)| to_f64(t))
            .chain(end.eval.iter().map(|e| to_f64(&e.t)))
            .fold(0.0, f64::max);
        let pos = |v: f64| if v.is_finite() && v > 0.0 { v } else { 1.0 };
        Scale {
            p,
            bar_max: pos(bar_max),
            size_max: pos(size_max),
        }
    }
}

fn bar_y(v: f64, top: f64) -> f64 {
    BAR_BOTTOM - (BAR_BOTTOM - BAR_TOP) * (v / top).clamp(0.0, 1.0)
}

/// The bar chart of the ring `eval`.
#[allow(clippy::cast_precision_loss)] // q ≤ 32.
pub fn bars(eval: Option<&RingEval>, scale: &Scale, out: &mut Vec<Shape>) {
    out.push(text(
        8.0,
        BAR_TITLE,
        "Time of one step per ring member",
        "title",
        Anchor::Start,
    ));
    let Some(e) = eval else {
        out.push(text(
            220.0,
            f64::midpoint(BAR_TOP, BAR_BOTTOM),
            "The bars appear once a ring is valued.",
            "tick",
            Anchor::Middle,
        ));
        return;
    };
    let top = scale.bar_max;
    let q = e.ring.len().max(1);
    let slot = (BARS_X1 - X0) / q as f64;
    let w = slot * 0.7;
    for (k, &i) in e.ring.iter().enumerate() {
        let x = X0 + slot * k as f64 + slot * 0.15;
        let work = e.compute.get(k).map_or(0.0, to_f64);
        let talk = e.communicate.get(k).map_or(0.0, to_f64);
        let (y1, y2) = (bar_y(work, top), bar_y(work + talk, top));
        out.push(bar(x, y1, w, BAR_BOTTOM - y1, "compute", colour(i)));
        if talk > 0.0 {
            out.push(rect(x, y2, w, y1 - y2, "comm"));
        }
        if q <= 24 {
            out.push(text(
                x + w / 2.0,
                BAR_BOTTOM + 14.0,
                format!("P{i}"),
                "tick",
                Anchor::Middle,
            ));
        }
    }
    out.push(line(X0, BAR_BOTTOM, BARS_X1, BAR_BOTTOM, "axis"));
    out.push(line(X0, BAR_TOP, X0, BAR_BOTTOM, "axis"));
    out.push(text(X0 - 4.0, BAR_BOTTOM, "0", "tick", Anchor::End));
    out.push(text(
        X0 - 4.0,
        BAR_TOP + 8.0,
        short(top),
        "tick",
        Anchor::End,
    ));
    let yt = bar_y(to_f64(&e.t), top);
    out.push(line(X0, yt, BARS_X1, yt, "t-line"));
    out.push(text(
        BARS_X1 + 4.0,
        yt + 4.0,
        format!("T = {}", approx(&e.t)),
        "t-label",
        Anchor::Start,
    ));
    let mut below = yt + 4.0;
    if e.communication_bound {
        let yc = bar_y(to_f64(&e.t_closed), top);
        out.push(line(X0, yc, BARS_X1, yc, "closed-line"));
        below = (yc + 4.0).max(below + 16.0);
        out.push(text(
            BARS_X1 + 4.0,
            below,
            "T_closed",
            "small",
            Anchor::Start,
        ));
    }
    level(e, top, below, out);
}

/// The water level `ℓ` (ring.md §2, §11): the members whose communication `H·comm_i` reaches it
/// get no work. It is `T` itself unless the ring is communication-bound; its label sits under
/// the labels above it (`below`, the baseline of the last one).
fn level(e: &RingEval, top: f64, below: f64, out: &mut Vec<Shape>) {
    let yl = bar_y(to_f64(&e.level), top);
    out.push(line(X0, yl, BARS_X1, yl, "level-line"));
    out.push(text(
        BARS_X1 + 4.0,
        (yl + 4.0).max(below + 16.0),
        format!("ℓ = {}", approx(&e.level)),
        "level-label",
        Anchor::Start,
    ));
}

/// `0.6226`, `12`, `1.3e4`: a short axis label.
fn short(v: f64) -> String {
    if v >= 1e4 || (v > 0.0 && v < 1e-3) {
        format!("{v:.1e}")
    } else {
        let s = format!("{v:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

/// x of ring size `q` on the size plot.
#[allow(clippy::cast_precision_loss)]
#[must_use]
pub fn size_x(q: usize, p: usize) -> f64 {
    if p <= 1 {
        return f64::midpoint(X0, PLOT_X1);
    }
    X0 + (PLOT_X1 - X0) * (q.saturating_sub(1)) as f64 / (p - 1) as f64
}

fn plot_y(t: &Q, top: f64) -> f64 {
    PLOT_BOTTOM - (PLOT_BOTTOM - PLOT_TOP) * (to_f64(t) / top).clamp(0.0, 1.0)
}

fn series(
    pts: &[(usize, Q)],
    scale: &Scale,
    class: &'static str,
    dot: &'static str,
    out: &mut Vec<Shape>,
) {
    let xy: Vec<(f64, f64)> = pts
        .iter()
        .map(|(q, t)| (size_x(*q, scale.p), plot_y(t, scale.size_max)))
        .collect();
    if xy.len() >= 2 {
        out.push(Shape::Poly {
            points: xy.clone(),
            class,
        });
    }
    if !dot.is_empty() {
        for (x, y) in xy {
            out.push(Shape::Circle {
                at: [x, y, 3.5],
                class: dot,
                fill: None,
            });
        }
    }
}

/// The plot of `T` against the ring size.
pub fn size_plot(s: &RingState, scale: &Scale, out: &mut Vec<Shape>) {
    out.push(text(
        8.0,
        PLOT_TITLE,
        "T against the number of processors in the ring",
        "title",
        Anchor::Start,
    ));
    out.push(line(X0, PLOT_BOTTOM, PLOT_X1, PLOT_BOTTOM, "axis"));
    out.push(line(X0, PLOT_TOP, X0, PLOT_BOTTOM, "axis"));
    out.push(text(X0 - 4.0, PLOT_BOTTOM, "0", "tick", Anchor::End));
    out.push(text(
        X0 - 4.0,
        PLOT_TOP + 8.0,
        short(scale.size_max),
        "tick",
        Anchor::End,
    ));
    let p = scale.p;
    let every = p.div_ceil(12).max(1);
    for q in (1..=p).filter(|q| q % every == 0 || *q == 1 || *q == p) {
        let x = size_x(q, p);
        out.push(text(
            x,
            PLOT_BOTTOM + 14.0,
            q.to_string(),
            "tick",
            Anchor::Middle,
        ));
    }
    out.push(text(
        PLOT_X1,
        PLOT_BOTTOM + 30.0,
        "processors in the ring (q)",
        "tick",
        Anchor::End,
    ));
    series(&s.lower_series, scale, "lower", "", out);
    series(&s.exact_series, scale, "exact", "dot-exact", out);
    series(&s.greedy_series, scale, "greedy", "dot-greedy", out);
    let next = s.ring.len() + 1;
    for c in &s.candidates {
        out.push(Shape::Circle {
            at: [size_x(next, p), plot_y(&c.t, scale.size_max), 3.0],
            class: "dot-try",
            fill: None,
        });
    }
    let chosen = s
        .greedy_result
        .as_ref()
        .map(|(q, _, t)| (*q, t))
        .or_else(|| {
            s.eval
                .as_ref()
                .filter(|_| s.done)
                .map(|e| (e.ring.len(), &e.t))
        });
    if let Some((q, t)) = chosen {
        out.push(Shape::Circle {
            at: [size_x(q, p), plot_y(t, scale.size_max), 7.0],
            class: "chosen",
            fill: None,
        });
    }
}
