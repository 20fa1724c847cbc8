//! The Gantt chart of the master–slave page (master-slave.md §10): one row for the bus (Part A)
//! or for each sending port (Part B), one row per slave or CPU, the activities placed so far
//! coloured by slave, the latest ones outlined, tasks ending after `T` greyed, the line at `T`
//! and the task counter.

use hetlab_core::master_slave::Activity;
use hetlab_core::rational::{frac, to_f64, Q};

use super::frame::{Frame, Row};
use super::shapes::{as_f64, filled, line, rect, text, Anchor, Shape, WIDTH};
use crate::draw::palette::colour;
use crate::draw::ticks::{ticks, WITHIN};

/// Left edge of the time axis (room for the row names).
pub const X0: f64 = 64.0;
/// Right edge of the time axis.
pub const X1: f64 = WIDTH - 18.0;
/// Height of one row.
pub const ROW: f64 = 16.0;
/// Space between rows.
const GAP: f64 = 4.0;
/// Most activities drawn (the rest are counted in a note).
pub const MAX_DRAWN: usize = 3000;

/// The row an activity sits on.
#[must_use]
pub fn row_of(a: &Activity) -> Row {
    match a {
        Activity::Send { .. } | Activity::Return { .. } => Row::Bus,
        Activity::Compute { slave, .. } => Row::Cpu(*slave),
        Activity::Transfer { from: None, .. } => Row::MasterPort,
        Activity::Transfer { from: Some(v), .. } => Row::Port(*v),
        Activity::MasterCompute { .. } => Row::MasterCpu,
    }
}

/// The slave whose colour an activity takes (the master's own tasks: none).
fn owner(a: &Activity) -> Option<usize> {
    match a {
        Activity::Send { slave, .. }
        | Activity::Return { slave, .. }
        | Activity::Compute { slave, .. } => Some(*slave),
        Activity::Transfer { to, .. } => Some(*to),
        Activity::MasterCompute { .. } => None,
    }
}

/// Maps a time to x on the chart spanning `[0, span]`.
#[must_use]
pub fn x_at(t: f64, span: f64) -> f64 {
    let f = if span > 0.0 {
        (t / span).clamp(0.0, 1.0)
    } else {
        0.0
    };
    X0 + (X1 - X0) * f
}

/// Draws the chart from `top` down; returns the y under it.
#[must_use]
pub fn chart(
    frame: &Frame,
    schedule: &[Activity],
    latest: &[Activity],
    total: u64,
    top: f64,
    out: &mut Vec<Shape>,
) -> f64 {
    let span = to_f64(&frame.span);
    let title = if frame.tree {
        "Gantt chart: ports and CPUs"
    } else {
        "Gantt chart: the bus and the slaves"
    };
    out.push(text(X0, top + 12.0, title, "title", Anchor::Start));
    out.push(text(
        X1,
        top + 12.0,
        format!("{total} tasks"),
        "counter",
        Anchor::End,
    ));
    let y0 = top + 22.0;
    let y_of = |r: Row| {
        let k = frame.rows.iter().position(|(row, _)| *row == r);
        k.map(|k| y0 + (ROW + GAP) * as_f64(k))
    };
    for (k, (r, label)) in frame.rows.iter().enumerate() {
        let y = y0 + (ROW + GAP) * as_f64(k);
        out.push(line(X0, y + ROW, X1, y + ROW, "lane"));
        if let Row::Cpu(i) | Row::Port(i) = r {
            out.push(filled(4.0, y + 4.0, 8.0, 8.0, "swatch", colour(*i)));
        }
        out.push(text(
            X0 - 4.0,
            y + 12.0,
            label.clone(),
            "row-label",
            Anchor::End,
        ));
    }
    if let Some(y) = y_of(Row::Bus) {
        for (a, b) in &frame.skeleton {
            let (xa, xb) = (x_at(to_f64(a), span), x_at(to_f64(b), span));
            out.push(rect(xa, y, xb - xa, ROW, "slot"));
        }
    }
    for a in schedule.iter().take(MAX_DRAWN) {
        if let Some(y) = y_of(row_of(a)) {
            out.push(block(a, y, span, &frame.horizon));
        }
    }
    for a in latest.iter().take(MAX_DRAWN) {
        if let Some(y) = y_of(row_of(a)) {
            let (s, e) = a.span();
            let (xa, xb) = (x_at(to_f64(s), span), x_at(to_f64(e), span));
            out.push(rect(xa, y, (xb - xa).max(1.0), ROW, "latest"));
        }
    }
    let bottom = y0 + (ROW + GAP) * as_f64(frame.rows.len());
    axis(frame, span, y0, bottom, out);
    let mut end = bottom + 30.0;
    if schedule.len() > MAX_DRAWN {
        let more = schedule.len() - MAX_DRAWN;
        out.push(text(
            X0,
            end,
            format!("{more} more activities are not drawn."),
            "tick",
            Anchor::Start,
        ));
        end += 16.0;
    }
    end
}

/// One activity: a block in its slave's colour (returns lighter, late tasks grey).
fn block(a: &Activity, y: f64, span: f64, horizon: &Q) -> Shape {
    let (s, e) = a.span();
    let (xa, xb) = (x_at(to_f64(s), span), x_at(to_f64(e), span));
    let w = (xb - xa).max(0.5);
    if e > horizon {
        return rect(xa, y, w, ROW, "act late");
    }
    let class = if matches!(a, Activity::Return { .. }) {
        "act ret"
    } else {
        "act"
    };
    match owner(a) {
        Some(i) => filled(xa, y, w, ROW, class, colour(i)),
        None => filled(xa, y, w, ROW, class, "#adb5bd"),
    }
}

/// The time axis, its ticks and the line at `T`.
fn axis(frame: &Frame, span: f64, y0: f64, bottom: f64, out: &mut Vec<Shape>) {
    out.push(line(X0, bottom, X1, bottom, "axis"));
    for t in ticks(span, WITHIN) {
        let x = x_at(t, span);
        out.push(line(x, bottom, x, bottom + 3.0, "axis"));
        out.push(text(
            x,
            bottom + 14.0,
            tick_label(t),
            "tick",
            Anchor::Middle,
        ));
    }
    let xt = x_at(to_f64(&frame.horizon), span);
    out.push(line(xt, y0 - 6.0, xt, bottom + 4.0, "horizon"));
    let anchor = if xt > X1 - 40.0 {
        Anchor::End
    } else {
        Anchor::Start
    };
    out.push(text(
        xt,
        bottom + 27.0,
        format!("T = {}", frac(&frame.horizon)),
        "horizon-label",
        anchor,
    ));
}

/// A tick's text: whole numbers plainly, others with two decimals.
#[must_use]
pub fn tick_label(t: f64) -> String {
    if (t - t.round()).abs() < 1e-9 {
        format!("{t:.0}")
    } else {
        format!("{t:.2}")
    }
}
