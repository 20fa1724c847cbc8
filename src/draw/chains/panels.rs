//! The two lower panels of the chains figure (chains.md §10, items 4 and 5): the load chart
//! (one bar per part, the current value `B` as a line, the ideal `B*` dashed, the bottleneck
//! outlined) and the number line with the interval `[LB, UB]` known to hold the optimum.

use hetlab_core::chains::{ChainStep, ChainsState};
use hetlab_core::rational::{frac, to_f64, Q};

use super::{line, owner, placed, rect, text, Anchor, Shape, X0, X1};
use crate::draw::palette::colour;

const LOAD_TITLE: f64 = 318.0;
const LOAD_TOP: f64 = 342.0;
const LOAD_BOTTOM: f64 = 408.0;
const LINE_TITLE: f64 = 446.0;
const LINE_Y: f64 = 468.0;
/// Right end of the load bars (the lines' labels sit beyond it).
const BARS_X1: f64 = X1 - 84.0;

/// The value shown as "current B": the result once known, else the latest probed value.
#[must_use]
pub fn current(s: &ChainsState) -> Option<&Q> {
    s.result.as_ref().or(s.b.as_ref())
}

/// The load chart.
pub fn loads(s: &ChainsState, out: &mut Vec<Shape>) {
    out.push(text(
        X0,
        LOAD_TITLE,
        "Loads = part weight / processor speed",
        "title",
        Anchor::Start,
    ));
    if !placed(s) {
        out.push(text(
            f64::midpoint(X0, X1),
            f64::midpoint(LOAD_TOP, LOAD_BOTTOM),
            "The loads appear once separators are placed.",
            "tick",
            Anchor::Middle,
        ));
        return;
    }
    let loads = s.loads();
    let ideal = s.ideal();
    let worst = loads.iter().max().cloned().unwrap_or_default();
    let b = current(s);
    let top = [Some(&worst), Some(&ideal), b]
        .into_iter()
        .flatten()
        .map(to_f64)
        .fold(0.0, f64::max);
    let y = |v: &Q| {
        let f = if top > 0.0 { to_f64(v) / top } else { 0.0 };
        LOAD_BOTTOM - (LOAD_BOTTOM - LOAD_TOP) * f.clamp(0.0, 1.0)
    };
    #[allow(clippy::cast_precision_loss)] // P ≤ 4096.
    let slot = (BARS_X1 - X0) / loads.len().max(1) as f64;
    let few = loads.len() <= 10;
    for (k, l) in loads.iter().enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let x = X0 + slot * k as f64 + slot * 0.15;
        let (w, yl) = (slot * 0.7, y(l));
        out.push(Shape::Rect {
            x,
            y: yl,
            w,
            h: LOAD_BOTTOM - yl,
            class: "load",
            fill: Some(colour(owner(s, k))),
            tip: None,
        });
        if *l == worst && loads.len() <= 64 {
            out.push(rect(x, yl, w, LOAD_BOTTOM - yl, "bottleneck"));
        }
        if few {
            out.push(text(
                x + w / 2.0,
                yl - 3.0,
                frac(l),
                "weight",
                Anchor::Middle,
            ));
        }
        if loads.len() <= 24 {
            out.push(text(
                x + w / 2.0,
                LOAD_BOTTOM + 15.0,
                format!("P{}", owner(s, k) + 1),
                "tick",
                Anchor::Middle,
            ));
        }
    }
    out.push(line(X0, LOAD_BOTTOM, X1, LOAD_BOTTOM, "axis"));
    let yi = y(&ideal);
    out.push(line(X0, yi, X1, yi, "ideal"));
    out.push(text(
        X1,
        yi + 12.0,
        format!("B* = {}", frac(&ideal)),
        "tick",
        Anchor::End,
    ));
    if let Some(b) = b {
        let yb = y(b);
        out.push(line(X0, yb, X1, yb, "bline"));
        out.push(text(
            X1,
            yb - 4.0,
            format!("B = {}", frac(b)),
            "bline-label",
            Anchor::End,
        ));
    }
}

