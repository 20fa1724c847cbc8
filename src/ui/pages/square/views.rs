//! What the square-partition page shows at one step, for each algorithm: the rectangles placed
//! so far and what to emphasise, the caption, the pseudocode line, the working below the figure
//! (bars of the areas, the DP table), and the metrics of the final partition.

use hetlab_core::rational::{frac, Q};
use hetlab_core::square::column::{ColumnState, COLUMN_PSEUDOCODE};
use hetlab_core::square::grid::{GridState, GRID_PSEUDOCODE};
use hetlab_core::square::metrics::Metrics;
use hetlab_core::square::perimax::{PeriMaxState, PERI_MAX_PSEUDOCODE};
use hetlab_core::square::recursive::{RecursiveState, RECURSIVE_PSEUDOCODE};
use hetlab_core::square::run::{Detail, SquareRun};
use hetlab_core::square::Rect;
use hetlab_core::trace::{Replay, Step};
use yew::prelude::*;

use crate::draw::square::Marks;
use crate::player::{Action, Player};
use crate::ui::components::player_bar::phase_buttons;
use crate::ui::pages::square::{extras, working};

/// The page at one step.
pub struct StepView {
    /// Rectangles placed so far, with their processor.
    pub placed: Vec<(usize, Rect)>,
    /// What to emphasise.
    pub marks: Marks,
    /// The sentence under the figure.
    pub caption: String,
    /// Highlighted pseudocode line.
    pub line: Option<usize>,
    /// The pseudocode.
    pub pseudocode: &'static [&'static str],
    /// Metrics of the final partition, once the algorithm has finished.
    pub metrics: Option<Metrics>,
    /// Working shown below the figure.
    pub below: Html,
    /// Phase buttons.
    pub phases: Html,
}

/// What is common to the traced algorithms at one step.
struct At<'a, T: Replay> {
    state: T,
    last: Option<&'a T::Step>,
}

fn at<S, T: Replay<Step = S> + hetlab_core::trace::Snapshot>(
    t: &hetlab_core::trace::Trace<S>,
    init: T,
    k: usize,
) -> At<'_, T> {
    At {
        state: t.state_at(init, k),
        last: k.checked_sub(1).and_then(|i| t.steps.get(i)),
    }
}

fn placed(rects: &[Option<Rect>]) -> Vec<(usize, Rect)> {
    rects
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.clone().map(|r| (i, r)))
        .collect()
}

/// The page at the player's step of `run` (0 = before the first step).
#[must_use]
pub fn view(run: &SquareRun, player: &Player, on_action: &Callback<Action>) -> StepView {
    Viewer { run }.view(player, on_action)
}

struct Viewer<'a> {
    run: &'a SquareRun,
}

