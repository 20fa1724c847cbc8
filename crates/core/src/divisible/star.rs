//! STARLINEAR (divisible-load.md §2): the closed form over the bandwidth order with an optional
//! computing master, the exchange argument of Prop. 2, the throughput of every order (the bars
//! of §9.1 step 4), and the fixed-order teaching variant of §2.4.

use num_traits::Zero;
use serde::Serialize;

pub use super::details::{OrderRate, StarDetails, Swap};
use super::ef::{by_bandwidth, linear_rate, Prefix};
use super::schedule::{one_round, participating, spread};
use super::step::Tried;
use super::{Details, DivSolution, DivStep, Divisible, DivisibleError, Status, Worker};
use crate::rational::Q;

/// Most workers of the fixed-order search (`2^p − 1` subsequences).
pub const MAX_FIXED_ORDER: usize = 12;
/// Most workers for which every order's throughput is listed (`p!` orders).
pub const MAX_ORDERS_COMPARED: usize = 5;
/// Most workers for which every row of an enumeration table is a step.
pub const MAX_TABLE_WORKERS: usize = 4;

/// The best linear throughput over the subsequences of `order` (the fixed-order optimum), from
/// the back: serving `x` first and then the best of what follows gives
/// `1/(g_x + w_x) + w_x/(g_x + w_x)·best(rest)`, so each position is taken or skipped once.
fn best_subsequence_rate(workers: &[Worker], order: &[usize]) -> Q {
    order.iter().rev().fold(Q::zero(), |rest, &i| {
        let wk = &workers[i];
        let gw = &wk.g + &wk.w;
        let take = (Q::from_integer(1.into()) + &wk.w * &rest) / gw;
        if take > rest {
            take
        } else {
            rest
        }
    })
}

/// The master's rate `1/w_0`, or 0.
fn master_rate(inst: &Divisible) -> Q {
    inst.w0.as_ref().map_or_else(Q::zero, Q::recip)
}

/// `ρ` of every imposed order of the workers, in lexicographic order of the permutations.
#[must_use]
pub fn every_order(workers: &[Worker], r0: &Q) -> Vec<OrderRate> {
    let p = workers.len();
    if p == 0 || p > MAX_ORDERS_COMPARED {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut perm: Vec<usize> = (0..p).collect();
    loop {
        out.push(OrderRate {
            order: perm.clone(),
            rho: best_subsequence_rate(workers, &perm) + r0,
            rho_all: linear_rate(workers, perm.iter().copied()) + r0,
        });
        // Next permutation in lexicographic order.
        let Some(i) = (0..p - 1).rev().find(|&i| perm[i] < perm[i + 1]) else {
            return out;
        };
        let j = (i + 1..p)
            .rev()
            .find(|&j| perm[j] > perm[i])
            .unwrap_or(i + 1);
        perm.swap(i, j);
        perm[i + 1..].reverse();
    }
}

/// Prop. 2's exchange of two consecutive workers with `t` time units left: loads processed
/// serving `a` first and `b` first, and the link busy time (equal both ways).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Exchange {
    /// Load processed, `a` first.
    #[serde(serialize_with = "crate::rational::exact")]
    pub load_ab: Q,
    /// Load processed, `b` first.
    #[serde(serialize_with = "crate::rational::exact")]
    pub load_ba: Q,
    /// Link busy time, `a` first.
    #[serde(serialize_with = "crate::rational::exact")]
    pub busy_ab: Q,
    /// Link busy time, `b` first.
    #[serde(serialize_with = "crate::rational::exact")]
    pub busy_ba: Q,
}

/// The exchange argument of Prop. 2 (linear costs): `load_ab − load_ba =
/// t·(g_b − g_a)/((g_a + w_a)(g_b + w_b))`.
#[must_use]
pub fn exchange(a: &Worker, b: &Worker, t: &Q) -> Exchange {
    let pair = |x: &Worker, y: &Worker| {
        let ax = t / (&x.g + &x.w);
        let ay = &ax * &x.w / (&y.g + &y.w);
        (&ax + &ay, &ax * &x.g + &ay * &y.g)
    };
    let (load_ab, busy_ab) = pair(a, b);
    let (load_ba, busy_ba) = pair(b, a);
    Exchange {
        load_ab,
        load_ba,
        busy_ab,
        busy_ba,
    }
}

