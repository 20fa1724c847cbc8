//! `grid-panels`: the processors on a true `P × Q` grid (the instance's `grid`, or the most
//! square one), distributed by block panels (lu-distributions.md §2.5, square-partitions.md
//! §4.5).
//!
//! 1. The arrangement and the row and column fractions `r`, `c` come from square-partitions.md
//!    §4: the heuristic's arrangements solved exactly when `P·Q ≤ 16` (`grid-exact`), else the
//!    heuristic's own (floating-point) fractions, read exactly.
//! 2. The fractions are rounded to integer panel sizes summing to `B` by cumulative rounding
//!    (§4.1: boundary `k` is `⌊B·(r_1+…+r_k)/Σr + 1/2⌋`, ties upwards).
//! 3. The order of rows and columns inside the `B × B` panel is Algorithm 1 on the grid rows and
//!    columns (speeds `Σ_j c_j/t_ij` and `Σ_i r_i/t_ij`), reversed ([`super::panel`]).
//! 4. The panel repeats over the `n × n` matrix from the bottom-right corner, like the
//!    sequences of §2.3, so that every trailing matrix is served by the end of a panel.

use num_traits::{ToPrimitive, Zero};
use serde::Serialize;

use super::panel::{panel, Panel};
use crate::error::SolveError;
use crate::rational::Q;
use crate::square::grid::{exact_all, heuristic, MAX_EXACT_CELLS};

/// The true-grid distribution of `grid-panels`.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct GridPanels {
    /// Grid rows `P`.
    pub rows: usize,
    /// Grid columns `Q`.
    pub cols: usize,
    /// `arrangement[i][j]`: the processor (0-based) at grid row `i`, column `j`.
    pub arrangement: Vec<Vec<usize>>,
    /// Row fractions (exact when `exact`, else the heuristic's doubles read exactly).
    #[serde(serialize_with = "crate::rational::exact")]
    pub r: Vec<Q>,
    /// Column fractions.
    #[serde(serialize_with = "crate::rational::exact")]
    pub c: Vec<Q>,
    /// `r`, `c` come from the exact solver (§4.3), not the heuristic (§4.4).
    pub exact: bool,
    /// Block rows of each grid row in a `B × B` panel (sum `B`).
    pub row_sizes: Vec<usize>,
    /// Block columns of each grid column in a panel (sum `B`).
    pub column_sizes: Vec<usize>,
    /// The order of rows and columns inside the panel (§2.5).
    pub panel: Panel,
}

/// Cumulative rounding of `fractions` to integers summing to `total` (square-partitions.md
/// §4.1): boundary `k` is `⌊total·(f_1+…+f_k)/Σf + 1/2⌋`, exactly (ties upwards, which is what
/// the spec's `+ EPS_GEOM` asks of a float implementation).
///
/// ```
/// use hetlab_core::lu::grid_panels::rounded;
/// use hetlab_core::rational::q;
/// assert_eq!(rounded(&[q(1, 1), q(1, 3)], 8), [6, 2]);
/// assert_eq!(rounded(&[q(1, 1), q(1, 2)], 6), [4, 2]);
/// ```
#[must_use]
pub fn rounded(fractions: &[Q], total: usize) -> Vec<usize> {
    let sum: Q = fractions.iter().sum();
    if sum.is_zero() {
        return vec![0; fractions.len()];
    }
    let big = Q::from_integer(total.into());
    let half = Q::new(1.into(), 2.into());
    let mut cum = Q::zero();
    let mut last = 0usize;
    fractions
        .iter()
        .map(|f| {
            cum += f;
            let bound = (&big * &cum / &sum + &half)
                .floor()
                .to_integer()
                .to_usize()
                .unwrap_or(total)
                .min(total);
            let size = bound.saturating_sub(last);
            last = bound.max(last);
            size
        })
        .collect()
}

/// The arrangement and row and column fractions of a true grid (the part of [`grid_panels`]
/// that does not depend on the panel size).
#[derive(Clone, Debug, PartialEq)]
pub struct GridFractions {
    rows: usize,
    cols: usize,
    arrangement: Vec<Vec<usize>>,
    r: Vec<Q>,
    c: Vec<Q>,
    exact: bool,
}

/// The arrangement and fractions of processors of cycle times `t` on a `rows × cols` grid
/// (`rows·cols` must be the number of processors): exact when `rows·cols ≤ 16`.
///
/// # Complexity
/// The exact solver's `O(2^(PQ)·(P+Q))` per arrangement when `P·Q ≤ 16`, else the heuristic's.
///
/// # Errors
/// A sentence when the grid does not hold exactly the processors, or from the solvers.
pub fn grid_fractions(t: &[Q], rows: usize, cols: usize) -> Result<GridFractions, SolveError> {
    if rows == 0 || cols == 0 || rows * cols != t.len() {
        return Err(format!(
            "grid: a {rows} × {cols} grid holds {} processors, not {}; give [rows, columns] with rows × columns = {}",
            rows * cols,
            t.len(),
            t.len()
        )
        .into());
    }
    let (arrangement, r, c, exact) = if rows * cols <= MAX_EXACT_CELLS {
        let g = exact_all(t, rows, cols)?;
        let best = g
            .best_exact()
            .ok_or("the exact grid solver found nothing")?;
        let arrangement = g.heuristic.evaluations[g.best].arrangement.clone();
        (arrangement, best.r.clone(), best.c.clone(), true)
    } else {
        let h = heuristic(t, rows, cols)?;
        let e = &h.evaluations[h.best];
        let exact_of = |v: &[f64]| -> Result<Vec<Q>, SolveError> {
            v.iter()
                .map(|x| {
                    Q::from_float(*x)
                        .ok_or_else(|| "the grid heuristic gave a non-finite fraction".into())
                })
                .collect()
        };
        (
            e.arrangement.clone(),
            exact_of(&e.r)?,
            exact_of(&e.c)?,
            false,
        )
    };
    Ok(GridFractions {
        rows,
        cols,
        arrangement,
        r,
        c,
        exact,
    })
}

