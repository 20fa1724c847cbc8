//! Tests of pipeline M: the E6 numbers of broadcast.md §9.6, bad inputs (§10), and random
//! small platforms (LB ≤ H1, H2 ≤ exact ≤ UB ≤ |D|·LB).

use num_traits::{One, Zero};
use proptest::prelude::*;

use super::examples::{e1, e2, e3, e4, e5, e6, random};
use super::net::Net;
use super::*;
use crate::platform::Platform;
use crate::rational::{q, qi};
use crate::trace::{Step, STEP_CAP};

/// Runs `algo`, checks the reported throughput, the solve/traced agreement, the replayed state
/// and the trees; returns the solution.
fn check(p: &Platform, s: usize, d: &[usize], algo: &str, expected: &Q) -> MulticastSolution {
    let sol = solve_multicast(p, s, d, algo).unwrap();
    assert_eq!(sol.throughput.as_ref(), Some(expected), "{algo}");
    invariants(p, s, d, algo, &sol);
    sol
}

/// Invariants of every multicast result: traced = plain, the replayed summary equals the
/// reported scheme, captions exist, trees are Steiner arborescences that fit the ports.
fn invariants(p: &Platform, s: usize, d: &[usize], algo: &str, sol: &MulticastSolution) {
    let traced = solve_multicast_traced(p, s, d, algo).unwrap();
    assert_eq!(&traced.solution, sol);
    assert!(traced.trace.len() < STEP_CAP);
    let ids = p.ids();
    let arcs = p.arcs();
    let ctx = Context {
        ids: &ids,
        arcs: &arcs,
    };
    for step in &traced.trace.steps {
        assert!(!step.caption(&ctx).is_empty());
        assert!(step.phase().line < MULTICAST_PSEUDOCODE.len());
    }
    let state = traced.trace.state_at(MulticastState::new(), usize::MAX);
    if let Some(scheme) = &sol.scheme {
        assert_eq!(state.summary, Some((scheme.kind, sol.throughput.clone())));
        assert_eq!(state.upper, sol.bounds.upper);
        assert_eq!(state.lower, sol.bounds.lower);
    }
    let net = Net::from_platform(p);
    let mut must = vec![false; net.n];
    sol.targets.iter().for_each(|&t| must[t] = true);
    let mut out = vec![Q::zero(); net.n];
    let mut inn = vec![Q::zero(); net.n];
    let mut total = Q::zero();
    for t in &sol.trees {
        net.check_arborescence(s, &t.arcs, &must).unwrap();
        total += &t.weight;
        for &k in &t.arcs {
            out[net.arcs[k].from] += &net.arcs[k].c * &t.weight;
            inn[net.arcs[k].to] += &net.arcs[k].c * &t.weight;
        }
    }
    assert!(
        out.iter().chain(&inn).all(|l| *l <= Q::one()),
        "port loads ≤ 1"
    );
    if !sol.trees.is_empty() {
        assert_eq!(Some(total), sol.throughput, "Σα = ρ");
    }
}

#[test]
fn e6_numbers() {
    let (p, d) = (e6(), [4, 5, 6]);
    let lp = check(&p, 0, &d, "lp", &q(1, 2));
    assert_eq!(lp.status, Status::Heuristic);
    let b = &lp.bounds;
    assert_eq!(b.upper, Some(q(2, 3)));
    assert_eq!(b.lower, Some(q(1, 3)));
    assert_eq!(b.broadcast, Some(q(1, 3)));
    assert_eq!(b.pruned, Some(q(1, 2)));
    assert_eq!(b.augmented, Some(q(1, 2)));
    let scheme = lp.scheme.as_ref().unwrap();
    assert_eq!(scheme.kind, SchemeKind::Pruned);
    assert_eq!(scheme.nodes, vec![0, 2, 3, 4, 5, 6], "H1 removed a");
    check(&p, 0, &d, "multicast-scatter", &q(1, 3));
    check(&p, 0, &d, "multicast-pruned", &q(1, 2));
    let h2 = check(&p, 0, &d, "multicast-augmented", &q(1, 2));
    assert_eq!(
        h2.scheme.unwrap().nodes,
        vec![0, 1, 2, 4, 5, 6],
        "routes t1, t3 via a, t2 via b"
    );
    let exact = check(&p, 0, &d, "multicast-exact", &q(1, 2));
    assert_eq!(exact.status, Status::Optimal);
    assert_eq!(exact.bounds.exact, Some(q(1, 2)));
    // UB ≤ |D|·LB, on the values the solver reported (2/3 ≤ 3 · 1/3).
    let (ub, lb) = (b.upper.clone().unwrap(), b.lower.clone().unwrap());
    assert!(ub <= qi(i64::try_from(lp.targets.len()).unwrap()) * lb);
}