impl Viewer<'_> {
    fn view_of<S: Step<Context<'static> = [Q]>, T: Replay<Step = S>>(
        &self,
        a: &At<'_, T>,
        what: &str,
        pseudocode: &'static [&'static str],
        done: bool,
    ) -> (
        String,
        Option<usize>,
        &'static [&'static str],
        Option<Metrics>,
    ) {
        (
            a.last.map_or_else(
                || intro(&self.run.areas, what),
                |st| st.caption(self.run.areas.as_slice()),
            ),
            a.last.map(|st| st.phase().line),
            pseudocode,
            self.run
                .partition
                .as_ref()
                .filter(|_| done)
                .map(|p| p.metrics.clone()),
        )
    }

    fn view(&self, player: &Player, on_action: &Callback<Action>) -> StepView {
        let k = player.step;
        let areas = &self.run.areas;
        let p = areas.len();
        match &self.run.detail {
            Detail::Column(t) => {
                let a = at(&t.trace, ColumnState::new(areas), k);
                let (caption, line, pseudocode, metrics) = self.view_of(
                    &a,
                    "the optimal column-based dynamic programme",
                    COLUMN_PSEUDOCODE,
                    a.state.cost.is_some(),
                );
                let s = &a.state;
                StepView {
                    placed: placed(&s.rects),
                    marks: Marks {
                        focus: s.current,
                        columns: s.strips.iter().skip(1).map(|st| st.x.clone()).collect(),
                        ..Marks::default()
                    },
                    caption,
                    line,
                    pseudocode,
                    metrics,
                    below: html! { <>{ working::columns_line(&t.solution, s) }{ working::bars(&s.areas, s.order.as_deref(), s.pre.as_deref()) }{ working::dp_table(s) }</> },
                    phases: phase_buttons(&t.trace.steps, player, on_action),
                }
            }
            Detail::Recursive(t) => {
                let a = at(&t.trace, RecursiveState::new(areas), k);
                let (caption, line, pseudocode, metrics) = self.view_of(
                    &a,
                    "the recursive 7/4-approximation",
                    RECURSIVE_PSEUDOCODE,
                    a.state.cost.is_some(),
                );
                let s = &a.state;
                // Group pieces still to be laid out, and the one being cut into strips; the
                // whole square (the top group when there is only one) is not outlined.
                let whole =
                    |r: &Rect| r.w == Q::from_integer(1.into()) && r.h == Q::from_integer(1.into());
                let current = s.cr.as_ref().map(|cr| &cr.rect);
                let mut outlines: Vec<(Rect, String)> = s
                    .pieces
                    .iter()
                    .filter(|(uid, r)| *uid > p && !whole(r) && Some(r) != current)
                    .map(|(uid, r)| (r.clone(), format!("G{}", uid - p)))
                    .collect();
                if let Some(cr) = &s.cr {
                    let name = if cr.node > p {
                        format!("G{}", cr.node - p)
                    } else {
                        format!("P{}", cr.node)
                    };
                    outlines.push((cr.rect.clone(), format!("{name}: strips")));
                }
                StepView {
                    placed: placed(&s.rects),
                    marks: Marks {
                        focus: s.focus.filter(|&u| (1..=p).contains(&u)).map(|u| u - 1),
                        flagged: s.violating.clone(),
                        outlines,
                        ..Marks::default()
                    },
                    caption,
                    line,
                    pseudocode,
                    metrics,
                    below: working::recursive(s),
                    phases: phase_buttons(&t.trace.steps, player, on_action),
                }
            }
            Detail::PeriMax(t) => {
                let a = at(&t.trace, PeriMaxState::new(areas), k);
                let (caption, line, pseudocode, metrics) = self.view_of(
                    &a,
                    "the PERI-MAX column heuristic",
                    PERI_MAX_PSEUDOCODE,
                    a.state.max.is_some(),
                );
                let s = &a.state;
                StepView {
                    placed: placed(&s.rects),
                    marks: Marks {
                        focus: s.focus,
                        ..Marks::default()
                    },
                    caption,
                    line,
                    pseudocode,
                    metrics,
                    below: working::perimax(s),
                    phases: phase_buttons(&t.trace.steps, player, on_action),
                }
            }
            Detail::GridExact(t) => {
                let a = at(&t.trace, GridState::default(), k);
                let s = &a.state;
                // Once the best exact arrangement is known, the figure draws its exact fractions.
                let placed = match s
                    .best_exact
                    .and_then(|b| s.exact.iter().find(|(k, _)| *k == b))
                {
                    Some((b, x)) => {
                        let f = |v: &[Q]| {
                            v.iter()
                                .map(hetlab_core::rational::to_f64)
                                .collect::<Vec<f64>>()
                        };
                        let arrangement = s
                            .evaluations
                            .get(*b)
                            .map_or(&s.arrangement, |e| &e.arrangement);
                        grid_tiles(arrangement, &f(&x.r), &f(&x.c))
                    }
                    None => grid_tiles(&s.arrangement, &s.r, &s.c),
                };
                StepView {
                    placed,
                    marks: Marks {
                        decimals: true,
                        ..Marks::default()
                    },
                    caption: a.last.map_or_else(
                        || intro(areas, "the grid heuristic, then the exact solver"),
                        |st| st.caption(&()),
                    ),
                    line: a.last.map(|st| st.phase().line),
                    pseudocode: GRID_PSEUDOCODE,
                    metrics: None,
                    below: html! { <>{ working::grid(s) }{ extras::exact_table(s) }</> },
                    phases: phase_buttons(&t.trace.steps, player, on_action),
                }
            }
            Detail::Grid(t) => {
                let a = at(&t.trace, GridState::default(), k);
                let s = &a.state;
                StepView {
                    placed: grid_tiles(&s.arrangement, &s.r, &s.c),
                    marks: Marks {
                        decimals: true,
                        ..Marks::default()
                    },
                    caption: a
                        .last
                        .map_or_else(|| intro(areas, "the grid heuristic"), |st| st.caption(&())),
                    line: a.last.map(|st| st.phase().line),
                    pseudocode: GRID_PSEUDOCODE,
                    metrics: None,
                    below: html! { <>{ working::grid(s) }<extras::ExactButton p={p} /></> },
                    phases: phase_buttons(&t.trace.steps, player, on_action),
                }
            }
            Detail::Baseline => {
                // A baseline has no steps: its partition is shown at once.
                let Some(part) = self.run.partition.as_ref() else {
                    return StepView {
                        placed: Vec::new(),
                        marks: Marks::default(),
                        caption: intro(areas, "a baseline"),
                        line: None,
                        pseudocode: &[],
                        metrics: None,
                        below: Html::default(),
                        phases: Html::default(),
                    };
                };
                StepView {
                    placed: part.rects.iter().cloned().enumerate().collect(),
                    marks: Marks::default(),
                    caption: format!(
                        "The {} baseline gives Ĉ = {}, to compare with the algorithms that optimise it.",
                        part.algorithm,
                        frac(&part.metrics.sum_half_perimeters)
                    ),
                    line: None,
                    pseudocode: &[],
                    metrics: Some(part.metrics.clone()),
                    below: Html::default(),
                    phases: Html::default(),
                }
            }
        }
    }
}

/// The grid drawn in the unit square: row heights `r_i / Σr`, column widths `c_j / Σc`
/// (rounded to thousandths for the labels), one tile per processor.
fn grid_tiles(arrangement: &[Vec<usize>], r: &[f64], c: &[f64]) -> Vec<(usize, Rect)> {
    if r.is_empty() || c.is_empty() {
        return Vec::new();
    }
    let milli = |x: f64| {
        #[allow(clippy::cast_possible_truncation)] // A fraction of 1, times 1000.
        let k = (x * 1000.0).round() as i64;
        Q::new(k.into(), 1000.into())
    };
    let (sr, sc): (f64, f64) = (r.iter().sum(), c.iter().sum());
    let mut out = Vec::new();
    let mut y = 0.0;
    for (i, row) in arrangement.iter().enumerate() {
        let h = r.get(i).copied().unwrap_or(0.0) / sr;
        let mut x = 0.0;
        for (j, &proc) in row.iter().enumerate() {
            let w = c.get(j).copied().unwrap_or(0.0) / sc;
            out.push((
                proc,
                Rect {
                    x: milli(x),
                    y: milli(y),
                    w: milli(w),
                    h: milli(h),
                },
            ));
            x += w;
        }
        y += h;
    }
    out
}

fn intro(areas: &[Q], what: &str) -> String {
    format!(
        "{} processors with areas summing to 1. Press ▶ to follow {what} step by step.",
        areas.len()
    )
}