/// Prop. 2's formula `T'·(g_b − g_a)/((g_a + w_a)(g_b + w_b))`.
#[must_use]
pub fn exchange_gain(a: &Worker, b: &Worker, t: &Q) -> Q {
    t * (&b.g - &a.g) / ((&a.g + &a.w) * (&b.g + &b.w))
}

/// Prop. 2's exchange of every two consecutive workers of `order`, `starts[k]` the start of
/// worker `order[k]`'s message on the unit axis (`T_f = 1`), scaled to `makespan`.
fn exchanges(ws: &[Worker], order: &[usize], starts: &[Q], makespan: &Q) -> Vec<Swap> {
    order
        .windows(2)
        .zip(starts)
        .map(|(pair, start)| {
            let (a, b) = (&ws[pair[0]], &ws[pair[1]]);
            let time_left = makespan - start * makespan;
            let e = exchange(a, b, &time_left);
            Swap {
                a: pair[0],
                b: pair[1],
                gain: exchange_gain(a, b, &time_left),
                time_left,
                load_ab: e.load_ab,
                load_ba: e.load_ba,
                busy: e.busy_ab,
            }
        })
        .collect()
}

/// STARLINEAR (§2.2): workers by `(g_i, i)`, rates by the equal-finish recursion,
/// `T_f = W_total/ρ`.
///
/// # Errors
/// None in practice (a validated instance has a worker or a computing master).
pub(super) fn star_linear(
    inst: &Divisible,
    emit: &mut impl FnMut(DivStep),
) -> Result<DivSolution, DivisibleError> {
    let ws = &inst.workers;
    let order = by_bandwidth(ws);
    emit(DivStep::Sorted {
        order: order.clone(),
    });
    let mut pre = Prefix::default();
    let mut rates = vec![Q::zero(); ws.len()];
    let mut starts = Vec::with_capacity(order.len());
    for &i in &order {
        let start = pre.big_u.clone();
        starts.push(start.clone());
        let (next, u, _) = pre.push(&ws[i]);
        pre = next;
        emit(DivStep::Rated {
            worker: i,
            rate: u.clone(),
            start,
            end: pre.big_u.clone(),
        });
        rates[i] = u;
    }
    let r0 = master_rate(inst);
    if inst.w0.is_some() {
        emit(DivStep::MasterRated { rate: r0.clone() });
    }
    let rho = &pre.sum_u + &r0;
    if rho.is_zero() {
        return Err(DivisibleError::NotApplicable(
            "no worker and no computing master".to_owned(),
        ));
    }
    let makespan = &inst.w_total / &rho;
    emit(DivStep::Scaled {
        rho: rho.clone(),
        makespan: makespan.clone(),
    });
    let alpha: Vec<Q> = rates.iter().map(|a| a * &makespan).collect();
    let alpha_master = inst.w0.as_ref().map(|_| &r0 * &makespan);
    let details = StarDetails {
        rates,
        rho,
        orders: every_order(ws, &r0),
        subsequences: Vec::new(),
        exchanges: exchanges(ws, &order, &starts, &makespan),
    };
    Ok(finish(
        inst,
        order,
        alpha,
        alpha_master,
        makespan,
        Details::Star(details),
        false,
        emit,
    ))
}

/// The common end of the one-round star methods: schedule, `Drew` (when `draw`: the state did
/// not build the chart itself), `Finished`, solution (status optimal, tight).
#[allow(clippy::too_many_arguments)]
pub(super) fn finish(
    inst: &Divisible,
    order: Vec<usize>,
    alpha: Vec<Q>,
    alpha_master: Option<Q>,
    makespan: Q,
    details: Details,
    draw: bool,
    emit: &mut impl FnMut(DivStep),
) -> DivSolution {
    let master = alpha_master.as_ref().zip(inst.w0.as_ref());
    let schedule = one_round(&inst.workers, &order, &alpha, master);
    let order: Vec<usize> = order
        .into_iter()
        .filter(|&i| alpha.get(i).is_some_and(|a| *a > Q::zero()))
        .collect();
    if draw {
        emit(DivStep::Drew {
            part: "schedule",
            index: 0,
            blocks: schedule.clone(),
        });
    }
    emit(DivStep::Finished {
        makespan: makespan.clone(),
        alpha: alpha.clone(),
        alpha_master: alpha_master.clone(),
        order: order.clone(),
    });
    DivSolution {
        method: "",
        status: Status::Optimal,
        makespan,
        tight: true,
        order,
        participating: participating(&alpha),
        alpha,
        alpha_master,
        schedule,
        notes: Vec::new(),
        details,
    }
}

