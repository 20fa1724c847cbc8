//! STARAFFINE (divisible-load.md §4): the exact search over ordered subsets of §4.2, the
//! large-load solution of Prop. 4 (`EF` of all workers by `g`) and the prefix heuristic.
//!
//! Up to [`MAX_TABLE_WORKERS`] workers the exact method is the spec's enumeration itself, every
//! row a step; beyond, the branch and bound of [`super::search`] (same answer, same tie rule).

use num_traits::Zero;

pub use super::details::AffineDetails;
use super::ef::{by_bandwidth, ef, Prefix, SortedEf};
use super::schedule::spread;
use super::star::{finish, MAX_TABLE_WORKERS};
use super::step::Tried;
use super::{Details, DivSolution, DivStep, Divisible, DivisibleError, Status, Worker};
use crate::rational::{frac, Q};

/// `exact` runs the search up to this many workers (spec §4.2), the prefix heuristic beyond.
pub const MAX_EXACT_SPEC: usize = 9;
/// `affine-exact` refuses more workers than this.
pub const MAX_EXACT: usize = 10;
/// Most prefixes the exact search examines; beyond, it reports its best as a heuristic.
pub const NODE_BUDGET: u64 = 60_000;

/// `EF` of all workers by `g`, emitted as §9.3's first step.
fn sorted_ef(inst: &Divisible, emit: &mut impl FnMut(DivStep)) -> Option<SortedEf> {
    let order = by_bandwidth(&inst.workers);
    emit(DivStep::Sorted {
        order: order.clone(),
    });
    let e = ef(&inst.workers, &order, &inst.w_total, &Q::zero())?;
    let s = SortedEf {
        order,
        makespan: e.makespan,
        alpha: e.alpha,
        valid: e.valid,
    };
    emit(DivStep::SortedEf(s.clone()));
    Some(s)
}

/// Schedules `order` with its `EF` loads.
fn conclude(
    inst: &Divisible,
    order: Vec<usize>,
    makespan: Q,
    details: AffineDetails,
    emit: &mut impl FnMut(DivStep),
) -> DivSolution {
    let before = order.len();
    let (order, makespan, loads) = drop_idle(&inst.workers, order, makespan, &inst.w_total);
    let dropped = before - order.len();
    let idle_left = loads.iter().any(Zero::is_zero);
    let alpha = spread(inst.workers.len(), &order, &loads);
    let mut sol = finish(
        inst,
        order,
        alpha,
        None,
        makespan,
        Details::Affine(details),
        true,
        emit,
    );
    if dropped > 0 {
        sol.notes.push(format!(
            "{dropped} worker(s) of the chosen order got no load: left out, which saves their latency"
        ));
    }
    if idle_left {
        // The schedule skips the zero message, so it ends before the makespan reported.
        sol.tight = false;
    }
    sol
}

/// The equal-finish loads of `order`, without the workers they give nothing: such a worker's
/// latency `G_i` would delay every worker after it for no work, so `EF` is solved again
/// without it while that stays valid and no slower. A zero load can remain only where dropping
/// it would make another load negative.
fn drop_idle(
    ws: &[Worker],
    order: Vec<usize>,
    makespan: Q,
    w_total: &Q,
) -> (Vec<usize>, Q, Vec<Q>) {
    let loads = ef(ws, &order, w_total, &Q::zero())
        .map(|e| e.alpha)
        .unwrap_or_default();
    let (mut order, mut makespan, mut loads) = (order, makespan, loads);
    while loads.iter().any(Zero::is_zero) {
        let kept: Vec<usize> = order
            .iter()
            .zip(&loads)
            .filter(|(_, a)| !a.is_zero())
            .map(|(&i, _)| i)
            .collect();
        match ef(ws, &kept, w_total, &Q::zero()) {
            Some(e) if !kept.is_empty() && e.valid && e.makespan <= makespan => {
                (order, makespan, loads) = (kept, e.makespan, e.alpha);
            }
            _ => break,
        }
    }
    (order, makespan, loads)
}

/// The large-load solution (Prop. 4): `EF` of all workers by `g`. When `EF` gives some worker
/// a negative load (latencies too large, DL-9), the result is [`invalid`].
///
/// # Errors
/// [`DivisibleError::NotApplicable`] without a worker.
pub(super) fn sorted(
    inst: &Divisible,
    emit: &mut impl FnMut(DivStep),
) -> Result<DivSolution, DivisibleError> {
    let s = sorted_ef(inst, emit).ok_or_else(no_worker)?;
    if !s.valid {
        return Ok(invalid(inst, s, emit));
    }
    let details = AffineDetails::new(Some(s.clone()), Vec::new(), Vec::new());
    let mut sol = conclude(inst, s.order, s.makespan, details, emit);
    sol.status = Status::Heuristic;
    sol.notes
        .push("all workers by g: optimal for large loads (Prop. 4), not in general".to_owned());
    Ok(sol)
}

