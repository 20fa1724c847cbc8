//! The LU execution-time simulators: the block simulator of lu-distributions.md §3.2 (counts the
//! trailing blocks of each processor at every step) and the 1D chunk view of §1.5.
//!
//! Both are exact: cycle times become integer weights (`lu::weights`), the maximum of each
//! step is taken on integers, and only the results are turned back into rationals.

use num_traits::Zero;
use serde::Serialize;

use super::weights::{scaled, weights, Weight, Weights};
use crate::error::SolveError;
use crate::rational::Q;

/// One step `k` of the block simulator.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct StepCost {
    /// The step (1-based): pivot row and column `k`, trailing blocks `k+1..n` both ways.
    pub k: usize,
    /// `N_P(k)`: trailing blocks owned by each processor (0-based, input order).
    pub blocks: Vec<u64>,
    /// `cost(k) = max_P t_P·N_P(k)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub cost: Q,
    /// `LB(k) = (n − k)² / Σ s`, the perfectly balanced cost.
    #[serde(serialize_with = "crate::rational::exact")]
    pub perfect: Q,
    /// `comm(k)`: Σ over processors of the distinct trailing rows and columns in which it owns a
    /// block.
    pub comm: u64,
}

/// A full simulated LU run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Simulation {
    /// Steps `k = 1..n−1`.
    pub steps: Vec<StepCost>,
    /// `Σ cost(k)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub total: Q,
    /// `Σ LB(k) = (Σ_{m<n} m²) / Σ s`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub perfect_total: Q,
}

/// `Σ s` for cycle times `t` (`s = 1/t`).
pub(crate) fn speed_sum(cycle_times: &[Q]) -> Q {
    cycle_times.iter().map(Q::recip).sum()
}

/// The trailing block counts `N_P(k)` for `k = 1..n−1` (row `k−1` of the result), obtained by
/// peeling the pivot row and column off the whole matrix one step at a time.
///
/// Entries of `owners` must be `< p` (the callers build them so).
pub(crate) fn trailing_counts(owners: &[Vec<usize>], p: usize) -> Vec<Vec<u64>> {
    let n = owners.len();
    let mut counts = vec![0u64; p];
    for row in owners {
        for &o in row {
            counts[o] += 1;
        }
    }
    let mut out = Vec::with_capacity(n.saturating_sub(1));
    for k in 0..n.saturating_sub(1) {
        for &o in &owners[k][k..] {
            counts[o] -= 1;
        }
        for row in &owners[k + 1..] {
            counts[row[k]] -= 1;
        }
        out.push(counts.clone());
    }
    out
}

/// `comm(k)` for `k = 1..n−1`: for every trailing row, the number of distinct owners among its
/// trailing columns, plus the same for columns. One right-to-left scan per row and per column
/// counts the distinct owners of every suffix, so the whole table costs `O(n²)`.
pub(crate) fn comm_counts(owners: &[Vec<usize>], p: usize) -> Vec<u64> {
    let n = owners.len();
    let mut comm = vec![0u64; n.saturating_sub(1)];
    let mut seen = vec![usize::MAX; p];
    for along_rows in [true, false] {
        // Line `i` of the matrix: row `i`, or column `i` read top to bottom.
        let at = |i: usize, j: usize| {
            if along_rows {
                owners[i][j]
            } else {
                owners[j][i]
            }
        };
        for i in 0..n {
            let mut distinct = 0u64;
            // `seen[o] == mark` marks owners already met in this line (a fresh mark per line).
            let mark = if along_rows { i } else { n + i };
            for j in (0..n).rev() {
                let o = at(i, j);
                if seen[o] != mark {
                    seen[o] = mark;
                    distinct += 1;
                }
                // Entries ≥ j of line i are its trailing part at step k = j (0-based j − 1),
                // and the line itself is trailing when i > j − 1.
                if j >= 1 && j - 1 < i {
                    comm[j - 1] += distinct;
                }
            }
        }
    }
    comm
}

/// Simulates right-looking LU on the owner matrix `owners` (`n × n`, 0-based processor indices
/// into `cycle_times`) with the time model of §0: cost of step `k` = the slowest processor's
/// update time `max_P t_P·N_P(k)`.
///
/// # Complexity
/// `O(n² + n·p)`.
///
/// # Errors
/// A sentence when the matrix is not square or names a processor that does not exist.
pub fn simulate(cycle_times: &[Q], owners: &[Vec<usize>]) -> Result<Simulation, SolveError> {
    check_owners(owners, cycle_times.len())?;
    let p = cycle_times.len();
    let counts = trailing_counts(owners, p);
    let comm = comm_counts(owners, p);
    let n = owners.len();
    let (w, l) = weights(cycle_times, n);
    let costs = match &w {
        Weights::Small(w) => step_costs(w, &counts, &l),
        Weights::Big(w) => step_costs(w, &counts, &l),
    };
    let sum_s = speed_sum(cycle_times);
    let mut steps = Vec::with_capacity(counts.len());
    let mut total = Q::zero();
    let mut perfect_total = Q::zero();
    for (k0, (blocks, cost)) in counts.into_iter().zip(costs).enumerate() {
        let m = Q::from_integer((n - k0 - 1).into());
        let perfect = &m * &m / &sum_s;
        total += &cost;
        perfect_total += &perfect;
        steps.push(StepCost {
            k: k0 + 1,
            blocks,
            cost,
            perfect,
            comm: comm[k0],
        });
    }
    Ok(Simulation {
        steps,
        total,
        perfect_total,
    })
}

