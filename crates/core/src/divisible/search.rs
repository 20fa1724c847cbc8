//! The exact STARAFFINE search (divisible-load.md §4.2): the spec's enumeration made cheaper
//! without changing its answer. A depth-first walk over ordered prefixes extends the
//! equal-finish system one worker at a time ([`Prefix`]), skips orders that only permute
//! identical workers (their canonical order comes first in the enumeration anyway), and cuts a
//! subtree when no extension can beat the best so far: every extension keeps the prefix's loads
//! `u_j·T + v_j`, so it needs `T ≥ need`, and the workers left can process at most
//! `ρ_rest·(T − U·T − V)` after the prefix's sends, where `ρ_rest` is their linear-model
//! throughput (Prop. 1–2; latencies only lower it). Subtrees that can at best tie are cut too,
//! so exact ties at the optimum may resolve differently from the spec's enumeration order (same
//! makespan). A work budget bounds it on any input.

use num_traits::{One, Zero};

use super::ef::{by_bandwidth, Prefix};
use super::step::Tried;
use super::{DivStep, Worker};
use crate::rational::Q;

/// The outcome of [`search`].
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOutcome {
    /// The best ordered subset and its makespan.
    pub best: Option<(Vec<usize>, Q)>,
    /// Prefixes examined.
    pub visited: u64,
    /// Subtrees cut.
    pub pruned: u64,
    /// Finished within the budget.
    pub complete: bool,
}

/// The branch-and-bound walk (see the module documentation), starting from the prefix
/// heuristic's answer: the same optimal makespan as [`super::affine::enumerate`]. Among ordered
/// subsets that tie exactly at the optimum it keeps the first it meets (the best prefix of the
/// `g` order, or the first strictly better one in depth-first order), which can differ from the
/// spec's "first in enumeration order" — the value is the same.
#[must_use]
pub fn search(
    ws: &[Worker],
    w_total: &Q,
    budget: u64,
    emit: &mut impl FnMut(DivStep),
) -> SearchOutcome {
    let p = ws.len().min(20);
    let sorted = by_bandwidth(ws);
    let full = (1u32 << p) - 1;
    // ρ of the workers in each set, linear model, by g.
    // ρ of each set, linear model, by g: serving its first worker x (in g order) then the rest
    // gives 1/(g_x + w_x) + w_x/(g_x + w_x)·ρ(rest), one step per set.
    let mut rank = vec![0usize; p];
    for (r, &i) in sorted.iter().enumerate().take(p) {
        rank[i] = r;
    }
    let mut rho_of = vec![Q::zero(); (full as usize) + 1];
    for mask in 1..=full {
        let first = (0..p)
            .filter(|&i| mask & (1 << i) != 0)
            .min_by_key(|&i| rank[i])
            .unwrap_or(0);
        let wk = &ws[first];
        let gw = &wk.g + &wk.w;
        rho_of[mask as usize] = (Q::one() + &wk.w * &rho_of[(mask & !(1 << first)) as usize]) / gw;
    }
    let lower_same: Vec<u32> = (0..p)
        .map(|i| {
            (0..i)
                .filter(|&j| ws[j] == ws[i])
                .fold(0, |m, j| m | (1 << j))
        })
        .collect();
    let start = best_prefix(ws, w_total).1;
    if let Some((o, t)) = &start {
        emit(DivStep::Improved {
            order: o.clone(),
            makespan: t.clone(),
            visited: 0,
        });
    }
    let mut s = Walk {
        ws,
        w_total,
        full,
        rho_of,
        lower_same,
        best: start,
        visited: 0,
        pruned: 0,
        budget,
        stopped: false,
    };
    s.walk(0, &mut Vec::new(), &Prefix::default(), emit);
    SearchOutcome {
        best: s.best,
        visited: s.visited,
        pruned: s.pruned,
        complete: !s.stopped,
    }
}

struct Walk<'a> {
    ws: &'a [Worker],
    w_total: &'a Q,
    full: u32,
    rho_of: Vec<Q>,
    lower_same: Vec<u32>,
    best: Option<(Vec<usize>, Q)>,
    visited: u64,
    pruned: u64,
    budget: u64,
    stopped: bool,
}

impl Walk<'_> {
    /// `(t, seq)` beats the best: smaller `t`, then fewer workers, then lexicographic.
    fn beats(&self, t: &Q, seq: &[usize]) -> bool {
        self.best.as_ref().is_none_or(|(b, bt)| {
            t < bt
                || (t == bt
                    && (seq.len() < b.len() || (seq.len() == b.len() && seq < b.as_slice())))
        })
    }

    /// No extension of `seq` needing `T ≥ lb` can be strictly better than the best. Exact ties
    /// are not explored: on a bus without latencies every order ties, and exploring them all
    /// would cost the whole budget for nothing (the value is the same; see [`search`]).
    fn hopeless(&self, lb: &Q) -> bool {
        self.best.as_ref().is_some_and(|(_, bt)| lb >= bt)
    }

    fn walk(
        &mut self,
        used: u32,
        seq: &mut Vec<usize>,
        pre: &Prefix,
        emit: &mut impl FnMut(DivStep),
    ) {
        for i in 0..self.ws.len().min(20) {
            let bit = 1u32 << i;
            if used & bit != 0 || used & self.lower_same[i] != self.lower_same[i] {
                continue;
            }
            if self.visited >= self.budget {
                self.stopped = true;
                return;
            }
            self.visited += 1;
            let (next, _, _) = pre.push(&self.ws[i]);
            seq.push(i);
            if let Some(t) = next.makespan(self.w_total, &Q::zero()) {
                if next.valid_at(&t) && self.beats(&t, seq) {
                    self.best = Some((seq.clone(), t.clone()));
                    emit(DivStep::Improved {
                        order: seq.clone(),
                        makespan: t,
                        visited: self.visited,
                    });
                }
            }
            let now = used | bit;
            if now != self.full {
                if self.bound_cuts(&next, now) {
                    self.pruned += 1;
                } else {
                    self.walk(now, seq, &next, emit);
                }
            }
            seq.pop();
        }
    }

    fn bound_cuts(&self, pre: &Prefix, used: u32) -> bool {
        if let Some(need) = &pre.need {
            if self.hopeless(need) {
                return true;
            }
        }
        let rest = &self.rho_of[(self.full & !used) as usize];
        let denom = &pre.sum_u + rest * (Q::one() - &pre.big_u);
        let lb = (self.w_total - &pre.sum_v + rest * &pre.big_v) / denom;
        self.hopeless(&lb)
    }
}

/// The best valid `EF` among the `p` prefixes of the `g` order (§4.2 for `p > 9`).
pub(super) fn best_prefix(ws: &[Worker], w_total: &Q) -> (Vec<Tried>, Option<(Vec<usize>, Q)>) {
    let order = by_bandwidth(ws);
    let mut pre = Prefix::default();
    let mut rows = Vec::new();
    let mut best: Option<(Vec<usize>, Q)> = None;
    for k in 0..order.len() {
        pre = pre.push(&ws[order[k]]).0;
        let Some(t) = pre.makespan(w_total, &Q::zero()) else {
            continue;
        };
        let valid = pre.valid_at(&t);
        let better = valid && best.as_ref().is_none_or(|(_, b)| t < *b);
        if better {
            best = Some((order[..=k].to_vec(), t.clone()));
        }
        rows.push(Tried {
            order: order[..=k].to_vec(),
            makespan: valid.then_some(t),
            best: better,
        });
    }
    (rows, best)
}
