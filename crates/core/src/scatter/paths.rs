//! The paths of the single-order algorithms of scatter.md (the exact DP of §3, the closed form,
//! LP + rounding of §4) and what each returns: `run.rs` calls them for one order, `search.rs`
//! for every order or root it tries.

use super::dp::{self, Scaled};
use super::model::{evaluate, makespan_all_contacted, to_q, uniform, Model, Schedule};
use super::step::{OrderWhy, ScatterStep};
use super::{closed, lp, LpPart, ScatterError, DP_CELL_LIMIT, MAX_DP_WORK};
use crate::rational::Q;

/// What one algorithm's path returns.
pub(super) struct Outcome {
    pub schedule: Schedule,
    pub distribution: Option<Vec<u64>>,
    pub optimal: bool,
    pub lp: Option<LpPart>,
    pub orders: Option<Vec<(Vec<usize>, Q)>>,
    pub roots: Option<Vec<super::RootOption>>,
    pub root_method: Option<&'static str>,
    pub root: usize,
    pub objective: Q,
    pub model: Model,
}

impl Outcome {
    pub(super) fn plain(model: &Model, schedule: Schedule, distribution: Option<Vec<u64>>) -> Self {
        Outcome {
            objective: schedule.makespan.clone(),
            root: schedule.order.last().copied().unwrap_or(0),
            schedule,
            distribution,
            optimal: false,
            lp: None,
            orders: None,
            roots: None,
            root_method: None,
            model: model.clone(),
        }
    }
}

/// Refuses a DP over the work limit, counting `runs` DPs.
pub(super) fn check_dp(p: usize, n: u64, runs: u128) -> Result<usize, ScatterError> {
    let work = dp::work(p, n).saturating_mul(runs);
    if work > MAX_DP_WORK {
        return Err(ScatterError::TooLarge(format!(
            "the exact DP needs p·n² = {work} operations here, over the limit of {MAX_DP_WORK}: use lp-rounded"
        )));
    }
    usize::try_from(n).map_err(|_| ScatterError::TooLarge("too many items for the DP".into()))
}

/// Emits the order and the uniform "before".
pub(super) fn open(
    model: &Model,
    order: &[usize],
    n: u64,
    why: OrderWhy,
    emit: &mut impl FnMut(ScatterStep),
) {
    emit(ScatterStep::Ordered {
        order: order.to_vec(),
        why,
    });
    emit(ScatterStep::Uniform {
        schedule: evaluate(model, order, &to_q(&uniform(n, order))),
    });
}

/// The exact DP in `order` (scatter.md §2), with its table in the trace.
pub(super) fn dp_path(
    model: &Model,
    order: &[usize],
    n: u64,
    why: OrderWhy,
    emit: &mut impl FnMut(ScatterStep),
) -> Result<Outcome, ScatterError> {
    let nu = check_dp(order.len(), n, 1)?;
    open(model, order, n, why, emit);
    let scaled = Scaled::new(model, order, n).map_err(|e| ScatterError::TooLarge(e.to_string()))?;
    let table = dp::solve(&scaled, nu);
    emit_table(&scaled, &table, order, n, emit);
    let mut dist = vec![0u64; model.len()];
    for (pos, (d, e)) in table.reconstruct().into_iter().enumerate() {
        dist[order[pos]] = e as u64;
        emit(ScatterStep::DpTraced {
            position: pos,
            processor: order[pos],
            d: d as u64,
            items: e as u64,
        });
    }
    let schedule = evaluate(model, order, &to_q(&dist));
    if schedule.makespan != scaled.unscale(table.optimum()) {
        return Err(ScatterError::Failed(
            "internal error: the DP's optimum differs from its distribution's makespan".into(),
        ));
    }
    emit(ScatterStep::Finished {
        schedule: schedule.clone(),
    });
    Ok(Outcome::plain(model, schedule, Some(dist)))
}

