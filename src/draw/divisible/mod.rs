//! Pure drawing model of the divisible-load page (divisible-load.md §9): the Gantt chart of a
//! replayed [`DivState`] (a row for the master's port, one row per worker; trees: a port row
//! and a CPU row per node), receiving light, computing dark, latencies hatched, the finish line
//! at `T_f`; the tree with `w_eq` and the shares ([`tree`]); bar charts of values ([`bars`]).
//! The Yew view and the exported SVG both draw these shapes.

pub mod bars;
mod svg;
#[cfg(test)]
mod tests;
pub mod tree;

use hetlab_core::divisible::{Block, DivState, Divisible, Kind, Variant};
use hetlab_core::rational::{approx, frac, to_f64, Q};
use num_traits::Signed;

pub use svg::{export_css, filled, page_css, to_svg_document, Figure, HATCH};

use crate::draw::palette::colour;
use crate::draw::shapes::{line, text, Anchor, Shape};
use crate::draw::ticks::{ticks, QUARTERS};

/// Width of every figure of the page (SVG units); narrow so that text stays readable on a phone.
pub const WIDTH: f64 = 520.0;
/// Left edge of the time axis (room for the row names).
pub const LEFT: f64 = 64.0;
/// Right edge of the time axis.
pub const RIGHT: f64 = 504.0;
/// Height of one row.
pub const ROW: f64 = 24.0;
/// Height of a bar on a port row.
const BAR: f64 = 16.0;
/// Height of the receiving strip on a worker's row.
const RECV: f64 = 5.0;
/// Room above the rows (title, finish label).
const HEAD: f64 = 34.0;
/// Room below the rows (ticks, axis name).
const FOOT: f64 = 34.0;
/// Most bars drawn; the rest are counted in a note.
pub const MAX_BARS: usize = 4000;
/// Most blocks for which loads are written inside the bars.
const MAX_LABELLED: usize = 80;

/// A row of the chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// The sends of a node (`None`: the star's master).
    Port(Option<usize>),
    /// The receptions and computations of a worker or node (`None`: the star's master).
    Cpu(Option<usize>),
}

/// The rows of the chart, top to bottom, with their names. Stars: the master's port, the
/// computing master, then the workers in sending order once sorted (input order before).
/// Trees: for each node in input order, its port row (if it has children) and its CPU row
/// (if it computes).
#[must_use]
pub fn lanes(inst: &Divisible, s: &DivState) -> Vec<(Lane, String)> {
    if inst.variant == Variant::TreeLinear {
        let mut out = Vec::new();
        for (v, n) in inst.nodes.iter().enumerate() {
            let id: String = n.id.to_string().chars().take(8).collect();
            if inst.nodes.iter().any(|c| c.parent == Some(v)) {
                out.push((Lane::Port(Some(v)), format!("{id} sends")));
            }
            if n.w.is_some() {
                out.push((Lane::Cpu(Some(v)), id));
            }
        }
        return out;
    }
    let mut out = vec![(Lane::Port(None), "port".to_owned())];
    if inst.w0.is_some() {
        out.push((Lane::Cpu(None), "P0".to_owned()));
    }
    let p = inst.workers.len();
    let mut order: Vec<usize> = s.order.iter().copied().filter(|&i| i < p).collect();
    for i in 0..p {
        if !order.contains(&i) {
            order.push(i);
        }
    }
    out.extend(
        order
            .into_iter()
            .map(|i| (Lane::Cpu(Some(i)), format!("P{}", i + 1))),
    );
    out
}

/// The time axis: `[0, span]` onto `[LEFT, RIGHT]`.
#[derive(Clone, Copy, Debug)]
struct Axis {
    span: f64,
}

impl Axis {
    fn x(self, t: &Q) -> f64 {
        let f = if self.span > 0.0 {
            (to_f64(t) / self.span).clamp(0.0, 1.0)
        } else {
            0.0
        };
        LEFT + (RIGHT - LEFT) * f
    }
}

