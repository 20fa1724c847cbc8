//! The worked examples of master-slave.md §11 (MS-0 … MS-9b), Part A, as data-driven tests with
//! the spec's numbers; every run is also verified, replayed and compared with the untraced run.

use num_bigint::BigInt;

use super::family::MasterSlaveFamily;
use super::solution::MatrixName;
use super::*;
use crate::family::Family;
use crate::rational::{q, qi, Q};

pub(super) fn qs(v: &[i64]) -> Vec<Q> {
    v.iter().map(|&x| qi(x)).collect()
}

pub(super) fn bus(variant: u8, t: &[i64], comm: Comm, goal: Goal) -> MsInput {
    MsInput::Bus(BusInput {
        variant,
        t: qs(t),
        comm,
        goal,
    })
}

pub(super) fn single(c: i64) -> Comm {
    Comm::Single(qi(c))
}

pub(super) fn pair(a: i64, b: i64) -> Comm {
    Comm::Pair(qi(a), qi(b))
}

pub(super) fn horizon(t: i64) -> Goal {
    Goal::Horizon(qi(t))
}

/// Solves traced and untraced, checks they agree, verifies and replays (the family check).
pub(super) fn run(input: &MsInput, algorithm: &str) -> MsSolution {
    let traced = solve_traced(input, algorithm).unwrap_or_else(|e| panic!("{algorithm}: {e}"));
    let plain = solve(input, algorithm).unwrap();
    assert_eq!(plain, traced.solution, "solve == solve_traced");
    MasterSlaveFamily::check(input, &traced).unwrap_or_else(|e| panic!("{algorithm}: {e}"));
    traced.solution
}

fn matrix(sol: &MsSolution, name: MatrixName) -> Vec<Vec<i64>> {
    let m = sol.matching.as_ref().expect("a matching view");
    m.matrices
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, w)| w.clone())
        .expect("the matrix")
}

fn sends(sol: &MsSolution) -> Vec<(usize, Q, Q)> {
    sol.schedule
        .iter()
        .filter_map(|a| match a {
            Activity::Send { slave, start, end } => Some((*slave, start.clone(), end.clone())),
            _ => None,
        })
        .collect()
}

fn busy(sol: &MsSolution, slave: usize) -> (Q, Q) {
    let spans: Vec<(Q, Q)> = sol
        .schedule
        .iter()
        .filter_map(|a| match a {
            Activity::Compute {
                slave: s,
                start,
                end,
            } if *s == slave => Some((start.clone(), end.clone())),
            _ => None,
        })
        .collect();
    (spans[0].0.clone(), spans[spans.len() - 1].1.clone())
}

#[test]
fn ms0_no_communication() {
    let s = run(&bus(0, &[3, 5, 7], Comm::None, horizon(20)), "exact");
    assert_eq!((s.counts.clone(), s.total), (vec![6, 4, 2], 12));
    assert!(s.optimal);
}

#[test]
fn ms1_slow_slave_first() {
    let input = bus(1, &[5, 9], single(1), horizon(28));
    let s = run(&input, "exact");
    assert_eq!(matrix(&s, MatrixName::W), [[5, 5], [3, 2]]);
    assert_eq!((s.total, s.counts.clone()), (8, vec![5, 3]));
    let m = s.matching.as_ref().unwrap();
    assert_eq!(m.optimal.as_ref().unwrap().sigma, [2, 1]);
    assert_eq!(m.fastest_first.as_ref().unwrap().total, 7);
    assert_eq!(sends(&s), [(1, qi(0), qi(1)), (0, qi(1), qi(2))]);
    assert_eq!(busy(&s, 1), (qi(1), qi(28)));
    assert_eq!(busy(&s, 0), (qi(2), qi(27)));
    assert_eq!(run(&input, "greedy").total, 7);
}

#[test]
fn ms2_unique_optimum() {
    let input = bus(1, &[4, 5, 7], single(1), horizon(16));
    let s = run(&input, "exact");
    assert_eq!(matrix(&s, MatrixName::W), [[3, 3, 3], [3, 2, 2], [2, 2, 1]]);
    assert_eq!((s.total, s.counts.clone()), (8, vec![3, 3, 2]));
    assert_eq!(
        s.matching.as_ref().unwrap().optimal.as_ref().unwrap().sigma,
        [3, 1, 2]
    );
    assert_eq!(
        sends(&s),
        [(1, qi(0), qi(1)), (2, qi(1), qi(2)), (0, qi(2), qi(3))]
    );
    assert_eq!(s.order, [1, 2, 0]);
    assert_eq!(busy(&s, 1), (qi(1), qi(16)));
    assert_eq!(busy(&s, 2), (qi(2), qi(16)));
    assert_eq!(busy(&s, 0), (qi(3), qi(15)));
    assert_eq!(run(&input, "greedy").total, 6);
}

