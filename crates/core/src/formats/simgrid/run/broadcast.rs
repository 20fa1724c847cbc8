//! One period of a broadcast schedule (broadcast.md §4: the LP's weighted trees, or a baseline's,
//! cut into slots of whole messages per arc and tree) as the JSON `broadcast.py` plays in
//! SimGrid: the source injects, every node forwards each tree's messages it has received, one
//! message at a time out of and into each node, and the program measures the messages every
//! node receives per time unit against the throughput HetLab predicts.

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};
use serde_json::{json, Value};

use super::common::{fill, RunError, MAX_EVENTS, MEASURED_PERIODS};
use crate::broadcast::dispatch::Run;
use crate::broadcast::family::BroadcastFamily;
use crate::broadcast::schedule::Period;
use crate::broadcast::Broadcast;
use crate::family::{Limits, Solver as _};
use crate::formats::simgrid::{to_xml, Conversion};
use crate::rational::{to_f64, Q};

/// The program's text, with `@PLATFORM@` and `@SCHEDULE@` to fill.
const TEMPLATE: &str = include_str!("broadcast.py");

/// The program playing `inst`'s broadcast schedule under `algorithm`.
///
/// # Errors
/// As [`schedule`].
pub(super) fn program(
    inst: &Broadcast,
    algorithm: &str,
    name: &str,
    conv: &Conversion,
) -> Result<String, RunError> {
    let doc = schedule(inst, algorithm, name, conv)?;
    Ok(fill(TEMPLATE, &to_xml(&inst.platform, conv), &doc))
}

/// One period as the program reads it: `period`, `source`, `slots` (each with `start`, `end`
/// and its `sends`: `from`, `to`, `tree`, `count` messages, `bytes` each, the link's
/// `latency`), `predicted` (the throughput), the periods to play and the measured window.
///
/// # Errors
/// A solver error; a multicast, unidirectional or transformed result (no bidirectional period
/// of whole messages); no schedule (throughput 0); a period too long to simulate.
pub(super) fn schedule(
    inst: &Broadcast,
    algorithm: &str,
    name: &str,
    conv: &Conversion,
) -> Result<Value, RunError> {
    let run = BroadcastFamily::run_within(inst, algorithm, false, Limits::Default)?;
    let Run::Broadcast(t) = &run else {
        return Err(RunError::Unplayable(format!(
            "{algorithm} computes a multicast or a unidirectional schedule: only bidirectional \
             broadcast periods (lp, tree-colgen, the single trees and overlays) are played"
        )));
    };
    let sol = &t.solution;
    let uni = sol
        .baseline
        .as_ref()
        .is_some_and(|b| b.unidirectional_period.is_some());
    let (Some(period), Some(rho), false) = (sol.period.as_ref(), sol.throughput.as_ref(), uni)
    else {
        let why = sol.baseline.as_ref().and_then(|b| b.reason.clone());
        return Err(RunError::Unplayable(format!(
            "this result has no bidirectional period of whole messages to play{}",
            why.map(|w| format!(": {w}")).unwrap_or_default()
        )));
    };
    if !rho.is_positive() || !period.length.is_positive() {
        return Err(RunError::Unplayable(
            "throughput 0: there is no schedule to play".to_owned(),
        ));
    }
    let (slots, sent) = slots_json(inst, conv, period)?;
    let warm = 2 * period.max_depth as u64 + 2;
    let periods = warm + MEASURED_PERIODS;
    if sent.saturating_mul(periods) > MAX_EVENTS {
        return Err(RunError::Unplayable(format!(
            "one period of this schedule holds {sent} messages, {periods} periods would \
             simulate more than {MAX_EVENTS}: choose a smaller platform"
        )));
    }
    let total: BigInt = period.messages.iter().sum();
    let p = &inst.platform;
    Ok(json!({
        "name": name,
        "family": "broadcast",
        "algorithm": algorithm,
        "predicted": to_f64(rho),
        "predicted_exact": rho.to_string(),
        "messages_per_period": total.to_string(),
        "period": to_f64(&period.length),
        "period_exact": period.length.to_string(),
        "hosts": p.nodes.iter().map(|n| n.id.to_string()).collect::<Vec<_>>(),
        "source": inst.source,
        "trees": period.messages.len(),
        "slots": slots,
        "periods": periods,
        "measure_from": warm,
        "measure_to": periods,
    }))
}

/// The slots as the program reads them, and the batches (one per slot, arc and tree) they send
/// per period.
fn slots_json(
    inst: &Broadcast,
    conv: &Conversion,
    period: &Period,
) -> Result<(Vec<Value>, u64), RunError> {
    let arcs = inst.platform.arcs();
    let bytes = to_f64(&conv.bytes);
    let mut sent: u64 = 0;
    let mut out = Vec::with_capacity(period.slots.len());
    for slot in &period.slots {
        let mut list = Vec::new();
        for sa in &slot.arcs {
            let a = arcs.get(sa.arc).ok_or_else(|| {
                RunError::Unplayable(format!("the period names arc {}, which is missing", sa.arc))
            })?;
            let latency = inst.platform.links[a.link]
                .lcomm
                .as_ref()
                .map_or(0.0, to_f64);
            for piece in &sa.pieces {
                let count = piece.messages.to_u64().ok_or_else(|| {
                    RunError::Unplayable(format!(
                        "an arc sends {} messages per period: too many to simulate",
                        piece.messages
                    ))
                })?;
                sent += u64::from(count > 0);
                list.push(json!({
                    "from": a.from, "to": a.to, "tree": piece.tree, "count": count,
                    "bytes": bytes, "latency": latency,
                }));
            }
        }
        let end: Q = slot.end();
        out.push(json!({"start": to_f64(&slot.start), "end": to_f64(&end), "sends": list}));
    }
    Ok((out, sent))
}
