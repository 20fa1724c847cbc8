//! The steady-state LP against every worked example of steady-state.md section 6, and against
//! the tree closed form on random trees.

use proptest::prelude::*;

use super::alloc::allocations;
use super::lp::{solve, LpSolution};
use super::{pipeline, tree, verify};
use crate::generate::{self, Shape};
use crate::periodic::{simulate, verify as verify_pattern};
use crate::platform::NodeId;
use crate::presets;
use crate::rational::{parse_q, q, qi, Q};
use crate::steady_state::SteadyState;

fn preset(name: &str) -> SteadyState {
    presets::steady_state(name).unwrap()
}

fn instance(json: &str) -> SteadyState {
    SteadyState::from_json(json).unwrap()
}

fn idx(inst: &SteadyState, id: i64) -> usize {
    inst.platform.index_of(&NodeId::Int(id)).unwrap()
}

fn arc(inst: &SteadyState, a: i64, b: i64) -> usize {
    let (a, b) = (idx(inst, a), idx(inst, b));
    inst.platform
        .arcs()
        .iter()
        .position(|x| x.from == a && x.to == b)
        .unwrap()
}

/// Solves, verifies the rates against the LP's constraints (base model), and returns.
fn check(inst: &SteadyState) -> LpSolution {
    let sol = solve(inst).unwrap();
    if inst.data_out == qi(0) {
        verify(inst, &sol.rates, &sol.throughput).unwrap();
    }
    sol
}

/// The allocations as `(master id, worker id, route length, weight)`.
fn routes(inst: &SteadyState, sol: &LpSolution) -> Vec<(String, String, usize, Q)> {
    let masters: Vec<bool> = inst.platform.nodes.iter().map(|n| n.master).collect();
    let arcs = inst.platform.arcs();
    let ids = inst.platform.ids();
    let list = allocations(&masters, &arcs, &sol.rates.x, &sol.rates.f, &sol.g);
    let total: Q = list.iter().map(|a| a.weight.clone()).sum();
    assert_eq!(total, sol.throughput, "allocation weights sum to ρ*");
    list.iter()
        .map(|a| {
            (
                ids[a.master].to_string(),
                ids[a.worker].to_string(),
                a.path_in.len(),
                a.weight.clone(),
            )
        })
        .collect()
}

#[test]
fn example_1_the_papers_platform() {
    let inst = preset("example-1");
    let sol = check(&inst);
    assert_eq!(sol.throughput, q(7, 4));
    assert_eq!(sol.comm_min, qi(2));
    assert_eq!(sol.rates.x, vec![qi(1), q(1, 3), q(1, 4), q(1, 6)]);
    for (a, b, want) in [
        (1, 2, q(1, 4)),
        (1, 3, q(1, 2)),
        (3, 4, q(1, 4)),
        (4, 2, q(1, 12)),
        (2, 1, qi(0)),
        (3, 1, qi(0)),
    ] {
        assert_eq!(sol.rates.f[arc(&inst, a, b)], want, "f_{a}{b}");
    }
    // Every node computes all the time, and the master's sending port is saturated (§6.1 ports).
    let b = super::binding(&inst, &sol.rates, &sol.g);
    assert_eq!(
        b,
        vec![
            super::Binding::Compute(0),
            super::Binding::Send(0),
            super::Binding::Compute(1),
            super::Binding::Compute(2),
            super::Binding::Compute(3)
        ]
    );
    let r = routes(&inst, &sol);
    let want: Vec<(String, String, usize, Q)> = vec![
        ("1".into(), "1".into(), 0, qi(1)),
        ("1".into(), "2".into(), 1, q(1, 4)),
        ("1".into(), "3".into(), 1, q(1, 4)),
        ("1".into(), "4".into(), 2, q(1, 6)),
        ("1".into(), "2".into(), 3, q(1, 12)),
    ];
    assert_eq!(r, want);
}

/// `(send, receive)` busy time of every node, by node index: `Σ c·(data_in·f + data_out·g)`
/// over its outgoing, resp. incoming, arcs.
fn ports(inst: &SteadyState, sol: &LpSolution) -> Vec<(Q, Q)> {
    let arcs = inst.platform.arcs();
    let busy =
        |k: usize| &arcs[k].c * (&inst.data_in * &sol.rates.f[k] + &inst.data_out * &sol.g[k]);
    (0..inst.platform.nodes.len())
        .map(|i| {
            let sum = |pick: &dyn Fn(&crate::platform::Arc) -> bool| -> Q {
                (0..arcs.len()).filter(|&k| pick(&arcs[k])).map(busy).sum()
            };
            (sum(&|a| a.from == i), sum(&|a| a.to == i))
        })
        .collect()
}