#[test]
fn ms2b_and_ms2c() {
    let s = run(&bus(1, &[2, 7, 7, 10], single(3), horizon(30)), "exact");
    assert_eq!(
        matrix(&s, MatrixName::W),
        [[13, 12, 10, 9], [3, 3, 3, 2], [3, 3, 3, 2], [2, 2, 2, 1]]
    );
    assert_eq!(s.total, 20);
    let ff = s.matching.as_ref().unwrap().fastest_first.clone().unwrap();
    assert_eq!(ff.total, 20, "fastest-first is optimal here");
    let s = run(&bus(1, &[1, 1, 50], single(10), horizon(25)), "exact");
    assert_eq!(
        matrix(&s, MatrixName::W),
        [[15, 5, 0], [15, 5, 0], [0, 0, 0]]
    );
    assert_eq!((s.total, s.counts.clone()), (20, vec![15, 5, 0]));
    assert!(
        sends(&s).iter().all(|(i, _, _)| *i != 2),
        "P3 gets no message"
    );
}

#[test]
fn ms3_min_time1() {
    for (t, tcom, c, want) in [
        (&[5, 9][..], 1, 8, 28),
        (&[4, 5, 7][..], 1, 8, 16),
        (&[3, 4, 6][..], 2, 10, 18),
        (&[2, 7, 7, 10][..], 3, 17, 26),
    ] {
        let s = run(&bus(1, t, single(tcom), Goal::Tasks(c)), "exact");
        assert_eq!(s.makespan, Some(qi(want)), "{t:?}");
        assert_eq!(s.total, c);
        // One unit less does not suffice.
        let less = solve(&bus(1, t, single(tcom), horizon(want - 1)), "exact").unwrap();
        assert!(less.total < c, "{t:?}");
    }
    let less = solve(&bus(1, &[5, 9], single(1), horizon(27)), "exact").unwrap();
    assert_eq!(less.total, 7);
}

#[test]
fn ms4_two_phase() {
    let input = bus(2, &[3, 5, 8], pair(2, 1), horizon(30));
    let e = run(&input, "exact");
    assert_eq!(e.total, 16);
    let a = run(&input, "approx");
    assert_eq!(
        matrix(&a, MatrixName::A1),
        [[4, 3, 3], [2, 2, 1], [1, 1, 1]]
    );
    assert_eq!(
        matrix(&a, MatrixName::A2),
        [[4, 4, 4], [2, 2, 2], [1, 1, 1]]
    );
    let m = a.matching.as_ref().unwrap();
    assert_eq!(m.left.as_ref().unwrap().total, 7);
    assert_eq!(m.left.as_ref().unwrap().sigma, [1, 2, 3]);
    assert_eq!(m.right.as_ref().unwrap().total, 7);
    assert_eq!(m.c_app, Some(14));
    assert!((14..=15).contains(&a.total), "final {}", a.total);
    assert_eq!(m.exact_optimum, Some(16));
    assert!(!a.optimal && e.optimal);
}

#[test]
fn ms4b_and_ms4c() {
    let input = bus(2, &[4, 4, 9, 10], pair(1, 2), horizon(40));
    assert_eq!(run(&input, "exact").total, 23);
    let a = run(&input, "approx");
    assert_eq!(
        matrix(&a, MatrixName::A1),
        [[4, 4, 4, 4], [4, 4, 4, 4], [2, 2, 1, 1], [1, 1, 1, 1]]
    );
    assert_eq!(
        matrix(&a, MatrixName::A2),
        [[4, 4, 3, 3], [4, 4, 3, 3], [2, 1, 1, 1], [1, 1, 1, 1]]
    );
    assert_eq!(a.matching.as_ref().unwrap().c_app, Some(21));
    assert!((21..=23).contains(&a.total));
    let input = bus(2, &[6, 7, 11], pair(3, 3), horizon(50));
    let e = run(&input, "exact");
    assert_eq!((e.total, e.counts.clone()), (15, vec![7, 5, 3]));
    let a = run(&input, "approx");
    let w = [[3, 3, 2], [3, 2, 2], [2, 1, 1]];
    assert_eq!(matrix(&a, MatrixName::A1), w);
    assert_eq!(matrix(&a, MatrixName::A2), w);
    assert_eq!(
        (a.matching.as_ref().unwrap().c_app, a.total),
        (Some(14), 14)
    );
}

