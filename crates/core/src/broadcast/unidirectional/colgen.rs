//! LP-U (broadcast.md §6.2) solved by column generation (§6.4 **\[R\]**): a restricted master
//! over broadcast trees and matchings, priced by a minimum-cost spanning arborescence (weights
//! `c_e z_e`, Chu–Liu/Edmonds) and a maximum-weight matching (weights `z_e`, subset program),
//! all in exact rationals (no tolerance: `θ < 1` and `μ > w` are exact comparisons).

use num_traits::{One, Signed, Zero};
use serde::Serialize;

use super::matching::max_matching;
use crate::broadcast::multicast::arborescence::min_arborescence;
use crate::broadcast::multicast::net::Net;
use crate::broadcast::WeightedTree;
use crate::error::SolveError;
use crate::lp::{self, Cmp, Outcome, Problem};
use crate::rational::{to_f64, Q};

/// A matching with the fraction of time it runs (`x_M`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct WeightedMatching {
    /// Arc ids, sorted; pairwise endpoint-disjoint, direction ignored.
    pub arcs: Vec<usize>,
    /// Fraction of each time unit during which exactly these transfers run.
    #[serde(
        serialize_with = "crate::rational::exact",
        deserialize_with = "crate::rational::exact_de"
    )]
    pub weight: Q,
}

/// One pricing round (U1.j).
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    /// 1-based round.
    pub iteration: usize,
    /// Restricted master value (achievable).
    pub lower: Q,
    /// `max(w, μ) / min(1, θ)` (`None` when `θ = 0`).
    pub upper: Option<Q>,
    /// Dual of the time row.
    pub w: Q,
    /// Cheapest tree for weights `c_e z_e` and its cost θ.
    pub tree: (Vec<usize>, Q),
    /// Heaviest matching for weights `z_e` and its weight μ.
    pub matching: (Vec<usize>, Q),
    /// The tree entered the master.
    pub added_tree: bool,
    /// The matching entered the master.
    pub added_matching: bool,
}

/// The answer of the column generation.
#[derive(Clone, Debug, PartialEq)]
pub struct Columns {
    /// Final master value (`ρ*_uni` when converged).
    pub value: Q,
    /// Last upper bound (equal to `value` when converged).
    pub upper: Option<Q>,
    /// Trees with `y_T > 0`, in column order.
    pub trees: Vec<WeightedTree>,
    /// Matchings with `x_M > 0`, in column order.
    pub matchings: Vec<WeightedMatching>,
    /// Pricing proved optimality within the iteration cap.
    pub converged: bool,
    /// Rounds run.
    pub rounds: usize,
}

/// Runs UNIDIR (§6.4) on `net` from `s`; every node must be reachable from `s`.
///
/// Reference: O. Beaumont, HDR thesis §5.4.2 (LP (P), its dual and the separation oracles);
/// column generation as in broadcast.md §6.4.
///
/// # Complexity
/// At most `50·(|V|+|E|)` rounds, each one exact LP with `|E|+1` rows, one Chu–Liu/Edmonds
/// (`O(|V||E|)`) and one matching program (at most `O(2^k·k)` per group of `k` interacting
/// nodes). From [`WARM_FROM_NODES`] nodes, a float warm start finds most columns first.
///
/// # Errors
/// The LP layer's or the matching oracle's error, as a sentence.
pub fn unidir(net: &Net, s: usize, emit: &mut impl FnMut(Round)) -> Result<Columns, SolveError> {
    unidir_with(net, s, net.n >= WARM_FROM_NODES, emit)
}

/// [`unidir`], with the float warm start or without it (the tests compare the two).
pub(super) fn unidir_with(
    net: &Net,
    s: usize,
    warm: bool,
    emit: &mut impl FnMut(Round),
) -> Result<Columns, SolveError> {
    let all = vec![true; net.n];
    let mut trees = vec![net.bfs_tree(s, &all)];
    let mut matches: Vec<Vec<usize>> = (0..net.arcs.len()).map(|k| vec![k]).collect();
    let cap = 50 * (net.n + net.arcs.len());
    if warm {
        seed(net, s, &all, &mut trees, &mut matches, cap);
    }
    for iteration in 1..=cap {
        let m = master(net, &trees, &matches)?;
        let z = &m.dual[1..];
        let weights: Vec<Q> = net.arcs.iter().zip(z).map(|(a, z)| &a.c * z).collect();
        let tree = min_arborescence(net, s, &weights, &all)
            .ok_or("internal error: no spanning arborescence for the pricing")?;
        let matching = max_matching(net, z)?;
        let w = m.dual[0].clone();
        let upper = tree.1.is_positive().then(|| {
            let top = if matching.1 > w {
                matching.1.clone()
            } else {
                w.clone()
            };
            if tree.1 < Q::one() {
                top / &tree.1
            } else {
                top
            }
        });
        let added_tree = tree.1 < Q::one() && !trees.contains(&tree.0);
        let added_matching = matching.1 > w && !matches.contains(&matching.0);
        let round = Round {
            iteration,
            lower: m.value.clone(),
            upper: upper.clone(),
            w,
            tree,
            matching,
            added_tree,
            added_matching,
        };
        if added_tree {
            trees.push(round.tree.0.clone());
        }
        if added_matching {
            matches.push(round.matching.0.clone());
        }
        emit(round);
        if !added_tree && !added_matching {
            return Ok(m.finish(&trees, &matches, upper, true, iteration));
        }
    }
    let m = master(net, &trees, &matches)?;
    Ok(m.finish(&trees, &matches, None, false, cap))
}