/// The allocations as `"path_in | path_out"` node chains (`"local 1"` for the master's own
/// share) with their weights.
fn named_routes(inst: &SteadyState, sol: &LpSolution) -> Vec<(String, Q)> {
    let masters: Vec<bool> = inst.platform.nodes.iter().map(|n| n.master).collect();
    let arcs = inst.platform.arcs();
    let ids = inst.platform.ids();
    let chain = |start: usize, path: &[usize]| -> String {
        let mut nodes = vec![ids[start].to_string()];
        nodes.extend(path.iter().map(|&k| ids[arcs[k].to].to_string()));
        nodes.join("→")
    };
    let list = allocations(&masters, &arcs, &sol.rates.x, &sol.rates.f, &sol.g);
    let total: Q = list.iter().map(|a| a.weight.clone()).sum();
    assert_eq!(total, sol.throughput, "allocation weights sum to ρ*");
    list.iter()
        .map(|a| {
            let name = if a.path_in.is_empty() {
                format!("local {}", ids[a.worker])
            } else if a.path_out.is_empty() {
                chain(a.master, &a.path_in)
            } else {
                format!(
                    "{} | {}",
                    chain(a.master, &a.path_in),
                    chain(a.worker, &a.path_out)
                )
            };
            (name, a.weight.clone())
        })
        .collect()
}

#[test]
fn section_6_1_port_loads() {
    // Node 1 send 1; node 2 recv 3/4; node 3 send 3/4, recv 1/2; node 4 send 1/4, recv 3/4.
    let inst = preset("example-1");
    let sol = check(&inst);
    let p = ports(&inst, &sol);
    let at = |id| p[idx(&inst, id)].clone();
    assert_eq!(at(1), (qi(1), qi(0)), "node 1");
    assert_eq!(at(2), (qi(0), q(3, 4)), "node 2");
    assert_eq!(at(3), (q(3, 4), q(1, 2)), "node 3");
    assert_eq!(at(4), (q(1, 4), q(3, 4)), "node 4");
}

#[test]
fn section_6_1_the_papers_steady_state_is_feasible_and_optimal() {
    // x = (1, 1/3, 1/4, 1/6), f_12 = 1/6, f_13 = 7/12, f_34 = 1/3, f_42 = 1/6 reaches ρ* = 7/4.
    let inst = preset("example-1");
    let arcs = inst.platform.arcs().len();
    let mut f = vec![qi(0); arcs];
    for (a, b, v) in [
        (1, 2, q(1, 6)),
        (1, 3, q(7, 12)),
        (3, 4, q(1, 3)),
        (4, 2, q(1, 6)),
    ] {
        f[arc(&inst, a, b)] = v;
    }
    let mut x = vec![qi(0); 4];
    for (id, v) in [(1, qi(1)), (2, q(1, 3)), (3, q(1, 4)), (4, q(1, 6))] {
        x[idx(&inst, id)] = v;
    }
    let rates = super::Rates { x, f };
    verify(&inst, &rates, &q(7, 4)).unwrap();
    assert_eq!(check(&inst).throughput, q(7, 4));
}

#[test]
fn examples_2_and_3_agree_with_the_closed_form() {
    for (name, rho, comm) in [
        ("star-example-2", q(29, 24), qi(1)),
        ("tree-example-3", q(35, 24), q(5, 2)),
    ] {
        let inst = preset(name);
        let sol = check(&inst);
        assert_eq!(
            (sol.throughput.clone(), sol.comm_min.clone()),
            (rho, comm),
            "{name}"
        );
        // Stage 2 is unique on these trees and equals the local-first allocation.
        assert_eq!(sol.rates, tree::solve(&inst).unwrap().rates, "{name}");
    }
}

