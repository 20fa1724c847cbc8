//! LP-U (broadcast.md §6.2) solved by column generation (§6.4 **\[R\]**): a restricted master
//! over broadcast trees and matchings, priced by a minimum-cost spanning arborescence (weights
//! `c_e z_e`, Chu–Liu/Edmonds) and a maximum-weight matching (weights `z_e`, subset program),
//! all in exact rationals (no tolerance: `θ < 1` and `μ > w` are exact comparisons).

use num_traits::{One, Signed, Zero};
use serde::Serialize;

use super::matching::max_matching;
use super::warm::FloatMaster;
use crate::broadcast::multicast::arborescence::min_arborescence;
use crate::broadcast::multicast::net::Net;
use crate::broadcast::WeightedTree;
use crate::error::SolveError;
use crate::lp::{self, Cmp, Outcome, Problem};
use crate::rational::Q;

/// A matching with the fraction of time it runs (`x_M`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct WeightedMatching {
    /// Arc ids, sorted; pairwise endpoint-disjoint, direction ignored.
    pub arcs: Vec<usize>,
    /// Fraction of each time unit during which exactly these transfers run.
    #[serde(serialize_with = "crate::rational::exact")]
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
/// nodes). From [`WARM_FROM_NODES`] nodes, a float master finds most columns first and then
/// hands each exact round the optimal basis whose exact vertex is certified (`warm.rs`); the
/// whole exact LP is solved only when that certificate fails.
///
/// # Errors
/// The LP layer's or the matching oracle's error, as a sentence.
pub fn unidir(net: &Net, s: usize, emit: &mut impl FnMut(Round)) -> Result<Columns, SolveError> {
    unidir_with(net, s, net.n >= WARM_FROM_NODES, MAX_COLUMNS, emit)
}

/// [`unidir`], with the float warm start or without it (the tests compare the two), and a
/// column budget ([`MAX_COLUMNS`]; the tests use small ones).
pub(super) fn unidir_with(
    net: &Net,
    s: usize,
    warm: bool,
    max_columns: usize,
    emit: &mut impl FnMut(Round),
) -> Result<Columns, SolveError> {
    let all = vec![true; net.n];
    let mut trees = vec![net.bfs_tree(s, &all)];
    let mut matches: Vec<Vec<usize>> = (0..net.arcs.len()).map(|k| vec![k]).collect();
    let cap = 50 * (net.n + net.arcs.len());
    let mut float = if warm {
        FloatMaster::seed(
            net,
            s,
            &all,
            &mut trees,
            &mut matches,
            cap,
            max_columns * 3 / 4,
        )
    } else {
        None
    };
    // The last master solved, with its column counts, its upper bound and its round.
    let mut last: Option<(Master, usize, usize, Option<Q>, usize)> = None;
    for iteration in 1..=cap {
        // Past the column budget, or when the exact master cannot be solved any more, the
        // last master solved is the answer, unproved.
        let stop = |last: Option<(Master, usize, usize, Option<Q>, usize)>, e: SolveError| {
            let (m, nt, nm, upper, rounds) = last.ok_or(e)?;
            Ok(m.finish(&trees[..nt], &matches[..nm], upper, false, rounds))
        };
        if trees.len() + matches.len() > max_columns {
            let e = format!("the unidirectional master needs more than {max_columns} columns (one per arc to start with): too large to solve");
            return stop(last, e.into());
        }
        let p = master_problem(net, &trees, &matches);
        let m = match float.as_ref().and_then(|f| f.exact(&p, trees.len())) {
            Some(sol) => Master::from(sol),
            None => match master(&p) {
                Ok(m) => m,
                Err(e) => return stop(last, e),
            },
        };
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
        let solved = (trees.len(), matches.len());
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
            if let Some(f) = &mut float {
                f.add_tree(net, &round.tree.0, trees.len());
            }
            trees.push(round.tree.0.clone());
        }
        if added_matching {
            if let Some(f) = &mut float {
                f.add_matching(&round.matching.0, matches.len());
            }
            matches.push(round.matching.0.clone());
        }
        emit(round);
        if !added_tree && !added_matching {
            return Ok(m.finish(&trees, &matches, upper, true, iteration));
        }
        last = Some((m, solved.0, solved.1, upper, iteration));
        if float.as_mut().is_some_and(|f| !f.solve()) {
            float = None;
        }
    }
    let m = master(&master_problem(net, &trees, &matches))?;
    Ok(m.finish(&trees, &matches, None, false, cap))
}

/// The column generation stops unproved when the master would hold more columns (the exact LP
/// layer's default variable limit), or when its exact master can no longer be solved: the last
/// master solved is the answer, achievable, with its round's upper bound (status heuristic, as
/// at the round cap). The float warm start stops at three quarters of it.
pub const MAX_COLUMNS: usize = 2000;

/// From this many nodes on, the exact rounds start from the columns a float warm start found
/// and read their vertex from its basis, and U0 packs trees instead of solving LP-F (below it,
/// on every spec example, the rounds are the plain §6.4 loop from the first tree).
pub const WARM_FROM_NODES: usize = 11;

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

impl From<lp::Solution> for Master {
    fn from(s: lp::Solution) -> Master {
        Master {
            value: s.value,
            x: s.x,
            dual: s.dual,
        }
    }
}

/// The restricted LP-U: variables `y_T` then `x_M`; row 0 is the time row (dual `w`), row
/// `1 + e` the arc row of arc `e` (dual `z_e`).
fn master_problem(net: &Net, trees: &[Vec<usize>], matches: &[Vec<usize>]) -> Problem {
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
    p
}

/// Solves the restricted LP-U `p` exactly.
fn master(p: &Problem) -> Result<Master, SolveError> {
    match lp::solve(p).map_err(|e| format!("the unidirectional master LP failed: {e}"))? {
        Outcome::Optimal(s) => Ok(Master::from(s)),
        Outcome::Unbounded => Err("the throughput is unbounded (a tree of 0-cost arcs)".into()),
        Outcome::Infeasible => Err("internal error: the master LP is infeasible".into()),
    }
}
