//! The decomposition against the worked examples of steady-state.md section 6 (exact matchings,
//! weights and frames), the checker against broken decompositions, and both on random graphs.

use proptest::prelude::*;

use super::*;
use crate::rational::{q, qi};

/// Edges from `(sender, receiver, weight)` with integer weights.
fn graph(edges: &[(usize, usize, i64)]) -> Vec<((usize, usize), Q)> {
    edges.iter().map(|&(i, j, w)| ((i, j), qi(w))).collect()
}

/// Decomposes, checks, and compares `(μ, edges)` of every matching with `expected`.
fn assert_decomposes(
    edges: &[((usize, usize), Q)],
    delta: i64,
    expected: &[(i64, &[(usize, usize)])],
) -> Decomposition {
    let d = decompose(edges).expect("decomposes");
    assert_eq!(check(edges, &d), Ok(()));
    assert_eq!(d.delta, qi(delta));
    let got: Vec<(Q, Vec<(usize, usize)>)> = d
        .matchings
        .iter()
        .map(|m| (m.mu.clone(), m.edges.clone()))
        .collect();
    let want: Vec<(Q, Vec<(usize, usize)>)> = expected
        .iter()
        .map(|(mu, e)| (qi(*mu), e.to_vec()))
        .collect();
    assert_eq!(got, want);
    let total = d.matchings.iter().fold(Q::zero(), |s, m| s + &m.mu);
    assert_eq!(total, qi(delta));
    d
}

/// Example 1 (section 6.1), canonical rates; node index k is node id k.
#[test]
fn example_1_canonical() {
    let edges = graph(&[(1, 2, 6), (1, 3, 6), (3, 4, 9), (4, 2, 3)]);
    let d = assert_decomposes(
        &edges,
        12,
        &[
            (6, &[(1, 2), (3, 4)]),
            (3, &[(1, 3), (3, 4), (4, 2)]),
            (3, &[(1, 3)]),
        ],
    );
    let m = &d.matchings;
    assert_eq!(m[0].tight, vec![Port::Send(1)]);
    assert_eq!(m[0].covering, vec![(1, 2)]);
    // "edge 1→2 exhausted; port 3r becomes tight": on a tie the edge is named.
    assert_eq!(m[0].reason, MuReason::EdgeExhausted((1, 2)));
    assert_eq!(m[1].tight, vec![Port::Send(1), Port::Recv(3)]);
    assert_eq!(m[1].covering, vec![(1, 3)]);
    assert_eq!(m[1].reason, MuReason::EdgeExhausted((3, 4)));
    assert_eq!(m[2].reason, MuReason::EdgeExhausted((1, 3)));
}

/// Example 1 with the paper's steady state (section 6.1, last decomposition).
#[test]
fn example_1_paper_solution() {
    let edges = graph(&[(1, 2, 4), (1, 3, 7), (3, 4, 12), (4, 2, 6)]);
    let d = assert_decomposes(
        &edges,
        12,
        &[
            (4, &[(1, 2), (3, 4)]),
            (6, &[(1, 3), (3, 4), (4, 2)]),
            (1, &[(1, 3), (3, 4)]),
            (1, &[(3, 4)]),
        ],
    );
    assert_eq!(d.matchings[0].tight, vec![Port::Send(3), Port::Recv(4)]);
    assert_eq!(d.matchings[0].covering, vec![(3, 4)]);
}

/// Example 2 (section 6.2): the star's master sends `u = 12, 6, 6` to nodes 1, 4, 2.
#[test]
fn example_2_star() {
    let edges = graph(&[(0, 1, 12), (0, 4, 6), (0, 2, 6)]);
    let d = assert_decomposes(
        &edges,
        24,
        &[(12, &[(0, 1)]), (6, &[(0, 2)]), (6, &[(0, 4)])],
    );
    // Nodes 2 and 4 would become as loaded as the master after 18 time units; node 1 is done
    // after 12.
    assert_eq!(d.matchings[0].reason, MuReason::EdgeExhausted((0, 1)));
    assert_eq!(d.matchings[1].reason, MuReason::EdgeExhausted((0, 2)));
}

/// Example 4 (section 6.4): one matching of weight 4.
#[test]
fn example_4_two_masters() {
    let edges = graph(&[(0, 2, 4), (1, 3, 4), (3, 4, 4)]);
    let d = assert_decomposes(&edges, 4, &[(4, &[(0, 2), (1, 3), (3, 4)])]);
    assert_eq!(d.matchings[0].covering, vec![(0, 2), (1, 3), (3, 4)]);
}

