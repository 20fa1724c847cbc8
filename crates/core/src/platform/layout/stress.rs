//! Stress majorisation (Gansner, Koren and North, 2004) on hop distances: the drawing distance
//! of two nodes follows their distance in the graph. Deterministic without any seed: the start
//! is a sunflower spiral in breadth-first order from the root, and every sweep visits nodes in
//! index order, so the same platform gives the same picture on every machine.

use super::bfs;
use crate::sort;

/// Positions (free coordinates, one unit per hop) of a graph given by neighbour lists.
pub(super) fn layout(adj: &[Vec<usize>], root: usize) -> Vec<(f64, f64)> {
    let n = adj.len();
    let dist = distances(adj);
    // Start: a sunflower spiral in breadth-first order (no two points coincide, no symmetry for
    // the iteration to get stuck on).
    let order = bfs_order(adj, root);
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    let mut pos = vec![(0.0, 0.0); n];
    for (k, &v) in order.iter().enumerate() {
        let r = (k as f64 + 0.5).sqrt();
        let a = golden * k as f64;
        pos[v] = (r * a.cos(), r * a.sin());
    }
    // Sweeps: each node moves to the weighted average of where its distances put it.
    let sweeps = (30_000_000 / (n * n).max(1)).clamp(20, 300);
    let mut last = f64::MAX;
    for _ in 0..sweeps {
        for i in 0..n {
            let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
            for j in 0..n {
                if i == j {
                    continue;
                }
                let d = dist[i][j];
                let w = 1.0 / (d * d);
                let (dx, dy) = (pos[i].0 - pos[j].0, pos[i].1 - pos[j].1);
                let len = dx.hypot(dy).max(1e-9);
                sx += w * (pos[j].0 + d * dx / len);
                sy += w * (pos[j].1 + d * dy / len);
                sw += w;
            }
            if sw > 0.0 {
                pos[i] = (sx / sw, sy / sw);
            }
        }
        let s = stress(&pos, &dist);
        if (last - s).abs() <= 1e-6 * last {
            break;
        }
        last = s;
    }
    pos
}

/// All-pairs hop distances; pairs in different components are one more than the diameter apart.
fn distances(adj: &[Vec<usize>]) -> Vec<Vec<f64>> {
    let n = adj.len();
    let hops: Vec<Vec<usize>> = (0..n).map(|v| bfs(adj, v)).collect();
    let far = hops
        .iter()
        .flatten()
        .filter(|&&d| d != usize::MAX)
        .max()
        .copied()
        .unwrap_or(1)
        + 1;
    hops.into_iter()
        .map(|row| {
            row.into_iter()
                .map(|d| if d == usize::MAX { far } else { d } as f64)
                .collect()
        })
        .collect()
}

/// Every node, breadth-first from `root`, then the unreached ones in index order.
fn bfs_order(adj: &[Vec<usize>], root: usize) -> Vec<usize> {
    let d = bfs(adj, root);
    let mut order: Vec<usize> = (0..adj.len()).collect();
    sort::by_key(&mut order, |&v| (d[v], v));
    order
}

fn stress(pos: &[(f64, f64)], dist: &[Vec<f64>]) -> f64 {
    let mut s = 0.0;
    for i in 0..pos.len() {
        for j in i + 1..pos.len() {
            let d = dist[i][j];
            let e = (pos[i].0 - pos[j].0).hypot(pos[i].1 - pos[j].1) - d;
            s += e * e / (d * d);
        }
    }
    s
}
