//! CP, processors may be reordered (chains.md §8): the best CCP optimum over `R` random
//! orders (§8.2) and exact CP by enumerating the distinct orders of the speed multiset (§8.3),
//! each order solved by EXACT-BISECTION. Also the histogram the CP view draws.

use super::bisection::exact_bisection;
use super::chain::Chain;
use super::probe::{Ctx, Out};
use super::ratio::{Value, R};
use super::step::ChainStep;
use super::workload::SplitMix64;
use crate::sort;

/// Most processors for exact CP (8! = 40 320 orders).
pub const CP_EXACT_MAX_PROCESSORS: usize = 8;

/// Most `orders × P × ⌈lg(N+1)⌉` (probe work per bisection step, summed over orders) for CP.
pub const CP_WORK: u128 = 2_000_000;

/// The outcome of a CP run.
pub struct CpRun {
    /// The best value.
    pub best: R,
    /// Processor indices (0-based) of the best order, in chain order.
    pub order: Vec<usize>,
    /// The CCP optimum of every order, in the order tried.
    pub values: Vec<R>,
    /// Probes over all orders.
    pub probes: usize,
}

/// `⌈lg(N+1)⌉ + 1`, the cost of one binary search, for the work estimates.
#[must_use]
pub fn lg(n: usize) -> u128 {
    u128::from(usize::BITS - n.leading_zeros()) + 1
}

fn solve_order(ctx: &mut Ctx<'_>, c: &Chain, order: &[usize]) -> R {
    let speeds: Vec<u64> = order.iter().map(|&k| c.e[k]).collect();
    let chain = c.with_speeds(&speeds);
    let mut none = |_: ChainStep| {};
    let mut inner = Ctx::new(&chain, Out::new(&mut none, false));
    let v = exact_bisection(&mut inner);
    ctx.probes += inner.probes;
    v
}

fn record(ctx: &mut Ctx<'_>, run: &mut CpRun, k: usize, order: &[usize], v: R) {
    let best = run.values.is_empty() || v < run.best;
    if best {
        run.best = v;
        run.order = order.to_vec();
    }
    run.values.push(v);
    let ov = ctx.out.vec(order);
    ctx.out.step(|| ChainStep::CpOrder {
        k,
        order: ov,
        value: v.exact(),
        best,
    });
}

/// Best of `orders` random orders (§8.2): each order is a Fisher–Yates shuffle of the input
/// order (not of the previous shuffle) by one SplitMix64(`seed`) for the whole run, which is
/// what reproduces the spec's CP-2 values.
pub fn cp_random(ctx: &mut Ctx<'_>, orders: usize, seed: u64) -> CpRun {
    let c = ctx.chain;
    let mut rng = SplitMix64::new(seed);
    let mut order: Vec<usize>;
    let mut run = CpRun {
        best: R::INF,
        order: (0..c.p()).collect(),
        values: Vec::with_capacity(orders),
        probes: 0,
    };
    for k in 0..orders {
        order = (0..c.p()).collect();
        rng.shuffle(&mut order);
        let v = solve_order(ctx, c, &order);
        record(ctx, &mut run, k, &order, v);
    }
    run.probes = ctx.probes;
    run
}

/// Number of distinct orders of the speed multiset.
#[must_use]
pub fn distinct_orders(speeds: &[u64]) -> u128 {
    let mut sorted = speeds.to_vec();
    sort::sort(&mut sorted);
    let mut total: u128 = (1..=speeds.len() as u128).product();
    let mut k = 0;
    while k < sorted.len() {
        let run = sorted[k..].iter().take_while(|&&x| x == sorted[k]).count();
        total /= (1..=run as u128).product::<u128>();
        k += run;
    }
    total
}

/// Next permutation in lexicographic order by speed; false after the last.
fn next_permutation(a: &mut [u64]) -> bool {
    let Some(i) = (1..a.len()).rev().find(|&i| a[i - 1] < a[i]) else {
        return false;
    };
    let j = (i..a.len()).rev().find(|&j| a[j] > a[i - 1]).unwrap_or(i);
    a.swap(i - 1, j);
    a[i..].reverse();
    true
}

/// Processor indices for a speed sequence: equal speeds take their processors in input order.
fn indices(c: &Chain, speeds: &[u64]) -> Vec<usize> {
    let mut used = vec![false; c.p()];
    speeds
        .iter()
        .map(|&v| {
            let k = (0..c.p()).find(|&k| !used[k] && c.e[k] == v).unwrap_or(0);
            used[k] = true;
            k
        })
        .collect()
}

/// Exact CP (§8.3): every distinct order of the speeds, lexicographic from the sorted one;
/// the first order reaching the optimum is kept.
pub fn cp_exact(ctx: &mut Ctx<'_>) -> CpRun {
    let c = ctx.chain;
    let mut speeds = c.e.clone();
    sort::sort(&mut speeds);
    let mut run = CpRun {
        best: R::INF,
        order: Vec::new(),
        values: Vec::new(),
        probes: 0,
    };
    let mut k = 0;
    loop {
        let order = indices(c, &speeds);
        let v = solve_order(ctx, c, &order);
        record(ctx, &mut run, k, &order, v);
        k += 1;
        if !next_permutation(&mut speeds) {
            break;
        }
    }
    run.probes = ctx.probes;
    run
}

/// A histogram of `values` in `bins` equal bins over `[min, max]` (one bin when all are
/// equal): `(low edge, high edge, count)`, for the CP view.
#[must_use]
pub fn histogram(values: &[f64], bins: usize) -> Vec<(f64, f64, usize)> {
    let bins = bins.max(1);
    let (lo, hi) = values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
            (a.min(v), b.max(v))
        });
    if values.is_empty() {
        return Vec::new();
    }
    if hi <= lo {
        return vec![(lo, hi, values.len())];
    }
    let width = (hi - lo) / bins as f64;
    let mut out: Vec<(f64, f64, usize)> = (0..bins)
        .map(|k| (lo + width * k as f64, lo + width * (k + 1) as f64, 0))
        .collect();
    for &v in values {
        // Truncation is the binning; the last edge belongs to the last bin.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let k = (((v - lo) / width) as usize).min(bins - 1);
        out[k].2 += 1;
    }
    out
}

/// The percent imbalance of every order a CP run tried (the CP view's histogram input).
#[must_use]
pub fn imbalances(sol: &super::ChainsSolution) -> Vec<f64> {
    sol.values
        .as_deref()
        .unwrap_or_default()
        .iter()
        .map(|v| crate::rational::to_f64(&super::workload::imbalance(v, &sol.ideal)))
        .collect()
}
