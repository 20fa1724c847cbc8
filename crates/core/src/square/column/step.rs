//! The steps of the column DP (square-partitions.md section 6.1), their captions, and the view
//! model [`ColumnState`] the page draws: bars, prefix sums, the DP table cell by cell, the
//! backtracked columns and the rectangles placed so far.

use serde::Serialize;

use crate::rational::{format_q, frac, Q};
use crate::square::{name, Rect};
use crate::trace::{Phase, Replay, Step};

/// One candidate split of a DP cell: the first `C − 1` columns hold the `r` smallest areas.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Candidate {
    /// The split point `r`.
    pub r: usize,
    /// `1 + (q − r)·(Pre[q] − Pre[r]) + f[C−1][r]`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub value: Q,
}

/// One event of the column DP. Processor indices are 0-based input positions; `c`, `q`, `r`
/// and sorted positions are 1-based as in the spec's tables.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum ColumnStep {
    /// The areas were sorted ascending by `(area, index)`.
    Sorted {
        /// `order[k]` = processor at sorted position `k + 1`.
        order: Vec<usize>,
    },
    /// The prefix sums of the sorted areas.
    SummedPrefixes {
        /// `Pre[0..=p]`.
        #[serde(serialize_with = "crate::rational::exact")]
        pre: Vec<Q>,
    },
    /// Cell `f[c][q]` was computed (no candidates for `c = 1`: one column, no choice).
    FilledCell {
        /// Number of columns `C`.
        c: usize,
        /// Number of smallest areas `q`.
        q: usize,
        /// Every split considered, in scan order (`r` downward).
        candidates: Vec<Candidate>,
        /// `f[c][q]`.
        #[serde(serialize_with = "crate::rational::exact")]
        value: Q,
        /// `cut[c][q]`, the chosen split.
        cut: usize,
    },
    /// `C_opt` was chosen on the last column of the table.
    ChoseColumns {
        /// `C_opt`.
        columns: usize,
        /// `Ĉ_col = f[C_opt][p]`.
        #[serde(serialize_with = "crate::rational::exact")]
        cost: Q,
    },
    /// Backtracking found DP column `c`: sorted areas `cut + 1 ..= q`.
    FoundColumn {
        /// DP column.
        c: usize,
        /// Its last sorted position.
        q: usize,
        /// Areas in the columns before it.
        cut: usize,
    },
    /// A column strip was drawn (left to right).
    DrewColumn {
        /// Its DP column number.
        dp_column: usize,
        /// Left edge.
        #[serde(serialize_with = "crate::rational::exact")]
        x: Q,
        /// Width (sum of its areas).
        #[serde(serialize_with = "crate::rational::exact")]
        width: Q,
    },
    /// A processor's rectangle was placed in the current column.
    PlacedRect {
        /// The processor.
        processor: usize,
        /// Its rectangle.
        rect: Rect,
    },
    /// The partition is complete.
    Finished {
        /// `Ĉ`.
        #[serde(serialize_with = "crate::rational::exact")]
        cost: Q,
        /// `M̂`.
        #[serde(serialize_with = "crate::rational::exact")]
        max: Q,
    },
}

/// Pseudocode shown beside the figure; [`Phase::line`] indexes it.
pub const COLUMN_PSEUDOCODE: &[&str] = &[
    "sort the areas ascending: s(1) ≤ … ≤ s(p)",
    "Pre[q] := s(1) + … + s(q)",
    "f[1][q] := 1 + q·Pre[q]",
    "f[C][q] := min over r of 1 + (q − r)·(Pre[q] − Pre[r]) + f[C−1][r]   (largest r on ties)",
    "C_opt := the smallest C minimising f[C][p]",
    "backtrack: DP column C holds sorted areas cut[C][q]+1 … q; q := cut[C][q]",
    "draw columns left to right (largest areas first), rectangles from the top",
];

/// Longest list of candidates written out in one caption.
const LISTED: usize = 8;

impl Step for ColumnStep {
    /// The areas, by processor.
    type Context<'a> = [Q];

