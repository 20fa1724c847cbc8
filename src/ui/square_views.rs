//! What the square-partition page shows at one step, for each algorithm: the rectangles placed
//! so far and what to emphasise, the caption, the pseudocode line, the working below the figure
//! (bars of the areas, the DP table), and the metrics of the final partition.

use hetlab_core::instance::SquarePartition;
use hetlab_core::rational::{format_q, frac, Q};
use hetlab_core::square::column::{
    self, ColumnPartition, ColumnState, ColumnStep, COLUMN_PSEUDOCODE,
};
use hetlab_core::square::metrics::{metrics, Metrics};
use hetlab_core::square::Rect;
use hetlab_core::trace::{Step, Traced};
use yew::prelude::*;

use super::stepper::phase_buttons;
use crate::player::{Action, Player};
use crate::square_draw::{colour, Marks};

/// The algorithms of the page: stable name (formats.md §7) and title.
pub const ALGORITHMS: &[(&str, &str)] = &[("column-dp", "optimal column-based partition")];

/// One algorithm run on one instance.
pub struct SquareRun {
    areas: Vec<Q>,
    metrics: Metrics,
    algo: Algo,
}

enum Algo {
    Column(Traced<ColumnPartition, ColumnStep>),
}

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

impl SquareRun {
    /// Runs `algo` on `inst`.
    ///
    /// # Errors
    /// The solver's message, or an unknown algorithm.
    pub fn new(inst: &SquarePartition, algo: &str) -> Result<SquareRun, String> {
        let areas = inst.areas();
        let (rects, algo) = match algo {
            "column-dp" => {
                let t = column::solve_traced(&areas)?;
                (t.solution.rects.clone(), Algo::Column(t))
            }
            other => {
                return Err(format!(
                    "Unknown algorithm \"{other}\" for square partitions."
                ))
            }
        };
        Ok(SquareRun {
            metrics: metrics(&areas, &rects),
            areas,
            algo,
        })
    }

    /// Number of steps.
    #[must_use]
    pub fn len(&self) -> usize {
        match &self.algo {
            Algo::Column(t) => t.trace.len(),
        }
    }

    /// The result JSON (formats.md §4).
    #[must_use]
    pub fn result_json(&self) -> serde_json::Value {
        match &self.algo {
            Algo::Column(t) => serde_json::json!({
                "problem": "square-partition",
                "algorithm": "column-dp",
                "status": "optimal",
                "objective": {
                    "name": "sum_half_perimeters",
                    "value": hetlab_core::rational::to_f64(&t.solution.cost),
                    "value_exact": frac(&t.solution.cost),
                },
                "rectangles": t.solution.rects,
                "columns": t.solution.drawn_columns(),
                "metrics": self.metrics,
                "steps": t.trace.len(),
            }),
        }
    }

    /// The page at step `k` (0 = before the first step).
    #[must_use]
    pub fn view(&self, player: &Player, on_action: &Callback<Action>) -> StepView {
        let k = player.step;
        match &self.algo {
            Algo::Column(t) => {
                let s = t.trace.state_at(ColumnState::new(&self.areas), k);
                let last = k.checked_sub(1).and_then(|i| t.trace.steps.get(i));
                let placed = s
                    .rects
                    .iter()
                    .enumerate()
                    .filter_map(|(i, r)| r.clone().map(|r| (i, r)))
                    .collect();
                let columns = s.strips.iter().skip(1).map(|st| st.x.clone()).collect();
                StepView {
                    placed,
                    marks: Marks {
                        focus: s.current,
                        flagged: Vec::new(),
                        columns,
                    },
                    caption: last.map_or_else(
                        || intro(&self.areas, "the optimal column-based dynamic programme"),
                        |st| st.caption(self.areas.as_slice()),
                    ),
                    line: last.map(|st| st.phase().line),
                    pseudocode: COLUMN_PSEUDOCODE,
                    metrics: s.cost.is_some().then(|| self.metrics.clone()),
                    below: html! { <>{ columns_line(&t.solution, &s) }{ bars(&s.areas, s.order.as_deref(), s.pre.as_deref()) }{ dp_table(&s) }</> },
                    phases: phase_buttons(&t.trace.steps, player, on_action),
                }
            }
        }
    }
}

fn intro(areas: &[Q], what: &str) -> String {
    format!(
        "{} processors with areas summing to 1. Press ▶ to follow {what} step by step.",
        areas.len()
    )
}

/// The columns found, once `C_opt` is chosen: "3 columns: [P8, P7], [P6, P5, P4], ...".
fn columns_line(part: &ColumnPartition, s: &ColumnState) -> Html {
    let Some((c, cost)) = &s.best else {
        return Html::default();
    };
    let cols: Vec<String> = part
        .drawn_columns()
        .iter()
        .map(|col| {
            let names: Vec<String> = col.iter().map(|i| format!("P{}", i + 1)).collect();
            format!("[{}]", names.join(", "))
        })
        .collect();
    html! {
        <p class="columns" data-testid="columns">
            {format!("{c} column{} (Ĉ = {}), left to right: {}", if *c == 1 { "" } else { "s" }, frac(cost), cols.join(", "))}
        </p>
    }
}

