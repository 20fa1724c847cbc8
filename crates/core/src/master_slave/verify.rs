//! An independent checker of master–slave schedules: it replays the returned activities on the
//! bus or the ports from the instance alone (durations, exclusivity, no overlap on a slave,
//! message before task, every task done by the horizon, tasks flowing down the tree) and
//! recounts the tasks. It never reuses the solver's numbers except to compare them.

use crate::sort;
use std::collections::BTreeMap;

use super::model::{Activity, BusInput, Goal, MsInput, TreeInput};
use super::solution::MsSolution;
use crate::rational::{frac, Q};

/// What is wrong with a schedule, in a sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Violation(pub String);

type Res = Result<(), Violation>;

fn fail(msg: impl Into<String>) -> Res {
    Err(Violation(msg.into()))
}

fn ensure(cond: bool, msg: impl FnOnce() -> String) -> Res {
    if cond {
        Ok(())
    } else {
        fail(msg())
    }
}

/// The intervals must be pairwise disjoint (touching is fine).
fn disjoint(what: &str, mut spans: Vec<(Q, Q)>) -> Res {
    sort::sort(&mut spans);
    for w in spans.windows(2) {
        ensure(w[0].1 <= w[1].0, || {
            format!(
                "{what}: [{}, {}) overlaps [{}, {})",
                frac(&w[0].0),
                frac(&w[0].1),
                frac(&w[1].0),
                frac(&w[1].1)
            )
        })?;
    }
    Ok(())
}

/// Checks `sol` against `input`.
///
/// # Errors
/// A [`Violation`] naming the first problem found.
pub fn verify(input: &MsInput, sol: &MsSolution) -> Res {
    for a in &sol.schedule {
        let (s, e) = a.span();
        ensure(*s >= Q::default() && s <= e && *e <= sol.horizon, || {
            format!("{a:?} is not inside [0, {}]", frac(&sol.horizon))
        })?;
    }
    match input {
        MsInput::Bus(b) => verify_bus(b, sol),
        MsInput::Tree(t) => verify_tree(t, sol),
    }
}

fn verify_bus(b: &BusInput, sol: &MsSolution) -> Res {
    match &b.goal {
        Goal::Horizon(t) => ensure(sol.horizon == *t, || "the horizon is not T".into())?,
        Goal::Tasks(c) => ensure(
            sol.total == *c && sol.makespan.as_ref() == Some(&sol.horizon),
            || format!("MinTime must do exactly C = {c} tasks by the makespan"),
        )?,
    }
    let (per, bus, sends) = collect_bus(b, sol)?;
    disjoint("the bus", bus)?;
    let mut counts = Vec::new();
    let mut per = per;
    let mut sends = sends;
    for (i, [snd, cmp, ret]) in per.iter_mut().enumerate() {
        let all: Vec<(Q, Q)> = snd
            .iter()
            .chain(cmp.iter())
            .chain(ret.iter())
            .cloned()
            .collect();
        disjoint(&format!("P{}", i + 1), all)?;
        sort::sort(snd);
        sort::sort(cmp);
        sort::sort(ret);
        pair_messages(b.variant, i, snd, cmp, ret)?;
        counts.push(cmp.len() as u64);
    }
    ensure(counts == sol.counts, || {
        format!(
            "the schedule computes {counts:?} tasks per slave, the result says {:?}",
            sol.counts
        )
    })?;
    ensure(counts.iter().sum::<u64>() == sol.total, || {
        "the total is not the sum".into()
    })?;
    sort::sort(&mut sends);
    let order: Vec<usize> = sends.into_iter().map(|(_, s)| s).collect();
    ensure(order == sol.order, || {
        "the message order differs from the bus".into()
    })
}

/// Per slave its sends, computations and returns; the bus spans; the sends by start.
type BusSpans = (Vec<[Vec<(Q, Q)>; 3]>, Vec<(Q, Q)>, Vec<(Q, usize)>);

/// Sorts the activities of a bus schedule by slave and kind, checking kinds and durations.
fn collect_bus(b: &BusInput, sol: &MsSolution) -> Result<BusSpans, Violation> {
    let p = b.t.len();
    let (t1, t2) = b.t1_t2();
    // Per slave: sends, computes, returns (as spans).
    let mut per: Vec<[Vec<(Q, Q)>; 3]> = vec![Default::default(); p];
    let mut bus = Vec::new();
    let mut sends = Vec::new();
    for a in &sol.schedule {
        let (kind, slave, dur) = match a {
            Activity::Send { slave, .. } if b.variant > 0 => (0, *slave, t1.clone()),
            Activity::Compute { slave, .. } => {
                (1, *slave, b.t.get(*slave).cloned().unwrap_or_default())
            }
            Activity::Return { slave, .. } if b.variant == 2 || b.variant == 4 => {
                (2, *slave, t2.clone())
            }
            other => {
                return Err(Violation(format!(
                    "{other:?} does not exist in variant {}",
                    b.variant
                )))
            }
        };
        ensure(slave < p, || format!("slave {slave} does not exist"))?;
        let (s, e) = a.span();
        ensure(e - s == dur, || {
            format!("{a:?} does not last {}", frac(&dur))
        })?;
        per[slave][kind].push((s.clone(), e.clone()));
        if kind != 1 {
            bus.push((s.clone(), e.clone()));
        }
        if kind == 0 {
            sends.push((s.clone(), slave));
        }
    }
    Ok((per, bus, sends))
}

