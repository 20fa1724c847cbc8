//! Steady-state (pipelined) broadcast and multicast on heterogeneous platforms (broadcast.md).
//!
//! A broadcast is summarised by a weighted set of spanning arborescences rooted at the source
//! (§1.5): [`WeightedTree`] is the type every part of this family shares (the LP decomposition,
//! the baselines, the unidirectional column generation and the periodic schedule).
//!
//! # Module map
//! * `mod.rs` — shared types ([`WeightedTree`], [`PortModel`], [`BroadcastInput`],
//!   [`BroadcastSolution`], [`BroadcastError`]) and the uniform entry points [`solve`],
//!   [`solve_traced`] that the CLI and the page call with an algorithm name.
//! * [`lp`] — quick bounds (§2.5), LP-F (§2.2) for any destination set and sharing rule (reused
//!   by multicast), tightened usages, port prices, minimum cuts per destination (§2.4).
//! * [`extract`] — EXTRACT (§3.3): weighted spanning arborescences whose weights sum to `ρ*`,
//!   exact, deterministic (§3.6); [`verify_trees`] checks any weighted tree set.
//! * [`schedule`] — the periodic schedule of §4 (matchings through
//!   [`crate::graph::matching::decompose`], integral period, water filling, generations);
//!   [`gantt`] — its Gantt bars (§4.5) and the slot-by-slot [`gantt::verify`].
//! * [`baseline`] — single trees and overlays of §7 (fixed tree, best single tree, star, chain,
//!   binomial, greedy, shortest-path tree).
//! * [`colgen`] — column generation on LP-T (§3.7): master over weighted spanning
//!   arborescences and Chu–Liu/Edmonds pricing (both reused from `multicast::arborescence`),
//!   the starting trees, the exact dual certificate, LP-F's flows read off the trees, and the
//!   switch rule [`colgen::use_columns`] (more than [`colgen::LP_F_MAX_VARS`] LP-F variables).
//! * [`pipeline`] — the bidirectional pipeline B (§8.1) behind the private `run(.., emit)`;
//!   `pipeline_c.rs` — its column-generation stages C1–C3 (`lp` on large platforms,
//!   `tree-colgen` always) in place of LP-F and EXTRACT; `pipeline_t.rs` — the baseline
//!   pipeline T (§8.4).
//! * `tests*.rs` — §9 examples, §10 edge cases, random platforms and brute force;
//!   `colgen_tests.rs` — column generation against LP-F, the switch, a 50-node platform.
//! * [`step`], [`state`] — the trace: [`Step`] with captions and phases, the replayed view
//!   model [`State`], the pseudocode panes.
//! * `presets/broadcast-e*.json` — the instances of §9 (E1–E5) as broadcast instance files
//!   ([`EXAMPLES`]), also the page's presets.
//! * [`multicast`] (§5: bounds, H1/H2, exact Steiner column generation, pipeline M; also the
//!   shared `Net`, LP-F builder and Chu–Liu/Edmonds arborescences) and [`unidirectional`] (§6:
//!   column generation with tree and matching pricing, node transformations, pipeline U).
//! * [`dispatch`] — one entry for every broadcast instance (bidirectional, multicast,
//!   unidirectional) and the result document of formats.md §4.

pub mod about;
pub mod baseline;
pub mod baseline_gantt;
pub mod baseline_uni;
pub mod bench;
pub mod colgen;
#[cfg(test)]
mod colgen_tests;
mod colgen_warm;
pub mod compact;
pub mod dispatch;
pub mod extract;
pub mod family;
pub mod gantt;
pub mod ids;
pub mod instance;
pub mod lp;
pub mod multicast;
pub mod pipeline;
mod pipeline_c;
mod pipeline_net;
mod pipeline_s;
mod pipeline_t;
mod practice;
pub mod schedule;
pub mod state;
pub mod step;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_edge;
#[cfg(test)]
mod tests_props;
#[cfg(test)]
mod tests_random;
#[cfg(test)]
mod tests_uni_baselines;
#[cfg(test)]
mod tests_uni_gantt;
pub mod timeline;
pub mod unidirectional;

use serde::Serialize;

pub use extract::verify_trees;
pub use state::{State, BASELINE_PSEUDOCODE, PSEUDOCODE};
pub use step::{Context, Step};

use crate::rational::Q;
use crate::trace::{Trace, Traced};

