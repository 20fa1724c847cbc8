//! Layered tidy tree: the root on top, each level one row lower, leaves in depth-first order on
//! evenly spaced slots and every parent above the middle of its children. A level too crowded for
//! one row (a 40-leaf star) staggers its leaves over up to six sub-rows, so discs never touch. A
//! tree too deep for rows is drawn on its side (root on the left); one too deep for that too (a
//! long chain) snakes through a grid in depth-first order.

use super::{ASPECT, MIN_SEP};
use crate::platform::Point;

/// The tree's shape: parents, children in link order, depths, leaf slots.
struct Rooted {
    children: Vec<Vec<usize>>,
    depth: Vec<usize>,
    slot: Vec<f64>,
    /// Position of each leaf among the leaves (0 for inner nodes).
    leaf: Vec<usize>,
    preorder: Vec<usize>,
    leaves: f64,
    levels: f64,
}

fn rooted(adj: &[Vec<usize>], root: usize) -> Rooted {
    let n = adj.len();
    let mut parent = vec![usize::MAX; n];
    let mut children = vec![Vec::new(); n];
    let mut order = vec![root];
    parent[root] = root;
    let mut k = 0;
    while k < order.len() {
        let v = order[k];
        k += 1;
        for &u in &adj[v] {
            if parent[u] == usize::MAX {
                parent[u] = v;
                children[v].push(u);
                order.push(u);
            }
        }
    }
    let mut depth = vec![0usize; n];
    for &v in &order[1..] {
        depth[v] = depth[parent[v]] + 1;
    }
    let mut slot = vec![0.0f64; n];
    let mut leaf = vec![0usize; n];
    let mut preorder = Vec::with_capacity(n);
    place(root, &children, &mut slot, &mut leaf, &mut preorder);
    let leaves = preorder.iter().filter(|&&v| children[v].is_empty()).count();
    Rooted {
        levels: depth.iter().copied().max().unwrap_or(0) as f64,
        children,
        depth,
        slot,
        leaf,
        preorder,
        leaves: leaves.max(1) as f64,
    }
}

/// Positions of a tree given by neighbour lists, rooted at `root`, within `margin` of the edges.
pub(super) fn layout(adj: &[Vec<usize>], root: usize, margin: f64) -> Vec<Point> {
    let t = rooted(adj, root);
    let span = 1.0 - 2.0 * margin;
    // Lengths in frame heights: across the levels and along them, for each orientation.
    let upright = (span * ASPECT, span);
    let sideways = (span, span * ASPECT);
    let fits = |along: f64| t.levels * MIN_SEP <= along * 0.9;
    let (across, along, upright_ok) = if fits(upright.1) {
        (upright.0, upright.1, true)
    } else if fits(sideways.1) {
        (sideways.0, sideways.1, false)
    } else {
        return snake(&t.preorder, margin);
    };
    let gap = if t.leaves <= 1.0 {
        1.0
    } else {
        across / (t.leaves - 1.0)
    };
    let rows = (1..=6usize)
        .find(|&r| r as f64 * gap >= MIN_SEP)
        .unwrap_or(6);
    let sub_total = if rows > 1 {
        ((rows - 1) as f64 * MIN_SEP * 1.1).min(along * 0.45)
    } else {
        0.0
    };
    let sub = sub_total / (rows.max(2) - 1) as f64;
    let row_h = if t.levels == 0.0 {
        0.0
    } else {
        (along - sub_total) / t.levels
    };
    (0..t.depth.len())
        .map(|v| {
            let a = if t.leaves <= 1.0 {
                across / 2.0
            } else {
                across * t.slot[v] / (t.leaves - 1.0)
            };
            let mut b = if t.levels == 0.0 {
                along / 2.0
            } else {
                row_h * t.depth[v] as f64
            };
            if t.children[v].is_empty() && t.depth[v] > 0 && rows > 1 {
                // Leaves alternate between sub-rows: neighbours are a sub-row apart.
                b += sub * (t.leaf[v] % rows) as f64;
            }
            if upright_ok {
                Point {
                    x: margin + a / ASPECT,
                    y: margin + b,
                }
            } else {
                Point {
                    x: margin + b / ASPECT,
                    y: margin + a,
                }
            }
        })
        .collect()
}

/// Nodes in `order` along a grid, row by row, alternating direction (neighbours stay close).
fn snake(order: &[usize], margin: f64) -> Vec<Point> {
    let n = order.len();
    let cols = (2..n.max(2) + 2)
        .find(|&c| (c * c) as f64 >= n as f64 * ASPECT)
        .unwrap_or(n.max(2));
    let rows = n.div_ceil(cols).max(2);
    let span = 1.0 - 2.0 * margin;
    let mut out = vec![Point { x: 0.5, y: 0.5 }; n];
    for (k, &v) in order.iter().enumerate() {
        let (r, mut c) = (k / cols, k % cols);
        if r % 2 == 1 {
            c = cols - 1 - c;
        }
        out[v] = Point {
            x: margin + span * c as f64 / (cols - 1) as f64,
            y: margin + span * r as f64 / (rows - 1) as f64,
        };
    }
    out
}

/// Leaves take consecutive slots in depth-first order; a parent sits at the middle of its
/// children. `leaf[v]` counts the leaves before `v`.
fn place(
    v: usize,
    children: &[Vec<usize>],
    slot: &mut [f64],
    leaf: &mut [usize],
    preorder: &mut Vec<usize>,
) {
    preorder.push(v);
    if children[v].is_empty() {
        let k = preorder.iter().filter(|&&u| children[u].is_empty()).count() - 1;
        leaf[v] = k;
        slot[v] = k as f64;
        return;
    }
    for &u in &children[v] {
        place(u, children, slot, leaf, preorder);
    }
    let first = slot[children[v][0]];
    let last = slot[children[v][children[v].len() - 1]];
    slot[v] = f64::midpoint(first, last);
}
