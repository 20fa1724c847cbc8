//! The one-period Gantt chart (steady-state.md section 4.6) and the verifier that checks a
//! pattern slot by slot against every port, every computation and every count.

use crate::error::Violation;
use crate::sort;
use std::collections::BTreeMap;

use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use serde::Serialize;

use super::{Flows, Pattern};
use crate::graph::matching;
use crate::rational::{frac, Cost, Q};

/// A lane of the chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lane {
    /// Computations of a node.
    Compute(usize),
    /// Sending port of a node.
    Send(usize),
    /// Receiving port of a node.
    Recv(usize),
}

/// What a bar carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Task computations.
    Task,
    /// Input files.
    Input,
    /// Result files.
    Result,
}

/// One bar: `count` identical operations of `each` time units back to back (drawn as one bar
/// labelled `count × each`, so that huge counts never mean huge drawings).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Bar {
    /// Where it is drawn.
    pub lane: Lane,
    /// What it carries.
    pub kind: Kind,
    /// The other end of a transfer.
    pub peer: Option<usize>,
    /// The slot of a transfer (index into `Pattern::slots`); `None` for computations.
    pub slot: Option<usize>,
    /// Start time.
    #[serde(serialize_with = "crate::rational::exact")]
    pub start: Q,
    /// End time.
    #[serde(serialize_with = "crate::rational::exact")]
    pub end: Q,
    /// Number of operations.
    #[serde(serialize_with = "crate::rational::exact")]
    pub count: Q,
    /// Duration of one operation.
    #[serde(serialize_with = "crate::rational::exact")]
    pub each: Q,
}

/// The bars of one period: compute lanes from 0, then per slot the send and receive bars of
/// each transfer (input files first, then result files).
#[must_use]
pub fn bars(pat: &Pattern, fl: &Flows<'_>) -> Vec<Bar> {
    let aq = Q::from_integer(pat.scale_a.clone());
    let mut out = Vec::new();
    for (i, node) in fl.platform.nodes.iter().enumerate() {
        if let (true, Some(Cost::Finite(w))) = (pat.n[i].is_positive(), &node.w) {
            let count = &aq * Q::from_integer(pat.n[i].clone());
            out.push(Bar {
                lane: Lane::Compute(i),
                kind: Kind::Task,
                peer: None,
                slot: None,
                start: Q::zero(),
                end: &count * w,
                count,
                each: w.clone(),
            });
        }
    }
    for (index, slot) in pat.slots.iter().enumerate() {
        for t in &slot.arcs {
            let a = &fl.arcs[t.arc];
            let mut clock = slot.start.clone();
            for (kind, count, size) in [
                (Kind::Input, &t.inputs, fl.data_in),
                (Kind::Result, &t.results, fl.data_out),
            ] {
                if !count.is_positive() {
                    continue;
                }
                let each = &a.c * size;
                let end = &clock + count * &each;
                for (lane, peer) in [(Lane::Send(a.from), a.to), (Lane::Recv(a.to), a.from)] {
                    out.push(Bar {
                        lane,
                        kind,
                        peer: Some(peer),
                        slot: Some(index),
                        start: clock.clone(),
                        end: end.clone(),
                        count: count.clone(),
                        each: each.clone(),
                    });
                }
                clock = end;
            }
        }
    }
    out
}

/// Checks a pattern independently: the decomposition's invariants; every count whole; every bar
/// inside `[0, L)`; on each send and each receive lane, bars pairwise disjoint (one-port);
/// per arc, `A·m` input and `A·r` result files; per node, computations within the period; and
/// per period, every non-master receives exactly what it computes and forwards (so that the
/// shifted periodic schedule never uses a task it has not received).
///
/// # Errors
/// A sentence naming the first violation.
pub fn verify(pat: &Pattern, fl: &Flows<'_>) -> Result<(), Violation> {
    let edges: Vec<((usize, usize), Q)> = fl
        .arcs
        .iter()
        .zip(&pat.u)
        .filter(|(_, w)| w.is_positive())
        .map(|(a, w)| ((a.from, a.to), w.clone()))
        .collect();
    matching::check(&edges, &pat.decomposition)?;
    let length = Q::from_integer(pat.length.clone());
    let all = bars(pat, fl);
    check_bars(&all, &length)?;
    check_counts(pat, fl, &all)
}

/// Checks bars on their own: every count whole, every bar inside `[0, length)`, and on each
/// lane (a compute lane, a sending port, a receiving port) bars pairwise disjoint: the one-port
/// rule. Shared by the general pattern and the tree schedule (steady-state.md section 3.5).
///
/// # Errors
/// A sentence naming the first violation.
pub fn check_bars(all: &[Bar], length: &Q) -> Result<(), Violation> {
    let mut lanes: BTreeMap<Lane, Vec<&Bar>> = BTreeMap::new();
    for b in all {
        if !b.count.is_integer() {
            return Err(format!(
                "{:?} carries {} operations, not a whole number",
                b.lane,
                frac(&b.count)
            )
            .into());
        }
        if b.start.is_negative() || &b.end > length {
            return Err(format!(
                "{:?} has a bar [{}, {}) outside the period [0, {})",
                b.lane,
                frac(&b.start),
                frac(&b.end),
                frac(length)
            )
            .into());
        }
        lanes.entry(b.lane).or_default().push(b);
    }
    for (lane, list) in &mut lanes {
        sort::by(list, |a, b| a.start.cmp(&b.start));
        for w in list.windows(2) {
            if w[0].end > w[1].start {
                return Err(format!(
                    "{lane:?} does two things at once around time {}",
                    frac(&w[1].start)
                )
                .into());
            }
        }
    }
    Ok(())
}

fn check_counts(pat: &Pattern, fl: &Flows<'_>, all: &[Bar]) -> Result<(), Violation> {
    let a = &pat.scale_a;
    for (k, arc) in fl.arcs.iter().enumerate() {
        for (kind, want) in [(Kind::Input, &pat.m[k]), (Kind::Result, &pat.r[k])] {
            let sent: Q = all
                .iter()
                .filter(|b| {
                    b.lane == Lane::Send(arc.from) && b.peer == Some(arc.to) && b.kind == kind
                })
                .map(|b| b.count.clone())
                .sum();
            if sent != Q::from_integer(a * want) {
                return Err(format!(
                    "arc {}→{} carries {} {kind:?} files per period instead of {}",
                    arc.from,
                    arc.to,
                    frac(&sent),
                    a * want
                )
                .into());
            }
        }
    }
    let p = fl.platform;
    for (i, node) in p.nodes.iter().enumerate() {
        if node.master {
            continue;
        }
        let sum = |v: &[BigInt], into: bool| -> BigInt {
            fl.arcs
                .iter()
                .enumerate()
                .filter(|(_, x)| if into { x.to == i } else { x.from == i })
                .map(|(k, _)| v[k].clone())
                .sum()
        };
        if sum(&pat.m, true) != &pat.n[i] + sum(&pat.m, false) {
            return Err(format!(
                "node {} does not receive exactly the tasks it computes and forwards",
                node.id
            )
            .into());
        }
        if fl.data_out.is_positive() && sum(&pat.r, true) + &pat.n[i] != sum(&pat.r, false) {
            return Err(format!(
                "node {} does not send back exactly the results it receives and produces",
                node.id
            )
            .into());
        }
    }
    Ok(())
}
