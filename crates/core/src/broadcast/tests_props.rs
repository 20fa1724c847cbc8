//! The properties every implementation must satisfy (broadcast.md §10), as property tests on
//! random small platforms: cost scaling divides every throughput; renaming nodes and permuting
//! arc ids leaves every optimal value unchanged; adding an arc never lowers `ρ*` and raising a
//! cost never raises it (both models); `best single tree ≤ ρ*_bi`, `ρ*_uni ≤ ρ*_bi`,
//! `ρ*_uni ≤` the naive bound, `ρ*_uni(split graph) = ρ*_bi`; and tree compaction (§3.5).

use num_traits::Signed;
use proptest::prelude::*;

use super::compact::compact;
use super::multicast::solve_multicast;
use super::tests_random::{arborescences, instances, lp_t};
use super::unidirectional::{solve_unidirectional, transformed_throughput, NodeKind};
use super::*;
use crate::platform::Platform;
use crate::rational::{q, Cost, Q};

/// Every optimal value of §10 on one platform: `(ρ*_bi, best single tree, ρ*_uni, multicast
/// UB, LB, exact)`; the multicast targets are the last two nodes (in the caller's numbering,
/// passed explicitly so that renamed platforms ask the same question).
type Values = (
    Option<Q>,
    Option<Q>,
    Option<Q>,
    Option<Q>,
    Option<Q>,
    Option<Q>,
);

fn values(p: &Platform, s: usize, targets: &[usize]) -> Values {
    let input = BroadcastInput {
        platform: p.clone(),
        source: s,
        targets: None,
        port_model: PortModel::Bidirectional,
    };
    let bi = solve(&input, "lp").unwrap().throughput;
    let best = solve(&input, "best-tree").unwrap().throughput;
    let uni = solve_unidirectional(p, s).unwrap().throughput;
    let m = solve_multicast(p, s, targets, "multicast-exact").unwrap();
    (
        bi,
        best,
        uni,
        m.bounds.upper,
        m.bounds.lower,
        m.bounds.exact.or(m.throughput),
    )
}

fn scaled(p: &Platform, by: &Q) -> Platform {
    let mut p = p.clone();
    for l in &mut p.links {
        if let Cost::Finite(c) = &l.c {
            l.c = Cost::Finite(c * by);
        }
    }
    p
}

/// The platform with its nodes in the order `perm` (new position `k` holds old node
/// `perm[k]`) and its links reversed (so every arc id changes too).
fn renamed(p: &Platform, perm: &[usize]) -> Platform {
    let mut new_of = vec![0; perm.len()];
    for (k, &old) in perm.iter().enumerate() {
        new_of[old] = k;
    }
    let mut r = p.clone();
    r.nodes = perm.iter().map(|&old| p.nodes[old].clone()).collect();
    r.links = p
        .links
        .iter()
        .rev()
        .map(|l| {
            let mut l = l.clone();
            l.from = new_of[l.from];
            l.to = new_of[l.to];
            l
        })
        .collect();
    r
}

fn divided(v: &Values, by: &Q) -> Values {
    let d = |x: &Option<Q>| x.as_ref().map(|x| x / by);
    (d(&v.0), d(&v.1), d(&v.2), d(&v.3), d(&v.4), d(&v.5))
}

