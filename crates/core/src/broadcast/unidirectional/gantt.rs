//! The unidirectional Gantt chart (broadcast.md §6.6): one slot per matching with `x_M > 0`,
//! in column order; each arc's needed time `c_e·Σ_{T∋e} y_T` is water-filled (trees by index)
//! into the slots of the matchings that contain it; and an independent [`verify`] that the
//! result is a valid unidirectional one-port schedule delivering the claimed throughput.

use num_traits::{Signed, Zero};
use serde::Serialize;

use super::colgen::WeightedMatching;
use crate::broadcast::multicast::net::Net;
use crate::broadcast::WeightedTree;
use crate::error::Violation;
use crate::rational::Q;

/// The share of one tree in one transfer (messages per period of one time unit).
pub type Piece = crate::broadcast::slot::Piece<Q>;

/// One transfer of a slot, with how long it lasts.
pub type SlotArc = crate::broadcast::slot::SlotArc<Q>;

/// One slot `[start, start + length)`, running the transfers of one matching: the one slot
/// type ([`crate::periodic::Slot`]), fractional messages per arc.
pub type Slot = crate::periodic::Slot<SlotArc>;

/// One period of the unidirectional schedule.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Period {
    /// Period length `Σ x_M` (1 at the optimum).
    #[serde(serialize_with = "crate::rational::exact")]
    pub length: Q,
    /// The slots in time order.
    pub slots: Vec<Slot>,
}

/// Builds the Gantt data of §6.6 from weighted trees and matchings.
///
/// # Complexity
/// `O(|E|·(#trees + #matchings))`.
#[must_use]
pub fn build(
    net: &Net,
    s: usize,
    trees: &[WeightedTree],
    matchings: &[WeightedMatching],
) -> Period {
    let mut slots: Vec<Slot> = Vec::with_capacity(matchings.len());
    let mut t = Q::zero();
    for (i, m) in matchings.iter().enumerate() {
        slots.push(Slot {
            start: t.clone(),
            length: m.weight.clone(),
            matching: i,
            arcs: Vec::new(),
        });
        t += &m.weight;
    }
    let depth: Vec<Vec<(usize, usize)>> = trees.iter().map(|tr| net.depths(s, &tr.arcs)).collect();
    for (e, a) in net
        .arcs
        .iter()
        .enumerate()
        .filter(|(_, a)| a.c.is_positive())
    {
        // Trees using e, by index, with the messages still to pour.
        let mut todo: Vec<(usize, Q, i64)> = trees
            .iter()
            .enumerate()
            .filter_map(|(i, tr)| {
                depth[i].iter().find(|(k, _)| *k == e).map(|(_, d)| {
                    let offset = i64::try_from(d - 1).unwrap_or(i64::MAX);
                    (i, tr.weight.clone(), offset)
                })
            })
            .collect();
        todo.reverse();
        for (slot, m) in slots.iter_mut().zip(matchings) {
            if !m.arcs.contains(&e) || todo.is_empty() {
                continue;
            }
            let mut room = &m.weight / &a.c;
            let mut pieces = Vec::new();
            while room.is_positive() {
                let Some((tree, left, generation_offset)) = todo.last_mut() else {
                    break;
                };
                let take = if *left < room {
                    left.clone()
                } else {
                    room.clone()
                };
                room -= &take;
                *left -= &take;
                pieces.push(Piece {
                    tree: *tree,
                    messages: take,
                    generation_offset: *generation_offset,
                });
                if left.is_zero() {
                    todo.pop();
                }
            }
            let messages: Q = pieces.iter().map(|p| p.messages.clone()).sum();
            if messages.is_positive() {
                slot.arcs.push(SlotArc {
                    arc: e,
                    busy: Some(&a.c * &messages),
                    messages,
                    pieces,
                });
            }
        }
    }
    Period { length: t, slots }
}

/// Checks a unidirectional schedule independently: slots are consecutive from 0 and last at
/// most one time unit in all; inside a slot no node takes part in two transfers (sending or
/// receiving) and each transfer fits in the slot; every tree is a spanning arborescence rooted
/// at `s`; every arc of every tree moves exactly that tree's weight over the period, and no
/// arc moves messages of a tree it is not in. The throughput is then `Σ y_T`, returned.
///
/// # Errors
/// A sentence naming the first violation.
pub fn verify(
    net: &Net,
    s: usize,
    trees: &[WeightedTree],
    period: &Period,
) -> Result<Q, Violation> {
    let mut t = Q::zero();
    let mut moved: Vec<Vec<Q>> = vec![vec![Q::zero(); net.arcs.len()]; trees.len()];
    for (k, slot) in period.slots.iter().enumerate() {
        if slot.start != t || !slot.length.is_positive() {
            return Err(format!(
                "slot {k} does not start where the previous one ends, or is empty"
            )
            .into());
        }
        t += &slot.length;
        let mut busy = vec![false; net.n];
        for sa in &slot.arcs {
            let a = net
                .arcs
                .get(sa.arc)
                .ok_or_else(|| format!("slot {k}: arc {} does not exist", sa.arc))?;
            if busy[a.from] || busy[a.to] {
                return Err(format!(
                    "slot {k}: node {} or {} takes part in two transfers at once",
                    a.from, a.to
                )
                .into());
            }
            busy[a.from] = true;
            busy[a.to] = true;
            let total: Q = sa.pieces.iter().map(|p| p.messages.clone()).sum();
            let fits =
                (sa.busy.as_ref()).is_some_and(|b| *b == &a.c * &sa.messages && *b <= slot.length);
            if !fits || total != sa.messages {
                return Err(format!(
                    "slot {k}: the transfer on arc {} does not fit its slot",
                    sa.arc
                )
                .into());
            }
            for p in &sa.pieces {
                let row = moved
                    .get_mut(p.tree)
                    .ok_or_else(|| format!("slot {k}: tree {} does not exist", p.tree))?;
                row[sa.arc] += &p.messages;
            }
        }
    }
    if t != period.length || t > Q::from_integer(1.into()) {
        return Err(format!(
            "the slots last {t} in all, more than one time unit or not the period"
        )
        .into());
    }
    let all = vec![true; net.n];
    for (i, tr) in trees.iter().enumerate() {
        net.check_arborescence(s, &tr.arcs, &all)
            .map_err(|e| format!("tree {i}: {e}"))?;
        for (e, m) in moved[i].iter().enumerate() {
            let want = if tr.arcs.contains(&e) && net.arcs[e].c.is_positive() {
                tr.weight.clone()
            } else {
                Q::zero()
            };
            if *m != want {
                return Err(format!(
                    "tree {i}: arc {e} moves {m} of its messages instead of {want}"
                )
                .into());
            }
        }
    }
    Ok(trees.iter().map(|t| t.weight.clone()).sum())
}
