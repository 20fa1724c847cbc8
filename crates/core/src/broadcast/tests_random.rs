//! Property tests of the bidirectional broadcast on random small platforms (broadcast.md §10):
//! EXTRACT verifies and sums to the LP value, the schedule verifies slot by slot, the trace
//! replays to the solution, and brute force agrees (LP-T over every arborescence, the best
//! single tree by exhaustive enumeration).

use proptest::prelude::*;

use super::baseline::{best_tree, tree_throughput};
use super::extract::check_arborescence;
use super::tests::{check_invariants, check_traced};
use super::*;
use crate::lp::{self as exact_lp, Cmp, Outcome, Problem};
use crate::platform::{Arc, Link, Node, NodeId, Platform};
use crate::rational::{q, Cost, Q};

/// A platform on `n` nodes with the given directed arcs `(u, v, cost numerator, denominator)`.
pub(super) fn platform(n: usize, arcs: &[(usize, usize, i64, i64)]) -> Platform {
    let nodes = (0..n)
        .map(|i| Node {
            id: NodeId::Int(i64::try_from(i).unwrap()),
            w: None,
            master: false,
            lcalc: None,
            pos: None,
        })
        .collect();
    let links = arcs
        .iter()
        .map(|&(from, to, a, b)| Link {
            from,
            to,
            c: Cost::Finite(q(a, b)),
            c_back: None,
            directed: true,
            lcomm: None,
        })
        .collect();
    Platform {
        name: None,
        nodes,
        links,
    }
}

/// Random directed platforms of 2..=max nodes: every ordered pair is an arc with probability
/// about one half, costs in {1/2, 1, 3/2, 2, 3}; a random chain from node 0 makes most of them
/// reachable (some stay unreachable on purpose: status infeasible).
pub(super) fn instances(max: usize) -> impl Strategy<Value = BroadcastInput> {
    (2..=max).prop_flat_map(|n| {
        let pairs = n * (n - 1);
        (
            Just(n),
            proptest::collection::vec((any::<bool>(), 0..5usize), pairs),
            any::<bool>(),
        )
            .prop_map(|(n, picks, chain)| {
                let costs = [(1, 2), (1, 1), (3, 2), (2, 1), (3, 1)];
                let mut arcs = Vec::new();
                let mut k = 0;
                for u in 0..n {
                    for v in 0..n {
                        if u == v {
                            continue;
                        }
                        let (on, c) = picks[k];
                        k += 1;
                        if on || (chain && v == u + 1) {
                            arcs.push((u, v, costs[c].0, costs[c].1));
                        }
                    }
                }
                BroadcastInput {
                    platform: platform(n, &arcs),
                    source: 0,
                    targets: None,
                    port_model: PortModel::Bidirectional,
                }
            })
    })
}

/// Every spanning arborescence rooted at 0 (each other node picks an entering arc, no cycle).
pub(super) fn arborescences(n: usize, arcs: &[Arc]) -> Vec<Vec<usize>> {
    let choices: Vec<Vec<usize>> = (1..n)
        .map(|v| (0..arcs.len()).filter(|&e| arcs[e].to == v).collect())
        .collect();
    let mut out = Vec::new();
    let mut pick = vec![0usize; choices.len()];
    if choices.iter().any(Vec::is_empty) {
        return out;
    }
    loop {
        let mut tree: Vec<usize> = pick.iter().zip(&choices).map(|(&i, c)| c[i]).collect();
        tree.sort_unstable();
        if check_arborescence(n, arcs, 0, &tree).is_ok() {
            out.push(tree);
        }
        let mut k = 0;
        loop {
            if k == pick.len() {
                return out;
            }
            pick[k] += 1;
            if pick[k] < choices[k].len() {
                break;
            }
            pick[k] = 0;
            k += 1;
        }
    }
}

/// LP-T (§2.1) over every arborescence: the definition of `ρ*`.
pub(super) fn lp_t(n: usize, arcs: &[Arc], trees: &[Vec<usize>]) -> Q {
    let mut p = Problem::new(trees.len());
    for j in 0..trees.len() {
        p.objective(j, Q::from_integer(1.into()));
    }
    for v in 0..n {
        for out in [true, false] {
            let terms: Vec<(usize, Q)> = trees
                .iter()
                .enumerate()
                .map(|(j, t)| {
                    let load: Q = t
                        .iter()
                        .filter(|&&e| {
                            if out {
                                arcs[e].from == v
                            } else {
                                arcs[e].to == v
                            }
                        })
                        .map(|&e| arcs[e].c.clone())
                        .sum();
                    (j, load)
                })
                .collect();
            p.constraint(terms, Cmp::Le, Q::from_integer(1.into()));
        }
    }
    match exact_lp::solve(&p) {
        Ok(Outcome::Optimal(s)) => s.value,
        other => panic!("LP-T: {other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// §10: EXTRACT's weights sum to ρ* exactly, every tree is a spanning arborescence within
    /// the ports, the schedule verifies slot by slot, the trace replays, and single trees never
    /// beat the optimum, which never beats the quick bound.
    #[test]
    fn decomposition_and_schedule_verify(input in instances(5)) {
        let sol = check_traced(&input, "lp");
        match sol.status {
            Status::Optimal => {
                let rho = sol.throughput.clone().unwrap();
                let sum: Q = sol.trees.iter().map(|t| &t.weight).sum();
                prop_assert_eq!(&sum, &rho);
                prop_assert!(sol.period.is_some());
                prop_assert!(sol.trees.len() <= 2 * input.platform.nodes.len());
                prop_assert!(sol.bounds.lower.as_ref().is_some_and(|l| *l <= rho));
                prop_assert!(sol.bounds.upper.as_ref().is_some_and(|u| rho <= *u));
            }
            Status::Infeasible => prop_assert!(!sol.unreachable.is_empty()),
            s => prop_assert!(false, "unexpected status {:?}", s),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Brute force on tiny platforms: LP-F equals LP-T over every arborescence (Edmonds), and
    /// the branch and bound finds the best single tree of the exhaustive enumeration; `solve`
    /// and `solve_traced` agree.
    #[test]
    fn brute_force_agrees(input in instances(4)) {
        let p = &input.platform;
        let (n, arcs) = (p.nodes.len(), p.arcs());
        let trees = arborescences(n, &arcs);
        let sol = check_invariants(&input, "lp");
        if trees.is_empty() {
            prop_assert_eq!(sol.status, Status::Infeasible);
            return Ok(());
        }
        prop_assert_eq!(sol.throughput.clone(), Some(lp_t(n, &arcs, &trees)));
        let best = trees.iter().filter_map(|t| tree_throughput(n, &arcs, t)).max();
        let (found, complete) = best_tree(n, &arcs, 0, 1_000_000, &mut |_, _| {}).unwrap();
        prop_assert!(complete);
        prop_assert_eq!(tree_throughput(n, &arcs, &found), best);
    }
}
