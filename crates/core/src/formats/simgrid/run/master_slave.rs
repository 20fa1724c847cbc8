//! A master–slave schedule (master-slave.md) as operations for `dag.py`: every activity of
//! the result, at its time.
//!
//! * Bus (Part A): every message has the master at one end, so the bus (one communication at a
//!   time) is the master's one port: its sends and the results it receives are one lane. A slave
//!   cannot overlap (§1): its receptions, tasks and returns are one lane too. A message is one
//!   unit over a link of `c = tcom` (or `t1`; `t2` back), a task one unit on a host of `w = t_i`.
//! * Trees (Part B): a node receives, sends and computes at once (full overlap, §8.1): three
//!   lanes; a task moves over the link from its parent with `c = c_v`, computes with `w = w_v`.

use super::common::RunError;
use super::dag::{Dag, Op, Work};
use crate::family::{Limits, Solver as _};
use crate::master_slave::family::MasterSlaveFamily;
use crate::master_slave::{Activity, BusInput, MsInput, TreeInput};
use crate::rational::Q;

/// The master's host; slave or tree node `k` is host `k + 1`.
const MASTER: usize = 0;

/// The operations of `inst`'s schedule under `algorithm`.
///
/// # Errors
/// A solver error.
pub(super) fn dag(inst: &MsInput, algorithm: &str) -> Result<Dag, RunError> {
    let run = MasterSlaveFamily::run_within(inst, algorithm, false, Limits::Default)?;
    let sol = &run.solution;
    let last = sol.schedule.iter().map(|a| a.span().1).max().cloned();
    let predicted = last.unwrap_or_default();
    let mut dag = match inst {
        MsInput::Bus(b) => bus(b, predicted),
        MsInput::Tree(t) => tree(t, predicted),
    };
    let one = Q::from_integer(1.into());
    for a in &sol.schedule {
        let (start, end) = a.span();
        let (host, lane, work) = match (inst, a) {
            (_, Activity::Send { slave, .. }) => (MASTER, "bus", send(slave + 1, "bus")),
            (_, Activity::Return { slave, .. }) => (slave + 1, "bus", send(MASTER, "bus")),
            (MsInput::Bus(_), Activity::Compute { slave, .. }) => (slave + 1, "bus", compute()),
            (_, Activity::Compute { slave, .. }) => (slave + 1, "cpu", compute()),
            (_, Activity::MasterCompute { .. }) => (MASTER, "cpu", compute()),
            (_, Activity::Transfer { from, to, .. }) => {
                (from.map_or(MASTER, |f| f + 1), "out", send(to + 1, "in"))
            }
        };
        dag.ops.push(Op {
            host,
            lane,
            work,
            units: one.clone(),
            start: start.clone(),
            end: end.clone(),
        });
    }
    Ok(dag)
}

fn send(to: usize, to_lane: &'static str) -> Work {
    Work::Send { to, to_lane }
}

fn compute() -> Work {
    Work::Compute {
        delay: Q::default(),
    }
}

/// The bus's hosts and links: the master, then the slaves; `t1` out and `t2` back.
fn bus(b: &BusInput, predicted: Q) -> Dag {
    let mut ids = vec![("master".to_owned(), None)];
    ids.extend(
        b.t.iter()
            .enumerate()
            .map(|(i, t)| (format!("P{}", i + 1), Some(t.clone()))),
    );
    let mut dag = Dag::new(ids, MASTER, predicted);
    let (t1, t2) = b.t1_t2();
    let zero = Q::default();
    for i in 1..=b.t.len() {
        if t1 != zero {
            dag.link(MASTER, i, &t1, &zero);
        }
        if t2 != zero {
            dag.link(i, MASTER, &t2, &zero);
        }
    }
    dag
}

/// The tree's hosts (the master with `w0` when it computes) and links parent → child.
fn tree(t: &TreeInput, predicted: Q) -> Dag {
    let nodes = t.shape.nodes();
    let mut ids = vec![("master".to_owned(), t.w0.clone())];
    ids.extend(
        nodes
            .iter()
            .enumerate()
            .map(|(k, n)| (t.shape.label(k), n.w.clone())),
    );
    let mut dag = Dag::new(ids, MASTER, predicted);
    for (k, n) in nodes.iter().enumerate() {
        dag.link(
            n.parent.map_or(MASTER, |p| p + 1),
            k + 1,
            &n.c,
            &Q::default(),
        );
    }
    dag
}