/// Variants 1–2: one message before all tasks (and one back after); variants 3–4: the k-th
/// message before the k-th task (and the k-th return after it).
fn pair_messages(v: u8, i: usize, snd: &[(Q, Q)], cmp: &[(Q, Q)], ret: &[(Q, Q)]) -> Res {
    let name = format!("P{}", i + 1);
    let want_ret = v == 2 || v == 4;
    match v {
        0 => Ok(()),
        1 | 2 => {
            let used = usize::from(!cmp.is_empty());
            ensure(
                snd.len() == used && (ret.len() == used || !want_ret),
                || {
                    format!(
                        "{name} must get one message (and send one back) exactly when it computes"
                    )
                },
            )?;
            if let (Some(s), Some(first), Some(last)) = (snd.first(), cmp.first(), cmp.last()) {
                ensure(s.1 <= first.0, || {
                    format!("{name} computes before its message ends")
                })?;
                if let Some(r) = ret.first() {
                    ensure(last.1 <= r.0, || {
                        format!("{name} returns before it has computed")
                    })?;
                }
            }
            Ok(())
        }
        _ => {
            ensure(
                snd.len() == cmp.len() && (!want_ret || ret.len() == cmp.len()),
                || format!("{name} needs one message (and one return) per task"),
            )?;
            for (k, (s, c)) in snd.iter().zip(cmp).enumerate() {
                ensure(s.1 <= c.0, || {
                    format!("task {} of {name} starts before its message", k + 1)
                })?;
                if let Some(r) = ret.get(k) {
                    ensure(c.1 <= r.0, || {
                        format!("task {} of {name} returns early", k + 1)
                    })?;
                }
            }
            Ok(())
        }
    }
}

fn verify_tree(t: &TreeInput, sol: &MsSolution) -> Res {
    match t.tasks {
        None => ensure(sol.horizon == t.horizon, || "the horizon is not T".into())?,
        Some(c) => ensure(
            sol.total == c && sol.makespan.as_ref() == Some(&sol.horizon),
            || format!("MinTime must do exactly C = {c} tasks by the makespan"),
        )?,
    }
    let nodes = t.shape.nodes();
    let n = nodes.len();
    // Port spans per sender (`None` = master), receptions per node, CPU spans per node.
    let mut ports: BTreeMap<Option<usize>, Vec<(Q, Q)>> = BTreeMap::new();
    let mut arrive: Vec<Vec<Q>> = vec![Vec::new(); n];
    let mut leave: Vec<Vec<Q>> = vec![Vec::new(); n];
    let mut recv: Vec<Vec<(Q, Q)>> = vec![Vec::new(); n];
    let mut cpu: Vec<Vec<(Q, Q)>> = vec![Vec::new(); n];
    let mut master = Vec::new();
    for a in &sol.schedule {
        let (s, e) = (a.span().0.clone(), a.span().1.clone());
        match a {
            Activity::Transfer { from, to, .. } => {
                let node = nodes
                    .get(*to)
                    .ok_or_else(|| Violation(format!("no node {to}")))?;
                ensure(node.parent == *from, || {
                    format!("{a:?} does not follow a link")
                })?;
                ensure(&e - &s == node.c, || format!("{a:?} does not last c"))?;
                ports.entry(*from).or_default().push((s.clone(), e.clone()));
                recv[*to].push((s.clone(), e.clone()));
                arrive[*to].push(e);
                if let Some(f) = from {
                    leave[*f].push(s);
                }
            }
            Activity::Compute { slave, .. } => {
                let w = nodes.get(*slave).and_then(|x| x.w.clone());
                ensure(w.is_some_and(|w| &e - &s == w), || {
                    format!("{a:?} does not last w")
                })?;
                cpu[*slave].push((s.clone(), e));
                leave[*slave].push(s);
            }
            Activity::MasterCompute { .. } => {
                ensure(t.w0.as_ref().is_some_and(|w| &e - &s == *w), || {
                    format!("{a:?} does not last w0")
                })?;
                master.push((s, e));
            }
            other => return fail(format!("{other:?} is not a tree activity")),
        }
    }
    check_resources(ports, &master, &recv, &cpu, &mut arrive, &mut leave)?;
    let counts: Vec<u64> = cpu.iter().map(|c| c.len() as u64).collect();
    let total = counts.iter().sum::<u64>() + master.len() as u64;
    ensure(counts == sol.counts && total == sol.total, || {
        format!(
            "the schedule does {total} tasks {counts:?}, the result says {} {:?}",
            sol.total, sol.counts
        )
    })?;
    ensure(t.n.or(t.tasks).is_none_or(|cap| total <= cap), || {
        "more tasks than the master holds".into()
    })
}

/// Ports, CPUs and buffers of a tree schedule: every port and CPU serves one activity at a
/// time, and every departure from a node (forward or compute) uses its own earlier arrival.
fn check_resources(
    ports: BTreeMap<Option<usize>, Vec<(Q, Q)>>,
    master: &[(Q, Q)],
    recv: &[Vec<(Q, Q)>],
    cpu: &[Vec<(Q, Q)>],
    arrive: &mut [Vec<Q>],
    leave: &mut [Vec<Q>],
) -> Res {
    for (k, spans) in ports {
        disjoint(&format!("the port of {k:?}"), spans)?;
    }
    disjoint("the master's CPU", master.to_vec())?;
    for v in 0..cpu.len() {
        disjoint(&format!("the reception of node {v}"), recv[v].clone())?;
        disjoint(&format!("the CPU of node {v}"), cpu[v].clone())?;
        // Each departure (forward or compute) needs its own earlier arrival.
        sort::sort(&mut arrive[v]);
        sort::sort(&mut leave[v]);
        ensure(leave[v].len() <= arrive[v].len(), || {
            format!("node {v} uses tasks it never received")
        })?;
        for (a, l) in arrive[v].iter().zip(&leave[v]) {
            ensure(a <= l, || format!("node {v} uses a task before it arrives"))?;
        }
    }
    Ok(())
}
