//! The cost model of ring.md §1–§2, once in exact rationals and once in `f64`, behind one
//! generic [`Model`]: the cost of a step (Eq. 1), the best value of a fixed ring
//! `T(σ) = max(T_closed, M)`, and the water-filling shares.
//!
//! Tolerances (the one place that documents them): the exact solvers decide everything in
//! rationals. `f64` is used (a) as a *screen* in the searches: a candidate whose `f64` value
//! exceeds the best `f64` value by more than the relative margin [`SCREEN`] is skipped without
//! an exact evaluation, which is sound because every value here is a sum, product or quotient of
//! positive numbers in `[10^-12, 10^12]` (instance limits), so its relative rounding error is
//! below `10^-13`; and (b) in the `W/H` sweeps of the plots (sweep.rs), where ties are decided
//! with the spec's relative tolerance [`TIE`] (ring.md §2: "1e-12 relative tolerance for ties").

use crate::sort;
use std::ops::{Add, Div, Mul};

use num_traits::Zero;
use serde::Serialize;

use crate::rational::Q;
use crate::ring::Ring;

/// Relative margin of the `f64` screens of the exact searches.
pub const SCREEN: f64 = 1e-9;

/// Relative tolerance for ties in the `f64` sweeps (ring.md §2).
pub const TIE: f64 = 1e-12;

/// A number the cost model computes with: [`Q`] (exact) or `f64` (plots).
pub trait Val:
    Clone + PartialOrd + Zero + Add<Output = Self> + Mul<Output = Self> + Div<Output = Self>
{
    /// `self < other`, exactly for rationals, by more than [`TIE`] for floats.
    fn less(&self, other: &Self) -> bool;
    /// Converts an exact input.
    fn from_q(v: &Q) -> Self;
}

impl Val for Q {
    fn less(&self, other: &Self) -> bool {
        self < other
    }
    fn from_q(v: &Q) -> Self {
        v.clone()
    }
}

impl Val for f64 {
    fn less(&self, other: &Self) -> bool {
        *self < *other - TIE * other.abs().max(self.abs())
    }
    fn from_q(v: &Q) -> Self {
        crate::rational::to_f64(v)
    }
}

/// The instance's numbers in one arithmetic, with the derived tables of §2 and §4.
#[derive(Clone, Debug)]
pub struct Model<V> {
    /// Number of processors.
    pub p: usize,
    /// Cycle times `w_i`.
    pub w: Vec<V>,
    /// `1/w_i`.
    pub inv_w: Vec<V>,
    /// `c[i][j]` (diagonal 0).
    pub c: Vec<Vec<V>>,
    /// `a[i][j] = c[i][j] / w_i`: what edge `{i, j}` adds to `L` on `i`'s side.
    pub a: Vec<Vec<V>>,
    /// `d[i][j] = a[i][j] + a[j][i]` (§4, corrected; symmetric).
    pub d: Vec<Vec<V>>,
    /// `W`.
    pub work: V,
    /// `H`.
    pub h: V,
}

impl<V: Val> Model<V> {
    /// The model of `r` (with `W` and `H` as given).
    #[must_use]
    pub fn new(r: &Ring) -> Model<V> {
        Self::with_ratio(r, &r.work, &r.h)
    }

    /// The model of `r` with `W` and `H` replaced (the sweeps).
    #[must_use]
    pub fn with_ratio(r: &Ring, work: &Q, h: &Q) -> Model<V> {
        let p = r.p();
        let inv_q: Vec<Q> = r.w.iter().map(Q::recip).collect();
        let a_q: Vec<Vec<Q>> = (0..p)
            .map(|i| (0..p).map(|j| &r.c[i][j] * &inv_q[i]).collect())
            .collect();
        let d = (0..p)
            .map(|i| {
                (0..p)
                    .map(|j| V::from_q(&(&a_q[i][j] + &a_q[j][i])))
                    .collect()
            })
            .collect();
        Model {
            p,
            w: r.w.iter().map(V::from_q).collect(),
            inv_w: inv_q.iter().map(V::from_q).collect(),
            c: r.c
                .iter()
                .map(|row| row.iter().map(V::from_q).collect())
                .collect(),
            a: a_q
                .iter()
                .map(|row| row.iter().map(V::from_q).collect())
                .collect(),
            d,
            work: V::from_q(work),
            h: V::from_q(h),
        }
    }

    /// `comm_i = c[i][pred] + c[i][succ]` for each ring position (Eq. 1; `q = 1`: 0;
    /// `q = 2`: `2·c[i][j]`).
    #[must_use]
    pub fn comm(&self, ring: &[usize]) -> Vec<V> {
        let q = ring.len();
        (0..q)
            .map(|k| {
                if q == 1 {
                    return V::zero();
                }
                let (i, pred, succ) = (ring[k], ring[(k + q - 1) % q], ring[(k + 1) % q]);
                self.c[i][pred].clone() + self.c[i][succ].clone()
            })
            .collect()
    }

    /// `L = Σ comm_i / w_i` of a ring.
    #[must_use]
    pub fn l(&self, ring: &[usize]) -> V {
        let q = ring.len();
        if q < 2 {
            return V::zero();
        }
        (0..q).fold(V::zero(), |acc, k| {
            let (i, pred, succ) = (ring[k], ring[(k + q - 1) % q], ring[(k + 1) % q]);
            acc + self.a[i][pred].clone() + self.a[i][succ].clone()
        })
    }

    /// `Σ_{i ∈ ring} 1/w_i`.
    #[must_use]
    pub fn inv(&self, members: &[usize]) -> V {
        members
            .iter()
            .fold(V::zero(), |acc, &i| acc + self.inv_w[i].clone())
    }

