//! The one-round worked examples of divisible-load.md §11 (DL-1 … DL-12), exact.

use super::solver::replayed;
use super::*;
use crate::rational::{frac, q, qi, to_f64, Q};
use crate::trace::{Replay as _, Step as _};

pub(super) fn qs(v: &[i64]) -> Vec<Q> {
    v.iter().map(|&x| qi(x)).collect()
}

pub(super) fn lin(g: &[i64], w: &[i64], w_total: i64) -> Divisible {
    Divisible::star_linear(&qs(g), &qs(w), qi(w_total))
}

pub(super) fn aff(big_g: &[i64], g: &[i64], big_w: &[i64], w: &[i64], w_total: i64) -> Divisible {
    let ws = (0..g.len())
        .map(|i| Worker {
            g: qi(g[i]),
            w: qi(w[i]),
            big_g: qi(big_g[i]),
            big_w: qi(big_w[i]),
        })
        .collect();
    Divisible::star(Variant::StarAffine, ws, qi(w_total))
}

/// Solves traced and untraced, checks they agree, that the verifier accepts and that the
/// replayed state is the solution.
pub(super) fn check(inst: &Divisible, algo: &str) -> DivSolution {
    let t = solve_traced(inst, algo).unwrap_or_else(|e| panic!("{algo}: {e}"));
    let plain = solve(inst, algo).unwrap();
    assert_eq!(plain, t.solution, "{algo}: solve and solve_traced differ");
    verify(inst, &t.solution).unwrap_or_else(|e| panic!("{algo}: {e}"));
    let n = if inst.variant == Variant::TreeLinear {
        inst.nodes.len()
    } else {
        inst.workers.len()
    };
    let state = t.trace.state_at(DivState::new(n), usize::MAX);
    replayed(&state, &t.solution).unwrap_or_else(|e| panic!("{algo}: {e}"));
    t.solution
}

fn sends(sol: &DivSolution) -> Vec<(usize, Q, Q)> {
    sol.schedule
        .iter()
        .filter(|b| b.kind == Kind::Send)
        .map(|b| (b.node.unwrap_or(usize::MAX), b.start.clone(), b.end.clone()))
        .collect()
}

fn star_details(sol: &DivSolution) -> &star::StarDetails {
    match &sol.details {
        Details::Star(d) => d,
        other => panic!("not a star result: {other:?}"),
    }
}

#[test]
fn dl1_fixed_order_leaves_the_first_worker_idle() {
    let inst = lin(&[4, 1], &[1, 1], 6);
    let fixed = check(&inst, "fixed-order");
    assert_eq!(fixed.makespan, qi(12));
    assert_eq!(fixed.alpha, qs(&[0, 6]));
    // In a horizon of 10: ρ·10 units.
    assert_eq!(&star_details(&fixed).rho * qi(10), qi(5));
    let free = check(&inst, "star-linear");
    assert_eq!(free.makespan, qi(10));
    assert_eq!(free.alpha, qs(&[1, 5]));
    assert_eq!(free.order, [1, 0]);
    assert_eq!(&star_details(&free).rho * qi(10), qi(6));
    let rows = &star_details(&fixed).subsequences;
    let got: Vec<(Vec<usize>, Option<Q>)> = rows
        .iter()
        .map(|r| (r.order.clone(), r.makespan.clone()))
        .collect();
    assert_eq!(
        got,
        [
            (vec![0], Some(qi(30))),
            (vec![0, 1], Some(qi(20))),
            (vec![1], Some(qi(12)))
        ]
    );
}

#[test]
fn dl2_exchange_formula() {
    let w = |g, w| Worker::linear(qi(g), qi(w));
    let e = star::exchange(&w(1, 3), &w(2, 5), &qi(7));
    assert_eq!(&e.load_ab - &e.load_ba, q(1, 4));
    assert_eq!(q(1, 4), qi(7) * qi(2 - 1) / qi(4 * 7));
    assert_eq!((e.busy_ab.clone(), e.busy_ba.clone()), (q(13, 4), q(13, 4)));
    let e = star::exchange(&w(2, 1), &w(5, 4), &qi(3));
    assert_eq!(&e.load_ab - &e.load_ba, q(1, 3));
    assert_eq!((e.busy_ab, e.busy_ba), (q(23, 9), q(23, 9)));
}