fn targets(n: usize) -> Vec<usize> {
    (n.saturating_sub(2).max(1)..n).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Scaling every cost by λ divides every throughput by λ.
    #[test]
    fn scaling_costs_divides_every_throughput(input in instances(4), k in 0usize..3) {
        let lambda = [q(1, 2), q(2, 1), q(3, 1)][k].clone();
        let p = &input.platform;
        let d = targets(p.nodes.len());
        let base = values(p, 0, &d);
        prop_assert_eq!(values(&scaled(p, &lambda), 0, &d), divided(&base, &lambda));
    }

    /// Renaming nodes and permuting arc ids leaves every optimal value unchanged.
    #[test]
    fn renaming_nodes_keeps_every_optimal_value(input in instances(4), seed in any::<u64>()) {
        let p = &input.platform;
        let n = p.nodes.len();
        // A permutation of 0..n from the seed (Lehmer code).
        let mut left: Vec<usize> = (0..n).collect();
        let mut perm = Vec::new();
        let mut x = seed;
        while !left.is_empty() {
            let i = usize::try_from(x % left.len() as u64).unwrap();
            x /= left.len() as u64;
            perm.push(left.remove(i));
        }
        let mut new_of = vec![0; n];
        for (k, &old) in perm.iter().enumerate() {
            new_of[old] = k;
        }
        let d = targets(n);
        let renamed_d: Vec<usize> = d.iter().map(|&t| new_of[t]).collect();
        prop_assert_eq!(values(&renamed(p, &perm), new_of[0], &renamed_d), values(p, 0, &d));
    }

    /// Adding an arc never decreases ρ*; raising a cost never increases it (both models).
    #[test]
    fn monotone_in_arcs_and_costs(input in instances(4), u in 0usize..4, v in 0usize..4, which in any::<prop::sample::Index>()) {
        let p = &input.platform;
        let n = p.nodes.len();
        let d = targets(n);
        let (bi, _, uni, ..) = values(p, 0, &d);
        let (u, v) = (u % n, v % n);
        if u != v && !p.links.iter().any(|l| l.from == u && l.to == v) {
            let mut more = p.clone();
            more.links.push(crate::platform::Link {
                from: u, to: v, c: Cost::Finite(q(1, 1)), c_back: None, directed: true, lcomm: None,
            });
            let (bi2, _, uni2, ..) = values(&more, 0, &d);
            prop_assert!(bi2 >= bi && uni2 >= uni, "adding {u}→{v} lowered ρ*");
        }
        if !p.links.is_empty() {
            let k = which.index(p.links.len());
            let mut dear = p.clone();
            if let Cost::Finite(c) = &dear.links[k].c {
                dear.links[k].c = Cost::Finite(c * q(2, 1));
            }
            let (bi3, _, uni3, ..) = values(&dear, 0, &d);
            prop_assert!(bi3 <= bi && uni3 <= uni, "raising link {k} raised ρ*");
        }
    }

    /// best single tree ≤ ρ*_bi; ρ*_uni ≤ ρ*_bi; ρ*_uni ≤ naive; ρ*_uni(split graph) = ρ*_bi.
    #[test]
    fn models_are_ordered_and_the_split_graph_is_bidirectional(input in instances(4)) {
        let p = &input.platform;
        let (bi, best, uni, ..) = values(p, 0, &targets(p.nodes.len()));
        let (Some(bi), Some(best), Some(uni)) = (bi, best, uni) else {
            return Err(TestCaseError::fail("a platform of 2 or more nodes has finite values"));
        };
        prop_assert!(best <= bi && uni <= bi);
        let naive = solve_unidirectional(p, 0).unwrap().bounds.naive;
        if uni.is_positive() {
            prop_assert!(naive.is_some_and(|b| uni <= b));
        }
        let split = transformed_throughput(p, 0, &vec![NodeKind::Bidirectional; p.nodes.len()]).unwrap();
        prop_assert_eq!(split, Some(bi));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// §3.5 compaction: from every arborescence (each at a feasible weight), LP-T over them
    /// keeps at most 2|V| trees, fits the ports, and reaches the brute-force LP-T value.
    #[test]
    fn compaction_keeps_at_most_two_trees_per_node(input in instances(4)) {
        let p = &input.platform;
        let (n, arcs) = (p.nodes.len(), p.arcs());
        let all = arborescences(n, &arcs);
        prop_assume!(!all.is_empty());
        let k = Q::from_integer(all.len().into());
        let trees: Vec<WeightedTree> = all
            .iter()
            .map(|t| WeightedTree {
                arcs: t.clone(),
                weight: baseline::tree_throughput(n, &arcs, t).unwrap() / &k,
            })
            .collect();
        let total: Q = trees.iter().map(|t| t.weight.clone()).sum();
        let kept = compact(n, &arcs, &trees, &total).unwrap();
        prop_assert!(kept.len() <= 2 * n, "{} trees for {n} nodes", kept.len());
        let rho = lp_t(n, &arcs, &all);
        let sum: Q = kept.iter().map(|t| t.weight.clone()).sum();
        prop_assert_eq!(&sum, &rho);
        verify_trees(n, &arcs, 0, &kept, &rho).map_err(|e| TestCaseError::fail(e.to_string()))?;
    }
}
