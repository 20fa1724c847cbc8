//! The answer of any broadcast algorithm ([`BroadcastSolution`]) with its port loads and bounds.

use serde::Serialize;

use super::baseline::Baseline;
use super::lp::{DestinationCut, FlowSolution, QuickBound};
use super::schedule::Period;
use super::weighted_tree::WeightedTree;
use crate::rational::Q;
use crate::report::Status;

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
    pub quick: Vec<QuickBound>,
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
    pub period: Option<Period>,
    /// Quick bounds.
    pub bounds: Bounds,
    /// Nodes the source cannot reach (status `infeasible` when not empty).
    pub unreachable: Vec<usize>,
    /// LP-F's solution (algorithm `lp`).
    pub lp: Option<FlowSolution>,
    /// A minimum cut per destination for the usages (algorithm `lp`, §2.4).
    pub cuts: Vec<DestinationCut>,
    /// The details of a baseline (its routes, whether the search was complete).
    pub baseline: Option<Baseline>,
}
