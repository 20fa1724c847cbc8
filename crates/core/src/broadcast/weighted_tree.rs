//! The summary of a broadcast (broadcast.md §1.5): a tree and the messages per time unit sent
//! along it, shared by every part of this family (the LP decomposition, the baselines, the
//! unidirectional column generation and the periodic schedule).

use serde::Serialize;

use crate::rational::Q;

/// A broadcast (or multicast) tree with the number of messages per time unit sent along it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct WeightedTree {
    /// Arc ids (`Platform::arcs` order), sorted increasingly.
    pub arcs: Vec<usize>,
    /// Messages per time unit along this tree (`α_q`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub weight: Q,
}
