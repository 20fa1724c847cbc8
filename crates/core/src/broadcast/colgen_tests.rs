//! Tests of the column generation on LP-T (broadcast.md §3.7) and of the `lp` pipeline's
//! switch to it: the optimum equals LP-F's on every §9 example and on random small platforms,
//! the trees and the schedule verify, the dual prices certify, the trace replays, and a large
//! generated platform solves.

use proptest::prelude::*;

use super::colgen::{self, certify, flow_solution, seeds, solve_from, solve_trees, use_columns};
use super::lp::{solve_flow_lp, Sharing};
use super::tests::{check_invariants, check_traced, example};
use super::tests_random::instances;
use super::*;
use crate::generate::{self, Shape};
use crate::rational::{q, qi, Q};
use crate::trace::Step as _;

/// Column generation alone on `input`: ρ* equal to LP-F's, trees verified, certificate
/// checked, LP-F's solution read off the trees consistent; returns ρ*.
fn check_columns(input: &BroadcastInput) -> Q {
    let p = &input.platform;
    let (n, arcs, s) = (p.nodes.len(), p.arcs(), input.source);
    let mut rounds = Vec::new();
    let opt = solve_trees(n, &arcs, s, &mut |r| rounds.push(r.clone())).unwrap();
    let dests: Vec<usize> = (0..n).filter(|&v| v != s).collect();
    let lp_f = solve_flow_lp(n, &arcs, s, &dests, Sharing::Max).unwrap();
    assert_eq!(opt.rho, lp_f.rho, "LP-T by columns and LP-F agree exactly");
    verify_trees(n, &arcs, s, &opt.trees, &opt.rho).unwrap();
    certify(n, &arcs, s, &opt.rho, &opt.out_price, &opt.in_price).unwrap();
    assert!(
        opt.trees.len() <= 2 * n,
        "a basic optimum uses at most 2|V| trees"
    );
    assert_eq!(opt.rounds, rounds.len());
    let last = rounds.last().unwrap();
    assert!(!last.added && last.theta >= qi(1));
    assert_eq!(last.lower, opt.rho);
    let sol = flow_solution(n, &arcs, s, &opt);
    let cuts = lp::destination_cuts(n, &arcs, s, &dests, &sol.usage, &opt.rho).unwrap();
    assert_eq!(cuts.iter().map(|c| &c.value).min(), Some(&opt.rho));
    for (f, &k) in sol.flows.iter().zip(&dests) {
        assert_eq!(f.destination, k);
        // Conservation: ρ* leaves the source and reaches k.
        let net = |v: usize| -> Q {
            arcs.iter()
                .zip(&f.x)
                .map(|(a, x)| match (a.from == v, a.to == v) {
                    (true, false) => x.clone(),
                    (false, true) => -x.clone(),
                    _ => Q::from_integer(0.into()),
                })
                .sum()
        };
        assert_eq!(net(s), opt.rho);
        assert_eq!(net(k), -opt.rho.clone());
        assert!(f.x.iter().zip(&sol.usage).all(|(x, u)| x <= u));
    }
    opt.rho
}

/// §9: the column generation finds every example's ρ*, and `tree-colgen` runs the whole
/// pipeline (trees, schedule, replay, solve == solve_traced) on each.
#[test]
fn columns_agree_with_lp_f_on_every_example() {
    let want = [
        ("e1-triangle", qi(1)),
        ("e2-two-relays", q(3, 4)),
        ("e3-five-nodes", q(5, 11)),
        ("e4-k5", q(1, 2)),
        ("e5-tree", q(1, 4)),
    ];
    for (name, rho) in want {
        let input = example(name);
        assert_eq!(check_columns(&input), rho, "{name}");
        let sol = check_invariants(&input, "tree-colgen");
        assert_eq!(sol.algorithm, "tree-colgen");
        assert_eq!((sol.status, sol.throughput), (Status::Optimal, Some(rho)));
        assert!(sol.period.is_some());
    }
}

