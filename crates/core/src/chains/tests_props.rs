//! Property tests: every exact algorithm against the exhaustive reference on tiny instances
//! (many ties), the algorithms against each other and the checker on larger ones, the bounds
//! and lemmas of §4, probe monotonicity, solve = traced solve = replay, and instance round trips.

use proptest::prelude::*;

use super::chain::Chain;
use super::exhaustive::exhaustive;
use super::probe::{lr_probe, lr_probe_in};
use super::ratio::{Value, R};
use super::tests::EXACT;
use super::*;
use crate::chains::Chains;
use crate::families::Instance;

fn tiny() -> impl Strategy<Value = ChainsInput> {
    (
        proptest::collection::vec(1u64..6, 1..=10),
        proptest::collection::vec(1u64..5, 1..=6),
    )
        .prop_map(|(w, e)| ChainsInput::new(w, e))
}

fn medium() -> impl Strategy<Value = ChainsInput> {
    (
        proptest::collection::vec(1u64..60, 1..=300),
        proptest::collection::vec(1u64..9, 1..=40),
    )
        .prop_map(|(w, e)| ChainsInput::new(w, e))
}

fn small() -> impl Strategy<Value = ChainsInput> {
    (
        proptest::collection::vec(1u64..60, 1..=60),
        proptest::collection::vec(1u64..9, 1..=10),
    )
        .prop_map(|(w, e)| ChainsInput::new(w, e))
}

