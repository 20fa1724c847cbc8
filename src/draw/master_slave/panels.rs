//! The working figures above the Gantt chart that are not matchings (master-slave.md §10.1,
//! §10.3, §10.4): the binary search of `MinTime` on a number line, the bar accumulating
//! `tcom/tc_k` up to the bus's capacity 1 (periodic pattern), and the tree with its link costs
//! and cycle times (Part B), each node showing how many tasks it has ready so far.

use hetlab_core::master_slave::solution::{Pattern, Probe};
use hetlab_core::master_slave::MsState;
use hetlab_core::rational::{frac, to_f64};

use super::frame::Frame;
use super::gantt;
use super::shapes::{as_f64, filled, line, rect, text, Anchor, Shape, WIDTH};
use crate::draw::palette::colour;

const LEFT: f64 = 24.0;
const RIGHT: f64 = WIDTH - 24.0;
/// Most leaves of a drawn tree (each box needs room for `P12 w=10`).
pub const MAX_LEAVES: usize = 6;

/// The binary search: every probe's `T` on a number line (green: enough tasks, red: too few),
/// the current interval `[lo, hi]` as a band.
pub fn probes(frame: &Frame, probes: &[Probe], top: f64, out: &mut Vec<Shape>) -> f64 {
    let c = frame.target.unwrap_or(0);
    out.push(text(
        LEFT,
        top + 14.0,
        format!("Binary search for the least T with at least C = {c} tasks"),
        "title",
        Anchor::Start,
    ));
    let y = top + 44.0;
    let hi = probes
        .iter()
        .map(|p| to_f64(&p.hi).max(to_f64(&p.mid)))
        .fold(to_f64(&frame.horizon), f64::max)
        .max(1.0);
    let x = |t: f64| LEFT + (RIGHT - LEFT) * (t / hi).clamp(0.0, 1.0);
    out.push(line(LEFT, y, RIGHT, y, "axis"));
    out.push(text(LEFT, y + 16.0, "0", "tick", Anchor::Middle));
    out.push(text(
        RIGHT,
        y + 16.0,
        gantt::tick_label(hi),
        "tick",
        Anchor::Middle,
    ));
    if let Some(last) = probes.last() {
        let (a, b) = (x(to_f64(&last.lo)), x(to_f64(&last.hi)));
        out.push(rect(a, y - 8.0, (b - a).max(2.0), 16.0, "interval"));
        let label = format!("[{}, {}]", frac(&last.lo), frac(&last.hi));
        out.push(text(
            f64::midpoint(a, b).clamp(LEFT + 30.0, RIGHT - 30.0),
            y - 12.0,
            label,
            "tick",
            Anchor::Middle,
        ));
    }
    for p in probes {
        let xm = x(to_f64(&p.mid));
        let class = if p.count >= c {
            "probe ok"
        } else {
            "probe fail"
        };
        out.push(line(xm, y - 6.0, xm, y + 6.0, class));
    }
    if let Some(last) = probes.last() {
        let xm = x(to_f64(&last.mid));
        let label = format!("T = {}: {} tasks", frac(&last.mid), last.count);
        let anchor = if xm > RIGHT - 80.0 {
            Anchor::End
        } else {
            Anchor::Start
        };
        out.push(text(xm, y + 28.0, label, "counter", anchor));
    } else {
        out.push(text(LEFT, y + 28.0, "No probe yet.", "tick", Anchor::Start));
    }
    y + 36.0
}

/// The bar of `tcom/tc_k` in the order `Q_1..Q_p`, with the mark at 1 (the bus is full).
pub fn pattern(p: &Pattern, ub: Option<u64>, top: f64, out: &mut Vec<Shape>) -> f64 {
    out.push(text(
        LEFT,
        top + 14.0,
        "Bus share of each slave, tcom/tc_k, fastest first",
        "title",
        Anchor::Start,
    ));
    let y = top + 26.0;
    let total = to_f64(&p.s).max(1.0);
    let x = |v: f64| LEFT + (RIGHT - LEFT) * (v / total).clamp(0.0, 1.0);
    let mut prev = 0.0;
    for (k, (&slave, sum)) in p.order.iter().zip(&p.prefix).enumerate() {
        let next = to_f64(sum);
        let (a, b) = (x(prev), x(next));
        let unused = p.pmax.is_some_and(|m| k > m);
        if unused {
            out.push(rect(a, y, b - a, 20.0, "act late"));
        } else {
            out.push(filled(a, y, b - a, 20.0, "act", colour(slave)));
        }
        if b - a >= 24.0 {
            out.push(text(
                f64::midpoint(a, b),
                y + 14.0,
                format!("P{}", slave + 1),
                "node-label",
                Anchor::Middle,
            ));
        }
        prev = next;
    }
    let one = x(1.0);
    out.push(line(one, y - 4.0, one, y + 24.0, "mark"));
    let anchor = if one > RIGHT - 60.0 {
        Anchor::End
    } else {
        Anchor::Start
    };
    out.push(text(one, y + 36.0, "1 = bus full", "tick", anchor));
    let nb: Vec<String> = p.nb.iter().map(ToString::to_string).collect();
    let line1 = format!(
        "S = {}, Tpat = {}, nb = ({})",
        frac(&p.s),
        frac(&p.tpat),
        nb.join(",")
    );
    out.push(text(LEFT, y + 52.0, line1, "tick", Anchor::Start));
    if let Some(ub) = ub {
        out.push(text(
            LEFT,
            y + 68.0,
            format!("Upper bound UB(T) = {ub} tasks"),
            "tick",
            Anchor::Start,
        ));
        return y + 76.0;
    }
    y + 60.0
}

