//! Deterministic drawing positions for platforms: no physics loop, the same picture every time.
//!
//! Positions given in the file (or set by dragging in the editor) are kept. The others come from
//! a layered layout when the platform is a tree (the master on top, children below, leaves spread
//! evenly), and from a circle in node order otherwise. Coordinates live in `[0, 1]²`; the view
//! scales them.

use serde::{Deserialize, Serialize};

use super::Platform;

/// A drawing position in `[0, 1]²` (y grows downwards, as on screen).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// Horizontal position.
    pub x: f64,
    /// Vertical position.
    pub y: f64,
}

/// Margin kept free around the drawing, in unit coordinates.
const MARGIN: f64 = 0.08;

/// Positions of every node, by index.
///
/// # Complexity
/// `O(|V| + |E|)`.
#[must_use]
pub fn layout(p: &Platform) -> Vec<Point> {
    let computed = tree_layout(p).unwrap_or_else(|| circle_layout(p.nodes.len()));
    p.nodes
        .iter()
        .zip(computed)
        .map(|(n, auto)| n.pos.unwrap_or(auto))
        .collect()
}

/// Undirected neighbour lists in link order.
fn neighbours(p: &Platform) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); p.nodes.len()];
    for l in &p.links {
        adj[l.from].push(l.to);
        adj[l.to].push(l.from);
    }
    adj
}

/// Layered layout of a tree rooted at the first master (or node 0); `None` if not a tree.
fn tree_layout(p: &Platform) -> Option<Vec<Point>> {
    let n = p.nodes.len();
    if n == 0 || p.links.len() + 1 != n {
        return None;
    }
    let root = p.nodes.iter().position(|v| v.master).unwrap_or(0);
    let adj = neighbours(p);
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
    if order.len() != n {
        return None;
    }
    let mut depth = vec![0usize; n];
    for &v in &order[1..] {
        depth[v] = depth[parent[v]] + 1;
    }
    // Leaves take consecutive horizontal slots in depth-first order; a parent sits above the
    // middle of its children.
    let mut slot = vec![0.0f64; n];
    let mut next_leaf = 0.0;
    place(root, &children, &mut slot, &mut next_leaf);
    let leaves = next_leaf.max(1.0);
    let levels = depth.iter().copied().max().unwrap_or(0) as f64;
    let span = 1.0 - 2.0 * MARGIN;
    Some(
        (0..n)
            .map(|v| Point {
                x: if leaves <= 1.0 {
                    0.5
                } else {
                    MARGIN + span * slot[v] / (leaves - 1.0)
                },
                y: if levels == 0.0 {
                    0.5
                } else {
                    MARGIN + span * depth[v] as f64 / levels
                },
            })
            .collect(),
    )
}

fn place(v: usize, children: &[Vec<usize>], slot: &mut [f64], next_leaf: &mut f64) {
    if children[v].is_empty() {
        slot[v] = *next_leaf;
        *next_leaf += 1.0;
        return;
    }
    for &u in &children[v] {
        place(u, children, slot, next_leaf);
    }
    let first = slot[children[v][0]];
    let last = slot[children[v][children[v].len() - 1]];
    slot[v] = f64::midpoint(first, last);
}

/// Nodes on a circle, node 0 on top, clockwise.
fn circle_layout(n: usize) -> Vec<Point> {
    if n == 1 {
        return vec![Point { x: 0.5, y: 0.5 }];
    }
    let r = 0.5 - MARGIN;
    (0..n)
        .map(|k| {
            let a = std::f64::consts::TAU * k as f64 / n as f64;
            Point {
                x: 0.5 + r * a.sin(),
                y: 0.5 - r * a.cos(),
            }
        })
        .collect()
}
