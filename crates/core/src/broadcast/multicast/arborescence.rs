//! Minimum-cost spanning arborescence (Chu–Liu/Edmonds) in exact rationals, and the column
//! generation over trees with port rows that both the multicast exact method (Steiner pricing,
//! broadcast.md §5.6) and the trees of a heuristic scheme (spanning pricing, §3.7) use.

use std::collections::BTreeMap;

use num_traits::{One, Signed, Zero};

use super::net::Net;
use crate::broadcast::WeightedTree;
use crate::error::SolveError;
use crate::lp::{self, Cmp, Outcome, Problem};
use crate::rational::Q;

/// A cheapest spanning arborescence of `G[active]` rooted at `s` for arc weights `w`: sorted arc
/// ids and exact cost, or `None` when some active node is unreachable. Ties: the smallest
/// (weight, arc id) incoming arc; cycles are contracted in node order.
///
/// Reference: Y. J. Chu, T. H. Liu, *On the shortest arborescence of a directed graph*, 1965;
/// J. Edmonds, *Optimum branchings*, J. Res. NBS 71B, 1967.
///
/// # Complexity
/// `O(|V|·|E|)` rational operations.
#[must_use]
pub fn min_arborescence<T: Weight>(
    net: &Net,
    s: usize,
    w: &[T],
    active: &[bool],
) -> Option<(Vec<usize>, T)> {
    let nodes: Vec<usize> = (0..net.n).filter(|&v| active[v]).collect();
    let mut local = vec![usize::MAX; net.n];
    for (i, &v) in nodes.iter().enumerate() {
        local[v] = i;
    }
    let mut edges = Vec::new();
    let mut ids = Vec::new();
    for (k, a) in net.arcs.iter().enumerate() {
        if active[a.from] && active[a.to] && a.to != s {
            edges.push((local[a.from], local[a.to], w[k].clone()));
            ids.push(k);
        }
    }
    let chosen = cle(nodes.len(), local[s], &edges)?;
    let mut arcs: Vec<usize> = chosen.iter().map(|&i| ids[i]).collect();
    arcs.sort_unstable();
    let cost = arcs.iter().map(|&k| w[k].clone()).sum();
    Some((arcs, cost))
}

/// Arc weights of [`min_arborescence`]: exact rationals for the pricing that decides, `f64` for
/// the float warm start of the column generation, which only suggests columns.
pub trait Weight: Clone + PartialOrd + std::iter::Sum {
    /// `self − other`.
    #[must_use]
    fn minus(&self, other: &Self) -> Self;
}

impl Weight for Q {
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
}

impl Weight for f64 {
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
}

/// Chu–Liu/Edmonds on `(from, to, weight)` edges; returns the chosen edge indices.
fn cle<T: Weight>(n: usize, root: usize, edges: &[(usize, usize, T)]) -> Option<Vec<usize>> {
    let mut best: Vec<Option<usize>> = vec![None; n];
    for (i, (u, v, w)) in edges.iter().enumerate() {
        if *v != root && u != v && best[*v].is_none_or(|b| *w < edges[b].2) {
            best[*v] = Some(i);
        }
    }
    let mut inc = vec![0usize; n];
    for v in (0..n).filter(|&v| v != root) {
        inc[v] = best[v]?;
    }
    let none = usize::MAX;
    let (mut comp, mut mark, mut in_cycle) = (vec![none; n], vec![none; n], vec![false; n]);
    let mut count = 0;
    for v in 0..n {
        let mut u = v;
        while u != root && mark[u] == none && comp[u] == none {
            mark[u] = v;
            u = edges[inc[u]].0;
        }
        if u != root && mark[u] == v && comp[u] == none {
            let mut x = u;
            loop {
                comp[x] = count;
                in_cycle[x] = true;
                x = edges[inc[x]].0;
                if x == u {
                    break;
                }
            }
            count += 1;
        }
    }
    if count == 0 {
        return Some((0..n).filter(|&v| v != root).map(|v| inc[v]).collect());
    }
    for c in comp.iter_mut().filter(|c| **c == none) {
        *c = count;
        count += 1;
    }
    let mut contracted = Vec::new();
    let mut origin = Vec::new();
    for (i, (u, v, w)) in edges.iter().enumerate() {
        if comp[*u] != comp[*v] {
            let reduced = if in_cycle[*v] {
                w.minus(&edges[inc[*v]].2)
            } else {
                w.clone()
            };
            contracted.push((comp[*u], comp[*v], reduced));
            origin.push(i);
        }
    }
    let sub = cle(count, comp[root], &contracted)?;
    let mut chosen: Vec<usize> = sub.iter().map(|&j| origin[j]).collect();
    let mut entered = vec![false; n];
    for &i in &chosen {
        entered[edges[i].1] = true;
    }
    chosen.extend(
        (0..n)
            .filter(|&v| in_cycle[v] && !entered[v])
            .map(|v| inc[v]),
    );
    Some(chosen)
}

