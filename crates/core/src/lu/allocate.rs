//! Algorithm 1 of lu-distributions.md §1.1: the optimal incremental allocation of `B` identical
//! chunks, exact in rationals, with the spec's tie rule (fastest first, then smallest index), and
//! its batch form for large counts.
//!
//! Reference: O. Beaumont, V. Boudet, A. Petitet, F. Rastello, Y. Robert, *A proposal for a
//! heterogeneous cluster ScaLAPACK (dense linear solvers)*, IEEE Trans. Computers 50(10), 2001.

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};
use serde::Serialize;

use crate::error::SolveError;
use crate::rational::Q;

/// One iteration of Algorithm 1: what the 1D view shows while `allocate` runs (§4.1).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Pick {
    /// The iteration `b` (1-based).
    pub b: usize,
    /// Candidate finishing times `(c_j + 1)/s_j`, one per processor (0-based, input order).
    #[serde(serialize_with = "crate::rational::exact")]
    pub finishing: Vec<Q>,
    /// The processors tied at the minimum.
    pub tied: Vec<usize>,
    /// The processor chosen, `A(b)`.
    pub chosen: usize,
    /// The counts `C^(b)` after this iteration.
    pub counts: Vec<usize>,
    /// The makespan `max_i c_i / s_i` after this iteration.
    #[serde(serialize_with = "crate::rational::exact")]
    pub makespan: Q,
}

/// Checks that `speeds` is a non-empty list of positive numbers.
pub(crate) fn check_speeds(speeds: &[Q]) -> Result<(), SolveError> {
    if speeds.is_empty() {
        return Err("at least one processor is required".into());
    }
    if let Some(i) = speeds.iter().position(|s| !s.is_positive()) {
        return Err(format!("the speed of P{} must be > 0", i + 1).into());
    }
    Ok(())
}

/// The allocation sequence `A(1..B)` of Algorithm 1 (§1.1): chunk `b` goes to the processor that
/// would finish it first, `(c_j + 1)/s_j` minimal; among exact ties the fastest (largest `s_j`),
/// then the smallest index (§6.1). Processors are 0-based indices into `speeds`.
///
/// Every prefix `A(1..b)` is an optimal allocation of `b` chunks (the theorem of §1.1).
///
/// # Complexity
/// `O(p·B)` rational comparisons (each finishing time is recomputed only when its processor
/// receives a chunk).
///
/// # Errors
/// A sentence when `speeds` is empty or holds a value that is not positive.
///
/// ```
/// use hetlab_core::lu::allocate::allocate;
/// use hetlab_core::rational::q;
/// let a = allocate(&[q(1, 3), q(1, 5), q(1, 8)], 10).unwrap();
/// assert_eq!(a, [0, 1, 0, 2, 0, 1, 0, 0, 1, 2]);
/// ```
pub fn allocate(speeds: &[Q], b: usize) -> Result<Vec<usize>, SolveError> {
    allocate_with(speeds, b, &mut |_| {})
}

/// As [`allocate`], calling `emit` after every iteration.
pub(crate) fn allocate_with(
    speeds: &[Q],
    b: usize,
    emit: &mut impl FnMut(Pick),
) -> Result<Vec<usize>, SolveError> {
    check_speeds(speeds)?;
    let p = speeds.len();
    let mut counts = vec![0usize; p];
    let mut finishing: Vec<Q> = speeds.iter().map(Q::recip).collect();
    let mut makespan = Q::zero();
    let mut sequence = Vec::with_capacity(b);
    for step in 1..=b {
        let chosen = best(speeds, &finishing);
        let tied: Vec<usize> = (0..p)
            .filter(|&j| finishing[j] == finishing[chosen])
            .collect();
        let candidates = finishing.clone();
        counts[chosen] += 1;
        if candidates[chosen] > makespan {
            makespan = candidates[chosen].clone();
        }
        finishing[chosen] = Q::from_integer((counts[chosen] + 1).into()) / &speeds[chosen];
        sequence.push(chosen);
        emit(Pick {
            b: step,
            finishing: candidates,
            tied,
            chosen,
            counts: counts.clone(),
            makespan: makespan.clone(),
        });
    }
    Ok(sequence)
}

/// The argmin of `finishing` under the tie rule: smallest value, then largest speed, then
/// smallest index.
fn best(speeds: &[Q], finishing: &[Q]) -> usize {
    let mut best = 0;
    for j in 1..speeds.len() {
        let better = finishing[j] < finishing[best]
            || (finishing[j] == finishing[best] && speeds[j] > speeds[best]);
        if better {
            best = j;
        }
    }
    best
}

/// The counts of the batch form of §1.1 for `m` chunks: start from `⌊m·s_i/Σs⌋` and complete
/// one chunk at a time with the rule of [`allocate`] ("while Σc < m", §6.2). Gives the same
/// counts as `m` iterations of [`allocate`] up to ties, in `O(p²)` steps instead of `O(p·m)`.
///
/// # Complexity
/// `O(p²)` rational operations.
///
/// # Errors
/// As [`allocate`].
pub fn allocate_counts(speeds: &[Q], m: usize) -> Result<Vec<usize>, SolveError> {
    check_speeds(speeds)?;
    let total: Q = speeds.iter().sum();
    let mq = Q::from_integer(m.into());
    let mut counts: Vec<usize> = speeds
        .iter()
        .map(|s| {
            let share: BigInt = (&mq * s / &total).floor().to_integer();
            share.to_usize().unwrap_or(0)
        })
        .collect();
    let mut placed: usize = counts.iter().sum();
    let mut finishing: Vec<Q> = counts
        .iter()
        .zip(speeds)
        .map(|(&c, s)| Q::from_integer((c + 1).into()) / s)
        .collect();
    while placed < m {
        let i = best(speeds, &finishing);
        counts[i] += 1;
        placed += 1;
        finishing[i] = Q::from_integer((counts[i] + 1).into()) / &speeds[i];
    }
    Ok(counts)
}

/// `max_i c_i / s_i`, the makespan of the counts `c` at speeds `s`.
#[must_use]
pub fn makespan(speeds: &[Q], counts: &[usize]) -> Q {
    counts
        .iter()
        .zip(speeds)
        .map(|(&c, s)| Q::from_integer(c.into()) / s)
        .max()
        .unwrap_or_else(Q::zero)
}

/// The number of times each processor appears in `sequence` (length `p`).
#[must_use]
pub fn counts_of(sequence: &[usize], p: usize) -> Vec<usize> {
    let mut c = vec![0; p];
    for &i in sequence {
        if let Some(x) = c.get_mut(i) {
            *x += 1;
        }
    }
    c
}
