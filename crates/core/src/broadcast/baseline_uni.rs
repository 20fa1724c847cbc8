//! A baseline's throughput under the unidirectional one-port model (broadcast.md §7.3): arc
//! `e` must be busy `d_e = μ_e·c_e` per message, and at any instant a node takes part in one
//! transfer, so the transfers are scheduled as weighted matchings of the conflict graph.
//! The least total time is the fractional edge-colouring value
//! `χ = min Σ_M x_M  s.t.  Σ_{M∋e} x_M ≥ d_e`, and `ρ = 1/χ`.
//!
//! When the support is bipartite (every tree is), `χ = max_v (out(v) + in(v))` by König's
//! theorem; otherwise `χ` is found by column generation over matchings (restricted master in
//! exact rationals, pricing by the exact maximum-weight matching of the unidirectional
//! pipeline), certified by its dual: prices `z ≥ 0` on the arcs with every matching weighing
//! at most 1 and `Σ d_e z_e = χ`.
//!
//! Reference: A. Schrijver, *Combinatorial Optimization*, 2003, ch. 20 (König's edge-colouring
//! theorem) and ch. 28 (fractional edge colouring).

use std::collections::VecDeque;

use num_traits::{One, Signed, Zero};
use serde::Serialize;

use super::multicast::net::{Net, NetArc};
use super::unidirectional::matching::{is_matching, max_matching, odd_cycle, MAX_COMPONENT};
use super::unidirectional::WeightedMatching;
use crate::error::SolveError;
use crate::graph::matching::decompose;
use crate::lp::{self, Cmp, Outcome, Problem};
use crate::platform::Arc;
use crate::rational::Q;

/// Pricing rounds at most (each adds one matching; convergence is usually a few rounds).
pub const MAX_ROUNDS: usize = 500;

/// The fractional edge colouring of a baseline's transfers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Colouring {
    /// `χ`: time per message, `1/ρ`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub chi: Q,
    /// The support is bipartite (König's formula applies).
    pub bipartite: bool,
    /// An odd cycle of the support (arc ids) when it is not bipartite.
    pub odd_cycle: Vec<usize>,
    /// Matchings with their time per message (`Σ weight = χ`); on a bipartite support too
    /// large for the exact matching program, König's decomposition; empty only when that
    /// support also holds a pair of opposite arcs (König's value is exact regardless).
    pub matchings: Vec<WeightedMatching>,
}

/// The multicast network type over a platform's arcs.
pub(super) fn net_of(n: usize, arcs: &[Arc]) -> Net {
    Net {
        n,
        arcs: arcs
            .iter()
            .map(|a| NetArc {
                from: a.from,
                to: a.to,
                c: a.c.clone(),
            })
            .collect(),
    }
}

/// `χ` for the demands `d_e = μ_e·c_e` of arc multiplicities `mu`.
///
/// # Errors
/// A non-bipartite support whose matching program is too large, or an LP failure.
pub fn colouring(n: usize, arcs: &[Arc], mu: &[u32]) -> Result<Colouring, SolveError> {
    let net = net_of(n, arcs);
    let demand: Vec<Q> = arcs
        .iter()
        .zip(mu)
        .map(|(a, &m)| &a.c * Q::from_integer(m.into()))
        .collect();
    let support: Vec<usize> = (0..arcs.len())
        .filter(|&e| demand[e].is_positive())
        .collect();
    let cycle = odd_cycle(&net, &support);
    let bipartite = cycle.is_empty();
    let generated = if bipartite && n > MAX_COMPONENT {
        Err(SolveError::Failed(
            "too large for the matching program".to_owned(),
        ))
    } else {
        fractional(&net, &demand)
    };
    let (chi, matchings) = if bipartite {
        let mut load = vec![Q::zero(); n];
        for &e in &support {
            load[arcs[e].from] += &demand[e];
            load[arcs[e].to] += &demand[e];
        }
        let chi = load.into_iter().max().unwrap_or_else(Q::zero);
        // König: the column generation reaches the same value when it can run.
        let matchings = match generated {
            Ok((value, m)) if value == chi => m,
            Ok((value, _)) => {
                return Err(SolveError::Failed(format!(
                    "internal error: König gives {chi} but the matchings need {value}"
                )))
            }
            // Too large for the exact matching program: König's decomposition, which any
            // bipartite support without opposite arcs has.
            Err(_) => konig(n, arcs, &demand).unwrap_or_default(),
        };
        (chi, matchings)
    } else {
        generated?
    };
    Ok(Colouring {
        chi,
        bipartite,
        odd_cycle: cycle,
        matchings,
    })
}