    /// `T_closed = (W + H·L) / inv` (§2; for one processor `W·w_i`).
    #[must_use]
    pub fn t_closed(&self, l: V, inv: V) -> V {
        (self.work.clone() + self.h.clone() * l) / inv
    }

    /// The optimal step time of a fixed ring, `T(σ) = max(T_closed, H·max comm)` (§2).
    #[must_use]
    pub fn value(&self, ring: &[usize]) -> V {
        match ring {
            [] => V::zero(),
            [i] => self.work.clone() * self.w[*i].clone(),
            _ => {
                let closed = self.t_closed(self.l(ring), self.inv(ring));
                let m = self.max_comm(ring);
                max(closed, self.h.clone() * m)
            }
        }
    }

    /// `max comm_i` over the ring.
    #[must_use]
    pub fn max_comm(&self, ring: &[usize]) -> V {
        let q = ring.len();
        if q < 2 {
            return V::zero();
        }
        (0..q).fold(V::zero(), |acc, k| {
            let (i, pred, succ) = (ring[k], ring[(k + q - 1) % q], ring[(k + 1) % q]);
            max(acc, self.c[i][pred].clone() + self.c[i][succ].clone())
        })
    }
}

/// The larger of two values (the first on ties).
pub fn max<V: PartialOrd>(a: V, b: V) -> V {
    if b > a {
        b
    } else {
        a
    }
}

/// Everything §2 says about a fixed ring (the `ring_eval` event of §11), exact.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct RingEval {
    /// Processor indices in ring order.
    pub ring: Vec<usize>,
    /// `comm_i` in ring order.
    #[serde(serialize_with = "crate::rational::exact")]
    pub comm: Vec<Q>,
    /// `L = Σ comm_i / w_i`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub l: Q,
    /// `Σ 1/w_i`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub inv: Q,
    /// `(W + H·L)/inv` (`W·w_i` for one processor).
    #[serde(serialize_with = "crate::rational::exact")]
    pub t_closed: Q,
    /// `H·max comm_i`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub m: Q,
    /// The water level `ℓ` of the shares.
    #[serde(serialize_with = "crate::rational::exact")]
    pub level: Q,
    /// Shares `α_i` in ring order (sum 1).
    #[serde(serialize_with = "crate::rational::exact")]
    pub alpha: Vec<Q>,
    /// Compute time `α_i·W·w_i` per member (ring order).
    #[serde(serialize_with = "crate::rational::exact")]
    pub compute: Vec<Q>,
    /// Communication time `H·comm_i` per member (ring order).
    #[serde(serialize_with = "crate::rational::exact")]
    pub communicate: Vec<Q>,
    /// `T(σ) = max(T_closed, M)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub t: Q,
    /// `M > T_closed`: a member's communication alone exceeds the balanced time.
    pub communication_bound: bool,
}

/// Evaluates a fixed ring exactly with the water filling of §2.
///
/// # Complexity
/// `O(q log q)` rational operations.
#[must_use]
pub fn evaluate(m: &Model<Q>, ring: &[usize]) -> RingEval {
    let q = ring.len();
    let comm = m.comm(ring);
    let l = m.l(ring);
    let inv = m.inv(ring);
    let single = q == 1;
    let t_closed = if single {
        m.value(ring)
    } else {
        m.t_closed(l.clone(), inv.clone())
    };
    let max_comm = comm.iter().cloned().fold(Q::zero(), max);
    let big_m = &m.h * &max_comm;
    // Water filling: members by comm ascending (ring position breaks ties).
    let mut order: Vec<usize> = (0..q).collect();
    sort::by(&mut order, |&x, &y| comm[x].cmp(&comm[y]).then(x.cmp(&y)));
    let mut num = m.work.clone();
    let mut den = Q::zero();
    let mut level = t_closed.clone();
    for (k, &pos) in order.iter().enumerate() {
        let i = ring[pos];
        num += &m.h * &comm[pos] * &m.inv_w[i];
        den += &m.inv_w[i];
        level = &num / &den;
        match order.get(k + 1) {
            Some(&next) if level > &m.h * &comm[next] => {}
            _ => break,
        }
    }
    let alpha: Vec<Q> = ring
        .iter()
        .zip(&comm)
        .map(|(&i, ci)| {
            let free = &level - &m.h * ci;
            if free > Q::zero() {
                free / (&m.work * &m.w[i])
            } else {
                Q::zero()
            }
        })
        .collect();
    let compute = ring
        .iter()
        .zip(&alpha)
        .map(|(&i, a)| a * &m.work * &m.w[i])
        .collect();
    let communicate = comm.iter().map(|ci| &m.h * ci).collect();
    let t = max(level.clone(), big_m.clone());
    RingEval {
        ring: ring.to_vec(),
        communication_bound: big_m > t_closed,
        comm,
        l,
        inv,
        t_closed,
        m: big_m,
        level,
        alpha,
        compute,
        communicate,
        t,
    }
}

impl Model<Q> {
    /// The same model in `f64` (the screens of the exact searches).
    #[must_use]
    pub fn to_f64(&self) -> Model<f64> {
        let v = |x: &Q| crate::rational::to_f64(x);
        let t = |rows: &[Vec<Q>]| -> Vec<Vec<f64>> {
            rows.iter().map(|r| r.iter().map(v).collect()).collect()
        };
        Model {
            p: self.p,
            w: self.w.iter().map(v).collect(),
            inv_w: self.inv_w.iter().map(v).collect(),
            c: t(&self.c),
            a: t(&self.a),
            d: t(&self.d),
            work: v(&self.work),
            h: v(&self.h),
        }
    }
}
