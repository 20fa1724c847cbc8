//! What a master–slave run returns: the counts, the full schedule, and everything a page shows
//! beside the Gantt chart (weight matrices and matchings, the approximation against the exact
//! optimum, the periodic pattern and its approach to the bound, the reverse-time merge on trees,
//! the binary search of `MinTime`), computed once here so that a view only draws.

use serde::Serialize;

use super::model::Activity;
use crate::rational::Q;

/// A named weight matrix of a matching problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub enum MatrixName {
    /// `W[i][j]` of `MaxTasks1` (§3.3).
    W,
    /// Left half-horizon weights of the approximation (§4.4).
    A1,
    /// Right half-horizon weights of the approximation (§4.4).
    A2,
    /// The identical-slaves weights `B[i][k]` (§4.5).
    B,
}

/// A matching (one slot per slave) with the tasks it gives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Matching {
    /// Slot (1-based, as `σ(i)` in the spec) of each slave.
    pub sigma: Vec<usize>,
    /// Tasks per slave under this matching.
    pub counts: Vec<u64>,
    /// Their sum (or the matching's weight for the approximation's halves).
    pub total: i64,
}

/// Weight matrices and matchings of `MaxTasks1` / `MaxTasks2` (§3, §4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Default, nanoserde::SerBin, nanoserde::DeBin)]
pub struct MatchingView {
    /// `W` (variant 1), `B` (identical slaves), or `A1` then `A2` (approximation).
    pub matrices: Vec<(MatrixName, Vec<Vec<i64>>)>,
    /// The fastest-first foil of §3.2 (variant 1).
    pub fastest_first: Option<Matching>,
    /// The optimal matching of variant 1 before compaction.
    pub optimal: Option<Matching>,
    /// Approximation: the left assignment `σ1` on `A1`.
    pub left: Option<Matching>,
    /// Approximation: the right assignment `σ2` on `A2`.
    pub right: Option<Matching>,
    /// Approximation: `C_app = max A1 + max A2`.
    pub c_app: Option<i64>,
    /// Approximation: `T ≥ 2p·max(t1, t2)`, the regime where the `p` bound is proven.
    pub guarantee_proven: Option<bool>,
    /// The exact optimum `OPT` of variant 2 when it can be computed (p ≤ 7 or identical slaves).
    pub exact_optimum: Option<u64>,
    /// The exact schedule's slots `σ1` (forward) and `σ2` (return), 1-based.
    pub exact_sigma: Option<(Vec<usize>, Vec<usize>)>,
}

/// The periodic pattern of §6.2 (variant 3) or §7 (variant 4, `tcom := t1 + t2`), with times
/// back in the input's units.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Pattern {
    /// Slaves by `(t_i, index)` ascending: `Q_1..Q_p`.
    pub order: Vec<usize>,
    /// `tc_k = tcom + t_{Q_k}`, in that order.
    #[serde(serialize_with = "crate::rational::exact")]
    pub tc: Vec<Q>,
    /// `S = Σ tcom/tc_k`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub s: Q,
    /// Partial sums `Σ_{m≤k} tcom/tc_m` (the bar accumulating up to 1).
    #[serde(serialize_with = "crate::rational::exact")]
    pub prefix: Vec<Q>,
    /// `pmax` (number of full slaves) when `S > 1`.
    pub pmax: Option<usize>,
    /// The period `Tpat`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub tpat: Q,
    /// Tasks per period `nb_k`, in the sorted order (exact integers: `Tpat` may be huge).
    #[serde(serialize_with = "crate::rational::exact")]
    pub nb: Vec<num_bigint::BigInt>,
    /// Message offsets `off_k`, in the sorted order.
    #[serde(serialize_with = "crate::rational::exact")]
    pub offsets: Vec<Q>,
    /// The lcm scale applied to rational data (1 for integers).
    #[serde(serialize_with = "crate::rational::exact")]
    pub scale: Q,
}

