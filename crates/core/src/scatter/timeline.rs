//! A scatter schedule as a [`Timeline`]: what the page's Gantt chart draws.

use super::ScatterSolution;
use crate::formats::timeline::Timeline;
use crate::rational::frac;

/// A scatter (scatter.md §1.3): the root's sends, then each processor's reception and
/// computation.
pub(crate) fn scatter(name: &str, sol: &ScatterSolution) -> Timeline {
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