#[test]
fn example_4_two_masters_and_one_way_arcs() {
    let inst = preset("two-masters-example-4");
    let sol = check(&inst);
    assert_eq!(
        (sol.throughput.clone(), sol.comm_min.clone()),
        (q(7, 4), qi(3))
    );
    let x = |id| sol.rates.x[idx(&inst, id)].clone();
    assert_eq!((x(0), x(2), x(4), x(6)), (q(1, 4), q(1, 2), qi(1), qi(0)));
    for (a, b, want) in [(0, 2, q(1, 2)), (1, 3, qi(1)), (3, 4, qi(1))] {
        assert_eq!(sol.rates.f[arc(&inst, a, b)], want);
    }
    let mut only0 = inst.clone();
    only0.platform.nodes[idx(&inst, 1)].master = false;
    assert_eq!(check(&only0).throughput, q(3, 4));
    let mut only1 = inst.clone();
    only1.platform.nodes[idx(&inst, 0)].master = false;
    assert_eq!(check(&only1).throughput, qi(1));
}

#[test]
fn example_5_the_graph_beats_every_spanning_tree() {
    let sol = check(&preset("gadget-example-5"));
    assert_eq!((sol.throughput, sol.comm_min), (qi(1), qi(5)));
}

#[test]
fn example_6_result_files() {
    let base = preset("example-1");
    let mut inst = base.clone();
    inst.data_out = q(1, 2);
    let sol = check(&inst);
    assert_eq!(
        (sol.throughput.clone(), sol.comm_min.clone()),
        (q(7, 4), q(67, 24))
    );
    for (a, b, want) in [(2, 1, q(1, 3)), (3, 1, q(5, 12)), (4, 3, q(1, 6))] {
        assert_eq!(sol.g[arc(&inst, a, b)], want, "g_{a}{b}");
    }
    // Inputs as in 6.1's canonical solution.
    for (a, b, want) in [
        (1, 2, q(1, 4)),
        (1, 3, q(1, 2)),
        (3, 4, q(1, 4)),
        (4, 2, q(1, 12)),
    ] {
        assert_eq!(sol.rates.f[arc(&inst, a, b)], want, "f_{a}{b}");
    }
    assert_eq!(
        sol.rates.f.iter().filter(|v| **v != qi(0)).count(),
        4,
        "all other f are 0"
    );
    assert_eq!(
        sol.g.iter().filter(|v| **v != qi(0)).count(),
        3,
        "all other g are 0"
    );
    // Ports (send / recv): 1: 1 / 13/24; 2: 1/3 / 3/4; 3: 23/24 / 3/4; 4: 1/2 / 3/4.
    let p = ports(&inst, &sol);
    for (id, send, recv) in [
        (1, qi(1), q(13, 24)),
        (2, q(1, 3), q(3, 4)),
        (3, q(23, 24), q(3, 4)),
        (4, q(1, 2), q(3, 4)),
    ] {
        assert_eq!(p[idx(&inst, id)], (send, recv), "node {id}");
    }
    // Allocations: local 1; 1→2 | 2→1 1/4; 1→3 | 3→1 1/4; 1→3→4 | 4→3→1 1/6;
    // 1→3→4→2 | 2→1 1/12.
    let want: Vec<(String, Q)> = [
        ("local 1", qi(1)),
        ("1→2 | 2→1", q(1, 4)),
        ("1→3 | 3→1", q(1, 4)),
        ("1→3→4 | 4→3→1", q(1, 6)),
        ("1→3→4→2 | 2→1", q(1, 12)),
    ]
    .into_iter()
    .map(|(n, w)| (n.to_owned(), w))
    .collect();
    assert_eq!(named_routes(&inst, &sol), want);
    for (size, want) in [(qi(1), q(55, 32)), (qi(2), q(23, 16))] {
        let mut other = base.clone();
        other.data_out = size;
        assert_eq!(check(&other).throughput, want);
    }
}