/// Example 5 (section 6.5): three matchings of weight 1.
#[test]
fn example_5_gadget() {
    let mut e = Vec::new();
    for i in 1..=3 {
        e.extend([(0, i, 1), (i, i + 3, 3), (i + 3, 7, 1)]);
    }
    let edges = graph(&e);
    let d = assert_decomposes(
        &edges,
        3,
        &[
            (1, &[(0, 1), (1, 4), (2, 5), (3, 6), (4, 7)]),
            (1, &[(0, 2), (1, 4), (2, 5), (3, 6), (5, 7)]),
            (1, &[(0, 3), (1, 4), (2, 5), (3, 6), (6, 7)]),
        ],
    );
    // Port 7r is covered by augmenting from it, after every tight sender port.
    assert_eq!(d.matchings[0].covering, d.matchings[0].edges);
}

/// COVER's second ending: the tight receiver port 2r is reached through sender 0, whose mate
/// 1r is not tight and gives up its edge (0→1 leaves the matching, 0→2 enters).
#[test]
fn cover_flips_to_a_non_tight_mate() {
    let edges = graph(&[(0, 1, 1), (0, 2, 1), (1, 2, 1)]);
    let d = assert_decomposes(&edges, 2, &[(1, &[(0, 2)]), (1, &[(0, 1), (1, 2)])]);
    assert_eq!(d.matchings[0].tight, vec![Port::Send(0), Port::Recv(2)]);
    assert_eq!(d.matchings[0].covering, vec![(0, 2)]);
}

/// Both endings of COVER and a longer alternating path, on a graph whose ports all reach
/// `Δ = 5` or `4`; every frame was worked out by hand.
#[test]
fn cover_follows_alternating_paths() {
    let edges = graph(&[
        (0, 0, 1),
        (0, 1, 1),
        (0, 2, 3),
        (1, 0, 2),
        (1, 2, 2),
        (2, 0, 2),
        (2, 1, 3),
    ]);
    let d = assert_decomposes(
        &edges,
        5,
        &[
            (1, &[(0, 0), (1, 2), (2, 1)]),
            (1, &[(0, 2), (2, 0)]),
            (1, &[(0, 1), (1, 2), (2, 0)]),
            (2, &[(0, 2), (1, 0), (2, 1)]),
        ],
    );
    let m = &d.matchings;
    let corners = vec![Port::Send(0), Port::Send(2), Port::Recv(0), Port::Recv(2)];
    // It. 1: 2s and 2r are covered through the tight mates 0s and 0r of their first neighbours.
    assert_eq!(m[0].tight, corners);
    assert_eq!(m[0].reason, MuReason::EdgeExhausted((0, 0)));
    // It. 2: 2r takes 0s from the non-tight 1r; 1s and 1r stay uncovered and become tight.
    assert_eq!(m[1].tight, corners);
    assert_eq!(m[1].covering, vec![(0, 2), (2, 0)]);
    assert_eq!(m[1].reason, MuReason::PortBecomesTight(Port::Send(1)));
    // It. 3: every port is tight; 2s is covered along 2s–0r–1s–2r (1s moves from 0r to 2r).
    assert_eq!(m[2].tight.len(), 6);
    assert_eq!(m[2].covering, vec![(0, 1), (1, 2), (2, 0)]);
}

#[test]
fn empty_graph_has_no_matchings() {
    let d = decompose(&[]).expect("decomposes");
    assert_eq!(d.delta, Q::zero());
    assert!(d.matchings.is_empty());
    assert_eq!(check(&[], &d), Ok(()));
}

#[test]
fn huge_node_indices_and_fractions() {
    let edges = vec![
        ((usize::MAX, 0), q(1, 3)),
        ((usize::MAX, usize::MAX), q(2, 7)),
    ];
    let d = decompose(&edges).expect("decomposes");
    assert_eq!(check(&edges, &d), Ok(()));
    assert_eq!(d.delta, q(13, 21));
}

