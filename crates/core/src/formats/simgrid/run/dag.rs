//! The makespan families' schedules (scatter, master–slave, divisible load) in one shape that
//! `dag.py` plays in SimGrid: a platform whose links and hosts carry the family's costs per
//! unit (item, task, unit of load) and a list of timed operations, each a send (with its
//! reception), or a computation, on a lane (an actor) of a host.
//!
//! The program runs each lane's operations in order of their scheduled start, none before it
//! (the schedule's idle times are kept), and each after the operations of its host's other
//! lanes that the schedule ends by its start (a forward after its reception, a computation
//! after its data, a result after its computation). A send is a rendezvous with its reception,
//! so each lane is one port. Measured: the last operation's end.

use std::collections::BTreeMap;

use num_traits::{Signed, ToPrimitive, Zero};
use serde_json::{json, Value};

use super::common::{fill, RunError, MAX_EVENTS};
use crate::formats::simgrid::{to_xml, Conversion};
use crate::platform::{Link, Node, NodeId, Platform};
use crate::rational::{to_f64, Cost, Q};

/// The program's text, with `@PLATFORM@` and `@SCHEDULE@` to fill.
const TEMPLATE: &str = include_str!("dag.py");

/// What an operation does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Work {
    /// `units` sent to host `to`, received on its lane `to_lane`: `lcomm + units · c` over the
    /// link from the host to `to`.
    Send { to: usize, to_lane: &'static str },
    /// `units` computed after a wait of `delay` (a computation latency): `delay + units · w`.
    Compute { delay: Q },
}

/// One timed operation of the schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Op {
    /// The host doing it (the sender of a send).
    pub host: usize,
    /// Its lane on the host (`port`, `in`, `cpu`; one lane for a node that cannot overlap).
    pub lane: &'static str,
    /// Send or compute.
    pub work: Work,
    /// Items, tasks or load: `units · bytes` bytes, `units · flops` flops.
    pub units: Q,
    /// Scheduled start.
    pub start: Q,
    /// Scheduled end.
    pub end: Q,
}

/// A schedule to play: the hosts and links of its costs, its operations, the predicted makespan.
pub(super) struct Dag {
    /// Hosts (`w` per unit) and one-way links (`c` per unit, `lcomm` per message).
    pub platform: Platform,
    /// The operations, any order.
    pub ops: Vec<Op>,
    /// The makespan of the result document.
    pub predicted: Q,
    /// Per link: free (`c = 0`, written with `c = 1`, its messages carry no bytes).
    free: Vec<bool>,
}

impl Dag {
    /// An empty schedule over hosts named `ids`, each with its cost per unit (`None`: it does
    /// not compute), host `master` holding the data.
    pub fn new(ids: Vec<(String, Option<Q>)>, master: usize, predicted: Q) -> Dag {
        let nodes = ids
            .into_iter()
            .enumerate()
            .map(|(k, (id, w))| Node {
                id: NodeId::from_text(&id),
                // A free computation (w = 0) is timed by its latency alone: no flops.
                w: w.filter(Q::is_positive).map(Cost::Finite),
                master: k == master,
                lcalc: None,
                pos: None,
            })
            .collect();
        let platform = Platform {
            name: None,
            nodes,
            links: Vec::new(),
        };
        Dag {
            platform,
            ops: Vec::new(),
            predicted,
            free: Vec::new(),
        }
    }

    /// Adds the one-way link `from → to` of cost `c` per unit and latency `lcomm`, unless it
    /// exists. A free link (`c = 0`) is written with `c = 1` and its messages carry no bytes.
    pub fn link(&mut self, from: usize, to: usize, c: &Q, lcomm: &Q) {
        if self.find(from, to).is_some() {
            return;
        }
        self.free.push(!c.is_positive());
        let c = if c.is_positive() {
            c.clone()
        } else {
            Q::from_integer(1.into())
        };
        self.platform.links.push(Link {
            from,
            to,
            c: Cost::Finite(c),
            c_back: None,
            directed: true,
            lcomm: (!lcomm.is_zero()).then(|| lcomm.clone()),
        });
    }

