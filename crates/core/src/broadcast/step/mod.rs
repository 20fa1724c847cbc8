//! The steps of the broadcast pipelines (broadcast.md §8.1 pipeline B, §8.4 pipeline T); their
//! captions and phases are in `caption.rs`. Steps carry ids and numbers only; [`super::State`]
//! replays them.

mod caption;
mod colgen;

use num_bigint::BigInt;
use serde::Serialize;

pub use colgen::PricedTree;

use super::lp::{DestinationCut, DestinationFlow, QuickBound, Side};
use super::schedule::{Bar, Slot};
use super::WeightedTree;
use crate::platform::{Arc, NodeId};
use crate::rational::Q;

/// One entry of the comparison chart (B11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Comparison {
    /// Algorithm name.
    pub name: String,
    /// Its throughput (`None`: not defined on this platform).
    #[serde(serialize_with = "crate::rational::exact")]
    pub throughput: Option<Q>,
}

/// One event of a broadcast pipeline (node and arc indices of the platform).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// B0: the platform was checked.
    Checked {
        /// The source.
        source: usize,
        /// Nodes the source cannot reach.
        unreachable: Vec<usize>,
        /// Nothing to send (single node, or everything reachable through 0-cost arcs).
        unbounded: bool,
    },
    /// B1: the quick upper bounds.
    Bounded {
        /// One per port that gives one.
        quick: Vec<QuickBound>,
        /// Their minimum (`None`: no bound).
        #[serde(serialize_with = "crate::rational::exact")]
        upper: Option<Q>,
    },
    /// B2: LP-F solved exactly.
    SolvedLp {
        /// `ρ*`.
        #[serde(serialize_with = "crate::rational::exact")]
        rho: Q,
    },
    /// B3.k: the flow toward one destination and a minimum cut.
    ShowedFlow {
        /// The flow `x^k`.
        flow: DestinationFlow,
        /// A minimum `s`–`k` cut for the usages `n`.
        cut: DestinationCut,
    },
    /// B4: usages tightened to `n_e = max_k x^k_e`.
    Tightened {
        /// `n_e`.
        #[serde(serialize_with = "crate::rational::exact")]
        usage: Vec<Q>,
        /// The destination attaining the max on each used arc (smallest on ties).
        attained_by: Vec<Option<usize>>,
        /// `out(v)`.
        #[serde(serialize_with = "crate::rational::exact")]
        out: Vec<Q>,
        /// `in(v)`.
        #[serde(rename = "in", serialize_with = "crate::rational::exact")]
        inn: Vec<Q>,
    },
    /// B5.i.g: GROW tested a candidate arc.
    TestedArc {
        /// Tree index.
        tree: usize,
        /// The candidate.
        arc: usize,
        /// Admissible.
        accepted: bool,
        /// When rejected: the tight set it would enter a second time.
        blocking: Vec<usize>,
    },
    /// B5.i.t: tree `i` is complete.
    GrewTree {
        /// Tree index.
        tree: usize,
        /// Arcs in the order they were added.
        arcs: Vec<usize>,
        /// Initial `α` = least residual capacity on the tree.
        #[serde(serialize_with = "crate::rational::exact")]
        alpha: Q,
    },
    /// B5.i.n: a Newton step of MAX_WEIGHT.
    NewtonStep {
        /// Tree index.
        tree: usize,
        /// The violated cut `X`.
        cut: Vec<usize>,
        /// `cap_r(X)`.
        #[serde(serialize_with = "crate::rational::exact")]
        cap: Q,
        /// `t = |T ∩ δin(X)|`.
        crossing: usize,
        /// The new `α`.
        #[serde(serialize_with = "crate::rational::exact")]
        alpha: Q,
    },
    /// B5.i.x: tree `i` extracted with weight `α_i`.
    Extracted {
        /// Tree index.
        tree: usize,
        /// Its arcs, sorted.
        arcs: Vec<usize>,
        /// `α_i`.
        #[serde(serialize_with = "crate::rational::exact")]
        alpha: Q,
        /// `K` before.
        #[serde(serialize_with = "crate::rational::exact")]
        k_before: Q,
        /// `K` after.
        #[serde(serialize_with = "crate::rational::exact")]
        k_after: Q,
        /// Residual capacities after.
        #[serde(serialize_with = "crate::rational::exact")]
        residual: Vec<Q>,
        /// The tight sets after (minimum cuts of value `K`).
        tight: Vec<Vec<usize>>,
    },
    /// B7 (§3.5): more than `2|V|` trees were extracted; LP-T restricted to them kept a basic
    /// optimum of at most `2|V|` with the same total.
    Compacted {
        /// Trees before compaction.
        before: usize,
        /// The trees kept, re-weighted.
        trees: Vec<WeightedTree>,
        /// `Σ α` after (= `ρ*`).
        #[serde(serialize_with = "crate::rational::exact")]
        total: Q,
    },
    /// B6: all trees found.
    Collected {
        /// `Σ α_i` (= `ρ*`).
        #[serde(serialize_with = "crate::rational::exact")]
        total: Q,
        /// Out-port load of each node due to each tree (`[tree][node]`).
        #[serde(serialize_with = "crate::rational::exact")]
        out_by_tree: Vec<Vec<Q>>,
        /// In-port load of each node due to each tree.
        #[serde(serialize_with = "crate::rational::exact")]
        in_by_tree: Vec<Vec<Q>>,
    },
    /// B8: per-period counts and the port graph.
    Counted {
        /// `L`.
        #[serde(serialize_with = "crate::rational::exact")]
        l: BigInt,
        /// `a_i = L·α_i`.
        #[serde(serialize_with = "crate::rational::exact")]
        messages: Vec<BigInt>,
        /// `u_e` per arc (bipartite edge weights).
        #[serde(serialize_with = "crate::rational::exact")]
        busy: Vec<Q>,
    },
    /// B9.k: one matching became slot `k` of the Gantt chart.
    FilledSlot {
        /// Slot index.
        index: usize,
        /// `μ_k` (normalised length).
        #[serde(serialize_with = "crate::rational::exact")]
        mu: Q,
        /// The slot (integral units).
        slot: Slot,
        /// Its Gantt bars.
        bars: Vec<Bar>,
    },
    /// B10: the full period.
    Scheduled {
        /// `A`.
        #[serde(serialize_with = "crate::rational::exact")]
        a: BigInt,
        /// Period length `A·L·Δ`.
        #[serde(serialize_with = "crate::rational::exact")]
        length: Q,
        /// Messages per period (`A·L·ρ`).
        #[serde(serialize_with = "crate::rational::exact")]
        messages: BigInt,
        /// Pipeline fill: `max_depth − 1` periods.
        max_depth: usize,
    },
    /// B11: the baselines for comparison.
    Compared {
        /// One bar per baseline.
        entries: Vec<Comparison>,
    },
    /// C1 (column generation, §3.7): the master LP starts from a few good trees.
    Seeded {
        /// Where each starting tree comes from (`greedy-tree`, `spt`, `bfs`).
        names: Vec<String>,
        /// Their arcs, sorted.
        columns: Vec<Vec<usize>>,
    },
    /// C2.j: one pricing round: the master solved, the cheapest tree at its prices.
    PricedTree(Box<PricedTree>),
    /// C3: no tree costs less than 1 at the final prices: `ρ*` is certified.
    SolvedColumns {
        /// `ρ* = Σα`.
        #[serde(serialize_with = "crate::rational::exact")]
        rho: Q,
        /// The trees with `α > 0`.
        trees: Vec<WeightedTree>,
        /// Pricing rounds run.
        rounds: usize,
        /// Columns the master held at the end.
        columns: usize,
    },
    /// T: a baseline's tree, or an overlay's routes.
    Routed {
        /// Algorithm name.
        name: String,
        /// Logical edges.
        logical: Vec<(usize, usize)>,
        /// Route of each.
        routes: Vec<Vec<usize>>,
        /// `μ_e`.
        multiplicity: Vec<u32>,
    },
    /// T (best tree): the branch and bound found a better tree.
    Improved {
        /// Its arcs.
        arcs: Vec<usize>,
        /// Its throughput.
        #[serde(serialize_with = "crate::rational::exact")]
        throughput: Q,
    },
    /// T (unidirectional model): the baseline's transfers scheduled as weighted matchings.
    Coloured {
        /// Least total time per message, `1/ρ`.
        #[serde(serialize_with = "crate::rational::exact")]
        chi: Q,
        /// The transfers form a bipartite graph (König applies).
        bipartite: bool,
        /// An odd cycle of them otherwise (arc ids).
        odd_cycle: Vec<usize>,
        /// The matchings and their time per message (may be empty on large platforms).
        matchings: Vec<crate::broadcast::unidirectional::WeightedMatching>,
    },
    /// T (unidirectional model, a tree): one slot of its period (§6.6): a matching's
    /// transfers run together, each node in at most one of them.
    UniSlot {
        /// Slot index.
        index: usize,
        /// The slot (fractions of one time unit).
        slot: crate::broadcast::unidirectional::Slot,
        /// The period's length (1: the matchings fill each time unit).
        #[serde(serialize_with = "crate::rational::exact")]
        length: Q,
    },
    /// T: the baseline is not defined on this platform ("n/a" in §9: a logical edge without a
    /// route).
    Undefined {
        /// Algorithm name.
        name: String,
        /// Which logical edge has no route.
        reason: String,
    },
    /// T: loads and bottleneck of the baseline.
    Loaded {
        /// `out(v)` (messages per time unit × cost, for one message per time unit).
        #[serde(serialize_with = "crate::rational::exact")]
        out: Vec<Q>,
        /// `in(v)`.
        #[serde(rename = "in", serialize_with = "crate::rational::exact")]
        inn: Vec<Q>,
        /// The busiest port.
        bottleneck: Option<(usize, Side)>,
        /// `1 / max load` (`None`: `+∞`).
        #[serde(serialize_with = "crate::rational::exact")]
        throughput: Option<Q>,
    },
}

/// What captions need: node ids and arcs of the platform.
pub struct Context<'a> {
    /// Node ids by index.
    pub ids: &'a [NodeId],
    /// Arcs by id.
    pub arcs: &'a [Arc],
}

impl Context<'_> {
    pub(crate) fn node(&self, i: usize) -> String {
        self.ids
            .get(i)
            .map_or_else(|| format!("#{i}"), ToString::to_string)
    }

    pub(crate) fn arc(&self, e: usize) -> String {
        self.arcs.get(e).map_or_else(
            || format!("arc {e}"),
            |a| format!("{}→{}", self.node(a.from), self.node(a.to)),
        )
    }

    pub(crate) fn arcs(&self, list: &[usize]) -> String {
        let names: Vec<String> = list.iter().map(|&e| self.arc(e)).collect();
        format!("{{{}}}", names.join(", "))
    }

    pub(crate) fn set(&self, list: &[usize]) -> String {
        let names: Vec<String> = list.iter().map(|&v| self.node(v)).collect();
        format!("{{{}}}", names.join(", "))
    }
}