/// DL-2 as STARLINEAR runs carry it: the two workers with the load they process in `T'`
/// (5/2 in 7, 10/9 in 3), so that the pair's time left is the spec's `T'`; the result's
/// exchange is the spec's, `+1/4` with the link busy `13/4`, `+1/3` with `23/9`.
#[test]
fn dl2_exchange_in_the_result() {
    let cases = [
        ((1, 3, 2, 5), q(5, 2), qi(7), q(1, 4), q(13, 4)),
        ((2, 1, 5, 4), q(10, 9), qi(3), q(1, 3), q(23, 9)),
    ];
    for ((ga, wa, gb, wb), load, t, gain, busy) in cases {
        let inst = Divisible::star_linear(&[qi(ga), qi(gb)], &[qi(wa), qi(wb)], load.clone());
        let sol = check(&inst, "star-linear");
        assert_eq!(sol.makespan, t);
        let d = star_details(&sol);
        assert_eq!(d.exchanges.len(), 1);
        let x = &d.exchanges[0];
        assert_eq!((x.a, x.b), (0, 1));
        assert_eq!((&x.time_left, &x.gain, &x.busy), (&t, &gain, &busy));
        assert_eq!(&x.load_ab - &x.load_ba, gain);
        assert_eq!(x.load_ab, load);
        let doc = serde_json::to_value(&sol.details).unwrap();
        assert_eq!(doc["exchanges"][0]["gain"], serde_json::json!(frac(&gain)));
    }
    // DL-3: one exchange per consecutive pair of the order 1, 2, 3; each pair's loads are the
    // schedule's, and serving the smaller g first never loses.
    let sol = check(&lin(&[1, 2, 3], &[2, 3, 4], 100), "exact");
    let d = star_details(&sol);
    assert_eq!(d.exchanges.len(), 2);
    for x in &d.exchanges {
        assert_eq!(x.load_ab, &sol.alpha[x.a] + &sol.alpha[x.b]);
        assert!(x.gain > Q::zero());
    }
    assert_eq!(d.exchanges[0].time_left, q(2100, 11));
    assert_eq!(d.exchanges[1].time_left, q(2100, 11) - q(700, 11));
}

#[test]
fn dl3_star_linear() {
    let sol = check(&lin(&[1, 2, 3], &[2, 3, 4], 100), "exact");
    assert_eq!(sol.method, "star-linear");
    assert_eq!(sol.order, [0, 1, 2]);
    let d = star_details(&sol);
    assert_eq!(d.rates, [q(1, 3), q(2, 15), q(2, 35)]);
    assert_eq!(d.rho, q(11, 21));
    assert_eq!(sol.makespan, q(2100, 11));
    assert_eq!(sol.alpha, [q(700, 11), q(280, 11), q(120, 11)]);
    assert_eq!(
        sends(&sol),
        [
            (0, qi(0), q(700, 11)),
            (1, q(700, 11), q(1260, 11)),
            (2, q(1260, 11), q(1620, 11))
        ]
    );
    let orders: Vec<(Vec<usize>, f64)> = d
        .orders
        .iter()
        .map(|o| (o.order.clone(), to_f64(&o.rho)))
        .collect();
    let want = [
        (vec![0, 1, 2], 0.523_81),
        (vec![0, 2, 1], 0.504_762),
        (vec![1, 0, 2], 0.457_143),
        (vec![1, 2, 0], 0.4),
        (vec![2, 0, 1], 0.466_667),
        (vec![2, 1, 0], 0.4),
    ];
    assert_eq!(d.orders[0].rho, q(11, 21));
    // Served first, P3 is better left idle: (P1, P2) gives 7/15 and (P2, P1) gives 2/5.
    assert_eq!(
        (d.orders[4].rho.clone(), d.orders[4].rho_all.clone()),
        (q(7, 15), q(43, 105))
    );
    assert_eq!(
        (d.orders[5].rho.clone(), d.orders[5].rho_all.clone()),
        (q(2, 5), q(13, 35))
    );
    for ((o, r), (wo, wr)) in orders.iter().zip(&want) {
        assert_eq!(o, wo);
        assert!((r - wr).abs() < 5e-6, "{o:?}: {r} vs {wr}");
    }
}

#[test]
fn dl4_unsorted_input_and_a_tie_in_g() {
    let sol = check(&lin(&[3, 1, 2, 1], &[1, 4, 2, 2], 60), "star-linear");
    assert_eq!(sol.order, [1, 3, 2, 0]);
    let d = star_details(&sol);
    assert_eq!(d.rates, [q(1, 15), q(1, 5), q(2, 15), q(4, 15)]);
    assert_eq!(d.rho, q(2, 3));
    assert_eq!(sol.makespan, qi(90));
    assert_eq!(sol.alpha, qs(&[6, 18, 12, 24]));
    assert_eq!(
        sends(&sol),
        [
            (1, qi(0), qi(18)),
            (3, qi(18), qi(42)),
            (2, qi(42), qi(66)),
            (0, qi(66), qi(84))
        ]
    );
}

