//! UMR, uniform multi-round (divisible-load.md §6): one chunk size per round, the number of
//! rounds `M*` minimising the source's objective `Obj(M)` (scanned over integers), rounds
//! `0..M−2` uniform and the last one redistributed so that every worker finishes together.
//! Chunk sizes and `Obj` are exact; the common finish `F` is bisected in rationals
//! ([`super::UMR_BISECTION_STEPS`] halvings), then the loads are made to sum exactly.

use num_traits::{One, Signed, Zero};
use serde::Serialize;

use super::multi::nothing;
use super::schedule::{last_end, participating, Block};
use super::{Details, DivSolution, DivStep, Divisible, DivisibleError, Status, Worker, UMR_BISECTION_STEPS};
use crate::rational::Q;

/// Largest number of rounds scanned.
pub const M_MAX: usize = 100;
/// The scan stops after this many consecutive infeasible `M`.
pub const INFEASIBLE_RUN: usize = 10;

/// `Obj(M)` of one number of rounds (`None`: some chunk is not positive).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Objective {
    /// Number of rounds.
    pub m: usize,
    /// `Obj(M)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub obj: Option<Q>,
}

/// What UMR reports besides the common fields.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UmrDetails {
    /// `θ = w/(P·g)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub theta: Q,
    /// `Obj(M)` for every `M` scanned (the plot of §9.5).
    pub objectives: Vec<Objective>,
    /// `M*`.
    pub rounds: usize,
    /// `Obj(M*)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub obj: Q,
    /// `α_j` per round.
    #[serde(serialize_with = "crate::rational::exact")]
    pub round_chunks: Vec<Q>,
    /// The makespan with every round uniform (`W_total·w/P + M·W + P·(G + g·α_0)`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub uniform_makespan: Q,
    /// `F` of the equalised last round.
    #[serde(serialize_with = "crate::rational::exact")]
    pub finish: Q,
    /// `β_i` of the last round.
    #[serde(serialize_with = "crate::rational::exact")]
    pub beta: Vec<Q>,
}

/// The common worker of a homogeneous star.
///
/// # Errors
/// [`DivisibleError::NotApplicable`] when the workers differ or there is none.
pub(super) fn homogeneous(ws: &[Worker]) -> Result<&Worker, DivisibleError> {
    match ws.first() {
        Some(w) if ws.iter().all(|x| x == w) => Ok(w),
        _ => Err(DivisibleError::NotApplicable(
            "this multi-round scheme needs identical workers (a homogeneous star)".to_owned(),
        )),
    }
}

/// The chunk per round for `m` rounds (§6 closed forms), if all are positive.
#[must_use]
pub fn round_chunks(p: usize, wk: &Worker, w_total: &Q, m: usize) -> Option<Vec<Q>> {
    let pq = Q::from_integer(p.into());
    let mq = Q::from_integer(m.into());
    let theta = &wk.w / (&pq * &wk.g);
    let per = w_total / &pq;
    let out: Vec<Q> = if theta.is_one() {
        let delta = (&wk.big_w - &pq * &wk.big_g) / (&pq * &wk.g);
        let a0 = (&per - &delta * &mq * (&mq - Q::one()) / Q::from_integer(2.into())) / &mq;
        (0..m).map(|j| &a0 + &delta * Q::from_integer(j.into())).collect()
    } else {
        let gamma = (&pq * &wk.big_g - &wk.big_w) / (&wk.w - &pq * &wk.g);
        let theta_m = pow(&theta, m);
        let a0 = &gamma + (&per - &mq * &gamma) * (Q::one() - &theta) / (Q::one() - theta_m);
        let mut th = Q::one();
        let mut v = Vec::with_capacity(m);
        for _ in 0..m {
            v.push(&th * (&a0 - &gamma) + &gamma);
            th *= &theta;
        }
        v
    };
    out.iter().all(Signed::is_positive).then_some(out)
}

fn pow(x: &Q, k: usize) -> Q {
    (0..k).fold(Q::one(), |acc, _| acc * x)
}

/// `Obj(M) = W_total·w/P + M·W + ½·P·(G + g·α_0)`.
fn objective(p: usize, wk: &Worker, w_total: &Q, m: usize, a0: &Q) -> Q {
    let pq = Q::from_integer(p.into());
    w_total * &wk.w / &pq + Q::from_integer(m.into()) * &wk.big_w + &pq * (&wk.big_g + &wk.g * a0) / Q::from_integer(2.into())
}

