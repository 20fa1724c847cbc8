//! The scatter figure at one step (scatter.md §7): the Gantt charts (before, after or the
//! rational shares), the DP's candidate curve for the current cell and the root choice, stacked
//! into one [`Drawing`]; and a single chart for the exported schedule.

use hetlab_core::scatter::{ScatterState, Schedule};

use super::gantt::{gantt, Chart, Lines};
use super::marks::ChartMarks;
use super::panels::{candidates, roots};
use super::{text, time_text, Anchor, Drawing, Scale, Shape, WIDTH, X0};

/// What the figure shows at one step besides the state.
pub struct Frame<'a> {
    /// The replayed state.
    pub state: &'a ScatterState,
    /// The Gantt chart of the rational shares (LP or Theorem 1), shown once the state has them
    /// and before the final distribution.
    pub rational: Option<&'a Schedule>,
    /// The time scale of the whole run.
    pub scale: Scale,
}

/// The main figure at one step: before, after (or rational), the DP cell, the root choice.
#[must_use]
pub fn figure(f: &Frame<'_>) -> Drawing {
    let s = f.state;
    let mut out = Vec::new();
    let mut charts = Vec::new();
    let p = s.p;
    let mut y = 4.0;
    let before = s.before.as_ref().map(|b| Chart {
        schedule: b,
        title: format!(
            "Before: MPI_Scatter's equal shares, T = {}",
            time_text(&b.makespan)
        ),
        lines: Lines::default(),
    });
    y = match &before {
        Some(c) => drawn(&mut out, &mut charts, ("before", c), y, f.scale),
        None => note(
            &mut out,
            y,
            "Before: press ▶ to send equal shares (MPI_Scatter).",
        ),
    };
    y += 10.0;
    let lines = Lines {
        lp: s.rational_makespan.clone(),
        bound: s.bound.clone(),
    };
    let after = match (&s.after, f.rational.filter(|_| s.rational.is_some())) {
        (Some(a), _) => Some((
            "after",
            Chart {
                schedule: a,
                title: format!("After balancing: T = {}", time_text(&a.makespan)),
                lines,
            },
        )),
        (None, Some(r)) => Some((
            "rational",
            Chart {
                schedule: r,
                title: format!(
                    "Rational shares (before rounding): T = {}",
                    time_text(&r.makespan)
                ),
                lines: Lines {
                    bound: None,
                    ..lines
                },
            },
        )),
        _ => None,
    };
    y = match &after {
        Some((role, c)) => drawn(&mut out, &mut charts, (role, c), y, f.scale),
        None if p > 0 => note(&mut out, y, "After: the balanced shares appear at the end."),
        None => y,
    };
    if let Some(cell) = &s.cell {
        y = candidates(&mut out, cell, s, y + 10.0);
    }
    if !s.roots.is_empty() {
        y = roots(&mut out, s, y + 10.0);
    }
    Drawing {
        width: WIDTH,
        height: y + 6.0,
        shapes: out,
        charts,
    }
}

/// [`gantt`], recording the chart's marks under `role`.
fn drawn(
    out: &mut Vec<Shape>,
    charts: &mut Vec<ChartMarks>,
    (role, c): (&'static str, &Chart<'_>),
    top: f64,
    scale: Scale,
) -> f64 {
    let from = out.len();
    let y = gantt(out, c, top, scale);
    charts.push(ChartMarks::new(role, c.schedule, out, from..out.len()));
    y
}

fn note(out: &mut Vec<Shape>, y: f64, words: &str) -> f64 {
    out.push(text(X0, y + 16.0, words, "note", Anchor::Start));
    y + 24.0
}

/// One Gantt chart alone (the order comparison of §7 event 5).
#[must_use]
pub fn single(chart: &Chart<'_>, scale: Scale) -> Drawing {
    let (mut out, mut charts) = (Vec::new(), Vec::new());
    let y = drawn(&mut out, &mut charts, ("chart", chart), 4.0, scale);
    Drawing {
        width: WIDTH,
        height: y + 6.0,
        shapes: out,
        charts,
    }
}
