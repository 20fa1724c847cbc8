//! One period of a broadcast schedule as a [`Timeline`] (the LP's trees or a baseline's):
//! what the page's Gantt chart draws, for `hetlab solve --format paje|csv` and the exports.

use super::dispatch::Run as BroadcastRun;
use super::Broadcast;
use crate::formats::timeline::{node_id, Timeline};
use crate::rational::{frac, Q};

/// One period of a broadcast schedule (broadcast.md §4.5, §6.6): a send and a receive lane per
/// busy node; bidirectional bars are coloured by tree, unidirectional ones by matching.
pub(crate) fn broadcast(inst: &Broadcast, name: &str, run: &BroadcastRun) -> Option<Timeline> {
    let p = &inst.platform;
    let arcs = p.arcs();
    let mut out = Timeline::new(format!("broadcast {name}: one period"));
    let add = |out: &mut Timeline,
               from: usize,
               to: usize,
               span: (&Q, &Q),
               state: String,
               label: String| {
        let (a, b) = (node_id(p, from), node_id(p, to));
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