    fn caption(&self, s: &[Q]) -> String {
        match self {
            ColumnStep::Sorted { order } => {
                let list: Vec<String> = order
                    .iter()
                    .map(|&i| format!("{} ({})", name(i), area(s, i)))
                    .collect();
                format!("Sorted the areas from smallest to largest: {}. Some optimal partition puts contiguous runs of this list in its columns.", list.join(", "))
            }
            ColumnStep::SummedPrefixes { pre } => format!(
                "Wrote the prefix sums Pre[q] of the sorted areas ({}): a column holding sorted areas r+1 … q is Pre[q] − Pre[r] wide.",
                pre.iter().skip(1).map(format_q).collect::<Vec<_>>().join(", ")
            ),
            ColumnStep::FilledCell { c: 1, q, value, .. } => format!(
                "f[1][{q}] = 1 + {q} × Pre[{q}] = {}: the {q} smallest areas stacked in one column of height 1.",
                format_q(value)
            ),
            ColumnStep::FilledCell { c, q, candidates, value, cut } => {
                let mut list: Vec<String> = candidates
                    .iter()
                    .take(LISTED)
                    .map(|k| format!("r = {} gives {}", k.r, format_q(&k.value)))
                    .collect();
                if candidates.len() > LISTED {
                    list.push(format!("{} more", candidates.len() - LISTED));
                }
                format!(
                    "f[{c}][{q}]: tried every last column holding sorted areas r+1 … {q} ({}); the best is r = {cut}, so f[{c}][{q}] = {}.",
                    list.join(", "),
                    format_q(value)
                )
            }
            ColumnStep::ChoseColumns { columns, cost } => format!(
                "The last table column is smallest for C = {columns} columns (the fewest on ties): the best column-based partition costs Ĉ = {}.",
                format_q(cost)
            ),
            ColumnStep::FoundColumn { c, q, cut } => format!(
                "Backtracked DP column {c}: it holds sorted areas {} … {q} ({} rectangle(s)); the columns before it hold the {cut} smallest.",
                cut + 1,
                q - cut
            ),
            ColumnStep::DrewColumn { dp_column, x, width } => format!(
                "Drew DP column {dp_column} as a full-height strip at x = {} of width {} (the sum of its areas).",
                frac(x),
                frac(width)
            ),
            ColumnStep::PlacedRect { processor, rect } => format!(
                "Placed {} at y = {}: {} wide (the column) and {} high (its area {} divided by the width).",
                name(*processor),
                frac(&rect.y),
                frac(&rect.w),
                frac(&rect.h),
                area(s, *processor)
            ),
            ColumnStep::Finished { cost, max } => format!(
                "Done: the sum of half-perimeters is Ĉ = {} and the largest half-perimeter is M̂ = {}.",
                format_q(cost),
                format_q(max)
            ),
        }
    }

    fn phase(&self) -> Phase {
        let (name, line) = match self {
            ColumnStep::Sorted { .. } => ("sort", 0),
            ColumnStep::SummedPrefixes { .. } => ("prefix sums", 1),
            ColumnStep::FilledCell { c: 1, .. } => ("table", 2),
            ColumnStep::FilledCell { .. } => ("table", 3),
            ColumnStep::ChoseColumns { .. } => ("choose C", 4),
            ColumnStep::FoundColumn { .. } => ("backtrack", 5),
            ColumnStep::DrewColumn { .. }
            | ColumnStep::PlacedRect { .. }
            | ColumnStep::Finished { .. } => ("draw", 6),
        };
        Phase { name, line }
    }
}

fn area(s: &[Q], i: usize) -> String {
    s.get(i).map_or_else(String::new, format_q)
}

/// A run of sorted positions forming one DP column, found by backtracking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Run {
    /// DP column number.
    pub dp_column: usize,
    /// First sorted position (1-based).
    pub first: usize,
    /// Last sorted position (1-based).
    pub last: usize,
}

/// A drawn column strip.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Strip {
    /// DP column number.
    pub dp_column: usize,
    /// Left edge.
    #[serde(serialize_with = "crate::rational::exact")]
    pub x: Q,
    /// Width.
    #[serde(serialize_with = "crate::rational::exact")]
    pub width: Q,
}

