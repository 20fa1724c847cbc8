//! The equal-finish solver `EF` of divisible-load.md §2.3: for an ordered list of workers, every
//! listed worker finishes at `T_f` and the loads sum to `W_total`. The system is triangular:
//! `α_{o_j} = u_j·T_f + v_j`. [`Prefix`] builds it one worker at a time, which the searches of
//! §2.4 and §4.2 share along their enumeration trees.

use crate::sort;
use num_traits::{One, Signed, Zero};
use serde::Serialize;

use super::Worker;
use crate::rational::Q;

/// The equal-finish system of an ordered prefix `o_1..o_j`.
#[derive(Clone, Debug, PartialEq)]
pub struct Prefix {
    /// Cumulative link time `U·T_f + V`: the coefficient `U`.
    pub big_u: Q,
    /// The constant `V`.
    pub big_v: Q,
    /// `Σ u_j`.
    pub sum_u: Q,
    /// `Σ v_j`.
    pub sum_v: Q,
    /// `max_j (−v_j/u_j)`: the smallest `T_f` at which every listed worker's load is `≥ 0`
    /// (`None` for the empty prefix).
    pub need: Option<Q>,
}

impl Default for Prefix {
    fn default() -> Self {
        Prefix {
            big_u: Q::zero(),
            big_v: Q::zero(),
            sum_u: Q::zero(),
            sum_v: Q::zero(),
            need: None,
        }
    }
}

impl Prefix {
    /// Appends worker `wk`; returns the extended prefix and its `(u_j, v_j)`.
    ///
    /// `u_j > 0` always: `1 − U` is a product of factors `w/(g + w) > 0`.
    #[must_use]
    pub fn push(&self, wk: &Worker) -> (Prefix, Q, Q) {
        let gw = &wk.g + &wk.w;
        let u = (Q::one() - &self.big_u) / &gw;
        let v = -(&self.big_v + &wk.big_g + &wk.big_w) / &gw;
        let ratio = -&v / &u;
        let need = match &self.need {
            Some(n) if *n >= ratio => n.clone(),
            _ => ratio,
        };
        let next = Prefix {
            big_u: &self.big_u + &wk.g * &u,
            big_v: &self.big_v + &wk.big_g + &wk.g * &v,
            sum_u: &self.sum_u + &u,
            sum_v: &self.sum_v + &v,
            need: Some(need),
        };
        (next, u, v)
    }

    /// `T_f` of this prefix with an extra constant rate `r0` (a computing master: `1/w_0`), or
    /// `None` for the empty prefix without master.
    #[must_use]
    pub fn makespan(&self, w_total: &Q, r0: &Q) -> Option<Q> {
        let rate = &self.sum_u + r0;
        (rate.is_positive()).then(|| (w_total - &self.sum_v) / rate)
    }

    /// Every listed load is `≥ 0` at `t`.
    #[must_use]
    pub fn valid_at(&self, t: &Q) -> bool {
        self.need.as_ref().is_none_or(|n| n <= t)
    }
}

/// `EF` on an ordered list: `T_f`, the loads in list order and whether all are `≥ 0`.
#[derive(Clone, Debug, PartialEq)]
pub struct EfSolution {
    /// The common finish time.
    pub makespan: Q,
    /// `α_{o_j}`, in list order.
    pub alpha: Vec<Q>,
    /// Every load is `≥ 0`.
    pub valid: bool,
}

/// Runs `EF` on `order` (indices into `workers`, non-empty, or empty with `r0 > 0`), with a
/// computing master of rate `r0` (0 when it does not compute).
///
/// # Complexity
/// `O(k)` rational operations.
#[must_use]
pub fn ef(workers: &[Worker], order: &[usize], w_total: &Q, r0: &Q) -> Option<EfSolution> {
    let mut pre = Prefix::default();
    let mut uv = Vec::with_capacity(order.len());
    for &i in order {
        let (next, u, v) = pre.push(workers.get(i)?);
        pre = next;
        uv.push((u, v));
    }
    let makespan = pre.makespan(w_total, r0)?;
    let alpha: Vec<Q> = uv.iter().map(|(u, v)| u * &makespan + v).collect();
    let valid = alpha.iter().all(|a| !a.is_negative());
    Some(EfSolution {
        makespan,
        alpha,
        valid,
    })
}

/// Workers sorted by `(g_i, i)` (§0: stable, ties to the smaller index).
#[must_use]
pub fn by_bandwidth(workers: &[Worker]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..workers.len()).collect();
    sort::by(&mut order, |&a, &b| {
        workers[a].g.cmp(&workers[b].g).then(a.cmp(&b))
    });
    order
}

/// The linear-model throughput `ρ = Σ a_k` of `order` (latencies ignored).
#[must_use]
pub fn linear_rate(workers: &[Worker], order: impl IntoIterator<Item = usize>) -> Q {
    let mut rest = Q::one();
    let mut rho = Q::zero();
    for i in order {
        let Some(wk) = workers.get(i) else { continue };
        let gw = &wk.g + &wk.w;
        rho += &rest / &gw;
        rest = rest * &wk.w / gw;
    }
    rho
}

/// `EF` of all workers sorted by `g` (Prop. 4; §9.3 step 1).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct SortedEf {
    /// Workers by `(g, i)`.
    pub order: Vec<usize>,
    /// Its `T_f`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub makespan: Q,
    /// Loads in that order (negative ones mark it invalid; never scheduled).
    #[serde(serialize_with = "crate::rational::exact")]
    pub alpha: Vec<Q>,
    /// Every load is `≥ 0`.
    pub valid: bool,
}
