//! What the square-partition page shows at one step, for each algorithm: the rectangles placed
//! so far and what to emphasise, the caption, the pseudocode line, the working below the figure
//! (the DP table), and the metrics of the final partition.

use hetlab_core::instance::SquarePartition;
use hetlab_core::rational::{frac, Q};
use hetlab_core::square::{column, Rect};
use yew::prelude::*;

use crate::square_draw::Marks;

/// The algorithms of the page: stable name (formats.md §7) and title.
pub const ALGORITHMS: &[(&str, &str)] = &[("column-dp", "optimal column-based partition")];

/// Metrics of a partition (square-partitions.md §5).
#[derive(Clone, Debug, PartialEq)]
pub struct Metrics {
    /// `Ĉ`.
    pub sum: Q,
    /// `M̂` and the processor attaining it.
    pub max: (Q, usize),
}

impl Metrics {
    fn of(rects: &[Rect]) -> Metrics {
        let mut max = (Q::default(), 0);
        for (i, r) in rects.iter().enumerate() {
            if r.half_perimeter() > max.0 {
                max = (r.half_perimeter(), i);
            }
        }
        Metrics {
            sum: rects.iter().map(Rect::half_perimeter).sum(),
            max,
        }
    }
}

/// One algorithm run on one instance.
pub struct SquareRun {
    rects: Vec<Rect>,
    columns: Vec<Q>,
    metrics: Metrics,
    result: serde_json::Value,
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
    /// Metrics of the final partition.
    pub metrics: Metrics,
    /// Working shown below the figure.
    pub below: Html,
}

impl SquareRun {
    /// Runs `algo` on `inst`.
    ///
    /// # Errors
    /// The solver's message, or an unknown algorithm.
    pub fn new(inst: &SquarePartition, algo: &str) -> Result<SquareRun, String> {
        let areas = inst.areas();
        match algo {
            "column-dp" => {
                let part = column::solve(&areas)?;
                let columns = column_lefts(&part.rects);
                Ok(SquareRun {
                    metrics: Metrics::of(&part.rects),
                    result: serde_json::json!({ "columns": part.columns, "cost": frac(&part.cost) }),
                    rects: part.rects,
                    columns,
                })
            }
            other => Err(format!(
                "Unknown algorithm \"{other}\" for square partitions."
            )),
        }
    }

    /// Number of steps.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(!self.rects.is_empty())
    }

    /// The result JSON (formats.md §4).
    #[must_use]
    pub fn result_json(&self) -> serde_json::Value {
        self.result.clone()
    }

    /// The page at step `k`.
    #[must_use]
    pub fn view(&self, _k: usize) -> StepView {
        StepView {
            placed: self.rects.iter().cloned().enumerate().collect(),
            marks: Marks {
                columns: self.columns.clone(),
                ..Marks::default()
            },
            caption: format!("The partition: Ĉ = {}.", frac(&self.metrics.sum)),
            line: None,
            pseudocode: &[],
            metrics: self.metrics.clone(),
            below: Html::default(),
        }
    }
}

/// The left edges of the columns of a column-based layout, the first excepted.
fn column_lefts(rects: &[Rect]) -> Vec<Q> {
    let mut xs: Vec<Q> = rects
        .iter()
        .map(|r| r.x.clone())
        .filter(|x| *x > Q::default())
        .collect();
    xs.sort();
    xs.dedup();
    xs
}

/// The metrics panel.
pub fn metrics_panel(m: &Metrics) -> Html {
    html! {
        <>
            <h2>{"Result"}</h2>
            <dl class="metrics" data-testid="metrics">
                <dt>{"Sum of half-perimeters Ĉ"}</dt><dd data-testid="c-hat">{frac(&m.sum)}</dd>
                <dt>{"Largest half-perimeter M̂"}</dt><dd>{format!("{} (P{})", frac(&m.max.0), m.max.1 + 1)}</dd>
            </dl>
        </>
    }
}

/// Every algorithm on the same instance.
pub fn comparison(_inst: &SquarePartition, _current: &str) -> Html {
    Html::default()
}
