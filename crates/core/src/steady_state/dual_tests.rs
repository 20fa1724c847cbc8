//! The prices of section 2.10 certify `ρ*` exactly: on every worked example of steady-state.md
//! section 6 (with and without result files, several masters, an unreachable node) and on
//! seeded random general graphs, the dual prices are feasible and sum to the LP value, and the
//! checker rejects prices that prove less.

use proptest::prelude::*;

use super::dual::{certificate, check, Certificate};
use super::lp::solve;
use super::verify;
use crate::generate::{self, Shape};
use crate::presets;
use crate::rational::{q, qi, Q};
use crate::steady_state::SteadyState;

fn preset(name: &str) -> SteadyState {
    presets::steady_state(name).unwrap()
}

/// Primal rates feasible with value ρ*, dual prices feasible with bound ρ*: ρ* is optimal.
fn certified(inst: &SteadyState) -> (Q, Certificate) {
    let sol = solve(inst).unwrap();
    if inst.data_out == qi(0) {
        verify(inst, &sol.rates, &sol.throughput).unwrap();
    }
    let cert = certificate(inst).unwrap();
    check(inst, &cert, &sol.throughput).unwrap();
    (sol.throughput, cert)
}

#[test]
fn the_spec_examples_are_certified() {
    for (name, want) in [
        ("example-1", q(7, 4)),
        ("star-example-2", q(29, 24)),
        ("tree-example-3", q(35, 24)),
        ("two-masters-example-4", q(7, 4)),
        ("gadget-example-5", qi(1)),
    ] {
        let (rho, cert) = certified(&preset(name));
        assert_eq!(rho, want, "{name}");
        assert_eq!(cert.bound(), want, "{name}");
    }
    // Section 6.6: result files, ρ* = 7/4; data_out = 1 gives 55/32, 2 gives 23/16.
    for (out, want) in [(q(1, 2), q(7, 4)), (qi(1), q(55, 32)), (qi(2), q(23, 16))] {
        let mut e1 = preset("example-1");
        e1.data_out = out;
        assert_eq!(certified(&e1).0, want);
    }
}

#[test]
fn example_2_prices_read_as_the_bandwidth_argument() {
    // The star: the master's sending port and its own computing are the bottlenecks.
    let inst = preset("star-example-2");
    let (_, cert) = certified(&inst);
    assert!(cert.send[0] > qi(0), "the master's sending port is priced");
    // Unused child 3 (behind the slowest link) costs at least 1 per task like every worker.
    assert!(&cert.deliver[3] + qi(2) * &cert.compute[3] >= qi(1));
}

#[test]
fn the_checker_rejects_prices_that_prove_less() {
    let inst = preset("example-1");
    let (rho, cert) = certified(&inst);
    // Lowering any positive price breaks feasibility or the sum.
    for k in 0..cert.compute.len() {
        for which in 0..3 {
            let mut bad = cert.clone();
            let v = match which {
                0 => &mut bad.compute[k],
                1 => &mut bad.send[k],
                _ => &mut bad.recv[k],
            };
            if *v > qi(0) {
                *v = &*v / qi(2);
                assert!(check(&inst, &bad, &rho).is_err());
                // Even against the lower sum the prices no longer prove anything.
                let lower = bad.bound();
                assert!(
                    check(&inst, &bad, &lower).is_err(),
                    "node {k}, price {which}"
                );
            }
        }
    }
    // A claimed bound other than the sum.
    assert!(check(&inst, &cert, &(&rho + q(1, 100))).is_err());
    // Negative prices are refused.
    let mut neg = cert.clone();
    neg.send[1] = qi(-1);
    assert!(check(&inst, &neg, &rho).is_err());
    // A master's delivery price must be 0.
    let mut master = cert;
    master.deliver[0] = qi(1);
    assert!(check(&inst, &master, &rho).is_err());
}

#[test]
fn zero_throughput_is_certified_by_zero_prices() {
    let inst = SteadyState::from_json(
        r#"{"problem":"steady-state","version":1,"platform":{"nodes":[{"id":0,"w":"inf","master":true},{"id":1,"w":1}],"links":[{"from":1,"to":0,"c":1,"directed":true}]}}"#,
    )
    .unwrap();
    let (rho, cert) = certified(&inst);
    assert_eq!(rho, qi(0));
    assert_eq!(cert.bound(), qi(0));
}

/// A random general graph, sometimes with a second master, routers and result files.
fn random_graph() -> impl Strategy<Value = SteadyState> {
    (
        0usize..3,
        2usize..10,
        any::<u64>(),
        0u8..4,
        proptest::collection::vec(any::<bool>(), 10),
    )
        .prop_map(|(shape, n, seed, extra, routers)| {
            let shape = [Shape::Random, Shape::Clusters, Shape::Ring][shape];
            let mut p = generate::platform(shape, n, seed);
            let last = p.nodes.len() - 1;
            if extra & 1 == 1 {
                p.nodes[last].master = true;
            }
            for (node, router) in p.nodes.iter_mut().zip(routers).skip(1) {
                if router && seed % 4 == 0 {
                    node.w = Some(crate::rational::Cost::Inf);
                }
            }
            let mut inst = SteadyState::new(p);
            if extra & 2 == 2 {
                inst.data_out = q(1, 2);
            }
            inst
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Dual feasibility and equal objective, in exact rationals, on random general graphs.
    #[test]
    fn prices_certify_rho_on_random_graphs(inst in random_graph()) {
        let sol = solve(&inst).unwrap();
        let cert = certificate(&inst).map_err(|e| TestCaseError::fail(e.to_string()))?;
        check(&inst, &cert, &sol.throughput).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(cert.bound(), sol.throughput);
    }
}
