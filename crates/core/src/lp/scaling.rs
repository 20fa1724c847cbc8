//! Scaling an LP by powers of two before minilp sees it (exact in doubles and in rationals), so
//! that every coefficient it handles stays in the range where its float arithmetic is safe;
//! the float answers are scaled back before certification.

use num_bigint::BigInt;
use num_traits::Zero;

use super::Problem;
use crate::rational::{to_f64, Q};

/// Largest binary exponent (in absolute value) of a coefficient handed to minilp, after
/// scaling: every non-zero matrix entry, right-hand side and objective coefficient lies in
/// `[2^-16, 2^17)`. minilp squares column and row norms (so entries near `1e154` overflow its
/// steepest-edge weights to infinity, and it asserts they are finite) and treats pivots below
/// `1e-8` as zero (so a basis mixing `1e39` with `1` is declared singular, and it unwraps that).
/// Inside this range neither can happen on the LPs the fuzz tests feed it; outside it the LP
/// goes to the exact simplex instead.
pub const MAX_SCALED_EXP: i64 = 16;

/// Equilibration passes (alternating rows and columns); a few suffice, each halves the spread
/// of a row or column around `2^0`.
const SCALING_PASSES: usize = 4;

/// A scaling of `max c·x, A x (cmp) b, x ≥ 0` by powers of two, exact in doubles and in
/// rationals: `A' = R A C`, `b' = 2^rhs R b`, `c' = 2^obj C c` with `R = diag(2^rows[i])` and
/// `C = diag(2^cols[j])`. The scaled LP has the optimum `x'_j = 2^(rhs − cols[j]) x_j`, the
/// dual `y'_i = 2^(obj − rows[i]) y_i` and the value `2^(rhs + obj)` times the original one.
///
/// Reference: A. R. Curtis and J. K. Reid, *On the automatic scaling of matrices for Gaussian
/// elimination*, IMA J. Appl. Math. 10, 1972 (geometric scaling by powers of two).
#[derive(Debug)]
pub(super) struct Scaling {
    pub(super) rows: Vec<i64>,
    pub(super) cols: Vec<i64>,
    pub(super) rhs: i64,
    pub(super) obj: i64,
}

/// `log2 |v|` rounded to an integer (within one), from the bit lengths; `None` for 0.
fn exponent(v: &Q) -> Option<i64> {
    if v.is_zero() {
        return None;
    }
    let bits = |b: &BigInt| i64::try_from(b.bits()).unwrap_or(i64::MAX / 4);
    Some(bits(v.numer()) - bits(v.denom()))
}

/// The midpoint of the smallest and largest exponent of a list (`0` for an empty one), as a
/// shift that centres the list on `2^0`.
fn centre(exps: impl Iterator<Item = i64>) -> i64 {
    let (lo, hi) = exps.fold((i64::MAX, i64::MIN), |(lo, hi), e| (lo.min(e), hi.max(e)));
    if lo > hi {
        0
    } else {
        -((lo + hi).div_euclid(2))
    }
}

impl Scaling {
    /// Whether nothing was scaled (the problem was in range as written).
    pub(super) fn is_identity(&self) -> bool {
        self.rhs == 0 && self.obj == 0 && self.rows.iter().chain(&self.cols).all(|&e| e == 0)
    }