#[test]
fn bad_input_is_an_error() {
    let zero = vec![((0, 1), qi(1)), ((2, 3), qi(0))];
    assert_eq!(
        decompose(&zero),
        Err(MatchingError::NonPositiveWeight {
            edge: (2, 3),
            weight: qi(0)
        })
    );
    let negative = vec![((0, 1), q(-1, 2))];
    let err = decompose(&negative).expect_err("negative weight");
    assert_eq!(err.to_string(), "edge 0→1: weight -0.5 must be positive");
    let twice = vec![((0, 1), qi(1)), ((0, 1), qi(2))];
    assert_eq!(decompose(&twice), Err(MatchingError::DuplicateEdge((0, 1))));
    assert!(check(
        &zero,
        &Decomposition {
            delta: qi(1),
            matchings: vec![]
        }
    )
    .is_err());
    assert!(check(
        &twice,
        &Decomposition {
            delta: qi(3),
            matchings: vec![]
        }
    )
    .is_err());
}

/// Every way of breaking a correct decomposition is caught by [`check`].
#[test]
fn check_catches_broken_decompositions() {
    let edges = graph(&[(1, 2, 6), (1, 3, 6), (3, 4, 9), (4, 2, 3)]);
    let good = decompose(&edges).expect("decomposes");
    let ways = [
        "delta",
        "mu",
        "zero mu",
        "port twice",
        "unknown edge",
        "missing edge",
        "dropped matching",
        "tight",
        "covering",
        "covering outside",
        "reason edge",
        "reason port",
    ];
    for what in ways {
        let mut d = good.clone();
        let m = &mut d.matchings;
        match what {
            "delta" => d.delta = qi(11),
            "mu" => m[2].mu = qi(2),
            "zero mu" => m[2].mu = qi(0),
            "port twice" => m[2].edges.push((1, 2)),
            "unknown edge" => m[2].edges.push((7, 7)),
            "missing edge" => m[1].edges.retain(|e| *e != (4, 2)),
            "dropped matching" => drop(m.pop()),
            "tight" => m[0].tight.push(Port::Recv(3)),
            "covering" => m[0].covering.clear(),
            "covering outside" => m[0].covering.push((4, 2)),
            "reason edge" => m[0].reason = MuReason::EdgeExhausted((3, 4)),
            _ => m[0].reason = MuReason::PortBecomesTight(Port::Recv(2)),
        }
        assert!(check(&edges, &d).is_err(), "{what} not caught");
    }
    // The tie of Example 1's first iteration may also be reported as the port.
    let mut d = good;
    d.matchings[0].reason = MuReason::PortBecomesTight(Port::Recv(3));
    assert_eq!(check(&edges, &d), Ok(()));
}

/// Random bipartite graphs: up to 8 senders × 8 receivers, weights `n/d` with `d <= 6`.
fn random_graph() -> impl Strategy<Value = Vec<((usize, usize), Q)>> {
    (1..=8usize, 1..=8usize).prop_flat_map(|(s, r)| {
        let weight = prop::option::weighted(0.5, (1..=20i64, 1..=6i64));
        proptest::collection::vec(weight, s * r).prop_map(move |ws| {
            let mut edges = Vec::new();
            for (k, w) in ws.into_iter().enumerate() {
                if let Some((n, d)) = w {
                    edges.push(((k / r, k % r), q(n, d)));
                }
            }
            edges
        })
    })
}

/// Arbitrary edge lists, including zero and negative weights and repeated edges.
fn any_edges() -> impl Strategy<Value = Vec<((usize, usize), Q)>> {
    let edge = ((0..4usize, 0..4usize), (-3..=5i64, 1..=3i64));
    proptest::collection::vec(edge, 0..10)
        .prop_map(|v| v.into_iter().map(|(e, (n, d))| (e, q(n, d))).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_graphs_decompose(edges in random_graph()) {
        let d = decompose(&edges).expect("decomposes");
        prop_assert_eq!(check(&edges, &d), Ok(()));
        let ports: BTreeSet<Port> =
            edges.iter().flat_map(|((i, j), _)| [Port::Send(*i), Port::Recv(*j)]).collect();
        prop_assert!(d.matchings.len() <= edges.len() + ports.len());
    }

    #[test]
    fn any_input_gives_a_result_or_an_error(edges in any_edges()) {
        let bad = edges.iter().any(|(_, w)| !w.is_positive())
            || edges.iter().map(|(e, _)| e).collect::<BTreeSet<_>>().len() < edges.len();
        match decompose(&edges) {
            Ok(d) => {
                prop_assert!(!bad);
                prop_assert_eq!(check(&edges, &d), Ok(()));
            }
            Err(MatchingError::Internal(e)) => prop_assert!(false, "internal error {}", e),
            Err(_) => prop_assert!(bad),
        }
    }
}
