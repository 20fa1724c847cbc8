//! UMR, uniform multi-round (divisible-load.md §6): one chunk size per round, the number of
//! rounds `M*` minimising the source's objective `Obj(M)` (scanned over integers), rounds
//! `0..M−2` uniform and the last one redistributed so that every worker finishes together.
//! Chunk sizes and `Obj` are exact; the common finish `F` is bisected in `f64` (the spec's
//! numeric step), then read exactly, and the last round's loads are made to sum exactly.

use num_traits::{One, Signed, Zero};

pub use super::details::{Objective, UmrDetails};
use super::rounds::{homogeneous, nothing};
use super::schedule::{last_end, participating, Block};
use super::{Details, DivSolution, DivStep, Divisible, DivisibleError, Status, Worker};
use crate::rational::{to_f64, Q};

/// Most bisection steps of UMR's last-round equalisation (§6); it stops earlier at a relative
/// width of `1e-15`, far below the spec's `1e-6`.
pub const UMR_BISECTION_STEPS: usize = 80;

/// Largest number of rounds scanned.
pub const M_MAX: usize = 100;
/// The scan stops after this many consecutive infeasible `M`.
pub const INFEASIBLE_RUN: usize = 10;

/// The chunk per round for `m` rounds (§6 closed forms), if all are positive.
#[must_use]
pub fn round_chunks(p: usize, wk: &Worker, w_total: &Q, m: usize) -> Option<Vec<Q>> {
    let f = Formula::new(p, wk, w_total);
    f.first(m, &pow(&f.theta, m))?;
    Some(f.all(m))
}

/// The closed forms of §6 for one instance.
struct Formula {
    theta: Q,
    /// `γ` (θ ≠ 1) or `δ` (θ = 1).
    c: Q,
    per: Q,
}

impl Formula {
    fn new(p: usize, wk: &Worker, w_total: &Q) -> Formula {
        let pq = Q::from_integer(p.into());
        let theta = &wk.w / (&pq * &wk.g);
        let c = if theta.is_one() {
            (&wk.big_w - &pq * &wk.big_g) / (&pq * &wk.g)
        } else {
            (&pq * &wk.big_g - &wk.big_w) / (&wk.w - &pq * &wk.g)
        };
        Formula {
            theta,
            c,
            per: w_total / pq,
        }
    }

    /// `α_0(M)` given `θ^M`, when every `α_j` is positive: they are monotone in `j`
    /// (geometric or arithmetic), so `α_0` and `α_{M−1}` decide.
    fn first(&self, m: usize, theta_m: &Q) -> Option<Q> {
        let mq = Q::from_integer(m.into());
        let (a0, last) = if self.theta.is_one() {
            let a0 =
                (&self.per - &self.c * &mq * (&mq - Q::one()) / Q::from_integer(2.into())) / &mq;
            let last = &a0 + &self.c * (&mq - Q::one());
            (a0, last)
        } else {
            let a0 = &self.c
                + (&self.per - &mq * &self.c) * (Q::one() - &self.theta) / (Q::one() - theta_m);
            let last = theta_m / &self.theta * (&a0 - &self.c) + &self.c;
            (a0, last)
        };
        (a0.is_positive() && last.is_positive()).then_some(a0)
    }

    fn all(&self, m: usize) -> Vec<Q> {
        let Some(a0) = self.first(m, &pow(&self.theta, m)) else {
            return Vec::new();
        };
        let mut th = Q::one();
        (0..m)
            .map(|j| {
                let v = if self.theta.is_one() {
                    &a0 + &self.c * Q::from_integer(j.into())
                } else {
                    &th * (&a0 - &self.c) + &self.c
                };
                th *= &self.theta;
                v
            })
            .collect()
    }
}

fn pow(x: &Q, k: usize) -> Q {
    (0..k).fold(Q::one(), |acc, _| acc * x)
}

/// `Obj(M) = W_total·w/P + M·W + ½·P·(G + g·α_0)`.
fn objective(p: usize, wk: &Worker, w_total: &Q, m: usize, a0: &Q) -> Q {
    let pq = Q::from_integer(p.into());
    w_total * &wk.w / &pq
        + Q::from_integer(m.into()) * &wk.big_w
        + &pq * (&wk.big_g + &wk.g * a0) / Q::from_integer(2.into())
}

