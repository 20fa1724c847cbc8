//! The Part B worked examples of master-slave.md §11 (MS-10 … MS-13): READY lists, the
//! Moore–Hodgson trace, the forward port and CPU schedules, and the optimum.

use super::step::MsStep;
use super::tests::{qs, run};
use super::*;
use crate::platform::NodeId;
use crate::rational::{qi, Q};

pub(super) fn hops(v: &[(i64, i64)]) -> Vec<Hop> {
    v.iter()
        .map(|&(c, w)| Hop {
            c: qi(c),
            w: Some(qi(w)),
        })
        .collect()
}

pub(super) fn tree(shape: Shape, t: i64, n: Option<u64>, w0: Option<i64>) -> MsInput {
    MsInput::Tree(TreeInput {
        shape,
        horizon: qi(t),
        n,
        w0: w0.map(qi),
        tasks: None,
    })
}

/// Master-port transfers `(to, start, end)` in time order.
fn port(s: &MsSolution) -> Vec<(usize, Q, Q)> {
    let mut v: Vec<(usize, Q, Q)> = s
        .schedule
        .iter()
        .filter_map(|a| match a {
            Activity::Transfer {
                from: None,
                to,
                start,
                end,
            } => Some((*to, start.clone(), end.clone())),
            _ => None,
        })
        .collect();
    v.sort_by(|a, b| a.1.cmp(&b.1));
    v
}

fn spans(v: &[(usize, i64, i64)]) -> Vec<(usize, Q, Q)> {
    v.iter().map(|&(i, a, b)| (i, qi(a), qi(b))).collect()
}

fn cpu(s: &MsSolution, node: usize) -> Vec<(Q, Q)> {
    let mut v: Vec<(Q, Q)> = s
        .schedule
        .iter()
        .filter_map(|a| match a {
            Activity::Compute { slave, start, end } if *slave == node => {
                Some((start.clone(), end.clone()))
            }
            _ => None,
        })
        .collect();
    v.sort();
    v
}

fn pairs(v: &[(i64, i64)]) -> Vec<(Q, Q)> {
    v.iter().map(|&(a, b)| (qi(a), qi(b))).collect()
}

#[test]
fn ms10_fork_virtual_slaves_and_moore_hodgson() {
    let input = tree(Shape::Fork(hops(&[(1, 3), (2, 2)])), 10, None, None);
    let s = run(&input, "exact");
    assert_eq!(s.total, 5);
    let view = s.tree.as_ref().unwrap();
    let jobs: Vec<(usize, Q, Q)> = view
        .jobs
        .iter()
        .map(|j| (j.child, j.length.clone(), j.deadline.clone()))
        .collect();
    let want = [
        (0, 1, 1),
        (1, 2, 2),
        (0, 1, 4),
        (1, 2, 4),
        (1, 2, 6),
        (0, 1, 7),
        (1, 2, 8),
    ];
    let want: Vec<(usize, Q, Q)> = want.iter().map(|&(c, l, d)| (c, qi(l), qi(d))).collect();
    assert_eq!(jobs, want);
    // The Moore–Hodgson trace: loads after each add / removal.
    let trace = solve_traced(&input, "exact").unwrap().trace;
    let mh: Vec<(bool, usize, Q)> = trace
        .steps
        .iter()
        .filter_map(|s| match s {
            MsStep::Admitted { job, load } => Some((true, *job, load.clone())),
            MsStep::Rejected { job, load } => Some((false, *job, load.clone())),
            _ => None,
        })
        .collect();
    let want = [
        (true, 0, 1),
        (true, 1, 3),
        (false, 1, 1),
        (true, 2, 2),
        (true, 3, 4),
        (true, 4, 6),
        (true, 5, 7),
        (true, 6, 9),
        (false, 6, 7),
    ];
    let want: Vec<(bool, usize, Q)> = want.iter().map(|&(a, j, l)| (a, j, qi(l))).collect();
    assert_eq!(mh, want);
    assert_eq!(
        port(&s),
        spans(&[(0, 0, 1), (0, 1, 2), (1, 2, 4), (1, 4, 6), (0, 6, 7)])
    );
    assert_eq!(cpu(&s, 0), pairs(&[(1, 4), (4, 7), (7, 10)]));
    assert_eq!(cpu(&s, 1), pairs(&[(4, 6), (6, 8)]));
}

