//! Pure drawing model of the scatter page (scatter.md §7): the Gantt chart of MPI_Scatter's
//! equal shares with its hatched stair (before), the Gantt chart of the balanced distribution
//! (after, or the rational shares of the LP / Theorem 1 while they are being rounded) with the
//! makespan line, the LP line and the guarantee band, a side bar chart of the shares, the DP's
//! candidate curve for the current cell, and the bars of the root choice (`drawing.rs`).
//! Everything is computed from a replayed
//! [`ScatterState`](hetlab_core::scatter::ScatterState); the Yew view and the exported SVG draw
//! the same marks.

use hetlab_core::rational::{approx, frac, to_f64, Q};
use hetlab_core::scatter::{ScatterSolution, Schedule};

mod drawing;
mod gantt;
mod marks;
mod panels;
mod shapes;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_stair;

pub use drawing::{figure, single, Frame};
pub use gantt::{gantt, Chart, Lines};
pub use marks::{ends, ChartMarks};
pub use panels::{candidates, roots};
pub use shapes::*;

/// Width of every scatter figure (SVG units): narrow, so that text stays readable on a phone.
pub const WIDTH: f64 = 440.0;
/// Left edge of the time axis (room for the row labels).
pub const X0: f64 = 44.0;
/// Right edge of the time axis (the share bars sit beyond it).
pub const X1: f64 = 346.0;
/// Left edge of the share bars.
pub const SHARE_X0: f64 = 354.0;
/// Longest share bar.
pub const SHARE_W: f64 = 34.0;
/// Approximate width of one character of the 11–12 px labels (for the overlap tests).
pub const CHAR_W: f64 = 6.6;

/// The time scale of the charts: `[0, span]` maps to `[X0, X1]`.
#[derive(Clone, Copy, Debug, PartialEq, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Scale {
    /// The latest time shown.
    pub span: f64,
}

impl Scale {
    /// A scale reaching at least `span` (a zero or bad span becomes 1).
    #[must_use]
    pub fn new(span: f64) -> Scale {
        Scale {
            span: if span.is_finite() && span > 0.0 {
                span
            } else {
                1.0
            },
        }
    }

    /// The x of time `t`, clamped to the axis.
    #[must_use]
    pub fn x(self, t: f64) -> f64 {
        X0 + (X1 - X0) * (t / self.span).clamp(0.0, 1.0)
    }
}

/// The latest time any chart of a run shows (uniform, result, rational shares, bound), so that
/// the scale stays put while the player moves.
#[must_use]
pub fn time_span(sol: &ScatterSolution, rational: Option<&Schedule>) -> f64 {
    let mut v = vec![&sol.uniform.makespan, &sol.schedule.makespan];
    if let Some(lp) = &sol.lp {
        v.push(&lp.bound);
        v.push(&lp.t_lp);
    }
    if let Some(r) = rational {
        v.push(&r.makespan);
    }
    v.into_iter().map(to_f64).fold(0.0, f64::max)
}

/// `P3` for processor index 2.
#[must_use]
pub fn name(i: usize) -> String {
    format!("P{}", i + 1)
}

/// A share as a label: integers exactly, rationals to one decimal (none above 1000).
#[must_use]
pub fn share_text(v: &Q) -> String {
    if v.is_integer() {
        frac(v)
    } else {
        let f = to_f64(v);
        if f >= 1000.0 {
            format!("≈{f:.0}")
        } else {
            format!("{f:.1}")
        }
    }
}

/// A time for a label: exact when short, else 4 decimals.
#[must_use]
pub fn time_text(v: &Q) -> String {
    let exact = frac(v);
    if exact.len() <= 8 {
        exact
    } else {
        approx(v)
    }
}

/// A tick value, short (`2M`, `350k`, `12.5`).
#[must_use]
pub fn tick_text(t: f64) -> String {
    let trim = |s: String| {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_owned()
        } else {
            s
        }
    };
    if t >= 1e6 {
        format!("{}M", trim(format!("{:.2}", t / 1e6)))
    } else if t >= 1e4 {
        format!("{}k", trim(format!("{:.1}", t / 1e3)))
    } else {
        trim(format!("{t:.2}"))
    }
}

/// Places labels centred at `x` on `lanes` lanes so that none overlaps another of its lane:
/// returns each label's lane (0 first), or `None` for a label that fits on no lane (it is not
/// drawn; the result panel has every value). Earlier labels have priority. Widths are
/// estimated at [`CHAR_W`] per character.
#[must_use]
pub fn place_labels(labels: &[(f64, &str)], lanes: usize) -> Vec<Option<usize>> {
    let mut taken: Vec<Vec<(f64, f64)>> = vec![Vec::new(); lanes];
    labels
        .iter()
        .map(|&(x, t)| {
            #[allow(clippy::cast_precision_loss)] // labels are short.
            let half = CHAR_W * t.chars().count() as f64 / 2.0 + 2.0;
            let span = (x - half, x + half);
            let lane = (0..taken.len())
                .find(|&l| taken[l].iter().all(|&(a, b)| span.1 < a || span.0 > b))?;
            taken[lane].push(span);
            Some(lane)
        })
        .collect()
}
