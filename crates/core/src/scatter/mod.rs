//! Load-balancing a scatter from a single-port root on heterogeneous processors (scatter.md;
//! Genaud, Giersch and Vivien, *Load-balancing scatter operations for grid computing*, 2003/2004).
//!
//! Module map:
//! * [`model`]: costs, end times and makespan (§1.3, zero shares not contacted), the uniform
//!   distribution of MPI_Scatter;
//! * [`dp`]: the exact `O(p·n²)` DP of §2 on integer-scaled costs;
//! * [`closed`]: linear costs, rational shares: Theorems 1–3 (§3);
//! * [`lp`]: the LP of §4.1 (exact), its bound (§4.2) and the deterministic rounding (§4.3);
//! * `run`, `search`: the named algorithms (orders, exhaustive order search, root choice);
//! * `step` / `state`: the trace ([`ScatterStep`]) and the view model ([`ScatterState`]);
//! * `verify`: an independent checker; [`report`]: the result document; [`extras`]: the
//!   rational shares' schedule the page draws (also in `--explain`).
//!
//! Everything is exact (rationals, or integers scaled by the common denominator in the DP).

pub mod about;
#[cfg(feature = "solve")]
pub mod bench;
pub mod closed;
pub mod dp;
pub mod extras;
pub mod family;
pub mod generate;
pub mod instance;
pub mod lp;
pub mod model;
mod paths;
#[cfg(feature = "solve")]
mod practice;
pub mod report;
mod run;
pub mod search;
#[cfg(feature = "solve")]
mod solver;
mod state;
mod step;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_props;
#[cfg(test)]
mod tests_tables;
pub mod timeline;
mod verify;

use serde::Serialize;

pub use closed::Participation;
pub use instance::{
    Affine, RootTransfer, Scatter, ScatterProcessor, MAX_ITEMS, MAX_SCATTER_PROCESSORS,
    MAX_TABLE_ITEMS,
};
pub use lp::{RoundStep, Rule};
pub use model::{CostTables, Model, Row, Schedule};
#[cfg(feature = "solve")]
pub use run::{solve, solve_traced};
pub use state::{Cell, RootBar, ScatterState};
pub use step::{OrderWhy, ScatterStep, SCATTER_PSEUDOCODE};
pub use verify::{verify, Violation};

use crate::rational::Q;

/// Most DP work `p·n²` (scatter.md §2: the browser limit); above it the DP is refused and
/// `lp-rounded` is offered. The exhaustive order search counts every order it runs.
pub const MAX_DP_WORK: u128 = 1_000_000_000;

/// Most processors for the exhaustive order search (`(p−1)!` orders, scatter.md §5).
pub const MAX_SEARCH_PROCESSORS: usize = 7;

/// Largest `n` for which the trace shows every DP cell with its candidate curve (§7).
pub const DP_CELL_LIMIT: u64 = 60;

/// The algorithms of the family (catalog names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// The exact DP (§2) in the given order.
    Dp,
    /// The LP (§4.1) and the rounding (§4.3) in the given order.
    LpRounded,
    /// The rational optimum of linear costs (§3.1–3.2) in the given order.
    ClosedForm,
    /// The ordering policy (§5) then the DP.
    DpSorted,
    /// Every order of the non-root processors with the DP (§5, `p ≤ 7`).
    OrderSearch,
    /// The root choice of §5 (needs `root_transfer`).
    RootChoice,
}

impl Algorithm {
    /// The algorithms that read general cost tables (scatter.md §1.1: the DP only).
    pub const READ_TABLES: [Algorithm; 2] = [Algorithm::Dp, Algorithm::OrderSearch];

    /// Every algorithm, the default first.
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Dp,
        Algorithm::LpRounded,
        Algorithm::ClosedForm,
        Algorithm::DpSorted,
        Algorithm::OrderSearch,
        Algorithm::RootChoice,
    ];

    /// The catalog name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Dp => "dp",
            Algorithm::LpRounded => "lp-rounded",
            Algorithm::ClosedForm => "closed-form",
            Algorithm::DpSorted => "dp-sorted",
            Algorithm::OrderSearch => "order-search",
            Algorithm::RootChoice => "root-choice",
        }
    }

    /// The algorithm with this catalog name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }
}

