//! Broadcast under the unidirectional one-port model (broadcast.md §6): at any instant a node
//! takes part in at most one transfer. The naive port-sum LP is only an upper bound (§6.1);
//! LP-U over trees and matchings (§6.2) is solved by column generation (§6.4) in exact
//! rationals, the matchings become the slots of the Gantt chart (§6.6), and node
//! transformations (§6.5) emulate bidirectional and Δ-port nodes. Traced as pipeline U (§8.2).
//!
//! Module map: `matching.rs` (conflict graph, maximum-weight matching by subset program, odd
//! cycles), `colgen.rs` (restricted master and pricing loop), `warm.rs` (its float master from
//! 11 nodes: warm start, then the basis of each exact round), `naive.rs` (U0 by a packing of
//! trees from 11 nodes), `gantt.rs` (slots, water filling,
//! `verify`), `transform.rs` (§6.5), `transform_run.rs` +
//! `transform_step.rs` (§6.5 as the algorithms `split-nodes` and `delta-port-nodes`: steps,
//! captions, view model, verifier), `step.rs` / `state.rs` (trace and view model), `run.rs`.
//! The network type, LP-F and Chu–Liu/Edmonds come from `broadcast::multicast`.
//!
//! # Performance (native release, `hetlab solve`, CPU time on this 2-core machine)
//! Lyon (14 nodes, 182 arcs, complete): 2.07 s → 0.34 s; Strasbourg (13 nodes, 156 arcs):
//! 1.04 s → 0.23 s; random 20-node platforms (`hetlab gen broadcast --size 20`, seeds 1–8):
//! 0.21–0.81 s → 0.05–0.21 s. Where the time went before: the float warm start on minilp's dual
//! simplex (one row per column, each re-solve dearer than the last), the exact masters
//! (minilp's primal and dual from scratch, then exact support solves with 80-digit numbers)
//! and LP-F for U0 (2 224 variables on Lyon). Now: a float master that grows by columns
//! (`lp::ColumnLp`), exact rounds that read the vertex of its basis (`lp::solve_basis`, two
//! square solves with Markowitz pivots) and U0 by trees; the exact rounds usually stop after
//! one. From 11 nodes the trees and matchings returned (and U0's loads in the trace) are
//! another optimal vertex than LP-F's and minilp's would be; ρ* and every bound are the same.
//! Before the warm starts (plain §6.4 loop): 10 nodes 1.2 s (75 rounds), 20 nodes 103 s; the
//! pricing programs run on `i128` when the scaled duals fit, on big integers otherwise.
//!
//! # Spec examples
//! E1, E2, E4 reproduce §9's trees and matchings exactly; E3 reaches the same `ρ*_uni = 3/10`
//! at another optimal vertex (allowed by §9.8), so only its value is tested.

pub mod colgen;
pub mod gantt;
pub mod matching;
mod naive;
mod run;
pub mod state;
pub mod step;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_transform;
pub mod transform;
pub mod transform_run;
mod transform_step;
mod warm;

use serde::Serialize;

pub use colgen::WeightedMatching;
pub use gantt::{verify, Period, Piece, Slot, SlotArc};
pub use run::{
    over_limits, solve_unidirectional, solve_unidirectional_traced, solve_unidirectional_within,
};
pub use state::UniState;
pub use step::{PricedRound, UniStep, UNIDIRECTIONAL_PSEUDOCODE};
pub use transform::{transformed_throughput, NodeKind};
pub use transform_run::{TransformSolution, TransformStep, TRANSFORM_PSEUDOCODE};
pub use transform_step::TransformState;

use crate::broadcast::multicast::net::{Objective, Status};
use crate::broadcast::WeightedTree;
use crate::rational::Q;

/// Largest platform of the unidirectional column generation: broadcast.md §10's 20 (also the
/// largest group the matching oracle takes). Measured natively (release) on random 20-node
/// platforms, seeds 1–8: 0.05–0.21 s CPU, with the float master of the column generation, U0 by
/// trees and the memoised matching oracle (before them: 16.8 s for seed 1, 1.7 min on denser
/// ones).
pub const MAX_NODES: usize = 20;
/// Largest number of arcs of the unidirectional column generation.
pub const MAX_ARCS: usize = 400;

/// Bounds shown with the unidirectional optimum.
#[derive(Clone, Debug, PartialEq, Default, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct UniBounds {
    /// The naive port-sum LP (an upper bound, §6.1).
    #[serde(serialize_with = "crate::rational::exact")]
    pub naive: Option<Q>,
    /// Last master value (achievable).
    #[serde(serialize_with = "crate::rational::exact")]
    pub lower: Option<Q>,
    /// Last dual bound (equal to `lower` when converged).
    #[serde(serialize_with = "crate::rational::exact")]
    pub upper: Option<Q>,
}

/// The result of the unidirectional broadcast (broadcast.md §0.1 field names).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct UniSolution {
    /// `optimal`, `heuristic` (not converged), `infeasible` or `unbounded`.
    pub status: Status,
    /// The throughput.
    pub objective: Objective,
    /// The throughput exactly (`None` = `+∞`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub throughput: Option<Q>,
    /// The source.
    pub source: usize,
    /// Nodes the source cannot reach.
    pub unreachable: Vec<usize>,
    /// Notes (e.g. not converged).
    pub warnings: Vec<String>,
    /// Naive bound and the final bracket.
    pub bounds: UniBounds,
    /// Column-generation rounds run.
    pub iterations: usize,
    /// Broadcast trees with `y_T > 0` (`weight` = messages per time unit).
    pub trees: Vec<WeightedTree>,
    /// Matchings with `x_M > 0` (`weight` = fraction of time).
    pub matchings: Vec<WeightedMatching>,
    /// One period of the schedule (the Gantt chart of §6.6).
    pub period: Period,
}
