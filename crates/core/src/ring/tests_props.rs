//! Property tests on random small instances: the exact methods against a brute force that
//! shares no code with the solvers (every ordered ring, each valued by an independent search
//! over the breakpoints of the share equation), the heuristics never below it, every solution
//! accepted by `verify`, `solve` equal to `solve_traced`, and the replayed state equal to the
//! solution.

#![allow(clippy::needless_range_loop)] // Random matrices are built by index pairs.

use num_traits::Zero;
use proptest::prelude::*;

use super::*;
use crate::rational::{q, qi};
use crate::trace::Replay;

/// The optimal step time of a fixed ring, by brute force: the smallest candidate value `T ≥ M`
/// (`M`, and the balanced time `T_K` of each set `K` of members below a communication
/// threshold) at which the shares `max(0, T − H·comm_i)/(W·w_i)` cover the work.
fn brute_ring(r: &Ring, ring: &[usize]) -> Q {
    let n = ring.len();
    if n == 1 {
        return &r.work * &r.w[ring[0]];
    }
    let comm: Vec<Q> = (0..n)
        .map(|k| &r.c[ring[k]][ring[(k + n - 1) % n]] + &r.c[ring[k]][ring[(k + 1) % n]])
        .collect();
    let m = comm.iter().map(|c| &r.h * c).max().unwrap();
    let filled = |t: &Q| -> Q {
        (0..n)
            .map(|k| {
                let free = t - &r.h * &comm[k];
                if free > Q::zero() {
                    free / (&r.work * &r.w[ring[k]])
                } else {
                    Q::zero()
                }
            })
            .sum()
    };
    // At the optimum the members with work are those communicating less than some threshold:
    // one candidate per threshold (each member's comm, or none).
    let mut cands = vec![m.clone()];
    for theta in comm.iter().map(Some).chain([None]) {
        let ks: Vec<usize> = (0..n)
            .filter(|&k| theta.is_none_or(|th| comm[k] < *th))
            .collect();
        if ks.is_empty() {
            continue;
        }
        let num: Q = &r.work
            + ks.iter()
                .map(|&k| &r.h * &comm[k] / &r.w[ring[k]])
                .sum::<Q>();
        let den: Q = ks.iter().map(|&k| r.w[ring[k]].recip()).sum();
        cands.push(num / den);
    }
    cands.sort();
    cands
        .into_iter()
        .find(|t| *t >= m && filled(t) >= qi(1))
        .unwrap()
}

/// The optimum over every subset and every ordering (reflections included; rotations are
/// skipped by starting each ring at its smallest member).
fn brute(r: &Ring) -> Q {
    fn rec(r: &Ring, perm: &mut Vec<usize>, best: &mut Option<Q>, p: usize) {
        if !perm.is_empty() {
            let t = brute_ring(r, perm);
            if best.as_ref().is_none_or(|b| t < *b) {
                *best = Some(t);
            }
        }
        for i in 0..p {
            if !perm.contains(&i) && perm.first().is_none_or(|&f| i > f) {
                perm.push(i);
                rec(r, perm, best, p);
                perm.pop();
            }
        }
    }
    let mut best: Option<Q> = None;
    let mut perm: Vec<usize> = Vec::new();
    rec(r, &mut perm, &mut best, r.p());
    best.unwrap()
}

