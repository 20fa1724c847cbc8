//! The steps of pipeline M (broadcast.md §8.3) with their English captions and phases.

use serde::Serialize;

use super::SchemeKind;
use crate::broadcast::WeightedTree;
use crate::rational::{approx, frac, Q};
use crate::trace::{Phase, Step};

/// Pseudocode of pipeline M; [`Phase::line`] indexes it.
pub const MULTICAST_PSEUDOCODE: &[&str] = &[
    "D := targets ∖ {s}; nodes unreachable from s are ignored",
    "UB := max ρ, flows x^k toward each k ∈ D, n_e ≥ max_k x^k_e, ports ≤ 1",
    "LB := same LP with n_e ≥ Σ_k x^k_e (every target gets its own copy: scatter)",
    "H1: V' := reach(s); val := BCAST(V')",
    "  repeat: remove the relay w ∉ D maximising BCAST(V'∖{w}) while it beats val",
    "H2: V' := {s} ∪ D ∪ nodes of the route to each target; val := BCAST(V')",
    "  repeat: add the node w maximising BCAST(V'∪{w}) while it beats val",
    "exact: master LP over Steiner trees, maximise Σα under the port rows",
    "  price: cheapest Steiner tree for weights c_uw(p_u + q_w) (Dreyfus–Wagner); add it if θ < 1",
    "report the best scheme; LB ≤ H1, H2 ≤ ρ*_D ≤ UB ≤ |D|·LB",
    "schedule its trees in one period: matchings of the out-port × in-port graph (as for a broadcast)",
];

/// One event of pipeline M (node and arc indices refer to the platform's order).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum MulticastStep {
    /// M0: the target set was fixed.
    Targeted {
        /// `D`, increasing.
        targets: Vec<usize>,
        /// The source was listed as a target and dropped.
        dropped_source: bool,
        /// Targets the source cannot reach (multicast impossible when non-empty).
        unreachable: Vec<usize>,
    },
    /// M1: the upper-bound LP (max rule) was solved.
    SolvedUpper {
        /// `UB`.
        #[serde(serialize_with = "crate::rational::exact")]
        rho: Q,
        /// Tightened usages `n_e = max_k x^k_e`.
        #[serde(serialize_with = "crate::rational::exact")]
        usage: Vec<Q>,
        /// Flow toward each target, per arc.
        flows: Vec<TargetFlow>,
    },
    /// M2: the scatter lower-bound LP (sum rule) was solved.
    SolvedLower {
        /// `LB`.
        #[serde(serialize_with = "crate::rational::exact")]
        rho: Q,
        /// Usages `n_e = Σ_k x^k_e`.
        #[serde(serialize_with = "crate::rational::exact")]
        usage: Vec<Q>,
    },
    /// M3.0: H1 started from every reachable node.
    PruneStarted {
        /// `V'`.
        nodes: Vec<usize>,
        /// `BCAST(V')`.
        #[serde(serialize_with = "crate::rational::exact")]
        value: Q,
    },
    /// M3.j: H1 removed a relay.
    Pruned {
        /// The node removed.
        removed: usize,
        /// New `BCAST(V')`.
        #[serde(serialize_with = "crate::rational::exact")]
        value: Q,
        /// Every candidate tried with its value.
        #[serde(serialize_with = "crate::rational::exact")]
        tried: Vec<(usize, Q)>,
    },
    /// H1 found no improving removal.
    PruneStopped {
        /// Final H1 value.
        #[serde(serialize_with = "crate::rational::exact")]
        value: Q,
        /// Every candidate tried with its value.
        #[serde(serialize_with = "crate::rational::exact")]
        tried: Vec<(usize, Q)>,
    },
    /// M4.0: H2 started from the routes to the targets.
    AugmentStarted {
        /// `V'`.
        nodes: Vec<usize>,
        /// `BCAST(V')`.
        #[serde(serialize_with = "crate::rational::exact")]
        value: Q,
    },
    /// M4.j: H2 added a node.
    Augmented {
        /// The node added.
        added: usize,
        /// New `BCAST(V')`.
        #[serde(serialize_with = "crate::rational::exact")]
        value: Q,
        /// Every candidate tried with its value.
        #[serde(serialize_with = "crate::rational::exact")]
        tried: Vec<(usize, Q)>,
    },
    /// H2 found no improving addition.
    AugmentStopped {
        /// Final H2 value.
        #[serde(serialize_with = "crate::rational::exact")]
        value: Q,
        /// Every candidate tried with its value.
        #[serde(serialize_with = "crate::rational::exact")]
        tried: Vec<(usize, Q)>,
    },
    /// M5.j: one round of the exact column generation.
    ExactRound {
        /// 1-based round.
        iteration: usize,
        /// Restricted master value (achievable).
        #[serde(serialize_with = "crate::rational::exact")]
        lower: Q,
        /// Upper bound from the scaled duals (`None`: unbounded estimate, θ = 0).
        #[serde(serialize_with = "crate::rational::exact")]
        upper: Option<Q>,
        /// Cheapest Steiner tree under the dual prices (arc ids).
        tree: Vec<usize>,
        /// Its cost θ.
        #[serde(serialize_with = "crate::rational::exact")]
        theta: Q,
        /// Whether it entered the master.
        added: bool,
    },
    /// M5: the exact optimum and its Steiner trees.
    ExactSolved {
        /// `ρ*_D` (the master value if not converged).
        #[serde(serialize_with = "crate::rational::exact")]
        rho: Q,
        /// Trees with positive weight.
        trees: Vec<WeightedTree>,
        /// Pricing proved optimality.
        converged: bool,
    },
    /// M6: the scheme reported.
    Summarised {
        /// Which method gave it.
        chosen: SchemeKind,
        /// Its throughput (`None` = `+∞`).
        #[serde(serialize_with = "crate::rational::exact")]
        rho: Option<Q>,
    },
    /// M6: the chosen scheme's trees scheduled in one period (its Gantt chart).
    Scheduled {
        /// The period (slots of matchings, messages per tree).
        period: Box<crate::broadcast::schedule::Period>,
    },
}

