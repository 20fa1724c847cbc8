//! The independent checker of a matching decomposition: every invariant of steady-state.md
//! sections 4.4 and 4.6, recomputed from the input edges without trusting the algorithm.

use std::collections::{BTreeMap, BTreeSet};

use num_traits::{Signed, Zero};

use super::{Decomposition, Matching, MuReason, Port};
use crate::error::Violation;
use crate::rational::{format_q, Q};

/// Checks a decomposition independently of [`super::decompose`]: every matching is a matching of
/// input edges with `μ > 0`; every edge's weight is the sum of the `μ` of the matchings that
/// contain it; `Σ μ = Δ` = the maximum weighted degree; at most `|E| + |ports|` matchings; and
/// every frame is consistent (its tight ports are those of maximum degree in the remaining graph
/// and are covered by its covering part, which lies inside the matching, and its reason holds).
///
/// Reference: the invariants of steady-state.md sections 4.4 and 4.6 (weighted König edge
/// colouring, O. Beaumont, HDR thesis, Ch. 3).
///
/// # Complexity
/// `O(q·(|E| + |ports|)·log |E|)` rational operations for `q` matchings.
///
/// # Errors
/// A sentence naming the first broken invariant (or the first bad input edge).
///
/// ```
/// use hetlab_core::graph::matching::{check, decompose};
/// use hetlab_core::rational::qi;
/// let edges = [((0, 1), qi(2))];
/// let mut d = decompose(&edges).unwrap();
/// assert!(check(&edges, &d).is_ok());
/// d.matchings[0].mu = qi(1);
/// assert!(check(&edges, &d).is_err());
/// ```
pub fn check(edges: &[((usize, usize), Q)], d: &Decomposition) -> Result<(), Violation> {
    let mut rest = BTreeMap::new();
    for ((i, j), w) in edges {
        if !w.is_positive() {
            return Err(format!("input edge {i}→{j} has weight {} <= 0", format_q(w)).into());
        }
        if rest.insert((*i, *j), w.clone()).is_some() {
            return Err(format!("input edge {i}→{j} is listed twice").into());
        }
    }
    let deg = degrees(&rest);
    let ports = deg.len();
    let delta = deg.into_values().max().unwrap_or_else(Q::zero);
    if d.delta != delta {
        let (got, want) = (format_q(&d.delta), format_q(&delta));
        return Err(format!("Δ is {got}, the maximum weighted degree is {want}").into());
    }
    if d.matchings.len() > rest.len() + ports {
        return Err(format!("{} matchings, more than |E| + |ports|", d.matchings.len()).into());
    }
    let mut total = Q::zero();
    for (k, m) in d.matchings.iter().enumerate() {
        check_frame(m, &mut rest).map_err(|e| format!("matching {}: {e}", k + 1))?;
        total += &m.mu;
    }
    if let Some(((i, j), w)) = rest.iter().next() {
        return Err(format!(
            "edge {i}→{j} keeps {} not covered by any matching",
            format_q(w)
        )
        .into());
    }
    if total != delta {
        return Err(format!("Σμ = {}, Δ = {}", format_q(&total), format_q(&delta)).into());
    }
    Ok(())
}

/// Weighted degree of every port with an edge.
fn degrees(weights: &BTreeMap<(usize, usize), Q>) -> BTreeMap<Port, Q> {
    let mut deg: BTreeMap<Port, Q> = BTreeMap::new();
    for (&(i, j), w) in weights {
        *deg.entry(Port::Send(i)).or_insert_with(Q::zero) += w;
        *deg.entry(Port::Recv(j)).or_insert_with(Q::zero) += w;
    }
    deg
}

/// Checks one frame against the remaining weights `rest`, then removes its `μ` from them.
fn check_frame(m: &Matching, rest: &mut BTreeMap<(usize, usize), Q>) -> Result<(), Violation> {
    if !m.mu.is_positive() {
        return Err(format!("μ = {} is not positive", format_q(&m.mu)).into());
    }
    let mut covered = BTreeSet::new();
    for &(i, j) in &m.edges {
        if !covered.insert(Port::Send(i)) || !covered.insert(Port::Recv(j)) {
            return Err(format!("edge {i}→{j} shares a port with another edge").into());
        }
    }
    if let Some((i, j)) = m.covering.iter().find(|e| !m.edges.contains(e)) {
        return Err(format!("covering edge {i}→{j} is not in the matching").into());
    }
    check_tight_and_reason(m, rest, &covered)?;
    for &(i, j) in &m.edges {
        let Some(w) = rest.get_mut(&(i, j)) else {
            return Err(format!("edge {i}→{j} is not in the input or is already used up").into());
        };
        *w -= &m.mu;
        if w.is_negative() {
            return Err(format!("edge {i}→{j} is used for longer than its weight").into());
        }
        if w.is_zero() {
            rest.remove(&(i, j));
        }
    }
    Ok(())
}

/// Checks a frame's tight ports, its covering part and its reason against the remaining
/// weights `rest` (before its `μ` is removed); `covered` holds the ports of its matching.
fn check_tight_and_reason(
    m: &Matching,
    rest: &BTreeMap<(usize, usize), Q>,
    covered: &BTreeSet<Port>,
) -> Result<(), Violation> {
    let deg = degrees(rest);
    let delta = deg.values().max().cloned().unwrap_or_else(Q::zero);
    let tight: Vec<Port> = deg
        .iter()
        .filter(|(_, d)| **d == delta)
        .map(|(p, _)| *p)
        .collect();
    if m.tight != tight {
        return Err(format!("tight ports {:?}, expected {tight:?}", m.tight).into());
    }
    let by_cover: BTreeSet<Port> = m
        .covering
        .iter()
        .flat_map(|&(i, j)| [Port::Send(i), Port::Recv(j)])
        .collect();
    if let Some(p) = tight.iter().find(|p| !by_cover.contains(p)) {
        return Err(format!("tight port {p:?} is not covered by the covering part").into());
    }
    let reason_holds = match m.reason {
        MuReason::EdgeExhausted(e) => m.edges.contains(&e) && rest.get(&e) == Some(&m.mu),
        MuReason::PortBecomesTight(p) => {
            !covered.contains(&p) && deg.get(&p).is_some_and(|d| &delta - d == m.mu)
        }
    };
    if !reason_holds {
        return Err(format!(
            "the reason {:?} does not give μ = {}",
            m.reason,
            format_q(&m.mu)
        )
        .into());
    }
    Ok(())
}
