//! The worked examples of chains.md §12, continued: EX5–EX8, CP-1 and CP-2.

use super::ratio::R;
use super::tests::{
    bid_rounds, bis_steps, check, ex6, input, qs, qv, r, table_rows, EX1, EX2, EX5, EX7, EX8,
};
use super::*;
use crate::rational::to_f64;

#[test]
fn ex5_more_processors_than_tasks() {
    let inp = input(EX5.0, EX5.1);
    assert_eq!(check::chain(&inp).ideal(), r("27/2"));
    check(
        &inp,
        "42",
        &[0, 3, 5, 6, 6, 6, 6, 6, 6],
        &[0, 2, 3, 3, 4, 4, 5, 5, 6],
        &[0, 2, 3, 4, 4, 5, 5, 6, 6],
    );
    assert_eq!(solve(&inp, "mp").unwrap().bottleneck, qv("42"));
    assert_eq!(
        format!("{:.4}", solve(&inp, "rb").unwrap().imbalance),
        "211.1111"
    );
    let rounds = bid_rounds(&inp);
    let got: Vec<(Q, Q)> = rounds.iter().map(|x| (x.0.clone(), x.2.clone())).collect();
    let want = [
        ("27/2", "96"),
        ("15", "81"),
        ("16", "65"),
        ("23", "42"),
        ("27", "42"),
        ("39", "42"),
    ];
    assert_eq!(got, want.map(|(b, w)| (qv(b), qv(w))));
    let last = rounds.last().unwrap();
    assert_eq!(last.3, None);
    assert!(last
        .4
        .as_ref()
        .unwrap()
        .iter()
        .filter(|v| **v != Q::default())
        .all(|v| *v >= qv("42")));
}

#[test]
fn ex6_generated() {
    let inp = ex6();
    assert_eq!(inp.speeds, [4, 4, 3, 2, 3]);
    let w = [
        14, 6, 10, 1, 9, 3, 17, 19, 11, 7, 5, 14, 12, 12, 2, 17, 19, 5, 6, 11, 1, 14, 15, 10, 7, 3,
        19, 3, 2, 15, 3, 19, 8, 17, 3, 4, 8, 19, 16, 13,
    ];
    assert_eq!(inp.weights, w);
    let c = check::chain(&inp);
    assert_eq!((c.total(), c.ideal()), (399, r("399/16")));
    check(
        &inp,
        "80/3",
        &[0, 11, 21, 29, 33, 40],
        &[0, 11, 20, 29, 33, 40],
        &[0, 11, 20, 29, 33, 40],
    );
    assert_eq!(solve(&inp, "rb").unwrap().bottleneck, qv("80/3"));
    let sol = solve(&inp, "exact-bisection").unwrap();
    assert_eq!(format!("{:.4}", sol.imbalance), "6.9340");
    assert_eq!(sol.right_separators, Some(vec![0, 9, 19, 27, 33, 40]));
    let steps: Vec<(Q, bool, Q)> = bis_steps(&inp)
        .into_iter()
        .map(|x| (x.0, x.1, x.3))
        .collect();
    let want = [
        ("475/16", true, "89/3"),
        ("2621/96", true, "80/3"),
        ("2477/96", false, "80/3"),
    ];
    assert_eq!(steps, want.map(|(m, ok, b)| (qv(m), ok, qv(b))));
}

#[test]
fn ex7_rb_mp_and_opt_differ() {
    let inp = input(EX7.0, EX7.1);
    assert_eq!(check::chain(&inp).ideal(), R::int(3));
    check(&inp, "15/4", &[0, 3, 4, 6], &[0, 2, 3, 6], &[0, 2, 4, 6]);
    let rb = solve(&inp, "rb").unwrap();
    assert_eq!(
        (rb.loads, rb.bottleneck),
        (qs(&["9/4", "2", "9/2"]), qv("9/2"))
    );
    assert_eq!(format!("{:.4}", rb.imbalance), "50.0000");
    let mp = solve(&inp, "mp").unwrap();
    assert_eq!(
        (mp.loads, mp.bottleneck),
        (qs(&["9/4", "5", "9/4"]), qv("5"))
    );
    assert_eq!(format!("{:.4}", mp.imbalance), "66.6667");
    let opt = solve(&inp, "dp").unwrap();
    assert_eq!(opt.loads, qs(&["15/4", "3", "9/4"]));
    assert_eq!(format!("{:.4}", opt.imbalance), "25.0000");
    let (eq4, _) = table_rows(&check::chain(&inp));
    assert_eq!(
        eq4[2],
        qs(&["0", "3/2", "3/2", "3/2", "9/4", "7/2", "15/4"])
    );
}

