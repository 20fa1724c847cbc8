//! One entry point for every square-partition algorithm, by its catalog name (`column-dp`,
//! `recursive`, `peri-max`, `bisection`, `slices`, `kalinov-lastovetsky`, and the processor
//! grids `grid`, `grid-exact`), so the command line and the page can dispatch on a string and
//! print one result shape.

use serde::Serialize;
use serde_json::Value;

use super::column::{ColumnPartition, ColumnStep};
use super::grid::{self, GridExact, GridHeuristic, GridStep};
use super::perimax::{PeriMaxPartition, PeriMaxStep};
use super::recursive::{RecursivePartition, RecursiveStep};
use super::{baseline, column, metrics, perimax, recursive, Rect};
use crate::error::SolveError;
use crate::rational::Q;
use crate::trace::{Step, Trace, Traced};

/// The rectangle algorithms, in display order (the comparison table's rows).
pub const ALGORITHMS: &[&str] = &[
    "column-dp",
    "recursive",
    "peri-max",
    "bisection",
    "slices",
    KALINOV_LASTOVETSKY,
];

/// The Kalinov–Lastovetsky baseline (§3.3): balanced columns, the user's or the most square
/// grid's.
pub const KALINOV_LASTOVETSKY: &str = "kalinov-lastovetsky";

/// The 2D processor-grid heuristic (§4.4, §6.4): a grid, not rectangles.
pub const GRID: &str = "grid";

/// The grid heuristic's arrangements solved exactly (§4.3; the "exact" button of §6.4).
pub const GRID_EXACT: &str = "grid-exact";

/// What an algorithm may read besides the areas.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options<'a> {
    /// Cycle times (the grid algorithms' input).
    pub times: Option<&'a [Q]>,
    /// The user's Kalinov–Lastovetsky columns.
    pub columns: Option<&'a [Vec<usize>]>,
    /// `N` for the communication volume and the rounding of §5 (none: not computed).
    pub blocks: Option<usize>,
}

/// A partition from any algorithm, with its objective and metrics.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Partition {
    /// The algorithm's name.
    pub algorithm: crate::intern::Name,
    /// `"optimal"` (the column DP: optimal among column-based partitions) or `"heuristic"`.
    pub status: crate::intern::Name,
    /// `"sum_half_perimeters"`, or `"max_half_perimeter"` for `peri-max`.
    pub objective: crate::intern::Name,
    /// The objective's value.
    #[serde(serialize_with = "crate::rational::exact")]
    pub value: Q,
    /// The rectangle of each processor, in input order.
    pub rects: Vec<Rect>,
    /// Columns left to right, each listing processors (0-based) from the top, for the
    /// column-based algorithms.
    pub columns: Option<Vec<Vec<usize>>>,
    /// The metrics panel (section 5).
    pub metrics: metrics::Metrics,
    /// Length of the step trace (0 for the baselines, which have none).
    pub steps: usize,
}

/// The traced detail of one run, by algorithm.
#[allow(clippy::large_enum_variant)] // One per page; boxing buys nothing.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub enum Detail {
    /// `column-dp`.
    Column(Traced<ColumnPartition, ColumnStep>),
    /// `recursive`.
    Recursive(Traced<RecursivePartition, RecursiveStep>),
    /// `peri-max`.
    PeriMax(Traced<PeriMaxPartition, PeriMaxStep>),
    /// `grid`: a processor grid, not rectangles (§4.4).
    Grid(Traced<GridHeuristic, GridStep>),
    /// `grid-exact`: the heuristic's arrangements solved exactly (§4.3).
    GridExact(Traced<GridExact, GridStep>),
    /// A baseline: no trace.
    Baseline,
}

/// One run of a square-partition algorithm: the partition (none for `grid`) and the trace.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct SquareRun {
    /// The normalised areas the algorithm ran on.
    pub areas: Vec<Q>,
    /// The partition with its metrics (`None` for the grid heuristic).
    pub partition: Option<Partition>,
    /// The trace of the algorithm.
    pub detail: Detail,
    /// The communication volume and the rounding to `N × N` blocks of §5 (rectangles only).
    pub blocks: Option<metrics::Blocks>,
}

