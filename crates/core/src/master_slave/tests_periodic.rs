//! The worked examples of master-slave.md §11 for the per-task-communication variants (MS-7 …
//! MS-9b): the periodic pattern, its counts against the greedy and the bound, task by task.

use num_bigint::BigInt;

use super::tests::{bus, horizon, pair, periodic_view, qs, run, sends, single};
use super::*;
use crate::rational::{q, qi, Q};

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
}

#[test]
fn ms7_tasks_of_the_pattern_and_of_the_greedy() {
    let inst = |t| bus(3, &[2, 3, 3, 5], single(1), horizon(t));
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
