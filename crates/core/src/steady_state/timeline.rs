//! One period of the steady-state pattern as a [`Timeline`] (steady-state.md §4.6): what the
//! page's Gantt chart draws, for `hetlab solve --format paje|csv` and the page's exports.

use super::pipeline::Pipeline;
use super::SteadyState;
use crate::formats::timeline::{node_id, Timeline};
use crate::periodic::{bars, Kind, Lane};
use crate::rational::{frac, Q};
use crate::sort;

/// One period of the steady-state pattern (steady-state.md §4.6): compute, send and receive
/// lanes, bars of `count × each` tasks, input or result files.
pub(crate) fn steady(inst: &SteadyState, name: &str, sol: &Pipeline) -> Option<Timeline> {
    let pat = sol.pattern.as_ref()?;
    let arcs = inst.platform.arcs();
    let fl = sol.lp.flows(inst, &arcs);
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
        let node = node_id(&inst.platform, i);
        let state = match b.kind {
            Kind::Task => "task",
            Kind::Input => "input",
            Kind::Result => "result",
        };
        let peer = b.peer.map_or_else(String::new, |j| {
            format!(" with {}", node_id(&inst.platform, j))
        });
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
