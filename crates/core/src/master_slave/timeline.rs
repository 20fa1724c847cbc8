//! A master–slave schedule as a [`Timeline`]: what the page's Gantt chart draws.

use super::model::Activity;
use super::MsSolution;
use crate::formats::timeline::Timeline;

/// A master–slave schedule (master-slave.md): the master's port, then each slave's (or tree
/// node's) receptions and computations, one bar per task.
pub(crate) fn master_slave(name: &str, sol: &MsSolution) -> Timeline {
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