/// The examples stay on the teaching path: LP-F and EXTRACT, no pricing round.
#[test]
fn small_platforms_keep_lp_f_and_extract() {
    for (name, _) in EXAMPLES {
        let input = example(name);
        let p = &input.platform;
        assert!(!use_columns(p.nodes.len(), p.arcs().len()));
        let steps = solve_traced(&input, "lp").unwrap().trace.steps;
        assert!(steps.iter().any(|s| matches!(s, Step::SolvedLp { .. })));
        assert!(!steps.iter().any(|s| matches!(s, Step::PricedTree(_))));
    }
}

/// E2 under `tree-colgen`: the steps in order, and the replayed state after each kind.
#[test]
fn tree_colgen_trace_on_e2() {
    let input = example("e2-two-relays");
    let traced = solve_traced(&input, "tree-colgen").unwrap();
    let steps = &traced.trace.steps;
    let kinds: Vec<&str> = steps.iter().map(|s| s.phase().name).collect();
    assert_eq!(&kinds[..3], ["check", "bounds", "columns"]);
    let rounds = kinds.iter().filter(|k| **k == "pricing").count();
    let after = kinds.iter().position(|k| *k == "certificate").unwrap();
    assert_eq!(after, 3 + rounds);
    assert_eq!(kinds.last(), Some(&"compare"));
    let Step::Seeded { names, columns } = &steps[2] else {
        panic!("{:?}", steps[2])
    };
    assert_eq!(names.len(), columns.len());
    let state = traced.trace.state_at(State::new(), after + 1);
    assert_eq!(state.rounds, rounds);
    assert_eq!(state.columns.len(), state.column_weights.len());
    assert!(state.columns.len() >= traced.solution.trees.len());
    assert_eq!(state.rho, Some(q(3, 4)));
    let prices: Q = state.out_price.iter().chain(&state.in_price).sum();
    assert_eq!(prices, q(3, 4), "the final prices certify ρ*");
    // The usages are the trees' sums, and one destination's cut equals ρ*.
    let sol = &traced.solution;
    let lp = sol.lp.as_ref().unwrap();
    assert_eq!(lp.usage, sol.arc_usage);
    assert!(sol.cuts.iter().any(|c| c.bottleneck && c.value == q(3, 4)));
}

/// `certify` refuses prices that do not prove the value.
#[test]
fn certify_rejects_bad_prices() {
    let input = example("e3-five-nodes");
    let p = &input.platform;
    let (n, arcs) = (p.nodes.len(), p.arcs());
    let opt = solve_trees(n, &arcs, 0, &mut |_| {}).unwrap();
    let zero = vec![Q::from_integer(0.into()); n];
    assert!(certify(n, &arcs, 0, &opt.rho, &opt.out_price, &opt.in_price).is_ok());
    let err = certify(
        n,
        &arcs,
        0,
        &(&opt.rho + qi(1)),
        &opt.out_price,
        &opt.in_price,
    );
    assert!(err.unwrap_err().to_string().contains("add up to"));
    assert!(certify(n, &arcs, 0, &qi(0), &zero, &zero)
        .unwrap_err()
        .to_string()
        .contains("< 1"));
    let mut negative = opt.out_price.clone();
    negative[0] = -qi(1);
    assert!(certify(n, &arcs, 0, &opt.rho, &negative, &opt.in_price).is_err());
}

