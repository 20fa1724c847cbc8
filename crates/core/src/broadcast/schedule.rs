//! From weighted trees to one period of a periodic schedule (broadcast.md §4), bidirectional
//! one-port model: busy times `u_e = c_e·m_e`, their decomposition into matchings (the shared
//! [`crate::graph::matching::decompose`] of steady-state §4.4, which §4.2 allows: the slot
//! lists of §9 then differ, the invariants do not), the integral period `A·L·Δ`, water filling
//! of the trees into each arc's slots (§4.3) and generations (§4.4); the Gantt bars (§4.5) and
//! the slot-by-slot [`verify`] are in `gantt.rs`.

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use serde::Serialize;

use super::lp::internal;
use super::{BroadcastError, WeightedTree};
use crate::graph::matching::{self, Decomposition};
use crate::platform::Arc;
use crate::rational::{frac, lcm_denominators, Q};

/// Whole messages of one tree moved by one arc in one slot.
pub type Piece = super::slot::Piece<BigInt>;

/// One arc active during a slot, busy the whole slot.
pub type SlotArc = super::slot::SlotArc<BigInt>;

/// One slot of the integral period: the one slot type ([`crate::periodic::Slot`]), whole
/// messages per arc.
pub type Slot = crate::periodic::Slot<SlotArc>;

/// One period of the schedule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Period {
    /// `Δ`: the largest port load, the length of the normalised period (1 at the optimum).
    #[serde(serialize_with = "crate::rational::exact")]
    pub delta: Q,
    /// `L`: lcm of the denominators of the tree weights.
    #[serde(rename = "L", serialize_with = "crate::rational::exact")]
    pub l: BigInt,
    /// `A`: the least factor making every slot move whole messages.
    #[serde(rename = "A", serialize_with = "crate::rational::exact")]
    pub a: BigInt,
    /// Period length `A·L·Δ`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub length: Q,
    /// Messages of each tree per period, `A·L·α_i`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub messages: Vec<BigInt>,
    /// `u_e = c_e·m_e`: busy time of each arc per time unit.
    #[serde(serialize_with = "crate::rational::exact")]
    pub busy: Vec<Q>,
    /// The matchings (normalised weights `μ_k`, summing to `Δ`).
    pub decomposition: Decomposition,
    /// The slots, back to back from 0.
    pub slots: Vec<Slot>,
    /// Largest tree depth: periods `1..max_depth−1` fill the pipeline (§4.4).
    pub max_depth: usize,
}

