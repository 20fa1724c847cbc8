//! The bidirectional optimal-throughput LP (broadcast.md §2): quick bounds (§2.5), the compact
//! flow formulation LP-F (§2.2) solved exactly through [`crate::lp`], the tightened usages
//! `n_e = max_k x^k_e`, the dual port prices, and one minimum `s`–`k` cut per destination
//! (§2.4, the picture of "why no schedule does better").
//!
//! [`solve_flow_lp`] takes the destination set and the sharing rule, so that the multicast
//! bounds of §5 (destinations `D`, `max` for the upper bound, `sum` for the scatter lower bound)
//! reuse the same builder.

use num_traits::{One, Signed, Zero};
use serde::Serialize;

use super::BroadcastError;
use crate::graph::flow::{max_flow, MaxFlow};
use crate::lp::{self, Cmp, Limits, Outcome, Problem};
use crate::platform::Arc;
use crate::rational::Q;

/// Which port a quick bound or a price belongs to.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Serialize,
    nanoserde::SerBin,
    nanoserde::DeBin,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The sending port.
    Out,
    /// The receiving port.
    In,
    /// The single port of the unidirectional model (sending and receiving in turn).
    Both,
}

/// One quick upper bound of §2.5: `ρ* ≤ 1 / c` for the cheapest arc `arc` of `node`'s port.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct QuickBound {
    /// The node (the source for [`Side::Out`]).
    pub node: usize,
    /// Which of its ports.
    pub side: Side,
    /// The cheapest arc of that port (first by id on ties).
    pub arc: usize,
    /// `1 / c_arc`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub value: Q,
}

/// The quick bounds of §2.5: the source's cheapest outgoing arc, and every other node's
/// cheapest incoming arc. Ports whose cheapest arc costs 0 (internal arcs only) bound nothing
/// and are skipped.
///
/// # Complexity
/// `O(|V|·|E|)`.
#[must_use]
pub fn quick_bounds(n: usize, arcs: &[Arc], source: usize) -> Vec<QuickBound> {
    let cheapest = |pick: &dyn Fn(&Arc) -> bool| {
        let mut best: Option<usize> = None;
        for (k, a) in arcs.iter().enumerate().filter(|(_, a)| pick(a)) {
            if best.is_none_or(|b| a.c < arcs[b].c) {
                best = Some(k);
            }
        }
        best.filter(|&k| arcs[k].c.is_positive())
    };
    let mut out = Vec::new();
    if let Some(k) = cheapest(&|a| a.from == source) {
        out.push(QuickBound {
            node: source,
            side: Side::Out,
            arc: k,
            value: arcs[k].c.recip(),
        });
    }
    for v in (0..n).filter(|&v| v != source) {
        if let Some(k) = cheapest(&|a| a.to == v) {
            out.push(QuickBound {
                node: v,
                side: Side::In,
                arc: k,
                value: arcs[k].c.recip(),
            });
        }
    }
    out
}

/// How the per-destination flows combine on an arc (§2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Sharing {
    /// `n_e ≥ max_k x^k_e`: one copy serves every destination downstream (broadcast, multicast
    /// upper bound).
    Max,
    /// `n_e ≥ Σ_k x^k_e`: every destination gets its own copy (scatter, multicast lower bound).
    Sum,
}

/// The flow toward one destination.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct DestinationFlow {
    /// The destination `k`.
    pub destination: usize,
    /// `x^k_e` per arc.
    #[serde(serialize_with = "crate::rational::exact")]
    pub x: Vec<Q>,
}

/// The exact optimum of LP-F.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct FlowSolution {
    /// `ρ*`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub rho: Q,
    /// Tightened usages `n_e` (max or sum of the flows, per [`Sharing`]).
    #[serde(serialize_with = "crate::rational::exact")]
    pub usage: Vec<Q>,
    /// One flow per destination, in increasing node order.
    pub flows: Vec<DestinationFlow>,
    /// Dual price `p_v ≥ 0` of each node's out-port row (0 when the node sends nothing).
    #[serde(serialize_with = "crate::rational::exact")]
    pub out_price: Vec<Q>,
    /// Dual price `q_v ≥ 0` of each node's in-port row; `Σ_v (p_v + q_v) = ρ*` certifies the
    /// optimum (LP duality: no weighted tree set does better).
    #[serde(serialize_with = "crate::rational::exact")]
    pub in_price: Vec<Q>,
}

/// Variable indices of LP-F.
struct Layout {
    /// `x[d][e]`: the variable of `x^{dest d}_e`, absent when (F2) fixes it to 0.
    x: Vec<Vec<Option<usize>>>,
    vars: usize,
}

const RHO: usize = 0;

