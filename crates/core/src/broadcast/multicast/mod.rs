//! Multicast (partial broadcast) under the bidirectional one-port model (broadcast.md §5):
//! the upper bound (LP-F restricted to the targets, max rule, §5.2), the scatter lower bound
//! (sum rule, §5.3), the deterministic heuristics H1 and H2 (§5.6) and the exact optimum by
//! column generation with Dreyfus–Wagner pricing (§5.6, small instances), traced as
//! pipeline M (§8.3).
//!
//! Module map: `net.rs` (the plain network, status/objective vocabulary, routes, shared with
//! the unidirectional part), `flow.rs` (LP-F variants), `heuristics.rs` (H1, H2),
//! `steiner.rs` (Dreyfus–Wagner), `arborescence.rs` (Chu–Liu/Edmonds and the tree column
//! generation), `step.rs` (steps, captions, pseudocode), `state.rs` (view model), `run.rs`
//! (the pipeline).

pub mod arborescence;
#[cfg(test)]
pub(crate) mod examples;
pub mod flow;
pub mod heuristics;
pub mod net;
mod run;
pub mod state;
pub mod steiner;
pub mod step;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_oracle;

use serde::Serialize;

pub use net::{Objective, Status};
pub use run::{solve_multicast, solve_multicast_traced, solve_multicast_within};
pub use state::MulticastState;
pub use step::{Context, MulticastStep, TargetFlow, MULTICAST_PSEUDOCODE};

use crate::broadcast::WeightedTree;
use crate::error::SolveError;
use crate::rational::Q;

/// Largest platform for the bounds and heuristics by default (`hetlab solve --no-limits` lifts
/// it): their `O(|V|²)` LP-F solves of `|D|·|E|` flow variables are what costs. Measured (issue
/// 34) natively, release, whole process, `hetlab gen broadcast --shape random` (four arcs per
/// node) with every other node a target, seeds 1–2:
///
/// | nodes / arcs | CPU time | memory |
/// |---|---|---|
/// | 12 / 48 | 0.03–0.16 s | 6 MB |
/// | 14 / 56 | 0.29–0.34 s | 7 MB |
/// | 16 / 64 | 0.40–0.54 s | 7 MB |
/// | 20 / 80 | 0.75–0.82 s | 8 MB |
/// | 25 / 100 | 5.1–5.5 s | 10–36 MB |
/// | 40 / 160 | 35 s | 160 MB |
///
/// Lyon (14 nodes, 182 arcs, 6 targets) took 3.6 s. The limit is the largest measured size
/// that answers within one second natively (issue 34's rule: no family refuses by default what
/// its solver answers within a second natively): 20 nodes and 80 arcs, 1.5–2.5 s in the
/// browser if it is 2–3× slower (assumed, as for the other limits). It was 40 nodes and 400
/// arcs, §10's suggestion for the broadcast pipeline, where a solve takes 35 s.
pub const MAX_NODES: usize = 20;
/// Largest number of arcs for the bounds and heuristics by default (see [`MAX_NODES`]).
pub const MAX_ARCS: usize = 80;
/// Why a multicast on `nodes` nodes and `arcs` arcs is refused under the default limits
/// ([`MAX_NODES`], [`MAX_ARCS`]), as a sentence that says how to lift them.
#[must_use]
pub fn over_limits(nodes: usize, arcs: usize) -> Option<String> {
    (nodes > MAX_NODES || arcs > MAX_ARCS).then(|| {
        format!(
            "the platform is too large for multicast by default ({nodes} nodes, {arcs} arcs; at most {MAX_NODES} and {MAX_ARCS}, where it answers within about a second; `hetlab solve --no-limits` lifts the limit)"
        )
    })
}

/// Largest target set of the exact method (§5.6, §10).
pub const EXACT_MAX_TARGETS: usize = 10;
/// Largest platform of the exact method (§5.6, §10).
pub const EXACT_MAX_NODES: usize = 20;

