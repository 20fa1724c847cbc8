//! The Gantt chart of one period of a broadcast schedule (broadcast.md §4.5): one sub-bar per
//! tree piece in the sender's and the receiver's lane, and the independent slot-by-slot
//! [`verify`] of a period against its trees.

use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use serde::Serialize;

use super::schedule::{depths, offset, Period, Slot};
use super::WeightedTree;
use crate::error::Violation;
use crate::platform::Arc;
use crate::rational::{frac, Q};

/// Which port a Gantt lane shows.
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
pub enum Lane {
    /// `v ▶ send`.
    Send(usize),
    /// `v ◀ recv`.
    Recv(usize),
}

/// One coloured sub-bar of the Gantt chart of one period (§4.5), in integral time units
/// (divide by `A·L` for the normalised view).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Bar {
    /// The lane.
    pub lane: Lane,
    /// The arc.
    pub arc: usize,
    /// Slot index.
    pub slot: usize,
    /// The tree whose messages move.
    pub tree: usize,
    /// Start.
    #[serde(serialize_with = "crate::rational::exact")]
    pub start: Q,
    /// End.
    #[serde(serialize_with = "crate::rational::exact")]
    pub end: Q,
    /// Whole messages moved.
    #[serde(serialize_with = "crate::rational::exact")]
    pub messages: BigInt,
    /// Generation offset (see `Piece`).
    pub generation_offset: i64,
}

/// The bars of one slot: per arc and piece, the same bar in the sender's and the receiver's
/// lane.
#[must_use]
pub fn slot_bars(arcs: &[Arc], index: usize, slot: &Slot) -> Vec<Bar> {
    let mut out = Vec::new();
    for sa in &slot.arcs {
        let a = &arcs[sa.arc];
        let mut clock = slot.start.clone();
        for p in &sa.pieces {
            let end = &clock + Q::from_integer(p.messages.clone()) * &a.c;
            for lane in [Lane::Send(a.from), Lane::Recv(a.to)] {
                out.push(Bar {
                    lane,
                    arc: sa.arc,
                    slot: index,
                    tree: p.tree,
                    start: clock.clone(),
                    end: end.clone(),
                    messages: p.messages.clone(),
                    generation_offset: p.generation_offset,
                });
            }
            clock = end;
        }
    }
    out
}

/// Every bar of the period.
#[must_use]
pub fn bars(arcs: &[Arc], period: &Period) -> Vec<Bar> {
    (period.slots.iter().enumerate())
        .flat_map(|(k, s)| slot_bars(arcs, k, s))
        .collect()
}

/// How the Gantt chart of one period measures time (§4.5's toggle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Units {
    /// The integral period `[0, A·L·Δ)`: every bar moves whole messages.
    Integral,
    /// The normalised period `[0, Δ)` (one time unit at the optimum): the integral chart
    /// divided by `A·L`, bars moving fractions of a message.
    Normalised,
}

/// One bar as shown: a [`Bar`] in the chosen [`Units`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownBar {
    /// The lane.
    pub lane: Lane,
    /// The tree whose messages move.
    pub tree: usize,
    /// Start.
    pub start: Q,
    /// End.
    pub end: Q,
    /// Messages moved (whole in the integral period).
    pub messages: Q,
    /// Generation offset.
    pub generation_offset: i64,
}

/// The chart of one period in the chosen units: its bars, the slot ends and its length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownPeriod {
    /// The bars.
    pub bars: Vec<ShownBar>,
    /// Where each slot ends.
    pub slot_ends: Vec<Q>,
    /// The period's length (`A·L·Δ`, or `Δ` normalised).
    pub length: Q,
}

/// The integral chart (`bars`, `slot_ends`, `length` in integral time units, `scale = A·L`)
/// in `units`; the normalised view divides every time and message count by `scale` (a
/// non-positive scale leaves the chart integral).
#[must_use]
pub fn shown(
    bars: &[Bar],
    slot_ends: &[Q],
    length: &Q,
    scale: &BigInt,
    units: Units,
) -> ShownPeriod {
    let by = match units {
        Units::Normalised if scale.is_positive() => Q::from_integer(scale.clone()),
        _ => Q::from_integer(BigInt::from(1)),
    };
    ShownPeriod {
        bars: bars
            .iter()
            .map(|b| ShownBar {
                lane: b.lane,
                tree: b.tree,
                start: &b.start / &by,
                end: &b.end / &by,
                messages: Q::from_integer(b.messages.clone()) / &by,
                generation_offset: b.generation_offset,
            })
            .collect(),
        slot_ends: slot_ends.iter().map(|e| e / &by).collect(),
        length: length / &by,
    }
}