/// The round budget stops the loop with an error carrying the bracket, never a number.
#[test]
fn round_budget_stops_with_the_bracket() {
    let input = example("e3-five-nodes");
    let arcs = input.platform.arcs();
    // The BFS tree alone is not optimal on E3: one round cannot prove the optimum.
    let bfs = seeds(5, &arcs, 0).unwrap().pop().unwrap().1;
    let mut seen = 0;
    let err = solve_from(5, &arcs, 0, vec![bfs.clone()], 1, &mut |_| seen += 1).unwrap_err();
    assert_eq!(seen, 1);
    let BroadcastError::Lp(crate::lp::LpError::Uncertified { reason, .. }) = err else {
        panic!("{err:?}")
    };
    assert!(reason.contains("after 1 rounds with") && reason.contains("≤ ρ* ≤"));
    let opt = solve_from(5, &arcs, 0, vec![bfs], colgen::MAX_ROUNDS, &mut |_| {}).unwrap();
    assert_eq!(opt.rho, q(5, 11));
}

/// The starting trees are spanning arborescences without repeats; none on an unreachable node.
#[test]
fn seeds_are_distinct_spanning_trees() {
    let p = generate::platform(Shape::Random, 12, 3);
    let arcs = p.arcs();
    let s = seeds(12, &arcs, 0).unwrap();
    assert!(!s.is_empty() && s[0].0 == "greedy-tree");
    for (i, (_, t)) in s.iter().enumerate() {
        assert!(extract::check_arborescence(12, &arcs, 0, t).is_ok());
        assert!(s[..i].iter().all(|(_, u)| u != t));
    }
    let cut = example("e1-triangle").platform.arcs()[..1].to_vec();
    assert!(seeds(3, &cut, 0).is_none());
}

/// A 30-node generated platform: `lp` switches to column generation by itself; everything
/// verifies (trees, schedule slot by slot, replay, prices) and solve == solve_traced.
#[test]
fn lp_switches_to_columns_on_a_large_platform() {
    let input = BroadcastInput::new(generate::platform(Shape::Random, 30, 7), 0);
    assert!(use_columns(30, input.platform.arcs().len()));
    let sol = check_invariants(&input, "lp");
    assert_eq!(
        (sol.algorithm.as_str(), sol.status),
        ("lp", Status::Optimal)
    );
    let steps = solve_traced(&input, "lp").unwrap().trace.steps;
    assert!(!steps.iter().any(|s| matches!(s, Step::SolvedLp { .. })));
    assert!(steps.iter().any(|s| matches!(s, Step::PricedTree(_))));
}

/// The size: 50 nodes with about four arcs per node completes and verifies under the
/// default limits (100 nodes, 400 arcs), which refuse the same platform under 50 nodes.
#[test]
fn fifty_nodes_solve() {
    let input = BroadcastInput::new(generate::platform(Shape::Random, 50, 7), 0);
    let smaller = SizeLimits {
        max_nodes: 49,
        max_arcs: 400,
    };
    assert!(matches!(
        solve_within(&input, "lp", &smaller),
        Err(BroadcastError::TooLarge { .. })
    ));
    let sol = solve(&input, "lp").unwrap();
    let p = &input.platform;
    let (n, arcs) = (p.nodes.len(), p.arcs());
    let rho = sol.throughput.clone().unwrap();
    verify_trees(n, &arcs, 0, &sol.trees, &rho).unwrap();
    schedule::verify(n, &arcs, 0, &sol.trees, sol.period.as_ref().unwrap()).unwrap();
    let lp = sol.lp.as_ref().unwrap();
    certify(n, &arcs, 0, &rho, &lp.out_price, &lp.in_price).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Random platforms of at most 6 nodes: column generation gives LP-F's ρ* exactly, and the
    /// `tree-colgen` pipeline verifies and replays (infeasible ones are reported as such).
    #[test]
    fn columns_agree_with_lp_f_on_random_platforms(input in instances(6)) {
        let sol = check_traced(&input, "tree-colgen");
        match sol.status {
            Status::Optimal => {
                let rho = check_columns(&input);
                prop_assert_eq!(sol.throughput, Some(rho));
            }
            Status::Infeasible => prop_assert!(!sol.unreachable.is_empty()),
            s => prop_assert!(false, "unexpected status {:?}", s),
        }
    }
}
