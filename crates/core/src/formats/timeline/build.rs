//! One builder per family: its result's schedule as a [`Timeline`], lane for lane and bar for
//! bar what its page's Gantt chart draws; each family's [`Gantt`] implementation calls its own.

use super::{Gantt, Timeline};
use crate::broadcast::dispatch::Run as BroadcastRun;
use crate::broadcast::Broadcast;
use crate::divisible::schedule::Kind as DivKind;
use crate::divisible::DivSolution;
use crate::master_slave::model::Activity;
use crate::master_slave::MsSolution;
use crate::periodic::{bars, Kind, Lane};
use crate::platform::Platform;
use crate::rational::{frac, Q};
use crate::scatter::ScatterSolution;
use crate::sort;
use crate::steady_state::family::SteadyRun;
use crate::steady_state::SteadyState;

fn id(p: &Platform, i: usize) -> String {
    p.nodes
        .get(i)
        .map_or_else(|| i.to_string(), |n| n.id.to_string())
}

impl Gantt for crate::steady_state::family::SteadyStateFamily {
    fn timeline(input: &Self::Input, name: &str, run: &Self::Run) -> Option<Timeline> {
        steady(input, name, run)
    }
}

impl Gantt for crate::broadcast::family::BroadcastFamily {
    fn timeline(input: &Self::Input, name: &str, run: &Self::Run) -> Option<Timeline> {
        broadcast(input, name, run)
    }
}

impl Gantt for crate::scatter::family::ScatterFamily {
    fn timeline(_input: &Self::Input, name: &str, run: &Self::Run) -> Option<Timeline> {
        Some(scatter(name, &run.solution))
    }
}

impl Gantt for crate::master_slave::family::MasterSlaveFamily {
    fn timeline(_input: &Self::Input, name: &str, run: &Self::Run) -> Option<Timeline> {
        Some(master_slave(name, &run.solution))
    }
}

impl Gantt for crate::divisible::family::DivisibleFamily {
    fn timeline(_input: &Self::Input, name: &str, run: &Self::Run) -> Option<Timeline> {
        Some(divisible(name, &run.solution))
    }
}

/// One period of the steady-state pattern (steady-state.md §4.6): compute, send and receive
/// lanes, bars of `count × each` tasks, input or result files.
pub(super) fn steady(inst: &SteadyState, name: &str, run: &SteadyRun) -> Option<Timeline> {
    let SteadyRun::Lp(t) = run else { return None };
    let pat = t.solution.pattern.as_ref()?;
    let arcs = inst.platform.arcs();
    let fl = t.solution.lp.flows(inst, &arcs);
    let mut out = Timeline::new(format!("steady-state {name}: one period"));
    let mut all = bars(pat, &fl);
    sort::by_key(&mut all, |b| match b.lane {
        Lane::Compute(i) => (i, 0),
        Lane::Send(i) => (i, 1),
        Lane::Recv(i) => (i, 2),
    });
    for b in &all {
        let (i, verb) = match b.lane {
            Lane::Compute(i) => (i, "computes"),
            Lane::Send(i) => (i, "sends"),
            Lane::Recv(i) => (i, "receives"),
        };
        let node = id(&inst.platform, i);
        let state = match b.kind {
            Kind::Task => "task",
            Kind::Input => "input",
            Kind::Result => "result",
        };
        let peer = b
            .peer
            .map_or_else(String::new, |j| format!(" with {}", id(&inst.platform, j)));
        let label = format!("{} × {}{peer}", frac(&b.count), frac(&b.each));
        out.push(
            &node,
            &format!("{node} {verb}"),
            (&b.start, &b.end),
            state,
            label,
        );
    }
    out.end = Q::from_integer(pat.length.clone());
    out.marks = pat.slots.iter().map(crate::periodic::Slot::end).collect();
    Some(out)
}

/// One period of a broadcast schedule (broadcast.md §4.5, §6.6): a send and a receive lane per
/// busy node; bidirectional bars are coloured by tree, unidirectional ones by matching.
pub(super) fn broadcast(inst: &Broadcast, name: &str, run: &BroadcastRun) -> Option<Timeline> {
    let p = &inst.platform;
    let arcs = p.arcs();
    let mut out = Timeline::new(format!("broadcast {name}: one period"));
    let add = |out: &mut Timeline,
               from: usize,
               to: usize,
               span: (&Q, &Q),
               state: String,
               label: String| {
        let (a, b) = (id(p, from), id(p, to));
        out.push(
            &a,
            &format!("{a} sends"),
            span,
            &state,
            format!("{label} to {b}"),
        );
        out.push(
            &b,
            &format!("{b} receives"),
            span,
            &state,
            format!("{label} from {a}"),
        );
    };
    match run {
        BroadcastRun::Broadcast(t) => {
            let uni = t
                .solution
                .baseline
                .as_ref()
                .and_then(|b| b.unidirectional_period.as_ref());
            if let Some(period) = uni {
                uni_bars(&mut out, &arcs, period, &add)?;
                return Some(out);
            }
            let period = t.solution.period.as_ref()?;
            for b in crate::broadcast::gantt::bars(&arcs, period)
                .iter()
                .filter(|b| matches!(b.lane, crate::broadcast::gantt::Lane::Send(_)))
            {
                let a = arcs.get(b.arc)?;
                let label = format!("{} message(s) of tree {}", b.messages, b.tree + 1);
                add(
                    &mut out,
                    a.from,
                    a.to,
                    (&b.start, &b.end),
                    format!("tree {}", b.tree + 1),
                    label,
                );
            }
            out.end = period.length.clone();
            out.marks = period
                .slots
                .iter()
                .map(crate::periodic::Slot::end)
                .collect();
        }
        BroadcastRun::Unidirectional(t) => uni_bars(&mut out, &arcs, &t.solution.period, &add)?,
        BroadcastRun::Multicast(_) | BroadcastRun::Transformed(_) => return None,
    }
    Some(out)
}

