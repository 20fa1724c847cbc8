//! The view model of pipeline M: what the multicast figure shows after step `k` (targets, the
//! UB flows and usages, the LB usages, the current node set of each heuristic with the node
//! just removed or added, the exact method's bound history and priced tree, the summary).

use super::step::{MulticastStep, TargetFlow};
use super::SchemeKind;
use crate::broadcast::WeightedTree;
use crate::rational::Q;
use crate::trace::Replay;

/// One round of a heuristic or of the exact method, for the bound plots.
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    /// The node removed/added (heuristics) or `None` (exact).
    pub node: Option<usize>,
    /// Value after the round (heuristics) or master value (exact).
    pub value: Q,
    /// Upper bound of the round (exact only).
    pub upper: Option<Q>,
}

/// What the multicast figure shows after some steps.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct MulticastState {
    /// Highlighted targets.
    pub targets: Vec<usize>,
    /// Targets the source cannot reach.
    pub unreachable: Vec<usize>,
    /// UB, once solved.
    pub upper: Option<Q>,
    /// UB usages `n_e = max_k x^k_e`.
    pub upper_usage: Vec<Q>,
    /// UB flows per target (the gap explanation).
    pub flows: Vec<TargetFlow>,
    /// LB, once solved.
    pub lower: Option<Q>,
    /// LB usages `n_e = Σ_k x^k_e`.
    pub lower_usage: Vec<Q>,
    /// Broadcast to every reachable node (H1's start).
    pub broadcast: Option<Q>,
    /// H1's current node set (`V'`), value and rounds.
    pub pruned_nodes: Vec<usize>,
    /// H1's current value.
    pub pruned: Option<Q>,
    /// H1's rounds (node removed, value).
    pub pruned_rounds: Vec<Round>,
    /// H2's current node set.
    pub augmented_nodes: Vec<usize>,
    /// H2's current value.
    pub augmented: Option<Q>,
    /// H2's rounds (node added, value).
    pub augmented_rounds: Vec<Round>,
    /// Candidates of the last heuristic round with their values.
    pub tried: Vec<(usize, Q)>,
    /// Node just removed or added (highlighted).
    pub focus: Option<usize>,
    /// Exact method rounds (master value, upper bound).
    pub exact_rounds: Vec<Round>,
    /// Steiner tree priced in the last exact round and its cost.
    pub priced: Option<(Vec<usize>, Q)>,
    /// `ρ*_D`, once known.
    pub exact: Option<Q>,
    /// Exact Steiner trees.
    pub exact_trees: Vec<WeightedTree>,
    /// The reported scheme and its value (`None` value = `+∞`).
    pub summary: Option<(SchemeKind, Option<Q>)>,
    /// The chosen scheme's period (M6 Gantt), once scheduled.
    pub period: Option<crate::broadcast::schedule::Period>,
}

impl MulticastState {
    /// The state before any step.
    #[must_use]
    pub fn new() -> MulticastState {
        MulticastState::default()
    }
}

fn remove(nodes: &mut Vec<usize>, v: usize) {
    nodes.retain(|&u| u != v);
}

fn insert(nodes: &mut Vec<usize>, v: usize) {
    if let Err(pos) = nodes.binary_search(&v) {
        nodes.insert(pos, v);
    }
}

impl Replay for MulticastState {
    type Step = MulticastStep;

    fn apply(&mut self, step: &MulticastStep) {
        self.focus = None;
        match step {
            MulticastStep::Targeted {
                targets,
                unreachable,
                ..
            } => {
                self.targets.clone_from(targets);
                self.unreachable.clone_from(unreachable);
            }
            MulticastStep::SolvedUpper { rho, usage, flows } => {
                self.upper = Some(rho.clone());
                self.upper_usage.clone_from(usage);
                self.flows.clone_from(flows);
            }
            MulticastStep::SolvedLower { rho, usage } => {
                self.lower = Some(rho.clone());
                self.lower_usage.clone_from(usage);
            }
            MulticastStep::PruneStarted { nodes, value } => {
                self.pruned_nodes.clone_from(nodes);
                self.pruned = Some(value.clone());
                self.broadcast = Some(value.clone());
            }
            MulticastStep::Pruned {
                removed,
                value,
                tried,
            } => {
                remove(&mut self.pruned_nodes, *removed);
                self.pruned = Some(value.clone());
                self.pruned_rounds.push(Round {
                    node: Some(*removed),
                    value: value.clone(),
                    upper: None,
                });
                self.tried.clone_from(tried);
                self.focus = Some(*removed);
            }
            MulticastStep::PruneStopped { tried, .. }
            | MulticastStep::AugmentStopped { tried, .. } => {
                self.tried.clone_from(tried);
            }
            MulticastStep::AugmentStarted { nodes, value } => {
                self.augmented_nodes.clone_from(nodes);
                self.augmented = Some(value.clone());
                self.tried.clear();
            }
            MulticastStep::Augmented {
                added,
                value,
                tried,
            } => {
                insert(&mut self.augmented_nodes, *added);
                self.augmented = Some(value.clone());
                self.augmented_rounds.push(Round {
                    node: Some(*added),
                    value: value.clone(),
                    upper: None,
                });
                self.tried.clone_from(tried);
                self.focus = Some(*added);
            }
            MulticastStep::ExactRound {
                lower,
                upper,
                tree,
                theta,
                ..
            } => {
                self.exact_rounds.push(Round {
                    node: None,
                    value: lower.clone(),
                    upper: upper.clone(),
                });
                self.priced = Some((tree.clone(), theta.clone()));
            }
            MulticastStep::ExactSolved { rho, trees, .. } => {
                self.exact = Some(rho.clone());
                self.exact_trees.clone_from(trees);
            }
            MulticastStep::Summarised { chosen, rho } => {
                self.summary = Some((*chosen, rho.clone()));
            }
            MulticastStep::Scheduled { period } => {
                self.period = Some((**period).clone());
            }
        }
    }
}
