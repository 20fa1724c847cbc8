//! The optimal column-based partition of the unit square for the sum of half-perimeters
//! (square-partitions.md section 2): a dynamic programme over the areas sorted ascending, the
//! normative tie rules, the backtracking and the drawing convention — exact, in rationals.
//! [`solve_traced`] records the story of section 6.1 ([`ColumnStep`], replayed by
//! [`ColumnState`]).
//!
//! Reference: O. Beaumont, V. Boudet, F. Rastello, Y. Robert, *Matrix multiplication on
//! heterogeneous platforms*, IEEE TPDS 12(10), 2001 (in the HDR thesis appendix).

mod step;
mod table;
#[cfg(test)]
mod tests;

use crate::sort;
use num_traits::Zero;

pub use step::{Candidate, ColumnState, ColumnStep, Run, Strip, COLUMN_PSEUDOCODE};

use super::{check_areas, stack_column, Rect};
use crate::error::SolveError;
use crate::rational::Q;
use crate::trace::{Trace, Traced};

/// The DP tables and the partition they give.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct ColumnPartition {
    /// Processor indices (0-based, input order) sorted by `(area, index)`.
    pub order: Vec<usize>,
    /// `f[C-1][q-1]` = best cost of the `q` smallest areas in exactly `C` columns (`None` when
    /// `C > q`).
    pub f: Vec<Vec<Option<Q>>>,
    /// `cut[C-1][q-1]` = rectangles in the first `C − 1` columns at that optimum.
    pub cut: Vec<Vec<Option<usize>>>,
    /// The optimal number of columns (the smallest on ties).
    pub columns: usize,
    /// Rectangles per DP column, DP column 1 (smallest areas) first.
    pub sizes: Vec<usize>,
    /// `Ĉ`, the sum of half-perimeters.
    pub cost: Q,
    /// The rectangle of each processor, by input index.
    pub rects: Vec<Rect>,
}

impl ColumnPartition {
    /// The columns as drawn, left to right (DP column `C_opt` first), each listing its
    /// processors (0-based) from the top.
    #[must_use]
    pub fn drawn_columns(&self) -> Vec<Vec<usize>> {
        let mut out = Vec::with_capacity(self.sizes.len());
        let mut end = self.order.len();
        for &n in self.sizes.iter().rev() {
            out.push(self.order[end - n..end].iter().rev().copied().collect());
            end -= n;
        }
        out
    }
}

/// Solves COL-PERI-SUM exactly for areas `s` (positive, summing to 1).
///
/// # Complexity
/// `O(p³)` rational operations, `O(p²)` memory.
///
/// # Errors
/// A sentence when the areas are empty, not positive, or do not sum to 1.
///
/// ```
/// use hetlab_core::rational::q;
/// use hetlab_core::square::column::solve;
/// let part = solve(&[q(1, 4), q(1, 4), q(1, 2)]).unwrap();
/// assert_eq!(part.cost, q(7, 2));
/// ```
pub fn solve(s: &[Q]) -> Result<ColumnPartition, SolveError> {
    run(s, false, &mut |_| {})
}

/// As [`solve`], with the steps of section 6.1: sort, prefix sums, one step per DP cell (with
/// every candidate split), the choice of `C_opt`, one step per backtracked column, then the
/// columns and their rectangles as drawn. About `p²/2 + 2p` steps, so `p ≤ 190` stays under
/// [`crate::trace::STEP_CAP`].
///
/// # Complexity
/// As [`solve`]; the trace holds `O(p³)` candidate values.
///
/// # Errors
/// As [`solve`].
pub fn solve_traced(s: &[Q]) -> Result<Traced<ColumnPartition, ColumnStep>, SolveError> {
    let mut trace = Trace::default();
    let solution = run(s, true, &mut |st| trace.push(st))?;
    Ok(Traced { solution, trace })
}

/// The DP with its steps; `traced` says whether the per-cell steps (with their candidate
/// lists) are built at all, since they cost more than the DP itself.
fn run(
    s: &[Q],
    traced: bool,
    emit: &mut impl FnMut(ColumnStep),
) -> Result<ColumnPartition, SolveError> {
    check_areas(s)?;
    let p = s.len();
    let mut order: Vec<usize> = (0..p).collect();
    sort::by(&mut order, |&a, &b| s[a].cmp(&s[b]).then(a.cmp(&b)));
    emit(ColumnStep::Sorted {
        order: order.clone(),
    });
    let mut pre = vec![Q::zero()];
    for &i in &order {
        let next = pre[pre.len() - 1].clone() + &s[i];
        pre.push(next);
    }
    emit(ColumnStep::SummedPrefixes { pre: pre.clone() });
    let (f, cut) = table::tables(p, &pre, traced, emit);
    // The smallest C reaching the minimum of f[C][p].
    let mut columns = 1;
    for c in 2..=p {
        if let (Some(v), Some(best)) = (&f[c - 1][p - 1], &f[columns - 1][p - 1]) {
            if v < best {
                columns = c;
            }
        }
    }
    let cost = f[columns - 1][p - 1].clone().unwrap_or_else(Q::zero);
    emit(ColumnStep::ChoseColumns {
        columns,
        cost: cost.clone(),
    });
    let sizes = backtrack(&cut, columns, p, emit);
    let rects = geometry(s, &order, &sizes, emit);
    emit(ColumnStep::Finished {
        cost: cost.clone(),
        max: super::metrics::max_half_perimeter(&rects).0,
    });
    Ok(ColumnPartition {
        order,
        f,
        cut,
        columns,
        sizes,
        cost,
        rects,
    })
}

/// Section 2.3: rectangles per DP column, DP column 1 first.
fn backtrack(
    cut: &[Vec<Option<usize>>],
    columns: usize,
    p: usize,
    emit: &mut impl FnMut(ColumnStep),
) -> Vec<usize> {
    let mut sizes = vec![0; columns];
    let mut q = p;
    for c in (1..=columns).rev() {
        let r = if c == 1 {
            0
        } else {
            cut[c - 1][q - 1].unwrap_or(0)
        };
        sizes[c - 1] = q - r;
        emit(ColumnStep::FoundColumn { c, q, cut: r });
        q = r;
    }
    sizes
}

/// The drawing convention of section 2.3: DP column `C` at the left, DP column 1 at the right;
/// inside a column, decreasing sorted index from the top.
fn geometry(
    s: &[Q],
    order: &[usize],
    sizes: &[usize],
    emit: &mut impl FnMut(ColumnStep),
) -> Vec<Rect> {
    let mut rects = vec![Rect::default(); s.len()];
    let mut starts = Vec::with_capacity(sizes.len());
    let mut k = 0;
    for &n in sizes {
        starts.push(k);
        k += n;
    }
    let mut x = Q::zero();
    for (col, &n) in sizes.iter().enumerate().rev() {
        // Largest sorted index on top.
        let members: Vec<usize> = order[starts[col]..starts[col] + n]
            .iter()
            .rev()
            .copied()
            .collect();
        let (width, placed) = stack_column(s, &members, &x);
        emit(ColumnStep::DrewColumn {
            dp_column: col + 1,
            x: x.clone(),
            width: width.clone(),
        });
        for (i, rect) in placed {
            rects[i] = rect.clone();
            emit(ColumnStep::PlacedRect { processor: i, rect });
        }
        x += width;
    }
    rects
}