/// The flow toward one target.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct TargetFlow {
    /// The target.
    pub target: usize,
    /// Messages per time unit on each arc.
    #[serde(serialize_with = "crate::rational::exact")]
    pub flow: Vec<Q>,
}

/// Context of the captions: node ids and arcs of the platform (the one of pipeline B).
pub use crate::broadcast::step::Context;

impl Context<'_> {
    pub(crate) fn nodes(&self, v: &[usize]) -> String {
        let names: Vec<String> = v.iter().map(|&i| self.node(i)).collect();
        if names.is_empty() {
            "none".to_owned()
        } else {
            names.join(", ")
        }
    }

    fn tried(&self, tried: &[(usize, Q)]) -> String {
        let t: Vec<String> = tried
            .iter()
            .map(|(w, v)| format!("{} → {}", self.node(*w), frac(v)))
            .collect();
        if t.is_empty() {
            "no candidate".to_owned()
        } else {
            t.join(", ")
        }
    }
}

fn phase(name: &'static str, line: usize) -> Phase {
    Phase { name, line }
}

impl Step for MulticastStep {
    type Context<'a> = Context<'a>;

    fn caption(&self, ctx: &Context<'_>) -> String {
        match self {
            MulticastStep::Targeted { targets, dropped_source, unreachable } => {
                let mut s = format!("Highlighted the targets {}: only they must receive every message; the other nodes may relay.", ctx.nodes(targets));
                if *dropped_source {
                    s.push_str(" The source was listed as a target and was dropped.");
                }
                if !unreachable.is_empty() {
                    s.push_str(&format!(" Targets {} cannot be reached from the source, so the multicast is impossible.", ctx.nodes(unreachable)));
                }
                s
            }
            MulticastStep::SolvedUpper { rho, .. } => format!("Solved the upper-bound LP: each target gets its own flow and an arc only carries the largest of them, so at most UB = {} ≈ {} messages per time unit.", frac(rho), approx(rho)),
            MulticastStep::SolvedLower { rho, .. } => format!("Solved the scatter LP, where every target receives a separate copy: LB = {} ≈ {} messages per time unit is surely achievable.", frac(rho), approx(rho)),
            MulticastStep::PruneStarted { nodes, value } => format!("H1 starts from the broadcast to all {} reachable nodes: {} messages per time unit.", nodes.len(), frac(value)),
            MulticastStep::Pruned { removed, value, tried } => format!("H1 removed relay {}, the best removal (tried: {}); the broadcast to the remaining nodes now reaches {}.", ctx.node(*removed), ctx.tried(tried), frac(value)),
            MulticastStep::PruneStopped { value, tried } => format!("H1 stopped: no removal beats {} (tried: {}).", frac(value), ctx.tried(tried)),
            MulticastStep::AugmentStarted { nodes, value } => format!("H2 starts from the source, the targets and the nodes on their routes ({}): broadcasting to them gives {}.", ctx.nodes(nodes), frac(value)),
            MulticastStep::Augmented { added, value, tried } => format!("H2 added node {}, the best addition (tried: {}); the value rises to {}.", ctx.node(*added), ctx.tried(tried), frac(value)),
            MulticastStep::AugmentStopped { value, tried } => format!("H2 stopped: no addition beats {} (tried: {}).", frac(value), ctx.tried(tried)),
            MulticastStep::ExactRound { iteration, lower, upper, tree, theta, added } => {
                let ub = upper.as_ref().map_or_else(|| "unknown".to_owned(), frac);
                let verdict = if *added { "costs less than 1, so it enters the master" } else { "costs at least 1, so no tree can improve: optimal" };
                format!("Round {iteration}: the trees so far give {} (upper bound {ub}); the cheapest Steiner tree under the port prices, {}, costs θ = {} and {verdict}.", frac(lower), ctx.arcs(tree), frac(theta))
            }
            MulticastStep::ExactSolved { rho, trees, converged } => {
                let tail = if *converged { "" } else { " (iteration cap reached: not proved optimal)" };
                format!("The exact multicast optimum is ρ*_D = {} ≈ {} with {} Steiner tree(s){tail}.", frac(rho), approx(rho), trees.len())
            }
            MulticastStep::Summarised { chosen, rho } => match rho {
                Some(r) => format!("Reported the {} scheme: {} ≈ {} messages per time unit to every target.", chosen.label(), frac(r), approx(r)),
                None => "Nothing to send: with no target the throughput is unbounded (∞).".to_owned(),
            },
            MulticastStep::Scheduled { period } => format!(
                "Scheduled the scheme's trees in one period of {} time units: {} slot(s), each a set of transfers using no port twice, moving {} message(s) of every tree (A = {}, L = {}).",
                frac(&period.length), period.slots.len(), period.messages.iter().map(ToString::to_string).collect::<Vec<_>>().join(" + "), period.a, period.l
            ),
        }
    }

    fn phase(&self) -> Phase {
        match self {
            MulticastStep::Targeted { .. } => phase("targets", 0),
            MulticastStep::SolvedUpper { .. } => phase("upper bound", 1),
            MulticastStep::SolvedLower { .. } => phase("lower bound", 2),
            MulticastStep::PruneStarted { .. } => phase("H1", 3),
            MulticastStep::Pruned { .. } | MulticastStep::PruneStopped { .. } => phase("H1", 4),
            MulticastStep::AugmentStarted { .. } => phase("H2", 5),
            MulticastStep::Augmented { .. } | MulticastStep::AugmentStopped { .. } => {
                phase("H2", 6)
            }
            MulticastStep::ExactRound { .. } => phase("exact", 8),
            MulticastStep::ExactSolved { .. } => phase("exact", 7),
            MulticastStep::Summarised { .. } => phase("summary", 9),
            MulticastStep::Scheduled { .. } => phase("schedule", 10),
        }
    }
}