#[test]
fn ms5_identical_slaves() {
    let s = run(&bus(2, &[3, 3, 3, 3], pair(1, 1), horizon(17)), "exact");
    assert_eq!(
        matrix(&s, MatrixName::B),
        [[5, 4, 4, 4], [4, 4, 4, 3], [4, 4, 3, 3], [4, 3, 3, 3]]
    );
    assert_eq!(s.total, 16);
    assert_eq!(
        run(&bus(2, &[5, 5, 5], pair(1, 1), horizon(20)), "exact").total,
        9
    );
    assert_eq!(
        run(&bus(2, &[4, 4, 4], pair(2, 1), horizon(19)), "exact").total,
        9
    );
    // Identical slaves stay exact beyond the enumeration's reach.
    let many = bus(2, &[3; 10], pair(1, 1), horizon(60));
    assert_eq!(offered(&many)[0], "exact");
    assert!(run(&many, "exact").total >= run(&many, "approx").total);
}

#[test]
fn ms6_reduction_demo() {
    let yes = run(&bus(2, &[24, 22, 23], pair(1, 1), horizon(27)), "exact");
    assert_eq!(yes.total, 3);
    let no = run(&bus(2, &[28, 22, 25], pair(1, 1), horizon(29)), "exact");
    assert_eq!(no.total, 2);
}

fn periodic_view(s: &MsSolution) -> &solution::PeriodicView {
    s.periodic.as_ref().expect("a periodic view")
}

fn big(v: &[i64]) -> Vec<BigInt> {
    v.iter().map(|&x| BigInt::from(x)).collect()
}

#[test]
fn ms7_pattern_and_greedy() {
    let inst = |t| bus(3, &[2, 3, 3, 5], single(1), horizon(t));
    let s = run(&inst(12), "periodic");
    let pat = &periodic_view(&s).pattern;
    assert_eq!(pat.tc, qs(&[3, 4, 4, 6]));
    assert_eq!((pat.s.clone(), pat.tpat.clone()), (qi(1), qi(12)));
    assert_eq!(pat.nb, big(&[4, 3, 3, 2]));
    assert_eq!(pat.offsets, qs(&[0, 4, 7, 10]));
    for (t, periodic, greedy, ub) in [
        (12, 5, 9, 12),
        (16, 9, 12, 15),
        (24, 17, 20, 24),
        (36, 29, 30, 36),
        (100, 93, 87, 99),
        (1200, 1193, 1065, 1200),
    ] {
        let p = run(&inst(t), "periodic");
        let v = periodic_view(&p);
        assert_eq!(
            (p.total, v.greedy, v.ub),
            (periodic, Some(greedy), ub),
            "T = {t}"
        );
        if t <= 100 {
            assert_eq!(run(&inst(t), "greedy").total, greedy, "T = {t}");
        }
    }
    // Period 0 of the pattern (message start, computation) per slave, and period 1 = + 12.
    let s = run(&inst(36), "periodic");
    let tasks = tasks_of(&s);
    let want: &[(usize, i64, i64)] = &[
        (0, 0, 4),
        (0, 1, 6),
        (0, 2, 8),
        (0, 3, 10),
        (1, 4, 7),
        (1, 5, 10),
        (1, 6, 13),
        (2, 7, 10),
        (2, 8, 13),
        (2, 9, 16),
        (3, 10, 12),
        (3, 11, 17),
    ];
    for &(i, m, c) in want {
        for r in [0, 12] {
            assert!(
                tasks.contains(&(i, qi(m + r), qi(c + r))),
                "P{} ({m},{c}) + {r}",
                i + 1
            );
        }
    }
    // Greedy message starts.
    let g = run(&inst(20), "greedy");
    let starts: Vec<(usize, Q)> = sends(&g).into_iter().map(|(i, s, _)| (i + 1, s)).collect();
    let want = [
        (1, 0),
        (2, 1),
        (3, 2),
        (1, 3),
        (4, 4),
        (2, 5),
        (1, 6),
        (3, 7),
        (1, 9),
        (2, 10),
        (3, 11),
        (1, 12),
        (4, 13),
        (2, 14),
        (1, 15),
    ];
    for (k, (i, t)) in want.iter().enumerate() {
        assert_eq!(starts[k], (*i, qi(*t)), "greedy message {k}");
    }
}