#[test]
fn ex8_empty_processors_can_be_optimal() {
    let inp = input(EX8.0, EX8.1);
    assert_eq!(check::chain(&inp).ideal(), r("13/3"));
    check(&inp, "13/2", &[0, 0, 0, 7], &[0, 1, 2, 7], &[0, 1, 2, 7]);
    assert_eq!(solve(&inp, "mp").unwrap().bottleneck, qv("7"));
    let steps = bis_steps(&inp);
    let got: Vec<(Q, bool, Q)> = steps
        .iter()
        .map(|x| (x.0.clone(), x.1, x.3.clone()))
        .collect();
    let want = [
        ("25/3", true, "8"),
        ("37/6", false, "13/2"),
        ("29/4", true, "7"),
        ("27/4", true, "13/2"),
    ];
    assert_eq!(got, want.map(|(m, ok, b)| (qv(m), ok, qv(b))));
    assert_eq!(steps[0].2.as_deref(), Some(&[0, 1, 4, 7][..]));
    assert_eq!(steps[1].2.as_deref(), Some(&[0, 0, 0, 7][..]));
    let rounds = bid_rounds(&inp);
    assert_eq!(rounds.len(), 1);
    assert_eq!(
        (
            rounds[0].0.clone(),
            rounds[0].1.clone(),
            rounds[0].2.clone()
        ),
        (qv("13/3"), Some(vec![0, 0, 0, 7]), qv("13/2"))
    );
}

#[test]
fn cp1_three_partition_reduction() {
    let mut w = vec![1u64; 21];
    w[10] = 10;
    let inp = input(&w, &[10, 3, 3, 4, 3, 3, 4]);
    assert_eq!(solve(&inp, "exact-bisection").unwrap().bottleneck, qv("2"));
    let sol = solve(&inp, "cp-exact").unwrap();
    assert_eq!(sol.bottleneck, qv("1"));
    verify(&inp, &sol).unwrap();
    let order = sol.order.unwrap();
    let speeds: Vec<u64> = order.iter().map(|&k| inp.speeds[k]).collect();
    // The divider processor sits on task 11.
    let at = speeds.iter().position(|&e| e == 10).unwrap();
    assert_eq!((sol.separators[at], sol.separators[at + 1]), (10, 11));
}

#[test]
fn cp2_exact_and_random_orders() {
    let inp = input(
        &workload::uniform(60, 1, 30, 21),
        &workload::speeds(6, 8, 22, 1),
    );
    assert_eq!(inp.speeds, [3, 7, 4, 3, 7, 5]);
    assert_eq!(
        solve(&inp, "exact-bisection").unwrap().bottleneck,
        qv("235/7")
    );
    assert_eq!(cp::distinct_orders(&inp.speeds), 180);
    let sol = solve(&inp, "cp-exact").unwrap();
    assert_eq!(sol.bottleneck, qv("228/7"));
    assert_eq!(sol.values.as_ref().map(Vec::len), Some(180));
    let speeds: Vec<u64> = sol
        .order
        .as_ref()
        .unwrap()
        .iter()
        .map(|&k| inp.speeds[k])
        .collect();
    assert_eq!(speeds, [4, 5, 3, 3, 7, 7]);
    assert_eq!(format!("{:.4}", sol.imbalance), "2.8945");
    let random = ChainsInput {
        orders: 10,
        seed: 23,
        ..inp.clone()
    };
    let sol = solve(&random, "cp-random").unwrap();
    let want = qs(&[
        "100/3", "103/3", "135/4", "33", "241/7", "167/5", "237/7", "239/7", "168/5", "100/3",
    ]);
    assert_eq!(sol.values, Some(want));
    assert_eq!(sol.bottleneck, qv("33"));
    let speeds: Vec<u64> = sol
        .order
        .as_ref()
        .unwrap()
        .iter()
        .map(|&k| inp.speeds[k])
        .collect();
    assert_eq!(speeds, [7, 7, 3, 3, 5, 4]);
    verify(&random, &sol).unwrap();
    let imb: Vec<f64> = sol
        .values
        .unwrap()
        .iter()
        .map(|v| to_f64(&workload::imbalance(v, &sol.ideal)))
        .collect();
    let h = cp::histogram(&imb, 4);
    assert_eq!(h.iter().map(|b| b.2).sum::<usize>(), 10);
}

