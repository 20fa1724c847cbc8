//! The exact dynamic programme of scatter.md §2 (Genaud, Giersch and Vivien, Algorithm 1).
//!
//! `cost[i][d]` is the least makespan of `d` items on the processors at sending positions
//! `i..p`, measured from the moment the root starts serving position `i`. The costs are scaled
//! to integers (every rational coefficient times the common denominator `L` of the instance) so
//! that the `O(p·n²)` inner loop runs on `i128`: the result is exact, and divided back by `L`.

use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};

use super::model::{CostTables, Model};
use crate::error::SolveError;
use crate::rational::{lcm_denominators, Q};

/// Cost functions on integers for the DP, by sending position. Any non-negative functions
/// work (scatter.md §2); `comm_nondecreasing` lets the inner loop stop early.
pub trait DpCosts {
    /// Number of positions `p`.
    fn len(&self) -> usize;
    /// No position.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// `T_comm` of `e ≥ 1` items at position `i`.
    fn comm(&self, i: usize, e: usize) -> i128;
    /// `T_comp` of `e ≥ 1` items at position `i`.
    fn comp(&self, i: usize, e: usize) -> i128;
    /// `T_comm(i, e)` and `T_comp(i, e)` never decrease with `e` for `e ≥ 1` (true for
    /// affine costs), so every column of the table is non-decreasing in `d` too.
    fn monotone(&self) -> bool;
}

/// The costs in sending order, scaled to integers by `scale`.
#[derive(Clone, Debug)]
pub struct Scaled {
    costs: ScaledCosts,
    /// The common denominator `L`: a scaled value `v` stands for `v / L`.
    pub scale: BigInt,
}

#[derive(Clone, Debug)]
enum ScaledCosts {
    /// `(λ, β)` and `(μ, α)` per position.
    Affine {
        comm: Vec<(i128, i128)>,
        comp: Vec<(i128, i128)>,
    },
    /// `T(x)` for `x = 0..=n` per position (scatter.md §1.1's general tables).
    Tables {
        comm: Vec<Vec<i128>>,
        comp: Vec<Vec<i128>>,
        monotone: bool,
    },
}

/// Largest scaled makespan bound accepted, so that no sum in the DP can overflow `i128`.
const MAX_SCALED: i128 = 1 << 120;

impl Scaled {
    /// Scales `model` in `order` for `n` items.
    ///
    /// # Errors
    /// A sentence when the scaled costs could exceed `2^120` (coefficients with huge
    /// denominators or numerators): the exact DP is then refused.
    pub fn new(model: &Model, order: &[usize], n: u64) -> Result<Scaled, SolveError> {
        if let Some(tables) = &model.tables {
            return Self::tables(tables, order);
        }
        let all = order
            .iter()
            .flat_map(|&i| [&model.comm[i], &model.comp[i]])
            .flat_map(|a| [&a.lat, &a.per_item]);
        let scale = lcm_denominators(all);
        let big_n = Q::from_integer(n.into());
        // Every DP value is at most Σ comm(n) + max comp(n): bound that before trusting i128.
        let mut bound = Q::zero();
        let mut comp_max = Q::zero();
        for &i in order {
            bound += model.comm[i].contacted(&big_n);
            comp_max = comp_max.max(model.comp[i].contacted(&big_n));
        }
        let bound = (bound + comp_max) * Q::from_integer(scale.clone());
        if bound.to_integer().to_i128().is_none_or(|b| b > MAX_SCALED) {
            return Err(too_fine(&scale));
        }
        let int = |v: &Q| (v * Q::from_integer(scale.clone())).to_integer().to_i128();
        let pair = |a: &crate::scatter::Affine| Some((int(&a.lat)?, int(&a.per_item)?));
        let sends: Option<Vec<_>> = order.iter().map(|&i| pair(&model.comm[i])).collect();
        let work: Option<Vec<_>> = order.iter().map(|&i| pair(&model.comp[i])).collect();
        match (sends, work) {
            (Some(sends), Some(work)) => Ok(Scaled {
                costs: ScaledCosts::Affine {
                    comm: sends,
                    comp: work,
                },
                scale,
            }),
            _ => Err(too_fine(&scale)),
        }
    }

