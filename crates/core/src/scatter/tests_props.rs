//! Property tests (fixed case counts): the DP against brute force on general (non-monotone)
//! tables and on affine instances, the closed form against the exact simplex, Theorem 3 against
//! every order, the rounding's invariants, the guarantee chain of §4.2, and `verify` + replay on
//! random instances.

use num_traits::Signed;
use proptest::prelude::*;

use super::dp::{self, DpCosts};
use super::tests::check;
use super::*;
use crate::rational::{q, qi};
use crate::scatter::{Affine, ScatterProcessor};

#[derive(Debug)]
/// General cost tables `T(i, x)` for `x = 1..=n` (any non-negative values).
struct Tables {
    comm: Vec<Vec<i128>>,
    comp: Vec<Vec<i128>>,
    monotone: bool,
}

impl DpCosts for Tables {
    fn len(&self) -> usize {
        self.comm.len()
    }
    fn comm(&self, i: usize, e: usize) -> i128 {
        self.comm[i][e - 1]
    }
    fn comp(&self, i: usize, e: usize) -> i128 {
        self.comp[i][e - 1]
    }
    fn monotone(&self) -> bool {
        self.monotone
    }
}

fn brute(t: &Tables, n: usize) -> i128 {
    fn go(t: &Tables, i: usize, left: usize, clock: i128, worst: i128, best: &mut i128) {
        if i + 1 == t.len() {
            let end = if left == 0 {
                worst
            } else {
                worst.max(clock + t.comm(i, left) + t.comp(i, left))
            };
            *best = (*best).min(end);
            return;
        }
        for e in 0..=left {
            let (c, w) = if e == 0 {
                (clock, worst)
            } else {
                let r = clock + t.comm(i, e);
                (r, worst.max(r + t.comp(i, e)))
            };
            go(t, i + 1, left - e, c, w, best);
        }
    }
    let mut best = i128::MAX;
    go(t, 0, n, 0, 0, &mut best);
    best
}

/// Random tables; when `monotone`, each row is sorted (non-decreasing in `x`), which the
/// DP's fast cell search relies on.
fn tables(monotone: bool) -> impl Strategy<Value = (Tables, usize)> {
    (1usize..=4, 0usize..=7).prop_flat_map(move |(p, n)| {
        let col = prop::collection::vec(0i128..20, n.max(1)).prop_map(move |mut v| {
            if monotone {
                v.sort_unstable();
            }
            v
        });
        (
            prop::collection::vec(col.clone(), p),
            prop::collection::vec(col, p),
        )
            .prop_map(move |(comm, comp)| {
                (
                    Tables {
                        comm,
                        comp,
                        monotone,
                    },
                    n,
                )
            })
    })
}

fn affine() -> impl Strategy<Value = Affine> {
    (0i64..3, 0i64..5, 1i64..3).prop_map(|(l, a, d)| Affine {
        lat: qi(l),
        per_item: q(a, d),
    })
}

