//! The tree of TREELINEAR (divisible-load.md §9.2): nodes by depth, leaves spread evenly in
//! input order, each parent above the middle of its children; `g` on the edges, `w` in the
//! nodes, then `w_eq` once a node is collapsed (bottom-up) and its share `α_v` once expanded
//! (top-down). Removed relay leaves are greyed.

use hetlab_core::divisible::{DivState, Divisible};
use hetlab_core::rational::{approx, frac};

use super::{filled, Figure, WIDTH};
use crate::draw::shapes::{line, text, Anchor, Shape};

/// Radius of a node.
pub const R: f64 = 13.0;
/// Vertical distance between depths.
const LEVEL: f64 = 62.0;
/// Room above the root (title).
const TOP: f64 = 40.0;
/// Least horizontal room per leaf for the labels beside the nodes (narrower trees keep only
/// the node ids).
pub const MIN_LABEL_ROOM: f64 = 96.0;

/// Node centres, in node order: `(x, y)`.
#[must_use]
pub fn positions(inst: &Divisible) -> Vec<(f64, f64)> {
    let n = inst.nodes.len();
    let kids: Vec<Vec<usize>> = (0..n)
        .map(|v| {
            (0..n)
                .filter(|&c| inst.nodes[c].parent == Some(v))
                .collect()
        })
        .collect();
    let mut depth = vec![0usize; n];
    let mut slot = vec![0.0f64; n];
    let mut leaves = 0usize;
    // Depth-first from the root, children in input order; the stack bounds the walk.
    let roots: Vec<usize> = (0..n).filter(|&v| inst.nodes[v].parent.is_none()).collect();
    let mut post: Vec<usize> = Vec::new();
    let mut stack: Vec<(usize, bool)> = roots.iter().rev().map(|&r| (r, false)).collect();
    while let Some((v, done)) = stack.pop() {
        if done {
            post.push(v);
            continue;
        }
        stack.push((v, true));
        for &c in kids[v].iter().rev() {
            depth[c] = depth[v] + 1;
            stack.push((c, false));
        }
        if post.len() + stack.len() > 4 * n + 4 {
            break;
        }
    }
    for &v in &post {
        if kids[v].is_empty() {
            slot[v] = leaves as f64;
            leaves += 1;
        } else {
            let sum: f64 = kids[v].iter().map(|&c| slot[c]).sum();
            slot[v] = sum / kids[v].len() as f64;
        }
    }
    let step = room(leaves);
    (0..n)
        .map(|v| (20.0 + step * (slot[v] + 0.5), TOP + LEVEL * depth[v] as f64))
        .collect()
}

/// Horizontal room per leaf.
fn room(leaves: usize) -> f64 {
    (WIDTH - 40.0) / leaves.max(1) as f64
}

/// Whether the labels beside the nodes fit (every node at least [`MIN_LABEL_ROOM`] apart).
#[must_use]
pub fn labelled(inst: &Divisible) -> bool {
    let n = inst.nodes.len();
    let leaves = (0..n)
        .filter(|&v| !inst.nodes.iter().any(|c| c.parent == Some(v)))
        .count();
    room(leaves) >= MIN_LABEL_ROOM
}

/// The tree's height in the figure.
#[must_use]
pub fn height(inst: &Divisible) -> f64 {
    let deepest = positions(inst).iter().map(|p| p.1).fold(TOP, f64::max);
    deepest + R + 34.0
}

/// The tree after the steps replayed into `s`.
#[must_use]
pub fn tree(inst: &Divisible, s: &DivState) -> Figure {
    let pos = positions(inst);
    let labels = labelled(inst);
    let mut out = vec![text(
        4.0,
        14.0,
        "Tree: g on the links, w in the nodes",
        "title",
        Anchor::Start,
    )];
    for (v, n) in inst.nodes.iter().enumerate() {
        let Some(&(px, py)) = n.parent.and_then(|p| pos.get(p)) else {
            continue;
        };
        let (x, y) = pos[v];
        out.push(line(px, py + R, x, y - R, "edge"));
        if labels {
            // On the outer side of the edge, just above its middle, so that it never crosses it.
            let (mx, my) = (f64::midpoint(px, x), f64::midpoint(py, y));
            let g = format!("g={}", frac(&n.g));
            if x < px {
                out.push(text(mx - 5.0, my - 2.0, g, "edge-label", Anchor::End));
            } else {
                out.push(text(mx + 5.0, my - 2.0, g, "edge-label", Anchor::Start));
            }
        }
    }
    for (v, n) in inst.nodes.iter().enumerate() {
        let (x, y) = pos[v];
        let class = if s.removed.contains(&v) {
            "removed"
        } else if s.expanded.get(v).is_some_and(Option::is_some) {
            "expanded"
        } else if s.w_eq.get(v).is_some_and(Option::is_some) {
            "collapsed"
        } else {
            "node"
        };
        out.push(filled(x - R, y - R, 2.0 * R, 2.0 * R, class, "#fff"));
        if !labels {
            continue;
        }
        let id: String = n.id.to_string().chars().take(3).collect();
        out.push(text(x, y + 4.0, id, "node-id", Anchor::Middle));
        out.extend(node_labels(inst, s, v, x + R + 4.0, y));
    }
    Figure {
        width: WIDTH,
        height: height(inst),
        shapes: out,
    }
}

/// The two lines beside node `v` (right of it, above the edges that leave its bottom): its
/// cycle time (or `w_eq` once collapsed), its share once expanded.
fn node_labels(inst: &Divisible, s: &DivState, v: usize, x: f64, y: f64) -> Vec<Shape> {
    let n = &inst.nodes[v];
    let has_kids = inst.nodes.iter().any(|c| c.parent == Some(v));
    let mut out = Vec::new();
    let weq = s.w_eq.get(v).and_then(Option::as_ref).filter(|_| has_kids);
    let first = match (weq, &n.w) {
        (Some(w), _) => (format!("w_eq={}", frac(w)), "weq"),
        (None, Some(w)) => (format!("w={}", frac(w)), "edge-label"),
        (None, None) => ("relay".to_owned(), "edge-label"),
    };
    out.push(text(x, y - 4.0, first.0, first.1, Anchor::Start));
    if let Some((_, own, _)) = s.expanded.get(v).and_then(Option::as_ref) {
        let share = format!("α={}", approx(own));
        out.push(text(x, y + 8.0, share, "share", Anchor::Start));
    }
    out
}