/// Why an algorithm gave no result.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScatterError {
    /// The algorithm does not apply (affine costs for the closed form, no `root_transfer`, a
    /// free processor for the LP).
    #[error("{0}")]
    NotApplicable(String),
    /// Over a size limit.
    #[error("{0}")]
    TooLarge(String),
    /// Anything else, in a sentence.
    #[error("{0}")]
    Failed(String),
}

/// The LP heuristic's numbers (scatter.md §4.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct LpPart {
    /// The LP's rational shares, input order.
    #[serde(serialize_with = "crate::rational::exact")]
    pub x: Vec<Q>,
    /// `T_LP`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub t_lp: Q,
    /// The guarantee of §4.2.
    #[serde(serialize_with = "crate::rational::exact")]
    pub bound: Q,
    /// `T'` with every processor contacted (the quantity the bound is about).
    #[serde(serialize_with = "crate::rational::exact")]
    pub makespan_all_contacted: Q,
    /// `Some(false)`: the LP optimum is not unique (§4.1); `None`: not decided.
    pub unique: Option<bool>,
    /// The rounding steps.
    pub rounding: Vec<RoundStep>,
    /// `T_DP` in the same order, for comparison, when the DP is cheap (`p·n² ≤ 10^7`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub dp_makespan: Option<Q>,
}

/// One order of the comparison of §7 event 5 (rational optimum, then rounded).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct OrderVariant {
    /// The rational (LP) makespan.
    #[serde(serialize_with = "crate::rational::exact")]
    pub t_lp: Q,
    /// The rounded distribution and its Gantt chart.
    pub schedule: Schedule,
}

/// Descending against ascending bandwidth (§3.3, §6.4, paper Figs. 3–4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct OrderComparison {
    /// Increasing `β` (the policy).
    pub descending_bandwidth: OrderVariant,
    /// Decreasing `β`.
    pub ascending_bandwidth: OrderVariant,
}

/// One candidate root (§5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct RootOption {
    /// The root.
    pub root: usize,
    /// Its sending order.
    pub order: Vec<usize>,
    /// `[r ≠ C]·β[C][r]·n`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub transfer: Q,
    /// The scatter's makespan from it.
    #[serde(serialize_with = "crate::rational::exact")]
    pub execution: Q,
    /// `transfer + execution`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub total: Q,
}

/// A solved scatter (its JSON is [`report::result`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct ScatterSolution {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The root (input index; the last processor except for the root choice).
    pub root: usize,
    /// Integer items per processor, input order (`None` for the closed form's rational shares).
    pub distribution: Option<Vec<u64>>,
    /// The final schedule: order, shares, Gantt rows, makespan.
    pub schedule: Schedule,
    /// The objective: the makespan, plus the data transfer for the root choice.
    pub makespan: Q,
    /// The result is optimal for what the algorithm promises.
    pub optimal: bool,
    /// MPI_Scatter's uniform distribution in the same order (the "before").
    pub uniform: Schedule,
    /// The LP heuristic's numbers (`lp-rounded`).
    pub lp: Option<LpPart>,
    /// The order comparison, when the LP applies to the instance.
    pub comparison: Option<OrderComparison>,
    /// Every order tried (`order-search`) with its makespan.
    pub orders: Option<Vec<(Vec<usize>, Q)>>,
    /// Every root tried (`root-choice`).
    pub roots: Option<Vec<RootOption>>,
    /// How the roots were evaluated (`"dp"`, or `"lp-rounded"` above the DP's limit).
    pub root_method: Option<crate::intern::Name>,
    /// Remarks (an ignored root `comm`, a non-unique LP optimum).
    pub warnings: Vec<String>,
}
