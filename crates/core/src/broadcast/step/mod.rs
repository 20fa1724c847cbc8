//! The steps of the broadcast pipelines (broadcast.md §8.1 pipeline B, §8.4 pipeline T), with
//! their captions and phases. Steps carry ids and numbers only; [`super::State`] replays them.

use num_bigint::BigInt;
use num_traits::Signed;
use serde::Serialize;

use super::lp::{DestinationCut, DestinationFlow, QuickBound, Side};
mod colgen;

use super::schedule::{Bar, Slot};
use super::WeightedTree;
use crate::platform::{Arc, NodeId};
use crate::rational::{approx, frac, Q};
use crate::trace::{self, Phase};
pub use colgen::PricedTree;

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

pub(super) fn opt(v: Option<&Q>) -> String {
    v.map_or_else(|| "∞".to_owned(), frac)
}

impl trace::Step for Step {
    type Context<'a> = Context<'a>;

    fn caption(&self, ctx: &Context<'_>) -> String {
        caption(self, ctx)
    }

    fn phase(&self) -> Phase {
        let (name, line) = match self {
            Step::Checked { .. } => ("check", 0),
            Step::Bounded { .. } => ("bounds", 1),
            Step::SolvedLp { .. } => ("LP", 2),
            Step::ShowedFlow { .. } => ("cuts", 3),
            Step::Tightened { .. } => ("usage", 4),
            Step::TestedArc { .. } => ("grow", 6),
            Step::GrewTree { .. } | Step::NewtonStep { .. } => ("weight", 7),
            Step::Extracted { .. } => ("extract", 8),
            Step::Collected { .. } => ("trees", 9),
            Step::Counted { .. } => ("period", 10),
            Step::FilledSlot { .. } => ("slots", 11),
            Step::Scheduled { .. } => ("schedule", 12),
            Step::Compared { .. } => ("compare", 13),
            Step::Seeded { .. } => ("columns", 14),
            Step::PricedTree(_) => ("pricing", 15),
            Step::SolvedColumns { .. } => ("certificate", 16),
            Step::Routed { .. } | Step::Undefined { .. } => ("tree", 0),
            Step::Improved { .. } => ("search", 1),
            Step::Loaded { .. } => ("loads", 2),
            Step::Coloured { .. } => ("loads", 4),
            Step::UniSlot { .. } => ("slots", 5),
        };
        Phase { name, line }
    }
}

