//! `MinTime(C)` on the trees of Part B (master-slave.md §3.4 over §8.3): the binary search on
//! `T` checked against MS-10 by hand and against a scan of the worked examples' `MaxTasks`,
//! the instance written with `C`, and the refusals.

use super::tests::run;
use super::tests_tree::{hops, ms12_legs, ms13_nodes, tree};
use super::*;
use crate::rational::{qi, Q};

/// `input` asking `MinTime(c)` instead of `MaxTasks(T)` (written `"C"`).
fn min_time(input: &MsInput, c: u64) -> MsInput {
    let MsInput::Tree(t) = input else {
        panic!("a tree")
    };
    MsInput::Tree(TreeInput {
        horizon: Q::default(),
        n: None,
        tasks: Some(c),
        ..t.clone()
    })
}

#[test]
fn ms10_min_time_on_the_fork() {
    // master-slave.md §11, MS-10: OPT = 5 at T = 10. At T = 9 the §8.3 jobs are (1, 3), (2, 3),
    // (2, 5), (1, 6), (2, 7) in EDD order and Moore–Hodgson strikes one of length 2 (load 8 >
    // 7): 4 tasks. So MinTime(5) = 10 (§3.4).
    let fork = tree(Shape::Fork(hops(&[(1, 3), (2, 2)])), 10, None, None);
    let at = |t: i64| {
        let MsInput::Tree(f) = &fork else { panic!() };
        let i = MsInput::Tree(TreeInput {
            horizon: qi(t),
            ..f.clone()
        });
        run(&i, "exact").total
    };
    assert_eq!((at(9), at(10)), (4, 5));
    let s = run(&min_time(&fork, 5), "exact");
    assert_eq!((s.makespan.clone(), s.total), (Some(qi(10)), 5));
    assert_eq!(s.horizon, qi(10));
    // The search: its last probe is the answer's interval, and every probe's count is the
    // tree's MaxTasks at that horizon (a probe at T counts min(5, MaxTasks(T)) tasks).
    assert!(!s.search.is_empty());
    for p in &s.search {
        let t = p.mid.to_integer().try_into().unwrap();
        assert_eq!(p.count, at(t).min(5), "probe at {t}");
    }
    // C = 0: no time at all; C = 1: one task to P1 on [0,1), computed on [1,4) (or to P2 on
    // [0,2), computed on [2,4)).
    assert_eq!(run(&min_time(&fork, 0), "exact").makespan, Some(qi(0)));
    assert_eq!(run(&min_time(&fork, 1), "exact").makespan, Some(qi(4)));
}

#[test]
fn min_time_on_every_worked_tree_matches_a_scan() {
    // master-slave.md §11: (tree, T, OPT) of MS-10b, MS-10d, MS-11, MS-12 and MS-13. MinTime(OPT)
    // is at most T, and it is the least whole T whose MaxTasks reaches OPT (integer data: the
    // makespan is an integer, §3.4).
    let cases = [
        (
            tree(Shape::Fork(hops(&[(2, 5), (1, 7), (3, 4)])), 15, None, None),
            5,
        ),
        (
            tree(Shape::Fork(hops(&[(3, 4), (2, 9)])), 14, None, Some(6)),
            5,
        ),
        (
            tree(
                Shape::Chain(hops(&[(1, 3), (2, 2), (1, 2)])),
                10,
                None,
                None,
            ),
            6,
        ),
        (tree(Shape::Spider(ms12_legs()), 10, None, None), 8),
        (tree(Shape::Tree(ms13_nodes()), 9, None, None), 6),
    ];
    for (input, opt) in cases {
        let MsInput::Tree(t) = &input else { panic!() };
        assert_eq!(run(&input, "exact").total, opt, "{t:?}");
        let count = |h: i64| {
            let i = MsInput::Tree(TreeInput {
                horizon: qi(h),
                ..t.clone()
            });
            run(&i, "exact").total
        };
        let horizon: i64 = t.horizon.to_integer().try_into().unwrap();
        let scan = (0..=horizon).find(|&h| count(h) >= opt).unwrap();
        let s = run(&min_time(&input, opt), "exact");
        assert_eq!(s.makespan, Some(qi(scan)), "{t:?}");
        assert_eq!(s.total, opt);
    }
}

#[test]
fn min_time_on_a_tree_reads_and_refuses() {
    let doc = r#"{"problem":"master-slave","version":1,"variant":"fork","children":[{"c":1,"w":3},{"c":2,"w":2}],"C":5}"#;
    let Ok(crate::families::Instance::MasterSlave(m)) = crate::families::Instance::from_json(doc)
    else {
        panic!("reads")
    };
    assert_eq!(run(&m, "exact").makespan, Some(qi(10)));
    // Written back with C and without T.
    let back = crate::families::Instance::MasterSlave(m).to_json();
    assert!(
        back.contains("\"C\":5") && !back.contains("\"T\""),
        "{back}"
    );
    // C with T or n is refused, naming the field.
    for extra in [r#","T":10"#, r#","n":5"#] {
        let bad = doc.replace("}]", &format!("}}]{extra}"));
        let e = crate::families::Instance::from_json(&bad)
            .unwrap_err()
            .to_string();
        assert!(e.contains("not used with C"), "{e}");
    }
    // Nothing computes: refused instead of searching forever.
    let relay = tree(
        Shape::Chain(vec![Hop { c: qi(1), w: None }]),
        10,
        None,
        None,
    );
    let e = solve(&min_time(&relay, 3), "exact")
        .unwrap_err()
        .to_string();
    assert!(e.contains("no task can be done"), "{e}");
}
