//! The comparison series of lu-distributions.md §3.3: for each distribution scheme, the ratio of
//! the simulated LU time to the perfect-balance bound as the matrix grows. A pure function: the
//! page plots its output (plotters) and the tests check the spec's reference tables.
//!
//! Every sequence-based scheme uses `B = n`, and Algorithm 1 and the greedy are incremental (the
//! sequence for `n` is a prefix of the one for any larger size), so each sequence is computed
//! once, for the largest size, and cut for the smaller ones.

use serde::Serialize;

use super::allocate::allocate;
use super::greedy;
use super::grid::{
    cyclic_columns, from_columns, full_block, mirrored_owners, reversed_columns, virtualise,
};
use super::grid_panels::{grid_fractions, panels_of};
use super::schemes::Scheme;
use super::simulate::{speed_sum, totals};
use super::weights::{weights, Weights};
use super::{MAX_BLOCKS, MAX_PROCESSORS};
use crate::error::SolveError;
use crate::rational::{q, qi, to_f64, Q};

/// Cycle times of the spec's set A (§3.3): `(1, 5, 5, 5, 5, 5, 5, 5, 5)`.
#[must_use]
pub fn set_a() -> Vec<Q> {
    std::iter::once(qi(1))
        .chain(std::iter::repeat_n(qi(5), 8))
        .collect()
}

/// Cycle times of the spec's set B (§3.3): speeds `(0.1, 0.1, 0.12, 0.15, 0.15, 0.18, 0.2)`,
/// i.e. `(10, 10, 25/3, 20/3, 20/3, 50/9, 5)`.
#[must_use]
pub fn set_b() -> Vec<Q> {
    [10, 10, 12, 15, 15, 18, 20]
        .iter()
        .map(|&s| q(100, s))
        .collect()
}

/// One point of a curve.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Point {
    /// Matrix size in blocks.
    pub n: usize,
    /// Simulated total (§3.2).
    #[serde(serialize_with = "crate::rational::exact")]
    pub total: Q,
    /// Perfect-balance total.
    #[serde(serialize_with = "crate::rational::exact")]
    pub perfect: Q,
    /// `total / perfect`, for plotting.
    #[serde(serialize_with = "crate::report::serialize_double")]
    pub ratio: f64,
}

/// One curve: a scheme and its points, in the order of the sizes asked for.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Series {
    /// The scheme.
    pub scheme: Scheme,
    /// Its points.
    pub points: Vec<Point>,
}

/// The schemes plotted in §3.3, in the order of its tables.
pub const PLOTTED: [Scheme; 4] = [
    Scheme::BlockCyclic,
    Scheme::FullBlock,
    Scheme::Greedy,
    Scheme::Dp,
];

/// The ratio-to-perfect-balance curves of `schemes` for the matrix sizes `sizes` (§3.3), every
/// sequence-based scheme with `B = n`.
///
/// # Complexity
/// `O(Σ n²)` over the sizes, plus one greedy run at the largest size.
///
/// # Errors
/// A sentence when a cycle time is not positive, there are more than [`MAX_PROCESSORS`]
/// processors, or a size is outside `2..=`[`MAX_BLOCKS`].
pub fn series(
    cycle_times: &[Q],
    sizes: &[usize],
    schemes: &[Scheme],
) -> Result<Vec<Series>, SolveError> {
    if cycle_times.len() > MAX_PROCESSORS {
        return Err(format!(
            "at most {MAX_PROCESSORS} processors, got {}",
            cycle_times.len()
        )
        .into());
    }
    if let Some(n) = sizes.iter().find(|n| !(2..=MAX_BLOCKS).contains(*n)) {
        return Err(
            format!("matrix sizes must be between 2 and {MAX_BLOCKS} blocks, got {n}").into(),
        );
    }
    let grid = virtualise(cycle_times)?;
    let max = sizes.iter().copied().max().unwrap_or(2);
    let p = cycle_times.len();
    let speeds: Vec<Q> = cycle_times.iter().map(Q::recip).collect();
    let chunks = allocate(&speeds, max)?;
    let rows = allocate(&grid.heights, max)?;
    let cols = allocate(&grid.widths, max)?;
    let (g_rows, g_cols) = greedy::sequences(&grid, cycle_times, max, &mut |_| {});
    // The true grid (most square shape) is solved once; only its panel depends on n.
    let fractions = if schemes.contains(&Scheme::GridPanels) {
        let (r, c) = crate::square::run::grid_shape(p);
        Some(grid_fractions(cycle_times, r, c)?)
    } else {
        None
    };
    let (w, l) = weights(cycle_times, max);
    let sum_s = speed_sum(cycle_times);
    let mut out = Vec::with_capacity(schemes.len());
    for &scheme in schemes {
        let points = sizes
            .iter()
            .map(|&n| {
                Ok(point(
                    &w,
                    &l,
                    &sum_s,
                    p,
                    n,
                    match scheme {
                        Scheme::OneD => from_columns(&reversed_columns(&chunks[..n], n)),
                        Scheme::BlockCyclic => from_columns(&cyclic_columns(p, n)),
                        Scheme::FullBlock => full_block(&grid, n),
                        Scheme::Greedy => mirrored_owners(&grid, &g_rows[..n], &g_cols[..n], n),
                        Scheme::Dp => mirrored_owners(&grid, &rows[..n], &cols[..n], n),
                        Scheme::GridPanels => match &fractions {
                            Some(f) => panels_of(f, cycle_times, n)?.owners(n),
                            None => return Err("the grid was not solved".into()),
                        },
                    },
                ))
            })
            .collect::<Result<Vec<Point>, SolveError>>()?;
        out.push(Series { scheme, points });
    }
    Ok(out)
}

/// The point of size `n` of the owner matrix `owners`.
fn point(
    w: &Weights,
    l: &num_bigint::BigInt,
    sum_s: &Q,
    p: usize,
    n: usize,
    owners: Vec<Vec<usize>>,
) -> Point {
    let (total, perfect) = totals(w, l, sum_s, &owners, p);
    let ratio = to_f64(&(&total / &perfect));
    Point {
        n,
        total,
        perfect,
        ratio,
    }
}
