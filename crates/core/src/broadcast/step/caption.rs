//! The steps' captions and phases (the player's text and its pseudocode line): the
//! [`trace::Step`] impl of [`Step`], apart from the data so that the steps' types and the
//! column generation's round ([`super::PricedTree`]) stay below the text that reads them.

use num_bigint::BigInt;
use num_traits::Signed;

use super::{Context, Step};
use crate::broadcast::colgen::FLOAT_SEED;
use crate::broadcast::lp::Side;
use crate::rational::{approx, frac, Q};
use crate::trace::{self, Phase};

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
            Step::Compacted { .. } => ("compaction", 9),
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
        Step::Compacted { before, trees, total } => format!(
            "Compaction: EXTRACT gave {before} trees, more than two per node ({} here); the LP over these trees alone keeps {} of them, re-weighted, with the same total {} = ρ*.",
            2 * ctx.ids.len(), trees.len(), frac(total)
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
            colgen_caption(step, ctx)
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

/// Captions of C1–C3 (the column generation on LP-T, §3.7).
fn colgen_caption(step: &Step, ctx: &Context<'_>) -> String {
    match step {
        Step::Seeded { names, columns } => {
            let mut parts: Vec<String> = names
                .iter()
                .zip(columns)
                .filter(|(name, _)| name.as_str() != FLOAT_SEED)
                .map(|(name, t)| format!("the {} {}", seed_label(name), ctx.arcs(t)))
                .collect();
            let floated = names.iter().filter(|n| n.as_str() == FLOAT_SEED).count();
            if floated > 0 {
                parts.push(format!(
                    "{floated} more trees that a quick floating-point pass of the same method suggests (the exact rounds below decide which count)"
                ));
            }
            format!(
                "The platform is large, so instead of the flow LP we look for the best mix of broadcast trees directly, starting from {}.",
                parts.join(" and ")
            )
        }
        Step::PricedTree(r) => {
            let bounds = format!(
                "{} ≤ ρ* ≤ {}",
                frac(&r.master),
                opt(r.upper.as_ref())
            );
            if r.added {
                format!(
                    "Round {}: the best mix of the trees so far sends {} messages per time unit. At its port prices the tree {} costs only {} < 1 (it would gain {} per unit of weight), so it joins the mix; now {bounds}.",
                    r.round, frac(&r.master), ctx.arcs(&r.tree), frac(&r.theta), frac(&r.reduced_cost)
                )
            } else {
                format!(
                    "Round {}: the best mix sends {} ≈ {} messages per time unit, and at its port prices even the cheapest broadcast tree {} costs {} ≥ 1: no tree can improve the mix, so it is optimal.",
                    r.round, frac(&r.master), approx(&r.master), ctx.arcs(&r.tree), frac(&r.theta)
                )
            }
        }
        Step::SolvedColumns {
            rho, trees, rounds, ..
        } => format!(
            "After {rounds} round(s): ρ* = {} ≈ {} messages per time unit with {} weighted trees; the port prices add up to ρ* and every tree costs at least 1 at these prices, which proves that no schedule does better.",
            frac(rho),
            approx(rho),
            trees.len()
        ),
        _ => String::new(),
    }
}

fn seed_label(name: &str) -> &str {
    match name {
        "greedy-tree" => "greedy load-aware tree",
        "spt" => "shortest-path tree",
        "bfs" => "breadth-first tree",
        other => other,
    }
}

/// A bound for a caption: the fraction, or `∞` for none.
fn opt(v: Option<&Q>) -> String {
    v.map_or_else(|| "∞".to_owned(), frac)
}
