//! RB's recursion tree (chains.md §5.1, §10) as shapes: one box per node (its processors, its
//! tasks, its load per unit of speed), the cut `s_q` under each split node, lines to the
//! children, the node being split outlined. Deep trees (`P` up to thousands) show a window of
//! [`LEVELS`] levels around the node being split, and say in words what the window hides.

use hetlab_core::chains::{RbNode, RbTree};
use hetlab_core::rational::{approx, frac, Q};

use super::shapes::{line, text, Anchor, Drawing, Shape};
use crate::draw::palette::colour;

/// Width of the tree's drawing.
pub const TREE_WIDTH: f64 = 440.0;
/// Most levels drawn at once.
pub const LEVELS: usize = 4;
const MARGIN: f64 = 4.0;
const TOP: f64 = 6.0;
const BOX_H: f64 = 46.0;
const ROW: f64 = 76.0;
/// Width of one character of the labels (12 px sans-serif), to decide what fits in a box.
const CHAR_W: f64 = 6.6;

/// The tree at one step: its shapes, the drawing's height, and what the window leaves out.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeView {
    /// The shapes.
    pub drawing: Drawing,
    /// Height of the drawing.
    pub height: f64,
    /// Nodes drawn.
    pub shown: usize,
    /// What is hidden, in words (`None` when the whole tree is drawn).
    pub hidden: Option<String>,
}

/// `20/3`, or `≈ 6.6667` when the exact fraction is long.
#[must_use]
pub fn short(v: &Q) -> String {
    let f = frac(v);
    if f.len() <= 9 {
        f
    } else {
        format!("≈ {}", approx(v))
    }
}

/// `P1..P4, tasks 1..12, load 7; cut after P2 at s_2 = 6` (the box's tooltip).
#[must_use]
pub fn describe(n: &RbNode) -> String {
    let load = if n.load.is_integer() {
        frac(&n.load)
    } else {
        format!("{} ≈ {}", frac(&n.load), approx(&n.load))
    };
    let mut s = format!("{}, {}, load {load}", n.procs(), n.tasks());
    match &n.cut {
        Some(c) => s.push_str(&format!("; cut after P{} at s_{} = {}", c.q, c.q, c.s_q)),
        None if n.p == n.r => s.push_str(" (a single processor: final)"),
        None => s.push_str(" (not split yet)"),
    }
    s
}

/// The first node of the window: the root, or when a node deep down is being split, its
/// ancestor two levels up (so that the node and its children are in view).
fn window_root(t: &RbTree) -> usize {
    let Some(k) = t.current else { return 0 };
    let path = t.path(k);
    path[path.len().saturating_sub(LEVELS - 1)]
}

/// The drawing of `t`, `None` before the first split.
#[must_use]
pub fn rb_tree(t: &RbTree) -> Option<TreeView> {
    t.root()?;
    let top = window_root(t);
    let base = t.nodes.get(top)?;
    let mut out = Vec::new();
    let mut shown = 0;
    let mut stack = vec![top];
    let mut deepest = base.depth;
    while let Some(k) = stack.pop() {
        let n = &t.nodes[k];
        let level = n.depth - base.depth;
        shown += 1;
        deepest = deepest.max(n.depth);
        let (x, w) = span(n, base);
        let y = TOP + ROW * level as f64;
        node(n, t.current == Some(k), (x, y, w), &mut out);
        if let Some(c) = &n.cut {
            if level + 1 < LEVELS {
                for child in [c.right, c.left] {
                    let (cx, cw) = span(&t.nodes[child], base);
                    out.insert(
                        0,
                        line(x + w / 2.0, y + BOX_H, cx + cw / 2.0, y + ROW, "rb-edge"),
                    );
                    stack.push(child);
                }
            }
            let label = format!("s{} = {}", c.q, c.s_q);
            if fits(&label, w) {
                out.push(text(
                    x + w / 2.0,
                    y + BOX_H + 13.0,
                    label,
                    "rb-cut",
                    Anchor::Middle,
                ));
            }
        }
    }
    let levels = deepest + 1 - base.depth;
    #[allow(clippy::cast_precision_loss)] // at most LEVELS rows.
    let height = TOP + ROW * (levels as f64 - 1.0) + BOX_H + 20.0;
    let hidden = hidden(t, top, base.depth, deepest, shown);
    Some(TreeView {
        drawing: Drawing { shapes: out },
        height,
        shown,
        hidden,
    })
}

/// The box's left edge and width: processors `p..=r` of the window's `p0..=r0`.
#[allow(clippy::cast_precision_loss)] // P ≤ 2^20.
fn span(n: &RbNode, base: &RbNode) -> (f64, f64) {
    let all = (base.r + 1 - base.p) as f64;
    let unit = (TREE_WIDTH - 2.0 * MARGIN) / all;
    let x = MARGIN + unit * (n.p - base.p) as f64;
    (x + 1.5, (unit * (n.r + 1 - n.p) as f64 - 3.0).max(1.0))
}

#[allow(clippy::cast_precision_loss)]
fn fits(s: &str, w: f64) -> bool {
    s.chars().count() as f64 * CHAR_W + 4.0 <= w
}

/// One node: its box (a leaf in its processor's colour) and the labels that fit.
fn node(n: &RbNode, current: bool, (x, y, w): (f64, f64, f64), out: &mut Vec<Shape>) {
    let class = match (current, n.cut.is_some(), n.p == n.r) {
        (true, ..) => "rb-node rb-current",
        (false, true, _) => "rb-node",
        (false, false, true) => "rb-node rb-leaf",
        (false, false, false) => "rb-node rb-todo",
    };
    out.push(Shape::Rect {
        x,
        y,
        w,
        h: BOX_H,
        class,
        fill: (n.p == n.r).then(|| colour(n.p - 1)),
        tip: Some(describe(n)),
    });
    let count = n.end.saturating_sub(n.start);
    let load = short(&n.load);
    // Each line's spellings, longest first: the first that fits the box is drawn.
    let lines = [
        vec![n.procs(), format!("{}–{}", n.p, n.r)],
        vec![n.tasks(), format!("{count} tasks"), count.to_string()],
        vec![format!("load {load}"), load, approx(&n.load)],
    ];
    let cx = x + w / 2.0;
    for (k, spellings) in lines.into_iter().enumerate() {
        if let Some(l) = spellings.into_iter().find(|l| fits(l, w)) {
            #[allow(clippy::cast_precision_loss)]
            let ly = y + 14.0 + 14.0 * k as f64;
            let class = if k == 0 { "rb-procs" } else { "rb-label" };
            out.push(text(cx, ly, l, class, Anchor::Middle));
        }
    }
}

/// What the window leaves out, in words.
fn hidden(t: &RbTree, top: usize, from: usize, to: usize, shown: usize) -> Option<String> {
    let total = t.nodes.len();
    if shown == total {
        return None;
    }
    let height = t.height();
    let mut s = format!("Levels {}–{} of {height} are drawn", from + 1, to + 1);
    if top != 0 {
        let path: Vec<String> = t.path(top).iter().map(|&k| t.nodes[k].procs()).collect();
        s.push_str(&format!(
            ", under {} (the branch being split: {})",
            t.nodes[top].procs(),
            path.join(" › ")
        ));
    }
    s.push_str(&format!(
        "; {} of the {total} nodes built so far are hidden.",
        total - shown
    ));
    Some(s)
}
