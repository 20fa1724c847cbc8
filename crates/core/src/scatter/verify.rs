//! An independent checker of scatter solutions: it recomputes every end time from the instance
//! (its own loop over scatter.md §1.3), checks the shares, and certifies what each algorithm
//! promises — optimality by brute force on small instances (DP), Theorems 1–2 through the
//! product form of `1/D` (closed form, linear LP), the rounding's `|n'_i − x_i| < 1` and the
//! bound of §4.2 (LP), the root totals (root choice).

use crate::sort;
use num_traits::{One, Signed, Zero};

use super::model::Model;
use super::{Algorithm, ScatterSolution};
use crate::rational::Q;
use crate::scatter::Scatter;

/// What is wrong with a solution, in a sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Violation(pub String);

fn fail<T>(msg: impl Into<String>) -> Result<T, Violation> {
    Err(Violation(msg.into()))
}

/// Largest number of distributions the brute-force optimality check enumerates.
const BRUTE_FORCE_LIMIT: u128 = 1_500;

/// Checks `sol` against `inst`.
///
/// # Errors
/// A [`Violation`] naming the first problem.
pub fn verify(inst: &Scatter, sol: &ScatterSolution) -> Result<(), Violation> {
    let p = inst.processors.len();
    let model = if sol.algorithm == super::Algorithm::RootChoice {
        Model::for_root(inst, sol.root)
            .ok_or_else(|| Violation("the root choice has no root_transfer".into()))?
    } else {
        Model::of(inst)
    };
    let order = &sol.schedule.order;
    let mut seen = vec![false; p];
    for &i in order {
        if i >= p || std::mem::replace(&mut seen[i], true) {
            return fail("the sending order is not a permutation of the processors");
        }
    }
    if order.len() != p || order.last() != Some(&sol.root) {
        return fail("the sending order must list every processor, the root last");
    }
    if sol.algorithm != Algorithm::RootChoice && sol.root + 1 != p {
        return fail("the root must be the last processor");
    }
    let shares = &sol.schedule.shares;
    if shares.len() != p || shares.iter().any(Q::is_negative) {
        return fail("one non-negative share per processor is needed");
    }
    if shares.iter().sum::<Q>() != Q::from_integer(inst.n.into()) {
        return fail(format!("the shares do not sum to n = {}", inst.n));
    }
    if let Some(d) = &sol.distribution {
        let as_q: Vec<Q> = d.iter().map(|&x| Q::from_integer(x.into())).collect();
        if &as_q != shares {
            return fail("the distribution differs from the schedule's shares");
        }
    }
    let (ends, makespan) = end_times(&model, order, shares);
    if sol.schedule.end_times() != ends || sol.schedule.makespan != makespan {
        return fail("the end times or the makespan differ from a recomputation");
    }
    for (i, r) in sol.schedule.rows.iter().enumerate() {
        if let Some(r) = r {
            if r.start > r.recv || r.recv > r.end {
                return fail(format!("the Gantt row of P{} is not ordered", i + 1));
            }
        }
    }
    match sol.algorithm {
        Algorithm::Dp | Algorithm::DpSorted | Algorithm::OrderSearch => {
            check_integral(sol)?;
            check_sol_objective(sol, &makespan)?;
            brute_force(&model, order, inst.n, &makespan)?;
            if let Some(tried) = &sol.orders {
                check_orders(tried, p, &makespan)?;
            }
            Ok(())
        }
        Algorithm::ClosedForm => {
            check_sol_objective(sol, &makespan)?;
            theorem_certificate(&model, order, shares, &makespan)
        }
        Algorithm::LpRounded => {
            check_integral(sol)?;
            check_sol_objective(sol, &makespan)?;
            check_lp(&model, order, inst.n, sol)
        }
        Algorithm::RootChoice => {
            check_integral(sol)?;
            if sol.optimal {
                brute_force(&model, order, inst.n, &makespan)?;
            }
            check_roots(inst, sol, &makespan)
        }
    }
}

