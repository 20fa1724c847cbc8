//! U0, the naive port-sum bound (broadcast.md §6.1), by trees from [`super::colgen::WARM_FROM_NODES`]
//! nodes: LP-F under the port-sum rule has `|V|−1` flows over every arc (2 224 variables on
//! the Lyon cluster, 0.2 s of exact LP), while the same optimum is the best packing of
//! spanning arborescences under one budget per node, `Σ_T y_T·(out_T(v) + in_T(v)) ≤ 1`
//! (Edmonds' branching theorem: capacities carry a broadcast of rate ρ iff every cut does,
//! iff they hold ρ of arborescences). That LP has `|V|` rows; it is solved by column
//! generation, float first ([`lp::ColumnLp`]), then exactly: each exact round reads the vertex
//! of the float optimum's basis ([`lp::solve_basis`], or [`lp::solve`]) and prices with
//! Chu–Liu/Edmonds on `c_e·(p_u + p_v)`; no tree below 1 proves the optimum. Any failure of
//! this path hands back to LP-F.

use num_traits::{One, Signed, Zero};

use crate::broadcast::multicast::arborescence::min_arborescence;
use crate::broadcast::multicast::net::Net;
use crate::lp::{self, Cmp, Outcome, Problem};
use crate::rational::{to_f64, Q};

/// Reduced costs within this of 0 count as 0 in the float rounds.
const TOL: f64 = 1e-9;

/// The naive optimum and the usage `n_e = Σ_{T∋e} y_T` of every arc, or `None` (then LP-F
/// decides): the LP unbounded (0-cost trees), or a failure the exact rounds could not repair
/// within their cap.
pub(super) fn by_trees(net: &Net, s: usize) -> Option<(Q, Vec<Q>)> {
    let all = vec![true; net.n];
    let mut trees = vec![net.bfs_tree(s, &all)];
    let mut float = lp::ColumnLp::new(&vec![1.0; net.n])?;
    float.add_column(1.0, &column(net, &trees[0]));
    let cap = 50 * (net.n + net.arcs.len());
    let mut solved = float_rounds(net, s, &all, &mut trees, &mut float, cap);
    for _ in 0..cap {
        let p = problem(net, &trees);
        let basis = solved.then(|| float.basis_as(trees.len(), |j| j));
        let sol = match basis.and_then(|b| lp::solve_basis(&p, &b)) {
            Some(sol) => sol,
            None => match lp::solve(&p).ok()? {
                Outcome::Optimal(sol) => sol,
                _ => return None,
            },
        };
        let (tree, cost) = cheapest(net, s, &sol.dual, &all)?;
        if cost >= Q::one() {
            return Some((sol.value, usage(net, &trees, &sol.x)));
        }
        // A tree of the master below 1 would contradict its certificate: LP-F decides.
        if trees.contains(&tree) {
            return None;
        }
        float.add_column(1.0, &column(net, &tree));
        trees.push(tree);
        solved = solved && float.solve();
    }
    None
}

/// The float rounds: price with the float duals, add the tree if it costs less than 1,
/// re-optimise; whether the float master is at an optimum at the end.
fn float_rounds(
    net: &Net,
    s: usize,
    all: &[bool],
    trees: &mut Vec<Vec<usize>>,
    float: &mut lp::ColumnLp,
    cap: usize,
) -> bool {
    if !float.solve() {
        return false;
    }
    for _ in 0..cap {
        let p: Vec<Q> = float.duals().iter().map(|&x| lp::dyadic(x)).collect();
        let Some((tree, cost)) = cheapest(net, s, &p, all) else {
            return true;
        };
        if to_f64(&cost) >= 1.0 - TOL || trees.contains(&tree) {
            return true;
        }
        float.add_column(1.0, &column(net, &tree));
        trees.push(tree);
        if !float.solve() {
            return false;
        }
    }
    true
}

/// A tree's column in doubles: `out_T(v) + in_T(v)` on the row of each node `v`.
fn column(net: &Net, t: &[usize]) -> Vec<(usize, f64)> {
    let mut a = vec![0.0; net.n];
    for &e in t {
        let (arc, c) = (&net.arcs[e], to_f64(&net.arcs[e].c));
        a[arc.from] += c;
        a[arc.to] += c;
    }
    a.into_iter()
        .enumerate()
        .filter(|&(_, v)| v != 0.0)
        .collect()
}

/// `n_e = Σ_{T∋e} y_T`.
fn usage(net: &Net, trees: &[Vec<usize>], y: &[Q]) -> Vec<Q> {
    let mut usage = vec![Q::zero(); net.arcs.len()];
    for (t, y) in trees.iter().zip(y).filter(|(_, y)| y.is_positive()) {
        for &e in t {
            usage[e] += y;
        }
    }
    usage
}

/// The cheapest spanning arborescence from `s` for the node prices `p` (arc `(u, v)` costs
/// `c_uv·(p_u + p_v)`), and its cost.
fn cheapest(net: &Net, s: usize, p: &[Q], all: &[bool]) -> Option<(Vec<usize>, Q)> {
    let weights: Vec<Q> = net
        .arcs
        .iter()
        .map(|a| &a.c * (&p[a.from] + &p[a.to]))
        .collect();
    min_arborescence(net, s, &weights, all)
}

/// `max Σ y_T` subject to `Σ_T y_T·(out_T(v) + in_T(v)) ≤ 1` for every node `v`.
fn problem(net: &Net, trees: &[Vec<usize>]) -> Problem {
    let mut p = Problem::new(trees.len());
    let mut rows: Vec<Vec<(usize, Q)>> = vec![Vec::new(); net.n];
    for (j, t) in trees.iter().enumerate() {
        p.objective(j, Q::one());
        for &e in t {
            let a = &net.arcs[e];
            rows[a.from].push((j, a.c.clone()));
            rows[a.to].push((j, a.c.clone()));
        }
    }
    for row in rows {
        p.constraint(row, Cmp::Le, Q::one());
    }
    p
}