fn usage_var(e: usize) -> usize {
    1 + e
}

fn layout(arcs: &[Arc], source: usize, dests: &[usize]) -> Layout {
    let mut next = 1 + arcs.len();
    let x = dests
        .iter()
        .map(|&k| {
            arcs.iter()
                .map(|a| {
                    // (F2): nothing for k enters s or leaves k.
                    (a.to != source && a.from != k).then(|| {
                        next += 1;
                        next - 1
                    })
                })
                .collect()
        })
        .collect();
    Layout { x, vars: next }
}

/// Builds LP-F (§2.2) for `dests` with the given sharing rule: variables `ρ`, `n_e`, `x^k_e`;
/// returns the problem, its layout, and the row indices of the out- and in-port rows per node.
fn build(
    n: usize,
    arcs: &[Arc],
    source: usize,
    dests: &[usize],
    sharing: Sharing,
) -> (Problem, Layout, Vec<[Option<usize>; 2]>) {
    let lay = layout(arcs, source, dests);
    let mut p = Problem::new(lay.vars);
    p.objective(RHO, Q::one());
    for (d, &k) in dests.iter().enumerate() {
        // (F1); the row of s is the negated sum of the others, so it is left out.
        for v in (0..n).filter(|&v| v != source) {
            let mut terms: Vec<(usize, Q)> = Vec::new();
            for (e, a) in arcs.iter().enumerate() {
                if let Some(var) = lay.x[d][e] {
                    if a.from == v {
                        terms.push((var, Q::one()));
                    } else if a.to == v {
                        terms.push((var, -Q::one()));
                    }
                }
            }
            if v == k {
                terms.push((RHO, Q::one()));
            }
            if !terms.is_empty() {
                p.constraint(terms, Cmp::Eq, Q::zero());
            }
        }
    }
    for e in 0..arcs.len() {
        let mine = lay.x.iter().filter_map(|row| row[e]);
        match sharing {
            Sharing::Max => {
                for var in mine {
                    let terms = vec![(var, Q::one()), (usage_var(e), -Q::one())];
                    p.constraint(terms, Cmp::Le, Q::zero());
                }
            }
            Sharing::Sum => {
                let mut terms: Vec<(usize, Q)> = mine.map(|v| (v, Q::one())).collect();
                terms.push((usage_var(e), -Q::one()));
                p.constraint(terms, Cmp::Le, Q::zero());
            }
        }
    }
    let mut port_rows = vec![[None, None]; n];
    for (v, rows) in port_rows.iter_mut().enumerate() {
        for (side, pick) in [(0, true), (1, false)] {
            let terms: Vec<(usize, Q)> = arcs
                .iter()
                .enumerate()
                .filter(|(_, a)| if pick { a.from == v } else { a.to == v })
                .map(|(e, a)| (usage_var(e), a.c.clone()))
                .collect();
            if !terms.is_empty() {
                rows[side] = Some(p.constraint(terms, Cmp::Le, Q::one()));
            }
        }
    }
    (p, lay, port_rows)
}

/// LP-F alone, for tests that solve it another way.
#[cfg(test)]
pub(crate) fn problem(
    n: usize,
    arcs: &[Arc],
    source: usize,
    dests: &[usize],
    sharing: Sharing,
) -> Problem {
    build(n, arcs, source, dests, sharing).0
}

/// Number of variables and rows of LP-F for these sizes (for limits and messages).
#[must_use]
pub fn lp_size(n: usize, m: usize, dests: usize) -> (usize, usize) {
    (1 + m + dests * m, dests * n + dests * m + 2 * n)
}