/// One point of the `N(T)/UB(T)` plot (§10.3 item 6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct SeriesPoint {
    /// The horizon.
    #[serde(serialize_with = "crate::rational::exact")]
    pub t: Q,
    /// Tasks of the periodic schedule done by `t`.
    pub periodic: u64,
    /// Tasks of the greedy done by `t` (variant 3).
    pub greedy: Option<u64>,
    /// The upper bound `UB(t)`.
    pub ub: u64,
}

/// Variants 3 and 4: bounds, pattern, greedy, series.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct PeriodicView {
    /// The pattern.
    pub pattern: Pattern,
    /// The pattern with the paper-figure period (`tc_{pmax+1}` in the lcm, §9.4) when `S > 1`:
    /// its `Tpat`, `nb` and count at the horizon.
    pub paper_period: Option<(Pattern, u64)>,
    /// `UB(T)`.
    pub ub: u64,
    /// `N_alg(T)` of the periodic pattern.
    pub periodic: u64,
    /// The greedy's count (variant 3).
    pub greedy: Option<u64>,
    /// The plot.
    pub series: Vec<SeriesPoint>,
}

/// A job at the master in Part B (one task ready at a child, §8.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Job {
    /// The child of the master the task comes through.
    pub child: usize,
    /// The node that computes it.
    pub origin: usize,
    /// Its rank in the child's ready list (0-based).
    pub rank: usize,
    /// Length `c_child`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub length: Q,
    /// Forward deadline `T − r`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub deadline: Q,
}

/// Part B: the reverse-time merge and Moore–Hodgson.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct TreeView {
    /// `READY(v)` per node (reverse times), truncated to `n` when finite.
    #[serde(serialize_with = "crate::rational::exact")]
    pub ready: Vec<Vec<Q>>,
    /// The jobs in EDD order.
    pub jobs: Vec<Job>,
    /// Indices (into `jobs`) of the selected jobs, in EDD order.
    pub selected: Vec<usize>,
    /// Tasks computed by the master itself.
    pub master_tasks: u64,
}

/// One probe of the `MinTime` binary search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Probe {
    /// `lo` before the probe.
    #[serde(serialize_with = "crate::rational::exact")]
    pub lo: Q,
    /// `hi` before the probe.
    #[serde(serialize_with = "crate::rational::exact")]
    pub hi: Q,
    /// The probed horizon.
    #[serde(serialize_with = "crate::rational::exact")]
    pub mid: Q,
    /// Tasks done by `mid`.
    pub count: u64,
}

/// A solved master–slave instance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct MsSolution {
    /// The variant as written.
    pub variant: String,
    /// The catalog name of the algorithm.
    pub algorithm: crate::intern::Name,
    /// Exact optimum (`true`) or heuristic.
    pub optimal: bool,
    /// Tasks done by the horizon (`MinTime`: exactly `C`).
    pub total: u64,
    /// The horizon the schedule is built for (`MinTime`: the makespan found).
    #[serde(serialize_with = "crate::rational::exact")]
    pub horizon: Q,
    /// `MinTime`: the makespan.
    #[serde(serialize_with = "crate::rational::exact")]
    pub makespan: Option<Q>,
    /// Tasks per slave (Part A) or per node (Part B), input order.
    pub counts: Vec<u64>,
    /// The order of the messages: receiving slaves in bus order (Part A), destination nodes
    /// of the master's port in sending order (Part B).
    pub order: Vec<usize>,
    /// Every communication and computation.
    pub schedule: Vec<Activity>,
    /// Variants 1 and 2.
    pub matching: Option<MatchingView>,
    /// Variants 3 and 4.
    pub periodic: Option<PeriodicView>,
    /// Part B.
    pub tree: Option<TreeView>,
    /// `MinTime`: the binary search.
    pub search: Vec<Probe>,
    /// Remarks ("no slave can finish a task", "bound not proven for this T").
    pub notes: Vec<String>,
}