    /// General tables in `order`, scaled by their common denominator.
    fn tables(tables: &CostTables, order: &[usize]) -> Result<Scaled, SolveError> {
        let rows = |t: &[Vec<Q>]| order.iter().map(|&i| t[i].clone()).collect::<Vec<_>>();
        let (sends, work) = (rows(&tables.comm), rows(&tables.comp));
        let scale = lcm_denominators(sends.iter().chain(&work).flatten());
        // Every DP value is at most Σ max comm + max comp: bound that before trusting i128.
        let top = |t: &Vec<Q>| t.iter().max().cloned().unwrap_or_default();
        let bound: Q =
            sends.iter().map(top).sum::<Q>() + work.iter().map(top).max().unwrap_or_default();
        let bound = bound * Q::from_integer(scale.clone());
        if bound.to_integer().to_i128().is_none_or(|b| b > MAX_SCALED) {
            return Err(too_fine(&scale));
        }
        let int = |t: &Vec<Q>| -> Option<Vec<i128>> {
            t.iter()
                .map(|v| (v * Q::from_integer(scale.clone())).to_integer().to_i128())
                .collect()
        };
        let sends: Option<Vec<_>> = sends.iter().map(int).collect();
        let work: Option<Vec<_>> = work.iter().map(int).collect();
        let (Some(sends), Some(work)) = (sends, work) else {
            return Err(too_fine(&scale));
        };
        let rising = |t: &Vec<i128>| t.iter().skip(1).zip(t.iter().skip(2)).all(|(a, b)| a <= b);
        let monotone = sends.iter().chain(&work).all(rising);
        Ok(Scaled {
            costs: ScaledCosts::Tables {
                comm: sends,
                comp: work,
                monotone,
            },
            scale,
        })
    }

    /// A scaled value as the rational it stands for.
    #[must_use]
    pub fn unscale(&self, v: i128) -> Q {
        Q::new(BigInt::from(v), self.scale.clone())
    }
}

fn too_fine(scale: &BigInt) -> SolveError {
    format!(
        "the costs need a common denominator of {} digits: too fine for the exact DP (use lp-rounded)",
        scale.to_string().len()
    )
    .into()
}

impl DpCosts for Scaled {
    fn len(&self) -> usize {
        match &self.costs {
            ScaledCosts::Affine { comm, .. } => comm.len(),
            ScaledCosts::Tables { comm, .. } => comm.len(),
        }
    }
    fn comm(&self, i: usize, e: usize) -> i128 {
        match &self.costs {
            ScaledCosts::Affine { comm, .. } => comm[i].0 + comm[i].1 * e as i128,
            ScaledCosts::Tables { comm, .. } => comm[i][e],
        }
    }
    fn comp(&self, i: usize, e: usize) -> i128 {
        match &self.costs {
            ScaledCosts::Affine { comp, .. } => comp[i].0 + comp[i].1 * e as i128,
            ScaledCosts::Tables { comp, .. } => comp[i][e],
        }
    }
    fn monotone(&self) -> bool {
        match &self.costs {
            ScaledCosts::Affine { .. } => true,
            ScaledCosts::Tables { monotone, .. } => *monotone,
        }
    }
}

/// The filled tables, by sending position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// `cost[i][d]`, `d = 0..=n`.
    pub cost: Vec<Vec<i128>>,
    /// `choice[i][d]`: the items given to position `i` (ties keep the smaller).
    pub choice: Vec<Vec<u32>>,
}

impl Table {
    /// `T_opt = cost[0][n]` (0 without processors).
    #[must_use]
    pub fn optimum(&self) -> i128 {
        self.cost
            .first()
            .and_then(|c| c.last())
            .copied()
            .unwrap_or(0)
    }

    /// The reconstruction of §2: `(d, n_i)` per position, `d` the items left before it.
    #[must_use]
    pub fn reconstruct(&self) -> Vec<(usize, usize)> {
        let mut d = self.cost.first().map_or(0, |c| c.len().saturating_sub(1));
        let mut out = Vec::with_capacity(self.choice.len());
        for col in &self.choice {
            let e = col.get(d).map_or(0, |&e| e as usize).min(d);
            out.push((d, e));
            d -= e;
        }
        out
    }
}