#[test]
fn e6_trace() {
    let p = e6();
    let t = solve_multicast_traced(&p, 0, &[4, 5, 6], "multicast-exact").unwrap();
    let kinds: Vec<&str> = t.trace.steps.iter().map(|s| s.phase().name).collect();
    assert_eq!(kinds[..3], ["targets", "upper bound", "lower bound"]);
    // The summary, then the chosen scheme's period (M6).
    assert_eq!(kinds[kinds.len() - 2..], ["summary", "schedule"]);
    let removed: Vec<usize> = t
        .trace
        .steps
        .iter()
        .filter_map(|s| match s {
            MulticastStep::Pruned { removed, .. } => Some(*removed),
            _ => None,
        })
        .collect();
    assert_eq!(removed, vec![1]);
    let state = t.trace.state_at(MulticastState::new(), usize::MAX);
    assert_eq!(state.exact, Some(q(1, 2)));
    assert_eq!(state.pruned_nodes, vec![0, 2, 3, 4, 5, 6]);
    assert_eq!(state.flows.len(), 3);
    let ids = p.ids();
    let arcs = p.arcs();
    let ctx = Context {
        ids: &ids,
        arcs: &arcs,
    };
    assert_eq!(
        t.trace.steps[3].caption(&ctx),
        "H1 starts from the broadcast to all 7 reachable nodes: 1/3 messages per time unit."
    );
}

/// With every other node as a target, UB is the broadcast optimum of §9 (LP-F is exact).
#[test]
fn full_target_set_gives_the_broadcast_optimum() {
    for (p, rho) in [
        (e1(), qi(1)),
        (e2(), q(3, 4)),
        (e3(), q(5, 11)),
        (e4(), q(1, 2)),
        (e5(), q(1, 4)),
    ] {
        let d: Vec<usize> = (1..p.nodes.len()).collect();
        let sol = check(&p, 0, &d, "multicast-pruned", &rho);
        assert_eq!(sol.bounds.upper, Some(rho.clone()));
        assert_eq!(sol.bounds.broadcast, Some(rho));
    }
}

#[test]
fn bad_and_degenerate_inputs() {
    let p = e6();
    assert!(solve_multicast(&p, 9, &[4], "lp")
        .unwrap_err()
        .to_string()
        .contains("source index 9"));
    assert!(solve_multicast(&p, 0, &[4, 12], "lp")
        .unwrap_err()
        .to_string()
        .contains("target index 12"));
    assert!(solve_multicast(&p, 0, &[4], "fast")
        .unwrap_err()
        .to_string()
        .contains("unknown multicast algorithm"));
    let empty = solve_multicast(&p, 0, &[], "lp").unwrap();
    assert_eq!(
        (empty.status, empty.throughput.clone()),
        (Status::Unbounded, None)
    );
    assert_eq!(empty.objective.value_exact, "inf");
    let only_source = solve_multicast(&p, 0, &[0], "lp").unwrap();
    assert_eq!(only_source.status, Status::Unbounded);
    assert_eq!(only_source.warnings.len(), 1);
    let with_source = solve_multicast(&p, 0, &[0, 4, 5, 6], "lp").unwrap();
    assert_eq!(
        (with_source.targets.clone(), with_source.throughput),
        (vec![4, 5, 6], Some(q(1, 2)))
    );
    // t1 cannot reach anything: a multicast from t1 to s is infeasible.
    let infeasible = solve_multicast(&p, 4, &[0], "lp").unwrap();
    assert_eq!(
        (infeasible.status, infeasible.unreachable),
        (Status::Infeasible, vec![0])
    );
    // Unreachable non-targets are ignored: from a, only t1 and t3 are reachable.
    let partial = check(&p, 1, &[4, 6], "lp", &q(1, 2));
    assert_eq!(partial.bounds.upper, Some(q(1, 2)), "a sends both copies");
    // The exact method refuses more than 10 targets.
    let star = random(13, &(1..13).map(|k| (0, k, 1)).collect::<Vec<_>>());
    let d: Vec<usize> = (1..13).collect();
    let err = solve_multicast(&star, 0, &d, "multicast-exact").unwrap_err();
    assert!(err.to_string().contains("limited to 10 targets"), "{err}");
}