fn check_integral(sol: &ScatterSolution) -> Result<(), Violation> {
    if sol.distribution.is_none() {
        return fail("an integer distribution is expected");
    }
    Ok(())
}

fn check_sol_objective(sol: &ScatterSolution, makespan: &Q) -> Result<(), Violation> {
    if &sol.makespan != makespan {
        return fail("the objective is not the makespan");
    }
    Ok(())
}

/// End times (input order, `None` when not contacted) and the makespan, from the definitions.
fn end_times(model: &Model, order: &[usize], shares: &[Q]) -> (Vec<Option<Q>>, Q) {
    let mut ends = vec![None; model.len()];
    let mut sent = Q::zero();
    for &i in order {
        let x = &shares[i];
        if x.is_zero() {
            continue;
        }
        sent += model.comm_at(i, x);
        ends[i] = Some(&sent + model.comp_at(i, x));
    }
    let makespan = ends.iter().flatten().max().cloned().unwrap_or_default();
    (ends, makespan)
}

/// On small instances, no integer distribution in the same order beats `makespan`.
fn brute_force(model: &Model, order: &[usize], n: u64, makespan: &Q) -> Result<(), Violation> {
    let p = order.len();
    let mut count: u128 = 1;
    for k in 1..p as u128 {
        count = count.saturating_mul(u128::from(n) + k) / k;
    }
    if count > BRUTE_FORCE_LIMIT {
        return Ok(());
    }
    let mut shares = vec![Q::zero(); p];
    let mut best: Option<Q> = None;
    compositions(n, p, &mut vec![0; p], 0, &mut |c| {
        for (k, &i) in order.iter().enumerate() {
            shares[i] = Q::from_integer(c[k].into());
        }
        let t = end_times(model, order, &shares).1;
        if best.as_ref().is_none_or(|b| &t < b) {
            best = Some(t);
        }
    });
    match best {
        Some(b) if &b != makespan => fail(format!(
            "not optimal: a distribution in the same order reaches {b}, not {makespan}"
        )),
        _ => Ok(()),
    }
}

fn compositions(left: u64, p: usize, cur: &mut Vec<u64>, k: usize, f: &mut impl FnMut(&[u64])) {
    if k + 1 >= p {
        if let Some(last) = cur.get_mut(k) {
            *last = left;
        }
        f(cur);
        return;
    }
    for x in 0..=left {
        cur[k] = x;
        compositions(left - x, p, cur, k + 1, f);
    }
}

fn check_orders(tried: &[(Vec<usize>, Q)], p: usize, makespan: &Q) -> Result<(), Violation> {
    let want: usize = (1..p).product();
    let mut orders: Vec<&Vec<usize>> = tried.iter().map(|(o, _)| o).collect();
    sort::sort(&mut orders);
    orders.dedup();
    if orders.len() != want || tried.iter().any(|(o, _)| o.last() != Some(&(p - 1))) {
        return fail(format!(
            "the search must try the {want} orders with the root last"
        ));
    }
    if tried.iter().map(|(_, t)| t).min() != Some(makespan) {
        return fail("the chosen order is not the best one tried");
    }
    Ok(())
}

/// `1/D` of the processors `set` (in sending order) by the product form of Theorem 1:
/// `Σ_i 1/(α_i+β_i) · Π_{j<i} α_j/(α_j+β_j)`.
fn inverse_d(model: &Model, set: &[usize]) -> Q {
    let mut prod = Q::one();
    let mut sum = Q::zero();
    for &i in set {
        let s = &model.comp[i].per_item + &model.comm[i].per_item;
        sum += &prod / &s;
        prod = prod * &model.comp[i].per_item / s;
    }
    sum
}