/// The number line from `range.0` to `range.1`: the band `[LB, UB]`, a tick at `B*`, the
/// latest probed value (green when feasible, red when not) and the result.
pub fn interval(s: &ChainsState, range: (f64, f64), out: &mut Vec<Shape>) {
    let (lo, hi) = range;
    let x = |v: &Q| {
        let f = if hi > lo {
            (to_f64(v) - lo) / (hi - lo)
        } else {
            0.0
        };
        X0 + (X1 - X0) * f.clamp(0.0, 1.0)
    };
    out.push(text(
        X0,
        LINE_TITLE,
        "Where the optimum lies: [LB, UB]",
        "title",
        Anchor::Start,
    ));
    if let (Some(lb), Some(ub)) = (&s.lb, &s.ub) {
        let (a, b) = (x(lb), x(ub));
        out.push(rect(a, LINE_Y - 8.0, (b - a).max(2.0), 16.0, "band"));
    }
    out.push(line(X0, LINE_Y, X1, LINE_Y, "axis"));
    out.push(text(
        X0,
        LINE_Y + 20.0,
        format!("{lo:.4}")
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_owned(),
        "tick",
        Anchor::Start,
    ));
    out.push(text(
        X1,
        LINE_Y + 20.0,
        format!("{hi:.4}")
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_owned(),
        "tick",
        Anchor::End,
    ));
    let ideal = s.ideal();
    let xi = x(&ideal);
    out.push(line(xi, LINE_Y - 12.0, xi, LINE_Y + 12.0, "ideal"));
    if let Some(b) = current(s) {
        let class = match (s.result.is_some(), s.success) {
            (true, _) => "result",
            (false, Some(false)) => "probe-fail",
            (false, Some(true)) => "probe-ok",
            (false, None) => "probe",
        };
        let xb = x(b);
        out.push(line(xb, LINE_Y - 13.0, xb, LINE_Y + 13.0, class));
    }
    out.push(text(
        f64::midpoint(X0, X1),
        LINE_Y + 38.0,
        summary(s),
        "tick",
        Anchor::Middle,
    ));
}

/// `[LB, UB] = [7, 17/2] · B* = 7 · B = 33/4`, what the number line shows, in words.
#[must_use]
pub fn summary(s: &ChainsState) -> String {
    let mut parts = Vec::new();
    if let (Some(lb), Some(ub)) = (&s.lb, &s.ub) {
        parts.push(format!("[LB, UB] = [{}, {}]", frac(lb), frac(ub)));
    }
    parts.push(format!("B* = {}", frac(&s.ideal())));
    if let Some(b) = current(s) {
        parts.push(format!("B = {}", frac(b)));
    }
    parts.join(" · ")
}

/// The span of the number line over a whole run: from `B*` to the largest value the run
/// probes, bounds or returns, so that the interval visibly shrinks.
#[must_use]
pub fn value_range(ideal: &Q, steps: &[ChainStep]) -> (f64, f64) {
    let lo = to_f64(ideal);
    let hi = steps
        .iter()
        .filter_map(|st| match st {
            ChainStep::Bounds { ub, .. } => Some(to_f64(ub)),
            ChainStep::ProbeStart { b, .. }
            | ChainStep::BidRound { b, .. }
            | ChainStep::Result { b, .. } => Some(to_f64(b)),
            ChainStep::BisStep { mid, .. } => Some(to_f64(mid)),
            ChainStep::CpOrder { value, .. } | ChainStep::NicolCand { value, .. } => {
                Some(to_f64(value))
            }
            _ => None,
        })
        .filter(|v| v.is_finite())
        .fold(lo, f64::max);
    let pad = ((hi - lo) * 0.06).max(lo.abs() * 0.02).max(0.5);
    ((lo - pad).max(0.0), hi + pad)
}
