//! Brute-force oracles for exact multicast (broadcast.md §5.1, §5.6) on small random
//! platforms: the Dreyfus–Wagner pricing against every Steiner arborescence, and
//! `multicast-exact` against LP-T_D solved over every Steiner arborescence.

use num_traits::Signed;
use proptest::prelude::*;

use super::examples::random;
use super::net::Net;
use super::steiner::min_steiner;
use super::*;
use crate::lp::{self as exact_lp, Cmp, Outcome, Problem};
use crate::platform::Platform;
use crate::rational::qi;

/// Every arborescence rooted at `s` reaching all of `d` (arc subsets of at most `n − 1` arcs
/// that pass the net's own check; non-minimal ones included: they never change an optimum).
fn steiner_trees(net: &Net, s: usize, d: &[usize]) -> Vec<Vec<usize>> {
    let m = net.arcs.len();
    let mut must = vec![false; net.n];
    for &t in d {
        must[t] = true;
    }
    (0u32..1 << m)
        .filter(|mask| (mask.count_ones() as usize) < net.n)
        .map(|mask| (0..m).filter(|&k| mask >> k & 1 == 1).collect::<Vec<_>>())
        .filter(|arcs| net.check_arborescence(s, arcs, &must).is_ok())
        .collect()
}

/// LP-T_D (§5.1): maximise Σ α_T over the given trees, every port busy at most all the time.
fn lp_t_d(net: &Net, trees: &[Vec<usize>]) -> Q {
    let mut p = Problem::new(trees.len());
    for j in 0..trees.len() {
        p.objective(j, qi(1));
    }
    for v in 0..net.n {
        for out in [true, false] {
            let row: Vec<(usize, Q)> = trees
                .iter()
                .enumerate()
                .map(|(j, t)| {
                    let load: Q = t
                        .iter()
                        .map(|&k| &net.arcs[k])
                        .filter(|a| if out { a.from == v } else { a.to == v })
                        .map(|a| a.c.clone())
                        .sum();
                    (j, load)
                })
                .filter(|(_, l)| l.is_positive())
                .collect();
            if !row.is_empty() {
                p.constraint(row, Cmp::Le, qi(1));
            }
        }
    }
    match exact_lp::solve(&p) {
        Ok(Outcome::Optimal(s)) => s.value,
        other => panic!("LP-T_D: {other:?}"),
    }
}

/// Small platforms (4–5 nodes, at most 10 arcs, a path from 0 to every node most of the
/// time), 1–3 targets, and arc weights for the pricing test.
fn case() -> impl Strategy<Value = (Platform, Vec<usize>, Vec<u32>)> {
    (4usize..=5).prop_flat_map(|n| {
        (
            proptest::collection::vec((0..n, 0..n, 1u32..=3), 3..=8),
            proptest::collection::btree_set(1..n, 1..=3),
            any::<bool>(),
            proptest::collection::vec(0u32..=4, 12),
        )
            .prop_map(move |(mut arcs, d, path, w)| {
                if path {
                    arcs.extend((1..n).map(|v| (v - 1, v, 2)));
                }
                arcs.truncate(10);
                (random(n, &arcs), d.into_iter().collect(), w)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// The Dreyfus–Wagner pricing returns a Steiner arborescence whose cost is the least of
    /// all of them (or `None` exactly when some target is unreachable).
    #[test]
    fn steiner_pricing_is_the_cheapest_tree((p, d, w) in case()) {
        let net = Net::from_platform(&p);
        let w: Vec<Q> = (0..net.arcs.len()).map(|k| qi(i64::from(w[k % w.len()]))).collect();
        let all = steiner_trees(&net, 0, &d);
        let found = min_steiner(&net, 0, &d, &w);
        let Some((tree, cost)) = found else {
            prop_assert!(all.is_empty(), "a Steiner tree exists but none was found");
            return Ok(());
        };
        let mut must = vec![false; net.n];
        for &t in &d {
            must[t] = true;
        }
        prop_assert!(net.check_arborescence(0, &tree, &must).is_ok());
        prop_assert_eq!(&cost, &tree.iter().map(|&k| w[k].clone()).sum::<Q>());
        let best = all.iter().map(|t| t.iter().map(|&k| w[k].clone()).sum::<Q>()).min().unwrap();
        prop_assert_eq!(cost, best);
    }

    /// `multicast-exact` equals LP-T_D over every Steiner arborescence; UB ≥ it ≥ LB.
    #[test]
    fn exact_multicast_equals_the_lp_over_all_steiner_trees((p, d, _w) in case()) {
        let net = Net::from_platform(&p);
        let all = steiner_trees(&net, 0, &d);
        let sol = solve_multicast(&p, 0, &d, "multicast-exact").unwrap();
        if all.is_empty() {
            prop_assert_eq!(sol.status, Status::Infeasible);
            return Ok(());
        }
        let want = lp_t_d(&net, &all);
        prop_assert_eq!(sol.status, Status::Optimal);
        prop_assert_eq!(sol.throughput.clone(), Some(want.clone()));
        let b = &sol.bounds;
        prop_assert!(b.upper.clone().is_some_and(|u| want <= u));
        prop_assert!(b.lower.clone().is_some_and(|l| l <= want));
    }
}