    /// The index of the link `from → to`.
    fn find(&self, from: usize, to: usize) -> Option<usize> {
        self.platform
            .links
            .iter()
            .position(|l| l.from == from && l.to == to)
    }

    /// The operation's duration under the platform's costs, or why it has none.
    fn model_time(&self, op: &Op) -> Result<Q, RunError> {
        match &op.work {
            Work::Send { to, .. } => {
                let k = self
                    .find(op.host, *to)
                    .ok_or_else(|| unplayable(format!("no link {} → {to}", op.host)))?;
                let l = &self.platform.links[k];
                let c = if self.free[k] { Q::zero() } else { cost(&l.c) };
                Ok(l.lcomm.clone().unwrap_or_default() + &op.units * c)
            }
            Work::Compute { delay } => {
                let w = self.platform.nodes.get(op.host).and_then(|n| n.w.as_ref());
                Ok(delay + &op.units * w.map(cost).unwrap_or_default())
            }
        }
    }
}

fn cost(c: &Cost) -> Q {
    c.finite().cloned().unwrap_or_default()
}

fn unplayable(what: String) -> RunError {
    RunError::Unplayable(format!(
        "the schedule does not match its cost model: {what}"
    ))
}

/// The program playing `dag`, labelled `name`, `family` and `algorithm`.
///
/// # Errors
/// [`RunError::Unplayable`]: no operation, a zero makespan, an operation whose scheduled length
/// is not what the costs give, or more than [`MAX_EVENTS`] operations.
pub(super) fn program(dag: &Dag, labels: [&str; 3], conv: &Conversion) -> Result<String, RunError> {
    let doc = document(dag, labels, conv)?;
    Ok(fill(TEMPLATE, &to_xml(&dag.platform, conv), &doc))
}

/// The JSON the program reads: `name`, `family`, `algorithm`, `predicted` (and exact), `hosts`
/// and `ops` (each with `lane`, `host`, `kind` = `send`, `recv` or `compute`, `msg` (the send a
/// reception takes), `bytes`, `flops`, `delay`, `start`, `end`, `start_exact`, `end_exact` and
/// `after`, the operations it waits for).
///
/// # Errors
/// As [`program`].
pub(super) fn document(
    dag: &Dag,
    [name, family, algorithm]: [&str; 3],
    conv: &Conversion,
) -> Result<Value, RunError> {
    if dag.ops.is_empty() || !dag.predicted.is_positive() {
        return Err(RunError::Unplayable(
            "the schedule is empty (makespan 0): there is nothing to play".to_owned(),
        ));
    }
    if 2 * dag.ops.len() as u64 > MAX_EVENTS {
        return Err(RunError::Unplayable(format!(
            "the schedule holds {} operations, more than {MAX_EVENTS} to simulate: choose a \
             smaller instance",
            dag.ops.len()
        )));
    }
    for op in &dag.ops {
        let want = dag.model_time(op)?;
        if &op.end - &op.start != want {
            return Err(unplayable(format!(
                "an operation of host {} from {} to {} lasts {}, the costs give {want}",
                op.host,
                op.start,
                op.end,
                &op.end - &op.start
            )));
        }
    }
    let flat = flatten(&dag.ops);
    let after = dependencies(&flat);
    let ops: Vec<Value> = flat
        .iter()
        .zip(after)
        .map(|(f, after)| op_json(dag, f, after, conv))
        .collect::<Result<_, _>>()?;
    Ok(json!({
        "name": name,
        "family": family,
        "algorithm": algorithm,
        "predicted": to_f64(&dag.predicted),
        "predicted_exact": dag.predicted.to_string(),
        "hosts": dag.platform.nodes.iter().map(|n| n.id.to_string()).collect::<Vec<_>>(),
        "ops": ops,
    }))
}

