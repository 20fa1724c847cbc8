//! One-dimensional chain partitioning on heterogeneous processors (chains.md, after Pınar,
//! Tabak and Aykanat, JPDC 2008): cut a chain of `N` weighted tasks into `P` consecutive parts
//! for a chain of processors of different speeds, minimising the bottleneck load.
//!
//! Module map:
//! * `ratio`: exact bottleneck values in `u128` (§2); `chain`: prefix sums, searches, loads,
//!   bids, bounds (§3–4); [`bounds`]: the upper bounds of §4 in every result; `probe`:
//!   LR/RL-PROBE and the run context (lazy trace emission);
//! * `heuristics` (RB, MP, §5), `dp` (Eq. 4, Fig. 2a, DP+, §6.1–6.3), `nicol` (NICOL and
//!   NICOL+, §6.4–6.5), `bidding` (§6.6), `bisection` (ε and exact, §6.7–6.8), `exhaustive`
//!   (the reference, §6.0), `cp` (random orders and exact CP, §8);
//! * [`workload`]: SplitMix64, the generators and presets of §9 and the scaling experiment;
//! * `step` / `state`: the trace ([`ChainStep`]) and the view model ([`ChainsState`]);
//!   `verify`: the independent checker; [`report`]: the result document; [`extras`]: every
//!   algorithm side by side (the page and `--explain`).
//!
//! Every exact algorithm returns the same rational `B_opt`; the partition shown is
//! `LR-PROBE(B_opt)` (§3.6). No floating point decides anything except inside the
//! generators of §9 (whose float steps the spec fixes); `f64` is otherwise display only.

pub mod about;
#[cfg(feature = "solve")]
pub mod bench;
mod bidding;
mod bisection;
pub mod bounds;
mod caption;
pub mod chain;
pub mod cp;
mod dp;
mod exhaustive;
pub mod extras;
pub mod family;
pub mod gallery;
pub mod generate;
mod heuristics;
pub mod instance;
mod limits;
mod nicol;
#[cfg(feature = "solve")]
mod practice;
mod probe;
pub mod ratio;
pub mod rb_tree;
pub mod report;
mod run;
pub mod scaling;
mod scenes;
#[cfg(feature = "solve")]
mod solver;
mod state;
mod step;
mod verify;
pub mod workload;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_api;
#[cfg(test)]
mod tests_more;
#[cfg(test)]
mod tests_props;
#[cfg(test)]
mod tests_rb;

use serde::Serialize;

pub use bisection::epsilon;
pub use chain::Chain;
pub use instance::Chains;
pub use limits::check;
pub use rb_tree::{RbCut, RbNode, RbTree};
#[cfg(feature = "solve")]
pub use run::{solve, solve_input, solve_traced, solve_within};
pub use scenes::{compare, compared, optimum, probe_scene};
pub use state::{task_bins, ChainsState, BAR_CELLS};
pub use step::{Action, ChainStep, Dir, Reason, PSEUDOCODE};
pub use verify::{verify, Violation};

use crate::rational::Q;

/// Most tasks (`N`).
pub const MAX_TASKS: usize = 1 << 20;
/// Most processors (`P`, chains.md §7).
pub const MAX_PROCESSORS: usize = 4096;
/// Largest total weight `W_tot` (keeps every exact value in `u128`, §2 and `ratio`).
pub const MAX_TOTAL_WEIGHT: u64 = 1 << 40;
/// Largest total speed `E_tot`.
pub const MAX_TOTAL_SPEED: u64 = 1 << 24;
/// Most table cells for DP and DP+ (`N·P`, or DP+'s band) by default (`hetlab solve
/// --no-limits` lifts it). Measured (issue 34) natively, release, whole process, `dp` on random
/// chains (weights 1–9, speeds 1–10): 2.5·10⁶ cells 0.05 s, 10⁷ cells (N = 250 000, P = 40)
/// 0.24 s, 2.5·10⁷ 0.52 s, 10⁸ 2.1 s, in 25 MB at every size (two rows of the table); DP+ took
/// under 0.01 s on all of them. With the browser 2–3× slower (assumed) 10⁷ cells answer in
/// about 0.5–0.7 s there, so the limit stays.
pub const DP_MAX_CELLS: usize = 10_000_000;
/// Most inner steps (`N²P/2`) for the Eq. 4 table.
pub const EQ4_MAX_WORK: u128 = 4_000_000;
/// Most probe work (`probes × P`) for NICOL and NICOL+ before they stop.
pub const NICOL_BUDGET: usize = 4_000_000;
/// Default number of random orders for `cp-random` (formats.md §3.1).
pub const DEFAULT_ORDERS: usize = 100;
/// Most random orders for `cp-random` (the paper's largest `R`).
pub const MAX_ORDERS: usize = 10_000;

pub use bidding::BIDDING_BUDGET;
pub use cp::{CP_EXACT_MAX_PROCESSORS, CP_WORK};
pub use exhaustive::EXHAUSTIVE_MAX;

/// A chains instance (formats.md §3.1): task weights and processor speeds, positive integers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainsInput {
    /// `w_1..w_N`.
    pub weights: Vec<u64>,
    /// `e_1..e_P`.
    pub speeds: Vec<u64>,
    /// Random orders for `cp-random` (`R`).
    pub orders: usize,
    /// Seed of `cp-random`'s shuffles.
    pub seed: u64,
}

impl ChainsInput {
    /// An instance with the default CP options.
    #[must_use]
    pub fn new(weights: Vec<u64>, speeds: Vec<u64>) -> ChainsInput {
        ChainsInput {
            weights,
            speeds,
            orders: DEFAULT_ORDERS,
            seed: 1,
        }
    }
}

