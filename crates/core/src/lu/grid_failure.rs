//! Why plain heterogeneous grids fail for LU (lu-distributions.md §2.1): on a fixed `P × Q`
//! grid of cycle times, the best integer split of an `m × m` trailing matrix into grid rows and
//! columns changes with `m` and is not incremental, so no static distribution is optimal at
//! every step. Computed by brute force over every split (small grids and sizes only).

use serde::Serialize;

use crate::error::SolveError;
use crate::rational::{qi, Q};

/// Most cells and largest size the brute force accepts (its work is `O(C(m+P−1, P−1)·C(m+Q−1,
/// Q−1)·PQ)` per size).
pub const MAX_FAILURE_CELLS: usize = 9;
/// Largest trailing size of the table.
pub const MAX_FAILURE_SIZE: usize = 12;

/// The best split of one trailing size.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct GridOptimum {
    /// The trailing matrix's side.
    pub m: usize,
    /// `min max t_ij·a_i·b_j` over the splits.
    #[serde(serialize_with = "crate::rational::exact")]
    pub makespan: Q,
    /// Rows per grid row of an optimum (the lexicographically first of the optima).
    pub rows: Vec<usize>,
    /// Columns per grid column of that optimum.
    pub cols: Vec<usize>,
    /// How many splits are optimal.
    pub optima: usize,
}

/// The 3 × 3 grid of §2.1: cycle time 1 at position (1, 1), 5 elsewhere.
#[must_use]
pub fn section_2_1_grid() -> Vec<Vec<Q>> {
    (0..3)
        .map(|i| {
            (0..3)
                .map(|j| qi(if i == 0 && j == 0 { 1 } else { 5 }))
                .collect()
        })
        .collect()
}

/// Every composition of `m` into `parts` non-negative parts, in lexicographic order.
fn compositions(m: usize, parts: usize) -> Vec<Vec<usize>> {
    if parts == 1 {
        return vec![vec![m]];
    }
    let mut out = Vec::new();
    for first in 0..=m {
        for mut rest in compositions(m - first, parts - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// The best split for every trailing size `1..=m_max` of the grid of cycle times `t`.
///
/// # Complexity
/// `O(Σ_m C(m+P−1, P−1)·C(m+Q−1, Q−1)·PQ)`.
///
/// # Errors
/// A sentence when the grid is empty or ragged, has more than [`MAX_FAILURE_CELLS`] cells, or
/// `m_max` is above [`MAX_FAILURE_SIZE`].
///
/// ```
/// use hetlab_core::lu::grid_failure::{optimal_splits, section_2_1_grid};
/// let table = optimal_splits(&section_2_1_grid(), 3).unwrap();
/// assert_eq!(table[2].rows, [1, 1, 1]);
/// ```
pub fn optimal_splits(t: &[Vec<Q>], m_max: usize) -> Result<Vec<GridOptimum>, SolveError> {
    let rows = t.len();
    let cols = t.first().map_or(0, Vec::len);
    if rows == 0 || cols == 0 || t.iter().any(|r| r.len() != cols) {
        return Err("the grid of cycle times must be a non-empty rectangle".into());
    }
    if rows * cols > MAX_FAILURE_CELLS || m_max > MAX_FAILURE_SIZE {
        return Err(format!(
            "the brute force handles at most {MAX_FAILURE_CELLS} cells and size {MAX_FAILURE_SIZE}"
        )
        .into());
    }
    let mut table = Vec::with_capacity(m_max);
    for m in 1..=m_max {
        let (ra, ca) = (compositions(m, rows), compositions(m, cols));
        let mut best: Option<GridOptimum> = None;
        for a in &ra {
            for b in &ca {
                let cost = (0..rows)
                    .flat_map(|i| (0..cols).map(move |j| (i, j)))
                    .map(|(i, j)| &t[i][j] * qi(i64::try_from(a[i] * b[j]).unwrap_or(i64::MAX)))
                    .max()
                    .unwrap_or_else(|| qi(0));
                match &mut best {
                    Some(o) if cost == o.makespan => o.optima += 1,
                    Some(o) if cost > o.makespan => {}
                    _ => {
                        best = Some(GridOptimum {
                            m,
                            makespan: cost,
                            rows: a.clone(),
                            cols: b.clone(),
                            optima: 1,
                        });
                    }
                }
            }
        }
        table.extend(best);
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn section_2_1_table() {
        let table = optimal_splits(&section_2_1_grid(), 8).unwrap();
        let makespans: Vec<Q> = table.iter().map(|o| o.makespan.clone()).collect();
        let want: Vec<Q> = [1, 4, 5, 10, 15, 20, 25, 36]
            .iter()
            .map(|&v| qi(v))
            .collect();
        assert_eq!(makespans, want);
        let rows: Vec<Vec<usize>> = table.iter().map(|o| o.rows.clone()).collect();
        assert_eq!(
            rows,
            [
                vec![1, 0, 0],
                vec![2, 0, 0],
                vec![1, 1, 1],
                vec![2, 1, 1],
                vec![3, 1, 1],
                vec![2, 2, 2],
                vec![5, 1, 1],
                vec![6, 1, 1]
            ]
        );
        assert!(table.iter().all(|o| o.rows == o.cols));
        // "The unique optimum for m = 3 does not contain the unique optimum for m = 2."
        assert_eq!((table[1].optima, table[2].optima), (1, 1));
        assert!(table[2].rows.iter().zip(&table[1].rows).any(|(a, b)| a < b));
        assert!(optimal_splits(&[vec![qi(1); 10]], 3).is_err());
        assert!(optimal_splits(&section_2_1_grid(), 13).is_err());
    }
}
