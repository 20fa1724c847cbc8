//! The steps of the PERI-MAX heuristic (square-partitions.md section 6.3), their captions, and
//! the view model [`PeriMaxState`].

use serde::Serialize;

use crate::rational::{format_q, frac, to_f64, Q};
use crate::square::{name, Rect};
use crate::trace::{Phase, Replay, Step};

/// One event of the PERI-MAX heuristic (processors 0-based, columns 0-based left to right).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum PeriMaxStep {
    /// The areas were sorted descending and the case chosen.
    Sorted {
        /// Processors by decreasing area (ties by index).
        order: Vec<usize>,
        /// Case A: `s_1 ≥ 1/3`, full-height slices.
        slices: bool,
    },
    /// Case B: an area joined the current column.
    Added {
        /// The processor.
        processor: usize,
        /// Its column.
        column: usize,
        /// The column's sum `x` after adding it.
        #[serde(serialize_with = "crate::rational::exact")]
        sum: Q,
        /// `X_lo` of the column's largest area (f64, display only).
        x_lo: f64,
        /// `X_hi` of the column's largest area (f64, display only).
        x_hi: f64,
        /// The sum reached the window: the column is closed.
        closed: bool,
    },
    /// Phase 2: the unclosed last column was appended to column 1.
    Merged {
        /// The deleted column.
        column: usize,
        /// Its processors, appended in order.
        items: Vec<usize>,
    },
    /// A column (a slice in case A) was drawn with its rectangles.
    PlacedColumn {
        /// The column.
        column: usize,
        /// Its processors and rectangles, from the top.
        placed: Vec<(usize, Rect)>,
    },
    /// The layout is complete.
    Finished {
        /// `M̂`.
        #[serde(serialize_with = "crate::rational::exact")]
        max: Q,
        /// The processor attaining it.
        processor: usize,
    },
}

/// Pseudocode shown beside the figure; [`Phase::line`] indexes it.
pub const PERI_MAX_PSEUDOCODE: &[&str] = &[
    "sort the areas descending: s1 ≥ s2 ≥ … ≥ sp",
    "if s1 ≥ 1/3: p full-height slices of widths s_i",
    "else: add the areas in order to the current column (sum x, largest m)",
    "  close it once x ≥ X_lo(m) = 2√(s1/3) − √(4s1/3 − m)",
    "if the last column is not closed: append its areas to column 1",
    "draw the columns left to right, rectangles from the top",
    "M̂ ≤ (2/√3)·LB_max",
];

impl Step for PeriMaxStep {
    /// The areas, by processor.
    type Context<'a> = [Q];

    fn caption(&self, s: &[Q]) -> String {
        match self {
            PeriMaxStep::Sorted { order, slices } => {
                let first = order.first().map_or_else(String::new, |&i| {
                    format!("{} has the largest area s1 = {}", name(i), s.get(i).map_or_else(String::new, format_q))
                });
                if *slices {
                    format!("Sorted the areas from largest to smallest; {first} ≥ 1/3, so full-height slices are within 2/√3 of the bound.")
                } else {
                    format!("Sorted the areas from largest to smallest; {first} < 1/3, so the areas are packed into columns whose largest half-perimeter stays within 2/√3 of the bound.")
                }
            }
            PeriMaxStep::Added { processor, column, sum, x_lo, x_hi, closed } => format!(
                "{} joined column {}: its sum is x = {} ≈ {:.4}, window [{x_lo:.4}, {x_hi:.4}]; {}.",
                name(*processor),
                column + 1,
                format_q(sum),
                to_f64(sum),
                if *closed { "the window is reached, so the column is closed" } else { "still below the window, the column stays open" }
            ),
            PeriMaxStep::Merged { column, items } => format!(
                "Column {} never reached its window: appended {} to the bottom of column 1.",
                column + 1,
                items.iter().map(|&i| name(i)).collect::<Vec<_>>().join(", ")
            ),
            PeriMaxStep::PlacedColumn { column, placed } => {
                let width = placed.first().map_or_else(String::new, |(_, r)| frac(&r.w));
                format!(
                    "Drew column {} of width {width} holding {} from the top.",
                    column + 1,
                    placed.iter().map(|(i, _)| name(*i)).collect::<Vec<_>>().join(", ")
                )
            }
            PeriMaxStep::Finished { max, processor } => {
                let (_, lb) = crate::square::metrics::lower_bounds(s);
                format!(
                    "Done: the largest half-perimeter is M̂ = {} (for {}), M̂/LB_max = {:.6} ≤ 2/√3 ≈ 1.154701.",
                    format_q(max),
                    name(*processor),
                    to_f64(max) / lb
                )
            }
        }
    }

