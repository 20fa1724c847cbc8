//! The two searches of scatter.md §5: every order of the non-root processors with the exact DP
//! (`p ≤ 7`), and the choice of the root when the data starts on one machine `C`.

use num_traits::Zero;

use super::closed;
use super::dp::{self, Scaled};
use super::model::Model;
use super::paths::{check_dp, dp_path, lp_path, Outcome};
use super::step::{OrderWhy, ScatterStep};
use super::{RootOption, ScatterError, MAX_SEARCH_PROCESSORS};

/// Most processors for a root choice that solves one affine LP per candidate (about 35 ms
/// natively for 16 candidates, so 24 stays well under a second in the browser).
pub const MAX_ROOT_LPS: usize = 24;
use crate::rational::Q;
use crate::scatter::Scatter;

/// The next permutation in lexicographic order (`false` after the last).
fn next_permutation(v: &mut [usize]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let Some(j) = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]) else {
        return false;
    };
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// Every order of the non-root processors (lexicographic, the root last), each solved by the
/// DP; the first best order is then solved again with its full trace.
///
/// Reference: scatter.md §5 ("exhaustive alternative for small p").
///
/// # Errors
/// More than [`MAX_SEARCH_PROCESSORS`] processors, or `(p−1)!·p·n²` over the DP limit.
pub(super) fn orders(
    model: &Model,
    n: u64,
    emit: &mut impl FnMut(ScatterStep),
) -> Result<Outcome, ScatterError> {
    let p = model.len();
    if p > MAX_SEARCH_PROCESSORS {
        return Err(ScatterError::TooLarge(format!(
            "the exhaustive order search tries (p−1)! orders: at most {MAX_SEARCH_PROCESSORS} processors, got {p}"
        )));
    }
    let count: u128 = (1..p as u128).product();
    let nu = check_dp(p, n, count + 1)?;
    let root = p - 1;
    let mut rest: Vec<usize> = (0..root).collect();
    let mut tried = Vec::new();
    let mut best: Option<(Q, Vec<usize>)> = None;
    loop {
        let mut order = rest.clone();
        order.push(root);
        let scaled =
            Scaled::new(model, &order, n).map_err(|e| ScatterError::TooLarge(e.to_string()))?;
        let t = scaled.unscale(dp::solve(&scaled, nu).optimum());
        let better = best.as_ref().is_none_or(|(b, _)| &t < b);
        if better {
            best = Some((t.clone(), order.clone()));
        }
        emit(ScatterStep::OrderTried {
            order: order.clone(),
            makespan: t.clone(),
            best: better,
        });
        tried.push((order, t));
        if !next_permutation(&mut rest) {
            break;
        }
    }
    let Some((_, order)) = best else {
        return Err(ScatterError::Failed("no order to try".into()));
    };
    let mut out = dp_path(model, &order, n, OrderWhy::Searched, emit)?;
    out.optimal = true;
    out.orders = Some(tried);
    Ok(out)
}

/// The root choice of §5: for every candidate root `r`, the others by increasing `β[r][i]`,
/// `total(r) = [r ≠ C]·β[C][r]·n + T_opt(root = r)`; the least total wins (ties: the smaller
/// index). `T_opt` is the DP when `p` DPs fit the limit, else LP + rounding (affine LPs: at
/// most [`MAX_ROOT_LPS`] processors).
///
/// # Errors
/// No `root_transfer`; neither the DP nor the LP applies.
pub(super) fn roots(
    inst: &Scatter,
    emit: &mut impl FnMut(ScatterStep),
) -> Result<Outcome, ScatterError> {
    let Some(rt) = &inst.root_transfer else {
        return Err(ScatterError::NotApplicable(
            "the root choice needs \"root_transfer\" (the source machine and the p × p per-item transfer times)".into(),
        ));
    };
    let p = inst.processors.len();
    let n = inst.n;
    let use_dp = check_dp(p, n, p as u128 + 1).is_ok();
    let linear = (0..p).all(|r| Model::for_root(inst, r).is_some_and(|m| m.is_linear()));
    if !use_dp && !linear && p > MAX_ROOT_LPS {
        return Err(ScatterError::TooLarge(format!(
            "the root choice needs one LP per candidate root here (n is too large for the DP): at most {MAX_ROOT_LPS} processors, got {p}"
        )));
    }
    let mut options: Vec<RootOption> = Vec::with_capacity(p);
    let mut best: Option<usize> = None;
    for r in 0..p {
        let model = Model::for_root(inst, r)
            .ok_or_else(|| ScatterError::Failed("bad root_transfer".into()))?;
        let order = closed::policy_order(&model, r);
        let execution = if use_dp {
            let scaled = Scaled::new(&model, &order, n)
                .map_err(|e| ScatterError::TooLarge(e.to_string()))?;
            scaled.unscale(dp::solve(&scaled, usize::try_from(n).unwrap_or(0)).optimum())
        } else {
            lp_path(&model, &order, n, OrderWhy::Root, &mut |_| {})?
                .schedule
                .makespan
        };
        let transfer = if r == rt.source {
            Q::zero()
        } else {
            &rt.per_item[rt.source][r] * Q::from_integer(n.into())
        };
        let total = &transfer + &execution;
        let better = best.is_none_or(|b| total < options[b].total);
        if better {
            best = Some(options.len());
        }
        emit(ScatterStep::RootTried {
            root: r,
            transfer: transfer.clone(),
            execution: execution.clone(),
            total: total.clone(),
            best: better,
        });
        options.push(RootOption {
            root: r,
            order,
            transfer,
            execution,
            total,
        });
    }
    let chosen = options
        .get(best.unwrap_or(0))
        .cloned()
        .ok_or_else(|| ScatterError::Failed("no root to try".into()))?;
    let model = Model::for_root(inst, chosen.root)
        .ok_or_else(|| ScatterError::Failed("bad root_transfer".into()))?;
    let mut out = if use_dp {
        dp_path(&model, &chosen.order, n, OrderWhy::Root, emit)?
    } else {
        lp_path(&model, &chosen.order, n, OrderWhy::Root, emit)?
    };
    out.optimal = use_dp;
    out.root = chosen.root;
    out.objective = chosen.total;
    out.roots = Some(options);
    out.root_method = Some(if use_dp { "dp" } else { "lp-rounded" });
    Ok(out)
}