#[test]
fn dl5_the_master_computes() {
    let mut inst = lin(&[1, 2], &[2, 2], 50);
    inst.w0 = Some(qi(3));
    let sol = check(&inst, "star-linear");
    assert_eq!(star_details(&sol).rho, q(5, 6));
    assert_eq!(sol.makespan, qi(60));
    assert_eq!(sol.alpha_master, Some(qi(20)));
    assert_eq!(sol.alpha, qs(&[20, 10]));
    assert_eq!(sends(&sol), [(0, qi(0), qi(20)), (1, qi(20), qi(40))]);
    let master: Vec<&Block> = sol.schedule.iter().filter(|b| b.node.is_none()).collect();
    assert_eq!(
        (master[0].start.clone(), master[0].end.clone()),
        (qi(0), qi(60))
    );
    // No worker at all: T_f = W_total·w_0.
    let mut alone = lin(&[], &[], 50);
    alone.w0 = Some(qi(3));
    assert_eq!(check(&alone, "star-linear").makespan, qi(150));
}

#[test]
fn dl6_bus_every_order_is_optimal() {
    let sol = check(&lin(&[1, 1, 1], &[3, 5, 4], 30), "star-linear");
    assert_eq!(star_details(&sol).rho, q(1, 2));
    assert_eq!(sol.makespan, qi(60));
    assert_eq!(sol.alpha, [qi(15), q(15, 2), q(15, 2)]);
    assert!(star_details(&sol).orders.iter().all(|o| o.rho == q(1, 2)));
    assert_eq!(star_details(&sol).orders.len(), 6);
}

fn affine_details(sol: &DivSolution) -> &affine::AffineDetails {
    match &sol.details {
        Details::Affine(d) => d,
        other => panic!("not an affine result: {other:?}"),
    }
}

#[test]
fn dl9_resource_selection() {
    let inst = aff(&[0, 0, 10], &[1, 1, 1], &[0, 0, 0], &[2, 2, 1], 10);
    let sol = check(&inst, "exact");
    assert_eq!(sol.method, "affine-exact");
    assert_eq!(sol.makespan, qi(18));
    assert_eq!(sol.order, [0, 1]);
    assert_eq!(sol.alpha, qs(&[6, 4, 0]));
    let d = affine_details(&sol);
    let s = d.sorted.as_ref().unwrap();
    assert_eq!(
        (s.makespan.clone(), s.alpha[2].clone(), s.valid),
        (q(135, 7), q(-5, 7), false)
    );
    // All three sorted: the result marked invalid, with EF's makespan and no load.
    let sorted = check(&inst, "affine-sorted");
    assert_eq!(
        (sorted.status, sorted.makespan.clone()),
        (Status::Infeasible, q(135, 7))
    );
    assert!(sorted.alpha.iter().all(Zero::is_zero) && sorted.schedule.is_empty());
    assert!(
        sorted.notes[0].contains("P3 would get -5/7"),
        "{:?}",
        sorted.notes
    );
    // Its last caption says so (not "served in the order nobody").
    let run = solve_traced(&inst, "affine-sorted").unwrap();
    let last = run.trace.steps.last().unwrap().caption(&Vec::new());
    assert_eq!(
        last,
        "Done: invalid, no schedule: EF's makespan 135/7 ≈ 19.2857 needs a negative load."
    );
    // The LP of every ordered subset (§4.3), exactly as listed.
    let table: [(&[usize], f64); 15] = [
        (&[0], 30.0),
        (&[1], 30.0),
        (&[2], 30.0),
        (&[0, 1], 18.0),
        (&[0, 2], 22.5),
        (&[1, 0], 18.0),
        (&[1, 2], 22.5),
        (&[2, 0], 25.0),
        (&[2, 1], 25.0),
        (&[0, 1, 2], 20.0),
        (&[0, 2, 1], 21.428_571),
        (&[1, 0, 2], 20.0),
        (&[1, 2, 0], 21.428_571),
        (&[2, 0, 1], 22.857_143),
        (&[2, 1, 0], 22.857_143),
    ];
    for (order, want) in table {
        let (t, _) = program::lp_for_order(&inst.workers, order, &inst.w_total).unwrap();
        assert!((to_f64(&t) - want).abs() < 1e-6, "{order:?}: {t}");
    }
    // The enumeration's valid rows agree with those LP optima.
    assert_eq!(d.table.len(), 15);
    for row in &d.table {
        if let Some(t) = &row.makespan {
            let (lp, _) = program::lp_for_order(&inst.workers, &row.order, &inst.w_total).unwrap();
            assert_eq!(*t, lp, "{:?}", row.order);
        }
    }
    let lp = check(&inst, "affine-lp");
    assert_eq!(lp.makespan, qi(20));
}

