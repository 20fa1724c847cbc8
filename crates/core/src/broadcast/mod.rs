//! Steady-state (pipelined) broadcast and multicast on heterogeneous platforms (broadcast.md).
//!
//! A broadcast is summarised by a weighted set of spanning arborescences rooted at the source
//! (§1.5): [`WeightedTree`] is the type every part of this family shares (the LP decomposition,
//! the baselines, the unidirectional column generation and the periodic schedule).
//!
//! # Module map
//! * `mod.rs` — the uniform entry points [`solve`], [`solve_traced`] that the CLI and the page
//!   call with an algorithm name, and the re-exports of the shared types, each in a leaf file
//!   below every algorithm: [`WeightedTree`] (`weighted_tree.rs`), [`BroadcastSolution`] with
//!   its [`PortLoads`] and [`Bounds`] (`solution.rs`), [`BroadcastError`] (`error.rs`),
//!   [`SizeLimits`] (`limits.rs`); [`PortModel`] and [`BroadcastInput`] are the instance's.
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
//!   switch rule [`colgen::use_columns`] (more than [`colgen::LP_F_MAX_NODES`] nodes or
//!   [`colgen::LP_F_MAX_VARS`] LP-F variables).
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
//!   unidirectional) and the result document of formats.md §4; [`extras`] — what the page
//!   shows beside it (both port models' optima, §8.2 U4); [`reach`] — the instance on the
//!   part of the platform the source reaches (§10).

pub mod about;
pub mod baseline;
pub mod baseline_gantt;
pub mod baseline_uni;
#[cfg(feature = "solve")]
pub mod bench;
pub mod colgen;
#[cfg(test)]
mod colgen_tests;
mod colgen_warm;
pub mod compact;
pub mod dispatch;
mod error;
pub mod extract;
pub mod extras;
pub mod family;
pub mod gantt;
pub mod ids;
pub mod instance;
mod limits;
pub mod lp;
pub mod multicast;
#[cfg(feature = "solve")]
pub mod pipeline;
#[cfg(feature = "solve")]
mod pipeline_c;
mod pipeline_net;
#[cfg(feature = "solve")]
mod pipeline_s;
#[cfg(feature = "solve")]
mod pipeline_t;
#[cfg(feature = "solve")]
mod practice;
pub mod reach;
pub mod schedule;
mod slot;
mod solution;
#[cfg(feature = "solve")]
mod solver;
pub mod state;
pub mod step;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_edge;
#[cfg(test)]
mod tests_explain;
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
mod weighted_tree;

pub use error::BroadcastError;
pub use extract::verify_trees;
pub use limits::SizeLimits;
pub use solution::{Bounds, BroadcastSolution, PortLoads};
pub use state::{State, BASELINE_PSEUDOCODE, PSEUDOCODE};
pub use step::{Context, Step};
pub use weighted_tree::WeightedTree;

#[cfg(feature = "solve")]
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

/// The interaction rule at a node (broadcast.md §1.2): part of the instance.
pub use instance::{Broadcast, BroadcastInput, PortModel};

/// The status of a result (broadcast.md §0.1): the one of every family.
pub use crate::report::Status;

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
#[cfg(feature = "solve")]
pub fn solve(input: &BroadcastInput, algorithm: &str) -> Result<BroadcastSolution, BroadcastError> {
    pipeline::run(input, algorithm, &SizeLimits::default(), &mut |_| {})
}

/// [`solve`] with explicit size limits (benchmarks, command line).
///
/// # Errors
/// As [`solve`].
#[cfg(feature = "solve")]
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
#[cfg(feature = "solve")]
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
#[cfg(feature = "solve")]
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