/// Short text of a tick value.
fn tick_label(t: f64) -> String {
    let s = format!("{t:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// The rows a block is drawn on: its sender's port (transfers) and the receiver's or
/// computer's CPU row.
fn rows_of(b: &Block) -> (Option<Lane>, Lane) {
    match b.kind {
        Kind::Send => (Some(Lane::Port(b.from)), Lane::Cpu(b.node)),
        Kind::Compute => (None, Lane::Cpu(b.node)),
    }
}

/// The Gantt chart after the steps replayed into `s`, its top at `top`; `span` is the time the
/// axis covers once rescaled (the unit axis of STARLINEAR covers 1); `tentative` the core's
/// schedule of §9.3 step 1 (`extras::tentative`), drawn faintly while `s` shows that step.
#[must_use]
pub fn gantt(
    inst: &Divisible,
    s: &DivState,
    span: f64,
    top: f64,
    tentative: Option<&[Block]>,
) -> Figure {
    let rows = lanes(inst, s);
    let span = if s.unit_axis {
        1.0
    } else {
        span.max(f64::MIN_POSITIVE)
    };
    let axis = Axis { span };
    let y0 = top + HEAD;
    let height = HEAD + ROW * rows.len() as f64 + FOOT;
    let mut out = Vec::new();
    let title = if s.unit_axis {
        "Gantt chart per unit of makespan (T_f = 1)"
    } else {
        "Gantt chart"
    };
    out.push(text(4.0, top + 14.0, title, "title", Anchor::Start));
    let row_y = |lane: Lane| {
        rows.iter()
            .position(|(l, _)| *l == lane)
            .map(|k| y0 + ROW * k as f64)
    };
    for (k, (_, name)) in rows.iter().enumerate() {
        let y = y0 + ROW * k as f64;
        out.push(line(LEFT, y + ROW, RIGHT, y + ROW, "grid"));
        out.push(text(
            LEFT - 6.0,
            y + 16.0,
            name.clone(),
            "lane",
            Anchor::End,
        ));
    }
    let bottom = y0 + ROW * rows.len() as f64;
    axis_marks(axis, y0, bottom, &mut out);
    if let Some(p) = s.period.as_ref().filter(|p| p.2 <= 60) {
        for k in 1..p.2 {
            let x = axis.x(&(&p.1 * Q::from_integer(k.into())));
            out.push(line(x, y0, x, bottom, "period"));
        }
    }
    if s.blocks.is_empty() {
        if let Some(e) = &s.sorted_ef {
            faint(e, tentative.unwrap_or_default(), axis, &row_y, &mut out);
        }
    }
    let dense = s.blocks.len() > MAX_LABELLED;
    let names = receivers(inst);
    for b in s.blocks.iter().take(MAX_BARS) {
        bar(b, axis, &row_y, dense, &names, &mut out);
    }
    if s.blocks.len() > MAX_BARS {
        let note = format!("{} more blocks not drawn", s.blocks.len() - MAX_BARS);
        out.push(text(RIGHT, top + 14.0, note, "tick", Anchor::End));
    }
    finish_line(s, axis, y0, bottom, &mut out);
    Figure {
        width: WIDTH,
        height,
        shapes: out,
    }
}

fn axis_marks(axis: Axis, y0: f64, bottom: f64, out: &mut Vec<Shape>) {
    out.push(line(LEFT, y0, LEFT, bottom, "axis"));
    out.push(line(LEFT, bottom, RIGHT, bottom, "axis"));
    for t in ticks(axis.span, QUARTERS) {
        let x = LEFT + (RIGHT - LEFT) * t / axis.span;
        out.push(line(x, bottom, x, bottom + 4.0, "axis"));
        out.push(text(
            x,
            bottom + 15.0,
            tick_label(t),
            "tick",
            Anchor::Middle,
        ));
    }
    out.push(text(RIGHT, bottom + 29.0, "time →", "tick", Anchor::End));
}

/// One block: the bar on its row(s), its latency hatched, its load written inside if it fits.
/// The name of each node a block can be sent to, as its rows call it: a tree's node ids, a
/// star's workers `P1`, `P2`, ….
fn receivers(inst: &Divisible) -> Vec<String> {
    if inst.variant == Variant::TreeLinear {
        (inst.nodes.iter())
            .map(|n| n.id.to_string().chars().take(8).collect())
            .collect()
    } else {
        (1..=inst.workers.len()).map(|i| format!("P{i}")).collect()
    }
}

fn bar(
    b: &Block,
    axis: Axis,
    row_y: &impl Fn(Lane) -> Option<f64>,
    dense: bool,
    names: &[String],
    out: &mut Vec<Shape>,
) {
    let (x0, x1) = (axis.x(&b.start), axis.x(&b.end));
    let fill = b.node.map_or("#ced4da", colour);
    let (port, cpu) = rows_of(b);
    let lat = axis.x(&(&b.start + &b.latency)) - x0;
    // A worker's row: a thin strip on top while it receives, its computations below (they
    // overlap in time in the multi-round schemes).
    let mut put = |yb: f64, h: f64, class: &'static str, label: Option<String>| {
        out.push(filled(x0, yb, x1 - x0, h, class, fill));
        if b.latency.is_positive() {
            out.push(crate::draw::chains::rect(
                x0,
                yb,
                lat.min(x1 - x0),
                h,
                "lat",
            ));
        }
        if let Some(l) = label.filter(|l| (x1 - x0) >= 7.0 * l.chars().count() as f64 + 4.0) {
            let x = f64::midpoint(x0, x1);
            out.push(text(x, yb + h - 3.5, l, "load", Anchor::Middle));
        }
    };
    let pick = |plain: &'static str, thin: &'static str| if dense { thin } else { plain };
    if let Some(y) = port.and_then(row_y) {
        let who = b.node.map_or_else(
            || "P0".to_owned(),
            |i| format!("→{}", names.get(i).map_or("?", String::as_str)),
        );
        put(
            y + 4.0,
            BAR,
            pick("send", "send-d"),
            (!dense).then_some(who),
        );
    }
    if let Some(y) = row_y(cpu) {
        if b.kind == Kind::Send {
            put(y + 2.0, RECV, pick("recv", "recv-d"), None);
        } else {
            let label = (!dense).then(|| approx(&b.load));
            put(
                y + 3.0 + RECV,
                ROW - 5.0 - RECV,
                pick("comp", "comp-d"),
                label,
            );
        }
    }
}

/// §9.3 step 1: EF of every worker by `g` (its schedule `blocks`), drawn faintly; workers with
/// a negative load get a red bar saying so.
fn faint(
    e: &hetlab_core::divisible::ef::SortedEf,
    blocks: &[Block],
    axis: Axis,
    row_y: &impl Fn(Lane) -> Option<f64>,
    out: &mut Vec<Shape>,
) {
    for b in blocks {
        let (x0, x1) = (axis.x(&b.start), axis.x(&b.end));
        let lane = if b.kind == Kind::Send {
            Lane::Port(None)
        } else {
            Lane::Cpu(b.node)
        };
        if let Some(y) = row_y(lane) {
            let fill = colour(b.node.unwrap_or(0));
            out.push(filled(
                x0,
                y + (ROW - BAR) / 2.0,
                x1 - x0,
                BAR,
                "tentative",
                fill,
            ));
        }
    }
    for (&i, a) in e.order.iter().zip(&e.alpha) {
        if let (true, Some(y)) = (a.is_negative(), row_y(Lane::Cpu(Some(i)))) {
            out.push(filled(
                LEFT,
                y + (ROW - BAR) / 2.0,
                RIGHT - LEFT,
                BAR,
                "invalid",
                "#ffe3e3",
            ));
            let t = format!("α = {} < 0: invalid", frac(a));
            out.push(text(
                LEFT + 6.0,
                y + 16.0,
                t,
                "invalid-label",
                Anchor::Start,
            ));
        }
    }
}

/// The dashed line at `T_f` (1 on the unit axis), labelled above the rows.
fn finish_line(s: &DivState, axis: Axis, y0: f64, bottom: f64, out: &mut Vec<Shape>) {
    let t = if s.unit_axis {
        Some(Q::from_integer(1.into()))
    } else {
        s.makespan
            .clone()
            .or_else(|| s.sorted_ef.as_ref().map(|e| e.makespan.clone()))
    };
    let Some(t) = t else { return };
    let x = axis.x(&t);
    out.push(line(x, y0 - 4.0, x, bottom, "finish"));
    let label = if s.unit_axis {
        "T_f = 1".to_owned()
    } else {
        format!("T_f ≈ {}", approx(&t))
    };
    let anchor = if x > RIGHT - 60.0 {
        Anchor::End
    } else {
        Anchor::Start
    };
    out.push(text(x, y0 - 8.0, label, "finish-label", anchor));
}

/// The time the axis should cover over the whole run: the makespan, the end of the last block,
/// and the sorted-EF preview of the affine methods, whichever is largest.
#[must_use]
pub fn span_of(makespan: &Q, blocks: &[Block], preview: Option<&Q>) -> f64 {
    let last = blocks.iter().map(|b| to_f64(&b.end)).fold(0.0, f64::max);
    let p = preview.map_or(0.0, to_f64);
    let s = to_f64(makespan).max(last).max(p);
    if s.is_finite() && s > 0.0 {
        s
    } else {
        1.0
    }
}