    /// Geometric equilibration of `p`; `None` when some scaled coefficient is still outside
    /// `2^±`[`MAX_SCALED_EXP`].
    pub(super) fn of(p: &Problem) -> Option<Scaling> {
        let entries: Vec<(usize, usize, i64)> = p
            .rows
            .iter()
            .enumerate()
            .flat_map(|(i, r)| {
                r.terms
                    .iter()
                    .filter_map(move |(j, a)| Some((i, *j, exponent(a)?)))
            })
            .collect();
        let mut rows = vec![0i64; p.num_rows()];
        let mut cols = vec![0i64; p.num_vars()];
        let unscaled = Scaling {
            rows: rows.clone(),
            cols: cols.clone(),
            rhs: 0,
            obj: 0,
        };
        // An LP already in range is left as it is, so that minilp meets ordinary problems
        // exactly as written (the optimal vertex it picks among ties does not move).
        if unscaled.fits(p, &entries) {
            return Some(unscaled);
        }
        for _ in 0..SCALING_PASSES {
            let mut by_row = vec![Vec::new(); rows.len()];
            for &(i, j, e) in &entries {
                by_row[i].push(e + cols[j]);
            }
            for (r, exps) in rows.iter_mut().zip(by_row) {
                *r = centre(exps.into_iter());
            }
            let mut by_col = vec![Vec::new(); cols.len()];
            for &(i, j, e) in &entries {
                by_col[j].push(e + rows[i]);
            }
            for (c, exps) in cols.iter_mut().zip(by_col) {
                *c = centre(exps.into_iter());
            }
        }
        let mut scaling = Scaling {
            rows,
            cols,
            rhs: 0,
            obj: 0,
        };
        let obj_exps = scaling.objective_exponents(p);
        let rhs_exps = scaling.rhs_exponents(p);
        scaling.obj = centre(obj_exps.into_iter().flatten());
        scaling.rhs = centre(rhs_exps.into_iter().flatten());
        scaling.fits(p, &entries).then_some(scaling)
    }

    /// Exponents of the objective after the column scaling (`None` for zeros).
    fn objective_exponents(&self, p: &Problem) -> Vec<Option<i64>> {
        p.objective
            .iter()
            .zip(&self.cols)
            .map(|(c, k)| exponent(c).map(|e| e + k))
            .collect()
    }

    /// Exponents of the right-hand sides after the row scaling (`None` for zeros).
    fn rhs_exponents(&self, p: &Problem) -> Vec<Option<i64>> {
        p.rows
            .iter()
            .zip(&self.rows)
            .map(|(r, k)| exponent(&r.rhs).map(|e| e + k))
            .collect()
    }

    /// Every scaled coefficient lies within `2^±`[`MAX_SCALED_EXP`].
    fn fits(&self, p: &Problem, entries: &[(usize, usize, i64)]) -> bool {
        let fits = |e: i64| e.abs() <= MAX_SCALED_EXP;
        entries
            .iter()
            .all(|&(i, j, e)| fits(e + self.rows[i] + self.cols[j]))
            && self
                .objective_exponents(p)
                .into_iter()
                .flatten()
                .all(|e| fits(e + self.obj))
            && self
                .rhs_exponents(p)
                .into_iter()
                .flatten()
                .all(|e| fits(e + self.rhs))
    }

    /// The original optimum from the scaled one.
    pub(super) fn value(&self, v: f64) -> f64 {
        times_pow2(v, -(self.rhs + self.obj))
    }

    /// The original point from the scaled one.
    pub(super) fn point(&self, xs: &[f64]) -> Vec<f64> {
        xs.iter()
            .zip(&self.cols)
            .map(|(&v, &k)| times_pow2(v, k - self.rhs))
            .collect()
    }

    /// The original dual from the scaled one.
    pub(super) fn dual(&self, ys: &[f64]) -> Vec<f64> {
        ys.iter()
            .zip(&self.rows)
            .map(|(&v, &k)| times_pow2(v, k - self.obj))
            .collect()
    }
}

/// `v · 2^k` in doubles (infinite or zero when out of range, which [`certify`] then rejects).
fn times_pow2(v: f64, k: i64) -> f64 {
    let k = k.clamp(-2200, 2200);
    // Two steps, so that a factor out of range on its own does not spoil a product in range.
    let half = i32::try_from(k / 2).unwrap_or(0);
    let rest = i32::try_from(k - k / 2).unwrap_or(0);
    v * 2f64.powi(half) * 2f64.powi(rest)
}

/// `v · 2^k` exactly, then as a double (finite: the caller checked the exponent).
pub(super) fn scaled(v: &Q, k: i64) -> f64 {
    if k == 0 {
        return to_f64(v);
    }
    let shift = usize::try_from(k.unsigned_abs()).unwrap_or(usize::MAX);
    // Not reduced: only its quotient is read, and a power of two shares no factor worth a gcd.
    let v = if k > 0 {
        Q::new_raw(v.numer() << shift, v.denom().clone())
    } else {
        Q::new_raw(v.numer().clone(), v.denom() << shift)
    };
    to_f64(&v)
}
