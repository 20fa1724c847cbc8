//! The virtual grid of lu-distributions.md §2.2 (a column-based partition cut at every
//! horizontal edge) and the owner matrices of the four distributions of §3.1, built from
//! allocation sequences mirrored from the bottom-right corner (§1.4, §2.3).

use crate::sort;
use num_traits::{One, Zero};
use serde::Serialize;

use crate::error::SolveError;
use crate::rational::Q;
use crate::square::{column, Rect};

/// A column-based partition virtualised into a grid of `R` rows and `Q` columns.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct VirtualGrid {
    /// Normalised areas `s_i / Σ s`, one per processor (input order).
    #[serde(serialize_with = "crate::rational::exact")]
    pub areas: Vec<Q>,
    /// The optimal column-based partition (square-partitions.md §2.3 drawing convention).
    pub rects: Vec<Rect>,
    /// Virtual column widths `c_1..c_Q`, left to right.
    #[serde(serialize_with = "crate::rational::exact")]
    pub widths: Vec<Q>,
    /// Virtual row heights `r_1..r_R`, top to bottom.
    #[serde(serialize_with = "crate::rational::exact")]
    pub heights: Vec<Q>,
    /// `cells[k][l]`: the processor owning virtual cell (row k, column l), 0-based.
    pub cells: Vec<Vec<usize>>,
    /// The virtual column of each processor.
    pub column_of: Vec<usize>,
    /// The virtual rows `[first, end)` of each processor.
    pub rows_of: Vec<(usize, usize)>,
}

/// Builds the virtual grid of §2.2 for processors with cycle times `t` (exact: edges are merged
/// only when equal, which is what the spec's `1e-9` merge approximates in floating point).
///
/// # Complexity
/// `O(p³)` for the column DP, then `O(p²)`.
///
/// # Errors
/// A sentence when a cycle time is not positive (from the column DP).
pub fn virtualise(cycle_times: &[Q]) -> Result<VirtualGrid, SolveError> {
    super::allocate::check_speeds(cycle_times)?;
    let speeds: Vec<Q> = cycle_times.iter().map(Q::recip).collect();
    let sum: Q = speeds.iter().sum();
    let areas: Vec<Q> = speeds.iter().map(|s| s / &sum).collect();
    let rects = column::solve(&areas)?.rects;
    let mut xs: Vec<Q> = rects.iter().map(|r| r.x.clone()).collect();
    sort::sort(&mut xs);
    xs.dedup();
    let mut ys: Vec<Q> = rects
        .iter()
        .flat_map(|r| [r.y.clone(), &r.y + &r.h])
        .collect();
    ys.push(Q::zero());
    ys.push(Q::one());
    sort::sort(&mut ys);
    ys.dedup();
    let widths: Vec<Q> = xs
        .iter()
        .map(|x| {
            rects
                .iter()
                .find(|r| &r.x == x)
                .map_or_else(Q::zero, |r| r.w.clone())
        })
        .collect();
    let heights: Vec<Q> = ys.windows(2).map(|e| &e[1] - &e[0]).collect();
    let index = |v: &Q, list: &[Q]| list.binary_search(v).unwrap_or(0);
    let column_of: Vec<usize> = rects.iter().map(|r| index(&r.x, &xs)).collect();
    let rows_of: Vec<(usize, usize)> = rects
        .iter()
        .map(|r| (index(&r.y, &ys), index(&(&r.y + &r.h), &ys)))
        .collect();
    let mut cells = vec![vec![0; widths.len()]; heights.len()];
    for (i, (&l, &(first, end))) in column_of.iter().zip(&rows_of).enumerate() {
        for row in &mut cells[first..end] {
            row[l] = i;
        }
    }
    Ok(VirtualGrid {
        areas,
        rects,
        widths,
        heights,
        cells,
        column_of,
        rows_of,
    })
}

/// The sequence entry used by 1-based line `i` of an `n`-line matrix with a period-`B` sequence
/// read from the far end: `((n − i) mod B) + 1`, returned 0-based.
fn mirrored(n: usize, i: usize, period: usize) -> usize {
    (n - i) % period
}

/// §1.4: column owners `owner(j) = A(((n − j) mod B) + 1)` for `j = 1..n`, with `B = A.len()`.
/// Returns an empty list when `sequence` is empty.
#[must_use]
pub fn reversed_columns(sequence: &[usize], n: usize) -> Vec<usize> {
    if sequence.is_empty() {
        return Vec::new();
    }
    (1..=n)
        .map(|j| sequence[mirrored(n, j, sequence.len())])
        .collect()
}

/// Block-cyclic 1D columns: `owner(j) = ((j − 1) mod p) + 1` (0-based: `(j − 1) mod p`).
#[must_use]
pub fn cyclic_columns(p: usize, n: usize) -> Vec<usize> {
    (0..n).map(|j| j % p.max(1)).collect()
}

/// The `n × n` owner matrix of a column distribution (every block of column `j` belongs to the
/// owner of column `j`).
#[must_use]
pub fn from_columns(columns: &[usize]) -> Vec<Vec<usize>> {
    vec![columns.to_vec(); columns.len()]
}

/// §2.3: `O(i, j) = cell(RS(((n − i) mod B) + 1), CS(((n − j) mod B) + 1))`, the periods being
/// the lengths of `rs` and `cs` (both non-empty, entries valid rows and columns of the grid).
#[must_use]
pub fn mirrored_owners(
    grid: &VirtualGrid,
    rs: &[usize],
    cs: &[usize],
    n: usize,
) -> Vec<Vec<usize>> {
    if rs.is_empty() || cs.is_empty() {
        return Vec::new();
    }
    (1..=n)
        .map(|i| {
            let row = &grid.cells[rs[mirrored(n, i, rs.len())]];
            (1..=n).map(|j| row[cs[mirrored(n, j, cs.len())]]).collect()
        })
        .collect()
}

/// §3.1.2, the full-block column-based layout: the partition scaled to `n` and rounded
/// (`⌊n·v + 1/2⌋`, exact, so no `1e-9` guard is needed); a rectangle owns the blocks between its
/// rounded edges. Rounding is monotone and shared edges round alike, so the blocks are tiled;
/// a block left unowned would keep the marker `usize::MAX`, which [`super::verify`] rejects.
#[must_use]
pub fn full_block(grid: &VirtualGrid, n: usize) -> Vec<Vec<usize>> {
    let nq = Q::from_integer(n.into());
    let half = Q::new(1.into(), 2.into());
    let round = |v: &Q| -> usize {
        let r = (&nq * v + &half).floor().to_integer();
        usize::try_from(r).unwrap_or(0).min(n)
    };
    let mut owners = vec![vec![usize::MAX; n]; n];
    for (i, r) in grid.rects.iter().enumerate() {
        for row in &mut owners[round(&r.y)..round(&(&r.y + &r.h))] {
            for o in &mut row[round(&r.x)..round(&(&r.x + &r.w))] {
                *o = i;
            }
        }
    }
    owners
}
