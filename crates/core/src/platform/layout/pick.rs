//! Which layout a platform gets (its [`Shape`]) and the positions that layout gives: a tree,
//! a ring, a complete graph or anything else, each drawn by its own module.

use super::{circle, normalise, separate, stress, tree, Simple, MARGIN, MIN_SEP};
use crate::platform::{Platform, Point};

/// Which layout a platform gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// At most one node.
    Single,
    /// Connected with `n − 1` distinct pairs: layered tidy tree.
    Tree,
    /// Connected, every node of degree 2: a circle in cycle order.
    Ring,
    /// Every pair linked: a circle, or groups on their own circles.
    Complete,
    /// Anything else: stress majorisation.
    General,
}

/// Positions of every node, by index; trees are rooted at the first master (or node 0).
///
/// # Complexity
/// `O(|V| + |E|)` for trees and rings, `O(|V|²)` for complete graphs, `O(k·|V|²)` with
/// `k ≤ 300` stress iterations otherwise.
#[must_use]
pub fn layout(p: &Platform) -> Vec<Point> {
    layout_rooted(p, None)
}

/// [`layout`] with trees rooted at `root` (a broadcast's source) instead of the master.
#[must_use]
pub fn layout_rooted(p: &Platform, root: Option<usize>) -> Vec<Point> {
    let computed = auto_layout(p, root);
    p.nodes
        .iter()
        .zip(computed)
        .map(|(n, auto)| n.pos.unwrap_or(auto))
        .collect()
}

/// The computed positions, ignoring the ones given in the file.
#[must_use]
pub fn auto_layout(p: &Platform, root: Option<usize>) -> Vec<Point> {
    let n = p.nodes.len();
    let root = root
        .filter(|&r| r < n)
        .or_else(|| p.nodes.iter().position(|v| v.master))
        .unwrap_or(0);
    let g = Simple::of(p);
    let raw = match shape(p) {
        Shape::Single => return vec![Point { x: 0.5, y: 0.5 }; n],
        Shape::Tree => {
            let mut pts = tree::layout(&g.adj, root, MARGIN);
            separate(&mut pts, MIN_SEP);
            return pts;
        }
        Shape::Ring => circle::ring(&g.adj, root),
        Shape::Complete => circle::complete(p, root),
        Shape::General => stress::layout(&g.adj, root),
    };
    let mut pts = normalise(&raw);
    separate(&mut pts, MIN_SEP);
    pts
}

/// The shape that decides the layout.
#[must_use]
pub fn shape(p: &Platform) -> Shape {
    let n = p.nodes.len();
    if n <= 1 {
        return Shape::Single;
    }
    let g = Simple::of(p);
    if !g.connected() {
        return Shape::General;
    }
    if g.pairs == n - 1 {
        Shape::Tree
    } else if g.pairs == n * (n - 1) / 2 && n >= 4 {
        Shape::Complete
    } else if g.pairs == n && g.adj.iter().all(|a| a.len() == 2) {
        Shape::Ring
    } else {
        Shape::General
    }
}
