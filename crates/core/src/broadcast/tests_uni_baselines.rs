//! The baselines of broadcast.md §7 under the unidirectional model and the "n/a" overlays:
//! the worked values of §9, an overlay whose transfers contain an odd cycle (König does not
//! apply), and brute force on small random platforms — the best single tree against every
//! arborescence, the matching colouring against an LP over every matching, and the
//! unidirectional optimum against LP-U over every tree and every matching.

use num_traits::Signed;
use proptest::prelude::*;

use super::baseline::{best_tree_in, multiplicity, overlay, Overlay};
use super::baseline_uni::colouring;
use super::dispatch::{result, run};
use super::tests::example;
use super::tests_random::{arborescences, instances, platform};
use super::*;
use crate::lp::{self as exact_lp, Cmp, Outcome, Problem};
use crate::platform::Arc;
use crate::rational::{qi, Q};

fn uni(name: &str) -> BroadcastInput {
    let mut b = example(name);
    b.port_model = PortModel::Unidirectional;
    b
}

/// `(status, exact throughput)` of the result document.
fn value(input: &BroadcastInput, algorithm: &str) -> (String, String) {
    let r = run(input, algorithm).unwrap();
    let v = result(input, algorithm, &r, false);
    (
        v["status"].as_str().unwrap().to_owned(),
        v["objective"]["value_exact"].as_str().unwrap().to_owned(),
    )
}

fn heuristic(v: &str) -> (String, String) {
    ("heuristic".to_owned(), v.to_owned())
}

#[test]
fn spec_values_under_the_unidirectional_model() {
    // §9.1 E1: best single tree (uni) = 2/3, the star; chain n/a.
    let e1 = uni("e1-triangle");
    assert_eq!(value(&e1, "best-tree"), heuristic("2/3"));
    assert_eq!(value(&e1, "star"), heuristic("2/3"));
    // §9.2 E2: best single tree (uni) 1/2; chain (uni) 1/3.
    let e2 = uni("e2-two-relays");
    assert_eq!(value(&e2, "best-tree"), heuristic("1/2"));
    assert_eq!(value(&e2, "chain"), heuristic("1/3"));
    // §9.3 E3: best single tree (uni) 1/4.
    assert_eq!(value(&uni("e3-five-nodes"), "best-tree"), heuristic("1/4"));
    // §9.4 E4: best 1/3, chain 1/3, greedy 1/3, star 1/11, binomial 1/7.
    let e4 = uni("e4-k5");
    for (algo, want) in [
        ("best-tree", "1/3"),
        ("chain", "1/3"),
        ("greedy-tree", "1/3"),
        ("star", "1/11"),
        ("binomial", "1/7"),
    ] {
        assert_eq!(value(&e4, algo), heuristic(want), "{algo}");
    }
    // §9.5 E5: the platform is a tree: 1/5 for it (SPT, greedy, best); star 1/7.
    let e5 = uni("e5-tree");
    for algo in ["best-tree", "spt", "greedy-tree"] {
        assert_eq!(value(&e5, algo), heuristic("1/5"), "{algo}");
    }
    assert_eq!(value(&e5, "star"), heuristic("1/7"));
}

#[test]
fn overlays_marked_na_are_results_with_a_reason() {
    // §9.1: chain n/a on E1; §9.5: chain and binomial n/a on E5; both models.
    for (name, algo) in [
        ("e1-triangle", "chain"),
        ("e5-tree", "chain"),
        ("e5-tree", "binomial"),
    ] {
        for model in [PortModel::Bidirectional, PortModel::Unidirectional] {
            let mut b = example(name);
            b.port_model = model;
            let r = run(&b, algo).unwrap();
            let v = result(&b, algo, &r, true);
            assert_eq!(v["status"], "infeasible", "{name} {algo} {model:?}");
            assert_eq!(v["objective"]["value_exact"], "0/1");
            let reason = v["baseline"]["reason"].as_str().unwrap();
            assert!(reason.contains("not defined"), "{reason}");
            let last = v["trace"].as_array().unwrap().last().unwrap();
            assert!(last["caption"].as_str().unwrap().contains("n/a"));
        }
    }
}

/// The star of this platform routes `s → c` through `a → b`, so its transfers hold the
/// triangle `s, a, b`: port sums say 1/7, matchings need 8 time units per message.
#[test]
fn an_overlay_with_an_odd_cycle_needs_matchings() {
    let p = platform(4, &[(0, 1, 1, 1), (1, 2, 1, 1), (2, 3, 1, 1), (0, 2, 5, 1)]);
    let arcs = p.arcs();
    let names = |v: usize| v.to_string();
    let (_, routes) = overlay(Overlay::Star, 4, &arcs, 0, &names).unwrap();
    let mu = multiplicity(arcs.len(), &routes);
    let c = colouring(4, &arcs, &mu).unwrap();
    assert!(!c.bipartite && !c.odd_cycle.is_empty());
    assert_eq!(c.chi, qi(8));
    assert_eq!(c.chi, lp_over_all_matchings(4, &arcs, &mu));
    super::baseline_uni::verify(4, &arcs, &mu, &c).unwrap();
    let input = BroadcastInput {
        platform: p,
        source: 0,
        targets: None,
        port_model: PortModel::Unidirectional,
    };
    assert_eq!(value(&input, "star"), heuristic("1/8"));
    let mut bi = input.clone();
    bi.port_model = PortModel::Bidirectional;
    assert_eq!(value(&bi, "star"), heuristic("1/7"));
}