/// Issue 34: above [`MAX_NODES`] nodes the bounds and heuristics are refused by default with
/// the size, the limit and the way to lift it; [`Limits::Lifted`] solves the same instance.
#[test]
fn the_default_limit_is_named_and_lifted() {
    use crate::family::Limits;
    let n = MAX_NODES + 1;
    let path = random(n, &(1..n).map(|k| (k - 1, k, 1)).collect::<Vec<_>>());
    let err = solve_multicast(&path, 0, &[n - 1], "lp")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("(21 nodes, 20 arcs; at most 20 and 80"),
        "{err}"
    );
    assert!(err.contains("--no-limits"), "{err}");
    assert_eq!(over_limits(n, 20), Some(err));
    let lifted = solve_multicast_within(&path, 0, &[n - 1], "lp", Limits::Lifted, false).unwrap();
    assert_eq!(lifted.solution.throughput, Some(Q::one()));
    assert!(lifted.trace.steps.is_empty());
}

/// Random small platforms with targets. Most have a path `0 → 1 → … → n−1` among their arcs
/// so that every target is reachable (the bounds are then all checked); the others may leave a
/// target unreachable (then the status is checked).
fn small_platform() -> impl Strategy<Value = (Platform, Vec<usize>)> {
    (3usize..=6).prop_flat_map(|n| {
        (
            proptest::collection::vec((0..n, 0..n, 1u32..=4), 2..=3 * n),
            proptest::collection::vec(1..n, 1..n),
            0u8..4,
        )
            .prop_map(move |(mut arcs, d, path)| {
                if path != 0 {
                    arcs.extend((1..n).map(|v| (v - 1, v, 1 + u32::from(path))));
                }
                (random(n, &arcs), d)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// LB ≤ H1, H2 ≤ ρ*_D ≤ UB ≤ |D|·LB, and broadcast ≤ ρ*_D, on random small platforms.
    #[test]
    fn bounds_bracket_the_exact_optimum((p, d) in small_platform()) {
        let sol = solve_multicast(&p, 0, &d, "multicast-exact").unwrap();
        let net = Net::from_platform(&p);
        let reach = net.reach(0, &vec![true; net.n]);
        if sol.status == Status::Infeasible {
            // Infeasible exactly when some target cannot be reached, and then ρ = 0.
            prop_assert!(!sol.unreachable.is_empty());
            prop_assert!(sol.unreachable.iter().all(|&t| !reach[t] && d.contains(&t)));
            prop_assert_eq!(sol.throughput.clone(), Some(Q::zero()));
            return Ok(());
        }
        prop_assert!(sol.targets.iter().all(|&t| reach[t]));
        invariants(&p, 0, &d, "multicast-exact", &sol);
        let b = &sol.bounds;
        let (ub, lb, ex) = (b.upper.clone().unwrap(), b.lower.clone().unwrap(), b.exact.clone().unwrap());
        let h1 = b.pruned.clone().unwrap();
        let h2 = b.augmented.clone().unwrap();
        // The default reports the best of the achievable schemes.
        let best = solve_multicast(&p, 0, &d, "lp").unwrap();
        prop_assert_eq!(best.throughput, Some(lb.clone().max(h1.clone()).max(h2.clone())));
        prop_assert!(h1 <= ex && h2 <= ex && lb <= ex, "heuristics ≤ exact");
        prop_assert!(ex <= ub, "exact ≤ UB");
        prop_assert!(ub <= lb.clone() * qi(i64::try_from(sol.targets.len()).unwrap()), "UB ≤ |D|·LB");
        prop_assert!(b.broadcast.clone().unwrap() <= ex);
    }
}