#[test]
fn ms10b_to_ms10d() {
    let s = run(
        &tree(Shape::Fork(hops(&[(2, 5), (1, 7), (3, 4)])), 15, None, None),
        "exact",
    );
    assert_eq!(s.total, 5);
    assert_eq!(
        port(&s),
        spans(&[(1, 0, 1), (0, 1, 3), (2, 3, 6), (1, 6, 7), (0, 7, 9)])
    );
    assert_eq!(cpu(&s, 0), pairs(&[(3, 8), (9, 14)]));
    assert_eq!(cpu(&s, 1), pairs(&[(1, 8), (8, 15)]));
    assert_eq!(cpu(&s, 2), pairs(&[(6, 10)]));
    let fork = Shape::Fork(hops(&[(1, 4), (1, 6), (2, 3)]));
    let capped = run(&tree(fork.clone(), 12, Some(5), None), "exact");
    assert_eq!(capped.total, 5);
    assert_eq!(
        port(&capped),
        spans(&[(2, 0, 2), (0, 2, 3), (1, 3, 4), (2, 4, 6), (0, 6, 7)])
    );
    assert_eq!(run(&tree(fork, 12, None, None), "exact").total, 6);
    let s = run(
        &tree(Shape::Fork(hops(&[(3, 4), (2, 9)])), 14, None, Some(6)),
        "exact",
    );
    assert_eq!(s.total, 5);
    assert_eq!(s.tree.as_ref().unwrap().master_tasks, 2);
    assert_eq!(port(&s), spans(&[(1, 0, 2), (0, 2, 5), (0, 5, 8)]));
    assert_eq!(cpu(&s, 0), pairs(&[(5, 9), (9, 13)]));
    assert_eq!(cpu(&s, 1), pairs(&[(2, 11)]));
}