/// The multicast algorithms (broadcast.md §0.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// Best of LB, H1 and H2, with UB and LB as bounds.
    Lp,
    /// The scatter lower bound.
    MulticastScatter,
    /// H1, pruned broadcast.
    MulticastPruned,
    /// H2, augmented multicast.
    MulticastAugmented,
    /// The exact optimum (small instances).
    MulticastExact,
}

impl Algorithm {
    /// Reads an algorithm name.
    ///
    /// # Errors
    /// A sentence listing the known names.
    pub fn from_name(name: &str) -> Result<Algorithm, SolveError> {
        Ok(match name {
            "lp" => Algorithm::Lp,
            "multicast-scatter" => Algorithm::MulticastScatter,
            "multicast-pruned" => Algorithm::MulticastPruned,
            "multicast-augmented" => Algorithm::MulticastAugmented,
            "multicast-exact" => Algorithm::MulticastExact,
            _ => return Err(SolveError::Unknown(format!("unknown multicast algorithm \"{name}\" (expected lp, multicast-scatter, multicast-pruned, multicast-augmented or multicast-exact)"))),
        })
    }
}

/// Which method produced the reported scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "lowercase")]
pub enum SchemeKind {
    /// Separate copies per target (LB).
    Scatter,
    /// H1.
    Pruned,
    /// H2.
    Augmented,
    /// The exact column generation.
    Exact,
}

impl SchemeKind {
    /// Words for captions.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            SchemeKind::Scatter => "scatter (separate copies)",
            SchemeKind::Pruned => "H1 pruned-broadcast",
            SchemeKind::Augmented => "H2 augmented-multicast",
            SchemeKind::Exact => "exact",
        }
    }
}

/// The bounds and heuristic values computed (`None`: not computed by this algorithm).
#[derive(Clone, Debug, PartialEq, Default, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct MulticastBounds {
    /// UB (§5.2).
    #[serde(serialize_with = "crate::rational::exact")]
    pub upper: Option<Q>,
    /// LB, scatter (§5.3).
    #[serde(serialize_with = "crate::rational::exact")]
    pub lower: Option<Q>,
    /// H1.
    #[serde(serialize_with = "crate::rational::exact")]
    pub pruned: Option<Q>,
    /// H2.
    #[serde(serialize_with = "crate::rational::exact")]
    pub augmented: Option<Q>,
    /// `ρ*_D`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub exact: Option<Q>,
    /// Broadcast to every reachable node (also a valid multicast).
    #[serde(serialize_with = "crate::rational::exact")]
    pub broadcast: Option<Q>,
}

/// The reported scheme: the node set it broadcasts to and its arc usages.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Scheme {
    /// Which method.
    pub kind: SchemeKind,
    /// Nodes taking part (`V'`; for scatter and exact, the nodes its arcs touch plus `s`).
    pub nodes: Vec<usize>,
    /// Messages per time unit on each arc (`n_e`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub arc_usage: Vec<Q>,
}

/// The result of a multicast algorithm (broadcast.md §0.1 field names).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct MulticastSolution {
    /// The algorithm run.
    pub algorithm: Algorithm,
    /// `optimal` (exact), `heuristic`, `infeasible` or `unbounded`.
    pub status: Status,
    /// The reported throughput.
    pub objective: Objective,
    /// The throughput exactly (`None` = `+∞`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub throughput: Option<Q>,
    /// The source.
    pub source: usize,
    /// `D` (the source removed, increasing).
    pub targets: Vec<usize>,
    /// Targets the source cannot reach.
    pub unreachable: Vec<usize>,
    /// Notes about the input (e.g. the source listed as a target).
    pub warnings: Vec<String>,
    /// UB, LB and the values computed.
    pub bounds: MulticastBounds,
    /// The reported scheme (none when infeasible or unbounded).
    pub scheme: Option<Scheme>,
    /// Weighted Steiner trees of the scheme (empty for scatter).
    pub trees: Vec<WeightedTree>,
    /// One period of the chosen scheme's schedule (M6; `None` for scatter or nothing to send).
    pub period: Option<crate::broadcast::schedule::Period>,
}