/// UMR (§6).
///
/// # Errors
/// [`DivisibleError::Infeasible`] "UMR infeasible for these parameters" when no `M` has
/// positive chunks; [`DivisibleError::NotApplicable`] for non-identical workers or `g = 0`.
pub(super) fn umr(inst: &Divisible, emit: &mut impl FnMut(DivStep)) -> Result<DivSolution, DivisibleError> {
    let ws = &inst.workers;
    let p = ws.len();
    let wk = homogeneous(ws)?;
    if !wk.g.is_positive() {
        return Err(DivisibleError::NotApplicable("UMR needs g > 0".to_owned()));
    }
    let theta = &wk.w / (Q::from_integer(p.into()) * &wk.g);
    if inst.w_total.is_zero() {
        let d = UmrDetails { theta, objectives: Vec::new(), rounds: 0, obj: Q::zero(), round_chunks: Vec::new(), uniform_makespan: Q::zero(), finish: Q::zero(), beta: Vec::new() };
        return Ok(nothing(inst, Details::Umr(d), emit));
    }
    let mut objectives = Vec::new();
    let mut best: Option<(usize, Q, Vec<Q>)> = None;
    let mut run = 0;
    for m in 1..=M_MAX {
        let chunks = round_chunks(p, wk, &inst.w_total, m);
        let obj = chunks.as_ref().map(|c| objective(p, wk, &inst.w_total, m, &c[0]));
        emit(DivStep::Evaluated { m, obj: obj.clone() });
        objectives.push(Objective { m, obj: obj.clone() });
        match (obj, chunks) {
            (Some(o), Some(c)) => {
                run = 0;
                if best.as_ref().is_none_or(|(_, b, _)| o < *b) {
                    best = Some((m, o, c));
                }
            }
            _ => {
                run += 1;
                if run >= INFEASIBLE_RUN {
                    break;
                }
            }
        }
    }
    let (m, obj, chunks) = best.ok_or_else(|| DivisibleError::Infeasible("UMR infeasible for these parameters".to_owned()))?;
    emit(DivStep::Chose { m, alpha: chunks.clone() });
    let mut sim = Sim { wk, bus: Q::zero(), free: vec![Q::zero(); p], alpha: vec![Q::zero(); p], schedule: Vec::new() };
    for (round, a) in chunks.iter().enumerate().take(m - 1) {
        let blocks = sim.round(round, &vec![a.clone(); p]);
        emit(DivStep::Drew { part: "round", index: round, blocks });
    }
    let last = &chunks[m - 1];
    let uniform_makespan = {
        let mut copy = Sim { wk, bus: sim.bus.clone(), free: sim.free.clone(), alpha: sim.alpha.clone(), schedule: Vec::new() };
        copy.round(m - 1, &vec![last.clone(); p]);
        last_end(&copy.schedule)
    };
    let lambda = Q::from_integer(p.into()) * last;
    let (finish, beta) = equalise(wk, &sim.bus, &sim.free, &lambda);
    emit(DivStep::Equalised { finish: finish.clone(), beta: beta.clone() });
    let blocks = sim.round(m - 1, &beta);
    emit(DivStep::Drew { part: "round", index: m - 1, blocks });
    let makespan = last_end(&sim.schedule);
    let order: Vec<usize> = (0..p).collect();
    emit(DivStep::Finished { makespan: makespan.clone(), alpha: sim.alpha.clone(), alpha_master: None, order: order.clone() });
    Ok(DivSolution {
        method: "",
        status: Status::Heuristic,
        makespan,
        tight: true,
        order,
        participating: participating(&sim.alpha),
        alpha: sim.alpha,
        alpha_master: None,
        schedule: sim.schedule,
        notes: vec!["UMR is a heuristic; Obj(M) only selects M (§6)".to_owned()],
        details: Details::Umr(UmrDetails { theta, objectives, rounds: m, obj, round_chunks: chunks, uniform_makespan, finish, beta }),
    })
}

/// The bus and the workers while rounds are sent back to back.
struct Sim<'a> {
    wk: &'a Worker,
    bus: Q,
    free: Vec<Q>,
    alpha: Vec<Q>,
    schedule: Vec<Block>,
}

impl Sim<'_> {
    /// Sends `sizes[i]` to worker `i` in order (zero sizes skipped); each computes when free.
    fn round(&mut self, round: usize, sizes: &[Q]) -> Vec<Block> {
        let mut blocks = Vec::new();
        for (i, a) in sizes.iter().enumerate() {
            if !a.is_positive() {
                continue;
            }
            let send = Block::send(i, self.bus.clone(), self.wk, a.clone(), round);
            self.bus = send.end.clone();
            let start = (&send.end).max(&self.free[i]).clone();
            let comp = Block::compute(i, start, self.wk, a.clone(), round);
            self.free[i] = comp.end.clone();
            self.alpha[i] += a;
            blocks.push(send);
            blocks.push(comp);
        }
        self.schedule.extend(blocks.iter().cloned());
        blocks
    }
}

/// `β_i(F)` of §6 for every worker.
fn betas(wk: &Worker, t_s: &Q, free: &[Q], f: &Q) -> Vec<Q> {
    let mut r = t_s.clone();
    let gw = &wk.g + &wk.w;
    free.iter()
        .map(|fi| {
            let by_cpu = (f - fi - &wk.big_w) / &wk.w;
            let by_link = (f - &r - &wk.big_g - &wk.big_w) / &gw;
            let b = by_cpu.min(by_link).max(Q::zero());
            if b.is_positive() {
                r += &wk.big_g + &wk.g * &b;
            }
            b
        })
        .collect()
}

/// The smallest `F` (to within the bisection) with `Σ β_i(F) ≥ Λ`, and loads summing to `Λ`
/// exactly (the overshoot taken back from the last workers, §6).
fn equalise(wk: &Worker, t_s: &Q, free: &[Q], lambda: &Q) -> (Q, Vec<Q>) {
    let mut lo = t_s.clone();
    let top = free.iter().fold(t_s.clone(), |m, f| if *f > m { f.clone() } else { m });
    let mut hi = top + &wk.big_g + &wk.big_w + (&wk.g + &wk.w) * lambda;
    let half = Q::new(1.into(), 2.into());
    for _ in 0..UMR_BISECTION_STEPS {
        let mid = (&lo + &hi) * &half;
        if betas(wk, t_s, free, &mid).iter().sum::<Q>() >= *lambda {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let mut beta = betas(wk, t_s, free, &hi);
    let mut excess = beta.iter().sum::<Q>() - lambda;
    for b in beta.iter_mut().rev() {
        if !excess.is_positive() {
            break;
        }
        let d = (&excess).min(&*b).clone();
        *b -= &d;
        excess -= d;
    }
    (hi, beta)
}