/// The worked examples of broadcast.md §9 as instance files (formats.md §3): `(name, json)`.
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "e1-triangle",
        include_str!("../../presets/broadcast-e1.json"),
    ),
    (
        "e2-two-relays",
        include_str!("../../presets/broadcast-e2.json"),
    ),
    (
        "e3-five-nodes",
        include_str!("../../presets/broadcast-e3.json"),
    ),
    ("e4-k5", include_str!("../../presets/broadcast-e4.json")),
    ("e5-tree", include_str!("../../presets/broadcast-e5.json")),
];

/// A broadcast (or multicast) tree with the number of messages per time unit sent along it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct WeightedTree {
    /// Arc ids (`Platform::arcs` order), sorted increasingly.
    pub arcs: Vec<usize>,
    /// Messages per time unit along this tree (`α_q`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub weight: Q,
}

/// The interaction rule at a node (broadcast.md §1.2): part of the instance.
pub use instance::{Broadcast, PortModel};

/// A broadcast instance (broadcast.md §0.1, formats.md §3): node indices, not ids. The same
/// type the instance parser returns.
pub type BroadcastInput = Broadcast;

/// The status of a result (broadcast.md §0.1): the one of every family.
pub use crate::report::Status;

/// Busy time per time unit of every port.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct PortLoads {
    /// `out(v)` per node.
    #[serde(serialize_with = "crate::rational::exact")]
    pub out: Vec<Q>,
    /// `in(v)` per node.
    #[serde(rename = "in", serialize_with = "crate::rational::exact")]
    pub inn: Vec<Q>,
}

/// Bounds shown next to the result (§2.5; multicast puts its UB/LB here too).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Default, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Bounds {
    /// The quick upper bounds, one per port that gives one.
    pub quick: Vec<lp::QuickBound>,
    /// Least upper bound known (`None`: none, i.e. `+∞`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub upper: Option<Q>,
    /// Greatest lower bound known (the greedy tree's throughput for the LP pipeline).
    #[serde(serialize_with = "crate::rational::exact")]
    pub lower: Option<Q>,
}

/// The answer of any broadcast algorithm, in the words of §0.1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct BroadcastSolution {
    /// The algorithm name (`lp`, `best-tree`, `star`, ...).
    pub algorithm: String,
    /// See [`Status`].
    pub status: Status,
    /// Messages per time unit delivered to every destination; `None` means `+∞`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub throughput: Option<Q>,
    /// The weighted trees (extraction order for `lp`; one tree for single-tree baselines).
    pub trees: Vec<WeightedTree>,
    /// `n_e`: messages per time unit crossing each arc.
    #[serde(serialize_with = "crate::rational::exact")]
    pub arc_usage: Vec<Q>,
    /// Port loads of `arc_usage`.
    pub port_loads: PortLoads,
    /// One period of the schedule (`None` when there is nothing to schedule, or for overlays
    /// whose routes do not form a tree).
    pub period: Option<schedule::Period>,
    /// Quick bounds.
    pub bounds: Bounds,
    /// Nodes the source cannot reach (status `infeasible` when not empty).
    pub unreachable: Vec<usize>,
    /// LP-F's solution (algorithm `lp`).
    pub lp: Option<lp::FlowSolution>,
    /// A minimum cut per destination for the usages (algorithm `lp`, §2.4).
    pub cuts: Vec<lp::DestinationCut>,
    /// The details of a baseline (its routes, whether the search was complete).
    pub baseline: Option<baseline::Baseline>,
}

/// Why no result was produced.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum BroadcastError {
    /// The input cannot be solved as given (the message says why).
    #[error("{0}")]
    BadInput(String),
    /// Over the size limits of the exact pipeline.
    #[error("the platform is too large for the exact pipeline ({nodes} nodes, {arcs} arcs; at most {max_nodes} and {max_arcs})")]
    TooLarge {
        /// Nodes of the input.
        nodes: usize,
        /// Arcs of the input.
        arcs: usize,
        /// Node limit.
        max_nodes: usize,
        /// Arc limit.
        max_arcs: usize,
    },
    /// The instance is a multicast or uses the unidirectional model, which this entry does not
    /// solve: [`dispatch::run`] routes every kind of broadcast instance.
    #[error("{0} is solved by broadcast::dispatch::run, not by the bidirectional pipeline")]
    OtherPipeline(String),
    /// No such algorithm.
    #[error("unknown broadcast algorithm \"{0}\" (try lp, best-tree, star, chain, binomial, greedy-tree, spt, tree-colgen)")]
    UnknownAlgorithm(String),
    /// A baseline is not defined on this platform (no route for a logical edge).
    #[error("{0}")]
    NotApplicable(String),
    /// The LP solver gave no certified answer.
    #[error("the LP could not be solved exactly: {0}")]
    Lp(#[from] crate::lp::LpError),
    /// A guarantee of the theory failed: a bug, reported rather than panicking.
    #[error("internal error in the broadcast solver: {0}")]
    Internal(String),
}

