//! Baselines of broadcast.md §9 (pipeline T) and the edge cases of §10.

use super::tests::{check_invariants, example};
use super::*;
use crate::platform::Platform;
use crate::rational::{q, qi, Q};

fn check_baseline(name: &str, algorithm: &str, want: Option<Q>) {
    let input = example(name);
    if let Some(rho) = want {
        let sol = check_invariants(&input, algorithm);
        assert_eq!(sol.status, Status::Heuristic);
        assert_eq!(sol.throughput, Some(rho), "{name} {algorithm}");
    } else {
        // "n/a" is a result: status infeasible, throughput 0, and the reason.
        let sol = check_invariants(&input, algorithm);
        assert_eq!(
            sol.status,
            Status::Infeasible,
            "{name} {algorithm} should be n/a"
        );
        assert_eq!(sol.throughput, Some(Q::from_integer(0.into())));
        let reason = sol.baseline.and_then(|b| b.reason).unwrap_or_default();
        assert!(
            reason.contains("not defined"),
            "{name} {algorithm}: {reason}"
        );
    }
}

#[test]
fn baselines_of_the_examples() {
    let table: [(&str, [Option<Q>; 6]); 5] = [
        // best-tree, greedy-tree, spt, star, chain, binomial
        (
            "e1-triangle",
            [
                Some(qi(1)),
                Some(q(2, 3)),
                Some(q(2, 3)),
                Some(q(2, 3)),
                None,
                Some(q(2, 3)),
            ],
        ),
        (
            "e2-two-relays",
            [
                Some(q(1, 2)),
                Some(q(1, 2)),
                Some(q(1, 2)),
                Some(q(1, 2)),
                Some(q(1, 2)),
                Some(q(1, 2)),
            ],
        ),
        (
            "e3-five-nodes",
            [
                Some(q(1, 3)),
                Some(q(1, 3)),
                Some(q(1, 3)),
                Some(q(1, 6)),
                None,
                Some(q(1, 5)),
            ],
        ),
        (
            "e4-k5",
            [
                Some(q(1, 2)),
                Some(q(1, 2)),
                Some(q(1, 3)),
                Some(q(1, 11)),
                Some(q(1, 2)),
                Some(q(1, 7)),
            ],
        ),
        (
            "e5-tree",
            [
                Some(q(1, 4)),
                Some(q(1, 4)),
                Some(q(1, 4)),
                Some(q(1, 7)),
                None,
                None,
            ],
        ),
    ];
    for (name, values) in table {
        for (algorithm, want) in pipeline::BASELINES.iter().zip(values) {
            check_baseline(name, algorithm, want);
        }
    }
    // E2: the three-tree optimum strictly beats the best single tree.
    let e2 = example("e2-two-relays");
    let lp = solve(&e2, "lp").unwrap();
    let best = solve(&e2, "best-tree").unwrap();
    assert!(lp.throughput > best.throughput);
    assert_eq!(best.baseline.unwrap().complete, Some(true));
    assert_eq!(lp.trees.len(), 3);
}

#[test]
fn e5_star_routes_have_multiplicities() {
    let sol = solve(&example("e5-tree"), "star").unwrap();
    let b = sol.baseline.unwrap();
    assert_eq!(&b.multiplicity[..2], &[3, 2]);
    assert!(sol.trees.is_empty() && sol.period.is_none());
}

fn platform(n: usize, arcs: &[(usize, usize, i64)]) -> Platform {
    let nodes: Vec<String> = (0..n).map(|i| format!("{{\"id\": {i}}}")).collect();
    let links: Vec<String> = arcs
        .iter()
        .map(|(u, v, c)| format!("{{\"from\": {u}, \"to\": {v}, \"c\": {c}, \"directed\": true}}"))
        .collect();
    let json = format!(
        "{{\"nodes\": [{}], \"links\": [{}]}}",
        nodes.join(","),
        links.join(",")
    );
    Platform::from_json(&json).unwrap()
}

fn input(platform: Platform, source: usize) -> BroadcastInput {
    BroadcastInput {
        platform,
        source,
        targets: None,
        port_model: PortModel::Bidirectional,
    }
}

