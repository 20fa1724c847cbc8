//! SLICERING (ring.md, after Renard, Robert and Vivien, Euro-Par 2003): choose the processors of
//! a ring, their order and their shares of the work of an iterative computation on a
//! heterogeneous platform, minimising the time of one step (Eq. 1).
//!
//! Module map:
//! * [`model`]: the cost of a step (Eq. 1) and the optimal shares of a fixed ring (§2), exact
//!   and in `f64` behind one generic model; `scaled`: exact `i128` keys for the searches;
//! * `exhaustive` (§5.1), `held_karp` (§5.2), `greedy` (§6), `tsp` (§7), `homogeneous` (§3):
//!   one file per algorithm, each a private `run(.., emit)` returning a `Found`; `run.rs`
//!   dispatches to them behind [`solve`], [`solve_traced`] and [`solve_named`];
//! * [`sweep`]: the number of processors used against `W/H` (paper Fig. 3) and its transitions;
//!   [`extras`]: what the page shows beside the platform (curves, comparison), also in `--explain`;
//!   [`paper`]: Tables 5–6 as quoted data with the note of §10.3; [`homogeneous::lines`]: the
//!   two lines of the homogeneous panel;
//! * `step` / `state`: the trace ([`RingStep`], captions, phases) and the view model
//!   ([`RingState`]); `verify`: an independent checker; [`report`]: the result document.
//!
//! Processors are 0-based indices (input order), named `P0..` in captions as in the spec.

pub mod about;
#[cfg(feature = "solve")]
pub mod bench;
mod exhaustive;
pub mod extras;
pub mod family;
mod generate;
mod greedy;
mod held_karp;
pub mod homogeneous;
pub mod instance;
pub mod model;
pub mod paper;
#[cfg(feature = "solve")]
mod practice;
pub mod report;
mod run;
mod scaled;
#[cfg(feature = "solve")]
mod solver;
mod state;
mod step;
pub mod sweep;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_level;
#[cfg(test)]
mod tests_platforms;
#[cfg(test)]
mod tests_props;
mod tsp;
mod verify;

use serde::Serialize;

pub use generate::generate;
pub use instance::{Ring, MAGNITUDE_DIGITS, MAX_RING_PROCESSORS};
pub use model::{evaluate, Model, RingEval};
#[cfg(feature = "solve")]
pub use run::{solve, solve_named, solve_traced};
pub use state::{Candidate, RingState};
pub use step::{RingStep, PSEUDOCODE};
pub use verify::{verify, Violation};

pub use crate::report::Status;

use crate::rational::Q;

/// Most processors of the exhaustive search (§5.1: 556 069 rings at 10).
pub const MAX_EXHAUSTIVE: usize = 10;

/// `exact` enumerates up to this many processors and runs Held–Karp above (ring.md §8: the
/// exhaustive search is instant up to 9; at 10 Held–Karp is far faster and certified in
/// practice, with the exhaustive search as its fallback).
pub const EXHAUSTIVE_BELOW: usize = 9;

/// Most processors of the subset Held–Karp (§5.2: `O(2^p·p²)` time, `O(2^p·p)` memory).
pub const MAX_EXACT: usize = 16;

/// Most local-search moves of the TSP heuristic over all starts (a budget; the result says when
/// it was reached).
pub const TSP_MOVE_BUDGET: usize = 100_000;

/// The algorithms of the family (formats.md §7, and the two exact methods by name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// Exhaustive search for `p ≤ 9`, subset Held–Karp up to `p = 16` with the exhaustive
    /// search as fallback at `p = 10` when its bounds do not meet (§5, §8).
    Exact,
    /// Greedy ring growing from the fastest processor (§6).
    Greedy,
    /// All processors, ring from a TSP local search on the corrected distance (§7).
    Tsp,
    /// The closed form of a homogeneous network (§3, Prop. 1).
    Homogeneous,
    /// The exhaustive search of §5.1 (`p ≤ 10`).
    Exhaustive,
    /// The subset Held–Karp bounds of §5.2 (`p ≤ 16`).
    HeldKarp,
    /// The greedy tried from every fastest processor (§6, the option "try every fastest
    /// processor as start").
    GreedyAllStarts,
}

impl Algorithm {
    /// Every algorithm, default first.
    pub const ALL: [Algorithm; 7] = [
        Algorithm::Exact,
        Algorithm::Greedy,
        Algorithm::Tsp,
        Algorithm::Homogeneous,
        Algorithm::Exhaustive,
        Algorithm::HeldKarp,
        Algorithm::GreedyAllStarts,
    ];