/// `u_j` (= `a_j`, linear costs) of each listed worker, spread to input order.
fn unit_rates(ws: &[Worker], chosen: &[usize]) -> Vec<Q> {
    let mut pre = Prefix::default();
    let mut rates = Vec::new();
    for &i in chosen {
        let (next, u, _) = pre.push(&ws[i]);
        pre = next;
        rates.push(u);
    }
    spread(ws.len(), chosen, &rates)
}

/// The fixed-order teaching variant (§2.4): every subsequence of the input order through `EF`,
/// the smallest `T_f` kept (ties: the first subsequence in lexicographic order).
///
/// # Errors
/// [`DivisibleError::TooLarge`] above [`MAX_FIXED_ORDER`] workers.
pub(super) fn fixed_order(
    inst: &Divisible,
    emit: &mut impl FnMut(DivStep),
) -> Result<DivSolution, DivisibleError> {
    let ws = &inst.workers;
    if ws.len() > MAX_FIXED_ORDER {
        return Err(DivisibleError::TooLarge(format!(
            "the fixed-order search tries every subsequence: at most {MAX_FIXED_ORDER} workers, got {}",
            ws.len()
        )));
    }
    let r0 = master_rate(inst);
    let mut search = Subsequences {
        ws,
        w_total: &inst.w_total,
        r0: &r0,
        table: ws.len() <= MAX_TABLE_WORKERS,
        best: None,
        visited: 0,
        rows: Vec::new(),
    };
    if inst.w0.is_some() {
        search.consider(&[], &Prefix::default(), emit);
    }
    search.walk(0, &mut Vec::new(), &Prefix::default(), emit);
    emit(DivStep::Searched {
        visited: search.visited,
        pruned: 0,
        complete: true,
    });
    let rows = std::mem::take(&mut search.rows);
    let Some((chosen, makespan)) = search.best else {
        return Err(DivisibleError::NotApplicable(
            "no worker to serve".to_owned(),
        ));
    };
    let loads = super::ef::ef(ws, &chosen, &inst.w_total, &r0)
        .map(|e| e.alpha)
        .unwrap_or_default();
    let alpha = spread(ws.len(), &chosen, &loads);
    let alpha_master = inst.w0.as_ref().map(|_| &r0 * &makespan);
    let details = StarDetails {
        rates: unit_rates(ws, &chosen),
        rho: linear_rate(ws, chosen.iter().copied()) + &r0,
        orders: Vec::new(),
        subsequences: rows,
        exchanges: Vec::new(),
    };
    Ok(finish(
        inst,
        chosen,
        alpha,
        alpha_master,
        makespan,
        Details::Star(details),
        true,
        emit,
    ))
}

/// The depth-first walk over subsequences (include before skip: lexicographic order).
struct Subsequences<'a> {
    ws: &'a [Worker],
    w_total: &'a Q,
    r0: &'a Q,
    table: bool,
    best: Option<(Vec<usize>, Q)>,
    visited: u64,
    rows: Vec<Tried>,
}

impl Subsequences<'_> {
    fn walk(
        &mut self,
        from: usize,
        chosen: &mut Vec<usize>,
        pre: &Prefix,
        emit: &mut impl FnMut(DivStep),
    ) {
        for i in from..self.ws.len() {
            let (next, _, _) = pre.push(&self.ws[i]);
            chosen.push(i);
            self.consider(chosen, &next, emit);
            self.walk(i + 1, chosen, &next, emit);
            chosen.pop();
        }
    }

    fn consider(&mut self, chosen: &[usize], pre: &Prefix, emit: &mut impl FnMut(DivStep)) {
        self.visited += 1;
        let Some(t) = pre.makespan(self.w_total, self.r0) else {
            return;
        };
        let valid = pre.valid_at(&t);
        let better = valid && self.best.as_ref().is_none_or(|(_, b)| t < *b);
        if better {
            self.best = Some((chosen.to_vec(), t.clone()));
        }
        if self.table {
            let row = Tried {
                order: chosen.to_vec(),
                makespan: valid.then_some(t),
                best: better,
            };
            self.rows.push(row.clone());
            emit(DivStep::Tried(row));
        } else if better {
            emit(DivStep::Improved {
                order: chosen.to_vec(),
                makespan: t,
                visited: self.visited,
            });
        }
    }
}