fn chain(inp: &ChainsInput) -> Chain {
    Chain::new(&inp.weights, &inp.speeds)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    /// §6 test invariant: every exact algorithm equals exhaustive enumeration, and its
    /// partition passes the checker.
    #[test]
    fn exact_algorithms_match_the_exhaustive_reference(inp in tiny()) {
        let (opt, _) = exhaustive(&chain(&inp)).unwrap();
        for alg in EXACT {
            let sol = solve(&inp, alg).unwrap();
            prop_assert_eq!(&sol.bottleneck, &opt.exact(), "{}", alg);
            prop_assert!(verify(&inp, &sol).is_ok(), "{}", alg);
        }
        for alg in ["rb", "mp", "eps-bisection"] {
            let sol = solve(&inp, alg).unwrap();
            prop_assert!(sol.bottleneck >= opt.exact(), "{}", alg);
            prop_assert!(verify(&inp, &sol).is_ok(), "{}", alg);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// On larger instances the exact algorithms agree with each other; the heuristics respect
    /// Lemmas 4.1 (P a power of two) and 4.2; ε-bisection is within ε; the bounds of §4 hold.
    #[test]
    fn algorithms_agree_and_respect_the_bounds(inp in medium()) {
        let c = chain(&inp);
        let opt = solve(&inp, "exact-bisection").unwrap();
        for alg in ["dp", "dp-plus", "nicol", "nicol-plus", "bidding"] {
            let sol = solve(&inp, alg).unwrap();
            prop_assert_eq!(&sol.bottleneck, &opt.bottleneck, "{}", alg);
            prop_assert!(verify(&inp, &sol).is_ok(), "{}", alg);
        }
        let b_opt = R::from_q(&opt.bottleneck).unwrap();
        prop_assert!(c.ideal() <= b_opt && b_opt <= c.ub_greedy());
        prop_assert!(c.ub_greedy() <= c.ub_eq6() && c.ub_greedy() <= c.ub_nicol());
        let mut s = Vec::new();
        prop_assert!(lr_probe(&c, &c.ub_greedy(), &mut s));
        let p = inp.speeds.len();
        let nicol = solve(&inp, "nicol").unwrap();
        let lg = usize::BITS - inp.weights.len().leading_zeros();
        prop_assert!(nicol.probes <= (p - 1) * lg as usize);
        let rb = R::from_q(&solve(&inp, "rb").unwrap().bottleneck).unwrap();
        let mp = R::from_q(&solve(&inp, "mp").unwrap().bottleneck).unwrap();
        prop_assert!(mp <= c.ub_bis());
        if p.is_power_of_two() {
            prop_assert!(rb <= c.ub_eq6());
        }
        let eps = solve(&inp, "eps-bisection").unwrap();
        let bound = eps.bound.unwrap();
        prop_assert!(bound >= opt.bottleneck && &bound - &opt.bottleneck < epsilon());
        prop_assert!(eps.bottleneck <= bound);
    }

    /// LR-PROBE's success is monotone in B and holds exactly from B_opt on; RL-PROBE agrees.
    #[test]
    fn probes_succeed_exactly_from_the_optimum(inp in medium(), k in 1u128..40) {
        let c = chain(&inp);
        let opt = R::from_q(&solve(&inp, "exact-bisection").unwrap().bottleneck).unwrap();
        let below = R::new(opt.num() * k, opt.den() * (k + 1));
        let mut s = Vec::new();
        prop_assert!(lr_probe(&c, &opt, &mut s));
        prop_assert!(c.bottleneck(&s) <= opt);
        prop_assert!(!lr_probe(&c, &below, &mut s));
        prop_assert!(probe::rl_probe(&c, &opt, &mut s));
        prop_assert!(!probe::rl_probe(&c, &below, &mut s));
    }

    /// LR-PROBE's separators never decrease as B grows, and a probe searched inside the
    /// bracket of a smaller and a larger value's separators (EXACT-BISECTION's shortcut) gives
    /// the same separators and verdict as the plain probe.
    #[test]
    fn bracketed_probes_are_the_plain_probe(inp in medium(), a in 1u128..400, b in 1u128..400, m in 0u128..=8) {
        let c = chain(&inp);
        let (lo, hi) = (a.min(b), a.max(b));
        // Values around B*: B* · lo/100 ≤ mid ≤ B* · hi/100, mid at m/8 of the way.
        let ideal = c.ideal();
        let at = |x: u128, d: u128| R::new(ideal.num() * x, ideal.den() * d);
        let (b_lo, b_hi) = (at(lo, 100), at(hi, 100));
        let mid = at(lo * 8 + (hi - lo) * m, 800);
        let (mut s_lo, mut s_hi, mut plain, mut within) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        lr_probe(&c, &b_lo, &mut s_lo);
        lr_probe(&c, &b_hi, &mut s_hi);
        let ok = lr_probe(&c, &mid, &mut plain);
        prop_assert!(s_lo.iter().zip(&plain).all(|(x, y)| x <= y));
        prop_assert!(plain.iter().zip(&s_hi).all(|(x, y)| x <= y));
        prop_assert_eq!(lr_probe_in(&c, &mid, &mut within, Some((&s_lo, &s_hi))), ok);
        prop_assert_eq!(within, plain);
    }

    /// solve and solve_traced agree; the replayed state ends on the solution.
    #[test]
    fn traced_runs_replay_to_the_solution(inp in small(), k in 0usize..13) {
        let alg = Algorithm::ALL[k];
        let small = ChainsInput { orders: 5, ..inp };
        let plain = solve(&small, alg.name());
        let traced = solve_traced(&small, alg.name());
        match (plain, traced) {
            (Ok(sol), Ok(t)) => {
                prop_assert_eq!(&sol, &t.solution);
                let state = t.trace.state_at(ChainsState::new(&small), usize::MAX);
                prop_assert_eq!(state.result.as_ref(), Some(&sol.bottleneck));
                prop_assert_eq!(&state.separators, &sol.separators);
                prop_assert_eq!(state.loads(), sol.loads.clone());
                prop_assert!(verify(&small, &sol).is_ok());
            }
            (Err(a), Err(b)) => prop_assert_eq!(a, b),
            (a, b) => prop_assert!(false, "solve {:?} vs traced {:?}", a.is_ok(), b.is_ok()),
        }
    }

    /// Instances are written back so that they read the same.
    #[test]
    fn instances_round_trip(inp in medium(), orders in proptest::option::of(1usize..50)) {
        let c = Chains { orders, ..Chains::new(inp.weights, inp.speeds) };
        let inst = Instance::Chains(c);
        prop_assert_eq!(Instance::from_json(&inst.to_json()).unwrap(), inst);
    }
}

#[test]
fn the_checker_catches_broken_partitions() {
    let inp = ChainsInput::new(vec![2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5], vec![3, 1, 2, 2]);
    let good = solve(&inp, "rb").unwrap();
    let mut bad = good.clone();
    bad.separators = vec![0, 6, 5, 9, 12];
    assert!(verify(&inp, &bad).unwrap_err().0.contains("below"));
    let mut bad = good.clone();
    bad.separators = vec![0, 5, 6, 9, 11];
    assert!(verify(&inp, &bad).is_err());
    let mut bad = good.clone();
    bad.bottleneck = crate::rational::q(8, 1);
    assert!(verify(&inp, &bad).unwrap_err().0.contains("bottleneck"));
    let mut bad = good.clone();
    bad.loads[0] = crate::rational::q(7, 1);
    assert!(verify(&inp, &bad).unwrap_err().0.contains("load"));
    let mut bad = good;
    bad.order = Some(vec![0, 0, 1, 2]);
    assert!(verify(&inp, &bad).unwrap_err().0.contains("permutation"));
}
