//! Heterogeneous 2D processor grids (square-partitions.md section 4): the exact solver for a
//! fixed arrangement ([`exact`], rationals, at most 16 cells), the SVD-based heuristic with
//! iterative re-arrangement ([`heuristic`], `f64` as the spec defines it), with its trace
//! (section 6.4), and both together ([`exact_all`]: the heuristic's arrangements solved
//! exactly, algorithm `grid-exact`).
//!
//! Reference: O. Beaumont, V. Boudet, A. Petitet, F. Rastello, Y. Robert, *A proposal for a
//! heterogeneous cluster ScaLAPACK (dense linear solvers)*, IEEE TC 50(10), 2001.

mod exact;
mod exact_run;
mod heuristic;
mod step;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_oracle;

use crate::error::SolveError;
pub use exact::{exact, ExactGrid, MAX_EXACT_CELLS};
pub use exact_run::{exact_all, exact_all_traced, GridExact};
pub use heuristic::{
    heuristic, heuristic_traced, GridHeuristic, POWER_MAX_ITER, POWER_TOL, TIE_REL,
};
pub use step::{Evaluation, GridState, GridStep, GRID_PSEUDOCODE};

/// `(rows, columns)` of a rectangular, non-empty matrix.
fn shape<T>(t: &[Vec<T>]) -> Result<(usize, usize), SolveError> {
    let rows = t.len();
    let cols = t.first().map_or(0, Vec::len);
    if rows == 0 || cols == 0 {
        return Err("the grid needs at least one row and one column".into());
    }
    if t.iter().any(|row| row.len() != cols) {
        return Err("every grid row must have the same number of cells".into());
    }
    Ok((rows, cols))
}
