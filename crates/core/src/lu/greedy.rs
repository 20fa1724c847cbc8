//! The 2D greedy heuristic of lu-distributions.md §3.1.3: the row and column sequences are built
//! one step at a time on the virtual grid, each step adding the (virtual row, virtual column)
//! pair whose decreasingly sorted busy times are lexicographically smallest (§6.7).
//!
//! A processor owns a contiguous range of virtual rows in one virtual column (§2.2), so its busy
//! time is `t_P · (Σ_{k ∈ rows(P)} a_k) · b_{col(P)}`: `O(p)` per candidate pair. Busy times are
//! compared exactly as integers (see [`super::weights`]), so the spec's `1e-9` tolerance reduces
//! to equality.

use crate::sort;
use serde::Serialize;

use super::grid::VirtualGrid;
use super::weights::{scaled, weights, Weight, Weights};
use crate::rational::Q;

/// One greedy step: the pair chosen and the busy times it gives.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct GreedyPick {
    /// The step `m` (1-based): the trailing size this prefix serves.
    pub m: usize,
    /// The virtual row chosen (0-based), appended to `RS_g`.
    pub row: usize,
    /// The virtual column chosen (0-based), appended to `CS_g`.
    pub column: usize,
    /// Each processor's busy time `t_P·(its blocks)` in the `m × m` corner after the choice.
    #[serde(serialize_with = "crate::rational::exact")]
    pub busy: Vec<Q>,
}

/// The greedy sequences `(RS_g, CS_g)` of length `n` (0-based virtual rows and columns), calling
/// `emit` after each step.
///
/// # Complexity
/// `O(n·R·Q·p log p)` integer operations (`R ≤ p + 1` rows, `Q ≤ p` columns).
pub(crate) fn sequences(
    grid: &VirtualGrid,
    cycle_times: &[Q],
    n: usize,
    emit: &mut impl FnMut(GreedyPick),
) -> (Vec<usize>, Vec<usize>) {
    let (w, l) = weights(cycle_times, n);
    match &w {
        Weights::Small(w) => run(grid, w, n, &mut |m, row, column, busy: &[u128]| {
            emit(pick(m, row, column, busy, &l));
        }),
        Weights::Big(w) => run(
            grid,
            w,
            n,
            &mut |m, row, column, busy: &[num_bigint::BigInt]| {
                emit(pick(m, row, column, busy, &l));
            },
        ),
    }
}

fn pick<W: Weight>(
    m: usize,
    row: usize,
    column: usize,
    busy: &[W],
    l: &num_bigint::BigInt,
) -> GreedyPick {
    GreedyPick {
        m,
        row,
        column,
        busy: busy.iter().map(|b| scaled(b, l)).collect(),
    }
}

/// Busy time of every processor with row counts `a` and column counts `b`, after tentatively
/// adding one to row `k` and column `l`.
fn busy<W: Weight>(
    grid: &VirtualGrid,
    w: &[W],
    a: &[u64],
    b: &[u64],
    k: usize,
    l: usize,
) -> Vec<W> {
    w.iter()
        .enumerate()
        .map(|(i, w)| {
            let (first, end) = grid.rows_of[i];
            let rows: u64 =
                a[first..end].iter().sum::<u64>() + u64::from((first..end).contains(&k));
            let col = grid.column_of[i];
            let cols = b[col] + u64::from(col == l);
            w.times(rows * cols)
        })
        .collect()
}

fn run<W: Weight>(
    grid: &VirtualGrid,
    w: &[W],
    n: usize,
    emit: &mut impl FnMut(usize, usize, usize, &[W]),
) -> (Vec<usize>, Vec<usize>) {
    let (rows, cols) = (grid.heights.len(), grid.widths.len());
    let mut a = vec![0u64; rows];
    let mut b = vec![0u64; cols];
    let (mut rs, mut cs) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for m in 1..=n {
        // (sorted key, k, l, busy times) of the incumbent; scanned k outer, l inner, and replaced
        // only when strictly smaller, so remaining ties keep the smallest k, then l.
        let mut best: Option<(Vec<W>, usize, usize, Vec<W>)> = None;
        for k in 0..rows {
            for l in 0..cols {
                let times = busy(grid, w, &a, &b, k, l);
                let mut key = times.clone();
                sort::by(&mut key, |x, y| y.cmp(x));
                if best.as_ref().is_none_or(|(bk, ..)| key < *bk) {
                    best = Some((key, k, l, times));
                }
            }
        }
        let Some((_, k, l, times)) = best else {
            break;
        };
        a[k] += 1;
        b[l] += 1;
        rs.push(k);
        cs.push(l);
        emit(m, k, l, &times);
    }
    (rs, cs)
}