/// The bars of a unidirectional period (§6.6), coloured by matching; `None` for an arc id
/// outside the platform.
fn uni_bars(
    out: &mut Timeline,
    arcs: &[crate::platform::Arc],
    period: &crate::broadcast::unidirectional::Period,
    add: &impl Fn(&mut Timeline, usize, usize, (&Q, &Q), String, String),
) -> Option<()> {
    for s in &period.slots {
        let end = s.end();
        for sa in &s.arcs {
            let a = arcs.get(sa.arc)?;
            let label = format!(
                "{} message(s), matching M{}",
                frac(&sa.messages),
                s.matching + 1
            );
            add(
                out,
                a.from,
                a.to,
                (&s.start, &end),
                format!("matching {}", s.matching + 1),
                label,
            );
        }
        out.marks.push(end);
    }
    out.end = period.length.clone();
    Some(())
}

/// A scatter (scatter.md §1.3): the root's sends, then each processor's reception and
/// computation.
pub(super) fn scatter(name: &str, sol: &ScatterSolution) -> Timeline {
    let s = &sol.schedule;
    let mut out = Timeline::new(format!("scatter {name}"));
    let root = format!("P{}", sol.root + 1);
    for &i in &s.order {
        let Some(Some(row)) = s.rows.get(i) else {
            continue;
        };
        let node = format!("P{}", i + 1);
        let share = s.shares.get(i).map(frac).unwrap_or_default();
        if i != sol.root {
            out.push(
                &root,
                &format!("{root} sends"),
                (&row.start, &row.recv),
                "send",
                format!("{share} item(s) to {node}"),
            );
        }
        out.push(
            &node,
            &format!("{node} computes"),
            (&row.recv, &row.end),
            "compute",
            format!("{share} item(s)"),
        );
    }
    out.end = s.makespan.clone();
    out
}

/// A master–slave schedule (master-slave.md): the master's port, then each slave's (or tree
/// node's) receptions and computations, one bar per task.
pub(super) fn master_slave(name: &str, sol: &MsSolution) -> Timeline {
    let mut out = Timeline::new(format!("master-slave {name}"));
    let p = |i: usize| format!("P{}", i + 1);
    for a in &sol.schedule {
        let span = a.span();
        match a {
            Activity::Send { slave, .. } => out.push(
                "master",
                "master sends",
                span,
                "send",
                format!("task to {}", p(*slave)),
            ),
            Activity::Return { slave, .. } => out.push(
                "master",
                "master receives",
                span,
                "return",
                format!("result from {}", p(*slave)),
            ),
            Activity::Compute { slave, .. } => out.push(
                &p(*slave),
                &format!("{} computes", p(*slave)),
                span,
                "compute",
                "task".to_owned(),
            ),
            Activity::MasterCompute { .. } => out.push(
                "master",
                "master computes",
                span,
                "compute",
                "task".to_owned(),
            ),
            Activity::Transfer { from, to, .. } => {
                let src = from.map_or_else(|| "master".to_owned(), p);
                out.push(
                    &src,
                    &format!("{src} sends"),
                    span,
                    "send",
                    format!("task to {}", p(*to)),
                );
            }
        }
    }
    if let Some(m) = &sol.makespan {
        if *m > out.end {
            out.end = m.clone();
        }
    }
    out
}

/// A divisible-load schedule (divisible-load.md): the master's (or a tree node's) sends and
/// every worker's computations, with the load of each block.
pub(super) fn divisible(name: &str, sol: &DivSolution) -> Timeline {
    let mut out = Timeline::new(format!("divisible {name}"));
    let who = |i: Option<usize>| i.map_or_else(|| "master".to_owned(), |i| format!("P{}", i + 1));
    for b in &sol.schedule {
        let node = who(b.node);
        let round = if b.round > 0 {
            format!(", round {}", b.round + 1)
        } else {
            String::new()
        };
        match b.kind {
            DivKind::Send => {
                let src = who(b.from);
                out.push(
                    &src,
                    &format!("{src} sends"),
                    (&b.start, &b.end),
                    "send",
                    format!("load {} to {node}{round}", frac(&b.load)),
                );
            }
            DivKind::Compute => out.push(
                &node,
                &format!("{node} computes"),
                (&b.start, &b.end),
                "compute",
                format!("load {}{round}", frac(&b.load)),
            ),
        }
    }
    if sol.makespan > out.end {
        out.end = sol.makespan.clone();
    }
    out
}