/// One pricing round of the tree column generation.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeRound {
    /// 1-based iteration number.
    pub iteration: usize,
    /// Value of the restricted master (a lower bound).
    pub lower: Q,
    /// `Σ(p+q) / min(1, θ)` (an upper bound; `None` when `θ = 0`).
    pub upper: Option<Q>,
    /// The priced tree (arc ids) and its cost `θ` under the dual prices.
    pub tree: Vec<usize>,
    /// Its cost.
    pub theta: Q,
    /// Whether it entered the master (`θ < 1`).
    pub added: bool,
    /// The master's dual prices this round (row `2v` = out-port of `v`, `2v+1` = in-port).
    pub prices: Vec<Q>,
    /// The master's weights `α`, one per column (in column order, before `tree` enters).
    pub weights: Vec<Q>,
}

/// The answer of a tree column generation.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeColumns {
    /// Final master value (the optimum when `converged`).
    pub value: Q,
    /// Trees with positive weight, in column order.
    pub trees: Vec<WeightedTree>,
    /// Whether pricing proved optimality before the iteration cap.
    pub converged: bool,
}

/// Column generation on LP-T (broadcast.md §3.7; §5.6 with Steiner trees): the restricted
/// master maximises `Σα` under the out-/in-port rows; `price(w)` returns a cheapest tree for the
/// arc weights `w_e = c_e (p_from + q_to)`; a tree of cost `< 1` enters, otherwise the duals
/// certify the optimum. `init` must hold at least one tree.
///
/// # Complexity
/// At most `50·(|V|+|E|)` rounds of one exact LP (≤ `2|V|` rows) and one pricing call.
///
/// # Errors
/// The LP layer's error, or an unbounded master (0-cost trees), as a sentence.
pub fn tree_colgen(
    net: &Net,
    init: Vec<Vec<usize>>,
    mut price: impl FnMut(&[Q]) -> Option<(Vec<usize>, Q)>,
    emit: &mut impl FnMut(TreeRound),
) -> Result<TreeColumns, SolveError> {
    let mut trees = init;
    let cap = 50 * (net.n + net.arcs.len());
    for iteration in 1..=cap {
        let (value, alpha, dual) = master(net, &trees)?;
        let w: Vec<Q> = net
            .arcs
            .iter()
            .map(|a| &a.c * (&dual[2 * a.from] + &dual[2 * a.to + 1]))
            .collect();
        let Some((tree, theta)) = price(&w) else {
            return Err("internal error: the pricing oracle found no tree".into());
        };
        let total: Q = dual.iter().sum();
        let upper = if theta.is_positive() {
            Some(if theta < Q::one() {
                &total / &theta
            } else {
                total
            })
        } else {
            None
        };
        let added = theta < Q::one() && !trees.contains(&tree);
        emit(TreeRound {
            iteration,
            lower: value.clone(),
            upper,
            tree: tree.clone(),
            theta,
            added,
            prices: dual,
            weights: alpha.clone(),
        });
        if !added {
            return Ok(finish(value, &trees, &alpha, true));
        }
        trees.push(tree);
    }
    let (value, alpha, _) = master(net, &trees)?;
    Ok(finish(value, &trees, &alpha, false))
}

fn finish(value: Q, trees: &[Vec<usize>], alpha: &[Q], converged: bool) -> TreeColumns {
    let trees = trees
        .iter()
        .zip(alpha)
        .filter(|(_, a)| a.is_positive())
        .map(|(t, a)| WeightedTree {
            arcs: t.clone(),
            weight: a.clone(),
        })
        .collect();
    TreeColumns {
        value,
        trees,
        converged,
    }
}

/// The restricted master: value, tree weights, duals (row `2v` = out-port of `v`, `2v+1` = in).
/// Each tree's port loads are summed over its own arcs (`O(|V|)` per tree), not looked up per
/// node and port (which cost `O(|V|²)` per tree, a fifth of a 100-node column generation).
fn master(net: &Net, trees: &[Vec<usize>]) -> Result<(Q, Vec<Q>, Vec<Q>), SolveError> {
    let mut p = Problem::new(trees.len());
    let mut rows: Vec<Vec<(usize, Q)>> = vec![Vec::new(); 2 * net.n];
    for (j, t) in trees.iter().enumerate() {
        p.objective(j, Q::one());
        let mut load: BTreeMap<usize, Q> = BTreeMap::new();
        for a in t.iter().map(|&k| &net.arcs[k]) {
            *load.entry(2 * a.from).or_insert_with(Q::zero) += &a.c;
            *load.entry(2 * a.to + 1).or_insert_with(Q::zero) += &a.c;
        }
        for (r, l) in load {
            if !l.is_zero() {
                rows[r].push((j, l));
            }
        }
    }
    for terms in rows {
        p.constraint(terms, Cmp::Le, Q::one());
    }
    match lp::solve(&p).map_err(|e| format!("the tree master LP failed: {e}"))? {
        Outcome::Optimal(s) => Ok((s.value, s.x, s.dual)),
        Outcome::Unbounded => Err("the throughput is unbounded (0-cost trees)".into()),
        Outcome::Infeasible => Err("internal error: the tree master LP is infeasible".into()),
    }
}