/// One side of an operation: a send's sender or receiver, or a computation.
struct Side<'a> {
    op: &'a Op,
    host: usize,
    lane: &'static str,
    /// The index (in the flat list) of the send a reception takes.
    recv_of: Option<usize>,
}

/// Every side in order of scheduled start (then end, then the input order), receptions right
/// after their sends.
fn flatten(ops: &[Op]) -> Vec<Side<'_>> {
    let mut order: Vec<&Op> = ops.iter().collect();
    order.sort_by(|a, b| a.start.cmp(&b.start).then(a.end.cmp(&b.end)));
    let mut out = Vec::with_capacity(2 * ops.len());
    for op in order {
        out.push(Side {
            op,
            host: op.host,
            lane: op.lane,
            recv_of: None,
        });
        if let Work::Send { to, to_lane } = op.work {
            out.push(Side {
                op,
                host: to,
                lane: to_lane,
                recv_of: Some(out.len() - 1),
            });
        }
    }
    out
}

/// For each side, the sides it waits for: on each other lane of its host, the last earlier
/// side that the schedule ends by its start (earlier in the flat order, so no cycle). A lane's
/// sides do not overlap, so the search back along a lane stops after a step or two.
fn dependencies(flat: &[Side<'_>]) -> Vec<Vec<usize>> {
    // The sides seen so far, per host and lane.
    let mut seen: BTreeMap<(usize, &str), Vec<usize>> = BTreeMap::new();
    let mut out = Vec::with_capacity(flat.len());
    for (k, s) in flat.iter().enumerate() {
        let mut after: Vec<usize> = seen
            .range((s.host, "")..)
            .take_while(|((host, _), _)| *host == s.host)
            .filter(|((_, lane), _)| *lane != s.lane)
            .filter_map(|(_, sides)| {
                sides
                    .iter()
                    .rev()
                    .find(|&&j| flat[j].op.end <= s.op.start)
                    .copied()
            })
            .collect();
        after.sort_unstable();
        out.push(after);
        seen.entry((s.host, s.lane)).or_default().push(k);
    }
    out
}

/// An operation as the program reads it; a message's size in whole bytes (SimGrid's sizes are
/// integers).
fn op_json(
    dag: &Dag,
    s: &Side<'_>,
    after: Vec<usize>,
    conv: &Conversion,
) -> Result<Value, RunError> {
    let op = s.op;
    let (kind, bytes, flops, delay) = match (&op.work, s.recv_of) {
        (Work::Send { .. }, Some(_)) => ("recv", 0, 0.0, 0.0),
        (Work::Send { to, .. }, None) => {
            let free = dag.find(op.host, *to).is_none_or(|k| dag.free[k]);
            let bytes = if free {
                Q::zero()
            } else {
                &op.units * &conv.bytes
            };
            let whole = bytes.round().to_integer().to_u64().ok_or_else(|| {
                RunError::Unplayable(format!("a message of {bytes} bytes cannot be simulated"))
            })?;
            ("send", whole, 0.0, 0.0)
        }
        (Work::Compute { delay }, _) => {
            let computes = dag.platform.nodes[op.host].w.is_some();
            let flops = if computes {
                &op.units * &conv.flops
            } else {
                Q::zero()
            };
            ("compute", 0, to_f64(&flops), to_f64(delay))
        }
    };
    Ok(json!({
        "lane": format!("{}:{}", dag.platform.nodes[s.host].id, s.lane),
        "host": s.host,
        "kind": kind,
        "msg": s.recv_of,
        "bytes": bytes,
        "flops": flops,
        "delay": delay,
        "start": to_f64(&op.start),
        "end": to_f64(&op.end),
        "start_exact": op.start.to_string(),
        "end_exact": op.end.to_string(),
        "after": after,
    }))
}