/// The `b × b` panel of a grid (steps 2 and 3 of the module documentation).
///
/// # Errors
/// From [`panel`] (a panel with no block row or column).
pub fn panels_of(f: &GridFractions, t: &[Q], b: usize) -> Result<GridPanels, SolveError> {
    let row_sizes = rounded(&f.r, b);
    let column_sizes = rounded(&f.c, b);
    let times: Vec<Vec<Q>> = f
        .arrangement
        .iter()
        .map(|row| row.iter().map(|&p| t[p].clone()).collect())
        .collect();
    let panel = panel(&times, &row_sizes, &column_sizes)?;
    Ok(GridPanels {
        rows: f.rows,
        cols: f.cols,
        arrangement: f.arrangement.clone(),
        r: f.r.clone(),
        c: f.c.clone(),
        exact: f.exact,
        row_sizes,
        column_sizes,
        panel,
    })
}

/// The grid, its fractions and its `b × b` panel: [`grid_fractions`] then [`panels_of`].
///
/// # Errors
/// As [`grid_fractions`] and [`panels_of`].
pub fn grid_panels(t: &[Q], rows: usize, cols: usize, b: usize) -> Result<GridPanels, SolveError> {
    panels_of(&grid_fractions(t, rows, cols)?, t, b)
}

impl GridPanels {
    /// The `n × n` owner matrix: the panel repeated from the bottom-right corner (block `(i, j)`,
    /// 1-based, takes panel row `B − 1 − ((n − i) mod B)`, 0-based; the same for columns).
    #[must_use]
    pub fn owners(&self, n: usize) -> Vec<Vec<usize>> {
        let (bp, bq) = (self.panel.rows.len(), self.panel.columns.len());
        let at = |i: usize, b: usize| b - 1 - ((n - 1 - i) % b);
        (0..n)
            .map(|i| {
                let gr = self.panel.rows[at(i, bp)];
                (0..n)
                    .map(|j| self.arrangement[gr][self.panel.columns[at(j, bq)]])
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::{q, qi};
    use crate::square::grid::exact;

    #[test]
    fn section_2_5_panel_from_the_exact_grid() {
        // T = [[1, 2], [3, 5]]: exact r ∝ (1, 1/3), c ∝ (1, 1/2) (square §7.8); rounded to an
        // 8 × 6 panel they are the spec's r = (6, 2), c = (4, 2), and the panel is §2.5's.
        let t = vec![vec![qi(1), qi(2)], vec![qi(3), qi(5)]];
        let x = exact(&t).unwrap();
        let (r, c) = (rounded(&x.r, 8), rounded(&x.c, 6));
        assert_eq!(
            (r.as_slice(), c.as_slice()),
            ([6, 2].as_slice(), [4, 2].as_slice())
        );
        let p = panel(&t, &r, &c).unwrap();
        assert_eq!(p.columns, [0, 1, 0, 0, 1, 0]);
        assert_eq!(p.rows, [0, 1, 0, 0, 0, 1, 0, 0]);
    }

    #[test]
    fn the_panel_tiles_the_matrix_from_the_bottom_right() {
        let t = [qi(1), qi(2), qi(3), qi(5)];
        let g = grid_panels(&t, 2, 2, 6).unwrap();
        assert!(g.exact);
        assert_eq!(g.row_sizes.iter().sum::<usize>(), 6);
        assert_eq!(g.column_sizes.iter().sum::<usize>(), 6);
        let n = 10;
        let o = g.owners(n);
        // Block (n, n) is the panel's bottom-right block; row n − 6 repeats row n.
        let last_row = g.panel.rows[5];
        assert_eq!(o[n - 1][n - 1], g.arrangement[last_row][g.panel.columns[5]]);
        assert_eq!(o[n - 7], o[n - 1]);
        assert_eq!(o.iter().flatten().copied().max(), Some(3));
        let e = grid_panels(&t, 3, 2, 6).unwrap_err().to_string();
        assert!(e.contains("holds 6 processors, not 4"), "{e}");
    }

    #[test]
    fn cumulative_rounding_sums_to_the_total() {
        assert_eq!(rounded(&[q(1, 3), q(1, 3), q(1, 3)], 10), [3, 4, 3]);
        assert_eq!(rounded(&[q(1, 100), q(99, 100)], 4), [0, 4]);
        for total in 1..30 {
            let f = [q(3, 7), q(1, 9), q(2, 5), q(1, 1)];
            assert_eq!(rounded(&f, total).iter().sum::<usize>(), total);
        }
    }
}
