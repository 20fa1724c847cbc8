//! The float side of UNIDIR's column generation ([`super::colgen`], from
//! [`super::colgen::WARM_FROM_NODES`] nodes): the restricted master in doubles
//! ([`lp::ColumnLp`]), grown by the columns that pricing with its float duals finds (the warm
//! start), then kept beside the exact rounds: each exact round reads the exact vertex of its
//! optimal basis ([`lp::solve_basis`], two square exact solves) instead of solving the whole
//! master LP again, and the columns the exact pricing adds re-enter it.
//!
//! Measured natively (release) on the Lyon cluster (14 nodes, 182 arcs): the warm start on
//! minilp's dual simplex (one row per column, re-solved from its last basis) took 1.1 s of the
//! 2.1 s solve, and each exact master 0.3 s.

use super::matching::max_matching;
use crate::broadcast::multicast::arborescence::min_arborescence;
use crate::broadcast::multicast::net::Net;
use crate::lp::{self, Problem, Solution};
use crate::rational::{to_f64, Q};

/// Reduced costs within this of 0 count as 0 in the float warm start.
const WARM_TOL: f64 = 1e-9;

/// A column of the float master: a tree or a matching, by its index in the caller's lists.
#[derive(Clone, Copy, Debug)]
enum Column {
    Tree(usize),
    Matching(usize),
}

/// The restricted LP-U in doubles, at an optimum, and where its columns are in the caller's
/// lists of trees and matchings.
pub(super) struct FloatMaster {
    lp: lp::ColumnLp,
    order: Vec<Column>,
}

impl FloatMaster {
    /// The float master over `trees` and `matches` (optimised), grown by the columns that
    /// column generation finds when it prices with float duals (appended to `trees` and
    /// `matches`). Stops when no column prices in, after `cap` rounds, or when pricing fails;
    /// `None` when the float LP fails (the exact rounds then go on from the columns found).
    pub(super) fn seed(
        net: &Net,
        s: usize,
        all: &[bool],
        trees: &mut Vec<Vec<usize>>,
        matches: &mut Vec<Vec<usize>>,
        cap: usize,
        max_columns: usize,
    ) -> Option<FloatMaster> {
        let mut rhs = vec![0.0; 1 + net.arcs.len()];
        rhs[0] = 1.0;
        let mut f = FloatMaster {
            lp: lp::ColumnLp::new(&rhs)?,
            order: Vec::new(),
        };
        for (t, arcs) in trees.iter().enumerate() {
            f.add_tree(net, arcs, t);
        }
        for (k, arcs) in matches.iter().enumerate() {
            f.add_matching(arcs, k);
        }
        if !f.lp.solve() {
            return None;
        }
        for _ in 0..cap {
            if trees.len() + matches.len() >= max_columns {
                return Some(f);
            }
            let v = f.lp.duals().to_vec();
            let z: Vec<Q> = v[1..].iter().map(|&x| lp::dyadic(x)).collect();
            let weights: Vec<Q> = net.arcs.iter().zip(&z).map(|(a, z)| &a.c * z).collect();
            let (Some(tree), Ok(matching)) = (
                min_arborescence(net, s, &weights, all),
                max_matching(net, &z),
            ) else {
                return Some(f);
            };
            let mut added = false;
            if to_f64(&tree.1) < 1.0 - WARM_TOL && !trees.contains(&tree.0) {
                f.add_tree(net, &tree.0, trees.len());
                trees.push(tree.0);
                added = true;
            }
            if to_f64(&matching.1) > v[0] + WARM_TOL && !matches.contains(&matching.0) {
                f.add_matching(&matching.0, matches.len());
                matches.push(matching.0);
                added = true;
            }
            if !added {
                return Some(f);
            }
            if !f.lp.solve() {
                return None;
            }
        }
        Some(f)
    }

    /// Adds tree `t` (arcs `arcs`): the column `c_e` on the arc rows of its arcs.
    pub(super) fn add_tree(&mut self, net: &Net, arcs: &[usize], t: usize) {
        let column: Vec<(usize, f64)> = arcs
            .iter()
            .map(|&e| (1 + e, to_f64(&net.arcs[e].c)))
            .collect();
        self.lp.add_column(1.0, &column);
        self.order.push(Column::Tree(t));
    }

    /// Adds matching `k` (arcs `arcs`): 1 on the time row, `−1` on its arc rows.
    pub(super) fn add_matching(&mut self, arcs: &[usize], k: usize) {
        let column: Vec<(usize, f64)> = std::iter::once((0, 1.0))
            .chain(arcs.iter().map(|&e| (1 + e, -1.0)))
            .collect();
        self.lp.add_column(0.0, &column);
        self.order.push(Column::Matching(k));
    }

    /// Re-optimises after added columns; `false` when the float LP failed.
    pub(super) fn solve(&mut self) -> bool {
        self.lp.solve()
    }

    /// The exact vertex of the float optimum's basis in `p` (the exact master over `trees`
    /// trees then the matchings, as [`super::colgen`] builds it), if it certifies as optimal.
    pub(super) fn exact(&self, p: &Problem, trees: usize) -> Option<Solution> {
        let basic = self.lp.basis_as(p.num_vars(), |j| match self.order[j] {
            Column::Tree(t) => t,
            Column::Matching(k) => trees + k,
        });
        lp::solve_basis(p, &basic)
    }
}
