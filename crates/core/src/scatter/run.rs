//! [`solve`] and [`solve_traced`], and the one private `run` behind both: checks, then the
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
use crate::trace::{Trace, Traced};

/// Solves `inst` with `algorithm`.
///
/// Reference: S. Genaud, A. Giersch, F. Vivien, *Load-balancing scatter operations for grid
/// computing*, Parallel Computing 30(8), 2004 (Algorithm 1, the LP heuristic, Theorems 1–3).
///
/// # Complexity
/// `dp`: `O(p·n²)`; `lp-rounded`, `closed-form`: `O(p²)` plus one LP of `p + 1` variables for
/// affine costs; `order-search`: `(p−1)!` DPs; `root-choice`: `p` DPs (or LPs).
///
/// # Errors
/// [`ScatterError`]: the DP over [`MAX_DP_WORK`](super::MAX_DP_WORK), the closed form on
/// affine costs, the LP or the closed form with a free processor, the search over
/// [`MAX_SEARCH_PROCESSORS`](super::MAX_SEARCH_PROCESSORS), the root choice without
/// `root_transfer`.
///
/// ```
/// use hetlab_core::scatter::Scatter;
/// use hetlab_core::rational::{q, qi};
/// use hetlab_core::scatter::{solve, Algorithm};
/// let inst = Scatter::linear(120, &[(qi(2), q(1, 2)), (qi(3), q(1, 2)), (qi(2), qi(0))]);
/// let sol = solve(&inst, Algorithm::Dp).unwrap();
/// assert_eq!(sol.makespan, q(249, 2));
/// assert_eq!(sol.distribution, Some(vec![49, 28, 43]));
/// ```
#[cfg(feature = "solve")]
pub fn solve(inst: &Scatter, algorithm: Algorithm) -> Result<ScatterSolution, ScatterError> {
    run(inst, algorithm, &mut |_| {})
}

/// As [`solve`], with the steps the page replays (initial state:
/// [`ScatterState::new`](super::ScatterState::new)`(p, n)`).
///
/// # Errors
/// As [`solve`].
#[cfg(feature = "solve")]
pub fn solve_traced(
    inst: &Scatter,
    algorithm: Algorithm,
) -> Result<Traced<ScatterSolution, ScatterStep>, ScatterError> {
    let mut trace = Trace::default();
    let solution = run(inst, algorithm, &mut |s| trace.push(s))?;
    Ok(Traced { solution, trace })
}

fn run(
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
    if model.tables.is_some() && !Algorithm::READ_TABLES.contains(&algorithm) {
        return Err(ScatterError::NotApplicable(format!(
            "{} reads per-item costs, and this instance has a cost table, which only the exact DP reads (scatter.md §1.1): use dp or order-search",
            algorithm.name()
        )));
    }
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
        let table = last.comm_table.as_ref();
        if !(last.comm.lat.is_zero() && last.comm.per_item.is_zero())
            || table.is_some_and(|t| t.iter().any(|v| !v.is_zero()))
        {
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
