//! The linear program of one ordered set of participants (divisible-load.md §4.3), solved
//! exactly through [`crate::lp`], and the mixed integer program of §4.4 written as text for the
//! page (it is not solved: the enumeration of §4.2 is the exact method).

use num_traits::{Signed, Zero};

use super::details::AffineDetails;
use super::schedule::{last_end, one_round, participating};
use super::{Details, DivSolution, DivStep, Divisible, DivisibleError, Status, Worker};
use crate::lp::{solve_exact, Cmp, Limits, Outcome, Problem};
use crate::rational::{format_q, Q};

/// The LP of §4.3 for `order` (every listed worker pays its latencies, even with no load):
/// minimise `T_f` s.t. `Σ α = W_total` and, for every position `j`,
/// `Σ_{m≤j} (G + g·α) + W_j + w_j·α_j ≤ T_f`. Returns `T_f` and the loads in list order.
///
/// # Errors
/// [`DivisibleError::Infeasible`] if the exact simplex gives no optimum (it always has one for
/// a non-empty order).
pub fn lp_for_order(
    ws: &[Worker],
    order: &[usize],
    w_total: &Q,
) -> Result<(Q, Vec<Q>), DivisibleError> {
    let k = order.len();
    let mut lp = Problem::new(k + 1);
    lp.objective(k, Q::from_integer((-1).into()));
    lp.constraint(
        (0..k).map(|m| (m, Q::from_integer(1.into()))).collect(),
        Cmp::Eq,
        w_total.clone(),
    );
    let mut latency = Q::zero();
    for j in 0..k {
        let Some(wj) = ws.get(order[j]) else {
            return Err(DivisibleError::NotApplicable("no such worker".to_owned()));
        };
        latency += &wj.big_g;
        let mut terms: Vec<(usize, Q)> = (0..=j).map(|m| (m, ws[order[m]].g.clone())).collect();
        terms.push((j, wj.w.clone()));
        terms.push((k, Q::from_integer((-1).into())));
        lp.constraint(terms, Cmp::Le, -(&latency + &wj.big_w));
    }
    match solve_exact(&lp, &Limits::default()) {
        Ok(Outcome::Optimal(s)) => {
            let t = s.x.get(k).cloned().unwrap_or_default();
            Ok((t, s.x[..k].to_vec()))
        }
        Ok(_) => Err(DivisibleError::Infeasible(
            "the LP of this order has no optimum".to_owned(),
        )),
        Err(e) => Err(DivisibleError::Infeasible(format!(
            "the LP of this order was not solved: {e}"
        ))),
    }
}

/// The method `affine-lp`: the LP of §4.3 for every worker in input order.
///
/// # Errors
/// As [`lp_for_order`].
pub(super) fn lp_method(
    inst: &Divisible,
    emit: &mut impl FnMut(DivStep),
) -> Result<DivSolution, DivisibleError> {
    let ws = &inst.workers;
    let order: Vec<usize> = (0..ws.len()).collect();
    let (t, loads) = lp_for_order(ws, &order, &inst.w_total)?;
    let alpha = loads;
    let schedule = one_round(ws, &order, &alpha, None);
    let used: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| alpha[i].is_positive())
        .collect();
    emit(DivStep::Drew {
        part: "schedule",
        index: 0,
        blocks: schedule.clone(),
    });
    emit(DivStep::Finished {
        makespan: t.clone(),
        alpha: alpha.clone(),
        alpha_master: None,
        order: used.clone(),
    });
    let mut notes = vec![
        "LP optimum of the input order with every worker paying its latencies (§4.3); not optimal in general".to_owned(),
    ];
    if last_end(&schedule) < t {
        notes.push(
            "workers the LP gives no load are left out of the schedule, which then ends before T_f"
                .to_owned(),
        );
    }
    Ok(DivSolution {
        method: "",
        status: Status::Heuristic,
        makespan: t,
        tight: false,
        order: used,
        participating: participating(&alpha),
        alpha,
        alpha_master: None,
        schedule,
        notes,
        details: Details::Affine(AffineDetails {
            sorted: None,
            table: Vec::new(),
            visited: 0,
            pruned: 0,
            complete: true,
            program: mip_text(inst),
        }),
    })
}

/// The mixed integer program of §4.4 (Prop. 5) for this instance, linearised, as lines of text.
#[must_use]
pub fn mip_text(inst: &Divisible) -> Vec<String> {
    let p = inst.workers.len();
    let wt = format_q(&inst.w_total);
    let mut out = vec![
        "minimise T_f".to_owned(),
        "over y_j ∈ {0,1} (P_j participates), x_ij ∈ {0,1} (P_j gets the i-th message), α_j ≥ 0, a_ij ≥ 0".to_owned(),
        format!("  Σ_i x_ij = y_j                     (j = 1..{p})"),
        format!("  Σ_j x_ij ≤ 1                      (i = 1..{p})"),
        format!("  α_j ≤ {wt}·y_j;  Σ_j α_j = {wt}"),
        format!("  a_ij ≤ {wt}·x_ij;  Σ_i a_ij = α_j     (a_ij = x_ij·α_j, linearised)"),
        format!("  for i = 1..{p}: Σ_{{k<i}} Σ_j (G_j·x_kj + g_j·a_kj) + Σ_j ((G_j + W_j)·x_ij + (g_j + w_j)·a_ij) ≤ T_f"),
        "with".to_owned(),
    ];
    for (j, w) in inst.workers.iter().enumerate() {
        out.push(format!(
            "  P{}: G = {}, g = {}, W = {}, w = {}",
            j + 1,
            format_q(&w.big_g),
            format_q(&w.g),
            format_q(&w.big_w),
            format_q(&w.w)
        ));
    }
    out
}