impl SquareRun {
    /// Number of steps recorded.
    #[must_use]
    pub fn len(&self) -> usize {
        match &self.detail {
            Detail::Column(t) => t.trace.len(),
            Detail::Recursive(t) => t.trace.len(),
            Detail::PeriMax(t) => t.trace.len(),
            Detail::Grid(t) => t.trace.len(),
            Detail::GridExact(t) => t.trace.len(),
            Detail::Baseline => 0,
        }
    }

    /// No step was recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The trace as JSON: one object per step with its `caption` and `phase`.
    #[must_use]
    pub fn trace_json(&self) -> Vec<Value> {
        let s = self.areas.as_slice();
        match &self.detail {
            Detail::Column(t) => json(&t.trace, s),
            Detail::Recursive(t) => json(&t.trace, s),
            Detail::PeriMax(t) => json(&t.trace, s),
            Detail::Grid(t) => crate::report::trace_json(&t.trace.steps, &()),
            Detail::GridExact(t) => crate::report::trace_json(&t.trace.steps, &()),
            Detail::Baseline => Vec::new(),
        }
    }
}

/// Runs algorithm `name` on areas `s` (every algorithm but `grid`), untraced.
///
/// # Errors
/// An unknown name (listing the known ones) or invalid areas.
///
/// ```
/// use hetlab_core::rational::q;
/// let part = hetlab_core::square::run::run_algorithm("column-dp", &[q(1, 2), q(1, 2)]).unwrap();
/// assert_eq!(part.value, q(3, 1));
/// ```
#[cfg(feature = "solve")]
pub fn run_algorithm(name: &str, s: &[Q]) -> Result<Partition, SolveError> {
    run_on(name, s, Options::default(), false)?
        .partition
        .ok_or_else(|| {
            SolveError::NotApplicable(format!("\"{name}\" gives a processor grid, not rectangles"))
        })
}

/// Runs algorithm `name` on processors of areas `s` and cycle times `times` (the grid
/// heuristic's input); `traced` records the steps.
///
/// # Errors
/// As [`run_algorithm`]; the grid heuristic's own message.
#[cfg(feature = "solve")]
pub fn run(name: &str, s: &[Q], times: &[Q], traced: bool) -> Result<SquareRun, SolveError> {
    let o = Options {
        times: Some(times),
        ..Options::default()
    };
    run_on(name, s, o, traced)
}

/// Runs algorithm `name` on areas `s` with everything else the instance gives (`o`).
///
/// # Errors
/// As [`run`].
#[cfg(feature = "solve")]
pub fn run_with(
    name: &str,
    s: &[Q],
    o: Options<'_>,
    traced: bool,
) -> Result<SquareRun, SolveError> {
    run_on(name, s, o, traced)
}

/// Every rectangle algorithm on the same areas, in catalog order (the comparison panel),
/// with the message of those that refuse.
#[cfg(feature = "solve")]
#[must_use]
pub fn compare(s: &[Q]) -> Vec<(&'static str, Result<Partition, SolveError>)> {
    ALGORITHMS
        .iter()
        .map(|name| (*name, run_algorithm(name, s)))
        .collect()
}

fn traced_or<T, S, E>(
    traced: bool,
    plain: impl FnOnce() -> Result<T, E>,
    with: impl FnOnce() -> Result<Traced<T, S>, E>,
) -> Result<Traced<T, S>, E> {
    if traced {
        with()
    } else {
        plain().map(Traced::untraced)
    }
}

/// The most square grid holding every processor (1 × p when p is prime).
#[must_use]
pub fn grid_shape(p: usize) -> (usize, usize) {
    let rows = (1..=p)
        .filter(|r| p.is_multiple_of(*r) && r * r <= p)
        .max()
        .unwrap_or(1);
    (rows, p / rows)
}