#[test]
fn dl10_the_g_order_is_not_optimal_for_small_loads() {
    let inst = aff(&[0, 5, 0], &[1, 2, 4], &[1, 2, 2], &[6, 6, 4], 4);
    let sol = check(&inst, "affine-exact");
    assert_eq!(sol.makespan, q(573, 34));
    assert_eq!(sol.order, [0, 2, 1]);
    assert_eq!(
        (
            sol.alpha[0].clone(),
            sol.alpha[2].clone(),
            sol.alpha[1].clone()
        ),
        (q(77, 34), q(107, 68), q(11, 68))
    );
    assert_eq!(check(&inst, "affine-sorted").makespan, q(632, 37));
}

#[test]
fn dl11_all_workers_sorted_is_optimal() {
    for (w_total, t, alpha) in [
        (20, q(2454, 55), [q(586, 55), q(412, 55), q(102, 55)]),
        (
            2000,
            q(224_214, 55),
            [q(56026, 55), q(41992, 55), q(11982, 55)],
        ),
    ] {
        let inst = aff(&[1, 2, 1], &[1, 2, 3], &[1, 1, 2], &[3, 2, 4], w_total);
        let sol = check(&inst, "exact");
        assert_eq!(sol.makespan, t);
        assert_eq!(sol.order, [0, 1, 2]);
        assert_eq!(sol.alpha, alpha);
        assert_eq!(check(&inst, "affine-sorted").alpha, alpha);
    }
}

#[test]
fn dl12_four_affine_workers() {
    let inst = aff(
        &[2, 1, 3, 1],
        &[2, 1, 1, 3],
        &[1, 2, 1, 1],
        &[4, 5, 3, 6],
        50,
    );
    let sol = check(&inst, "exact");
    assert_eq!(sol.makespan, q(22909, 227));
    assert_eq!(sol.order, [1, 2, 0, 3]);
    let in_order: Vec<Q> = sol.order.iter().map(|&i| sol.alpha[i].clone()).collect();
    assert_eq!(
        in_order,
        [q(11114, 681), q(13552, 681), q(2183, 227), q(945, 227)]
    );
}

#[test]
fn zero_load_gives_an_empty_schedule() {
    let sol = check(&lin(&[1, 2], &[1, 1], 0), "star-linear");
    assert_eq!((sol.makespan.clone(), sol.schedule.len()), (qi(0), 0));
    let sol = check(&aff(&[1, 1], &[1, 1], &[1, 1], &[1, 1], 0), "affine-exact");
    assert!(sol.schedule.is_empty());
    let mut state = DivState::new(2);
    for s in &solve_traced(&lin(&[1, 2], &[1, 1], 0), "star-linear")
        .unwrap()
        .trace
        .steps
    {
        state.apply(s);
    }
    assert!(state.blocks.is_empty());
}

/// Found by the property test: the best prefix of the `g` order, `[P1, P2]`, gives P1 no load
/// (`T_f = 4`, α = (0, 1)); leaving P1 out saves its latency `G_1 = 1`, and P2 alone ends at 3,
/// the optimum. The result says so and its schedule ends at the makespan it reports.
#[test]
fn a_worker_given_nothing_is_left_out_with_its_latency() {
    let inst = aff(&[1, 0], &[0, 1], &[3, 1], &[1, 1], 1);
    for algo in ["affine-prefix", "affine-exact"] {
        let sol = check(&inst, algo);
        assert_eq!(sol.makespan, qi(3), "{algo}");
        assert_eq!(sol.order, [1], "{algo}");
        assert_eq!(sol.alpha, qs(&[0, 1]), "{algo}");
        assert!(sol.tight, "{algo}");
    }
    let prefix = check(&inst, "affine-prefix");
    assert!(prefix.notes.iter().any(|n| n.contains("got no load")));
}