/// `(slave, message start, computation start)` of every task.
fn tasks_of(s: &MsSolution) -> Vec<(usize, Q, Q)> {
    let mut per: Vec<(Vec<Q>, Vec<Q>)> = vec![(Vec::new(), Vec::new()); s.counts.len()];
    for a in &s.schedule {
        match a {
            Activity::Send { slave, start, .. } => per[*slave].0.push(start.clone()),
            Activity::Compute { slave, start, .. } => per[*slave].1.push(start.clone()),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for (i, (mut snd, mut cmp)) in per.into_iter().enumerate() {
        snd.sort();
        cmp.sort();
        out.extend(snd.into_iter().zip(cmp).map(|(a, b)| (i, a, b)));
    }
    out
}

#[test]
fn ms8_bus_limited() {
    let inst = |t| bus(3, &[2, 3, 3, 4, 6], single(1), horizon(t));
    let s = run(&inst(12), "periodic");
    let v = periodic_view(&s);
    assert_eq!(v.pattern.s, q(247, 210));
    assert_eq!(v.pattern.pmax, Some(3));
    assert_eq!(v.pattern.tpat, qi(12));
    assert_eq!(v.pattern.nb, big(&[4, 3, 3, 2, 0]));
    assert_eq!(v.pattern.offsets, qs(&[0, 4, 7, 10, 12]));
    let (paper, _) = v.paper_period.as_ref().unwrap();
    assert_eq!(
        (paper.tpat.clone(), paper.nb.clone()),
        (qi(60), big(&[20, 15, 15, 10, 0]))
    );
    for (t, canonical, sixty, greedy, ub) in [
        (12, 5, 0, 9, 12),
        (60, 53, 31, 58, 60),
        (120, 113, 91, 117, 120),
        (1200, 1193, 1171, 1197, 1200),
    ] {
        let p = run(&inst(t), "periodic");
        let v = periodic_view(&p);
        assert_eq!(p.total, canonical, "T = {t}");
        assert_eq!(v.paper_period.as_ref().unwrap().1, sixty, "T = {t}");
        assert_eq!((v.greedy, v.ub), (Some(greedy), ub), "T = {t}");
    }
}

#[test]
fn ms8b_small_patterns() {
    for (t, tcom, tpat, nb, periodic, greedy, ub) in [
        (&[1, 4][..], 2, 6, [2, 1], 5, 5, 6),
        (&[3, 5][..], 1, 12, [3, 2], 4, 5, 5),
    ] {
        let s = run(&bus(3, t, single(tcom), horizon(14)), "periodic");
        let v = periodic_view(&s);
        assert_eq!(
            (v.pattern.tpat.clone(), v.pattern.nb.clone()),
            (qi(tpat), big(&nb))
        );
        assert_eq!(
            (s.total, v.greedy, v.ub),
            (periodic, Some(greedy), ub),
            "{t:?}"
        );
    }
}

#[test]
fn ms9_returns_after_each_task() {
    let inst = |t| bus(4, &[8, 8, 9], pair(2, 1), horizon(t));
    let s = run(&inst(132), "periodic");
    let v = periodic_view(&s);
    assert_eq!(v.pattern.tc, qs(&[11, 11, 12]));
    assert_eq!(
        (v.pattern.s.clone(), v.pattern.tpat.clone()),
        (q(35, 44), qi(132))
    );
    assert_eq!(v.pattern.nb, big(&[12, 12, 11]));
    assert_eq!(v.pattern.offsets, qs(&[0, 36, 72]));
    for (t, n, ub) in [
        (132, 0, 35),
        (264, 35, 70),
        (1320, 315, 350),
        (13200, 3465, 3500),
    ] {
        let s = run(&inst(t), "periodic");
        assert_eq!((s.total, periodic_view(&s).ub), (n, ub), "T = {t}");
    }
}

#[test]
fn ms9b_small_pattern_with_returns() {
    let inst = |t| bus(4, &[2, 4], pair(1, 1), horizon(t));
    let s = run(&inst(36), "periodic");
    let v = periodic_view(&s);
    assert_eq!(
        (v.pattern.tpat.clone(), v.pattern.nb.clone()),
        (qi(12), big(&[3, 2]))
    );
    assert_eq!(v.pattern.offsets, qs(&[0, 6]));
    let mut got: Vec<(usize, Q, Q, Q)> = Vec::new();
    let tasks = tasks_of(&s);
    let mut returns: Vec<Vec<Q>> = vec![Vec::new(); 2];
    for a in &s.schedule {
        if let Activity::Return { slave, start, .. } = a {
            returns[*slave].push(start.clone());
        }
    }
    for r in &mut returns {
        r.sort();
    }
    let mut rank = [0usize; 2];
    for (i, m, c) in tasks {
        got.push((i, m, c, returns[i][rank[i]].clone()));
        rank[i] += 1;
    }
    let period0: &[(usize, i64, i64, i64)] = &[
        (0, 3, 6, 12),
        (0, 4, 8, 13),
        (0, 5, 10, 14),
        (1, 8, 10, 18),
        (1, 9, 14, 19),
    ];
    for &(i, m, c, b) in period0 {
        for r in [0, 12] {
            assert!(
                got.contains(&(i, qi(m + r), qi(c + r), qi(b + r))),
                "P{} {m} {c} {b} + {r}",
                i + 1
            );
        }
    }
    for (t, n, ub) in [(12, 0, 5), (24, 5, 10), (36, 10, 15), (120, 45, 50)] {
        let s = run(&inst(t), "periodic");
        assert_eq!((s.total, periodic_view(&s).ub), (n, ub), "T = {t}");
    }
}

#[test]
fn edge_cases_of_section_12() {
    // T = 0: no task, empty chart.
    let s = run(&bus(1, &[2, 3], single(1), horizon(0)), "exact");
    assert_eq!((s.total, s.schedule.len()), (0, 0));
    // No slave can finish a task.
    let s = run(&bus(1, &[5, 6], single(2), horizon(6)), "exact");
    assert_eq!(s.total, 0);
    assert!(s.notes.iter().any(|n| n.contains("no slave can finish")));
    // The exact MaxTasks2 search is refused above p = 7 and names the method that runs.
    let big = bus(2, &[3, 4, 5, 6, 7, 8, 9, 10], pair(1, 1), horizon(60));
    assert_eq!(offered(&big), ["approx", "exact"]);
    let e = solve(&big, "exact").unwrap_err().to_string();
    assert!(e.contains("approx") && e.contains('7'), "{e}");
    assert!(run(&big, "approx").total > 0);
    // The guarantee is labelled "not proven" below 2p·max(t1, t2).
    let s = run(&bus(2, &[3, 5, 8], pair(2, 1), horizon(9)), "approx");
    assert!(
        s.notes.iter().any(|n| n.contains("not proven")),
        "{:?}",
        s.notes
    );
    // Unknown algorithm for the variant.
    assert!(solve(&bus(4, &[2], pair(1, 1), horizon(9)), "greedy").is_err());
    // Rational data: times are exact.
    let s = run(
        &bus(1, &[5, 9], Comm::Single(q(1, 2)), Goal::Horizon(q(29, 2))),
        "exact",
    );
    assert!(s.total > 0);
    let s = run(
        &bus(3, &[5, 9], Comm::Single(q(1, 2)), Goal::Horizon(q(59, 2))),
        "periodic",
    );
    assert_eq!(periodic_view(&s).pattern.scale, qi(2));
}

#[test]
fn min_time_of_every_variant() {
    for (v, comm, algos) in [
        (0, Comm::None, &["exact"][..]),
        (1, single(1), &["exact", "greedy"][..]),
        (2, pair(1, 1), &["exact", "approx"][..]),
        (3, single(1), &["periodic", "greedy"][..]),
        (4, pair(1, 1), &["periodic"][..]),
    ] {
        for algo in algos {
            for c in [0, 1, 7, 20] {
                let input = bus(v, &[2, 3, 5], comm.clone(), Goal::Tasks(c));
                let s = run(&input, algo);
                assert_eq!(s.total, c, "MinTime{v} {algo} C={c}");
            }
        }
    }
    // MinTime3 by the pattern equals the least T whose MaxTasks3 count reaches C.
    let s = run(
        &bus(3, &[2, 3, 3, 5], single(1), Goal::Tasks(9)),
        "periodic",
    );
    assert_eq!(s.makespan, Some(qi(16)));
}