    /// The stable name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Exact => "exact",
            Algorithm::Greedy => "greedy",
            Algorithm::Tsp => "tsp",
            Algorithm::Homogeneous => "homogeneous",
            Algorithm::Exhaustive => "exhaustive",
            Algorithm::HeldKarp => "held-karp",
            Algorithm::GreedyAllStarts => "greedy-all-starts",
        }
    }

    /// The algorithm with this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }
}

/// Why an algorithm did not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RingError {
    /// Not an algorithm of the family.
    #[error("unknown ring algorithm \"{0}\" (expected exact, greedy, tsp, homogeneous, exhaustive, held-karp or greedy-all-starts)")]
    Unknown(String),
    /// The instance is over the algorithm's size limit.
    #[error("{0}")]
    TooLarge(String),
    /// The algorithm does not apply to this instance.
    #[error("{0}")]
    NotApplicable(String),
}

/// The best ring of one size (the `T`-against-size plot).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct SizeBest {
    /// Ring size.
    pub q: usize,
    /// The ring.
    pub ring: Vec<usize>,
    /// Its step time.
    #[serde(serialize_with = "crate::rational::exact")]
    pub t: Q,
}

/// The bounds of the subset Held–Karp (§5.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Bounds {
    /// `LB = min(W·w_min, min_S (W + H·L*(S))/inv(S))`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub lb: Q,
    /// `UB = min(W·w_min, min_S T(tour*(S)))`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub ub: Q,
    /// `LB = UB`.
    pub certified: bool,
}

/// A tour on all processors with its length `L` (§4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Tour {
    /// The tour, canonical (starts at 0, second element below the last).
    pub tour: Vec<usize>,
    /// `L = Σ d` over its edges.
    #[serde(serialize_with = "crate::rational::exact")]
    pub length: Q,
}

/// The result of one algorithm.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct RingSolution {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Optimal (exhaustive, certified Held–Karp, homogeneous closed form) or heuristic.
    pub status: Status,
    /// Processor indices in ring order.
    pub ring: Vec<usize>,
    /// Ring size.
    pub q: usize,
    /// Exact shares in ring order.
    #[serde(serialize_with = "crate::rational::exact")]
    pub alpha: Vec<Q>,
    /// The step time `T_step` (Eq. 1), the objective.
    #[serde(serialize_with = "crate::rational::exact")]
    pub t_step: Q,
    /// Everything §2 says about the ring.
    pub eval: RingEval,
    /// Best ring per size: the greedy's history, or the exact best per size.
    pub per_size: Vec<SizeBest>,
    /// Held–Karp bounds (exact for `p > 10`, held-karp).
    pub bounds: Option<Bounds>,
    /// The all-processor tour (tsp: the local search's; held-karp and exact above 10
    /// processors: the optimal one).
    pub tour: Option<Tour>,
    /// tsp, up to 16 processors: the optimal TSP tour (Held–Karp), to compare (§7).
    pub exact_tour: Option<Tour>,
    /// A work budget was reached (the TSP local search); the result is still a valid ring.
    pub budget_hit: bool,
    /// Remarks (free links, asymmetric costs, the homogeneous threshold, ...).
    pub notes: Vec<String>,
}

/// What an algorithm found before the final evaluation.
pub(crate) struct Found {
    pub status: Status,
    pub ring: Vec<usize>,
    pub per_size: Vec<SizeBest>,
    pub bounds: Option<Bounds>,
    pub tour: Option<Tour>,
    pub exact_tour: Option<Tour>,
    pub budget_hit: bool,
    pub notes: Vec<String>,
}

impl Found {
    pub(crate) fn new(status: Status, ring: Vec<usize>) -> Found {
        Found {
            status,
            ring,
            per_size: Vec::new(),
            bounds: None,
            tour: None,
            exact_tour: None,
            budget_hit: false,
            notes: Vec::new(),
        }
    }
}

/// The fastest processor (smallest cycle time, then smallest index).
pub(crate) fn fastest<V: PartialOrd>(w: &[V]) -> usize {
    let mut best = 0;
    for (i, v) in w.iter().enumerate() {
        if *v < w[best] {
            best = i;
        }
    }
    best
}

/// Rotates a cycle to start at its smallest element, then orients it so that the second element
/// is below the last (ring.md §10.1's canonical form).
#[must_use]
pub fn canonical(ring: &[usize]) -> Vec<usize> {
    let Some(start) = (0..ring.len()).min_by_key(|&k| ring[k]) else {
        return Vec::new();
    };
    let mut out: Vec<usize> = ring[start..]
        .iter()
        .chain(&ring[..start])
        .copied()
        .collect();
    if out.len() > 2 && out[1] > out[out.len() - 1] {
        out[1..].reverse();
    }
    out
}