/// Depth of every node in a tree (the source has depth 0; `None` outside the tree).
pub(crate) fn depths(n: usize, arcs: &[Arc], source: usize, tree: &[usize]) -> Vec<Option<usize>> {
    let mut depth = vec![None; n];
    depth[source] = Some(0);
    // At most n − 1 rounds settle an arborescence whatever the arc order.
    for _ in 0..n {
        let mut changed = false;
        for &e in tree {
            let a = &arcs[e];
            if let (Some(d), None) = (depth[a.from], depth[a.to]) {
                depth[a.to] = Some(d + 1);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    depth
}

/// `−(depth of the head of e in the tree − 1)`.
pub(crate) fn offset(depth: &[Option<usize>], a: &Arc) -> i64 {
    let d = depth[a.to].unwrap_or(1);
    -i64::try_from(d.saturating_sub(1)).unwrap_or(i64::MAX)
}

/// Builds one period from a feasible weighted tree set (§4.2–4.4).
///
/// Reference: O. Beaumont, HDR thesis, ch. 3 (Thm 3.3/3.4: impoverished patterns become
/// periodic schedules); broadcast.md §4 (direct construction for trees, shift = depth − 1).
///
/// # Complexity
/// The decomposition dominates: `O((|E| + |V|)·|V|·|E|)` rational operations; water filling
/// is `O(|trees|·|slots|)` per arc.
///
/// # Errors
/// [`BroadcastError::BadInput`] when a tree names a missing arc or the set overloads a port;
/// [`BroadcastError::Internal`] when the decomposition fails (a bug).
pub fn build(
    n: usize,
    arcs: &[Arc],
    source: usize,
    trees: &[WeightedTree],
) -> Result<Option<Period>, BroadcastError> {
    let mut usage = vec![Q::zero(); arcs.len()];
    for t in trees {
        for &e in &t.arcs {
            let u = usage
                .get_mut(e)
                .ok_or_else(|| BroadcastError::BadInput(format!("arc {e} does not exist")))?;
            *u += &t.weight;
        }
    }
    let busy: Vec<Q> = arcs.iter().zip(&usage).map(|(a, m)| &a.c * m).collect();
    let edges: Vec<((usize, usize), Q)> = arcs
        .iter()
        .zip(&busy)
        .filter(|(_, u)| u.is_positive())
        .map(|(a, u)| ((a.from, a.to), u.clone()))
        .collect();
    if edges.is_empty() {
        return Ok(None);
    }
    let decomposition = matching::decompose(&edges).map_err(|e| internal(&e.to_string()))?;
    if decomposition.delta > Q::one() {
        return Err(BroadcastError::BadInput(format!(
            "the trees keep a port busy {} of the time, more than all of it",
            frac(&decomposition.delta)
        )));
    }
    let l = lcm_denominators(trees.iter().map(|t| &t.weight));
    let lq = Q::from_integer(l.clone());
    let arc_of = |(i, j): (usize, usize)| arcs.iter().position(|a| a.from == i && a.to == j);
    // Messages per slot and arc before the factor A.
    let raw: Vec<Vec<(usize, Q)>> = decomposition
        .matchings
        .iter()
        .map(|m| {
            m.edges
                .iter()
                .filter_map(|&pair| arc_of(pair))
                .map(|e| (e, &lq * &m.mu / &arcs[e].c))
                .collect()
        })
        .collect();
    let a = lcm_denominators(raw.iter().flatten().map(|(_, q)| q));
    let scale = &lq * Q::from_integer(a.clone());
    let messages: Vec<BigInt> = trees
        .iter()
        .map(|t| (&t.weight * &scale).to_integer())
        .collect();
    let depth: Vec<Vec<Option<usize>>> = trees
        .iter()
        .map(|t| depths(n, arcs, source, &t.arcs))
        .collect();
    let mut left: Vec<Vec<BigInt>> = trees
        .iter()
        .zip(&messages)
        .map(|(t, m)| {
            (0..arcs.len())
                .map(|e| {
                    if t.arcs.contains(&e) {
                        m.clone()
                    } else {
                        BigInt::zero()
                    }
                })
                .collect()
        })
        .collect();
    let mut clock = Q::zero();
    let mut slots = Vec::with_capacity(raw.len());
    for (index, (m, per_arc)) in decomposition.matchings.iter().zip(&raw).enumerate() {
        let length = &scale * &m.mu;
        let mut slot_arcs = Vec::new();
        for (e, q) in per_arc {
            let total = (q * Q::from_integer(a.clone())).to_integer();
            let pieces = pour(&mut left, *e, &total, &depth, &arcs[*e]);
            slot_arcs.push(SlotArc {
                arc: *e,
                messages: total,
                busy: None,
                pieces,
            });
        }
        slot_arcs.sort_by_key(|s| s.arc);
        slots.push(Slot {
            start: clock.clone(),
            length: length.clone(),
            matching: index,
            arcs: slot_arcs,
        });
        clock += length;
    }
    let max_depth = depth.iter().flatten().flatten().copied().max().unwrap_or(0);
    Ok(Some(Period {
        length: &scale * &decomposition.delta,
        delta: decomposition.delta.clone(),
        l,
        a,
        messages,
        busy,
        decomposition,
        slots,
        max_depth,
    }))
}

/// Water filling: takes `total` messages for arc `e` from the trees in index order.
fn pour(
    left: &mut [Vec<BigInt>],
    e: usize,
    total: &BigInt,
    depth: &[Vec<Option<usize>>],
    arc: &Arc,
) -> Vec<Piece> {
    let mut need = total.clone();
    let mut pieces = Vec::new();
    for (i, row) in left.iter_mut().enumerate() {
        if !need.is_positive() {
            break;
        }
        let take = need.clone().min(row[e].clone());
        if take.is_positive() {
            row[e] -= &take;
            need -= &take;
            pieces.push(Piece {
                tree: i,
                messages: take,
                generation_offset: offset(&depth[i], arc),
            });
        }
    }
    pieces
}

pub use super::gantt::{bars, slot_bars, verify, Bar, Lane};
