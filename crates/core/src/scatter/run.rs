//! The one private `run` behind [`super::solve`] and [`super::solve_traced`]: checks, then the
//! algorithm's own path (`paths.rs`: DP, closed form, LP + rounding; `search.rs`: the order and
//! root searches), the uniform "before", the order comparison and the warnings.

use num_traits::Zero;

use super::model::{evaluate, to_q, uniform, Model};
use super::paths::{closed_path, dp_path, lp_path, lp_round};
use super::step::{OrderWhy, ScatterStep};
use super::{
    closed, search, Algorithm, OrderComparison, OrderVariant, ScatterError, ScatterSolution,
};
use crate::scatter::Scatter;

pub(super) fn run(
    inst: &Scatter,
    algorithm: Algorithm,
    emit: &mut impl FnMut(ScatterStep),
) -> Result<ScatterSolution, ScatterError> {
    let model = Model::of(inst);
    let p = model.len();
    let Some(root) = p.checked_sub(1) else {
        return Err(ScatterError::Failed(
            "at least one processor is needed".into(),
        ));
    };
    let given: Vec<usize> = (0..p).collect();
    let n = inst.n;
    let out = match algorithm {
        Algorithm::Dp => {
            let mut o = dp_path(&model, &given, n, OrderWhy::Given, emit)?;
            o.optimal = true;
            o
        }
        Algorithm::DpSorted => {
            let order = closed::policy_order(&model, root);
            dp_path(&model, &order, n, OrderWhy::Policy, emit)?
        }
        Algorithm::LpRounded => lp_path(&model, &given, n, OrderWhy::Given, emit)?,
        Algorithm::ClosedForm => closed_path(&model, &given, n, emit)?,
        Algorithm::OrderSearch => search::orders(&model, n, emit)?,
        Algorithm::RootChoice => search::roots(inst, emit)?,
    };
    let mut warnings = Vec::new();
    if let Some(last) = inst.processors.last() {
        if !(last.comm.lat.is_zero() && last.comm.per_item.is_zero()) {
            warnings.push("the root's comm is ignored: its data is local (formats.md §3.1)".into());
        }
    }
    if out.lp.as_ref().and_then(|l| l.unique) == Some(false) {
        warnings.push(
            "LP optimum not unique: another vertex may round differently (scatter.md §4.1)".into(),
        );
    }
    let uniform = evaluate(
        &out.model,
        &out.schedule.order,
        &to_q(&uniform(n, &out.schedule.order)),
    );
    Ok(ScatterSolution {
        algorithm,
        root: out.root,
        distribution: out.distribution,
        makespan: out.objective,
        optimal: out.optimal,
        uniform,
        lp: out.lp,
        // The order comparison belongs to the order-sensitive rational methods (§3.3, §4.4).
        comparison: matches!(
            algorithm,
            Algorithm::LpRounded | Algorithm::ClosedForm | Algorithm::DpSorted
        )
        .then(|| comparison(&model, n))
        .flatten(),
        orders: out.orders,
        roots: out.roots,
        root_method: out.root_method,
        warnings,
        schedule: out.schedule,
    })
}

/// Descending against ascending bandwidth with LP + rounding (§7 event 5); `None` when the LP
/// does not apply.
fn comparison(model: &Model, n: u64) -> Option<OrderComparison> {
    let root = model.len().checked_sub(1)?;
    let variant = |order: Vec<usize>| -> Option<OrderVariant> {
        let (relaxed, _, dist) = lp_round(model, &order, n).ok()?;
        Some(OrderVariant {
            t_lp: relaxed.t,
            schedule: evaluate(model, &order, &to_q(&dist)),
        })
    };
    Some(OrderComparison {
        descending_bandwidth: variant(closed::policy_order(model, root))?,
        ascending_bandwidth: variant(closed::reversed_order(model, root))?,
    })
}