/// What the figure shows after some steps of the column DP.
#[derive(Clone, Debug, PartialEq, Default, Serialize)]
pub struct ColumnState {
    /// The areas, by processor (input order).
    #[serde(serialize_with = "crate::rational::exact")]
    pub areas: Vec<Q>,
    /// Sorted order, once sorted.
    pub order: Option<Vec<usize>>,
    /// Prefix sums `Pre[0..=p]`, once computed.
    #[serde(serialize_with = "crate::rational::exact")]
    pub pre: Option<Vec<Q>>,
    /// `f[C-1][q-1]` filled so far.
    #[serde(serialize_with = "crate::rational::exact")]
    pub f: Vec<Vec<Option<Q>>>,
    /// `cut[C-1][q-1]` filled so far.
    pub cut: Vec<Vec<Option<usize>>>,
    /// The highlighted cell `(C, q)`, 1-based.
    pub focus: Option<(usize, usize)>,
    /// The candidates of the highlighted cell (empty for row 1).
    pub candidates: Vec<Candidate>,
    /// The chosen split of the highlighted cell.
    pub chosen: Option<usize>,
    /// `C_opt` and `Ĉ_col`, once chosen.
    #[serde(serialize_with = "crate::rational::exact")]
    pub best: Option<(usize, Q)>,
    /// DP columns found by backtracking (DP column `C_opt` first).
    pub runs: Vec<Run>,
    /// Column strips drawn so far, left to right.
    pub strips: Vec<Strip>,
    /// Rectangles placed so far, by processor.
    pub rects: Vec<Option<Rect>>,
    /// The rectangle just placed.
    pub current: Option<usize>,
    /// `Ĉ`, once finished.
    #[serde(serialize_with = "crate::rational::exact")]
    pub cost: Option<Q>,
    /// `M̂`, once finished.
    #[serde(serialize_with = "crate::rational::exact")]
    pub max: Option<Q>,
}

impl ColumnState {
    /// The state before any step: the bars of `areas` in input order.
    #[must_use]
    pub fn new(areas: &[Q]) -> ColumnState {
        let p = areas.len();
        ColumnState {
            areas: areas.to_vec(),
            f: vec![vec![None; p]; p],
            cut: vec![vec![None; p]; p],
            rects: vec![None; p],
            ..ColumnState::default()
        }
    }
}

impl Replay for ColumnState {
    type Step = ColumnStep;

    fn apply(&mut self, step: &ColumnStep) {
        self.current = None;
        if !matches!(step, ColumnStep::FilledCell { .. }) {
            self.candidates.clear();
            self.chosen = None;
        }
        match step {
            ColumnStep::Sorted { order } => self.order = Some(order.clone()),
            ColumnStep::SummedPrefixes { pre } => self.pre = Some(pre.clone()),
            ColumnStep::FilledCell {
                c,
                q,
                candidates,
                value,
                cut,
            } => {
                if let Some(cell) = self.f.get_mut(c - 1).and_then(|row| row.get_mut(q - 1)) {
                    *cell = Some(value.clone());
                }
                if let Some(cell) = self.cut.get_mut(c - 1).and_then(|row| row.get_mut(q - 1)) {
                    *cell = Some(*cut);
                }
                self.focus = Some((*c, *q));
                self.candidates.clone_from(candidates);
                self.chosen = Some(*cut);
            }
            ColumnStep::ChoseColumns { columns, cost } => {
                self.focus = Some((*columns, self.areas.len()));
                self.best = Some((*columns, cost.clone()));
            }
            ColumnStep::FoundColumn { c, q, cut } => {
                self.focus = Some((*c, *q));
                self.runs.push(Run {
                    dp_column: *c,
                    first: cut + 1,
                    last: *q,
                });
            }
            ColumnStep::DrewColumn {
                dp_column,
                x,
                width,
            } => {
                self.focus = None;
                self.strips.push(Strip {
                    dp_column: *dp_column,
                    x: x.clone(),
                    width: width.clone(),
                });
            }
            ColumnStep::PlacedRect { processor, rect } => {
                if let Some(slot) = self.rects.get_mut(*processor) {
                    *slot = Some(rect.clone());
                }
                self.current = Some(*processor);
            }
            ColumnStep::Finished { cost, max } => {
                self.cost = Some(cost.clone());
                self.max = Some(max.clone());
            }
        }
    }
}
