//! Baselines of broadcast.md §7 under both one-port models: the throughput of a fixed tree
//! (§7.1), the best single tree by branch and bound (§7.2), the classical overlays star, chain
//! and binomial realised by routes (§7.3), the greedy load-aware tree and the shortest-path tree
//! (§7.4). Under the unidirectional model a node's load is `out(v) + in(v)` (its one port does
//! both); overlays whose support is not bipartite are evaluated by `baseline_uni`. All exact;
//! every tie rule is the spec's.

use num_traits::{Signed, Zero};
use serde::Serialize;

use super::lp::{port_loads, Side};
use crate::error::SolveError;
use crate::platform::Arc;
use crate::rational::Q;

/// Work the best-tree branch and bound may do (§10 says 10⁷ search nodes; counted here as
/// work, not nodes: every candidate arc examined, pruned or not, and every step of the cycle
/// check, so that a platform where almost every candidate is pruned, e.g. one huge cost,
/// cannot run for minutes inside one "node").
pub const BEST_TREE_BUDGET: u64 = 10_000_000;

/// What a baseline built, for the figure of pipeline T (§8.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Baseline {
    /// The algorithm name.
    pub name: String,
    /// Logical edges `(u, w)` (for trees: the tree arcs' ends).
    pub logical: Vec<(usize, usize)>,
    /// The route (arc ids) realising each logical edge.
    pub routes: Vec<Vec<usize>>,
    /// `μ_e`: how many routes use each arc.
    pub multiplicity: Vec<u32>,
    /// The busiest port (first by node, out before in).
    pub bottleneck: Option<(usize, Side)>,
    /// Best tree only: the search completed ("proved optimal") within its budget.
    pub complete: Option<bool>,
    /// Why the overlay is not defined on this platform ("n/a"), when it is not.
    pub reason: Option<String>,
    /// Unidirectional model: the transfers as weighted matchings, `ρ = 1/χ`.
    pub colouring: Option<super::baseline_uni::Colouring>,
    /// Unidirectional model, a tree: one period of its schedule (§6.6, one slot per matching;
    /// `baseline_gantt`).
    pub unidirectional_period: Option<super::unidirectional::Period>,
}

/// `max_v max(out(v), in(v))` for arc multiplicities `mu`, and the first port attaining it.
#[must_use]
pub fn max_load(n: usize, arcs: &[Arc], mu: &[u32]) -> (Q, Option<(usize, Side)>) {
    max_load_in(n, arcs, mu, false)
}

/// As [`max_load`]; with `uni`, the unidirectional load `max_v (out(v) + in(v))`, attained at
/// a node's single port ([`Side::Both`]).
#[must_use]
pub fn max_load_in(n: usize, arcs: &[Arc], mu: &[u32], uni: bool) -> (Q, Option<(usize, Side)>) {
    let usage: Vec<Q> = mu.iter().map(|&m| Q::from_integer(m.into())).collect();
    let (out, inn) = port_loads(n, arcs, &usage);
    let mut best = (Q::zero(), None);
    for v in 0..n {
        if uni {
            let load = &out[v] + &inn[v];
            if load > best.0 {
                best = (load, Some((v, Side::Both)));
            }
            continue;
        }
        for (side, load) in [(Side::Out, &out[v]), (Side::In, &inn[v])] {
            if *load > best.0 {
                best = (load.clone(), Some((v, side)));
            }
        }
    }
    best
}

/// Throughput of a fixed set of arcs used once each (a tree, §7.1): `1 / max port load`;
/// `None` (`+∞`) when nothing is sent.
#[must_use]
pub fn tree_throughput(n: usize, arcs: &[Arc], tree: &[usize]) -> Option<Q> {
    let mut mu = vec![0u32; arcs.len()];
    for &e in tree {
        if let Some(m) = mu.get_mut(e) {
            *m += 1;
        }
    }
    let (load, _) = max_load(n, arcs, &mu);
    load.is_positive().then(|| load.recip())
}

/// Greedy load-aware tree (§7.4): repeatedly add the arc `(u, w)`, `u` in the tree, `w` not,
/// minimising `(load(u) + c, c, arc id)`. `None` when some node is unreachable.
///
/// # Complexity
/// `O(|V|·|E|)`.
#[must_use]
pub fn greedy_tree(n: usize, arcs: &[Arc], source: usize) -> Option<Vec<usize>> {
    greedy_tree_in(n, arcs, source, false)
}

