//! The view model of pipeline U: what the unidirectional figure shows after step `k` (the naive
//! bound with its loads and odd cycle, the bound history of the column generation, the tree and
//! matching priced last, the final trees and matchings, and the Gantt slots placed so far).

use super::colgen::WeightedMatching;
use super::gantt::Slot;
use super::step::{PricedRound, UniStep};
use crate::broadcast::WeightedTree;
use crate::rational::Q;
use crate::trace::Replay;

/// One column-generation round, for the converging-bounds plot.
#[derive(Clone, Debug, PartialEq)]
pub struct Bounds {
    /// Master value.
    pub lower: Q,
    /// Upper bound (`None` when unknown).
    pub upper: Option<Q>,
}

/// What the unidirectional figure shows after some steps.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct UniState {
    /// Unreachable nodes, when the broadcast is impossible.
    pub unreachable: Vec<usize>,
    /// Nothing to send (`ρ = +∞`).
    pub unbounded: bool,
    /// Naive bound, once solved.
    pub naive: Option<Q>,
    /// Per-node in+out load of the naive solution.
    pub naive_loads: Vec<Q>,
    /// The odd cycle highlighted with the naive bound.
    pub odd_cycle: Vec<usize>,
    /// Bounds per round so far.
    pub rounds: Vec<Bounds>,
    /// Tree priced last and its cost θ.
    pub priced_tree: Option<(Vec<usize>, Q)>,
    /// Matching priced last and its weight μ.
    pub priced_matching: Option<(Vec<usize>, Q)>,
    /// Whether they entered.
    pub added: (bool, bool),
    /// Columns in the master after the last round (trees, matchings), counting the initial ones.
    pub columns: (usize, usize),
    /// `ρ*_uni`, once known.
    pub rho: Option<Q>,
    /// Final trees.
    pub trees: Vec<WeightedTree>,
    /// Final matchings.
    pub matchings: Vec<WeightedMatching>,
    /// Gantt slots placed so far.
    pub slots: Vec<Slot>,
    /// Slot just placed (highlighted).
    pub focus_slot: Option<usize>,
}

impl UniState {
    /// The state before any step, for a platform with `arcs` arcs (the initial singleton
    /// matchings and the BFS tree are the first columns).
    #[must_use]
    pub fn new(arcs: usize) -> UniState {
        UniState {
            columns: (1, arcs),
            ..UniState::default()
        }
    }
}

impl Replay for UniState {
    type Step = UniStep;

    fn apply(&mut self, step: &UniStep) {
        self.focus_slot = None;
        match step {
            UniStep::Degenerate { unreachable } => {
                self.unbounded = unreachable.is_empty();
                self.unreachable.clone_from(unreachable);
            }
            UniStep::SolvedNaive {
                rho,
                loads,
                odd_cycle,
            } => {
                self.naive = Some(rho.clone());
                self.naive_loads.clone_from(loads);
                self.odd_cycle.clone_from(odd_cycle);
            }
            UniStep::Priced(r) => {
                let PricedRound {
                    lower,
                    upper,
                    tree,
                    theta,
                    matching,
                    mu,
                    added_tree,
                    added_matching,
                    ..
                } = &**r;
                self.rounds.push(Bounds {
                    lower: lower.clone(),
                    upper: upper.clone(),
                });
                self.priced_tree = Some((tree.clone(), theta.clone()));
                self.priced_matching = Some((matching.clone(), mu.clone()));
                self.added = (*added_tree, *added_matching);
                self.columns.0 += usize::from(*added_tree);
                self.columns.1 += usize::from(*added_matching);
            }
            UniStep::Converged {
                rho,
                trees,
                matchings,
                ..
            } => {
                self.rho = Some(rho.clone());
                self.trees.clone_from(trees);
                self.matchings.clone_from(matchings);
                self.priced_tree = None;
                self.priced_matching = None;
            }
            UniStep::FilledSlot { index, slot } => {
                self.slots.push(Slot::clone(slot));
                self.focus_slot = Some(*index);
            }
        }
    }
}