/// Theorems 1–2 as a certificate for linear rational shares: every participant ends at the
/// makespan, the makespan is `n·D(participants)`, and each processor is in iff
/// `β_i ≤ D(participants after it)`.
fn theorem_certificate(
    model: &Model,
    order: &[usize],
    shares: &[Q],
    makespan: &Q,
) -> Result<(), Violation> {
    let Some((&root, rest)) = order.split_last() else {
        return Ok(());
    };
    let mut after = vec![root];
    for &i in rest.iter().rev() {
        let d = inverse_d(model, &after).recip();
        let beta = &model.comm[i].per_item;
        let included = beta <= &d;
        if included {
            after.insert(0, i);
        } else if !shares[i].is_zero() {
            return fail(format!(
                "P{} has β > D(suffix) and should get nothing",
                i + 1
            ));
        }
    }
    let n: Q = shares.iter().sum();
    let t = n / inverse_d(model, &after);
    if &t != makespan {
        return fail(format!("the makespan is not n·D = {t}"));
    }
    let (ends, _) = end_times(model, order, shares);
    if ends.iter().flatten().any(|e| e != makespan) {
        return fail("the participants do not all end together");
    }
    Ok(())
}

fn check_lp(
    model: &Model,
    order: &[usize],
    n: u64,
    sol: &ScatterSolution,
) -> Result<(), Violation> {
    let Some(lp) = &sol.lp else {
        return fail("lp-rounded must report its LP");
    };
    if lp.x.len() != model.len()
        || lp.x.iter().any(Q::is_negative)
        || lp.x.iter().sum::<Q>() != Q::from_integer(n.into())
    {
        return fail("the LP shares must be non-negative and sum to n");
    }
    let one = Q::one();
    for (x, y) in lp.x.iter().zip(&sol.schedule.shares) {
        if (x - y).abs() >= one {
            return fail("a rounded share moved by 1 or more");
        }
    }
    // T_LP is reached by x: the largest constraint value of §4.1 (all contacted).
    let all = |s: &[Q]| {
        let mut sent = Q::zero();
        let mut top = Q::zero();
        for &i in order {
            sent = sent + &model.comm[i].lat + &model.comm[i].per_item * &s[i];
            top = top.max(&sent + &model.comp[i].lat + &model.comp[i].per_item * &s[i]);
        }
        top
    };
    if all(&lp.x) != lp.t_lp {
        return fail("T_LP is not the LP value of its shares");
    }
    if all(&sol.schedule.shares) != lp.makespan_all_contacted {
        return fail("the all-contacted makespan differs from a recomputation");
    }
    let sends: Q = model.comm.iter().map(|a| &a.lat + &a.per_item).sum();
    let work = model
        .comp
        .iter()
        .map(|a| &a.lat + &a.per_item)
        .max()
        .unwrap_or_default();
    if lp.bound != &lp.t_lp + sends + work {
        return fail("the bound is not T_LP + Σ T_comm(j,1) + max T_comp(i,1)");
    }
    if sol.makespan > lp.makespan_all_contacted || lp.makespan_all_contacted > lp.bound {
        return fail("the guarantee T' ≤ T'(all contacted) ≤ bound does not hold");
    }
    if model.is_linear() {
        theorem_certificate(model, order, &lp.x, &lp.t_lp)?;
    }
    Ok(())
}

fn check_roots(inst: &Scatter, sol: &ScatterSolution, makespan: &Q) -> Result<(), Violation> {
    let (Some(rt), Some(roots)) = (&inst.root_transfer, &sol.roots) else {
        return fail("the root choice must list its candidates");
    };
    if roots.len() != inst.processors.len() || roots.iter().enumerate().any(|(k, r)| r.root != k) {
        return fail("one candidate per processor is expected");
    }
    let n = Q::from_integer(inst.n.into());
    for r in roots {
        let transfer = if r.root == rt.source {
            Q::zero()
        } else {
            &rt.per_item[rt.source][r.root] * &n
        };
        if r.transfer != transfer || r.total != &r.transfer + &r.execution {
            return fail(format!(
                "root P{}: the totals differ from a recomputation",
                r.root + 1
            ));
        }
    }
    let best = roots
        .iter()
        .min_by(|a, b| a.total.cmp(&b.total))
        .map(|r| r.root);
    let chosen = &roots[sol.root];
    if best != Some(sol.root) || &chosen.execution != makespan || sol.makespan != chosen.total {
        return fail("the chosen root is not the first best candidate or its makespan differs");
    }
    Ok(())
}