fn instance() -> impl Strategy<Value = Ring> {
    (1usize..=5).prop_flat_map(|p| {
        (
            proptest::collection::vec((1i64..=9, 1i64..=3), p),
            proptest::collection::vec(proptest::collection::vec(0i64..=6, p), p),
            1i64..=40,
            0i64..=2,
            any::<bool>(),
        )
            .prop_map(move |(w, c, work, h, symmetric)| {
                let mut c: Vec<Vec<Q>> = c
                    .into_iter()
                    .map(|row| row.into_iter().map(|v| q(v, 2)).collect())
                    .collect();
                for i in 0..p {
                    c[i][i] = Q::zero();
                    for j in 0..i {
                        if symmetric {
                            c[i][j] = c[j][i].clone();
                        }
                    }
                }
                Ring {
                    w: w.into_iter().map(|(n, d)| q(n, d)).collect(),
                    c,
                    work: qi(work),
                    h: qi(h),
                }
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn exact_methods_match_brute_force(r in instance()) {
        let want = brute(&r);
        let e = solve(&r, Algorithm::Exact).unwrap();
        prop_assert_eq!(&e.t_step, &want);
        prop_assert_eq!(brute_ring(&r, &e.ring), want.clone());
        let h = solve(&r, Algorithm::HeldKarp).unwrap();
        let b = h.bounds.clone().unwrap();
        prop_assert!(b.lb <= want && want <= b.ub);
        if b.certified {
            prop_assert_eq!(&h.t_step, &want);
        }
        if let Ok(hom) = solve(&r, Algorithm::Homogeneous) {
            prop_assert_eq!(&hom.t_step, &want);
        }
        for a in Algorithm::ALL {
            let Ok(t) = solve_traced(&r, a) else { continue };
            let sol = &t.solution;
            prop_assert!(verify(&r, sol).is_ok(), "{:?}: {:?}", a, verify(&r, sol));
            prop_assert!(sol.t_step >= want);
            prop_assert_eq!(&brute_ring(&r, &sol.ring), &sol.t_step);
            prop_assert_eq!(&solve(&r, a).unwrap(), sol);
            let mut state = RingState::new(r.p());
            for s in &t.trace.steps {
                state.apply(s);
            }
            prop_assert_eq!(state.eval.as_ref(), Some(&sol.eval));
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn larger_instances_verify_and_agree(seed in 0u64..1000, p in 6usize..=8) {
        let r = generate(p, seed % 2 == 0, seed);
        let e = solve(&r, Algorithm::Exhaustive).unwrap();
        let h = solve(&r, Algorithm::HeldKarp).unwrap();
        let b = h.bounds.clone().unwrap();
        prop_assert!(b.lb <= e.t_step && e.t_step <= b.ub);
        if b.certified {
            prop_assert_eq!(&h.t_step, &e.t_step);
        }
        for a in [Algorithm::Greedy, Algorithm::Tsp, Algorithm::GreedyAllStarts] {
            let s = solve(&r, a).unwrap();
            prop_assert!(verify(&r, &s).is_ok());
            prop_assert!(s.t_step >= e.t_step);
        }
        let inst = crate::families::Instance::Ring(r);
        prop_assert_eq!(crate::families::Instance::from_json(&inst.to_json()), Ok(inst));
    }
}

#[test]
fn generator_is_deterministic_and_valid() {
    assert_eq!(generate(7, false, 3), generate(7, false, 3));
    assert_ne!(generate(7, false, 3), generate(7, false, 4));
    let r = generate(100, true, 1);
    assert_eq!(r.p(), crate::ring::MAX_RING_PROCESSORS);
    let s = solve(&r, Algorithm::Greedy).unwrap();
    verify(&r, &s).unwrap();
    let t = solve(&r, Algorithm::Tsp).unwrap();
    verify(&r, &t).unwrap();
}

/// ring.md §5.1's table of ring counts `Σ_q C(p,q)·R(q)` (17, 52, 218, 1 200, 8 054, 62 859 for
/// p = 4..9): the exhaustive search visits every ring of size 2 and more, and at size 1 only the
/// fastest processor, so it counts `p − 1` rings fewer than the table.
#[test]
fn exhaustive_search_visits_the_rings_of_section_5_1() {
    for (p, rings) in [(4, 17), (5, 52), (6, 218), (7, 1200), (8, 8054), (9, 62859)] {
        let r = generate(p, false, 1);
        let traced = solve_traced(&r, Algorithm::Exhaustive).unwrap();
        let done = traced.trace.steps.iter().rev().find_map(|s| match s {
            RingStep::SizeBest { rings_done, .. } => Some(*rings_done),
            _ => None,
        });
        assert_eq!(done, Some(rings - (p as u64 - 1)), "p = {p}");
    }
}