/// As [`greedy_tree`]; with `uni` (unidirectional model) the new node's load grows too:
/// `load(w) += c_uw` (§7.4).
#[must_use]
pub fn greedy_tree_in(n: usize, arcs: &[Arc], source: usize, uni: bool) -> Option<Vec<usize>> {
    let mut in_t = vec![false; n];
    in_t[source] = true;
    let mut load = vec![Q::zero(); n];
    let mut tree = Vec::new();
    while tree.len() + 1 < n {
        let best = (0..arcs.len())
            .filter(|&e| in_t[arcs[e].from] && !in_t[arcs[e].to])
            .min_by(|&e, &f| {
                let key = |k: usize| (&load[arcs[k].from] + &arcs[k].c, arcs[k].c.clone(), k);
                key(e).cmp(&key(f))
            })?;
        let a = &arcs[best];
        load[a.from] += &a.c;
        if uni {
            load[a.to] += &a.c;
        }
        in_t[a.to] = true;
        tree.push(best);
    }
    tree.sort_unstable();
    Some(tree)
}

/// A route: total cost, the node sequence and the arcs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Route {
    cost: Q,
    nodes: Vec<usize>,
    arcs: Vec<usize>,
}

impl Route {
    /// §7.3's order: cost, then fewer hops, then the lexicographically smaller node sequence.
    fn key(&self) -> (&Q, usize, &[usize]) {
        (&self.cost, self.nodes.len(), &self.nodes)
    }
}

/// Cheapest routes from `from` to every node (Dijkstra with §7.3's tie rule, which is
/// preserved by extending two routes with the same arc, so label setting stays exact).
fn routes_from(n: usize, arcs: &[Arc], from: usize) -> Vec<Option<Route>> {
    let mut label: Vec<Option<Route>> = vec![None; n];
    let mut done = vec![false; n];
    label[from] = Some(Route {
        cost: Q::zero(),
        nodes: vec![from],
        arcs: Vec::new(),
    });
    loop {
        let next = (0..n)
            .filter(|&v| !done[v] && label[v].is_some())
            .min_by(|&a, &b| {
                let (Some(x), Some(y)) = (&label[a], &label[b]) else {
                    return a.cmp(&b);
                };
                x.key().cmp(&y.key())
            });
        let Some(u) = next else { break };
        done[u] = true;
        let Some(base) = label[u].clone() else { break };
        for (e, a) in arcs.iter().enumerate().filter(|(_, a)| a.from == u) {
            let mut r = base.clone();
            r.cost += &a.c;
            r.nodes.push(a.to);
            r.arcs.push(e);
            if !done[a.to] && label[a.to].as_ref().is_none_or(|old| r.key() < old.key()) {
                label[a.to] = Some(r);
            }
        }
    }
    label
}

/// The route of a logical edge: the direct arc if it exists, else a cheapest path.
fn route(arcs: &[Arc], table: &[Option<Route>], u: usize, w: usize) -> Option<Vec<usize>> {
    if let Some(e) = arcs.iter().position(|a| a.from == u && a.to == w) {
        return Some(vec![e]);
    }
    table[w].as_ref().map(|r| r.arcs.clone())
}

/// Shortest-path tree (§7.4): Dijkstra on `c` from the source; each node's parent is the
/// smallest-id node on a shortest path. `None` when some node is unreachable.
#[must_use]
pub fn spt(n: usize, arcs: &[Arc], source: usize) -> Option<Vec<usize>> {
    let table = routes_from(n, arcs, source);
    let dist: Vec<Q> = table
        .iter()
        .map(|r| r.as_ref().map(|r| r.cost.clone()))
        .collect::<Option<_>>()?;
    let mut tree = Vec::new();
    for v in (0..n).filter(|&v| v != source) {
        let e = (0..arcs.len())
            .filter(|&e| {
                arcs[e].to == v && arcs[e].from != v && &dist[arcs[e].from] + &arcs[e].c == dist[v]
            })
            .min_by_key(|&e| (arcs[e].from, e))?;
        tree.push(e);
    }
    tree.sort_unstable();
    Some(tree)
}

/// Which logical tree an overlay realises (§7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// `s → v` for every `v`.
    Star,
    /// A path from `s`, always to the unvisited node with the cheapest route.
    Chain,
    /// Rank `r`'s parent is rank `r − 2^⌊log₂ r⌋` (ranks: `s`, then the others by id).
    Binomial,
}

/// Logical edges `(u, w)` and the route (arc ids) of each.
pub type Routes = (Vec<(usize, usize)>, Vec<Vec<usize>>);