/// Depth of every tree node (the master's children: 1).
fn depths(parents: &[Option<usize>]) -> Vec<usize> {
    (0..parents.len())
        .map(|v| {
            let (mut d, mut at) = (1, parents[v]);
            while let Some(u) = at {
                d += 1;
                if d > parents.len() {
                    break;
                }
                at = parents.get(u).copied().flatten();
            }
            d
        })
        .collect()
}

/// Places the leaves under `v` left to right from `next`; returns `v`'s column.
fn visit(
    v: Option<usize>,
    parents: &[Option<usize>],
    x: &mut [f64],
    next: &mut usize,
    depth: usize,
) -> f64 {
    let kids: Vec<usize> = (0..parents.len()).filter(|&u| parents[u] == v).collect();
    if kids.is_empty() || depth > parents.len() {
        *next += 1;
        return as_f64(*next - 1);
    }
    let xs: Vec<f64> = kids
        .iter()
        .map(|&u| visit(Some(u), parents, x, next, depth + 1))
        .collect();
    for (&u, &xu) in kids.iter().zip(&xs) {
        x[u] = xu;
    }
    f64::midpoint(xs[0], xs[xs.len() - 1])
}

/// Horizontal position of every node: leaves in depth-first order, parents over their children.
fn columns(parents: &[Option<usize>]) -> (Vec<f64>, usize) {
    let n = parents.len();
    let mut x = vec![0.0; n];
    let mut next = 0usize;
    visit(None, parents, &mut x, &mut next, 0);
    (x, next.max(1))
}

/// The tree: the master on top, `c` on each link, `w` in each node, and the size of each node's
/// READY list once computed.
pub fn tree(frame: &Frame, s: &MsState, top: f64, out: &mut Vec<Shape>) -> f64 {
    out.push(text(
        LEFT,
        top + 14.0,
        "The tree: link cost c, cycle time w, tasks ready",
        "title",
        Anchor::Start,
    ));
    let parents = &frame.parents;
    let (cols, leaves) = columns(parents);
    if leaves > MAX_LEAVES {
        let note = format!(
            "{} nodes: the tree is too wide to draw here; see the READY lists below.",
            parents.len()
        );
        out.push(text(LEFT, top + 30.0, note, "tick", Anchor::Start));
        return top + 38.0;
    }
    let depth = depths(parents);
    let levels = depth.iter().copied().max().unwrap_or(0);
    let spacing = (RIGHT - LEFT) / as_f64(leaves);
    let (bw, bh, dy) = ((spacing - 6.0).min(72.0), 30.0, 54.0);
    let cx = |c: f64| LEFT + spacing * (c + 0.5);
    let y0 = top + 28.0;
    let master = (WIDTH / 2.0, y0 + bh / 2.0);
    let at = |v: usize| (cx(cols[v]), y0 + dy * as_f64(depth[v]) + bh / 2.0);
    for (v, parent) in parents.iter().enumerate() {
        let (a, b) = (parent.map_or(master, at), at(v));
        out.push(line(a.0, a.1 + bh / 2.0, b.0, b.1 - bh / 2.0, "tree-edge"));
        let c = frame.info.get(v).map_or("", |(c, _)| c.as_str());
        let (mx, my) = (f64::midpoint(a.0, b.0), f64::midpoint(a.1, b.1));
        out.push(text(
            mx + 4.0,
            my + 4.0,
            format!("c={c}"),
            "edge-label",
            Anchor::Start,
        ));
    }
    out.push(rect(master.0 - bw / 2.0, y0, bw, bh, "slot"));
    out.push(text(master.0, y0 + 19.0, "M", "node-label", Anchor::Middle));
    for v in 0..parents.len() {
        let (x, yc) = at(v);
        out.push(filled(
            x - bw / 2.0,
            yc - bh / 2.0,
            bw,
            bh,
            "node",
            colour(v),
        ));
        let w = frame.info.get(v).map_or("", |(_, w)| w.as_str());
        out.push(text(
            x,
            yc - 2.0,
            format!("{} w={w}", frame.names[v]),
            "node-label",
            Anchor::Middle,
        ));
        if let Some((_, r)) = s.ready.iter().find(|(u, _)| *u == v) {
            out.push(text(
                x,
                yc + 11.0,
                format!("{} ready", r.len()),
                "edge-label",
                Anchor::Middle,
            ));
        }
    }
    y0 + dy * as_f64(levels) + bh + 6.0
}
