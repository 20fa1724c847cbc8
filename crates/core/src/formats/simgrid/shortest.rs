//! Local routes: a star's (flat clusters), and the shortest paths of SimGrid's `Floyd` and
//! `Dijkstra` zones, with SimGrid 3.32's costs (the
//! number of links of each route) and its tie-breaks, so that the path chosen is SimGrid's.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::zones::{NoRoute, Star, Zone};

/// Most netpoints of one Floyd zone (its tables are quadratic, its computation cubic).
pub(super) const FLOYD_LIMIT: usize = 600;

/// SimGrid's `FloydZone::do_seal`: `pred[a][b]`, the netpoint before `b` on the path from `a`.
pub(super) fn floyd(zone: &Zone) -> Vec<Vec<Option<usize>>> {
    let n = zone.vertices.len();
    let mut cost = vec![vec![u64::MAX; n]; n];
    let mut pred = vec![vec![None; n]; n];
    for &(a, b) in &zone.order {
        if let Some(r) = zone.routes.get(&(a, b)) {
            if a < n && b < n {
                cost[a][b] = r.links.len() as u64;
                pred[a][b] = Some(a);
            }
        }
    }
    for c in 0..n {
        for a in 0..n {
            let ac = cost[a][c];
            if ac == u64::MAX {
                continue;
            }
            for b in 0..n {
                let cb = cost[c][b];
                if cb < u64::MAX && (cost[a][b] == u64::MAX || ac + cb < cost[a][b]) {
                    cost[a][b] = ac + cb;
                    pred[a][b] = pred[c][b];
                }
            }
        }
    }
    pred
}

/// SimGrid's `DijkstraZone::get_local_route`: the routes (pairs of local ids) from `a` to `b`.
/// Graph nodes are numbered in the order routes first name them, edges kept in route order,
/// the queue pops the lowest cost then the lowest node: SimGrid's ties.
pub(super) fn dijkstra_hops(
    zone: &Zone,
    a: usize,
    b: usize,
) -> Result<Vec<(usize, usize)>, NoRoute> {
    let mut node_of: HashMap<usize, usize> = HashMap::new();
    let mut ids: Vec<usize> = Vec::new();
    let mut out: Vec<Vec<(usize, u64)>> = Vec::new();
    for &(s, d) in &zone.order {
        for v in [s, d] {
            node_of.entry(v).or_insert_with(|| {
                ids.push(v);
                out.push(Vec::new());
                ids.len() - 1
            });
        }
        let cost = zone.routes.get(&(s, d)).map_or(0, |r| r.links.len() as u64);
        out[node_of[&s]].push((node_of[&d], cost));
    }
    let (Some(&sa), Some(&sb)) = (node_of.get(&a), node_of.get(&b)) else {
        return Err(NoRoute);
    };
    let n = ids.len();
    let mut cost = vec![u64::MAX; n];
    let mut pred = vec![0usize; n];
    cost[sa] = 0;
    let mut queue: BinaryHeap<Reverse<(u64, usize)>> =
        (0..n).map(|i| Reverse((cost[i], i))).collect();
    while let Some(Reverse((_, v))) = queue.pop() {
        if cost[v] == u64::MAX {
            continue;
        }
        for &(u, c) in &out[v] {
            if c + cost[v] < cost[u] {
                pred[u] = v;
                cost[u] = c + cost[v];
                queue.push(Reverse((cost[u], u)));
            }
        }
    }
    if cost[sb] == u64::MAX {
        return Err(NoRoute);
    }
    let mut hops = Vec::new();
    let mut v = sb;
    while v != sa && hops.len() <= n {
        hops.push((ids[pred[v]], ids[v]));
        v = pred[v];
    }
    hops.reverse();
    Ok(hops)
}

/// SimGrid's `StarZone::get_local_route`: up from `a`, down to `b`, each link once.
pub(super) fn star_route(
    star: &[Star],
    a: usize,
    b: usize,
    out: &mut Vec<usize>,
) -> (Option<usize>, Option<usize>) {
    let mut seen = std::collections::HashSet::new();
    let empty = Star::default();
    let (up, down) = (star.get(a).unwrap_or(&empty), star.get(b).unwrap_or(&empty));
    for &l in up.up.iter().chain(&down.down) {
        if seen.insert(l) {
            out.push(l);
        }
    }
    (None, None)
}

/// The routes (pairs of local ids) of a Floyd zone's path from `a` to `b`, in order.
pub(super) fn floyd_hops(
    pred: &[Vec<Option<usize>>],
    a: usize,
    b: usize,
) -> Result<Vec<(usize, usize)>, NoRoute> {
    let mut hops = Vec::new();
    let mut cur = b;
    loop {
        let p = pred
            .get(a)
            .and_then(|row| row.get(cur))
            .copied()
            .flatten()
            .ok_or(NoRoute)?;
        hops.push((p, cur));
        cur = p;
        if cur == a || hops.len() > pred.len() {
            break;
        }
    }
    hops.reverse();
    Ok(hops)
}