/// Checks a period slot by slot against the trees, independently of how it was built: slots
/// back to back from 0 and summing to `A·L·Δ` with `Δ` the largest port load of the trees; in
/// each slot no port used twice and every arc busy the whole slot with whole messages; per
/// tree and arc, exactly `A·L·α_i` messages per period on its own arcs and none elsewhere; each
/// piece labelled with the generation of its depth.
///
/// # Errors
/// A sentence naming the first violation.
pub fn verify(
    n: usize,
    arcs: &[Arc],
    source: usize,
    trees: &[WeightedTree],
    period: &Period,
) -> Result<(), Violation> {
    let scale = Q::from_integer(&period.l * &period.a);
    let mut usage = vec![Q::zero(); arcs.len()];
    for t in trees {
        for &e in &t.arcs {
            usage[e] += &t.weight;
        }
    }
    let (out, inn) = super::lp::port_loads(n, arcs, &usage);
    let delta = out
        .iter()
        .chain(&inn)
        .max()
        .cloned()
        .unwrap_or_else(Q::zero);
    if period.length != &scale * &delta {
        return Err(format!("the period lasts {}, not A·L·Δ", frac(&period.length)).into());
    }
    let mut clock = Q::zero();
    let mut moved = vec![vec![BigInt::zero(); arcs.len()]; trees.len()];
    let depth: Vec<Vec<Option<usize>>> = trees
        .iter()
        .map(|t| depths(n, arcs, source, &t.arcs))
        .collect();
    for (k, slot) in period.slots.iter().enumerate() {
        if slot.start != clock || !slot.length.is_positive() {
            return Err(format!("slot {} does not follow the previous one", k + 1).into());
        }
        clock += &slot.length;
        check_slot(arcs, k, slot, &depth, &mut moved)?;
    }
    if clock != period.length {
        return Err("the slots do not fill the period".into());
    }
    for (i, t) in trees.iter().enumerate() {
        let want = &t.weight * &scale;
        for (e, got) in moved[i].iter().enumerate() {
            let expected = if t.arcs.contains(&e) {
                want.clone()
            } else {
                Q::zero()
            };
            if Q::from_integer(got.clone()) != expected {
                return Err(format!(
                    "arc {e} moves {got} messages of tree {} per period instead of {}",
                    i + 1,
                    frac(&expected)
                )
                .into());
            }
        }
    }
    Ok(())
}

fn check_slot(
    arcs: &[Arc],
    k: usize,
    slot: &Slot,
    depth: &[Vec<Option<usize>>],
    moved: &mut [Vec<BigInt>],
) -> Result<(), Violation> {
    let mut senders = Vec::new();
    let mut receivers = Vec::new();
    for sa in &slot.arcs {
        let a = arcs
            .get(sa.arc)
            .ok_or_else(|| format!("slot {}: no arc {}", k + 1, sa.arc))?;
        if senders.contains(&a.from) || receivers.contains(&a.to) {
            return Err(format!("slot {}: a port is used twice at once", k + 1).into());
        }
        senders.push(a.from);
        receivers.push(a.to);
        if Q::from_integer(sa.messages.clone()) * &a.c != slot.length {
            return Err(format!(
                "slot {}: arc {} is not busy exactly the whole slot",
                k + 1,
                sa.arc
            )
            .into());
        }
        let mut sum = BigInt::zero();
        for p in &sa.pieces {
            let d = depth.get(p.tree).ok_or("a piece names a missing tree")?;
            if p.messages.is_negative() || p.generation_offset != offset(d, a) {
                return Err(
                    format!("slot {}: a piece of arc {} is mislabelled", k + 1, sa.arc).into(),
                );
            }
            sum += &p.messages;
            moved[p.tree][sa.arc] += &p.messages;
        }
        if sum != sa.messages {
            return Err(
                format!("slot {}: the pieces of arc {} do not add up", k + 1, sa.arc).into(),
            );
        }
    }
    Ok(())
}