/// Size limits of the exact pipeline: 100 nodes and 400 arcs, broadcast.md §10's arcs and the
/// issue's largest benchmark platform.
///
/// Why (measured natively, release build, whole `lp` pipeline): above
/// [`colgen::LP_F_MAX_VARS`] LP-F variables (13 nodes at four arcs per node) the pipeline solves
/// LP-T by column generation, started from the trees a float pass suggests
/// ([`colgen::seeds`]); its time is that of the exact master LPs. Random connected platforms
/// with two-decimal costs in `0.10..9.99`: 40 nodes and 400 arcs 0.11–0.39 s, 60 nodes and
/// 400 arcs 0.26 s, 100 nodes and 400 arcs 0.66–1.6 s; complete graphs on 13, 16 and 20 nodes
/// 0.06, 0.17 and 0.49 s; Lyon (14 nodes, 182 arcs) 0.10 s, Strasbourg 0.01 s. Without the
/// float pass, 40 nodes and 400 arcs took 43–134 s and Lyon stopped at the round budget
/// [`colgen::MAX_ROUNDS`]. The site solves in a worker, with progress and Cancel (the browser
/// is 2–3× slower). [`solve_within`] lifts the limits (benchmarks, command line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeLimits {
    /// Most nodes.
    pub max_nodes: usize,
    /// Most arcs.
    pub max_arcs: usize,
}

impl SizeLimits {
    /// No node or arc limit (`hetlab solve --no-limits`, benchmarks).
    #[must_use]
    pub fn lifted() -> Self {
        SizeLimits {
            max_nodes: usize::MAX,
            max_arcs: usize::MAX,
        }
    }
}

impl Default for SizeLimits {
    fn default() -> Self {
        SizeLimits {
            max_nodes: 100,
            max_arcs: 400,
        }
    }
}

/// Solves a broadcast instance with the named algorithm (first = default: `lp`), under the
/// default [`SizeLimits`].
///
/// Algorithms: `lp` (LP-F, EXTRACT, periodic schedule: §2–4; column generation on LP-T, §3.7,
/// in place of LP-F and EXTRACT when LP-F would be large: [`colgen::use_columns`]),
/// `best-tree` (§7.2), `star`, `chain`, `binomial` (§7.3), `greedy-tree`, `spt` (§7.4),
/// `tree-colgen` (the `lp` pipeline with column generation at any size, §3.7).
///
/// # Complexity
/// `lp`: one LP of `O(|V|·|E|)` variables, then `O(|V|·|E|)` max-flows per tree at worst,
/// or column generation ([`colgen::solve_trees`]); baselines: see [`baseline`].
///
/// # Errors
/// [`BroadcastError::BadInput`] for an empty platform or an unknown source;
/// [`BroadcastError::OtherPipeline`] for multicast targets or the unidirectional model (see
/// [`dispatch::run`]); [`BroadcastError::UnknownAlgorithm`]; [`BroadcastError::TooLarge`];
/// [`BroadcastError::NotApplicable`] for an overlay without routes; [`BroadcastError::Lp`].
pub fn solve(input: &BroadcastInput, algorithm: &str) -> Result<BroadcastSolution, BroadcastError> {
    pipeline::run(input, algorithm, &SizeLimits::default(), &mut |_| {})
}

/// [`solve`] with explicit size limits (benchmarks, command line).
///
/// # Errors
/// As [`solve`].
pub fn solve_within(
    input: &BroadcastInput,
    algorithm: &str,
    limits: &SizeLimits,
) -> Result<BroadcastSolution, BroadcastError> {
    pipeline::run(input, algorithm, limits, &mut |_| {})
}

/// As [`solve`], with the steps the player replays into a [`State`].
///
/// # Errors
/// As [`solve`].
pub fn solve_traced(
    input: &BroadcastInput,
    algorithm: &str,
) -> Result<Traced<BroadcastSolution, Step>, BroadcastError> {
    solve_traced_within(input, algorithm, &SizeLimits::default())
}

/// [`solve_traced`] with explicit size limits (benchmarks).
///
/// # Errors
/// As [`solve`].
pub fn solve_traced_within(
    input: &BroadcastInput,
    algorithm: &str,
    limits: &SizeLimits,
) -> Result<Traced<BroadcastSolution, Step>, BroadcastError> {
    let mut trace = Trace::default();
    let solution = pipeline::run(input, algorithm, limits, &mut |s| {
        trace.push(s);
    })?;
    Ok(Traced { solution, trace })
}
