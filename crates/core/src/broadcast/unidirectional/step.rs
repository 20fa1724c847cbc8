//! The steps of pipeline U (broadcast.md §8.2) with their English captions, phases and the
//! pseudocode they index.

use serde::Serialize;

use super::colgen::WeightedMatching;
use super::gantt::Slot;
use crate::broadcast::multicast::Context;
use crate::broadcast::WeightedTree;
use crate::rational::{approx, frac, Q};
use crate::trace::{Phase, Step};

/// Pseudocode of pipeline U; [`Phase::line`] indexes it.
pub const UNIDIRECTIONAL_PSEUDOCODE: &[&str] = &[
    "naive bound: LP-F with one port per node, Σ_in c·n + Σ_out c·n ≤ 1 (not achievable in general)",
    "trees := [BFS tree from s]; matchings := [{e} for every arc e]",
    "repeat: solve the restricted LP-U → LB = Σ y_T, duals w (time row) and z_e (arc rows)",
    "  T* := cheapest spanning arborescence for weights c_e·z_e (cost θ); M* := heaviest matching for weights z_e (weight μ)",
    "  UB := max(w, μ) / min(1, θ); add T* if θ < 1 and M* if μ > w; stop when neither enters",
    "ρ*_uni := LB; keep the trees with y_T > 0 and the matchings with x_M > 0",
    "Gantt: matching M runs during [t, t + x_M); water-fill each arc's tree messages into its slots",
];

/// One event of pipeline U (node and arc indices refer to the platform's order).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum UniStep {
    /// Nothing to schedule: a single node (`ρ = +∞`) or unreachable nodes (`ρ = 0`).
    Degenerate {
        /// Nodes the source cannot reach (empty: nothing to send).
        unreachable: Vec<usize>,
    },
    /// U0: the naive port-sum LP.
    SolvedNaive {
        /// Its value (an upper bound).
        #[serde(serialize_with = "crate::rational::exact")]
        rho: Q,
        /// Per node, in-load + out-load of its solution.
        #[serde(serialize_with = "crate::rational::exact")]
        loads: Vec<Q>,
        /// An odd cycle of its support (arc ids): transfers that cannot all be scheduled.
        odd_cycle: Vec<usize>,
    },
    /// U1.j: one pricing round of the column generation (boxed: the largest step).
    Priced(Box<PricedRound>),
    /// U2: the final trees and matchings.
    Converged {
        /// `ρ*_uni` (the last master value when not converged).
        #[serde(serialize_with = "crate::rational::exact")]
        rho: Q,
        /// Trees with `y_T > 0`.
        trees: Vec<WeightedTree>,
        /// Matchings with `x_M > 0`.
        matchings: Vec<WeightedMatching>,
        /// Pricing proved optimality.
        converged: bool,
    },
    /// U3: one slot of the Gantt chart.
    FilledSlot {
        /// Slot index.
        index: usize,
        /// The slot (boxed: it is much larger than the other steps).
        slot: Box<Slot>,
    },
}

/// One pricing round (U1.j).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct PricedRound {
    /// 1-based round.
    pub iteration: usize,
    /// Restricted master value.
    #[serde(serialize_with = "crate::rational::exact")]
    pub lower: Q,
    /// Upper bound (`None` when θ = 0).
    #[serde(serialize_with = "crate::rational::exact")]
    pub upper: Option<Q>,
    /// Dual price of time.
    #[serde(serialize_with = "crate::rational::exact")]
    pub w: Q,
    /// Priced tree (arc ids).
    pub tree: Vec<usize>,
    /// Its cost θ.
    #[serde(serialize_with = "crate::rational::exact")]
    pub theta: Q,
    /// Priced matching (arc ids).
    pub matching: Vec<usize>,
    /// Its weight μ.
    #[serde(serialize_with = "crate::rational::exact")]
    pub mu: Q,
    /// The tree entered the master.
    pub added_tree: bool,
    /// The matching entered the master.
    pub added_matching: bool,
}

fn phase(name: &'static str, line: usize) -> Phase {
    Phase { name, line }
}

impl Step for UniStep {
    type Context<'a> = Context<'a>;

    fn caption(&self, ctx: &Context<'_>) -> String {
        match self {
            UniStep::Degenerate { unreachable } if unreachable.is_empty() => {
                "Nothing to send: the throughput is unbounded (∞).".to_owned()
            }
            UniStep::Degenerate { unreachable } => format!(
                "The source cannot reach {}, so no broadcast is possible: throughput 0.",
                ctx.nodes(unreachable)
            ),
            UniStep::SolvedNaive { rho, odd_cycle, .. } => {
                let mut s = format!("Solved the naive LP where each node's sending and receiving share one budget: at most {} ≈ {} messages per time unit.", frac(rho), approx(rho));
                if !odd_cycle.is_empty() {
                    s.push_str(&format!(" Its transfers {} form an odd cycle, so they cannot be split into conflict-free rounds: this bound may not be reachable.", ctx.arcs(odd_cycle)));
                }
                s
            }
            UniStep::Priced(r) => {
                let PricedRound {
                    iteration,
                    lower,
                    upper,
                    tree,
                    theta,
                    matching,
                    mu,
                    w,
                    added_tree,
                    added_matching,
                } = &**r;
                let ub = upper.as_ref().map_or_else(|| "unknown".to_owned(), frac);
                let verdict = match (added_tree, added_matching) {
                    (true, true) => "both enter",
                    (true, false) => "the tree enters",
                    (false, true) => "the matching enters",
                    (false, false) => "neither improves, so the value is optimal",
                };
                format!(
                    "Round {iteration}: the columns so far give {} (upper bound {ub}); the cheapest tree {} costs θ = {} and the heaviest matching {} weighs μ = {} against w = {}: {verdict}.",
                    frac(lower), ctx.arcs(tree), frac(theta), ctx.arcs(matching), frac(mu), frac(w)
                )
            }
            UniStep::Converged {
                rho,
                trees,
                matchings,
                converged,
            } => {
                let head = if *converged {
                    "The unidirectional optimum is"
                } else {
                    "The column generation stopped at its budget, not proved optimal: the best throughput found is"
                };
                format!(
                    "{head} {} ≈ {} messages per time unit, using {} tree(s) and {} matching(s).",
                    frac(rho),
                    approx(rho),
                    trees.len(),
                    matchings.len()
                )
            }
            UniStep::FilledSlot { index, slot } => {
                let moves: Vec<String> = slot
                    .arcs
                    .iter()
                    .map(|a| {
                        format!(
                            "{} moves {}",
                            ctx.arcs(&[a.arc]).trim_matches(['{', '}']),
                            frac(&a.messages)
                        )
                    })
                    .collect();
                format!(
                    "Slot {} [{}, {}): {}; every other node is idle.",
                    index + 1,
                    frac(&slot.start),
                    frac(&(&slot.start + &slot.length)),
                    if moves.is_empty() {
                        "no transfer".to_owned()
                    } else {
                        moves.join(", ")
                    }
                )
            }
        }
    }

    fn phase(&self) -> Phase {
        match self {
            UniStep::Degenerate { .. } | UniStep::SolvedNaive { .. } => phase("naive bound", 0),
            UniStep::Priced(_) => phase("column generation", 4),
            UniStep::Converged { .. } => phase("optimum", 5),
            UniStep::FilledSlot { .. } => phase("gantt", 6),
        }
    }
}