/// Column generation for `min Σ x_M s.t. Σ_{M∋e} x_M ≥ d_e`, certified exactly.
fn fractional(net: &Net, demand: &[Q]) -> Result<(Q, Vec<WeightedMatching>), SolveError> {
    let support: Vec<usize> = (0..demand.len())
        .filter(|&e| demand[e].is_positive())
        .collect();
    let mut columns: Vec<Vec<usize>> = support.iter().map(|&e| vec![e]).collect();
    for _ in 0..MAX_ROUNDS {
        let mut lp = Problem::new(columns.len());
        for k in 0..columns.len() {
            lp.objective(k, -Q::one());
        }
        for &e in &support {
            let row: Vec<(usize, Q)> = (0..columns.len())
                .filter(|&k| columns[k].contains(&e))
                .map(|k| (k, Q::one()))
                .collect();
            lp.constraint(row, Cmp::Ge, demand[e].clone());
        }
        let sol = match lp::solve(&lp).map_err(SolveError::failed)? {
            Outcome::Optimal(s) => s,
            other => return Err(format!("the colouring LP has no optimum ({other:?})").into()),
        };
        // Dual prices of the covering rows (≥ rows have duals ≤ 0 in a maximisation).
        let mut z = vec![Q::zero(); demand.len()];
        for (row, &e) in support.iter().enumerate() {
            z[e] = -sol.dual[row].clone();
        }
        let (best, weight) = max_matching(net, &z)?;
        if weight <= Q::one() {
            let chi = -sol.value;
            let matchings: Vec<WeightedMatching> = columns
                .iter()
                .zip(&sol.x)
                .filter(|(_, x)| x.is_positive())
                .map(|(m, x)| WeightedMatching {
                    arcs: m.clone(),
                    weight: x.clone(),
                })
                .collect();
            check(net, demand, &chi, &matchings, &z)?;
            return Ok((chi, matchings));
        }
        if columns.contains(&best) {
            return Err(SolveError::Failed(
                "internal error: the pricing repeated a column".to_owned(),
            ));
        }
        columns.push(best);
    }
    Err(format!("the matching column generation did not converge in {MAX_ROUNDS} rounds").into())
}

/// The certificate: every column a matching covering the demands, `Σ x = χ`; dual prices
/// `z ≥ 0` with `Σ d z = χ` (every matching weighing at most 1 was checked by the pricing).
fn check(
    net: &Net,
    demand: &[Q],
    chi: &Q,
    matchings: &[WeightedMatching],
    z: &[Q],
) -> Result<(), SolveError> {
    let fail = |m: &str| Err(SolveError::Failed(format!("internal error: {m}")));
    let total: Q = matchings.iter().map(|m| m.weight.clone()).sum();
    if &total != chi || matchings.iter().any(|m| !is_matching(net, &m.arcs)) {
        return fail("the colouring is not a set of matchings of total χ");
    }
    for (e, d) in demand.iter().enumerate() {
        let covered: Q = matchings
            .iter()
            .filter(|m| m.arcs.contains(&e))
            .map(|m| m.weight.clone())
            .sum();
        if &covered < d {
            return fail("an arc is not covered");
        }
    }
    let dual: Q = demand.iter().zip(z).map(|(d, z)| d * z).sum();
    if z.iter().any(Signed::is_negative) || &dual != chi {
        return fail("the colouring's dual does not match");
    }
    Ok(())
}

