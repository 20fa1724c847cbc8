//! The exact solver for a fixed grid arrangement (square-partitions.md section 4.3): some
//! optimal `r, c` make a spanning tree of tight cells, so every spanning tree of the bipartite
//! rows–columns graph is tried, in exact rationals, for grids of at most 16 cells.

use num_traits::{One, Signed, Zero};
use serde::Serialize;

use crate::error::SolveError;
use crate::rational::Q;

/// Most cells the exact solver accepts (`4 × 4`: 11 440 subsets of 7 cells).
pub const MAX_EXACT_CELLS: usize = 16;

/// The optimal row and column fractions of one arrangement.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct ExactGrid {
    /// Row fractions, `r_1 = 1`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub r: Vec<Q>,
    /// Column fractions.
    #[serde(serialize_with = "crate::rational::exact")]
    pub c: Vec<Q>,
    /// `V = Σr · Σc`, elements processed per time unit.
    #[serde(serialize_with = "crate::rational::exact")]
    pub v: Q,
    /// Efficiency `E = V / Σ 1/t_ij`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub e: Q,
    /// Utilisation `u_ij = r_i t_ij c_j`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub u: Vec<Vec<Q>>,
    /// Spanning trees tried.
    pub trees: usize,
    /// Of which acceptable (every constraint holds).
    pub acceptable: usize,
}

/// Maximises `V = Σr·Σc` subject to `r_i t_ij c_j ≤ 1` for the arrangement `t` (rows of
/// cycle times), by enumerating spanning trees of tight cells (section 4.3). Ties keep the
/// first tree in the order of the cell subsets as bit masks (row-major cell numbering).
///
/// # Complexity
/// `O(2^(PQ) · (P + Q))` subset checks plus `O(PQ)` rational operations per spanning tree.
///
/// # Errors
/// When the grid is empty, ragged, has more than [`MAX_EXACT_CELLS`] cells, or a cycle time
/// is not positive.
///
/// ```
/// use hetlab_core::rational::q;
/// use hetlab_core::square::grid::exact;
/// let t = vec![vec![q(1, 1), q(2, 1)], vec![q(3, 1), q(6, 1)]];
/// assert_eq!(exact(&t).unwrap().v, q(2, 1));
/// ```
pub fn exact(t: &[Vec<Q>]) -> Result<ExactGrid, SolveError> {
    let (rows, cols) = super::shape(t)?;
    if rows * cols > MAX_EXACT_CELLS {
        return Err(format!(
            "the exact grid solver handles at most {MAX_EXACT_CELLS} cells, not {}",
            rows * cols
        )
        .into());
    }
    if t.iter().flatten().any(|x| !x.is_positive()) {
        return Err("cycle times must be > 0".into());
    }
    let edges = rows + cols - 1;
    let mut best: Option<(Q, Vec<Q>, Vec<Q>)> = None;
    let (mut trees, mut acceptable) = (0, 0);
    for mask in 0u32..(1 << (rows * cols)) {
        if mask.count_ones() as usize != edges || !spanning(mask, rows, cols) {
            continue;
        }
        trees += 1;
        let (r, c) = propagate(t, mask, rows, cols);
        let ok = (0..rows).all(|i| (0..cols).all(|j| &r[i] * &t[i][j] * &c[j] <= Q::one()));
        if !ok {
            continue;
        }
        acceptable += 1;
        let v = r.iter().sum::<Q>() * c.iter().sum::<Q>();
        if best.as_ref().is_none_or(|(b, _, _)| &v > b) {
            best = Some((v, r, c));
        }
    }
    let (v, r, c) = best.ok_or("no spanning tree is acceptable")?;
    let speed: Q = t.iter().flatten().map(Q::recip).sum();
    let u = (0..rows)
        .map(|i| (0..cols).map(|j| &r[i] * &t[i][j] * &c[j]).collect())
        .collect();
    Ok(ExactGrid {
        e: &v / speed,
        v,
        r,
        c,
        u,
        trees,
        acceptable,
    })
}

/// The root of `x` in a union–find forest, halving paths.
fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// The cells of `mask` (exactly `rows + cols − 1` of them) connect all rows and columns: no
/// edge closes a cycle (union–find on rows `0..rows` and columns `rows..`).
fn spanning(mask: u32, rows: usize, cols: usize) -> bool {
    let mut parent: Vec<usize> = (0..rows + cols).collect();
    for cell in 0..rows * cols {
        if mask & (1 << cell) != 0 {
            let (a, b) = (
                find(&mut parent, cell / cols),
                find(&mut parent, rows + cell % cols),
            );
            if a == b {
                return false;
            }
            parent[a] = b;
        }
    }
    true
}

/// `r_1 = 1`, then `c_j = 1/(r_i t_ij)` and `r_i = 1/(t_ij c_j)` along the tree's cells until
/// every row and column is set.
fn propagate(t: &[Vec<Q>], mask: u32, rows: usize, cols: usize) -> (Vec<Q>, Vec<Q>) {
    let mut r: Vec<Option<Q>> = vec![None; rows];
    let mut c: Vec<Option<Q>> = vec![None; cols];
    r[0] = Some(Q::one());
    let mut changed = true;
    while changed {
        changed = false;
        for cell in (0..rows * cols).filter(|k| mask & (1 << k) != 0) {
            let (i, j) = (cell / cols, cell % cols);
            match (&r[i], &c[j]) {
                (Some(ri), None) => c[j] = Some((ri * &t[i][j]).recip()),
                (None, Some(cj)) => r[i] = Some((&t[i][j] * cj).recip()),
                _ => continue,
            }
            changed = true;
        }
    }
    let all = |v: Vec<Option<Q>>| v.into_iter().map(|x| x.unwrap_or_else(Q::zero)).collect();
    (all(r), all(c))
}
