//! The greedy ring-growing heuristic (ring.md §6): start from the fastest processor, then
//! repeatedly insert the processor and position that give the smallest `T_step` of the
//! enlarged ring, until every processor is in; the result is the best ring of that history.
//!
//! One generic procedure serves the exact solver ([`Exact`]: rationals, with an `f64` screen and
//! integer keys so that ties cost little) and the `W/H` sweeps ([`Float`]: `f64` with the spec's
//! tie tolerance).

use super::model::{Model, Val, SCREEN};
use super::scaled::Scaled;
use super::step::RingStep;
use super::{fastest, Found, SizeBest, Status};
use crate::rational::Q;

/// How candidates are valued and compared.
pub(crate) trait Judge {
    /// A value.
    type V: Clone;
    /// The value of `ring`, or `None` when it is surely not below `best`.
    fn value(&mut self, ring: &[usize], inserted: usize, best: Option<&Self::V>)
        -> Option<Self::V>;
    /// `a < b`.
    fn less(&self, a: &Self::V, b: &Self::V) -> bool;
}

/// Exact values `(T, T as f64)`.
pub(crate) struct Exact<'a> {
    m: &'a Model<Q>,
    mf: Model<f64>,
    scaled: Option<Scaled>,
    /// Skip clearly worse candidates (otherwise every candidate is valued exactly, so that the
    /// trace shows each one).
    screen: bool,
    /// The last exact value per inserted processor and integer key (exact ties are free).
    cache: Option<(usize, (i128, i128), Q)>,
}

impl<'a> Exact<'a> {
    pub(crate) fn new(m: &'a Model<Q>, screen: bool) -> Exact<'a> {
        Exact {
            m,
            mf: m.to_f64(),
            scaled: Scaled::new(m),
            screen,
            cache: None,
        }
    }
}

impl Judge for Exact<'_> {
    type V = (Q, f64);

    fn value(
        &mut self,
        ring: &[usize],
        inserted: usize,
        best: Option<&(Q, f64)>,
    ) -> Option<(Q, f64)> {
        let tf = self.mf.value(ring);
        if self.screen && best.is_some_and(|b| tf > b.1 * (1.0 + SCREEN)) {
            return None;
        }
        let t = match (&self.scaled, ring.len()) {
            (Some(s), 2..) => {
                let key = s.key(ring);
                match &self.cache {
                    Some((i, k, t)) if *i == inserted && *k == key => t.clone(),
                    _ => {
                        let t = s.t(self.m, key, &self.m.inv(ring));
                        self.cache = Some((inserted, key, t.clone()));
                        t
                    }
                }
            }
            _ => self.m.value(ring),
        };
        Some((t, tf))
    }

    fn less(&self, a: &(Q, f64), b: &(Q, f64)) -> bool {
        a.0 < b.0
    }
}

/// `f64` values with the tie tolerance of model.rs.
pub(crate) struct Float<'a>(pub &'a Model<f64>);

impl Judge for Float<'_> {
    type V = f64;
    fn value(&mut self, ring: &[usize], _: usize, _: Option<&f64>) -> Option<f64> {
        Some(self.0.value(ring))
    }
    fn less(&self, a: &f64, b: &f64) -> bool {
        a.less(b)
    }
}

/// What the growth reports as it goes: a candidate `(i, k, T)` and a pick `(i, k, ring, T)`.
pub(crate) trait Watch<V> {
    fn tried(&mut self, _i: usize, _k: usize, _t: &V) {}
    fn picked(&mut self, _i: usize, _k: usize, _ring: &[usize], _t: &V) {}
}

impl<V> Watch<V> for () {}