/// Checks a baseline's colouring independently of how it was found: `χ` is at least every
/// node's `out + in` (a lower bound on any schedule); on a bipartite support it equals the
/// largest (König); the matchings, when given, are matchings of the conflict graph that cover
/// every arc's demand `μ_e·c_e` and last `χ` in all.
///
/// # Errors
/// A sentence naming the first violation.
pub fn verify(
    n: usize,
    arcs: &[Arc],
    mu: &[u32],
    c: &Colouring,
) -> Result<(), crate::error::Violation> {
    let net = net_of(n, arcs);
    let demand: Vec<Q> = arcs
        .iter()
        .zip(mu)
        .map(|(a, &m)| &a.c * Q::from_integer(m.into()))
        .collect();
    let mut load = vec![Q::zero(); n];
    for (a, d) in arcs.iter().zip(&demand) {
        load[a.from] += d;
        load[a.to] += d;
    }
    let most = load.into_iter().max().unwrap_or_else(Q::zero);
    if c.chi < most || (c.bipartite && c.chi != most) {
        return Err(format!("χ = {} against the largest node load {most}", c.chi).into());
    }
    if c.matchings.is_empty() {
        return Ok(());
    }
    let total: Q = c.matchings.iter().map(|m| m.weight.clone()).sum();
    if total != c.chi {
        return Err(format!("the matchings last {total}, not χ = {}", c.chi).into());
    }
    if let Some(m) = c.matchings.iter().find(|m| !is_matching(&net, &m.arcs)) {
        return Err(format!("arcs {:?} are not a matching", m.arcs).into());
    }
    for (e, d) in demand.iter().enumerate() {
        let covered: Q = c
            .matchings
            .iter()
            .filter(|m| m.arcs.contains(&e))
            .map(|m| m.weight.clone())
            .sum();
        if &covered < d {
            return Err(format!("arc {e} is busy {covered} of the {d} it needs").into());
        }
    }
    Ok(())
}

/// Weighted matchings of total time `max_v (out(v) + in(v))` covering each arc's `demand`
/// exactly, when the support (arcs of positive demand, direction ignored) is bipartite and
/// holds no pair of opposite arcs; `None` otherwise. König's theorem, made constructive by
/// `graph::matching::decompose` on the 2-colouring (one side sends or receives, the other
/// answers).
///
/// # Complexity
/// A breadth-first 2-colouring, then the decomposition: `O((|E| + |V|)·|V|·|E|)`.
#[must_use]
pub fn konig(n: usize, arcs: &[Arc], demand: &[Q]) -> Option<Vec<WeightedMatching>> {
    let support: Vec<usize> = (0..arcs.len().min(demand.len()))
        .filter(|&e| demand[e].is_positive())
        .collect();
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &e in &support {
        let (u, w) = (arcs[e].from, arcs[e].to);
        if u == w || adj[u].contains(&w) {
            return None;
        }
        adj[u].push(w);
        adj[w].push(u);
    }
    let mut side: Vec<Option<bool>> = vec![None; n];
    for start in 0..n {
        if side[start].is_some() {
            continue;
        }
        side[start] = Some(false);
        let mut queue = VecDeque::from([start]);
        while let Some(v) = queue.pop_front() {
            let here = side[v]?;
            for &w in &adj[v] {
                match side[w] {
                    None => {
                        side[w] = Some(!here);
                        queue.push_back(w);
                    }
                    Some(x) if x == here => return None,
                    Some(_) => {}
                }
            }
        }
    }
    // Edge (left end, right end) per arc; the decomposition's matchings name these pairs.
    let pair = |e: usize| {
        let (u, w) = (arcs[e].from, arcs[e].to);
        if side[u] == Some(false) {
            (u, w)
        } else {
            (w, u)
        }
    };
    let edges: Vec<((usize, usize), Q)> = support
        .iter()
        .map(|&e| (pair(e), demand[e].clone()))
        .collect();
    let d = decompose(&edges).ok()?;
    Some(
        d.matchings
            .iter()
            .map(|m| {
                let mut arcs: Vec<usize> = support
                    .iter()
                    .copied()
                    .filter(|&e| m.edges.contains(&pair(e)))
                    .collect();
                arcs.sort_unstable();
                WeightedMatching {
                    arcs,
                    weight: m.mu.clone(),
                }
            })
            .collect(),
    )
}