#[test]
fn edge_cases_of_section_6_7() {
    let one = instance(
        r#"{"problem":"steady-state","version":1,"platform":{"nodes":[{"id":0,"w":5,"master":true}]}}"#,
    );
    assert_eq!(check(&one).throughput, q(1, 5));
    let routers = instance(
        r#"{"problem":"steady-state","version":1,"platform":{"nodes":[{"id":0,"w":"inf","master":true},{"id":1,"w":"inf"}],"links":[{"from":0,"to":1,"c":1}]}}"#,
    );
    assert_eq!(check(&routers).throughput, qi(0));
    let one_way = instance(
        r#"{"problem":"steady-state","version":1,"platform":{"nodes":[{"id":0,"w":"inf","master":true},{"id":1,"w":1}],"links":[{"from":1,"to":0,"c":1,"directed":true}]}}"#,
    );
    assert_eq!(check(&one_way).throughput, qi(0));
    let huge = instance(
        r#"{"problem":"steady-state","version":1,"platform":{"nodes":[{"id":0,"w":"1/1000","master":true},{"id":1,"w":1000000000}],"links":[{"from":0,"to":1,"c":1000000000000}]}}"#,
    );
    let sol = check(&huge);
    assert_eq!(
        sol.throughput,
        parse_q("1000000000000001/1000000000000").unwrap()
    );
    assert_eq!(sol.comm_min, qi(1));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]
    /// The LP and the closed form agree exactly on random trees and stars.
    #[test]
    fn lp_equals_the_closed_form_on_trees(shape in 0usize..3, n in 1usize..10, seed in any::<u64>()) {
        let shape = [Shape::Star, Shape::Tree, Shape::Chain][shape];
        let inst = SteadyState::new(generate::platform(shape, n, seed));
        let lp = check(&inst);
        prop_assert_eq!(lp.throughput, tree::solve(&inst).unwrap().throughput);
    }

    /// On random graphs the canonical rates are feasible, allocations sum to ρ*, and the
    /// periodic schedule passes the slot-by-slot verifier and the simulation.
    #[test]
    fn canonical_rates_are_feasible_on_random_graphs(n in 2usize..9, seed in any::<u64>()) {
        let inst = SteadyState::new(generate::platform(Shape::Random, n, seed));
        let sol = check(&inst);
        let _ = routes(&inst, &sol);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    /// The whole pipeline on 1000 random platforms: every schedule is verified slot by slot
    /// (matching invariants included), and the simulation completes between
    /// `tasks·(R − depth)` and `ρ*·R·L` tasks in `R` periods.
    #[test]
    fn every_schedule_verifies_and_simulates(shape in 0usize..4, n in 1usize..8, seed in any::<u64>()) {
        let shape = [Shape::Random, Shape::Clusters, Shape::Ring, Shape::Tree][shape];
        let inst = SteadyState::new(generate::platform(shape, n, seed));
        let pipe = pipeline::solve(&inst).unwrap();
        let pat = pipe.pattern.as_ref().unwrap();
        let arcs = inst.platform.arcs();
        let fl = pipe.lp.flows(&inst, &arcs);
        verify_pattern(pat, &fl).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let rounds = 12u64;
        let sim = simulate(pat, &fl, rounds).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let deepest = pat.depth.iter().flatten().copied().max().unwrap_or(0) as u64;
        let per_period = Q::from_integer(pat.tasks());
        prop_assert_eq!(per_period.clone(), &pipe.lp.throughput * Q::from_integer(pat.length.clone()));
        for (r, done) in (1..=rounds).zip(sim) {
            let done = Q::from_integer(done);
            prop_assert!(done <= &per_period * qi(i64::try_from(r).unwrap()));
            prop_assert!(done >= &per_period * qi(i64::try_from(r.saturating_sub(deepest)).unwrap()));
        }
    }
}

#[test]
fn operating_models_and_shared_links() {
    use super::models::throughput_under;
    use super::port_model::PortModel;
    // Section 6.1: LP-only variants on the paper's platform.
    let inst = preset("example-1");
    let want = [qi(7) / qi(4), q(7, 4), qi(1), q(67, 45), q(55, 32), qi(1)];
    for (model, want) in PortModel::ALL.into_iter().zip(want) {
        assert_eq!(
            throughput_under(&inst, model, false).unwrap(),
            want,
            "{}",
            model.name()
        );
    }
    assert_eq!(
        throughput_under(&inst, PortModel::OnePort, true).unwrap(),
        q(7, 4)
    );
    // Section 6.6: result files with shared links.
    let mut e1 = inst.clone();
    e1.data_out = q(1, 2);
    assert_eq!(
        throughput_under(&e1, PortModel::OnePort, true).unwrap(),
        q(7, 4)
    );
    let two = instance(
        r#"{"problem":"steady-state","version":1,"data_out":1,"platform":{"nodes":[{"id":0,"w":"inf","master":true},{"id":1,"w":1}],"links":[{"from":0,"to":1,"c":1}]}}"#,
    );
    assert_eq!(
        throughput_under(&two, PortModel::OnePort, false).unwrap(),
        qi(1)
    );
    assert_eq!(
        throughput_under(&two, PortModel::OnePort, true).unwrap(),
        q(1, 2)
    );
}
