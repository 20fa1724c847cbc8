//! The metrics of a partition (square-partitions.md section 5) and the lower bounds of section
//! 1.3.
//!
//! Sums and maxima of half-perimeters, cut lengths, communication volumes and the rounding to
//! `N × N` blocks are exact rationals. The lower bounds `LB_sum = 2 Σ √s_i` and
//! `LB_max = 2 √max s_i` are irrational in general: they and the ratios to them are `f64`
//! (computed from the exact areas, so the only error is the square root's rounding, about
//! 1e-16 relative). Nothing exact is ever derived from them.

use num_traits::{ToPrimitive, Zero};
use serde::Serialize;

use super::Rect;
use crate::rational::{to_f64, Q};

/// `(LB_sum, LB_max)` of section 1.3, in `f64`.
#[must_use]
pub fn lower_bounds(s: &[Q]) -> (f64, f64) {
    let sum = 2.0 * s.iter().map(|a| to_f64(a).sqrt()).sum::<f64>();
    let max = s.iter().max().map_or(0.0, |a| 2.0 * to_f64(a).sqrt());
    (sum, max)
}

/// `Ĉ = Σ (w_i + h_i)`.
#[must_use]
pub fn sum_half_perimeters(rects: &[Rect]) -> Q {
    rects.iter().map(Rect::half_perimeter).sum()
}

/// `M̂ = max (w_i + h_i)` and the first processor (0-based) attaining it.
#[must_use]
pub fn max_half_perimeter(rects: &[Rect]) -> (Q, usize) {
    let mut best = (Q::zero(), 0);
    for (i, r) in rects.iter().enumerate() {
        let h = r.half_perimeter();
        if h > best.0 {
            best = (h, i);
        }
    }
    best
}

/// The metrics panel of section 5 (everything that does not depend on `N`).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Metrics {
    /// `Ĉ`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub sum_half_perimeters: Q,
    /// `M̂`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub max_half_perimeter: Q,
    /// The processor (0-based) attaining `M̂` (the first on ties).
    pub max_processor: usize,
    /// `Ĉ − 2`, the total length of the interior cuts.
    #[serde(serialize_with = "crate::rational::exact")]
    pub interior_cut_length: Q,
    /// `LB_sum = 2 Σ √s_i` (f64).
    #[serde(serialize_with = "crate::report::serialize_double")]
    pub lb_sum: f64,
    /// `LB_max = 2 √max s_i` (f64).
    #[serde(serialize_with = "crate::report::serialize_double")]
    pub lb_max: f64,
    /// `Ĉ / LB_sum` (f64).
    #[serde(serialize_with = "crate::report::serialize_double")]
    pub ratio_sum: f64,
    /// `M̂ / LB_max` (f64).
    #[serde(serialize_with = "crate::report::serialize_double")]
    pub ratio_max: f64,
    /// The recursive algorithm's guarantee `1 + 1.25·LB_sum` (f64).
    #[serde(serialize_with = "crate::report::serialize_double")]
    pub recursive_bound: f64,
    /// The PERI-MAX heuristic's guarantee `(2/√3)·LB_max` (f64).
    #[serde(serialize_with = "crate::report::serialize_double")]
    pub peri_max_bound: f64,
}

/// The metrics of `rects` for areas `s`.
#[must_use]
pub fn metrics(s: &[Q], rects: &[Rect]) -> Metrics {
    let sum = sum_half_perimeters(rects);
    let (max, max_processor) = max_half_perimeter(rects);
    let (lb_sum, lb_max) = lower_bounds(s);
    Metrics {
        interior_cut_length: &sum - Q::from_integer(2.into()),
        ratio_sum: to_f64(&sum) / lb_sum,
        ratio_max: to_f64(&max) / lb_max,
        sum_half_perimeters: sum,
        max_half_perimeter: max,
        max_processor,
        lb_sum,
        lb_max,
        recursive_bound: 1.0 + 1.25 * lb_sum,
        peri_max_bound: 2.0 / 3f64.sqrt() * lb_max,
    }
}

/// Communication volume for an `N × N` block matrix, continuous model (section 5).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Volume {
    /// Transfers per step, `N·(Ĉ − 2)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub per_step: Q,
    /// Over the `N` steps, `N²·(Ĉ − 2)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub total: Q,
    /// Blocks processor `i` needs per step, `N·(w_i + h_i)` (pivot blocks included).
    #[serde(serialize_with = "crate::rational::exact")]
    pub per_processor: Vec<Q>,
}

/// The communication volume of `rects` for `N = n`.
#[must_use]
pub fn volume(rects: &[Rect], n: u32) -> Volume {
    let n = Q::from_integer(n.into());
    let cut = sum_half_perimeters(rects) - Q::from_integer(2.into());
    Volume {
        per_step: &n * &cut,
        total: &n * &n * cut,
        per_processor: rects.iter().map(|r| &n * r.half_perimeter()).collect(),
    }
}

/// The partition rounded to `N × N` blocks (section 5).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Rounding {
    /// Blocks of each processor.
    pub blocks: Vec<u64>,
    /// `max_i blocks_i / s_i`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub makespan: Q,
    /// `makespan / N² − 1`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub imbalance: Q,
}

/// Rounds every edge `v` to `⌊N·v + 1/2⌋` (exactly: ties go up, which is what the spec's
/// `+ EPS_GEOM` asks of a float implementation) and measures the load imbalance.
#[must_use]
pub fn rounding(s: &[Q], rects: &[Rect], n: u32) -> Rounding {
    let big_n = Q::from_integer(n.into());
    let half = Q::new(1.into(), 2.into());
    let round = |v: &Q| {
        (&big_n * v + &half)
            .floor()
            .to_integer()
            .to_u64()
            .unwrap_or(0)
    };
    let blocks: Vec<u64> = rects
        .iter()
        .map(|r| {
            let w = round(&(&r.x + &r.w)).saturating_sub(round(&r.x));
            let h = round(&(&r.y + &r.h)).saturating_sub(round(&r.y));
            w * h
        })
        .collect();
    let makespan = blocks
        .iter()
        .zip(s)
        .map(|(&b, a)| Q::from_integer(b.into()) / a)
        .max()
        .unwrap_or_else(Q::zero);
    let imbalance = &makespan / (&big_n * &big_n) - Q::from_integer(1.into());
    Rounding {
        blocks,
        makespan,
        imbalance,
    }
}

/// Section 5 for one `N`: the communication volume and the rounding to `N × N` blocks.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Blocks {
    /// `N`, blocks per side of the matrix.
    pub n: usize,
    /// Transfers in the continuous model.
    pub volume: Volume,
    /// The partition rounded to whole blocks, and the load imbalance it causes.
    pub rounding: Rounding,
}

/// The section-5 metrics of `rects` (areas `s`) for an `N × N` block matrix.
#[must_use]
pub fn blocks(s: &[Q], rects: &[Rect], n: usize) -> Blocks {
    let big = u32::try_from(n).unwrap_or(u32::MAX);
    Blocks {
        n,
        volume: volume(rects, big),
        rounding: rounding(s, rects, big),
    }
}

#[cfg(test)]
#[path = "metrics_tests.rs"]
mod tests;
