//! The view model of the ring page (ring.md §11) after step `k`: the ring drawn on the platform,
//! the per-processor compute/communication bars with the line `T`, the `T`-against-size series
//! (greedy history and exact per size), the greedy's candidates of the current iteration, the
//! current tour of the local search, the search and Held–Karp progress, and the bounds.

use super::model::RingEval;
use super::step::Lines;
use super::step::RingStep;
use crate::rational::Q;
use crate::trace::Replay;

/// A greedy candidate `(i, k, T)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The processor.
    pub i: usize,
    /// The ring position it would follow.
    pub k: usize,
    /// `T` of the enlarged ring.
    pub t: Q,
}

/// What the figures show after some steps.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RingState {
    /// Number of processors.
    pub p: usize,
    /// The ring drawn (greedy ring, current tour, best ring so far, final ring).
    pub ring: Vec<usize>,
    /// The last evaluated ring (bars: `eval.compute`, `eval.communicate`, line `eval.t`).
    pub eval: Option<RingEval>,
    /// The final ring has been valued (the solution).
    pub done: bool,
    /// Greedy: `(size, T)` after each insertion (with the start at size 1).
    pub greedy_series: Vec<(usize, Q)>,
    /// Greedy: the candidates of the current iteration.
    pub candidates: Vec<Candidate>,
    /// Greedy: the best ring of the history `(q, ring, T)`.
    pub greedy_result: Option<(usize, Vec<usize>, Q)>,
    /// Exact: the best `T` per size so far (exhaustive, or Held–Karp's upper bounds).
    pub exact_series: Vec<(usize, Q)>,
    /// Held–Karp: the lower bound per size so far.
    pub lower_series: Vec<(usize, Q)>,
    /// TSP: the current tour and its length.
    pub tour: Option<(Vec<usize>, Q)>,
    /// Rings (exhaustive) or subsets (Held–Karp) done so far.
    pub work_done: u64,
    /// Held–Karp: `(LB, UB, certified)`.
    pub bounds: Option<(Q, Q, bool)>,
    /// Homogeneous: the two lines, `W·w_min` and `W·w_cumul + 2Hc`.
    pub homogeneous: Option<(Lines, Q, Q)>,
}

impl RingState {
    /// The state before any step, for `p` processors.
    #[must_use]
    pub fn new(p: usize) -> RingState {
        RingState {
            p,
            ..RingState::default()
        }
    }
}

impl Replay for RingState {
    type Step = RingStep;

    fn apply(&mut self, step: &RingStep) {
        match step {
            RingStep::Evaluated { eval, last } => {
                self.ring.clone_from(&eval.ring);
                self.eval = Some(eval.clone());
                self.done = *last;
            }
            RingStep::GreedyStarted { start, t } => {
                self.ring = vec![*start];
                self.greedy_series = vec![(1, t.clone())];
                self.candidates.clear();
            }
            RingStep::GreedyTried { i, k, t } => self.candidates.push(Candidate {
                i: *i,
                k: *k,
                t: t.clone(),
            }),
            RingStep::GreedyPicked { ring, t, .. } => {
                self.ring.clone_from(ring);
                self.greedy_series.push((ring.len(), t.clone()));
                self.candidates.clear();
            }
            RingStep::GreedyResult { q, ring, t } => {
                self.greedy_result = Some((*q, ring.clone(), t.clone()));
                self.ring.clone_from(ring);
            }
            RingStep::NearestNeighbour { tour, l, .. }
            | RingStep::TwoOpt { tour, l, .. }
            | RingStep::OrOpt { tour, l, .. }
            | RingStep::TspBest { tour, l } => {
                self.ring.clone_from(tour);
                self.tour = Some((tour.clone(), l.clone()));
            }
            RingStep::SearchProgress {
                rings_done,
                best_ring,
                ..
            } => {
                self.work_done = *rings_done;
                self.ring.clone_from(best_ring);
            }
            RingStep::SizeBest { best, rings_done } => {
                self.work_done = *rings_done;
                self.ring.clone_from(&best.ring);
                self.exact_series.push((best.q, best.t.clone()));
            }
            RingStep::HeldKarpTable { subsets } => self.work_done = *subsets,
            RingStep::HeldKarpLayer {
                size,
                ub,
                ub_ring,
                lb,
                ..
            } => {
                self.ring.clone_from(ub_ring);
                self.exact_series.push((*size, ub.clone()));
                self.lower_series.push((*size, lb.clone()));
            }
            RingStep::Certified { lb, ub, certified } => {
                self.bounds = Some((lb.clone(), ub.clone(), *certified));
            }
            RingStep::Homogeneous { lines, alone, all } => {
                self.homogeneous = Some((lines.clone(), alone.clone(), all.clone()));
            }
        }
    }
}
