//! Block panels on a true processor grid (lu-distributions.md §2.5, the library variant): on a
//! `P × Q` grid with integer panel sizes (`r_i` block rows per grid row, `c_j` block columns per
//! grid column, square-partitions.md §4), the order of the rows and columns inside one
//! `B_p × B_q` panel comes from Algorithm 1 run on the grid rows and columns, reversed.
//!
//! Not used by the named algorithms (their instances have no arrangement nor panel sizes); kept
//! as a library function for the grid page of the square family and checked on the spec's example.

use num_traits::{Signed, Zero};
use serde::Serialize;

use super::allocate::allocate;
use crate::error::SolveError;
use crate::rational::Q;

/// The row and column order of one panel.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Panel {
    /// Speed of each grid column, `Σ_i r_i / t_ij`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub column_speeds: Vec<Q>,
    /// Speed of each grid row, `Σ_j c_j / t_ij`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub row_speeds: Vec<Q>,
    /// Grid column of each block column of the panel, left to right (Algorithm 1, reversed).
    pub columns: Vec<usize>,
    /// Grid row of each block row of the panel, top to bottom (Algorithm 1, reversed).
    pub rows: Vec<usize>,
}

impl Panel {
    /// `(grid row, grid column)` of every block of the panel, row by row.
    #[must_use]
    pub fn owners(&self) -> Vec<Vec<(usize, usize)>> {
        self.rows
            .iter()
            .map(|&a| self.columns.iter().map(|&b| (a, b)).collect())
            .collect()
    }
}

/// The panel order of §2.5 for cycle times `t[i][j]` on a `P × Q` grid with panel sizes `r`
/// (length `P`) and `c` (length `Q`); indices are 0-based.
///
/// # Complexity
/// `O(P·Q + (P + Q)·(B_p + B_q))` rational operations.
///
/// # Errors
/// A sentence when the grid is empty or ragged, a cycle time is not positive, the sizes do not
/// match the grid, or the panel has no block row or no block column.
pub fn panel(t: &[Vec<Q>], r: &[usize], c: &[usize]) -> Result<Panel, SolveError> {
    let rows = t.len();
    let cols = t.first().map_or(0, Vec::len);
    if rows == 0 || cols == 0 || t.iter().any(|row| row.len() != cols) {
        return Err("the grid of cycle times must be a non-empty rectangle".into());
    }
    if t.iter().flatten().any(|x| !x.is_positive()) {
        return Err("every cycle time of the grid must be > 0".into());
    }
    if r.len() != rows || c.len() != cols {
        return Err(format!("the panel needs {rows} row sizes and {cols} column sizes").into());
    }
    let speed = |weights: &mut dyn Iterator<Item = (usize, &Q)>| -> Q {
        weights.fold(Q::zero(), |acc, (k, t)| acc + Q::from_integer(k.into()) / t)
    };
    let column_speeds: Vec<Q> = (0..cols)
        .map(|j| speed(&mut (0..rows).map(|i| (r[i], &t[i][j]))))
        .collect();
    let row_speeds: Vec<Q> = (0..rows)
        .map(|i| speed(&mut (0..cols).map(|j| (c[j], &t[i][j]))))
        .collect();
    let mut columns = allocate(&column_speeds, c.iter().sum())
        .map_err(|_| "the panel needs at least one block row (every r_i is 0)".to_owned())?;
    let mut row_order = allocate(&row_speeds, r.iter().sum())
        .map_err(|_| "the panel needs at least one block column (every c_j is 0)".to_owned())?;
    columns.reverse();
    row_order.reverse();
    Ok(Panel {
        column_speeds,
        row_speeds,
        columns,
        rows: row_order,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::{q, qi};

    #[test]
    fn spec_panel_example_2_5() {
        let t = vec![vec![qi(1), qi(2)], vec![qi(3), qi(5)]];
        let p = panel(&t, &[6, 2], &[4, 2]).unwrap();
        assert_eq!(p.column_speeds, [q(20, 3), q(17, 5)]);
        assert_eq!(p.row_speeds, [qi(5), q(26, 15)]);
        assert_eq!(p.columns, [0, 1, 0, 0, 1, 0]);
        assert_eq!(p.rows, [0, 1, 0, 0, 0, 1, 0, 0]);
        let owners = p.owners();
        assert_eq!(owners.len(), 8);
        assert_eq!(owners[1], [(1, 0), (1, 1), (1, 0), (1, 0), (1, 1), (1, 0)]);
        assert_eq!(owners[2][1], (0, 1));
    }

    #[test]
    fn bad_grids_are_refused() {
        let t = vec![vec![qi(1), qi(2)], vec![qi(3)]];
        assert!(panel(&t, &[1, 1], &[1, 1]).is_err());
        assert!(panel(&[], &[], &[]).is_err());
        let t = vec![vec![qi(1), qi(0)]];
        assert!(panel(&t, &[1], &[1, 1]).is_err());
        let t = vec![vec![qi(1), qi(2)]];
        assert!(panel(&t, &[1], &[1]).is_err());
        assert!(panel(&t, &[0], &[1, 1]).is_err());
    }
}