/// The result marked invalid of divisible-load.md DL-9 ("`EF` gives `T_f = 135/7` with
/// `α_3 = −5/7` (invalid)"): status `infeasible`, `EF`'s makespan, no load and no schedule
/// (negative loads are never displayed, §12), a note naming the negative load, and the sorted
/// `EF` itself in the details.
fn invalid(inst: &Divisible, s: SortedEf, emit: &mut impl FnMut(DivStep)) -> DivSolution {
    let (k, a) = s
        .alpha
        .iter()
        .enumerate()
        .find(|(_, a)| **a < Q::zero())
        .map_or((0, Q::zero()), |(k, a)| (k, a.clone()));
    let note = format!(
        "invalid: latencies too large for this load (P{} would get {}): no schedule; \
         affine-exact selects the workers",
        s.order.get(k).map_or(0, |i| i + 1),
        frac(&a)
    );
    let alpha = vec![Q::zero(); inst.workers.len()];
    emit(DivStep::Finished {
        makespan: s.makespan.clone(),
        alpha: alpha.clone(),
        alpha_master: None,
        order: Vec::new(),
    });
    DivSolution {
        method: "",
        status: Status::Infeasible,
        makespan: s.makespan.clone(),
        tight: false,
        order: Vec::new(),
        participating: Vec::new(),
        alpha,
        alpha_master: None,
        schedule: Vec::new(),
        notes: vec![note],
        details: Details::Affine(AffineDetails::new(Some(s), Vec::new(), Vec::new())),
    }
}

fn no_worker() -> DivisibleError {
    DivisibleError::NotApplicable("no worker to serve".to_owned())
}

/// The prefix heuristic, labelled as such.
///
/// # Errors
/// None for a validated instance.
pub(super) fn prefix(
    inst: &Divisible,
    emit: &mut impl FnMut(DivStep),
) -> Result<DivSolution, DivisibleError> {
    let sorted = sorted_ef(inst, emit);
    let (rows, best) = super::search::best_prefix(&inst.workers, &inst.w_total);
    for r in &rows {
        emit(DivStep::Tried(r.clone()));
    }
    let (order, t) = best.ok_or_else(no_worker)?;
    let details = AffineDetails::new(sorted, rows, super::program::mip_text(inst));
    let mut sol = conclude(inst, order, t, details, emit);
    sol.status = Status::Heuristic;
    sol.notes
        .push("heuristic (not proven optimal): best prefix of the g order".to_owned());
    Ok(sol)
}

/// The spec's enumeration, literally (§4.2): by size, then lexicographic; every row. Used for
/// the table when `p ≤ 4` and as the brute force of the tests.
#[must_use]
pub fn enumerate(ws: &[Worker], w_total: &Q) -> (Vec<Tried>, Option<(Vec<usize>, Q)>) {
    struct Walk<'a> {
        ws: &'a [Worker],
        w_total: &'a Q,
        rows: Vec<Tried>,
        best: Option<(Vec<usize>, Q)>,
    }
    impl Walk<'_> {
        fn rec(&mut self, k: usize, seq: &mut Vec<usize>, pre: &Prefix) {
            if seq.len() == k {
                let Some(t) = pre.makespan(self.w_total, &Q::zero()) else {
                    return;
                };
                let valid = pre.valid_at(&t);
                let better = valid && self.best.as_ref().is_none_or(|(_, b)| t < *b);
                if better {
                    self.best = Some((seq.clone(), t.clone()));
                }
                self.rows.push(Tried {
                    order: seq.clone(),
                    makespan: valid.then_some(t),
                    best: better,
                });
                return;
            }
            for i in 0..self.ws.len() {
                if !seq.contains(&i) {
                    let next = pre.push(&self.ws[i]).0;
                    seq.push(i);
                    self.rec(k, seq, &next);
                    seq.pop();
                }
            }
        }
    }
    let mut walk = Walk {
        ws,
        w_total,
        rows: Vec::new(),
        best: None,
    };
    for k in 1..=ws.len() {
        walk.rec(k, &mut Vec::new(), &Prefix::default());
    }
    (walk.rows, walk.best)
}

/// The exact method of §4.2.
///
/// # Errors
/// [`DivisibleError::TooLarge`] above [`MAX_EXACT`] workers.
pub(super) fn exact(
    inst: &Divisible,
    emit: &mut impl FnMut(DivStep),
) -> Result<DivSolution, DivisibleError> {
    let ws = &inst.workers;
    if ws.len() > MAX_EXACT {
        return Err(DivisibleError::TooLarge(format!(
            "the exact search over ordered subsets handles at most {MAX_EXACT} workers, got {}; use affine-prefix",
            ws.len()
        )));
    }
    let sorted = sorted_ef(inst, emit);
    let program = super::program::mip_text(inst);
    if ws.len() <= MAX_TABLE_WORKERS {
        let (rows, best) = enumerate(ws, &inst.w_total);
        for r in &rows {
            emit(DivStep::Tried(r.clone()));
        }
        let n = rows.len() as u64;
        emit(DivStep::Searched {
            visited: n,
            pruned: 0,
            complete: true,
        });
        let (order, t) = best.ok_or_else(no_worker)?;
        let mut details = AffineDetails::new(sorted, rows, program);
        details.visited = n;
        return Ok(conclude(inst, order, t, details, emit));
    }
    let out = super::search::search(ws, &inst.w_total, NODE_BUDGET, emit);
    emit(DivStep::Searched {
        visited: out.visited,
        pruned: out.pruned,
        complete: out.complete,
    });
    let (order, t) = out.best.ok_or_else(no_worker)?;
    let mut details = AffineDetails::new(sorted, Vec::new(), program);
    details.visited = out.visited;
    details.pruned = out.pruned;
    details.complete = out.complete;
    let mut sol = conclude(inst, order, t, details, emit);
    if !out.complete {
        sol.status = Status::Heuristic;
        sol.notes.push(format!(
            "the search stopped at its budget of {NODE_BUDGET} prefixes: best found, not proven optimal"
        ));
    }
    Ok(sol)
}