/// Bars of the areas, in sorted order once sorted, with the prefix sums under them.
fn bars(areas: &[Q], order: Option<&[usize]>, pre: Option<&[Q]>) -> Html {
    let sorted = order.is_some();
    let order: Vec<usize> = order.map_or_else(|| (0..areas.len()).collect(), <[usize]>::to_vec);
    let top = areas.iter().max().cloned().unwrap_or_default();
    let height = |a: &Q| {
        if top == Q::default() {
            0.0
        } else {
            100.0 * hetlab_core::rational::to_f64(&(a / &top))
        }
    };
    html! {
        <div class="working" data-testid="bars">
            <h3>{ if sorted { "Areas, sorted ascending" } else { "Areas, in input order" } }</h3>
            <div class="bars" role="img" aria-label="Bar chart of the areas">
                { for order.iter().enumerate().map(|(k, &i)| html! {
                    <div class="bar" style={format!("height:{:.1}%;background:{}", height(&areas[i]), colour(i))}
                         title={format!("P{}: {}", i + 1, format_q(&areas[i]))}>
                        <span>{format!("P{}", i + 1)}</span>
                        if sorted { <em class="rank">{k + 1}</em> }
                    </div>
                }) }
            </div>
            if let Some(pre) = pre {
                <p class="prefix">{"Pre[q]: "}{ pre.iter().skip(1).map(format_q).collect::<Vec<_>>().join(", ") }</p>
            }
        </div>
    }
}

/// The DP table `f[C][q] / cut[C][q]` as filled so far, with the current cell, the chosen
/// optimum and the backtracked cells marked.
fn dp_table(s: &ColumnState) -> Html {
    let p = s.areas.len();
    if s.pre.is_none() || p == 0 {
        return Html::default();
    }
    let on_path = |c: usize, q: usize| s.runs.iter().any(|r| r.dp_column == c && r.last == q);
    html! {
        <div class="working">
            <h3>{"DP table: f[C][q] / cut[C][q]"}</h3>
            <div class="table-scroll">
            <table class="dp" data-testid="dp-table">
                <thead><tr><th>{"C \\ q"}</th>{ for (1..=p).map(|q| html! { <th>{q}</th> }) }</tr></thead>
                <tbody>
                    { for (1..=p).map(|c| html! {
                        <tr>
                            <th>{c}</th>
                            { for (1..=p).map(|q| {
                                let value = s.f[c - 1][q - 1].as_ref();
                                let text = match (value, s.cut[c - 1][q - 1]) {
                                    (Some(v), Some(r)) => format!("{}/{r}", format_q(v)),
                                    _ => String::new(),
                                };
                                let class = classes!(
                                    (s.focus == Some((c, q))).then_some("current"),
                                    s.best.as_ref().is_some_and(|(b, _)| *b == c && q == p).then_some("chosen"),
                                    on_path(c, q).then_some("path"),
                                );
                                html! { <td class={class}>{text}</td> }
                            }) }
                        </tr>
                    }) }
                </tbody>
            </table>
            </div>
            if !s.candidates.is_empty() {
                <p class="candidates" data-testid="candidates">{"Candidates: "}
                    { for s.candidates.iter().map(|k| html! {
                        <span class={classes!((s.chosen == Some(k.r)).then_some("best"))}>{format!("r = {}: {}  ", k.r, format_q(&k.value))}</span>
                    }) }
                </p>
            }
        </div>
    }
}

/// The metrics panel.
pub fn metrics_panel(m: Option<&Metrics>) -> Html {
    let Some(m) = m else {
        return html! { <><h2>{"Result"}</h2><p class="muted" data-testid="metrics">{"The metrics appear when the partition is complete (press End)."}</p></> };
    };
    html! {
        <>
            <h2>{"Result"}</h2>
            <dl class="metrics" data-testid="metrics">
                <dt>{"Sum of half-perimeters Ĉ"}</dt><dd data-testid="c-hat">{frac(&m.sum_half_perimeters)}</dd>
                <dt>{"Lower bound LB = 2 Σ √sᵢ"}</dt><dd>{format!("{:.6}", m.lb_sum)}</dd>
                <dt>{"Ĉ / LB"}</dt><dd>{format!("{:.6}", m.ratio_sum)}</dd>
                <dt>{"Largest half-perimeter M̂"}</dt><dd>{format!("{} (P{})", frac(&m.max_half_perimeter), m.max_processor + 1)}</dd>
                <dt>{"M̂ / (2 √max sᵢ)"}</dt><dd>{format!("{:.6}", m.ratio_max)}</dd>
                <dt>{"Interior cuts Ĉ − 2"}</dt><dd>{frac(&m.interior_cut_length)}</dd>
            </dl>
        </>
    }
}

/// Every algorithm on the same instance.
pub fn comparison(inst: &SquarePartition, current: &str) -> Html {
    let areas = inst.areas();
    let rows: Vec<(&str, Result<Metrics, String>)> = ALGORITHMS
        .iter()
        .map(|(name, _)| {
            let got = match *name {
                "column-dp" => column::solve(&areas).map(|p| metrics(&areas, &p.rects)),
                other => Err(format!("{other} is not available")),
            };
            (*name, got)
        })
        .collect();
    html! {
        <>
            <h2>{"All algorithms on this instance"}</h2>
            <table class="compare" data-testid="compare">
                <thead><tr><th>{"algorithm"}</th><th>{"Ĉ"}</th><th>{"Ĉ / LB"}</th><th>{"M̂"}</th></tr></thead>
                <tbody>
                    { for rows.into_iter().map(|(name, m)| html! {
                        <tr class={classes!((name == current).then_some("current"))}>
                            <td>{name}</td>
                            { match m {
                                Ok(m) => html! { <>
                                    <td>{frac(&m.sum_half_perimeters)}</td>
                                    <td>{format!("{:.4}", m.ratio_sum)}</td>
                                    <td>{frac(&m.max_half_perimeter)}</td>
                                </> },
                                Err(e) => html! { <td colspan="3">{e}</td> },
                            } }
                        </tr>
                    }) }
                </tbody>
            </table>
        </>
    }
}
