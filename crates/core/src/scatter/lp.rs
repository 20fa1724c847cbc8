//! The guaranteed heuristic of scatter.md §4: the LP relaxation with every processor contacted
//! (§4.1, solved exactly: closed form in the linear case, else the certified simplex of
//! [`crate::lp`]), its error bound (§4.2) and the deterministic rounding (§4.3).

use num_traits::{Signed, Zero};
use serde::Serialize;

use super::closed;
use super::model::Model;
use crate::error::SolveError;
use crate::lp::{self, Cmp, Outcome, Problem};
use crate::rational::Q;

/// The LP optimum in one order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relaxed {
    /// Rational shares, input order.
    pub x: Vec<Q>,
    /// `T_LP`.
    pub t: Q,
    /// The linear closed form's scan, when it was used instead of the simplex.
    pub scan: Option<Vec<closed::Participation>>,
    /// `Some(false)` when the optimum is known not to be unique (a tie `β_i = D`), `None` when
    /// not decided (affine costs).
    pub unique: Option<bool>,
}

/// Solves the LP of §4.1 for `n` items in `order`.
///
/// Reference: Genaud, Giersch, Vivien 2004, §3.3 (the LP) and §4 (linear case).
///
/// # Complexity
/// Linear costs: `O(p)`. Affine: one exact LP with `p + 1` variables and `p + 1` rows.
///
/// # Errors
/// A sentence for a free processor (`α = β = 0`) or an LP that could not be solved exactly.
pub fn relax(model: &Model, order: &[usize], n: u64) -> Result<Relaxed, SolveError> {
    closed::check_positive(model)?;
    if model.is_linear() {
        let c = closed::solve(model, order, n)?;
        return Ok(Relaxed {
            x: c.shares,
            t: c.t,
            scan: Some(c.scan),
            unique: Some(c.unique),
        });
    }
    simplex(model, order, n)
}

/// The LP of §4.1 by the exact simplex of [`crate::lp`], whatever the costs (the linear case
/// normally takes the closed form; tests compare the two).
///
/// # Errors
/// A sentence when the LP could not be solved exactly.
pub fn simplex(model: &Model, order: &[usize], n: u64) -> Result<Relaxed, SolveError> {
    let p = order.len();
    let mut prob = Problem::new(p + 1);
    prob.objective(p, Q::from_integer((-1).into()));
    prob.constraint(
        (0..p).map(|k| (k, Q::from_integer(1.into()))).collect(),
        Cmp::Eq,
        Q::from_integer(n.into()),
    );
    let mut latencies = Q::zero();
    for (k, &i) in order.iter().enumerate() {
        latencies += &model.comm[i].lat;
        let mut terms: Vec<(usize, Q)> = order[..=k]
            .iter()
            .enumerate()
            .map(|(j, &pj)| (j, model.comm[pj].per_item.clone()))
            .collect();
        terms.push((k, model.comp[i].per_item.clone()));
        terms.push((p, Q::from_integer((-1).into())));
        prob.constraint(terms, Cmp::Le, -(&latencies + &model.comp[i].lat));
    }
    match lp::solve(&prob) {
        Ok(Outcome::Optimal(s)) => {
            let mut x = vec![Q::zero(); model.len()];
            for (k, &i) in order.iter().enumerate() {
                x[i] = s.x[k].clone();
            }
            Ok(Relaxed {
                x,
                t: -s.value,
                scan: None,
                unique: None,
            })
        }
        Ok(other) => Err(format!("the LP of §4.1 has no optimum ({other:?})").into()),
        Err(e) => Err(format!("the LP of §4.1 could not be solved exactly: {e}").into()),
    }
}

/// The guarantee of §4.2: `T_LP + Σ_j T_comm(j, 1) + max_i T_comp(i, 1)`.
#[must_use]
pub fn bound(model: &Model, t_lp: &Q) -> Q {
    let one = Q::from_integer(1.into());
    let sends: Q = model.comm.iter().map(|a| a.contacted(&one)).sum();
    let work = model
        .comp
        .iter()
        .map(|a| a.contacted(&one))
        .max()
        .unwrap_or_default();
    t_lp + sends + work
}

/// Which rule of §4.3 rounded a share.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// `err = 0`: the share nearest an integer, rounded half up.
    Nearest,
    /// `err < 0`: the share nearest its ceiling, rounded up.
    Ceil,
    /// `err > 0`: the share nearest its floor, rounded down.
    Floor,
    /// The last share takes `x − err`.
    Last,
}

/// One step of the rounding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct RoundStep {
    /// The processor (input index).
    pub processor: usize,
    /// Its rational share.
    #[serde(serialize_with = "crate::rational::exact")]
    pub x: Q,
    /// The rule applied.
    pub rule: Rule,
    /// Its integer share.
    pub value: u64,
    /// `err = Σ (n'_k − x_k)` over the shares rounded so far.
    #[serde(serialize_with = "crate::rational::exact")]
    pub err: Q,
}

/// The deterministic rounding of scatter.md §4.3 over the processors in `order` (ties go to the
/// earlier position). Returns the steps; the integer shares are their `value`s.
///
/// # Complexity
/// `O(p²)` rational comparisons.
///
/// # Errors
/// A sentence if the shares are negative or do not sum to an integer (never for an LP optimum).
pub fn round(x: &[Q], order: &[usize]) -> Result<Vec<RoundStep>, SolveError> {
    let total: Q = order.iter().filter_map(|&i| x.get(i)).sum();
    if !total.is_integer() || order.iter().any(|&i| x.get(i).is_none_or(Q::is_negative)) {
        return Err("the shares to round must be non-negative with a whole sum".into());
    }
    let half = Q::new(1.into(), 2.into());
    let mut left: Vec<usize> = order.to_vec();
    let mut err = Q::zero();
    let mut steps = Vec::with_capacity(order.len());
    while left.len() > 1 {
        let key = |i: usize| -> Q {
            let v = &x[i];
            if err.is_zero() {
                let f = v - v.floor();
                f.clone().min(Q::from_integer(1.into()) - f)
            } else if err.is_negative() {
                v.ceil() - v
            } else {
                v - v.floor()
            }
        };
        let (pos, _) = left
            .iter()
            .enumerate()
            .map(|(k, &i)| (k, key(i)))
            .fold(None::<(usize, Q)>, |best, (k, v)| match best {
                Some((_, ref b)) if *b <= v => best,
                _ => Some((k, v)),
            })
            .unwrap_or((0, Q::zero()));
        let i = left.remove(pos);
        let v = &x[i];
        let (rule, r) = if err.is_zero() {
            (Rule::Nearest, (v + &half).floor())
        } else if err.is_negative() {
            (Rule::Ceil, v.ceil())
        } else {
            (Rule::Floor, v.floor())
        };
        err += &r - v;
        steps.push(step(i, v, rule, &r, &err)?);
    }
    if let Some(&i) = left.first() {
        let r = &x[i] - &err;
        err = Q::zero();
        steps.push(step(i, &x[i], Rule::Last, &r, &err)?);
    }
    Ok(steps)
}

fn step(processor: usize, x: &Q, rule: Rule, r: &Q, err: &Q) -> Result<RoundStep, SolveError> {
    let value = (r.is_integer() && !r.is_negative())
        .then(|| num_traits::ToPrimitive::to_u64(&r.to_integer()))
        .flatten()
        .ok_or_else(|| format!("rounding gave P{} the share {r}", processor + 1))?;
    Ok(RoundStep {
        processor,
        x: x.clone(),
        rule,
        value,
        err: err.clone(),
    })
}