/// Solves LP-F exactly for the destinations `dests` (sorted, without the source) and returns
/// `ρ*`, the tightened usages, the flows and the port prices.
///
/// Reference: O. Beaumont, HDR thesis, §5.2.3 (LP of the minimum time per unit message);
/// broadcast.md §2.2 (compact flow form), §2.3 (max versus sum).
///
/// # Complexity
/// One LP with `1 + |E| + |D|·|E|` variables and about `|D|·(|V| + |E|) + 2|V|` rows
/// (see [`crate::lp`]); then `O(|D|·|E|)` to tighten.
///
/// # Errors
/// [`BroadcastError::Lp`] when the LP solver gives no certified answer (e.g. too large);
/// [`BroadcastError::Internal`] when the LP is infeasible or unbounded, which the checks made by
/// the caller (reachability, zero-cost arcs) rule out.
pub fn solve_flow_lp(
    n: usize,
    arcs: &[Arc],
    source: usize,
    dests: &[usize],
    sharing: Sharing,
) -> Result<FlowSolution, BroadcastError> {
    let (p, lay, port_rows) = build(n, arcs, source, dests, sharing);
    let limits = Limits {
        max_vars: p.num_vars(),
        max_rows: p.num_rows(),
        ..Limits::default()
    };
    let sol = match lp::solve_with(&p, &limits)? {
        Outcome::Optimal(s) => s,
        Outcome::Infeasible => return Err(internal("LP-F is infeasible")),
        Outcome::Unbounded => return Err(internal("LP-F is unbounded")),
    };
    let flows: Vec<DestinationFlow> = dests
        .iter()
        .zip(&lay.x)
        .map(|(&k, vars)| DestinationFlow {
            destination: k,
            x: vars
                .iter()
                .map(|v| v.map_or_else(Q::zero, |v| sol.x[v].clone()))
                .collect(),
        })
        .collect();
    let usage = tighten(arcs.len(), &flows, sharing);
    let price = |side: usize| -> Vec<Q> {
        port_rows
            .iter()
            .map(|r| r[side].map_or_else(Q::zero, |row| sol.dual[row].clone()))
            .collect()
    };
    Ok(FlowSolution {
        rho: sol.value.clone(),
        usage,
        out_price: price(0),
        in_price: price(1),
        flows,
    })
}

/// `n_e := max_k x^k_e` (or the sum): never increases a port load (§2.2, "tighten").
fn tighten(m: usize, flows: &[DestinationFlow], sharing: Sharing) -> Vec<Q> {
    (0..m)
        .map(|e| {
            let it = flows.iter().map(|f| f.x[e].clone());
            match sharing {
                Sharing::Max => it.max().unwrap_or_else(Q::zero),
                Sharing::Sum => it.sum(),
            }
        })
        .collect()
}

/// A minimum `s`–`k` cut for capacities `n` (§2.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct DestinationCut {
    /// The destination `k`.
    pub destination: usize,
    /// `λ_n(s, k)`: the cut's capacity (= max-flow value).
    #[serde(serialize_with = "crate::rational::exact")]
    pub value: Q,
    /// The sink side `X = V∖R` (largest minimum cut), node indices increasing.
    pub set: Vec<usize>,
    /// The arcs entering `X`, by id.
    pub arcs: Vec<usize>,
    /// `value = ρ*`: this destination limits the throughput.
    pub bottleneck: bool,
}

/// Arc ends, for [`max_flow`].
pub(crate) fn ends(arcs: &[Arc]) -> Vec<(usize, usize)> {
    arcs.iter().map(|a| (a.from, a.to)).collect()
}

/// `λ_cap(sources, sink)` with the residual reachability, over the platform's arcs.
pub(crate) fn flow(
    n: usize,
    ends: &[(usize, usize)],
    cap: &[Q],
    sources: &[usize],
    sink: usize,
) -> Result<MaxFlow, BroadcastError> {
    max_flow(n, ends, cap, sources, sink).map_err(|e| internal(&e.to_string()))
}

/// One minimum cut per destination for capacities `usage` (§2.4, state B3.k).
///
/// # Complexity
/// `|D|` exact max-flows.
///
/// # Errors
/// [`BroadcastError::Internal`] on inconsistent sizes (a bug).
pub fn destination_cuts(
    n: usize,
    arcs: &[Arc],
    source: usize,
    dests: &[usize],
    usage: &[Q],
    rho: &Q,
) -> Result<Vec<DestinationCut>, BroadcastError> {
    let ends = ends(arcs);
    dests
        .iter()
        .map(|&k| {
            let f = flow(n, &ends, usage, &[source], k)?;
            let set: Vec<usize> = (0..n).filter(|&v| !f.reachable[v]).collect();
            let cut_arcs = (0..arcs.len())
                .filter(|&e| f.reachable[arcs[e].from] && !f.reachable[arcs[e].to])
                .collect();
            Ok(DestinationCut {
                destination: k,
                bottleneck: f.value == *rho,
                value: f.value,
                set,
                arcs: cut_arcs,
            })
        })
        .collect()
}

/// `out(v)` and `in(v)` of a usage vector: `Σ c_e n_e` over the arcs leaving / entering `v`.
#[must_use]
pub fn port_loads(n: usize, arcs: &[Arc], usage: &[Q]) -> (Vec<Q>, Vec<Q>) {
    let mut out = vec![Q::zero(); n];
    let mut inn = vec![Q::zero(); n];
    for (a, u) in arcs.iter().zip(usage) {
        let t = &a.c * u;
        out[a.from] += &t;
        inn[a.to] += t;
    }
    (out, inn)
}

pub(crate) fn internal(what: &str) -> BroadcastError {
    BroadcastError::Internal(what.to_owned())
}