/// `max_P w_P·N_P / L` for every step.
fn step_costs<W: Weight>(w: &[W], counts: &[Vec<u64>], l: &num_bigint::BigInt) -> Vec<Q> {
    counts
        .iter()
        .map(|c| {
            let max = w
                .iter()
                .zip(c)
                .map(|(w, &n)| w.times(n))
                .max()
                .unwrap_or_else(W::zero);
            scaled(&max, l)
        })
        .collect()
}

/// Only the totals `(Σ cost(k), Σ LB(k))`, for the comparison series (no per-step vectors).
pub(crate) fn totals(
    w: &Weights,
    l: &num_bigint::BigInt,
    sum_s: &Q,
    owners: &[Vec<usize>],
    p: usize,
) -> (Q, Q) {
    fn sum<W: Weight>(w: &[W], counts: &[Vec<u64>]) -> W {
        counts.iter().fold(W::zero(), |acc, c| {
            let max = w
                .iter()
                .zip(c)
                .map(|(w, &n)| w.times(n))
                .max()
                .unwrap_or_else(W::zero);
            acc.plus(&max)
        })
    }
    let counts = trailing_counts(owners, p);
    let total = match w {
        Weights::Small(w) => scaled(&sum(w, &counts), l),
        Weights::Big(w) => scaled(&sum(w, &counts), l),
    };
    let n = owners.len();
    let squares: usize = (1..n).map(|m| m * m).sum();
    (total, Q::from_integer(squares.into()) / sum_s)
}

/// Checks that `owners` is square with entries `< p`.
pub(crate) fn check_owners(owners: &[Vec<usize>], p: usize) -> Result<(), SolveError> {
    let n = owners.len();
    for (i, row) in owners.iter().enumerate() {
        if row.len() != n {
            return Err(format!(
                "row {} of the owner matrix has {} blocks instead of {n}",
                i + 1,
                row.len()
            )
            .into());
        }
        if let Some(&o) = row.iter().find(|&&o| o >= p) {
            return Err(format!(
                "row {} of the owner matrix names processor P{} but there are {p}",
                i + 1,
                o + 1
            )
            .into());
        }
    }
    Ok(())
}

/// The 1D chunk view of §1.5 for column owners `owners[j−1] = owner(j)`.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct ColumnView {
    /// `cost_1D(k) = max_i t_i·#{j > k : owner(j) = i}` for `k = 1..n−1`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub costs: Vec<Q>,
    /// Trailing chunks per processor at each step.
    pub chunks: Vec<Vec<u64>>,
    /// `Σ cost_1D(k)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub total: Q,
    /// `perfect_1D(k) = (n − k)/Σ s`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub perfect: Vec<Q>,
    /// `Σ perfect_1D(k)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub perfect_total: Q,
}

/// The 1D simulator of §1.5: each trailing chunk (block column) costs its owner `t_i`; the
/// `n − k` rows of each column, a common factor, are left out.
///
/// # Complexity
/// `O(n·p)` rational operations.
///
/// # Errors
/// A sentence when an owner is not a processor index.
pub fn simulate_columns(cycle_times: &[Q], owners: &[usize]) -> Result<ColumnView, SolveError> {
    let p = cycle_times.len();
    if let Some(&o) = owners.iter().find(|&&o| o >= p) {
        return Err(format!(
            "a column is owned by P{} but there are {p} processors",
            o + 1
        )
        .into());
    }
    let n = owners.len();
    let sum_s = speed_sum(cycle_times);
    let mut chunks = vec![0u64; p];
    let mut rows = Vec::with_capacity(n.saturating_sub(1));
    // Walk from the right end: after adding column j (1-based), the counts are those of step j−1.
    for j in (2..=n).rev() {
        chunks[owners[j - 1]] += 1;
        rows.push(chunks.clone());
    }
    rows.reverse();
    let costs: Vec<Q> = rows
        .iter()
        .map(|c| {
            c.iter()
                .zip(cycle_times)
                .map(|(&c, t)| Q::from_integer(c.into()) * t)
                .max()
                .unwrap_or_else(Q::zero)
        })
        .collect();
    let perfect: Vec<Q> = (1..n)
        .map(|k| Q::from_integer((n - k).into()) / &sum_s)
        .collect();
    Ok(ColumnView {
        total: costs.iter().sum(),
        perfect_total: perfect.iter().sum(),
        costs,
        chunks: rows,
        perfect,
    })
}
