//! The asymptotically optimal periodic schedule (divisible-load.md §7, with §10.6's
//! corrections): a bandwidth-centric knapsack picks the workers, the period is
//! `T_p = √(B/ρ_opt)` (at least `2L`), and every period the master sends each selected worker
//! the chunk it computes during the next period.
//!
//! The one floating-point step is the square root: `T_p` is the double nearest to
//! `√(B/ρ_opt)`, read back exactly as a rational, and everything after it is exact (so the
//! verifier checks the schedule, and that exactly `B` is sent, without tolerance).

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

pub use super::details::PeriodicDetails;
use super::ef::by_bandwidth;
use super::rounds::nothing;
use super::schedule::{last_end, participating, Block};
use super::{Details, DivSolution, DivStep, Divisible, DivisibleError, Status, MAX_BLOCKS};
use crate::rational::{to_f64, Q};

/// The bandwidth-centric knapsack of §7 with `c = 1`: `(x, q, ρ_opt)`.
#[must_use]
pub fn knapsack(ws: &[super::Worker], sorted: &[usize]) -> (Vec<Q>, usize, Q) {
    let mut x = vec![Q::zero(); ws.len()];
    let mut used = Q::zero();
    let mut q = 0;
    for &i in sorted {
        let ratio = &ws[i].g / &ws[i].w;
        if &used + &ratio <= Q::one() {
            used += ratio;
            x[i] = ws[i].w.recip();
            q += 1;
        } else {
            x[i] = (Q::one() - &used) / &ws[i].g;
            break;
        }
    }
    let rho = x.iter().sum();
    (x, q, rho)
}

/// One sending period from time 0: chunks scaled by `f`, sent back to back in `selected`
/// order, each computed from `T_p` on; a send then its computation, per worker.
fn period_blocks(
    ws: &[super::Worker],
    selected: &[usize],
    chunk: &[Q],
    f: &Q,
    period: &Q,
) -> Vec<Block> {
    let mut s = Q::zero();
    let mut out = Vec::new();
    for &i in selected {
        let a = &chunk[i] * f;
        if !a.is_positive() {
            continue;
        }
        let send = Block::send(i, s, &ws[i], a.clone(), 0);
        s = send.end.clone();
        out.push(send);
        out.push(Block::compute(i, period.clone(), &ws[i], a, 0));
    }
    out
}

fn ceil(v: &Q) -> BigInt {
    v.numer().div_ceil(v.denom())
}

