//! The PERI-MAX column heuristic within `2/√3` of the lower bound (square-partitions.md section
//! 3.2), with its trace (section 6.3).
//!
//! The window test `x ≥ X_lo(m) = 2√(s_1/3) − √(4s_1/3 − m)` is decided exactly on rationals
//! by squaring (see [`reaches_window`]), so the spec's `− 1e-12` float tolerance is not needed
//! and ties are exact; likewise case A is `s_1 ≥ 1/3` exactly. The window ends `X_lo`, `X_hi`
//! are reported in `f64` for display only.
//!
//! Reference: O. Beaumont, V. Boudet, F. Rastello, Y. Robert, *Partitioning a square into
//! rectangles: NP-completeness and approximation algorithms*, Algorithmica 34, 2002.

mod step;
#[cfg(test)]
mod tests;

use crate::sort;
use num_traits::{One, Zero};
use serde::Serialize;

pub use step::{PeriMaxState, PeriMaxStep, PERI_MAX_PSEUDOCODE};

use super::{check_areas, metrics, stack_column, Rect};
use crate::error::SolveError;
use crate::rational::{to_f64, Q};
use crate::trace::{Trace, Traced};

/// The result of the PERI-MAX heuristic.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct PeriMaxPartition {
    /// Case A (`s_1 ≥ 1/3`): full-height slices.
    pub slices: bool,
    /// The columns left to right, each listing its processors (0-based) from the top (case A:
    /// one processor per column).
    pub columns: Vec<Vec<usize>>,
    /// The rectangle of each processor, by input index.
    pub rects: Vec<Rect>,
    /// `M̂`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub max: Q,
    /// The processor (0-based) attaining `M̂` (the first on ties).
    pub max_processor: usize,
}

/// Runs the PERI-MAX heuristic on areas `s` (positive, summing to 1); the result satisfies
/// `M̂ ≤ (2/√3)·LB_max`.
///
/// # Complexity
/// `O(p log p)` (the sort) plus `O(p)` rational operations.
///
/// # Errors
/// A sentence when the areas are empty, not positive, or do not sum to 1.
///
/// ```
/// use hetlab_core::rational::q;
/// use hetlab_core::square::perimax::solve;
/// let part = solve(&[q(1, 4), q(1, 4), q(1, 4), q(1, 4)]).unwrap();
/// assert_eq!(part.max, q(1, 1));
/// ```
pub fn solve(s: &[Q]) -> Result<PeriMaxPartition, SolveError> {
    run(s, &mut |_| {})
}

/// As [`solve`], with the steps of section 6.3.
///
/// # Complexity
/// As [`solve`]; about `2p` steps.
///
/// # Errors
/// As [`solve`].
pub fn solve_traced(s: &[Q]) -> Result<Traced<PeriMaxPartition, PeriMaxStep>, SolveError> {
    let mut trace = Trace::default();
    let solution = run(s, &mut |st| trace.push(st))?;
    Ok(Traced { solution, trace })
}

/// `x ≥ X_lo(m)` exactly. With `A = 4s_1/3` and `B = A − m ≥ 0`, `X_lo = √A − √B`, so the test
/// is `x + √B ≥ √A`, i.e. (squaring non-negative sides) `2x√B ≥ m − x²`: true when `x² ≥ m`,
/// otherwise equivalent to `4x²B ≥ (m − x²)²`.
#[must_use]
pub fn reaches_window(x: &Q, m: &Q, s1: &Q) -> bool {
    let x2 = x * x;
    if &x2 >= m {
        return true;
    }
    let b = Q::new(4.into(), 3.into()) * s1 - m;
    let gap = m - &x2;
    Q::from_integer(4.into()) * &x2 * b >= &gap * &gap
}

/// `(X_lo(m), X_hi(m))` in `f64`, for display.
#[must_use]
pub fn window(m: &Q, s1: &Q) -> (f64, f64) {
    let centre = 2.0 * (to_f64(s1) / 3.0).sqrt();
    let half = (4.0 * to_f64(s1) / 3.0 - to_f64(m)).max(0.0).sqrt();
    (centre - half, centre + half)
}

fn run(s: &[Q], emit: &mut impl FnMut(PeriMaxStep)) -> Result<PeriMaxPartition, SolveError> {
    check_areas(s)?;
    let mut order: Vec<usize> = (0..s.len()).collect();
    sort::by(&mut order, |&a, &b| s[b].cmp(&s[a]).then(a.cmp(&b)));
    let s1 = s[order[0]].clone();
    let slices = Q::from_integer(3.into()) * &s1 >= Q::one();
    emit(PeriMaxStep::Sorted {
        order: order.clone(),
        slices,
    });
    let columns = if slices {
        order.iter().map(|&i| vec![i]).collect()
    } else {
        fill(s, &order, &s1, emit)
    };
    let rects = place(s, &columns, emit);
    let (max, max_processor) = metrics::max_half_perimeter(&rects);
    emit(PeriMaxStep::Finished {
        max: max.clone(),
        processor: max_processor,
    });
    Ok(PeriMaxPartition {
        slices,
        columns,
        rects,
        max,
        max_processor,
    })
}

/// Case B, phases 1 and 2: columns filled in descending order, each closed once its sum
/// reaches the window of its largest area; an unclosed last column joins column 1.
fn fill(s: &[Q], order: &[usize], s1: &Q, emit: &mut impl FnMut(PeriMaxStep)) -> Vec<Vec<usize>> {
    let mut columns: Vec<Vec<usize>> = Vec::new();
    let mut open = false;
    let mut sum = Q::zero();
    for &i in order {
        if !open {
            columns.push(Vec::new());
            sum = Q::zero();
        }
        let k = columns.len() - 1;
        columns[k].push(i);
        sum += &s[i];
        let m = &s[columns[k][0]];
        let closed = reaches_window(&sum, m, s1);
        let (x_lo, x_hi) = window(m, s1);
        emit(PeriMaxStep::Added {
            processor: i,
            column: k,
            sum: sum.clone(),
            x_lo,
            x_hi,
            closed,
        });
        open = !closed;
    }
    if open && columns.len() >= 2 {
        let last = columns.pop().unwrap_or_default();
        columns[0].extend(&last);
        emit(PeriMaxStep::Merged {
            column: columns.len(),
            items: last,
        });
    }
    columns
}

/// Columns left to right, width = sum; rectangles from the top in insertion order.
fn place(s: &[Q], columns: &[Vec<usize>], emit: &mut impl FnMut(PeriMaxStep)) -> Vec<Rect> {
    let mut rects = vec![Rect::default(); s.len()];
    let mut x = Q::zero();
    for (k, col) in columns.iter().enumerate() {
        let (width, placed) = stack_column(s, col, &x);
        for (i, r) in &placed {
            rects[*i] = r.clone();
        }
        emit(PeriMaxStep::PlacedColumn { column: k, placed });
        x += width;
    }
    rects
}