fn instance(linear: bool, max_p: usize, max_n: u64) -> impl Strategy<Value = Scatter> {
    let proc = (affine(), affine()).prop_map(move |(mut comm, mut comp)| {
        if linear {
            comm.lat = qi(0);
            comp.lat = qi(0);
        }
        // Keep α + β > 0 so that the LP applies.
        if comp.per_item == qi(0) && comm.per_item == qi(0) {
            comp.per_item = qi(1);
        }
        ScatterProcessor::affine(comm, comp)
    });
    (prop::collection::vec(proc, 1..=max_p), 0..=max_n).prop_map(|(mut processors, n)| {
        if let Some(root) = processors.last_mut() {
            root.comm = Affine::default();
            if root.comp.per_item == qi(0) {
                root.comp.per_item = qi(1);
            }
        }
        Scatter {
            n,
            processors,
            root_transfer: None,
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn monotone_cells_match_the_full_scan((t, n) in tables(true)) {
        let mut full = Tables { comm: t.comm.clone(), comp: t.comp.clone(), monotone: false };
        let fast = dp::solve(&t, n);
        prop_assert_eq!(&fast, &dp::solve(&full, n), "same table, same choices (ties)");
        full.monotone = true;
        prop_assert_eq!(fast.optimum(), brute(&full, n));
    }

    #[test]
    fn dp_matches_brute_force_on_general_tables((t, n) in tables(false)) {
        let table = dp::solve(&t, n);
        prop_assert_eq!(table.optimum(), brute(&t, n));
        // The reconstruction reaches the optimum too.
        let mut clock = 0i128;
        let mut worst = 0i128;
        let rec = table.reconstruct();
        prop_assert_eq!(rec.iter().map(|&(_, e)| e).sum::<usize>(), n);
        for (i, &(_, e)) in rec.iter().enumerate() {
            if e > 0 {
                clock += t.comm(i, e);
                worst = worst.max(clock + t.comp(i, e));
            }
        }
        prop_assert_eq!(worst, table.optimum());
    }

    #[test]
    fn guarantee_chain_of_section_4_2(inst in instance(false, 4, 25)) {
        let sol = solve(&inst, Algorithm::LpRounded).unwrap();
        let lp = sol.lp.as_ref().unwrap();
        let t_dp = solve(&inst, Algorithm::Dp).unwrap().makespan;
        prop_assert!(t_dp <= sol.makespan);
        prop_assert!(sol.makespan <= lp.makespan_all_contacted);
        prop_assert!(lp.makespan_all_contacted <= lp.bound);
        if Model::of(&inst).is_linear() {
            prop_assert!(lp.t_lp <= t_dp);
        }
        // The rounding: each share moves by less than 1, |err| < 1 after every step.
        for s in &lp.rounding {
            prop_assert!(s.err.abs() < qi(1));
        }
    }

    #[test]
    fn closed_form_equals_the_exact_simplex(inst in instance(true, 5, 40)) {
        let model = Model::of(&inst);
        let order: Vec<usize> = (0..model.len()).collect();
        let c = closed::solve(&model, &order, inst.n).unwrap();
        let s = lp::simplex(&model, &order, inst.n).unwrap();
        prop_assert_eq!(&c.t, &s.t);
        check(&inst, Algorithm::ClosedForm);
    }

    #[test]
    fn increasing_beta_is_the_best_rational_order(inst in instance(true, 5, 30)) {
        let model = Model::of(&inst);
        let p = model.len();
        let best = closed::solve(&model, &closed::policy_order(&model, p - 1), inst.n).unwrap().t;
        let mut rest: Vec<usize> = (0..p - 1).collect();
        // Every permutation of the non-root processors (Heap's algorithm would do; p ≤ 5).
        let mut all = vec![];
        permutations(&mut rest, 0, &mut all);
        for mut order in all {
            order.push(p - 1);
            let t = closed::solve(&model, &order, inst.n).unwrap().t;
            prop_assert!(best <= t);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn every_algorithm_verifies_and_replays(inst in instance(false, 4, 12)) {
        for algo in [Algorithm::Dp, Algorithm::LpRounded, Algorithm::DpSorted, Algorithm::OrderSearch] {
            check(&inst, algo);
        }
    }
}

fn permutations(v: &mut Vec<usize>, k: usize, out: &mut Vec<Vec<usize>>) {
    if k >= v.len() {
        out.push(v.clone());
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permutations(v, k + 1, out);
        v.swap(k, i);
    }
}

#[test]
fn random_root_choices_verify() {
    for seed in 0..6 {
        let Some(crate::families::Instance::Scatter(inst)) =
            crate::families::generate("scatter", crate::generate::Shape::Random, 4, seed)
        else {
            panic!("the generator makes scatter instances")
        };
        check(&inst, Algorithm::RootChoice);
    }
}