fn emit_table(
    scaled: &Scaled,
    table: &dp::Table,
    order: &[usize],
    n: u64,
    emit: &mut impl FnMut(ScatterStep),
) {
    let p = order.len();
    for pos in (0..p).rev() {
        if n <= DP_CELL_LIMIT && pos + 1 < p {
            for d in 1..table.cost[pos].len() {
                emit(ScatterStep::DpCell {
                    position: pos,
                    processor: order[pos],
                    d: d as u64,
                    choice: u64::from(table.choice[pos][d]),
                    value: scaled.unscale(table.cost[pos][d]),
                    candidates: dp::candidates(scaled, table, pos, d)
                        .into_iter()
                        .map(|v| scaled.unscale(v))
                        .collect(),
                });
            }
        }
        emit(ScatterStep::DpColumn {
            position: pos,
            processor: order[pos],
            cost: table.cost[pos].iter().map(|&v| scaled.unscale(v)).collect(),
            choice: table.choice[pos].iter().map(|&c| u64::from(c)).collect(),
        });
    }
}

/// The linear closed form (§3.1–3.2) in `order`: rational shares, all participants ending
/// together.
pub(super) fn closed_path(
    model: &Model,
    order: &[usize],
    n: u64,
    emit: &mut impl FnMut(ScatterStep),
) -> Result<Outcome, ScatterError> {
    let c =
        closed::solve(model, order, n).map_err(|e| ScatterError::NotApplicable(e.to_string()))?;
    open(model, order, n, OrderWhy::Given, emit);
    for test in &c.scan {
        emit(ScatterStep::Participation { test: test.clone() });
    }
    emit(ScatterStep::Shares {
        shares: c.shares.clone(),
        t: c.t.clone(),
    });
    let schedule = evaluate(model, order, &c.shares);
    emit(ScatterStep::Finished {
        schedule: schedule.clone(),
    });
    let mut o = Outcome::plain(model, schedule, None);
    o.optimal = true;
    Ok(o)
}

/// The LP and its rounding in `order` (§4.4), without the trace.
pub(super) fn lp_round(
    model: &Model,
    order: &[usize],
    n: u64,
) -> Result<(lp::Relaxed, Vec<lp::RoundStep>, Vec<u64>), ScatterError> {
    let relaxed =
        lp::relax(model, order, n).map_err(|e| ScatterError::NotApplicable(e.to_string()))?;
    let steps = lp::round(&relaxed.x, order).map_err(|e| ScatterError::Failed(e.to_string()))?;
    let mut dist = vec![0u64; model.len()];
    for s in &steps {
        dist[s.processor] = s.value;
    }
    if dist.iter().sum::<u64>() != n {
        return Err(ScatterError::Failed(
            "internal error: the rounded shares do not sum to n".into(),
        ));
    }
    Ok((relaxed, steps, dist))
}

/// LP + rounding in `order` (§4), with the bound and the DP's value when cheap.
pub(super) fn lp_path(
    model: &Model,
    order: &[usize],
    n: u64,
    why: OrderWhy,
    emit: &mut impl FnMut(ScatterStep),
) -> Result<Outcome, ScatterError> {
    let (relaxed, steps, dist) = lp_round(model, order, n)?;
    open(model, order, n, why, emit);
    for test in relaxed.scan.iter().flatten() {
        emit(ScatterStep::Participation { test: test.clone() });
    }
    let bound = lp::bound(model, &relaxed.t);
    emit(ScatterStep::LpSolved {
        x: relaxed.x.clone(),
        t_lp: relaxed.t.clone(),
        bound: bound.clone(),
    });
    for s in &steps {
        emit(ScatterStep::Rounded { step: s.clone() });
    }
    let shares = to_q(&dist);
    let schedule = evaluate(model, order, &shares);
    emit(ScatterStep::Finished {
        schedule: schedule.clone(),
    });
    let dp_makespan = (dp::work(order.len(), n) <= 10_000_000)
        .then(|| Scaled::new(model, order, n).ok())
        .flatten()
        .map(|s| {
            let t = dp::solve(&s, usize::try_from(n).unwrap_or(0));
            s.unscale(t.optimum())
        });
    let mut o = Outcome::plain(model, schedule, Some(dist));
    o.lp = Some(LpPart {
        makespan_all_contacted: makespan_all_contacted(model, order, &shares),
        x: relaxed.x,
        t_lp: relaxed.t,
        bound,
        unique: relaxed.unique,
        rounding: steps,
        dp_makespan,
    });
    Ok(o)
}