/// The algorithms (formats.md §7, plus `dp-eq4`, `exhaustive` and `cp-exact` of chains.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// EXACT-BISECTION (§6.8), the default.
    ExactBisection,
    /// DP in `O(NP)` (§6.2).
    Dp,
    /// DP+ (§6.3).
    DpPlus,
    /// NICOL (§6.4).
    Nicol,
    /// NICOL+ (§6.5).
    NicolPlus,
    /// BIDDING (§6.6).
    Bidding,
    /// ε-BISECTION (§6.7).
    EpsBisection,
    /// Recursive bisection (§5.1).
    Rb,
    /// Miguet–Pierson (§5.2).
    Mp,
    /// CP, best of R random orders (§8.2).
    CpRandom,
    /// DP by Eq. 4 (§6.1), for the table animation.
    DpEq4,
    /// Exhaustive enumeration (§6.0), the reference.
    Exhaustive,
    /// Exact CP for `P ≤ 8` (§8.3).
    CpExact,
}

impl Algorithm {
    /// Every algorithm, the default first.
    pub const ALL: [Algorithm; 13] = [
        Algorithm::ExactBisection,
        Algorithm::Dp,
        Algorithm::DpPlus,
        Algorithm::Nicol,
        Algorithm::NicolPlus,
        Algorithm::Bidding,
        Algorithm::EpsBisection,
        Algorithm::Rb,
        Algorithm::Mp,
        Algorithm::CpRandom,
        Algorithm::DpEq4,
        Algorithm::Exhaustive,
        Algorithm::CpExact,
    ];

    /// Stable name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::ExactBisection => "exact-bisection",
            Algorithm::Dp => "dp",
            Algorithm::DpPlus => "dp-plus",
            Algorithm::Nicol => "nicol",
            Algorithm::NicolPlus => "nicol-plus",
            Algorithm::Bidding => "bidding",
            Algorithm::EpsBisection => "eps-bisection",
            Algorithm::Rb => "rb",
            Algorithm::Mp => "mp",
            Algorithm::CpRandom => "cp-random",
            Algorithm::DpEq4 => "dp-eq4",
            Algorithm::Exhaustive => "exhaustive",
            Algorithm::CpExact => "cp-exact",
        }
    }

    /// The algorithm with this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Returns the optimum of its problem (CCP, or CP for `cp-exact`).
    #[must_use]
    pub fn is_exact(self) -> bool {
        !matches!(
            self,
            Algorithm::Rb | Algorithm::Mp | Algorithm::EpsBisection | Algorithm::CpRandom
        )
    }

    /// Reorders the processors (CP).
    #[must_use]
    pub fn is_cp(self) -> bool {
        matches!(self, Algorithm::CpRandom | Algorithm::CpExact)
    }
}

/// A partition with its bottleneck (formats.md §3.1 result fields and more).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct ChainsSolution {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The bottleneck `B(s)` of the partition.
    #[serde(serialize_with = "crate::rational::exact")]
    pub bottleneck: Q,
    /// `s_0..s_P`.
    pub separators: Vec<usize>,
    /// Loads, one per part (processor order, or `order` for CP).
    #[serde(serialize_with = "crate::rational::exact")]
    pub loads: Vec<Q>,
    /// `B* = W_tot / E_tot`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub ideal: Q,
    /// `100·(B − B*)/B*`.
    pub imbalance: f64,
    /// The upper bounds of chains.md §4 (`UB_greedy`, `UB_eq6`, `UB_nicol`, `UB_bis`).
    pub bounds: bounds::Bounds,
    /// Probes made (the final rebuild of the partition not counted).
    pub probes: usize,
    /// `RL-PROBE(B_opt).s`, the right-greedy optimal partition (exact CCP algorithms).
    pub right_separators: Option<Vec<usize>>,
    /// ε-BISECTION's returned value `UB` (within ε of the optimum): the value chains.md §6.7
    /// returns (EX1: 45057/4096). The objective (`bottleneck`) is instead the bottleneck of the
    /// partition LR-PROBE builds at `UB`, never above it (EX1: 11): the partition is what a user
    /// runs, and the page and the result document show both.
    #[serde(serialize_with = "crate::rational::exact")]
    pub bound: Option<Q>,
    /// NICOL's candidates, one per processor.
    #[serde(serialize_with = "crate::rational::exact")]
    pub candidates: Option<Vec<Q>>,
    /// BIDDING's rounds.
    pub rounds: Option<usize>,
    /// CP: processor indices (0-based, input order) in chain order.
    pub order: Option<Vec<usize>>,
    /// CP: the value of every order tried.
    #[serde(serialize_with = "crate::rational::exact")]
    pub values: Option<Vec<Q>>,
}

/// Why an instance or algorithm was refused.
#[derive(
    Clone,
    Debug,
    PartialEq,
    Eq,
    thiserror::Error,
    serde::Serialize,
    nanoserde::SerBin,
    nanoserde::DeBin,
)]
pub enum ChainsError {
    /// Not an algorithm of this family.
    #[error("unknown chains algorithm \"{0}\" (known: exact-bisection, dp, dp-plus, nicol, nicol-plus, bidding, eps-bisection, rb, mp, cp-random, dp-eq4, exhaustive, cp-exact)")]
    UnknownAlgorithm(String),
    /// The instance breaks a rule of chains.md §13.
    #[error("{0}")]
    Invalid(String),
    /// The instance is too large for this algorithm; a faster one is named.
    #[error("{algorithm}: {why}; use {suggest} instead")]
    TooLarge {
        /// The algorithm refusing.
        algorithm: crate::intern::Name,
        /// The limit hit.
        why: String,
        /// A faster algorithm.
        suggest: crate::intern::Name,
    },
}