#[test]
fn work_budgets_stop_bidding_and_nicol_and_say_so() {
    use super::probe::{Ctx, Out};
    let inp = input(EX5.0, EX5.1);
    let c = check::chain(&inp);
    let mut none = |_: ChainStep| {};
    let mut ctx = Ctx::new(&c, Out::new(&mut none, false));
    assert_eq!(super::bidding::bidding(&mut ctx, 3), None);
    let mut ctx = Ctx::new(&c, Out::new(&mut none, false));
    assert_eq!(
        super::bidding::bidding(&mut ctx, 1_000).map(|x| x.1),
        Some(6)
    );
    let mut ctx = Ctx::new(&c, Out::new(&mut none, false));
    assert!(super::nicol::nicol(&mut ctx, false, 2).is_none());
    let e = ChainsError::TooLarge {
        algorithm: "bidding",
        why: "it made more than 3 refill steps".into(),
        suggest: "exact-bisection",
    };
    assert_eq!(
        e.to_string(),
        "bidding: it made more than 3 refill steps; use exact-bisection instead"
    );
}

#[test]
fn optimum_refuses_chains_outside_the_limits() {
    for (w, e) in [
        (&[][..], &[1u64][..]),
        (&[1], &[]),
        (&[0, 1], &[1]),
        (&[1], &[0]),
    ] {
        let c = super::chain::Chain::new(w, e);
        assert!(
            optimum(&c, Algorithm::ExactBisection).is_err(),
            "{w:?} {e:?}"
        );
    }
    let c = super::chain::Chain::new(EX7.0, EX7.1);
    assert_eq!(optimum(&c, Algorithm::Dp), Ok(qv("15/4")));
    assert!(optimum(&c, Algorithm::Rb).is_err());
}

/// Issue 34: DP over (N+1)·P > 10^7 cells is refused by default, with the way out, and
/// `--no-limits` ([`super::solve_within`] lifted) runs it to the optimum that
/// exact-bisection finds.
#[test]
fn no_limits_lifts_the_dp_cell_limit() {
    let weights: Vec<u64> = (0..80_000u64).map(|i| 1 + (i * 7919) % 97).collect();
    let input = ChainsInput::new(weights, (1..=128).map(|k| 1 + k % 5).collect());
    let refused = solve(&input, "dp").unwrap_err().to_string();
    assert!(refused.contains("--no-limits"), "{refused}");
    let lifted = solve_within(&input, "dp", false, true).unwrap();
    let exact = solve(&input, "exact-bisection").unwrap();
    assert_eq!(lifted.solution.bottleneck, exact.bottleneck);
}

/// chains.md §4 and §12: the upper bounds in every result and its document, EX1 (`UB_greedy =
/// 39/4 + 2·9/4 = 57/4`, `UB_eq6 = 63/4`, `UB_nicol = 33/2`, `UB_bis = 75/4`) and EX2 (`10`,
/// `13`, `14`, `15`), the same for a heuristic and for CP (they do not depend on the order).
#[test]
fn ex1_ex2_bounds_in_the_result_document() {
    let cases = [
        (EX1, ["57/4", "63/4", "33/2", "75/4"]),
        (EX2, ["10", "13", "14", "15"]),
    ];
    for ((w, e), want) in cases {
        let inp = input(w, e);
        for alg in ["exact-bisection", "rb", "eps-bisection", "cp-exact"] {
            let run = solve_traced(&inp, alg).unwrap();
            let b = &run.solution.bounds;
            let got = [&b.greedy, &b.eq6, &b.nicol, &b.bis];
            assert_eq!(got.map(crate::rational::frac), want, "{alg}");
            let doc = report::result(&inp, alg, &run, false);
            let names = ["UB_greedy", "UB_eq6", "UB_nicol", "UB_bis"];
            for (k, v) in names.iter().zip(want) {
                let exact = doc["bounds"][k].as_str().unwrap();
                let shown = crate::rational::parse_q(exact).unwrap();
                assert_eq!(crate::rational::frac(&shown), v, "{alg} {k}");
            }
            assert!(run.solution.bottleneck <= b.greedy && b.greedy <= b.eq6);
        }
    }
}

/// chains.md §4, Lemma 4.1's counterexample for `P` not a power of two: `w = [4]`,
/// `e = [30, 16, 17]`. RB puts the task on `P_3` (`s = [0, 0, 0, 1]`, `B_RB = 4/17`), above the
/// lemma's bound `B* + w_max/e_min − w_max/(P·e_min) = 29/126`; the optimum is `2/15`.
#[test]
fn section_4_lemma_4_1_fails_for_three_processors() {
    let inp = input(&[4], &[30, 16, 17]);
    let rb = solve(&inp, "rb").unwrap();
    assert_eq!(rb.separators, [0, 0, 0, 1]);
    assert_eq!(rb.bottleneck, qv("4/17"));
    let c = check::chain(&inp);
    assert_eq!(c.ub_eq6(), r("29/126"));
    assert!(R::from_q(&rb.bottleneck).unwrap() > c.ub_eq6());
    assert_eq!(
        solve(&inp, "exact-bisection").unwrap().bottleneck,
        qv("2/15")
    );
}
