//! `grid-exact`: the grid heuristic of §4.4, then the exact solver of §4.3 on every arrangement
//! it evaluated (the "exact" button of §6.4), for grids of at most [`MAX_EXACT_CELLS`] cells.
//! The heuristic chooses the arrangements; for each, the exact row and column fractions replace
//! the rank-1 approximation, and the arrangement with the largest exact `V` is kept.

use serde::Serialize;

use super::MAX_EXACT_CELLS;
use super::{exact, heuristic::run as heuristic_run, ExactGrid, GridHeuristic, GridStep};
use crate::error::SolveError;
use crate::rational::{to_f64, Q};
use crate::trace::{Trace, Traced};

/// The heuristic's arrangements, each solved exactly.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct GridExact {
    /// The heuristic's run (arrangements, float `r`, `c`, `V`).
    pub heuristic: GridHeuristic,
    /// The exact optimum of each evaluated arrangement, in evaluation order.
    pub exact: Vec<ExactGrid>,
    /// Index of the arrangement with the largest exact `V` (the first on ties).
    pub best: usize,
}

impl GridExact {
    /// The kept arrangement's exact optimum.
    #[must_use]
    pub fn best_exact(&self) -> Option<&ExactGrid> {
        self.exact.get(self.best)
    }
}

/// Runs the heuristic on `rows × cols` processors of cycle times `times`, then solves every
/// evaluated arrangement exactly.
///
/// # Complexity
/// The heuristic's, plus `O(2^(PQ)·(P+Q))` per arrangement (at most 100 arrangements).
///
/// # Errors
/// The heuristic's, or a grid of more than [`MAX_EXACT_CELLS`] cells.
///
/// ```
/// use hetlab_core::rational::q;
/// let t = [q(1, 1), q(2, 1), q(3, 1), q(5, 1)];
/// let g = hetlab_core::square::grid::exact_all(&t, 2, 2).unwrap();
/// assert_eq!(g.best_exact().unwrap().v, q(2, 1));
/// ```
pub fn exact_all(times: &[Q], rows: usize, cols: usize) -> Result<GridExact, SolveError> {
    run(times, rows, cols, &mut |_| {})
}

/// As [`exact_all`], with the heuristic's steps then one step per exact solve.
///
/// # Errors
/// As [`exact_all`].
pub fn exact_all_traced(
    times: &[Q],
    rows: usize,
    cols: usize,
) -> Result<Traced<GridExact, GridStep>, SolveError> {
    let mut trace = Trace::default();
    let solution = run(times, rows, cols, &mut |s| trace.push(s))?;
    Ok(Traced { solution, trace })
}

fn run(
    times: &[Q],
    rows: usize,
    cols: usize,
    emit: &mut impl FnMut(GridStep),
) -> Result<GridExact, SolveError> {
    if rows * cols > MAX_EXACT_CELLS {
        return Err(SolveError::TooLarge(format!(
            "the exact grid solver (§4.3) handles at most {MAX_EXACT_CELLS} processors (a 4 × 4 grid), not {rows} × {cols} = {}; the heuristic \"grid\" has no limit",
            rows * cols
        )));
    }
    let heuristic = heuristic_run(times, rows, cols, emit)?;
    let mut solved = Vec::with_capacity(heuristic.evaluations.len());
    for (k, e) in heuristic.evaluations.iter().enumerate() {
        let t: Vec<Vec<Q>> = e
            .arrangement
            .iter()
            .map(|row| row.iter().map(|&p| times[p].clone()).collect())
            .collect();
        let x = exact(&t)?;
        emit(GridStep::SolvedExactly {
            iteration: k,
            exact: x.clone(),
        });
        solved.push(x);
    }
    let mut best = 0;
    for (k, x) in solved.iter().enumerate() {
        if x.v > solved[best].v {
            best = k;
        }
    }
    emit(GridStep::ChoseExact {
        iteration: best,
        v: solved.get(best).map_or(f64::NAN, |x| to_f64(&x.v)),
    });
    Ok(GridExact {
        heuristic,
        exact: solved,
        best,
    })
}