#[test]
fn ms11_chains() {
    let s = run(
        &tree(
            Shape::Chain(hops(&[(1, 3), (2, 2), (1, 2)])),
            10,
            None,
            None,
        ),
        "exact",
    );
    assert_eq!(s.total, 6);
    assert_eq!(
        s.tree.as_ref().unwrap().ready[0],
        qs(&[3, 4, 6, 6, 8, 9, 10])
    );
    assert_eq!(
        port(&s),
        spans(&[
            (0, 0, 1),
            (0, 1, 2),
            (0, 2, 3),
            (0, 3, 4),
            (0, 4, 5),
            (0, 5, 6)
        ])
    );
    // The spec's displayed schedule: relay ports and CPUs.
    let relay = |from: usize| -> Vec<(Q, Q)> {
        let mut v: Vec<(Q, Q)> = s
            .schedule
            .iter()
            .filter_map(|a| match a {
                Activity::Transfer {
                    from: Some(f),
                    start,
                    end,
                    ..
                } if *f == from => Some((start.clone(), end.clone())),
                _ => None,
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(relay(0), pairs(&[(2, 4), (4, 6), (6, 8)]));
    assert_eq!(relay(1), pairs(&[(6, 7)]));
    assert_eq!(cpu(&s, 0), pairs(&[(1, 4), (4, 7), (7, 10)]));
    assert_eq!(cpu(&s, 1), pairs(&[(4, 6), (8, 10)]));
    assert_eq!(cpu(&s, 2), pairs(&[(7, 9)]));
    let s = run(
        &tree(
            Shape::Chain(hops(&[(2, 5), (1, 1), (1, 3)])),
            12,
            None,
            None,
        ),
        "exact",
    );
    assert_eq!((s.total, s.counts.clone()), (5, vec![1, 3, 1]));
}

/// MS-12's legs `(c, w)` from the master.
pub(super) fn ms12_legs() -> Vec<Vec<Hop>> {
    vec![
        hops(&[(1, 3), (2, 2)]),
        hops(&[(2, 2)]),
        hops(&[(1, 4), (1, 1)]),
    ]
}

#[test]
fn ms12_spider() {
    let legs = ms12_legs();
    let s = run(&tree(Shape::Spider(legs), 10, None, None), "exact");
    assert_eq!(s.total, 8);
    let ready = &s.tree.as_ref().unwrap().ready;
    // Nodes: leg 1 = 0, 1; leg 2 = 2; leg 3 = 3, 4.
    assert_eq!(ready[0], qs(&[3, 4, 6, 6, 8, 9, 10]));
    assert_eq!(ready[2], qs(&[2, 4, 6, 8, 10]));
    assert_eq!(ready[3], qs(&[2, 3, 4, 4, 5, 6, 7, 8, 8, 9, 10]));
}

pub(super) fn node(id: &str, parent: Option<&str>, c: i64, w: i64) -> TreeNode {
    TreeNode {
        id: NodeId::Str(id.into()),
        parent: parent.map(|p| NodeId::Str(p.into())),
        hop: Hop {
            c: qi(c),
            w: Some(qi(w)),
        },
    }
}

/// MS-13: `M → {A, B}`, `A → {C, D}`, every link 1.
pub(super) fn ms13_nodes() -> Vec<TreeNode> {
    vec![
        node("A", None, 1, 3),
        node("B", None, 1, 5),
        node("C", Some("A"), 1, 2),
        node("D", Some("A"), 1, 4),
    ]
}

#[test]
fn ms13_tree_with_equal_links() {
    let nodes = ms13_nodes();
    let s = run(&tree(Shape::Tree(nodes.clone()), 9, None, None), "exact");
    assert_eq!(s.total, 6);
    let ready = &s.tree.as_ref().unwrap().ready;
    assert_eq!(ready[0], qs(&[3, 3, 5, 6, 6, 7, 9, 9]));
    assert_eq!(ready[1], qs(&[5]));
    // Heterogeneous links inside the tree: refused, naming the NP-hard case.
    let mut hard = nodes;
    hard[3].hop.c = qi(2);
    let e = solve(&tree(Shape::Tree(hard), 9, None, None), "exact").unwrap_err();
    assert!(e.to_string().contains("NP-hard"), "{e}");
}

#[test]
fn tree_edge_cases() {
    let fork = Shape::Fork(hops(&[(1, 3), (2, 2)]));
    assert_eq!(
        run(&tree(fork.clone(), 10, Some(0), None), "exact").total,
        0
    );
    assert_eq!(run(&tree(fork.clone(), 0, None, None), "exact").total, 0);
    // A relay without CPU forwards only.
    let relay = Shape::Chain(vec![
        Hop { c: qi(1), w: None },
        Hop {
            c: qi(1),
            w: Some(qi(2)),
        },
    ]);
    let s = run(&tree(relay, 10, None, None), "exact");
    assert_eq!((s.counts[0], s.total), (0, 4));
    // Too many candidate tasks without a finite n.
    let e = solve(&tree(fork, 1_000_000, None, None), "exact").unwrap_err();
    assert!(e.to_string().contains("finite n"), "{e}");
}

#[test]
fn large_trees_stay_under_the_trace_cap() {
    // 4 200 candidate jobs: Moore–Hodgson is summarised, the chart is still replayed.
    let fork = Shape::Fork(hops(&[(1, 1), (1, 1)]));
    let input = tree(fork, 2100, None, None);
    let traced = solve_traced(&input, "exact").unwrap();
    assert_eq!(traced.trace.dropped, 0);
    assert!(traced.trace.len() < 100);
    // The port delivers one task per unit; the last one delivered at T cannot compute.
    assert_eq!(run(&input, "exact").total, 2099);
}
