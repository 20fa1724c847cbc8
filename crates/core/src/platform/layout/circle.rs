//! Circles: a ring in cycle order, and complete graphs, whose nodes fall into groups when their
//! link costs say so (ring.md section 9: Lyon's three groups, Strasbourg's sites). Two nodes are
//! in one group when their costs to every third node agree within about 28 % (single linkage on
//! the largest log-ratio); each group gets its own small circle, the groups a large one.

use std::f64::consts::TAU;

use crate::platform::Platform;
use crate::rational::{to_f64, Cost};

/// Largest `|ln c_ik − ln c_jk|` between two nodes of one group.
const SAME_GROUP: f64 = 0.25;
/// Space between two group circles, in node spacings.
const GROUP_GAP: f64 = 1.3;

/// A ring's nodes on a circle in cycle order, `root` on top, clockwise.
pub(super) fn ring(adj: &[Vec<usize>], root: usize) -> Vec<(f64, f64)> {
    let n = adj.len();
    let mut order = vec![root];
    let (mut prev, mut cur) = (usize::MAX, root);
    while order.len() < n {
        let Some(&next) = adj[cur].iter().find(|&&u| u != prev && u != root) else {
            break;
        };
        order.push(next);
        (prev, cur) = (cur, next);
    }
    let mut out = vec![(0.0, 0.0); n];
    for (k, &v) in order.iter().enumerate() {
        out[v] = on_circle(k, order.len(), 1.0);
    }
    out
}

/// A complete graph: one circle, or its cost groups on their own circles.
pub(super) fn complete(p: &Platform, root: usize) -> Vec<(f64, f64)> {
    let groups = groups(p, root);
    let n = p.nodes.len();
    if groups.len() <= 1 || groups.len() == n {
        let order: Vec<usize> = (root..n).chain(0..root).collect();
        let mut out = vec![(0.0, 0.0); n];
        for (k, &v) in order.iter().enumerate() {
            out[v] = on_circle(k, n, 1.0);
        }
        return out;
    }
    // Radius of each group's circle so that neighbours are one spacing apart.
    let radius: Vec<f64> = groups
        .iter()
        .map(|g| match g.len() {
            1 => 0.0,
            m => 0.5 / (std::f64::consts::PI / m as f64).sin(),
        })
        .collect();
    let extent: Vec<f64> = radius.iter().map(|r| 2.0 * r + GROUP_GAP).collect();
    let total: f64 = extent.iter().sum();
    let mut angle = Vec::with_capacity(groups.len());
    let mut acc = 0.0;
    for e in &extent {
        angle.push(TAU * (acc + e / 2.0) / total - TAU * extent[0] / 2.0 / total);
        acc += e;
    }
    // The big circle is large enough that neighbouring groups keep their gap.
    let mut big: f64 = 0.0;
    for g in 0..groups.len() {
        let h = (g + 1) % groups.len();
        let mut d = (angle[h] - angle[g]).rem_euclid(TAU);
        if d > std::f64::consts::PI {
            d = TAU - d;
        }
        let need = radius[g] + radius[h] + GROUP_GAP;
        big = big.max(need / (2.0 * (d / 2.0).sin()).max(1e-9));
    }
    let mut out = vec![(0.0, 0.0); n];
    for (g, members) in groups.iter().enumerate() {
        let (cx, cy) = (big * angle[g].sin(), -big * angle[g].cos());
        for (k, &v) in members.iter().enumerate() {
            let (x, y) = on_circle(k, members.len(), radius[g]);
            out[v] = (cx + x, cy + y);
        }
    }
    out
}

/// Point `k` of `m` on a circle of radius `r` centred at the origin, the first on top.
fn on_circle(k: usize, m: usize, r: f64) -> (f64, f64) {
    let a = TAU * k as f64 / m.max(1) as f64;
    (r * a.sin(), -r * a.cos())
}

/// The cost groups of a complete graph: members in index order, the group of `root` first (with
/// `root` first in it), the others by their smallest member.
#[must_use]
pub(super) fn groups(p: &Platform, root: usize) -> Vec<Vec<usize>> {
    fn find(g: &mut [usize], mut v: usize) -> usize {
        while g[v] != v {
            g[v] = g[g[v]];
            v = g[v];
        }
        v
    }
    let n = p.nodes.len();
    let mut cost = vec![vec![0.0f64; n]; n];
    let mut seen = vec![vec![false; n]; n];
    let ln = |c: &Cost| match c {
        Cost::Finite(v) => to_f64(v).max(1e-300).ln(),
        Cost::Inf => 700.0,
    };
    for l in &p.links {
        let there = ln(&l.c);
        let back = l.c_back.as_ref().map_or(there, ln);
        for (a, b, v) in [(l.from, l.to, there), (l.to, l.from, back)] {
            if !seen[a][b] {
                cost[a][b] = v;
                seen[a][b] = true;
            }
        }
    }
    let mut group: Vec<usize> = (0..n).collect();
    for i in 0..n {
        for j in i + 1..n {
            let far = (0..n)
                .filter(|&k| k != i && k != j)
                .map(|k| {
                    (cost[i][k] - cost[j][k])
                        .abs()
                        .max((cost[k][i] - cost[k][j]).abs())
                })
                .fold(0.0, f64::max);
            if far <= SAME_GROUP {
                let (a, b) = (find(&mut group, i), find(&mut group, j));
                group[a.max(b)] = a.min(b);
            }
        }
    }
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut index_of = vec![usize::MAX; n];
    for v in 0..n {
        let r = find(&mut group, v);
        if index_of[r] == usize::MAX {
            index_of[r] = out.len();
            out.push(Vec::new());
        }
        out[index_of[r]].push(v);
    }
    if let Some(g) = out.iter().position(|g| g.contains(&root)) {
        let mut first = out.remove(g);
        first.retain(|&v| v != root);
        first.insert(0, root);
        out.insert(0, first);
    }
    out
}