fn run_on(name: &str, s: &[Q], o: Options<'_>, traced: bool) -> Result<SquareRun, SolveError> {
    let mut columns = None;
    let (status, objective, rects, detail) = match name {
        "column-dp" => {
            let t = traced_or(traced, || column::solve(s), || column::solve_traced(s))?;
            columns = Some(t.solution.drawn_columns());
            let rects = t.solution.rects.clone();
            ("optimal", "sum_half_perimeters", rects, Detail::Column(t))
        }
        "recursive" => {
            let t = traced_or(
                traced,
                || recursive::solve(s),
                || recursive::solve_traced(s),
            )?;
            let rects = t.solution.rects.clone();
            (
                "heuristic",
                "sum_half_perimeters",
                rects,
                Detail::Recursive(t),
            )
        }
        "peri-max" => {
            let t = traced_or(traced, || perimax::solve(s), || perimax::solve_traced(s))?;
            columns = Some(t.solution.columns.clone());
            let rects = t.solution.rects.clone();
            ("heuristic", "max_half_perimeter", rects, Detail::PeriMax(t))
        }
        "bisection" => (
            "heuristic",
            "sum_half_perimeters",
            baseline::bisection(s)?,
            Detail::Baseline,
        ),
        "slices" => {
            columns = Some(vec![(0..s.len()).collect()]);
            let rects = baseline::slices(s)?;
            ("heuristic", "sum_half_perimeters", rects, Detail::Baseline)
        }
        KALINOV_LASTOVETSKY => {
            let (rects, cols) = baseline::kalinov_lastovetsky(s, o.columns)?;
            columns = Some(cols);
            ("heuristic", "sum_half_perimeters", rects, Detail::Baseline)
        }
        GRID | GRID_EXACT => {
            let times = o
                .times
                .ok_or("the grid algorithms need the processors' cycle times")?;
            let (rows, cols) = grid_shape(times.len());
            let detail = if name == GRID {
                Detail::Grid(traced_or(
                    traced,
                    || grid::heuristic(times, rows, cols),
                    || grid::heuristic_traced(times, rows, cols),
                )?)
            } else {
                Detail::GridExact(traced_or(
                    traced,
                    || grid::exact_all(times, rows, cols),
                    || grid::exact_all_traced(times, rows, cols),
                )?)
            };
            return Ok(SquareRun {
                areas: s.to_vec(),
                partition: None,
                detail,
                blocks: None,
            });
        }
        other => {
            return Err(format!(
            "unknown algorithm \"{other}\" for square-partition (known: {}, {GRID}, {GRID_EXACT})",
            ALGORITHMS.join(", ")
        )
            .into())
        }
    };
    let m = metrics::metrics(s, &rects);
    let value = if objective == "max_half_perimeter" {
        m.max_half_perimeter.clone()
    } else {
        m.sum_half_perimeters.clone()
    };
    let algorithm = ALGORITHMS
        .iter()
        .copied()
        .find(|a| *a == name)
        .unwrap_or("");
    let blocks = o.blocks.map(|n| metrics::blocks(s, &rects, n));
    let mut run = SquareRun {
        areas: s.to_vec(),
        partition: None,
        detail,
        blocks,
    };
    run.partition = Some(Partition {
        algorithm,
        status,
        objective,
        value,
        rects,
        columns,
        metrics: m,
        steps: run.len(),
    });
    Ok(run)
}

/// Each step as its JSON object plus `"caption"` and `"phase"`.
fn json<S: Step<Context<'static> = [Q]> + Serialize>(trace: &Trace<S>, s: &[Q]) -> Vec<Value> {
    crate::report::trace_json(&trace.steps, s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;
    use crate::square::verify;

    #[test]
    fn every_algorithm_runs_on_section_7_1() {
        let s = crate::square::examples::s7_1();
        let want = [
            q(11, 2),
            q(146, 25),
            q(28, 25),
            q(139, 25),
            q(9, 1),
            q(6, 1),
        ];
        for (name, value) in ALGORITHMS.iter().zip(want) {
            let run = run_on(name, &s, Options::default(), true).unwrap();
            let (part, trace) = (run.partition.clone().unwrap(), run.trace_json());
            assert_eq!(
                (part.algorithm, part.value.clone()),
                (*name, value),
                "{name}"
            );
            verify(&s, &part.rects).unwrap();
            assert_eq!(part.steps, trace.len());
            assert!(trace
                .iter()
                .all(|t| t["caption"].is_string() && t["kind"].is_string()));
        }
        let dp = run_algorithm("column-dp", &s).unwrap();
        assert_eq!(dp.status, "optimal");
        assert_eq!(dp.columns.unwrap()[0], [7, 6]);
        let err = run_algorithm("magic", &s).unwrap_err();
        assert!(err.to_string().contains("column-dp, recursive"));
        assert!(run_algorithm("slices", &[q(1, 2)]).is_err());
    }
}
