//! The steps of the column generation on LP-T (C1–C3, broadcast.md §3.7): the data of a
//! pricing round and the captions of these steps.

use serde::Serialize;

use super::{opt, Context, Step};
use crate::broadcast::colgen::FLOAT_SEED;
use crate::rational::{approx, frac, Q};

/// One round of the column generation on LP-T (C2.j, §3.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct PricedTree {
    /// 1-based round.
    pub round: usize,
    /// The cheapest spanning arborescence for the costs `c_uv·(p_u + q_v)`, sorted arcs.
    pub tree: Vec<usize>,
    /// Its cost `θ`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub theta: Q,
    /// `1 − θ`: positive when the tree improves the master.
    #[serde(serialize_with = "crate::rational::exact")]
    pub reduced_cost: Q,
    /// The master's value this round (achievable: a lower bound on `ρ*`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub master: Q,
    /// `Σ(p+q) / min(1, θ)`: an upper bound on `ρ*` (`None`: `θ = 0`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub upper: Option<Q>,
    /// The tree entered the master (`θ < 1`).
    pub added: bool,
    /// The master's weights `α`, one per column before this tree.
    #[serde(serialize_with = "crate::rational::exact")]
    pub weights: Vec<Q>,
    /// Out-port prices `p_v`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub out_price: Vec<Q>,
    /// In-port prices `q_v`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub in_price: Vec<Q>,
}

/// Captions of C1–C3 (the other steps' are in `step.rs`).
pub(super) fn caption(step: &Step, ctx: &Context<'_>) -> String {
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
