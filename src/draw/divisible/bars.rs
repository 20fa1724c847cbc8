//! Vertical bar charts of the page: `ρ` of every sending order (§9.1 step 4), the chunk sizes
//! of multi-installment in sending order coloured by round (§9.4), `Obj(M)` of UMR with the
//! infeasible `M` greyed (§9.5). Values are drawn from 0 (or from the smallest value when
//! they are all close, so that differences show; the axis says which).

use super::{filled, Figure, WIDTH};
use crate::draw::shapes::{line, rect, text, Anchor};

/// Height of a bar chart.
pub const HEIGHT: f64 = 190.0;
const LEFT: f64 = 54.0;
const RIGHT: f64 = WIDTH - 12.0;
const TOP: f64 = 30.0;
const BOTTOM: f64 = 150.0;

/// One bar.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// Written under the bar (when there is room).
    pub label: String,
    /// Its value; `None` draws a grey stub (infeasible).
    pub value: Option<f64>,
    /// Style: `bar`, `best` (highlighted), `bar-f` (coloured by `fill`) or `off`.
    pub class: &'static str,
    /// A fill (round colour), else the class's.
    pub fill: Option<&'static str>,
}

/// The chart of `bars` under `title`.
#[must_use]
pub fn chart(title: &str, bars: &[Bar]) -> Figure {
    let mut out = vec![text(4.0, 16.0, title, "title", Anchor::Start)];
    let vals: Vec<f64> = bars
        .iter()
        .filter_map(|b| b.value)
        .filter(|v| v.is_finite())
        .collect();
    let hi = vals.iter().copied().fold(0.0, f64::max);
    let lo = vals.iter().copied().fold(hi, f64::min);
    // Values above half the largest start the axis a little below the smallest, so that the
    // bars differ visibly (the axis is labelled with its start).
    let base = if hi > lo && lo > 0.5 * hi {
        (lo - 0.2 * (hi - lo)).max(0.0)
    } else {
        0.0
    };
    let y = |v: f64| {
        let f = if hi > base {
            ((v - base) / (hi - base)).clamp(0.0, 1.0)
        } else {
            0.0
        };
        BOTTOM - (BOTTOM - TOP) * f
    };
    out.push(line(LEFT, TOP, LEFT, BOTTOM, "axis"));
    out.push(line(LEFT, BOTTOM, RIGHT, BOTTOM, "axis"));
    for v in [base, hi] {
        out.push(text(LEFT - 4.0, y(v) + 4.0, short(v), "tick", Anchor::End));
    }
    let n = bars.len().max(1);
    let slot = (RIGHT - LEFT) / n as f64;
    let w = (slot * 0.8).max(0.5);
    // One label per 34 units of axis at most (the axis is 454 units long).
    let every = (n * 34).div_ceil(454).max(1);
    for (k, b) in bars.iter().enumerate() {
        let x = LEFT + slot * k as f64 + (slot - w) / 2.0;
        let top = b.value.map_or(BOTTOM - 6.0, y);
        let class = if b.value.is_none() { "off" } else { b.class };
        out.push(match b.fill.filter(|_| b.value.is_some()) {
            Some(f) => filled(x, top, w, BOTTOM - top, class, f),
            None => rect(x, top, w, BOTTOM - top, class),
        });
        let cx = x + w / 2.0;
        if k % every == 0 {
            out.push(text(
                cx,
                BOTTOM + 14.0,
                b.label.clone(),
                "tick",
                Anchor::Middle,
            ));
        }
        if n <= 12 {
            let v = b.value.map_or_else(|| "×".to_owned(), short);
            out.push(text(cx, top - 3.0, v, "value", Anchor::Middle));
        }
    }
    Figure {
        width: WIDTH,
        height: HEIGHT,
        shapes: out,
    }
}

/// A value in at most 4 significant digits.
fn short(v: f64) -> String {
    let s = if v.abs() >= 1000.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.4}")
    };
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        s
    }
}