    fn phase(&self) -> Phase {
        let (name, line) = match self {
            PeriMaxStep::Sorted { slices: false, .. } => ("sort", 0),
            PeriMaxStep::Sorted { slices: true, .. } => ("slices", 1),
            PeriMaxStep::Added { closed: false, .. } => ("columns", 2),
            PeriMaxStep::Added { closed: true, .. } => ("columns", 3),
            PeriMaxStep::Merged { .. } => ("merge", 4),
            PeriMaxStep::PlacedColumn { .. } => ("draw", 5),
            PeriMaxStep::Finished { .. } => ("done", 6),
        };
        Phase { name, line }
    }
}

/// What the figure shows after some steps of the PERI-MAX heuristic.
#[derive(Clone, Debug, PartialEq, Default, Serialize)]
pub struct PeriMaxState {
    /// The areas, by processor.
    #[serde(serialize_with = "crate::rational::exact")]
    pub areas: Vec<Q>,
    /// Descending order, once sorted.
    pub order: Option<Vec<usize>>,
    /// Case A, once decided.
    pub slices: Option<bool>,
    /// Columns being filled (processors), left to right.
    pub columns: Vec<Vec<usize>>,
    /// Which of them are closed.
    pub closed: Vec<bool>,
    /// The current column's sum and window `(x, X_lo, X_hi)`, for the number line.
    pub window: Option<(f64, f64, f64)>,
    /// The items moved by phase 2.
    pub merged: Vec<usize>,
    /// Rectangles drawn so far.
    pub rects: Vec<Option<Rect>>,
    /// The processor (or column's first processor) just handled.
    pub focus: Option<usize>,
    /// `M̂` and the processor attaining it, once finished.
    #[serde(serialize_with = "crate::rational::exact")]
    pub max: Option<(usize, Q)>,
}

impl PeriMaxState {
    /// The state before any step: the bars of `areas`.
    #[must_use]
    pub fn new(areas: &[Q]) -> PeriMaxState {
        PeriMaxState {
            areas: areas.to_vec(),
            rects: vec![None; areas.len()],
            ..PeriMaxState::default()
        }
    }
}

impl Replay for PeriMaxState {
    type Step = PeriMaxStep;

    fn apply(&mut self, step: &PeriMaxStep) {
        match step {
            PeriMaxStep::Sorted { order, slices } => {
                self.order = Some(order.clone());
                self.slices = Some(*slices);
                if *slices {
                    self.columns = order.iter().map(|&i| vec![i]).collect();
                    self.closed = vec![true; order.len()];
                }
            }
            PeriMaxStep::Added {
                processor,
                column,
                sum,
                x_lo,
                x_hi,
                closed,
            } => {
                if self.columns.len() <= *column {
                    self.columns.resize(column + 1, Vec::new());
                    self.closed.resize(column + 1, false);
                }
                self.columns[*column].push(*processor);
                self.closed[*column] = *closed;
                self.window = Some((to_f64(sum), *x_lo, *x_hi));
                self.focus = Some(*processor);
            }
            PeriMaxStep::Merged { column, items } => {
                self.columns.truncate(*column);
                self.closed.truncate(*column);
                if let Some(first) = self.columns.first_mut() {
                    first.extend(items);
                }
                self.merged.clone_from(items);
                self.window = None;
            }
            PeriMaxStep::PlacedColumn { placed, .. } => {
                self.window = None;
                for (i, r) in placed {
                    if let Some(slot) = self.rects.get_mut(*i) {
                        *slot = Some(r.clone());
                    }
                }
                self.focus = placed.first().map(|(i, _)| *i);
            }
            PeriMaxStep::Finished { max, processor } => {
                self.focus = Some(*processor);
                self.max = Some((*processor, max.clone()));
            }
        }
    }
}
