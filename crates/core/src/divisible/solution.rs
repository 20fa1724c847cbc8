//! What a method returns: the schedule of the whole load ([`DivSolution`]), or why there is none
//! ([`DivisibleError`]), and the names of the methods ([`ALGORITHMS`]).

use serde::Serialize;

use super::details::Details;
use super::schedule::Block;
use crate::rational::Q;
use crate::report::Status;

/// Why a method produced no schedule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DivisibleError {
    /// The name is not a method of this family.
    #[error("unknown divisible-load algorithm \"{0}\" (known: {known})", known = ALGORITHMS.join(", "))]
    Unknown(String),
    /// The method does not apply to this instance's variant.
    #[error("{0}")]
    NotApplicable(String),
    /// The instance is over this method's size limit.
    #[error("{0}")]
    TooLarge(String),
    /// The method has no valid schedule for this instance (negative chunks, no feasible `M`).
    #[error("{0}")]
    Infeasible(String),
}

/// Every method name (formats.md §7; `exact` picks the variant's own method).
pub const ALGORITHMS: &[&str] = &[
    "exact",
    "star-linear",
    "fixed-order",
    "tree-linear",
    "affine-exact",
    "affine-sorted",
    "affine-prefix",
    "affine-lp",
    "multi-installment",
    "umr",
    "periodic",
];

/// A schedule of the whole load (formats.md §3.1 result fields).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct DivSolution {
    /// The method that ran (`exact` resolved to the variant's method).
    pub method: crate::intern::Name,
    /// Optimal or heuristic.
    pub status: Status,
    /// The reported makespan `T_f` (every block ends by it).
    #[serde(serialize_with = "crate::rational::exact")]
    pub makespan: Q,
    /// The reported makespan is the end of the last block (false for the LP of one ordered set,
    /// whose optimum charges latencies to workers it gives nothing, and for the periodic
    /// schedule, which reports `k·T_p`).
    pub tight: bool,
    /// Workers (or tree nodes) in the order they first receive load.
    pub order: Vec<usize>,
    /// Workers (or tree nodes) with a positive load, ascending.
    pub participating: Vec<usize>,
    /// Exact load per worker (tree: each node's own share), input order.
    #[serde(serialize_with = "crate::rational::exact")]
    pub alpha: Vec<Q>,
    /// The computing master's share (`α_0`), when it computes.
    #[serde(serialize_with = "crate::rational::exact")]
    pub alpha_master: Option<Q>,
    /// Every transfer and computation, exact.
    pub schedule: Vec<Block>,
    /// Flags in English (heuristic label, budget hit, load too small, huge makespan).
    pub notes: Vec<String>,
    /// The method's own results.
    pub details: Details,
}
