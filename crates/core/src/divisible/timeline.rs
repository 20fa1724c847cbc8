//! A divisible-load schedule as a [`Timeline`]: what the page's Gantt chart draws.

use super::schedule::Kind as DivKind;
use super::DivSolution;
use crate::formats::timeline::Timeline;
use crate::rational::frac;

/// A divisible-load schedule (divisible-load.md): the master's (or a tree node's) sends and
/// every worker's computations, with the load of each block.
pub(crate) fn divisible(name: &str, sol: &DivSolution) -> Timeline {
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
