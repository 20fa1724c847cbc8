//! The closed form against every tree and star example of steady-state.md section 6, and its
//! invariants on random trees.

use proptest::prelude::*;

use super::*;
use crate::generate::{self, Shape as GenShape};
use crate::presets;
use crate::rational::{parse_cost, q, qi};
use crate::steady_state::verify;
use crate::trace::{Step, STEP_CAP};

fn preset(name: &str) -> SteadyState {
    presets::steady_state(name).unwrap()
}

fn instance(json: &str) -> SteadyState {
    SteadyState::from_json(json).unwrap()
}

/// A steady-state instance from `(id, w, master)` nodes and `(from, to, c)` links.
fn platform(nodes: &[(i64, &str, bool)], links: &[(i64, i64, &str)]) -> SteadyState {
    let nodes: Vec<String> = nodes
        .iter()
        .map(|(i, w, m)| format!(r#"{{"id":{i},"w":"{w}","master":{m}}}"#))
        .collect();
    let links: Vec<String> = links
        .iter()
        .map(|(a, b, c)| format!(r#"{{"from":{a},"to":{b},"c":"{c}"}}"#))
        .collect();
    instance(&format!(
        r#"{{"problem":"steady-state","version":1,"platform":{{"nodes":[{}],"links":[{}]}}}}"#,
        nodes.join(","),
        links.join(",")
    ))
}

/// Rate of tasks computed by the node with this id.
fn x(inst: &SteadyState, sol: &TreeSolution, id: i64) -> Q {
    let i = inst
        .platform
        .index_of(&crate::platform::NodeId::Int(id))
        .unwrap();
    sol.rates.x[i].clone()
}

/// Rate on the arc `a→b`.
fn f(inst: &SteadyState, sol: &TreeSolution, a: i64, b: i64) -> Q {
    let arcs = inst.platform.arcs();
    let ia = inst
        .platform
        .index_of(&crate::platform::NodeId::Int(a))
        .unwrap();
    let ib = inst
        .platform
        .index_of(&crate::platform::NodeId::Int(b))
        .unwrap();
    let k = arcs
        .iter()
        .position(|arc| arc.from == ia && arc.to == ib)
        .unwrap();
    sol.rates.f[k].clone()
}

/// Solves, and checks every invariant of guide.md section 2 on the way.
fn check(inst: &SteadyState) -> TreeSolution {
    let sol = solve(inst).unwrap();
    let traced = solve_traced(inst).unwrap();
    assert_eq!(traced.solution, sol, "solve and solve_traced agree");
    assert!(traced.trace.len() < STEP_CAP && traced.trace.dropped == 0);
    verify(inst, &sol.rates, &sol.throughput).unwrap();
    schedule::verify(inst, &inst.platform.arcs(), &sol.rates, &sol.schedule).unwrap();
    let ids = inst.platform.ids();
    for s in &traced.trace.steps {
        assert!(!s.caption(&ids).is_empty());
        assert!(s.phase().line < TREE_PSEUDOCODE.len());
    }
    // Replaying the whole trace yields the solution.
    let end = traced
        .trace
        .state_at(TreeState::new(inst.platform.nodes.len()), usize::MAX);
    assert_eq!(end.throughput.as_ref(), Some(&sol.throughput));
    let arcs = inst.platform.arcs();
    for (i, xi) in sol.rates.x.iter().enumerate() {
        if sol.usage[i] != NodeUse::Unreachable {
            assert_eq!(end.x[i].as_ref(), Some(xi), "x of node {i}");
        }
    }
    for (k, fk) in sol.rates.f.iter().enumerate() {
        if !fk.is_zero() {
            assert_eq!(end.rate_in[arcs[k].to].as_ref(), Some(fk));
        }
    }
    sol
}

#[test]
fn example_2_star_with_bandwidth_saturation() {
    let inst = preset("star-example-2");
    let sol = check(&inst);
    assert_eq!(sol.throughput, q(29, 24));
    let xs: Vec<Q> = [0, 1, 2, 3, 4].iter().map(|&i| x(&inst, &sol, i)).collect();
    assert_eq!(xs, vec![q(1, 3), q(1, 2), q(1, 8), qi(0), q(1, 4)]);
    assert_eq!(
        (
            f(&inst, &sol, 0, 1),
            f(&inst, &sol, 0, 4),
            f(&inst, &sol, 0, 2)
        ),
        (q(1, 2), q(1, 4), q(1, 8))
    );
    assert_eq!(f(&inst, &sol, 0, 3), qi(0));
    assert_eq!(
        sol.class,
        vec![
            None,
            Some(Class::Full),
            Some(Class::Partial),
            Some(Class::Unused),
            Some(Class::Full)
        ]
    );
    // The whole star is worth one node of weight w_eq = 24/29.
    assert_eq!(sol.throughput.recip(), q(24, 29));
    // The slow-link child 3 has a fast processor (w=2) and stays unused: bandwidth-centric.
    assert_eq!(sol.usage[3], NodeUse::Idle);
    assert_eq!(sol.usage[2], NodeUse::Partial);
}

#[test]
fn example_3_depth_three_tree_with_a_router() {
    let inst = preset("tree-example-3");
    let sol = check(&inst);
    assert_eq!(sol.throughput, q(35, 24));
    let sub = |i: usize| sol.rho_sub[i].clone().unwrap();
    assert_eq!(
        (sub(3), sub(4), sub(1), sub(2), sub(5), sub(6)),
        (q(5, 6), q(1, 2), q(11, 12), q(1, 2), q(1, 2), q(1, 2))
    );
    let xs: Vec<Q> = (0..7).map(|i| x(&inst, &sol, i)).collect();
    assert_eq!(
        xs,
        vec![q(1, 2), qi(0), q(1, 24), q(1, 3), q(1, 12), qi(0), q(1, 2)]
    );
    let fs = [
        (0, 1, q(11, 12)),
        (0, 2, q(1, 24)),
        (1, 3, q(5, 6)),
        (1, 4, q(1, 12)),
        (3, 6, q(1, 2)),
        (2, 5, qi(0)),
    ];
    for (a, b, want) in fs {
        assert_eq!(f(&inst, &sol, a, b), want, "f_{a}{b}");
    }
    assert_eq!(sol.class[4], Some(Class::Partial));
    assert_eq!(sol.class[2], Some(Class::Partial));
    assert_eq!(sol.class[3], Some(Class::Full));
    assert_eq!(sol.usage[1], NodeUse::Router);
    assert_eq!(sol.usage[5], NodeUse::Idle);
    let alpha =
        |i: usize| &sol.rates.x[i] * inst.platform.nodes[i].w.as_ref().unwrap().finite().unwrap();
    assert_eq!(
        (alpha(0), alpha(2), alpha(3), alpha(4), alpha(6)),
        (qi(1), q(1, 6), qi(1), q(1, 12), qi(1))
    );
}

#[test]
fn example_1_spanning_trees() {
    // Removing one link of the paper's platform leaves a spanning tree (section 6.1).
    let links = [(1, 2, "2"), (1, 3, "1"), (3, 4, "3"), (2, 4, "3")];
    let nodes = [
        (1, "1", true),
        (2, "3", false),
        (3, "4", false),
        (4, "6", false),
    ];
    for (removed, want) in [(0, q(19, 12)), (1, q(3, 2)), (3, q(41, 24)), (2, q(13, 8))] {
        let kept: Vec<_> = links
            .iter()
            .enumerate()
            .filter(|(k, _)| *k != removed)
            .map(|(_, l)| *l)
            .collect();
        let sol = check(&platform(&nodes, &kept));
        assert_eq!(sol.throughput, want, "without link {:?}", links[removed]);
    }
}

#[test]
fn example_5_any_spanning_tree_gets_one_third() {
    let inst = preset("gadget-example-5");
    assert!(matches!(solve(&inst), Err(TreeError::NotApplicable(_))));
    let nodes = [
        (0, "inf", true),
        (1, "inf", false),
        (2, "inf", false),
        (3, "inf", false),
        (4, "inf", false),
        (5, "inf", false),
        (6, "inf", false),
        (7, "1", false),
    ];
    let tree = [
        (0, 1, "1"),
        (1, 4, "3"),
        (4, 7, "1"),
        (0, 2, "1"),
        (2, 5, "3"),
        (0, 3, "1"),
        (3, 6, "3"),
    ];
    assert_eq!(check(&platform(&nodes, &tree)).throughput, q(1, 3));
}

#[test]
fn edge_cases_of_section_6_7() {
    let single = check(&platform(&[(0, "5", true)], &[]));
    assert_eq!(single.throughput, q(1, 5));
    let nobody = check(&platform(
        &[(0, "inf", true), (1, "inf", false)],
        &[(0, 1, "1")],
    ));
    assert_eq!(nobody.throughput, qi(0));
    let one_way = instance(
        r#"{"problem":"steady-state","version":1,"platform":{"nodes":[{"id":0,"w":"inf","master":true},{"id":1,"w":1}],
            "links":[{"from":1,"to":0,"c":1,"directed":true}]}}"#,
    );
    let sol = check(&one_way);
    assert_eq!(sol.throughput, qi(0));
    assert_eq!(sol.usage[1], NodeUse::Unreachable);
    let huge = check(&platform(
        &[(0, "1/1000", true), (1, "1000000000", false)],
        &[(0, 1, "1000000000000")],
    ));
    let Cost::Finite(want) = parse_cost("1000000000000001/1000000000000").unwrap() else {
        unreachable!()
    };
    assert_eq!(huge.throughput, want);
}

#[test]
fn refuses_what_it_cannot_solve_with_the_reason() {
    let msg = |inst: &SteadyState| solve(inst).unwrap_err().to_string();
    assert!(
        msg(&preset("example-1")).contains("closes a cycle"),
        "{}",
        msg(&preset("example-1"))
    );
    assert!(msg(&preset("two-masters-example-4")).contains("exactly one master"));
    let mut star = preset("star-example-2");
    star.data_out = q(1, 2);
    assert!(msg(&star).contains("data_out"));
}

#[test]
fn data_in_scales_every_transfer() {
    let mut star = preset("star-example-2");
    star.data_in = qi(2);
    // Doubling the message size is the same as doubling every link cost.
    let doubled = platform(
        &[
            (0, "3", true),
            (1, "2", false),
            (2, "5", false),
            (3, "2", false),
            (4, "4", false),
        ],
        &[(0, 1, "2"), (0, 2, "4"), (0, 3, "6"), (0, 4, "2")],
    );
    assert_eq!(check(&star).throughput, check(&doubled).throughput);
}

#[test]
fn captions_read_as_sentences() {
    let inst = preset("star-example-2");
    let traced = solve_traced(&inst).unwrap();
    let ids = inst.platform.ids();
    let caps = crate::trace::captions(&traced.trace, ids.as_slice());
    assert_eq!(caps.len(), 15);
    assert_eq!(caps[1], "Sorted the children of 0 by link cost, cheapest first: 1 (c = 1), 4 (c = 1), 2 (c = 2), 3 (c = 3). The cheapest links are served first, whatever the speed behind them.");
    assert_eq!(caps[4], "Fed 2 partially: it would need 2/5 of 0's sending time but only 1/4 is left, so it gets 1/4 ÷ 2 = 1/8 task(s) per time unit and the port is now saturated.");
    assert_eq!(
        caps[7],
        "The optimal steady-state throughput is ρ* = 29/24 ≈ 1.2083 tasks per time unit."
    );
    assert_eq!(caps[8], "Allocated at 0: of 29/24 task(s) per time unit arriving, it computes 1/3 and sends 1/2 to 1, 1/4 to 4, 1/8 to 2.");
    assert_eq!(caps[13], "One period lasts T = 24 (the least common multiple of the rates' denominators): 0 computes 8, 1 computes 12, 2 computes 3, 4 computes 6, 29 tasks per period. In a tree every node receives from its parent only, so no matchings are needed and the scale factor is A = 1.");
    assert_eq!(caps[14], "0 sends back to back, cheapest link first: 12 file(s) to 1 in [0, 12), 6 file(s) to 4 in [12, 18), 3 file(s) to 2 in [18, 24); its sending port is busy 24 time units of the period.");
}

/// A random tree-shaped instance: generated star, tree or chain, some nodes turned into routers.
fn random_tree() -> impl Strategy<Value = SteadyState> {
    (
        0usize..3,
        1usize..25,
        any::<u64>(),
        proptest::collection::vec(any::<bool>(), 25),
    )
        .prop_map(|(shape, n, seed, routers)| {
            let shape = [GenShape::Star, GenShape::Tree, GenShape::Chain][shape];
            let mut p = generate::platform(shape, n, seed);
            for (node, router) in p.nodes.iter_mut().zip(routers).skip(1) {
                if router && seed % 3 == 0 {
                    node.w = Some(Cost::Inf);
                }
            }
            SteadyState::new(p)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn invariants_on_random_trees(inst in random_tree()) {
        let sol = check(&inst);
        // Never more than the whole platform's computing power.
        let total: Q = inst.platform.nodes.iter().map(|n| n.w.as_ref().map_or_else(Q::zero, Cost::recip)).sum();
        prop_assert!(sol.throughput <= total);
    }
}
