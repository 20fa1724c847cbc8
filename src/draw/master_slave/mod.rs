//! Pure drawing model of the master–slave page (master-slave.md §10), computed from a replayed
//! [`MsState`]: on top the variant's working figure (the bipartite graph of slaves and slots with
//! the fastest-first foil and the optimal matching, the tripartite graph of the approximation,
//! the bar of `tcom/tc_k` up to the bus's capacity, the binary search of `MinTime`, or the tree
//! with its link costs and cycle times), under it the Gantt chart built so far. The Yew view
//! and the exported SVG both draw these shapes.

use hetlab_core::master_slave::{Activity, MsState};

mod frame;
pub mod gantt;
mod graph;
mod panels;
pub mod plot;
pub mod shapes;
#[cfg(test)]
mod tests;

pub use frame::{frame, Frame, Row};
pub use shapes::{to_svg_document, Anchor, Drawing, Shape, WIDTH};

/// The whole figure after the steps replayed into `s`.
#[must_use]
pub fn figure(frame: &Frame, s: &MsState) -> Drawing {
    let mut out = Vec::new();
    let mut y = 4.0;
    y = if frame.tree {
        panels::tree(frame, s, y, &mut out)
    } else if frame.target.is_some() {
        panels::probes(frame, &s.probes, y, &mut out)
    } else if let Some(p) = &s.pattern {
        panels::pattern(p, s.ub, y, &mut out)
    } else {
        graph::matching(frame, s, y, &mut out)
    };
    let height = gantt::chart(frame, &s.schedule, &s.latest, s.total, y + 8.0, &mut out);
    Drawing {
        height: height.max(60.0),
        shapes: out,
    }
}

/// A finished schedule's Gantt chart alone (the exact optimum drawn beside the approximation,
/// §10.2 item 5): the frame's rows and horizon, every activity, nothing highlighted.
#[must_use]
pub fn gantt_alone(frame: &Frame, schedule: &[Activity], total: u64) -> Drawing {
    let mut out = Vec::new();
    let height = gantt::chart(frame, schedule, &[], total, 0.0, &mut out);
    Drawing {
        height: height.max(60.0),
        shapes: out,
    }
}