/// From this many nodes on, the exact rounds start from the columns a float warm start found
/// (below it, on every spec example, the rounds are the plain §6.4 loop from the first tree).
pub const WARM_FROM_NODES: usize = 11;

/// Reduced costs within this of 0 count as 0 in the float warm start.
const WARM_TOL: f64 = 1e-9;

/// Adds to `trees` and `matches` the columns that column generation finds when it prices with
/// the float duals of the restricted master instead of exact ones: the master in doubles
/// ([`lp::ColumnLp`]) gains the priced columns and is re-optimised from its last basis (primal
/// simplex), where the exact loop solves a whole LP from scratch per round. What it adds are
/// only candidate columns: the exact rounds that follow decide the optimum and prove it.
fn seed(
    net: &Net,
    s: usize,
    all: &[bool],
    trees: &mut Vec<Vec<usize>>,
    matches: &mut Vec<Vec<usize>>,
    cap: usize,
) {
    // Rows: 0 the time row (`Σ x_M ≤ 1`), 1 + e the arc row of arc e.
    let tree_column = |t: &[usize]| -> Vec<(usize, f64)> {
        t.iter().map(|&e| (1 + e, to_f64(&net.arcs[e].c))).collect()
    };
    let matching_column = |m: &[usize]| -> Vec<(usize, f64)> {
        std::iter::once((0, 1.0))
            .chain(m.iter().map(|&e| (1 + e, -1.0)))
            .collect()
    };
    let mut rhs = vec![0.0; 1 + net.arcs.len()];
    rhs[0] = 1.0;
    let Some(mut lp) = lp::ColumnLp::new(&rhs) else {
        return;
    };
    for t in trees.iter() {
        lp.add_column(1.0, &tree_column(t));
    }
    for m in matches.iter() {
        lp.add_column(0.0, &matching_column(m));
    }
    for _ in 0..cap {
        if !lp.solve() {
            return;
        }
        let v = lp.duals().to_vec();
        let z: Vec<Q> = v[1..].iter().map(|&x| lp::dyadic(x)).collect();
        let weights: Vec<Q> = net.arcs.iter().zip(&z).map(|(a, z)| &a.c * z).collect();
        let (Some(tree), Ok(matching)) = (
            min_arborescence(net, s, &weights, all),
            max_matching(net, &z),
        ) else {
            return;
        };
        let mut added = false;
        if to_f64(&tree.1) < 1.0 - WARM_TOL && !trees.contains(&tree.0) {
            lp.add_column(1.0, &tree_column(&tree.0));
            trees.push(tree.0);
            added = true;
        }
        if to_f64(&matching.1) > v[0] + WARM_TOL && !matches.contains(&matching.0) {
            lp.add_column(0.0, &matching_column(&matching.0));
            matches.push(matching.0);
            added = true;
        }
        if !added {
            return;
        }
    }
}

/// An optimal solution of the restricted master.
struct Master {
    value: Q,
    x: Vec<Q>,
    dual: Vec<Q>,
}

impl Master {
    fn finish(
        self,
        trees: &[Vec<usize>],
        matches: &[Vec<usize>],
        upper: Option<Q>,
        converged: bool,
        rounds: usize,
    ) -> Columns {
        let (y, x) = self.x.split_at(trees.len());
        let trees = trees
            .iter()
            .zip(y)
            .filter(|(_, v)| v.is_positive())
            .map(|(t, v)| WeightedTree {
                arcs: t.clone(),
                weight: v.clone(),
            })
            .collect();
        let matchings = matches
            .iter()
            .zip(x)
            .filter(|(_, v)| v.is_positive())
            .map(|(m, v)| WeightedMatching {
                arcs: m.clone(),
                weight: v.clone(),
            })
            .collect();
        Columns {
            value: self.value,
            upper,
            trees,
            matchings,
            converged,
            rounds,
        }
    }
}

/// The restricted LP-U: variables `y_T` then `x_M`; row 0 is the time row (dual `w`), row
/// `1 + e` the arc row of arc `e` (dual `z_e`).
fn master(net: &Net, trees: &[Vec<usize>], matches: &[Vec<usize>]) -> Result<Master, SolveError> {
    let t = trees.len();
    let mut p = Problem::new(t + matches.len());
    for j in 0..t {
        p.objective(j, Q::one());
    }
    p.constraint(
        (0..matches.len()).map(|j| (t + j, Q::one())).collect(),
        Cmp::Le,
        Q::one(),
    );
    for (e, a) in net.arcs.iter().enumerate() {
        let mut terms: Vec<(usize, Q)> = Vec::new();
        if !a.c.is_zero() {
            terms.extend(
                trees
                    .iter()
                    .enumerate()
                    .filter(|(_, tr)| tr.contains(&e))
                    .map(|(j, _)| (j, a.c.clone())),
            );
        }
        terms.extend(
            matches
                .iter()
                .enumerate()
                .filter(|(_, m)| m.contains(&e))
                .map(|(j, _)| (t + j, -Q::one())),
        );
        p.constraint(terms, Cmp::Le, Q::zero());
    }
    match lp::solve(&p).map_err(|e| format!("the unidirectional master LP failed: {e}"))? {
        Outcome::Optimal(s) => Ok(Master {
            value: s.value,
            x: s.x,
            dual: s.dual,
        }),
        Outcome::Unbounded => Err("the throughput is unbounded (a tree of 0-cost arcs)".into()),
        Outcome::Infeasible => Err("internal error: the master LP is infeasible".into()),
    }
}
