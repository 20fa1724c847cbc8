//! Minimum-cost directed Steiner arborescence by the Dreyfus–Wagner dynamic program
//! (broadcast.md §5.6): the exact pricing oracle of the multicast column generation. Weights
//! are `≥ 0`; ties are broken by smallest node, then smallest subset mask, then smallest arc
//! id, so the answer is a function of the input.

use super::net::{scaled, Net, Scaled, Weight};
use crate::rational::Q;

/// A cheapest arborescence rooted at `s` reaching every node of `targets` for arc weights `w`:
/// its sorted arc ids and its exact cost, or `None` when some target is unreachable.
///
/// Reference: S. E. Dreyfus, R. A. Wagner, *The Steiner problem in graphs*, Networks 1(3),
/// 1971 (directed form as in broadcast.md §5.6).
///
/// # Complexity
/// `O(3^|D|·|V| + 2^|D|·|V|² + |V|³)` additions; the callers limit `|D| ≤ 10`, `|V| ≤ 20`.
#[must_use]
pub fn min_steiner(net: &Net, s: usize, targets: &[usize], w: &[Q]) -> Option<(Vec<usize>, Q)> {
    let arcs = match scaled(w) {
        Scaled::Small(ints) => Dw::new(net, &ints).solve(s, targets)?,
        Scaled::Big(ints) => Dw::new(net, &ints).solve(s, targets)?,
    };
    let tree = net.prune(&bfs_of(net, s, &arcs), &mark(net.n, targets));
    let cost = tree.iter().map(|&k| w[k].clone()).sum();
    Some((tree, cost))
}

fn mark(n: usize, nodes: &[usize]) -> Vec<bool> {
    let mut m = vec![false; n];
    for &v in nodes {
        m[v] = true;
    }
    m
}

/// A breadth-first arborescence from `s` of the sub-network made of `arcs` (cost only drops).
fn bfs_of(net: &Net, s: usize, arcs: &[usize]) -> Vec<usize> {
    let mut seen = vec![false; net.n];
    seen[s] = true;
    let mut queue = std::collections::VecDeque::from([s]);
    let mut tree = Vec::new();
    while let Some(u) = queue.pop_front() {
        for &k in arcs {
            let a = &net.arcs[k];
            if a.from == u && !seen[a.to] {
                seen[a.to] = true;
                tree.push(k);
                queue.push_back(a.to);
            }
        }
    }
    tree.sort_unstable();
    tree
}

/// The tables of one Dreyfus–Wagner run.
struct Dw<'a, T> {
    net: &'a Net,
    /// `dist[v][u]`: cheapest `v → u` path cost.
    dist: Vec<Vec<Option<T>>>,
    /// First arc of a cheapest `v → u` path.
    first: Vec<Vec<Option<usize>>>,
}

impl<'a, T: Weight> Dw<'a, T> {
    fn new(net: &'a Net, w: &[T]) -> Self {
        let n = net.n;
        let mut dist: Vec<Vec<Option<T>>> = vec![vec![None; n]; n];
        let mut first = vec![vec![None; n]; n];
        for (v, row) in dist.iter_mut().enumerate() {
            row[v] = Some(T::zero());
        }
        for (k, a) in net.arcs.iter().enumerate() {
            if dist[a.from][a.to].as_ref().is_none_or(|d| w[k] < *d) {
                dist[a.from][a.to] = Some(w[k].clone());
                first[a.from][a.to] = Some(k);
            }
        }
        // Floyd–Warshall; a path is replaced only by a strictly cheaper one.
        for m in 0..n {
            for v in 0..n {
                let Some(dvm) = dist[v][m].clone() else {
                    continue;
                };
                for u in 0..n {
                    let Some(dmu) = dist[m][u].clone() else {
                        continue;
                    };
                    let via = dvm.clone() + dmu;
                    if dist[v][u].as_ref().is_none_or(|d| via < *d) {
                        dist[v][u] = Some(via);
                        first[v][u] = first[v][m];
                    }
                }
            }
        }
        Dw { net, dist, first }
    }

    fn path(&self, mut v: usize, u: usize, out: &mut Vec<usize>) {
        while v != u {
            let Some(k) = self.first[v][u] else { return };
            out.push(k);
            v = self.net.arcs[k].to;
        }
    }

    /// Runs the program and returns the union of the chosen paths (arc ids).
    fn solve(&self, s: usize, targets: &[usize]) -> Option<Vec<usize>> {
        let (n, k) = (self.net.n, targets.len());
        let full = (1usize << k) - 1;
        // f[S][v] and, for |S| ≥ 2, the chosen (u, S') realising it.
        let mut f: Vec<Vec<Option<T>>> = vec![vec![None; n]; full + 1];
        let mut how: Vec<Vec<(usize, usize)>> = vec![vec![(0, 0); n]; full + 1];
        for (i, &t) in targets.iter().enumerate() {
            for (fv, dist_v) in f[1 << i].iter_mut().zip(&self.dist) {
                fv.clone_from(&dist_v[t]);
            }
        }
        for set in 1..=full {
            if set.count_ones() < 2 {
                continue;
            }
            let low = set & set.wrapping_neg();
            // g[u] = best split of `set` at u; S' ranges over proper subsets holding `low`.
            let mut g: Vec<Option<(T, usize)>> = vec![None; n];
            for (u, gu) in g.iter_mut().enumerate() {
                let mut sub = (set - 1) & set;
                while sub > 0 {
                    if sub & low != 0 {
                        if let (Some(a), Some(b)) = (&f[sub][u], &f[set ^ sub][u]) {
                            let c = a.clone() + b.clone();
                            if gu.as_ref().is_none_or(|(best, _)| c < *best) {
                                *gu = Some((c, sub));
                            }
                        }
                    }
                    sub = (sub - 1) & set;
                }
            }
            for v in 0..n {
                for (u, gu) in g.iter().enumerate() {
                    let (Some(d), Some((gv, sub))) = (&self.dist[v][u], gu) else {
                        continue;
                    };
                    let c = d.clone() + gv.clone();
                    if f[set][v].as_ref().is_none_or(|best| c < *best) {
                        f[set][v] = Some(c);
                        how[set][v] = (u, *sub);
                    }
                }
            }
        }
        f[full][s].as_ref()?;
        let mut arcs = Vec::new();
        let mut todo = vec![(full, s)];
        while let Some((set, v)) = todo.pop() {
            if set.is_power_of_two() {
                self.path(v, targets[set.trailing_zeros() as usize], &mut arcs);
            } else {
                let (u, sub) = how[set][v];
                self.path(v, u, &mut arcs);
                todo.push((sub, u));
                todo.push((set ^ sub, u));
            }
        }
        arcs.sort_unstable();
        arcs.dedup();
        Some(arcs)
    }
}