/// Logical edges and their routes for an overlay.
///
/// # Errors
/// A sentence naming the first logical edge without a route ("n/a" in §9).
pub fn overlay(
    kind: Overlay,
    n: usize,
    arcs: &[Arc],
    source: usize,
    ids: &dyn Fn(usize) -> String,
) -> Result<Routes, SolveError> {
    let tables: Vec<Vec<Option<Route>>> = (0..n).map(|u| routes_from(n, arcs, u)).collect();
    let others: Vec<usize> = (0..n).filter(|&v| v != source).collect();
    let logical: Vec<(usize, usize)> = match kind {
        Overlay::Star => others.iter().map(|&v| (source, v)).collect(),
        Overlay::Binomial => {
            let rank: Vec<usize> = std::iter::once(source)
                .chain(others.iter().copied())
                .collect();
            (1..rank.len())
                .map(|r| {
                    let top = 1usize << (usize::BITS - 1 - r.leading_zeros());
                    (rank[r - top], rank[r])
                })
                .collect()
        }
        Overlay::Chain => {
            let mut seen = vec![false; n];
            seen[source] = true;
            let mut cur = source;
            let mut edges = Vec::new();
            for _ in 1..n {
                let next = (0..n)
                    .filter(|&v| !seen[v])
                    .filter_map(|v| tables[cur][v].as_ref().map(|r| (r.cost.clone(), v)))
                    .min()
                    .ok_or_else(|| {
                        format!(
                            "the chain is not defined: {} reaches none of the remaining nodes",
                            ids(cur)
                        )
                    })?;
                seen[next.1] = true;
                edges.push((cur, next.1));
                cur = next.1;
            }
            edges
        }
    };
    let routes = logical
        .iter()
        .map(|&(u, w)| {
            route(arcs, &tables[u], u, w).ok_or_else(|| {
                format!(
                    "the overlay is not defined: no route from {} to {}",
                    ids(u),
                    ids(w)
                )
            })
        })
        .collect::<Result<_, _>>()?;
    Ok((logical, routes))
}

/// Multiplicities `μ_e` of a list of routes.
#[must_use]
pub fn multiplicity(m: usize, routes: &[Vec<usize>]) -> Vec<u32> {
    let mut mu = vec![0u32; m];
    for &e in routes.iter().flatten() {
        mu[e] = mu[e].saturating_add(1);
    }
    mu
}

/// The best single tree by branch and bound (§7.2): nodes in BFS order from the source (ties
/// by id), incoming arcs in increasing `(c, id)`, cycles refused by walking parents, pruned when
/// the current maximum out-load reaches the incumbent's (initially the greedy tree's).
/// `improved` is called with every strictly better tree found. Returns the best tree (sorted
/// arcs) and whether the search completed within `budget` units of work (one per candidate arc
/// examined, one per step of a cycle check).
///
/// NP-hard in general (thesis, citing its ref. \[14\]); exact only when it completes.
///
/// # Complexity
/// `O(|E| log |E|)` to sort the candidates once, then at most `budget` units of work, each
/// one rational addition or comparison.
#[must_use]
pub fn best_tree(
    n: usize,
    arcs: &[Arc],
    source: usize,
    budget: u64,
    improved: &mut dyn FnMut(&[usize], &Q),
) -> Option<(Vec<usize>, bool)> {
    best_tree_in(n, arcs, source, budget, false, improved)
}

/// As [`best_tree`]; with `uni` the load of a node is `out(v) + in(v)` (unidirectional model,
/// §7.1): choosing the arc `u → v` adds `c` to both `u` and `v`, and the incumbent starts from
/// the unidirectional greedy tree. A tree is bipartite, so its throughput is `1 / max load`
/// exactly (König).
#[must_use]
pub fn best_tree_in(
    n: usize,
    arcs: &[Arc],
    source: usize,
    budget: u64,
    uni: bool,
    improved: &mut dyn FnMut(&[usize], &Q),
) -> Option<(Vec<usize>, bool)> {
    let greedy = greedy_tree_in(n, arcs, source, uni)?;
    let mut incoming: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (e, a) in arcs.iter().enumerate() {
        if a.from != a.to {
            if let Some(list) = incoming.get_mut(a.to) {
                list.push(e);
            }
        }
    }
    for list in &mut incoming {
        list.sort_by(|&a, &b| (&arcs[a].c, a).cmp(&(&arcs[b].c, b)));
    }
    let mut bb = Search {
        arcs,
        incoming,
        source,
        order: bfs_order(n, arcs, source),
        parent: vec![None; n],
        chosen: vec![None; n],
        load: vec![Q::zero(); n],
        best_load: max_load_in(
            n,
            arcs,
            &multiplicity(arcs.len(), std::slice::from_ref(&greedy)),
            uni,
        )
        .0,
        best: greedy,
        work: 0,
        budget,
        uni,
    };
    let complete = bb.branch(0, &Q::zero(), improved);
    Some((bb.best, complete))
}