/// UMR (§6).
///
/// # Errors
/// [`DivisibleError::Infeasible`] "UMR infeasible for these parameters" when no `M` has
/// positive chunks; [`DivisibleError::NotApplicable`] for non-identical workers or `g = 0`.
pub(super) fn umr(
    inst: &Divisible,
    emit: &mut impl FnMut(DivStep),
) -> Result<DivSolution, DivisibleError> {
    let ws = &inst.workers;
    let p = ws.len();
    let wk = homogeneous(ws)?;
    if !wk.g.is_positive() {
        return Err(DivisibleError::NotApplicable("UMR needs g > 0".to_owned()));
    }
    let theta = &wk.w / (Q::from_integer(p.into()) * &wk.g);
    if inst.w_total.is_zero() {
        let d = UmrDetails {
            theta,
            objectives: Vec::new(),
            rounds: 0,
            obj: Q::zero(),
            round_chunks: Vec::new(),
            uniform_makespan: Q::zero(),
            finish: Q::zero(),
            beta: Vec::new(),
        };
        return Ok(nothing(inst, Details::Umr(d), emit));
    }
    let (objectives, best) = scan(p, wk, &inst.w_total, emit);
    let (m, obj) = best.ok_or_else(|| {
        DivisibleError::Infeasible("UMR infeasible for these parameters".to_owned())
    })?;
    let chunks = Formula::new(p, wk, &inst.w_total).all(m);
    emit(DivStep::Chose {
        m,
        alpha: chunks.clone(),
    });
    let mut sim = Sim {
        wk,
        bus: Q::zero(),
        free: vec![Q::zero(); p],
        alpha: vec![Q::zero(); p],
        schedule: Vec::new(),
    };
    for (round, a) in chunks.iter().enumerate().take(m - 1) {
        let blocks = sim.round(round, &vec![a.clone(); p]);
        emit(DivStep::Drew {
            part: "round",
            index: round,
            blocks,
        });
    }
    let last = &chunks[m - 1];
    let uniform_makespan = {
        let mut copy = Sim {
            wk,
            bus: sim.bus.clone(),
            free: sim.free.clone(),
            alpha: sim.alpha.clone(),
            schedule: Vec::new(),
        };
        copy.round(m - 1, &vec![last.clone(); p]);
        last_end(&copy.schedule)
    };
    let lambda = Q::from_integer(p.into()) * last;
    let (finish, beta) = equalise(wk, &sim.bus, &sim.free, &lambda);
    emit(DivStep::Equalised {
        finish: finish.clone(),
        beta: beta.clone(),
    });
    let blocks = sim.round(m - 1, &beta);
    emit(DivStep::Drew {
        part: "round",
        index: m - 1,
        blocks,
    });
    let makespan = last_end(&sim.schedule);
    let order: Vec<usize> = (0..p).collect();
    emit(DivStep::Finished {
        makespan: makespan.clone(),
        alpha: sim.alpha.clone(),
        alpha_master: None,
        order: order.clone(),
    });
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
        details: Details::Umr(UmrDetails {
            theta,
            objectives,
            rounds: m,
            obj,
            round_chunks: chunks,
            uniform_makespan,
            finish,
            beta,
        }),
    })
}

/// `Obj(M)` for `M = 1..`[`M_MAX`] (stopping after [`INFEASIBLE_RUN`] infeasible in a row) and
/// the best `(M*, Obj(M*))`, ties to the smaller `M`.
fn scan(
    p: usize,
    wk: &Worker,
    w_total: &Q,
    emit: &mut impl FnMut(DivStep),
) -> (Vec<Objective>, Option<(usize, Q)>) {
    let mut objectives = Vec::new();
    let mut best: Option<(usize, Q)> = None;
    let mut run = 0;
    let formula = Formula::new(p, wk, w_total);
    let mut theta_m = Q::one();
    for m in 1..=M_MAX {
        theta_m *= &formula.theta;
        let obj = formula
            .first(m, &theta_m)
            .map(|a0| objective(p, wk, w_total, m, &a0));
        emit(DivStep::Evaluated {
            m,
            obj: obj.clone(),
        });
        objectives.push(Objective {
            m,
            obj: obj.clone(),
        });
        if let Some(o) = obj {
            run = 0;
            if best.as_ref().is_none_or(|(_, b)| o < *b) {
                best = Some((m, o));
            }
        } else {
            run += 1;
            if run >= INFEASIBLE_RUN {
                break;
            }
        }
    }
    (objectives, best)
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
/// exactly (the overshoot taken back from the last workers, §6). The bisection runs in `f64`
/// ([`UMR_BISECTION_STEPS`] halvings at most, stopping at a relative width of `1e-15`); its
/// upper end is then read exactly and nudged up until the exact sum reaches `Λ`.
fn equalise(wk: &Worker, t_s: &Q, free: &[Q], lambda: &Q) -> (Q, Vec<Q>) {
    let top = free
        .iter()
        .fold(t_s.clone(), |m, f| if *f > m { f.clone() } else { m });
    let hi_exact = top + &wk.big_g + &wk.big_w + (&wk.g + &wk.w) * lambda;
    let fl = |v: &Q| to_f64(v);
    let (wk_f, free_f) = (
        (fl(&wk.big_g), fl(&wk.g), fl(&wk.big_w), fl(&wk.w)),
        free.iter().map(fl).collect::<Vec<f64>>(),
    );
    let sum_f = |f: f64| {
        let (big_g, g, big_w, w) = wk_f;
        let mut r = fl(t_s);
        let mut total = 0.0;
        for fi in &free_f {
            let b = ((f - fi - big_w) / w)
                .min((f - r - big_g - big_w) / (g + w))
                .max(0.0);
            if b > 0.0 {
                r += big_g + g * b;
            }
            total += b;
        }
        total
    };
    let (mut lo, mut hi) = (fl(t_s), fl(&hi_exact));
    let target = fl(lambda);
    for _ in 0..UMR_BISECTION_STEPS {
        if hi - lo <= 1e-15 * hi.abs() {
            break;
        }
        let mid = 0.5 * (lo + hi);
        if sum_f(mid) >= target {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let mut f = Q::from_float(hi).unwrap_or_else(|| hi_exact.clone());
    let mut beta = betas(wk, t_s, free, &f);
    let mut step = Q::new(1.into(), 1_000_000_000_000i64.into()) * (&f).max(&Q::one());
    while beta.iter().sum::<Q>() < *lambda {
        f = (&f + &step).min(hi_exact.clone());
        step *= Q::from_integer(2.into());
        beta = betas(wk, t_s, free, &f);
    }
    let mut excess = beta.iter().sum::<Q>() - lambda;
    for b in beta.iter_mut().rev() {
        if !excess.is_positive() {
            break;
        }
        let d = (&excess).min(&*b).clone();
        *b -= &d;
        excess -= d;
    }
    (f, beta)
}