fn caption(step: &Step, ctx: &Context<'_>) -> String {
    match step {
        Step::Checked { source, unreachable, unbounded } => {
            if *unbounded {
                format!("Checked the platform: {} has nobody to send to at any cost, so the throughput is unbounded (∞, nothing to send).", ctx.node(*source))
            } else if unreachable.is_empty() {
                format!("Checked the platform: every node can be reached from the source {}.", ctx.node(*source))
            } else {
                format!("Checked the platform: {} cannot be reached from {}, so no broadcast is possible (throughput 0); try broadcasting to the reachable part.", ctx.set(unreachable), ctx.node(*source))
            }
        }
        Step::Bounded { quick, upper } => {
            let parts: Vec<String> = quick
                .iter()
                .map(|b| match b.side {
                    Side::Out => format!("the source sends each message at least once ({} ⇒ ≤ {})", ctx.arc(b.arc), frac(&b.value)),
                    Side::In | Side::Both => format!("{} receives it at least once (≤ {})", ctx.node(b.node), frac(&b.value)),
                })
                .collect();
            format!("Quick bounds before any LP: {}; so ρ* ≤ {}.", parts.join("; "), opt(upper.as_ref()))
        }
        Step::SolvedLp { rho } => format!(
            "Solved the flow LP exactly: at most ρ* = {} ≈ {} messages per time unit reach every node, i.e. one message every {} time units.",
            frac(rho), approx(rho), frac(&rho.recip())
        ),
        Step::ShowedFlow { flow, cut } => {
            let bottleneck = if cut.bottleneck { " It equals ρ*: this destination limits the throughput." } else { "" };
            format!(
                "The flow toward {} carries ρ* messages per time unit; its smallest cut {} lets through {} per time unit.{bottleneck}",
                ctx.node(flow.destination), ctx.set(&cut.set), frac(&cut.value)
            )
        }
        Step::Tightened { .. } => "Each arc only needs to carry the largest of the flows that cross it (one copy serves every destination downstream): these are the usages n, with the port loads they cause.".to_owned(),
        Step::TestedArc { tree, arc, accepted, blocking } => {
            if *accepted {
                format!("Tree {}: added {}, which enters no tight set twice.", tree + 1, ctx.arc(*arc))
            } else {
                format!("Tree {}: refused {}: the tight set {} is already entered by the tree.", tree + 1, ctx.arc(*arc), ctx.set(blocking))
            }
        }
        Step::GrewTree { tree, arcs, alpha } => format!(
            "Tree {} spans every node: {}. Its weight starts at its smallest residual capacity, {}.",
            tree + 1, ctx.arcs(arcs), frac(alpha)
        ),
        Step::NewtonStep { tree, cut, cap, crossing, alpha } => format!(
            "Tree {}: that weight would starve the set {} (capacity {}, entered {} times by the tree), so the weight drops to {}.",
            tree + 1, ctx.set(cut), frac(cap), crossing, frac(alpha)
        ),
        Step::Extracted { tree, arcs, alpha, k_before, k_after, .. } => format!(
            "Extracted tree {} {} with weight {}: the residual capacities lose {} on its arcs and the remaining throughput drops from {} to {}.",
            tree + 1, ctx.arcs(arcs), frac(alpha), frac(alpha), frac(k_before), frac(k_after)
        ),
        Step::Collected { total, out_by_tree, .. } => format!(
            "{} weighted trees, whose weights add up to {} = ρ*: sending each tree's share along it respects every port.",
            out_by_tree.len(), frac(total)
        ),
        Step::Counted { l, messages, .. } => {
            let total: BigInt = messages.iter().sum();
            format!("Per period of {l} time units the trees carry {total} whole messages; each arc's busy time becomes an edge of the sender/receiver port graph.")
        }
        Step::FilledSlot { index, mu, slot, .. } => format!(
            "Slot {}: {} run together (no port used twice) for {} of the period.",
            index + 1, ctx.arcs(&slot.arcs.iter().map(|a| a.arc).collect::<Vec<_>>()), frac(mu)
        ),
        Step::Scheduled { a, length, messages, max_depth } => format!(
            "Scaled by A = {a}: one period lasts {} time units and delivers {messages} messages to every node; after {} start-up period(s) the pattern repeats.",
            frac(length), max_depth.saturating_sub(1)
        ),
        Step::Compared { entries } => {
            let parts: Vec<String> = entries.iter().map(|c| format!("{} {}", c.name, c.throughput.as_ref().map_or_else(|| "n/a".to_owned(), frac))).collect();
            format!("Compared with single trees and overlays: {}.", parts.join(", "))
        }
        Step::Seeded { .. } | Step::PricedTree(_) | Step::SolvedColumns { .. } => {
            colgen::caption(step, ctx)
        }
        Step::Routed { name, routes, .. } => format!(
            "The {name} baseline sends along {}.",
            ctx.arcs(&routes.iter().flatten().copied().collect::<Vec<_>>())
        ),
        Step::Improved { arcs, throughput } => format!(
            "The search found a better single tree {} with throughput {}.",
            ctx.arcs(arcs), frac(throughput)
        ),
        Step::Loaded { bottleneck, throughput, out, inn } => match bottleneck {
            Some((v, Side::Both)) => format!(
                "Under the unidirectional model a node sends or receives, never both at once: the busiest node is {}, busy sending and receiving {} per message in all.",
                ctx.node(*v),
                match (out.get(*v), inn.get(*v)) { (Some(o), Some(i)) => frac(&(o + i)), _ => String::new() }
            ),
            Some((v, side)) => format!(
                "The busiest port is {}'s {} port: the throughput is one message per its load, {}.",
                ctx.node(*v),
                if *side == Side::Out { "sending" } else { "receiving" },
                opt(throughput.as_ref())
            ),
            None => "Nothing is sent: the throughput is unbounded.".to_owned(),
        },
        Step::Coloured { chi, bipartite, odd_cycle, matchings } => {
            let how = if *bipartite {
                format!("its transfers form a bipartite graph, so by König's theorem they fit in matchings of total time χ = max over nodes of (out + in) = {}", frac(chi))
            } else {
                format!("its transfers contain the odd cycle {}, so port sums are not enough: column generation over matchings gives the least total time χ = {}", ctx.arcs(odd_cycle), frac(chi))
            };
            let split = if matchings.is_empty() { String::new() } else { format!(" ({} matchings)", matchings.len()) };
            format!("Scheduled one message of the baseline under the unidirectional model: {how}{split}; throughput 1/χ = {}.", if chi.is_positive() { frac(&chi.recip()) } else { "∞".to_owned() })
        }
        Step::UniSlot { index, slot, length } => {
            let moves: Vec<String> = slot
                .arcs
                .iter()
                .map(|t| format!("{} moves {} message(s)", ctx.arc(t.arc), frac(&t.messages)))
                .collect();
            format!(
                "Slot {} of the unidirectional period, from {} to {} (the period lasts {}): {}; no node sends or receives two messages at once.",
                index + 1,
                frac(&slot.start),
                frac(&(&slot.start + &slot.length)),
                frac(length),
                moves.join(", ")
            )
        }
        Step::Undefined { name, reason } => format!("The {name} baseline is not defined on this platform (n/a): {reason}."),
    }
}