fn bfs_order(n: usize, arcs: &[Arc], source: usize) -> Vec<usize> {
    let mut seen = vec![false; n];
    seen[source] = true;
    let mut order = Vec::new();
    let mut queue = std::collections::VecDeque::from([source]);
    while let Some(u) = queue.pop_front() {
        let mut next: Vec<usize> = arcs
            .iter()
            .filter(|a| a.from == u && !seen[a.to])
            .map(|a| a.to)
            .collect();
        next.sort_unstable();
        next.dedup();
        for v in next {
            seen[v] = true;
            order.push(v);
            queue.push_back(v);
        }
    }
    order
}

struct Search<'a> {
    arcs: &'a [Arc],
    /// The arcs into each node, in increasing `(c, id)` (the branching order).
    incoming: Vec<Vec<usize>>,
    source: usize,
    order: Vec<usize>,
    parent: Vec<Option<usize>>,
    chosen: Vec<Option<usize>>,
    load: Vec<Q>,
    best: Vec<usize>,
    best_load: Q,
    /// Work done so far (see [`best_tree`]).
    work: u64,
    budget: u64,
    /// Unidirectional model: an arc loads both its ends.
    uni: bool,
}

impl Search<'_> {
    /// Assigns `order[depth..]`; returns false when the budget ran out.
    fn branch(
        &mut self,
        depth: usize,
        current: &Q,
        improved: &mut dyn FnMut(&[usize], &Q),
    ) -> bool {
        let Some(&v) = self.order.get(depth) else {
            let mut tree: Vec<usize> = self.chosen.iter().flatten().copied().collect();
            tree.sort_unstable();
            self.best = tree;
            self.best_load = current.clone();
            if current.is_positive() {
                improved(&self.best, &current.recip());
            }
            return true;
        };
        let cands = self.incoming.get(v).cloned().unwrap_or_default();
        for e in cands {
            self.work += 1;
            if self.work > self.budget {
                return false;
            }
            let u = self.arcs[e].from;
            let c = &self.arcs[e].c;
            let new_load = &self.load[u] + c;
            let head_load = self.uni.then(|| &self.load[v] + c);
            let worst = head_load
                .as_ref()
                .map_or(&new_load, |h| h.max(&new_load))
                .clone();
            if worst >= self.best_load || self.descends(u, v) {
                continue;
            }
            let next = current.clone().max(worst);
            let old = std::mem::replace(&mut self.load[u], new_load);
            let old_head = head_load.map(|h| std::mem::replace(&mut self.load[v], h));
            self.parent[v] = Some(u);
            self.chosen[v] = Some(e);
            let ok = self.branch(depth + 1, &next, improved);
            self.parent[v] = None;
            self.chosen[v] = None;
            self.load[u] = old;
            if let Some(h) = old_head {
                self.load[v] = h;
            }
            if !ok {
                return false;
            }
        }
        true
    }

    /// Walking up from `u` reaches `v` (so `v → … → u` exists and `u → v` would close a cycle).
    fn descends(&mut self, u: usize, v: usize) -> bool {
        let mut cur = u;
        for _ in 0..self.parent.len() {
            self.work += 1;
            if cur == v {
                return true;
            }
            if cur == self.source {
                return false;
            }
            match self.parent[cur] {
                Some(p) => cur = p,
                None => return false,
            }
        }
        true
    }
}

/// The LP-guided trees of §7.4 (solver-dependent, no oracle values): `lp-heaviest-tree` is the
/// heaviest tree of the decomposition (first on ties); `lp-usage-tree` the spanning
/// arborescence of largest total usage `Σ n_e` (Chu–Liu/Edmonds on `max n − n_e ≥ 0`, the
/// same argmin as `−n_e` since every arborescence has `|V| − 1` arcs). Sorted arc ids; `None`
/// for another name or when no arborescence exists.
#[must_use]
pub fn guided_tree(
    name: &str,
    n: usize,
    arcs: &[Arc],
    source: usize,
    trees: &[super::WeightedTree],
    usage: &[Q],
) -> Option<Vec<usize>> {
    match name {
        "lp-heaviest-tree" => trees
            .iter()
            .enumerate()
            .max_by(|(i, a), (j, b)| a.weight.cmp(&b.weight).then(j.cmp(i)))
            .map(|(_, t)| t.arcs.clone()),
        "lp-usage-tree" => {
            let net = super::multicast::net::Net {
                n,
                arcs: arcs
                    .iter()
                    .map(|a| super::multicast::net::NetArc {
                        from: a.from,
                        to: a.to,
                        c: a.c.clone(),
                    })
                    .collect(),
            };
            let top = usage.iter().max().cloned().unwrap_or_else(Q::zero);
            let w: Vec<Q> = usage.iter().map(|u| &top - u).collect();
            let (tree, _) =
                super::multicast::arborescence::min_arborescence(&net, source, &w, &vec![true; n])?;
            Some(tree)
        }
        _ => None,
    }
}
