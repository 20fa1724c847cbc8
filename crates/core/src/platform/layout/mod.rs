//! Deterministic drawing positions for platforms: the same picture every time, on every machine
//! (no random numbers, no clock), so a share link redraws what its author saw.
//!
//! Positions given in the file (or set by dragging in the editor) are kept. The others depend on
//! the platform's shape: a layered tidy tree rooted at the master or source for trees and stars
//! ([`tree`]); nodes on a circle in cycle order for rings; for complete graphs a circle, or one
//! small circle per group when link costs split the nodes into groups (Lyon's and Strasbourg's
//! clusters, ring.md section 9) ([`circle`]); a stress-majorisation layout for everything else
//! ([`stress`]). Coordinates live in `[0, 1]²` (y down); the view scales them to its frame.

mod circle;
mod pick;
mod stress;
mod tree;

use std::collections::BTreeSet;

pub use pick::{auto_layout, layout, layout_rooted, shape, Shape};

use super::{Platform, Point};

/// Margin kept free around the drawing, in unit coordinates.
pub(super) const MARGIN: f64 = 0.06;
/// Width over height of the frame the layouts are shaped for (the desktop figure, 800 × 540).
pub const ASPECT: f64 = 800.0 / 540.0;
/// Smallest distance between two computed positions, in units of the frame's height (about 56
/// pixels at the desktop size: two node discs and a gap).
pub const MIN_SEP: f64 = 0.1;

/// The platform as a simple undirected graph: neighbour lists in link order, no duplicates.
struct Simple {
    adj: Vec<Vec<usize>>,
    pairs: usize,
}

impl Simple {
    fn of(p: &Platform) -> Simple {
        let mut seen = BTreeSet::new();
        let mut adj = vec![Vec::new(); p.nodes.len()];
        for l in &p.links {
            let key = (l.from.min(l.to), l.from.max(l.to));
            if l.from != l.to && seen.insert(key) {
                adj[l.from].push(l.to);
                adj[l.to].push(l.from);
            }
        }
        Simple {
            adj,
            pairs: seen.len(),
        }
    }

    fn connected(&self) -> bool {
        bfs(&self.adj, 0).iter().all(|d| *d != usize::MAX)
    }
}

/// Hop distances from `root` (`usize::MAX` when unreachable).
pub(super) fn bfs(adj: &[Vec<usize>], root: usize) -> Vec<usize> {
    let mut dist = vec![usize::MAX; adj.len()];
    if adj.is_empty() {
        return dist;
    }
    dist[root] = 0;
    let mut queue = std::collections::VecDeque::from([root]);
    while let Some(v) = queue.pop_front() {
        for &u in &adj[v] {
            if dist[u] == usize::MAX {
                dist[u] = dist[v] + 1;
                queue.push_back(u);
            }
        }
    }
    dist
}

/// Scales free-form coordinates uniformly (no distortion) into the frame, centred, with a margin:
/// the frame is `ASPECT` wide and 1 high before it becomes `[0, 1]²`.
fn normalise(raw: &[(f64, f64)]) -> Vec<Point> {
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in raw {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    let (w, h) = ((x1 - x0).max(1e-9), (y1 - y0).max(1e-9));
    let inner = 1.0 - 2.0 * MARGIN;
    let s = (inner * ASPECT / w).min(inner / h);
    let (cx, cy) = (f64::midpoint(x0, x1), f64::midpoint(y0, y1));
    raw.iter()
        .map(|&(x, y)| Point {
            x: 0.5 + (x - cx) * s / ASPECT,
            y: 0.5 + (y - cy) * s,
        })
        .collect()
}

/// Pushes computed positions apart until every two are at least `sep` apart (measured in frame
/// heights, the frame being `ASPECT` wide), staying in the unit square. Deterministic: pairs in
/// index order, coincident points split along a fixed direction.
fn separate(pts: &mut [Point], sep: f64) {
    let n = pts.len();
    for _ in 0..60 {
        let mut moved = false;
        for i in 0..n {
            for j in i + 1..n {
                let (dx, dy) = ((pts[j].x - pts[i].x) * ASPECT, pts[j].y - pts[i].y);
                let d = dx.hypot(dy);
                if d >= sep {
                    continue;
                }
                moved = true;
                let (ux, uy) = if d < 1e-9 {
                    let a = (i * 7 + j) as f64;
                    (a.cos(), a.sin())
                } else {
                    (dx / d, dy / d)
                };
                let push = (sep - d) / 2.0 + 1e-6;
                pts[i].x -= ux * push / ASPECT;
                pts[i].y -= uy * push;
                pts[j].x += ux * push / ASPECT;
                pts[j].y += uy * push;
            }
        }
        for p in pts.iter_mut() {
            p.x = p.x.clamp(0.02, 0.98);
            p.y = p.y.clamp(0.02, 0.98);
        }
        if !moved {
            break;
        }
    }
}

#[cfg(test)]
mod tests;
