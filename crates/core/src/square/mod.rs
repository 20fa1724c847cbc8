//! Unit-square partitions for heterogeneous matrix products (square-partitions.md).
//!
//! Module map:
//! * this file: [`Rect`], the tiling checker [`verify`], the area normalisation of section 0
//!   ([`areas_from_speeds`], [`areas_from_cycle_times`]);
//! * [`column`](mod@column): the optimal column-based DP (section 2) with its trace (6.1);
//! * [`metrics`]: Ĉ, M̂, lower bounds, ratios, communication volume, rounding (sections 1.3, 5);
//! * [`recursive`]: the recursive 7/4-approximation (3.1) with its trace (6.2);
//! * [`perimax`]: the PERI-MAX column heuristic within 2/√3 (3.2) with its trace (6.3);
//! * [`grid`]: heterogeneous 2D grids (4): exact solver for one arrangement, SVD heuristic (6.4);
//! * [`baseline`]: slices, recursive bisection, user-chosen columns (3.3);
//! * [`run`]: one entry point by formats.md algorithm name ([`run::run_algorithm`]);
//! * [`extras`]: every algorithm side by side, for the page and `--explain`.

pub mod about;
pub mod baseline;
#[cfg(feature = "solve")]
pub mod bench;
pub mod column;
#[cfg(test)]
mod examples;
pub mod extras;
pub mod family;
pub mod grid;
pub mod instance;
pub mod metrics;
pub mod perimax;
#[cfg(feature = "solve")]
mod practice;
pub mod recursive;
pub mod report;
pub mod run;
#[cfg(feature = "solve")]
mod solver;

pub use instance::{SquarePartition, DEFAULT_SQUARE_BLOCKS};

use num_traits::{One, Signed, Zero};
use serde::Serialize;

use crate::error::SolveError;
use crate::error::Violation;
use crate::rational::{frac, Q};

/// The name of processor `i` (0-based) in captions: `P1`, `P2`, … (1-based, section 0).
pub(crate) fn name(i: usize) -> String {
    format!("P{}", i + 1)
}

/// Refuses what no solver can handle: no area, a non-positive area, a sum other than 1.
pub(crate) fn check_areas(s: &[Q]) -> Result<(), SolveError> {
    if s.is_empty() {
        return Err("at least one area is required".into());
    }
    if s.iter().any(|a| !a.is_positive()) {
        return Err("every area must be > 0".into());
    }
    if s.iter().sum::<Q>() != Q::one() {
        return Err("the areas must sum to 1".into());
    }
    Ok(())
}

/// One full-height column with left edge `x` holding `members` (0-based) from the top: its
/// width is their total area and each height is area / width. Returns the width and the
/// `(processor, rectangle)` pairs from the top.
pub(crate) fn stack_column(s: &[Q], members: &[usize], x: &Q) -> (Q, Vec<(usize, Rect)>) {
    let width: Q = members.iter().map(|&i| s[i].clone()).sum();
    let mut y = Q::zero();
    let mut out = Vec::with_capacity(members.len());
    for &i in members {
        let h = &s[i] / &width;
        let r = Rect {
            x: x.clone(),
            y: y.clone(),
            w: width.clone(),
            h: h.clone(),
        };
        y += h;
        out.push((i, r));
    }
    (width, out)
}

/// Normalised areas `s_i = w_i / Σ w_j` from relative speeds (section 0).
///
/// # Errors
/// When the list is empty or a speed is not positive.
pub fn areas_from_speeds(speeds: &[Q]) -> Result<Vec<Q>, SolveError> {
    if speeds.is_empty() || speeds.iter().any(|w| !w.is_positive()) {
        return Err("speeds must be a non-empty list of positive numbers".into());
    }
    let total: Q = speeds.iter().sum();
    Ok(speeds.iter().map(|w| w / &total).collect())
}

/// Normalised areas `s_i = (1/t_i) / Σ (1/t_j)` from cycle times (section 0).
///
/// # Errors
/// When the list is empty or a cycle time is not positive.
pub fn areas_from_cycle_times(times: &[Q]) -> Result<Vec<Q>, SolveError> {
    if times.is_empty() || times.iter().any(|t| !t.is_positive()) {
        return Err("cycle times must be a non-empty list of positive numbers".into());
    }
    let speeds: Vec<Q> = times.iter().map(Q::recip).collect();
    areas_from_speeds(&speeds)
}

/// A rectangle `(x, y, w, h)`: left edge, top edge (y grows downward), width, height.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Rect {
    /// Left edge.
    #[serde(serialize_with = "crate::rational::exact")]
    pub x: Q,
    /// Top edge.
    #[serde(serialize_with = "crate::rational::exact")]
    pub y: Q,
    /// Width.
    #[serde(serialize_with = "crate::rational::exact")]
    pub w: Q,
    /// Height.
    #[serde(serialize_with = "crate::rational::exact")]
    pub h: Q,
}

impl Rect {
    /// `w + h`.
    #[must_use]
    pub fn half_perimeter(&self) -> Q {
        &self.w + &self.h
    }
}

/// Checks that `rects` tile the unit square with the prescribed areas: each rectangle lies in
/// the square, has positive sides and area `s_i`, and no two overlap (with areas summing to 1,
/// this means they cover the square).
///
/// # Errors
/// A sentence naming the first violation (processors numbered from 1, as in the spec).
pub fn verify(s: &[Q], rects: &[Rect]) -> Result<(), Violation> {
    if s.len() != rects.len() {
        return Err(format!("{} areas but {} rectangles", s.len(), rects.len()).into());
    }
    if s.iter().sum::<Q>() != Q::one() {
        return Err("the areas do not sum to 1".into());
    }
    for (i, r) in rects.iter().enumerate() {
        let inside = !r.x.is_negative()
            && !r.y.is_negative()
            && &r.x + &r.w <= Q::one()
            && &r.y + &r.h <= Q::one();
        if !inside || !r.w.is_positive() || !r.h.is_positive() {
            return Err(format!("R{} is not a proper rectangle inside the square", i + 1).into());
        }
        if &r.w * &r.h != s[i] {
            return Err(format!(
                "R{} has area {} instead of {}",
                i + 1,
                frac(&(&r.w * &r.h)),
                frac(&s[i])
            )
            .into());
        }
    }
    for (i, a) in rects.iter().enumerate() {
        for (j, b) in rects.iter().enumerate().skip(i + 1) {
            let dx = (&a.x + &a.w).min(&b.x + &b.w) - a.x.clone().max(b.x.clone());
            let dy = (&a.y + &a.h).min(&b.y + &b.h) - a.y.clone().max(b.y.clone());
            if dx.is_positive() && dy.is_positive() {
                return Err(format!("R{} and R{} overlap", i + 1, j + 1).into());
            }
        }
    }
    // Overlap-free rectangles of total area 1 inside the unit square cover it.
    Ok(())
}

#[cfg(test)]
mod tests;
