//! Steady-state (pipelined) broadcast and multicast on heterogeneous platforms (broadcast.md).
//!
//! A broadcast is summarised by a weighted set of spanning arborescences rooted at the source
//! (§1.5): [`WeightedTree`] is the type every part of this family shares (the LP decomposition,
//! the baselines, the unidirectional column generation and the periodic schedule).

use serde::Serialize;

use crate::rational::Q;

/// A broadcast (or multicast) tree with the number of messages per time unit sent along it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WeightedTree {
    /// Arc ids (`Platform::arcs` order), sorted increasingly.
    pub arcs: Vec<usize>,
    /// Messages per time unit along this tree (`α_q`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub weight: Q,
}

pub mod multicast;
pub mod unidirectional;
