//! A float warm start for the column generation on LP-T ([`super::colgen`]): the dual of the
//! restricted master (`min Σ_v (p_v + q_v)` subject to `Σ_{(u,w)∈T} c_uw·(p_u + q_w) ≥ 1` per
//! tree `T`) gains one row per priced tree and is re-solved from its last basis (minilp's dual
//! simplex, [`crate::lp::Warm`]), where the exact loop solves a whole rational LP per round.
//! On dense platforms with decimal costs (Lyon: 14 nodes, 182 arcs) the exact loop alone needed
//! more than its 50 rounds, each slower than the last as the rationals grew. The trees found
//! here are only candidate columns: the exact rounds that follow decide the optimum and prove
//! it with the same certificate.

use num_traits::One;

use super::multicast::arborescence::min_arborescence;
use super::multicast::net::Net;
use crate::lp::{self, Cmp, Problem};
use crate::rational::{to_f64, Q};

/// From this many nodes on, the exact rounds start from the trees the float warm start found:
/// 8, above every example of §9 (at most 7 nodes, whose `tree-colgen` traces stay those of the
/// plain rounds). Measured (issue 34, whole process, release, best of 5; seeds 1–4 of `hetlab
/// gen broadcast --shape random`), column generation cold against warm: 8 nodes 2.3–9.7 against
/// 2.3–6.3 ms, 10 nodes 3.3–13.9 against 3.1–7.6 ms (the exact loop took 34 rounds on seed 1);
/// at 6–7 nodes both 1.9–5.2 ms.
pub const WARM_FROM_NODES: usize = 8;

/// Most trees the warm start adds.
const CAP: usize = 400;

/// Reduced costs within this of 0 count as 0.
const TOL: f64 = 1e-9;

/// Adds to `trees` (spanning arborescences rooted at `source`, arcs sorted) the trees that the
/// column generation prices with float duals. Stops when no tree prices below 1, after
/// [`CAP`] trees, or when the float LP fails (the exact rounds then go on from what is there).
pub fn seed(net: &Net, source: usize, trees: &mut Vec<Vec<usize>>) {
    let n = net.n;
    // Port prices: p_v is variable 2v (out-port), q_v is 2v + 1 (in-port).
    let row = |t: &[usize]| -> Vec<(usize, f64)> {
        let mut a = vec![0.0; 2 * n];
        for &e in t {
            let (arc, c) = (&net.arcs[e], to_f64(&net.arcs[e].c));
            a[2 * arc.from] += c;
            a[2 * arc.to + 1] += c;
        }
        a.into_iter()
            .enumerate()
            .filter(|&(_, v)| v != 0.0)
            .collect()
    };
    let mut p = Problem::new(2 * n);
    for j in 0..2 * n {
        p.objective(j, -Q::one());
    }
    for t in trees.iter() {
        let exact = row(t)
            .into_iter()
            .filter_map(|(j, a)| Some((j, Q::from_float(a)?)));
        p.constraint(exact.collect(), Cmp::Ge, Q::one());
    }
    let Some(mut lp) = lp::Warm::new(&p) else {
        return;
    };
    let all = vec![true; n];
    let costs: Vec<f64> = net.arcs.iter().map(|a| to_f64(&a.c)).collect();
    for _ in 0..CAP {
        // Priced in doubles: the trees found here are only candidates (exact rationals here
        // were a third of a 10-node solve, issue 34).
        let z = lp.x();
        let weights: Vec<f64> = net
            .arcs
            .iter()
            .zip(&costs)
            .map(|(a, c)| c * (z[2 * a.from].max(0.0) + z[2 * a.to + 1].max(0.0)))
            .collect();
        let Some((mut tree, cost)) = min_arborescence(net, source, &weights, &all) else {
            return;
        };
        tree.sort_unstable();
        if cost >= 1.0 - TOL || trees.contains(&tree) {
            return;
        }
        let Some(grown) = lp.add(&row(&tree), Cmp::Ge, 1.0) else {
            return;
        };
        lp = grown;
        trees.push(tree);
    }
}