/// Grows a ring from `start` (§6); returns the history, one ring per size.
pub(crate) fn grow<J: Judge>(
    judge: &mut J,
    p: usize,
    start: usize,
    start_value: J::V,
    watch: &mut impl Watch<J::V>,
) -> Vec<(Vec<usize>, J::V)> {
    let mut ring = vec![start];
    let mut history = vec![(ring.clone(), start_value)];
    let mut cand = Vec::with_capacity(p);
    while ring.len() < p {
        let mut best: Option<(J::V, usize, usize)> = None;
        for i in (0..p).filter(|i| !ring.contains(i)) {
            for k in 0..ring.len() {
                cand.clear();
                cand.extend_from_slice(&ring[..=k]);
                cand.push(i);
                cand.extend_from_slice(&ring[k + 1..]);
                let Some(v) = judge.value(&cand, i, best.as_ref().map(|b| &b.0)) else {
                    continue;
                };
                watch.tried(i, k, &v);
                if best.as_ref().is_none_or(|b| judge.less(&v, &b.0)) {
                    best = Some((v, i, k));
                }
            }
        }
        let Some((v, i, k)) = best else { break };
        ring.insert(k + 1, i);
        watch.picked(i, k, &ring, &v);
        history.push((ring.clone(), v));
    }
    history
}

/// The best entry of a history (ties: the smaller size).
pub(crate) fn best_of<J: Judge>(judge: &J, history: &[(Vec<usize>, J::V)]) -> usize {
    let mut k = 0;
    for (j, h) in history.iter().enumerate() {
        if judge.less(&h.1, &history[k].1) {
            k = j;
        }
    }
    k
}

struct Emit<'e, E: FnMut(RingStep)> {
    emit: &'e mut E,
    tries: bool,
}

impl<E: FnMut(RingStep)> Watch<(Q, f64)> for Emit<'_, E> {
    fn tried(&mut self, i: usize, k: usize, t: &(Q, f64)) {
        if self.tries {
            (self.emit)(RingStep::GreedyTried {
                i,
                k,
                t: t.0.clone(),
            });
        }
    }
    fn picked(&mut self, i: usize, k: usize, ring: &[usize], t: &(Q, f64)) {
        (self.emit)(RingStep::GreedyPicked {
            i,
            k,
            ring: ring.to_vec(),
            t: t.0.clone(),
        });
    }
}

/// A greedy history with exact values.
type History = Vec<(Vec<usize>, (Q, f64))>;

/// Largest `p` at which every greedy candidate is valued exactly and traced.
const FULL_TRACE: usize = 16;

/// Runs the greedy from the fastest processor, or from every fastest processor when
/// `all_starts` (keeping the first best), emitting every candidate (single start) and pick.
pub(super) fn run(m: &Model<Q>, all_starts: bool, emit: &mut impl FnMut(RingStep)) -> Found {
    let first = fastest(&m.w);
    let starts: Vec<usize> = if all_starts {
        (0..m.p).filter(|&i| m.w[i] == m.w[first]).collect()
    } else {
        vec![first]
    };
    // Every candidate is shown (and valued exactly) for one start up to 16 processors; beyond,
    // clearly worse candidates are skipped and only the valued ones are shown.
    let detailed = starts.len() == 1 && m.p <= FULL_TRACE;
    let mut judge = Exact::new(m, !detailed);
    let mut chosen: Option<(History, usize)> = None;
    for &s in &starts {
        let t0 = m.value(&[s]);
        emit(RingStep::GreedyStarted {
            start: s,
            t: t0.clone(),
        });
        let mut watch = Emit {
            emit: &mut *emit,
            tries: starts.len() == 1,
        };
        let history = grow(&mut judge, m.p, s, (t0, 0.0), &mut watch);
        let k = best_of(&judge, &history);
        emit(RingStep::GreedyResult {
            q: history[k].0.len(),
            ring: history[k].0.clone(),
            t: history[k].1 .0.clone(),
        });
        if chosen
            .as_ref()
            .is_none_or(|(h, j)| history[k].1 .0 < h[*j].1 .0)
        {
            chosen = Some((history, k));
        }
    }
    let (history, k) = chosen.unwrap_or_default();
    let mut found = Found::new(
        Status::Heuristic,
        history.get(k).map(|h| h.0.clone()).unwrap_or_default(),
    );
    found.per_size = history
        .into_iter()
        .map(|(ring, (t, _))| SizeBest {
            q: ring.len(),
            ring,
            t,
        })
        .collect();
    found
}
