//! The multi-round worked examples of divisible-load.md §11 (DL-13 … DL-19).

use super::tests::check;
use super::*;
use crate::rational::{q, qi, to_f64, Q};

fn homogeneous(
    variant: Variant,
    p: usize,
    big_g: Q,
    g: i64,
    big_w: i64,
    w: i64,
    w_total: i64,
) -> Divisible {
    let wk = Worker {
        g: qi(g),
        w: qi(w),
        big_g,
        big_w: qi(big_w),
    };
    Divisible::star(variant, vec![wk; p], qi(w_total))
}

fn multi(p: usize, m: usize, big_g: Q, g: i64, big_w: i64, w: i64, w_total: i64) -> Divisible {
    let mut inst = homogeneous(Variant::MultiInstallment, p, big_g, g, big_w, w, w_total);
    inst.rounds = Some(m);
    inst
}

/// `got` equals the printed `want` to its last printed digit (`digits` decimals).
fn close(got: f64, want: f64, digits: i32) {
    assert!(
        (got - want).abs() <= 0.6 * 10f64.powi(-digits),
        "{got} vs {want}"
    );
}

fn chunks(sol: &DivSolution) -> (Vec<(usize, Q)>, Q) {
    let Details::Multi(d) = &sol.details else {
        panic!("not multi-installment")
    };
    let bus = sol
        .schedule
        .iter()
        .filter(|b| b.kind == Kind::Send)
        .map(|b| b.end.clone())
        .max()
        .unwrap();
    assert_eq!(
        d.makespan_formula, sol.makespan,
        "the §5 formula is the schedule's end"
    );
    (
        d.chunks
            .iter()
            .map(|c| (c.worker, c.size.clone()))
            .collect(),
        bus,
    )
}

#[test]
fn dl13_one_round_is_star_linear_on_a_bus() {
    let inst = multi(3, 1, qi(0), 1, 0, 2, 30);
    let sol = check(&inst, "exact");
    assert_eq!(sol.makespan, q(810, 19));
    let (c, _) = chunks(&sol);
    assert_eq!(c, [(0, q(270, 19)), (1, q(180, 19)), (2, q(120, 19))]);
    let bus = Divisible::star_linear(&[qi(1), qi(1), qi(1)], &[qi(2), qi(2), qi(2)], qi(30));
    assert_eq!(solve(&bus, "star-linear").unwrap().makespan, sol.makespan);
}

#[test]
fn dl14_two_linear_rounds() {
    let sol = check(&multi(3, 2, qi(0), 1, 0, 4, 60), "multi-installment");
    assert_eq!(sol.makespan, q(216_500, 2243));
    let (c, bus) = chunks(&sol);
    let want = [
        (0, 17700),
        (1, 19280),
        (2, 19520),
        (0, 32000),
        (1, 25600),
        (2, 20480),
    ];
    assert_eq!(c, want.map(|(w, n)| (w, q(n, 2243))));
    assert_eq!(bus, qi(60));
}

#[test]
fn dl15_three_affine_rounds() {
    let sol = check(&multi(2, 3, q(1, 2), 1, 1, 3, 40), "multi-installment");
    assert_eq!(sol.makespan, q(19805, 286));
    let (c, bus) = chunks(&sol);
    let want = [
        (0, q(486, 143)),
        (1, q(1201, 286)),
        (0, q(1715, 286)),
        (1, q(944, 143)),
        (0, q(3257, 286)),
        (1, q(2407, 286)),
    ];
    assert_eq!(c, want);
    assert_eq!(bus, qi(43));
}

#[test]
fn multi_installment_refuses_non_positive_chunks() {
    let e = solve(&multi(2, 20, qi(5), 1, 50, 3, 10), "multi-installment").unwrap_err();
    assert!(
        e.to_string()
            .contains("rounds infeasible (latencies too large): try fewer rounds"),
        "{e}"
    );
}

fn umr_details(sol: &DivSolution) -> &umr::UmrDetails {
    let Details::Umr(d) = &sol.details else {
        panic!("not UMR")
    };
    d
}

#[test]
fn dl16_umr_theta_two() {
    let sol = check(&homogeneous(Variant::Umr, 4, qi(1), 1, 2, 8, 1000), "exact");
    let d = umr_details(&sol);
    assert_eq!(d.theta, qi(2));
    let want = [
        2504.0, 2173.0, 2080.0, 2044.0667, 2028.9677, 2022.8413, 2020.8819, 2020.9294, 2021.9609,
        2023.479, 2025.2389, 2027.1192,
    ];
    for (o, w) in d.objectives.iter().zip(want) {
        close(to_f64(o.obj.as_ref().unwrap()), w, 4);
    }
    assert_eq!(d.rounds, 7);
    assert_eq!(d.obj, q(256_652, 127));
    assert_eq!(
        d.round_chunks,
        [
            q(310, 127),
            q(1113, 254),
            q(2099, 254),
            q(4071, 254),
            q(8015, 254),
            q(15903, 254),
            q(31679, 254)
        ]
    );
    close(to_f64(&d.uniform_makespan), 2_027.763_78, 6);
    close(to_f64(&sol.makespan), 2_022.602_362, 6);
    for (b, w) in d
        .beta
        .iter()
        .zip([125.365_65, 124.935_531, 124.505_413, 124.075_295])
    {
        close(to_f64(b), w, 5);
    }
}