#[test]
fn edge_cases_of_section_10() {
    // Single node: nothing to send, for the LP and the baselines alike.
    for algorithm in ["lp", "best-tree", "star"] {
        let sol = check_invariants(&input(platform(1, &[]), 0), algorithm);
        assert_eq!((sol.status, sol.throughput), (Status::Unbounded, None));
        assert!(sol.trees.is_empty() && sol.period.is_none());
    }
    // Unreachable node 2: infeasible, ρ* = 0, listed.
    let sol = check_invariants(&input(platform(3, &[(0, 1, 1), (2, 1, 1)]), 0), "lp");
    assert_eq!(sol.status, Status::Infeasible);
    assert_eq!((sol.throughput, sol.unreachable), (Some(qi(0)), vec![2]));
    // Opposite arcs are an ordinary asymmetric link.
    let sol = solve(&input(platform(2, &[(0, 1, 2), (1, 0, 1)]), 0), "lp").unwrap();
    assert_eq!(sol.throughput, Some(q(1, 2)));
    // Bad requests are errors, never panics.
    let ok = platform(2, &[(0, 1, 1)]);
    assert!(matches!(
        solve(&input(ok.clone(), 5), "lp"),
        Err(BroadcastError::BadInput(_))
    ));
    assert!(matches!(
        solve(&input(Platform::default(), 0), "lp"),
        Err(BroadcastError::BadInput(_))
    ));
    assert!(matches!(
        solve(&input(ok.clone(), 0), "nope"),
        Err(BroadcastError::UnknownAlgorithm(_))
    ));
    let mut uni = input(ok.clone(), 0);
    uni.port_model = PortModel::Unidirectional;
    assert!(matches!(
        solve(&uni, "lp"),
        Err(BroadcastError::OtherPipeline(_))
    ));
    let mut multi = input(ok, 0);
    multi.targets = Some(vec![1]);
    assert!(matches!(
        solve(&multi, "lp"),
        Err(BroadcastError::OtherPipeline(_))
    ));
    let tiny = SizeLimits {
        max_nodes: 1,
        max_arcs: 10,
    };
    assert!(matches!(
        solve_within(&example("e1-triangle"), "lp", &tiny),
        Err(BroadcastError::TooLarge { .. })
    ));
}

#[test]
fn zero_cost_arcs_reaching_everything_are_unbounded() {
    // Internal 0-cost arcs (§6.5) cannot come from user input: build the platform directly.
    let mut p = platform(2, &[(0, 1, 1)]);
    p.links[0].c = crate::rational::Cost::Finite(qi(0));
    let sol = solve(&input(p, 0), "lp").unwrap();
    assert_eq!(sol.status, Status::Unbounded);
}

/// Issue 34's repro: the complete K5 of E4 with link costs from 1 to 10^12 made minilp's basis
/// singular (it panicked). The float path now reports the failure and the exact simplex answers;
/// its value is checked against the exact simplex run alone on LP-F, which never calls minilp.
/// (HiGHS, through `tests/bench/highs.py`'s LP-F, gives 0.372353673729 ≈ 299/803.)
#[test]
fn k5_with_costs_up_to_10_to_the_12_is_answered_exactly() {
    let links: [(u8, u8, i64); 10] = [
        (0, 1, 1_000_000_000_000),
        (0, 2, 2),
        (0, 3, 1_000_000_000_000),
        (0, 4, 2_147_483_648),
        (1, 2, 7),
        (1, 3, 43),
        (1, 4, 1),
        (2, 3, 797_259),
        (2, 4, 1),
        (3, 4, 2),
    ];
    let nodes: Vec<String> = (0..5).map(|i| format!(r#"{{"id":"P{i}"}}"#)).collect();
    let links: Vec<String> = links
        .iter()
        .map(|(u, v, c)| format!(r#"{{"from":"P{u}","to":"P{v}","c":{c}}}"#))
        .collect();
    let json = format!(
        r#"{{"format":"hetlab-platform","version":1,"nodes":[{}],"links":[{}]}}"#,
        nodes.join(","),
        links.join(",")
    );
    let platform = Platform::from_json(&json).unwrap();
    let (n, arcs) = (platform.nodes.len(), platform.arcs());
    let dests: Vec<usize> = (1..n).collect();
    let p = lp::problem(n, &arcs, 0, &dests, lp::Sharing::Max);
    let exact = crate::lp::solve_exact(&p, &crate::lp::Limits::default()).unwrap();
    let crate::lp::Outcome::Optimal(exact) = exact else {
        panic!("LP-F of the K5 is feasible and bounded: {exact:?}")
    };
    assert_eq!(exact.value, q(299, 803));
    let sol = check_invariants(&input(platform, 0), "lp");
    assert_eq!(sol.status, Status::Optimal);
    assert_eq!(sol.throughput, Some(exact.value));
}