/// Runs the DP of scatter.md §2 for `n` items.
///
/// Reference: S. Genaud, A. Giersch, F. Vivien, *Load-balancing scatter operations for grid
/// computing*, Parallel Computing 30(8), 2004, Algorithm 1.
///
/// # Complexity
/// `O(p·n²)` time for general costs, `O(p·n·(log n + s))` for monotone ones (affine), `s` the
/// few candidates scanned per cell (see `cell_monotone`); `O(p·n)` memory. The caller bounds
/// `p·n²` ([`super::MAX_DP_WORK`]) and `n < 2^32`.
#[must_use]
pub fn solve(costs: &impl DpCosts, n: usize) -> Table {
    let p = costs.len();
    let mut cost = vec![Vec::new(); p];
    let mut choice = vec![Vec::new(); p];
    let Some(last) = p.checked_sub(1) else {
        return Table { cost, choice };
    };
    cost[last] = (0..=n)
        .map(|d| {
            if d == 0 {
                0
            } else {
                costs.comm(last, d) + costs.comp(last, d)
            }
        })
        .collect();
    choice[last] = (0..=n)
        .map(|d| u32::try_from(d).unwrap_or(u32::MAX))
        .collect();
    let monotone = costs.monotone();
    for i in (0..last).rev() {
        let next = &cost[i + 1];
        let mut col = vec![0i128; n + 1];
        let mut pick = vec![0u32; n + 1];
        for d in 1..=n {
            let (best, best_e) = if monotone {
                cell_monotone(costs, next, i, d)
            } else {
                cell_full(costs, next, i, d)
            };
            col[d] = best;
            pick[d] = u32::try_from(best_e).unwrap_or(u32::MAX);
        }
        cost[i] = col;
        choice[i] = pick;
    }
    Table { cost, choice }
}

/// One cell by the definition: every `e = 0..=d`, the first minimum.
fn cell_full(costs: &impl DpCosts, next: &[i128], i: usize, d: usize) -> (i128, usize) {
    let mut best = next[d];
    let mut best_e = 0;
    for e in 1..=d {
        let m = costs.comm(i, e) + costs.comp(i, e).max(next[d - e]);
        if m < best {
            best = m;
            best_e = e;
        }
    }
    (best, best_e)
}

/// One cell when the costs are monotone, with the same answer as [`cell_full`] (the first
/// minimum). `comp(e)` grows with `e` and `next[d − e]` shrinks, so they cross once, at the
/// first `e*` with `comp(e*) ≥ next[d − e*]` (binary search). From `e*` on the candidate is
/// `comm(e) + comp(e)`, non-decreasing: only `e*` counts. Below `e*` it is
/// `comm(e) + next[d − e] ≥ next[d − e]`, and `next[d − e]` grows as `e` falls: the scan goes
/// down from `e* − 1` and stops once `next[d − e]` exceeds the best value.
fn cell_monotone(costs: &impl DpCosts, next: &[i128], i: usize, d: usize) -> (i128, usize) {
    let (mut lo, mut hi) = (1, d + 1);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if costs.comp(i, mid) >= next[d - mid] {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let cross = lo;
    // The first minimum over e ≥ 1, then e = 0 wins ties.
    let mut best: Option<(i128, usize)> = None;
    if cross <= d {
        best = Some((costs.comm(i, cross) + costs.comp(i, cross), cross));
    }
    let mut e = cross - 1;
    while e >= 1 {
        let rest = next[d - e];
        if best.is_some_and(|(b, _)| rest > b) {
            break;
        }
        let m = costs.comm(i, e) + rest;
        if best.is_none_or(|(b, _)| m <= b) {
            best = Some((m, e));
        }
        e -= 1;
    }
    match best {
        Some((m, e)) if m < next[d] => (m, e),
        _ => (next[d], 0),
    }
}

/// The candidate curve of one cell (§7): the value of every `e = 0..=d` at position `i`
/// (`e = 0`: position `i` skipped), on the filled next column.
#[must_use]
pub fn candidates(costs: &impl DpCosts, table: &Table, i: usize, d: usize) -> Vec<i128> {
    let Some(next) = table.cost.get(i + 1) else {
        return Vec::new();
    };
    (0..=d)
        .map(|e| {
            if e == 0 {
                next[d]
            } else {
                costs.comm(i, e) + costs.comp(i, e).max(next[d - e])
            }
        })
        .collect()
}

/// `p·n²`, the work of the DP, saturating.
#[must_use]
pub fn work(p: usize, n: u64) -> u128 {
    (p as u128).saturating_mul(u128::from(n) * u128::from(n))
}
