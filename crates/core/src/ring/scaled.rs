//! Exact integer keys for the exact searches: the per-edge costs `a[i][j] = c_ij / w_i` and the
//! link costs `c_ij`, each table multiplied by the least common multiple of its denominators,
//! as `i128`. Ring lengths `L` and communication maxima then add and compare exactly at machine
//! speed (Held–Karp runs on them; the exhaustive search detects exact ties with them), and one
//! rational division turns a key back into a time.
//!
//! When the common denominator is so large that the scaled values would not fit (many distinct
//! many-digit cycle times), [`Scaled::new`] returns `None` and the callers say so.

use num_bigint::BigInt;
use num_traits::{One, ToPrimitive, Zero};

use super::model::Model;
use crate::rational::{lcm_denominators, Q};

/// Largest scaled entry: sums of `2·32` entries stay far below `i128::MAX`.
const MAX_ENTRY: i128 = 1 << 100;

/// The scaled integer tables of one instance.
#[derive(Clone, Debug)]
pub struct Scaled {
    /// `a[i][j]·D`.
    pub a: Vec<Vec<i128>>,
    /// `d[i][j]·D = (a[i][j] + a[j][i])·D` (§4).
    pub d: Vec<Vec<i128>>,
    /// `c[i][j]·F`.
    pub c: Vec<Vec<i128>>,
    /// `E/w_i`, with `E` the least common multiple of the denominators of the `1/w_i`: equal
    /// sums mean equal `Σ 1/w` (exact ties between subsets cost no rational work).
    pub inv: Vec<i128>,
    /// `1/D`.
    pub a_unit: Q,
    /// `1/F`.
    pub c_unit: Q,
}

fn scale(table: &[Vec<Q>]) -> Option<(Vec<Vec<i128>>, Q)> {
    let den: BigInt = lcm_denominators(table.iter().flatten());
    let unit = Q::new(BigInt::one(), den.clone());
    let mut out = Vec::with_capacity(table.len());
    for row in table {
        let mut r = Vec::with_capacity(row.len());
        for v in row {
            let n = (v * Q::from_integer(den.clone())).to_integer().to_i128()?;
            if n.abs() > MAX_ENTRY {
                return None;
            }
            r.push(n);
        }
        out.push(r);
    }
    Some((out, unit))
}

impl Scaled {
    /// The scaled tables of the exact model, or `None` when they do not fit in `i128`.
    #[must_use]
    pub fn new(m: &Model<Q>) -> Option<Scaled> {
        let (a, a_unit) = scale(&m.a)?;
        let (c, c_unit) = scale(&m.c)?;
        let (inv, _) = scale(std::slice::from_ref(&m.inv_w))?;
        let inv = inv.into_iter().next().unwrap_or_default();
        let p = m.p;
        let d = (0..p)
            .map(|i| (0..p).map(|j| a[i][j] + a[j][i]).collect())
            .collect();
        Some(Scaled {
            a,
            d,
            c,
            inv,
            a_unit,
            c_unit,
        })
    }

    /// `(L·D, max comm·F)` of a ring of at least two members.
    #[must_use]
    pub fn key(&self, ring: &[usize]) -> (i128, i128) {
        let q = ring.len();
        let mut l = 0i128;
        let mut mc = 0i128;
        for k in 0..q {
            let (i, pred, succ) = (ring[k], ring[(k + q - 1) % q], ring[(k + 1) % q]);
            l += self.a[i][pred] + self.a[i][succ];
            mc = mc.max(self.c[i][pred] + self.c[i][succ]);
        }
        (l, mc)
    }

    /// `Σ 1/w` of a set, scaled.
    #[must_use]
    pub fn inv_key(&self, members: &[usize]) -> i128 {
        members.iter().map(|&i| self.inv[i]).sum()
    }

    /// `L` of a key.
    #[must_use]
    pub fn l(&self, l: i128) -> Q {
        Q::from_integer(l.into()) * &self.a_unit
    }

    /// `T = max((W + H·L)/inv, H·max comm)` of a key, exactly.
    #[must_use]
    pub fn t(&self, m: &Model<Q>, (l, mc): (i128, i128), inv: &Q) -> Q {
        let closed = m.t_closed(self.l(l), inv.clone());
        let big_m = &m.h * Q::from_integer(mc.into()) * &self.c_unit;
        if big_m > closed {
            big_m
        } else {
            closed
        }
    }

    /// `(W + H·L)/inv` for a tour length key (the lower bound of §5.2).
    #[must_use]
    pub fn t_closed(&self, m: &Model<Q>, l: i128, inv: &Q) -> Q {
        if inv.is_zero() {
            return Q::zero();
        }
        m.t_closed(self.l(l), inv.clone())
    }
}