/// The periodic schedule (§7).
///
/// # Errors
/// [`DivisibleError::TooLarge`] when the schedule would exceed [`MAX_BLOCKS`] blocks.
pub(super) fn periodic(
    inst: &Divisible,
    emit: &mut impl FnMut(DivStep),
) -> Result<DivSolution, DivisibleError> {
    let ws = &inst.workers;
    let b = &inst.w_total;
    let sorted = by_bandwidth(ws);
    let (x, q, rho_opt) = knapsack(ws, &sorted);
    emit(DivStep::Selected {
        order: sorted.clone(),
        x: x.clone(),
        q,
        rho_opt: rho_opt.clone(),
    });
    let latency: Q = ws.iter().map(|w| &w.big_g + &w.big_w).sum();
    let lower_bound = b / &rho_opt;
    let root = to_f64(&lower_bound).sqrt();
    let guarantee = to_f64(&lower_bound) + 2.0 * (to_f64(&latency) + 1.0) * root;
    let mut details = PeriodicDetails {
        sorted,
        x,
        q,
        rho_opt,
        latency: latency.clone(),
        period: Q::zero(),
        small_load: false,
        chunk: vec![Q::zero(); ws.len()],
        rho: Q::zero(),
        periods: 0,
        last_finish: Q::zero(),
        lower_bound,
        guarantee,
    };
    if b.is_zero() {
        return Ok(nothing(inst, Details::Periodic(details), emit));
    }
    let exact_root = Q::from_float(root)
        .filter(Signed::is_positive)
        .ok_or_else(|| {
            DivisibleError::TooLarge(
                "B/ρ_opt is out of the range of the period's square root".to_owned(),
            )
        })?;
    let two_l = Q::from_integer(2.into()) * &latency;
    let small_load = exact_root < two_l;
    let period = if small_load { two_l } else { exact_root };
    let c = Q::one() - &latency / &period;
    let chunk: Vec<Q> = details.x.iter().map(|x| &c * x * &period).collect();
    let rho = &c * &details.rho_opt;
    let sending = ceil(&(b / (&rho * &period)));
    let selected: Vec<usize> = details
        .sorted
        .iter()
        .copied()
        .filter(|&i| chunk[i].is_positive())
        .collect();
    let blocks = &sending * BigInt::from(2 * selected.len());
    if blocks > BigInt::from(MAX_BLOCKS) {
        return Err(DivisibleError::TooLarge(format!(
            "the periodic schedule would have {sending} sending periods × {} workers; at most {MAX_BLOCKS} blocks are drawn (lower W_total)",
            selected.len()
        )));
    }
    let sending = sending.to_usize().unwrap_or(0);
    let k = sending + 1;
    emit(DivStep::Sized {
        latency,
        period: period.clone(),
        k,
        small_load,
    });
    let per_period: Q = selected.iter().map(|&i| &chunk[i]).sum();
    let mut alpha = vec![Q::zero(); ws.len()];
    let mut schedule = Vec::with_capacity(2 * sending * selected.len());
    // A full period's blocks, from time 0 (computations one period later); later periods are
    // the same blocks shifted by (t − 1)·T_p, and only the last sending period is rescaled.
    let full = period_blocks(ws, &selected, &chunk, &Q::one(), &period);
    let sent_before_last = &per_period * Q::from_integer((sending - 1).into());
    let last = period_blocks(
        ws,
        &selected,
        &chunk,
        &((b - sent_before_last) / &per_period),
        &period,
    );
    for t in 1..k {
        let shift = Q::from_integer((t - 1).into()) * &period;
        let base = if t + 1 == k { &last } else { &full };
        let blocks: Vec<Block> = base
            .iter()
            .map(|x| Block {
                start: &x.start + &shift,
                end: &x.end + &shift,
                round: t - 1,
                ..x.clone()
            })
            .collect();
        emit(DivStep::Drew {
            part: "period",
            index: t - 1,
            blocks: blocks.clone(),
        });
        schedule.extend(blocks);
    }
    for (&i, x) in selected.iter().zip(full.iter().step_by(2)) {
        alpha[i] = &x.load * Q::from_integer((sending - 1).into());
    }
    for x in last.iter().step_by(2) {
        if let Some(i) = x.node {
            alpha[i] += &x.load;
        }
    }
    let makespan = Q::from_integer(k.into()) * &period;
    details.last_finish = last_end(&schedule);
    details.period = period;
    details.small_load = small_load;
    details.chunk = chunk;
    details.rho = rho;
    details.periods = k;
    let order = selected;
    emit(DivStep::Finished {
        makespan: makespan.clone(),
        alpha: alpha.clone(),
        alpha_master: None,
        order: order.clone(),
    });
    let mut notes = vec![
        "asymptotically optimal (T/T* → 1 as the load grows), not optimal for a given load"
            .to_owned(),
    ];
    if small_load {
        notes.push("load too small: T_p raised to 2L, the guarantee does not apply".to_owned());
    }
    let unused: Vec<String> = (0..ws.len())
        .filter(|&i| details.x[i].is_zero())
        .map(|i| format!("P{}", i + 1))
        .collect();
    if !unused.is_empty() {
        notes.push(format!(
            "not selected (link saturated): {}",
            unused.join(", ")
        ));
    }
    Ok(DivSolution {
        method: "",
        status: Status::Heuristic,
        makespan,
        tight: false,
        order,
        participating: participating(&alpha),
        alpha,
        alpha_master: None,
        schedule,
        notes,
        details: Details::Periodic(details),
    })
}