#[test]
fn dl17_umr_infeasible_for_many_rounds() {
    let sol = check(&homogeneous(Variant::Umr, 4, qi(1), 1, 2, 3, 100), "umr");
    let d = umr_details(&sol);
    let want = [
        129.0, 110.1429, 105.8108, 105.1371, 105.9449, 107.5055, 109.5039,
    ];
    for (o, w) in d.objectives.iter().zip(want) {
        close(to_f64(o.obj.as_ref().unwrap()), w, 4);
    }
    assert!(d.objectives[7..].iter().all(|o| o.obj.is_none()));
    assert_eq!(d.objectives.len(), 7 + umr::INFEASIBLE_RUN);
    assert_eq!(d.rounds, 4);
    assert_eq!(d.obj, q(18399, 175));
    assert_eq!(
        d.round_chunks,
        [q(1762, 175), q(1234, 175), q(838, 175), q(541, 175)]
    );
    close(to_f64(&d.uniform_makespan), 127.274_286, 6);
    close(to_f64(&sol.makespan), 122.574_988, 6);
    for (b, w) in d
        .beta
        .iter()
        .zip([4.985_176, 3.488_882, 2.366_661, 1.524_996])
    {
        close(to_f64(b), w, 6);
    }
}

#[test]
fn umr_with_theta_one_and_no_feasible_m() {
    // w = P·g: the θ = 1 formulas.
    let sol = check(&homogeneous(Variant::Umr, 2, qi(1), 1, 1, 2, 50), "umr");
    assert_eq!(umr_details(&sol).theta, qi(1));
    // One round always has a positive chunk W_total/P; here it is the only feasible M.
    let sol = check(&homogeneous(Variant::Umr, 2, qi(100), 1, 100, 1, 1), "umr");
    let d = umr_details(&sol);
    assert_eq!(d.rounds, 1);
    assert!(d.objectives[1..].iter().all(|o| o.obj.is_none()));
}

fn periodic_details(sol: &DivSolution) -> &periodic::PeriodicDetails {
    let Details::Periodic(d) = &sol.details else {
        panic!("not periodic")
    };
    d
}

#[test]
fn dl18_periodic() {
    let ws = vec![
        Worker {
            g: qi(1),
            w: qi(3),
            big_g: qi(1),
            big_w: qi(1),
        },
        Worker {
            g: qi(2),
            w: qi(4),
            big_g: qi(1),
            big_w: qi(2),
        },
        Worker {
            g: qi(4),
            w: qi(6),
            big_g: qi(2),
            big_w: qi(1),
        },
    ];
    let sol = check(&Divisible::star(Variant::Periodic, ws, qi(10_000)), "exact");
    let d = periodic_details(&sol);
    assert_eq!(d.sorted, [0, 1, 2]);
    assert_eq!(
        (d.q, d.x.clone(), d.rho_opt.clone()),
        (2, vec![q(1, 3), q(1, 4), q(1, 24)], q(5, 8))
    );
    assert_eq!(d.latency, qi(8));
    close(to_f64(&d.period), 126.491_106, 6);
    for (a, w) in d.chunk.iter().zip([39.497_035, 29.622_777, 4.937_129]) {
        close(to_f64(a), w, 6);
    }
    close(to_f64(&d.rho), 0.585_472, 6);
    assert_eq!(d.periods, 137);
    close(to_f64(&sol.makespan), 17_329.281_6, 4);
    close(to_f64(&d.last_finish), 17_208.491_1, 4);
    assert_eq!(d.lower_bound, qi(16_000));
    close(d.guarantee, 18_276.839_9, 4);
    let first: Vec<(f64, f64)> = sol
        .schedule
        .iter()
        .filter(|b| b.kind == Kind::Send && b.round == 0)
        .map(|b| (to_f64(&b.start), to_f64(&b.end)))
        .collect();
    close(first[0].1, 40.497, 3);
    close(first[1].1, 100.7426, 4);
    close(first[2].1, 122.4911, 4);
}

#[test]
fn dl19_periodic_million() {
    let g = [2, 1, 3, 2];
    let w = [5, 3, 4, 10];
    let ws = (0..4)
        .map(|i| Worker {
            g: qi(g[i]),
            w: qi(w[i]),
            big_g: qi(1),
            big_w: qi(1),
        })
        .collect();
    // 1245 periods: one traced run, verified (the other examples also compare with `solve`).
    let inst = Divisible::star(Variant::Periodic, ws, qi(1_000_000));
    let sol = solve_traced(&inst, "periodic").unwrap().solution;
    verify(&inst, &sol).unwrap();
    let d = periodic_details(&sol);
    assert_eq!(d.sorted, [1, 0, 3, 2]);
    assert_eq!(
        (d.q, d.x.clone(), d.rho_opt.clone()),
        (3, vec![q(1, 5), q(1, 3), q(1, 45), q(1, 10)], q(59, 90))
    );
    close(to_f64(&d.period), 1_235.080_454, 6);
    assert_eq!(d.periods, 1245);
    close(to_f64(&sol.makespan), 1_537_675.165_7, 4);
    close(to_f64(&d.lower_bound), 1_525_423.728_8, 4);
    close(d.guarantee, 1_547_655.177, 3);
    close(to_f64(&sol.makespan) / to_f64(&d.lower_bound), 1.008_031, 6);
}

#[test]
fn periodic_small_load_raises_the_period() {
    let ws = vec![Worker {
        g: qi(1),
        w: qi(2),
        big_g: qi(3),
        big_w: qi(3),
    }];
    let sol = check(&Divisible::star(Variant::Periodic, ws, qi(10)), "periodic");
    let d = periodic_details(&sol);
    assert!(d.small_load);
    assert_eq!(d.period, qi(12));
    assert!(sol
        .notes
        .iter()
        .any(|n| n.contains("guarantee does not apply")));
}
