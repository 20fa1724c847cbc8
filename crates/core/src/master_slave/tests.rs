//! The worked examples of master-slave.md §11 (MS-0 … MS-9b), Part A, as data-driven tests with
//! the spec's numbers; every run is also verified, replayed and compared with the untraced run.

use crate::family::Solver as _;

use super::family::MasterSlaveFamily;
use super::solution::MatrixName;
use super::*;

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

/// The periodic view of a solution of the periodic variants.
pub(super) fn periodic_view(s: &MsSolution) -> &super::solution::PeriodicView {
    s.periodic.as_ref().expect("a periodic view")
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

pub(super) fn sends(sol: &MsSolution) -> Vec<(usize, Q, Q)> {
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

#[test]
fn ms6_the_reduction_builds_the_examples() {
    let (yes, k) = two_phase::reduction(&[7, 5, 6], 10).unwrap();
    assert_eq!(
        (yes.t.clone(), yes.goal.clone(), k),
        (qs(&[24, 22, 23]), horizon(27), 3)
    );
    assert_eq!(run(&MsInput::Bus(yes.clone()), "exact").total, 3);
    let (no, _) = two_phase::reduction(&[9, 3, 6], 10).unwrap();
    assert_eq!(
        (no.t.clone(), no.goal.clone()),
        (qs(&[28, 22, 25]), horizon(29))
    );
    assert_eq!(run(&MsInput::Bus(no.clone()), "exact").total, 2);
    assert!(two_phase::reduction(&[1, 1, 1], 10).is_none());
    // The presets of the panel's two scenes are these instances; on the NO one P1 stays idle.
    for (name, built, counts) in [("ms6", yes, [1, 1, 1]), ("ms6b", no, [0, 1, 1])] {
        let Some(crate::families::Instance::MasterSlave(MsInput::Bus(b))) =
            crate::presets::get(&format!("master-slave-{name}"))
        else {
            panic!("{name}: a bus preset")
        };
        assert_eq!((&b.t, &b.goal), (&built.t, &built.goal), "{name}");
        assert_eq!(run(&MsInput::Bus(b), "exact").counts, counts, "{name}");
    }
}