/// Every matching of the conflict graph among `support` (pairwise endpoint-disjoint arcs).
fn matchings(arcs: &[Arc], support: &[usize]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new()];
    for &e in support {
        let more: Vec<Vec<usize>> = out
            .iter()
            .filter(|m| {
                m.iter().all(|&f| {
                    let (a, b): (&Arc, &Arc) = (&arcs[e], &arcs[f]);
                    a.from != b.from && a.from != b.to && a.to != b.from && a.to != b.to
                })
            })
            .map(|m| {
                let mut m = m.clone();
                m.push(e);
                m
            })
            .collect();
        out.extend(more);
    }
    out.retain(|m| !m.is_empty());
    out
}

/// `min Σ x_M s.t. Σ_{M∋e} x_M ≥ μ_e c_e` over every matching: the oracle of `colouring`.
fn lp_over_all_matchings(_n: usize, arcs: &[Arc], mu: &[u32]) -> Q {
    let support: Vec<usize> = (0..arcs.len()).filter(|&e| mu[e] > 0).collect();
    let all = matchings(arcs, &support);
    let mut p = Problem::new(all.len());
    for j in 0..all.len() {
        p.objective(j, -qi(1));
    }
    for &e in &support {
        let row = (0..all.len())
            .filter(|&j| all[j].contains(&e))
            .map(|j| (j, qi(1)))
            .collect();
        p.constraint(row, Cmp::Ge, &arcs[e].c * Q::from_integer(mu[e].into()));
    }
    match exact_lp::solve(&p) {
        Ok(Outcome::Optimal(s)) => -s.value,
        other => panic!("{other:?}"),
    }
}

/// LP-U (§6.2) over every arborescence and every matching: the definition of `ρ*_uni`.
fn lp_u(n: usize, arcs: &[Arc], trees: &[Vec<usize>]) -> Q {
    let all = matchings(arcs, &(0..arcs.len()).collect::<Vec<_>>());
    let (nt, nm) = (trees.len(), all.len());
    let mut p = Problem::new(nt + nm);
    for j in 0..nt {
        p.objective(j, qi(1));
    }
    for (e, a) in arcs.iter().enumerate() {
        let mut row: Vec<(usize, Q)> = (0..nt)
            .filter(|&j| trees[j].contains(&e))
            .map(|j| (j, a.c.clone()))
            .collect();
        row.extend(
            (0..nm)
                .filter(|&k| all[k].contains(&e))
                .map(|k| (nt + k, -qi(1))),
        );
        p.constraint(row, Cmp::Le, qi(0));
    }
    p.constraint((0..nm).map(|k| (nt + k, qi(1))).collect(), Cmp::Le, qi(1));
    let _ = n;
    match exact_lp::solve(&p) {
        Ok(Outcome::Optimal(s)) => s.value,
        other => panic!("{other:?}"),
    }
}

/// Unidirectional throughput of one tree: `1 / max_v (out + in)` (a tree is bipartite).
fn uni_tree(n: usize, arcs: &[Arc], tree: &[usize]) -> Q {
    let mut load = vec![qi(0); n];
    for &e in tree {
        load[arcs[e].from] += &arcs[e].c;
        load[arcs[e].to] += &arcs[e].c;
    }
    load.into_iter().max().unwrap().recip()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Brute force on tiny platforms: the unidirectional branch and bound finds the best tree
    /// of the exhaustive enumeration; the `lp` pipeline (column generation) equals LP-U over
    /// every tree and every matching; every overlay's colouring equals the LP over every
    /// matching (bipartite or not).
    #[test]
    fn unidirectional_brute_force(input in instances(4)) {
        let p = &input.platform;
        let (n, arcs) = (p.nodes.len(), p.arcs());
        let trees = arborescences(n, &arcs);
        if trees.is_empty() {
            // Some node is unreachable: every algorithm says infeasible.
            let mut u = input.clone();
            u.port_model = PortModel::Unidirectional;
            prop_assert_eq!(value(&u, "best-tree").0, "infeasible");
            return Ok(());
        }
        let best = trees.iter().map(|t| uni_tree(n, &arcs, t)).max().unwrap();
        let (found, complete) = best_tree_in(n, &arcs, 0, 1_000_000, true, &mut |_, _| {}).unwrap();
        prop_assert!(complete);
        prop_assert_eq!(uni_tree(n, &arcs, &found), best.clone());
        let opt = unidirectional::solve_unidirectional(p, 0).unwrap();
        let want = lp_u(n, &arcs, &trees);
        prop_assert_eq!(opt.throughput.clone(), Some(want.clone()));
        prop_assert!(best <= want, "a single tree beats the optimum");
        let names = |v: usize| v.to_string();
        for kind in [Overlay::Star, Overlay::Chain, Overlay::Binomial] {
            if let Ok((_, routes)) = overlay(kind, n, &arcs, 0, &names) {
                let mu = multiplicity(arcs.len(), &routes);
                let c = colouring(n, &arcs, &mu).unwrap();
                prop_assert_eq!(c.chi.clone(), lp_over_all_matchings(n, &arcs, &mu));
                prop_assert!(c.chi.recip() <= want.clone());
            }
        }
    }
}

#[test]
fn lp_guided_trees_are_spanning_trees_within_the_optimum() {
    for name in ["e2-two-relays", "e3-five-nodes", "e4-k5"] {
        let b = example(name);
        let opt = solve(&b, "lp").unwrap().throughput.unwrap();
        for algo in ["lp-heaviest-tree", "lp-usage-tree"] {
            let sol = solve(&b, algo).unwrap();
            assert_eq!(sol.trees.len(), 1, "{name} {algo}");
            let rho = sol.throughput.clone().unwrap();
            assert!(
                rho.is_positive() && rho <= opt,
                "{name} {algo}: {rho} vs {opt}"
            );
            verify_trees(
                b.platform.nodes.len(),
                &b.platform.arcs(),
                b.source,
                &sol.trees,
                &rho,
            )
            .unwrap();
        }
    }
}
