//! Linear costs and rational shares (scatter.md §3): who participates (Theorem 2, a backward
//! scan), the shares that make every participant end together (Theorem 1), and the best
//! sending order (Theorem 3, increasing `β`, the root last). Exact in rationals.

use crate::sort;
use num_traits::Zero;
use serde::Serialize;

use super::model::Model;
use crate::error::SolveError;
use crate::rational::Q;

/// One test of the backward scan: is `β_i ≤ D(suffix)`?
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Participation {
    /// The processor (input index).
    pub processor: usize,
    /// Its `β_i`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub beta: Q,
    /// `D` of the participating suffix after it.
    #[serde(serialize_with = "crate::rational::exact")]
    pub d_suffix: Q,
    /// `β_i ≤ D(suffix)`: it takes part.
    pub included: bool,
    /// `D` of the suffix once the decision is taken.
    #[serde(serialize_with = "crate::rational::exact")]
    pub d_after: Q,
}

/// The rational optimum of a linear instance in a fixed order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClosedForm {
    /// The scan's decisions, in scan order (`i = p−1` down to 1).
    pub scan: Vec<Participation>,
    /// `D(P_1..P_p)` of the participating set: the time per item.
    pub d: Q,
    /// `T_rat = n·D`.
    pub t: Q,
    /// Rational shares, input order (0 for the processors left out).
    pub shares: Vec<Q>,
    /// No scan test was a tie `β_i = D(suffix)`: the optimum is unique (scatter.md §3.2, §4.1).
    pub unique: bool,
}

/// Why the closed form does not apply.
///
/// # Errors
/// A sentence when a latency is not zero or a processor has `α = β = 0`.
pub fn check_linear(model: &Model) -> Result<(), SolveError> {
    if !model.is_linear() {
        return Err(
            "the closed form needs linear costs (every latency 0); use dp or lp-rounded".into(),
        );
    }
    check_positive(model)
}

/// Refuses a free processor (`α_i = β_i = 0`), for which the closed form and the LP are undefined.
///
/// # Errors
/// A sentence naming the processor.
pub fn check_positive(model: &Model) -> Result<(), SolveError> {
    match model.free_processor() {
        Some(i) => Err(format!(
            "processor P{} has α = β = 0: a processor must have positive cost for the closed form and the LP (the dp accepts it)",
            i + 1
        ).into()),
        None => Ok(()),
    }
}

/// Theorems 1 and 2 (scatter.md §3.1–3.2) for `n` items in `order`.
///
/// Reference: Genaud, Giersch, Vivien, Parallel Computing 30(8), 2004, §4 (Theorems 1–2).
///
/// # Complexity
/// `O(p)` rational operations.
///
/// # Errors
/// As [`check_linear`].
pub fn solve(model: &Model, order: &[usize], n: u64) -> Result<ClosedForm, SolveError> {
    check_linear(model)?;
    let alpha = |i: usize| &model.comp[i].per_item;
    let beta = |i: usize| &model.comm[i].per_item;
    let Some((&root, rest)) = order.split_last() else {
        return Err("no processor".into());
    };
    let mut k = alpha(root) + beta(root);
    let mut set = vec![root];
    let mut scan = Vec::with_capacity(rest.len());
    let mut unique = true;
    for &i in rest.iter().rev() {
        let included = beta(i) <= &k;
        unique &= beta(i) != &k;
        let d_suffix = k.clone();
        if included {
            let a = alpha(i);
            k = (a + beta(i)) * &k / (a + &k);
            set.push(i);
        }
        scan.push(Participation {
            processor: i,
            beta: beta(i).clone(),
            d_suffix,
            included,
            d_after: k.clone(),
        });
    }
    set.reverse();
    let t = Q::from_integer(n.into()) * &k;
    let mut shares = vec![Q::zero(); model.len()];
    let mut prev: Option<(Q, usize)> = None;
    for &i in &set {
        let s = match &prev {
            None => &t / (alpha(i) + beta(i)),
            Some((x, j)) => x * alpha(*j) / (alpha(i) + beta(i)),
        };
        shares[i] = s.clone();
        prev = Some((s, i));
    }
    Ok(ClosedForm {
        scan,
        d: k,
        t,
        shares,
        unique,
    })
}

/// The ordering policy of scatter.md §5 (Theorem 3): the non-root processors by increasing
/// `β`, ties to the smaller `λ`, then input order; the root (`root`) last.
#[must_use]
pub fn policy_order(model: &Model, root: usize) -> Vec<usize> {
    let mut others: Vec<usize> = (0..model.len()).filter(|&i| i != root).collect();
    sort::by(&mut others, |&a, &b| {
        let (ca, cb) = (&model.comm[a], &model.comm[b]);
        (&ca.per_item, &ca.lat, a).cmp(&(&cb.per_item, &cb.lat, b))
    });
    others.push(root);
    others
}

/// The policy order with the non-root part reversed: decreasing `β` (ascending bandwidth),
/// the worst order of Theorem 3, shown beside the best (scatter.md §7 event 5).
#[must_use]
pub fn reversed_order(model: &Model, root: usize) -> Vec<usize> {
    let mut order = policy_order(model, root);
    if let Some((_, rest)) = order.split_last_mut() {
        rest.reverse();
    }
    order
}
