//! Tests of RB's recursion tree (chains.md §5.1, §10): the tree the replay builds from the
//! `rb_split` events on EX2 (worked by hand from the spec's numbers), the node highlighted at
//! each step, and a 256-processor tree whose leaves carry the solution's loads.

use super::rb_tree::tasks;
use super::tests::{input, qv, EX2};
use super::workload::{speeds, uniform};
use super::*;
use crate::trace::Replay;

/// `(processors, tasks, load, cut)` of every node, in creation order.
fn nodes(t: &RbTree) -> Vec<(String, String, String, Option<usize>)> {
    t.nodes
        .iter()
        .map(|n| {
            (
                n.procs(),
                n.tasks(),
                crate::rational::frac(&n.load),
                n.cut.as_ref().map(|c| c.s_q),
            )
        })
        .collect()
}

#[test]
fn ex2_tree_has_every_node_with_its_tasks_and_loads() {
    // EX2: W = [2,7,1,8,2,8,1,8,2,8,4,5], e = [3,1,2,2]; W_tot = 56, E_tot = 8, B* = 7.
    // Root P1..P4 cut after P2 at s_2 = 6 (W[6] = 28 = 56·4/8): loads 28/4 = 7 and 28/4 = 7.
    // P1..P2 (tasks 1..6): target 28·3/4 = 21, closest W[5] = 20, so s_1 = 5: 20/3 and 8/1.
    // P3..P4 (tasks 7..12): target 28 + 14 = 42, W[9] = 39, W[10] = 47, so s_3 = 9: 11/2, 17/2.
    let inp = input(EX2.0, EX2.1);
    let t = solve_traced(&inp, "rb").unwrap();
    let s = t.trace.state_at(ChainsState::new(&inp), usize::MAX);
    let own = |a: &str, b: &str, c: &str, d: Option<usize>| (a.into(), b.into(), c.into(), d);
    assert_eq!(
        nodes(&s.rb),
        [
            own("P1..P4", "tasks 1..12", "7", Some(6)),
            own("P1..P2", "tasks 1..6", "7", Some(5)),
            own("P3..P4", "tasks 7..12", "7", Some(9)),
            own("P1", "tasks 1..5", "20/3", None),
            own("P2", "task 6", "8", None),
            own("P3", "tasks 7..9", "11/2", None),
            own("P4", "tasks 10..12", "17/2", None),
        ]
    );
    assert_eq!(s.rb.order, [0, 1, 2]);
    assert_eq!(s.rb.height(), 3);
    assert_eq!(s.rb.nodes[0].cut.as_ref().unwrap().target, qv("28"));
    // The final step is the result: no node is being split.
    assert_eq!(s.rb.current, None);
    // Step by step: the node split by the latest step is the current one.
    let splits: Vec<usize> = (0..t.trace.steps.len())
        .filter(|&i| matches!(t.trace.steps[i], ChainStep::RbSplit { .. }))
        .collect();
    let current: Vec<Option<String>> = splits
        .iter()
        .map(|&i| {
            let s = t.trace.state_at(ChainsState::new(&inp), i + 1);
            s.rb.current_node().map(RbNode::procs)
        })
        .collect();
    assert_eq!(
        current,
        [
            Some("P1..P4".into()),
            Some("P1..P2".into()),
            Some("P3..P4".into())
        ]
    );
    let before = t.trace.state_at(ChainsState::new(&inp), splits[0]);
    assert!(before.rb.nodes.is_empty() && before.rb.root().is_none());
}

#[test]
fn rb_split_events_carry_the_node_and_its_loads() {
    let inp = input(EX2.0, EX2.1);
    let t = solve_traced(&inp, "rb").unwrap();
    let first = t
        .trace
        .steps
        .iter()
        .find(|s| matches!(s, ChainStep::RbSplit { .. }))
        .unwrap();
    // As the result document writes it (flat, with its kind).
    let mut json = crate::report::trace_json(std::slice::from_ref(first), &())[0].clone();
    let obj = json.as_object_mut().unwrap();
    obj.remove("caption");
    obj.remove("phase");
    assert_eq!(
        json,
        serde_json::json!({"kind": "rb_split", "p": 1, "q": 2, "r": 4, "target": "28/1",
            "s_q": 6, "start": 0, "end": 12, "left_load": "7/1", "right_load": "7/1"})
    );
    assert_eq!(
        crate::trace::Step::caption(first, &()),
        "Split P1..P4 (tasks 1..12) after P2: the left half's share of the work ends near 28, \
         so s_2 = 6; per unit of speed the left half carries 7, the right half 7."
    );
}

#[test]
fn deep_tree_leaves_carry_the_solution_loads() {
    for p in [5usize, 7, 256] {
        let inp = input(&uniform(3000, 1, 100, 3), &speeds(p, 8, 11, 1));
        let t = solve_traced(&inp, "rb").unwrap();
        let s = t.trace.state_at(ChainsState::new(&inp), usize::MAX);
        assert_eq!(s.rb.nodes.len(), 2 * p - 1, "P = {p}");
        assert_eq!(s.rb.order.len(), p - 1);
        let mut leaves: Vec<&RbNode> = s.rb.nodes.iter().filter(|n| n.cut.is_none()).collect();
        leaves.sort_by_key(|n| n.p);
        assert!(leaves
            .iter()
            .enumerate()
            .all(|(k, n)| n.p == k + 1 && n.r == k + 1));
        let loads: Vec<Q> = leaves.iter().map(|n| n.load.clone()).collect();
        assert_eq!(loads, t.solution.loads, "P = {p}");
        let seps: Vec<usize> = std::iter::once(0)
            .chain(leaves.iter().map(|n| n.end))
            .collect();
        assert_eq!(seps, t.solution.separators);
        // Halves by count: the left half of P_p..P_r has ⌊len/2⌋ processors.
        for n in &s.rb.nodes {
            if let Some(c) = &n.cut {
                assert_eq!(c.q + 1 - n.p, (n.r + 1 - n.p) / 2);
                let (l, r) = (&s.rb.nodes[c.left], &s.rb.nodes[c.right]);
                assert_eq!(
                    (l.start, l.end, r.start, r.end),
                    (n.start, c.s_q, c.s_q, n.end)
                );
            }
        }
        if p == 256 {
            assert_eq!(s.rb.height(), 9);
            let deepest = s.rb.nodes.len() - 1;
            assert_eq!(s.rb.path(deepest).len(), 9);
            assert_eq!(s.rb.path(deepest)[0], 0);
        }
    }
}

#[test]
fn task_ranges_in_words() {
    assert_eq!(tasks(3, 3), "no tasks");
    assert_eq!(tasks(3, 4), "task 4");
    assert_eq!(tasks(0, 12), "tasks 1..12");
    // A hand-made trace that splits a node twice neither panics nor loses a node.
    let mut t = RbTree::default();
    let (z, one) = (qv("0"), qv("1"));
    let e = rb_tree::SplitEvent {
        p: 1,
        q: 1,
        r: 2,
        s_q: 1,
        start: 0,
        end: 2,
        target: &one,
        left_load: &one,
        right_load: &one,
    };
    t.split(&e, || z.clone());
    t.split(&e, || z.clone());
    assert_eq!(t.nodes.len(), 6);
    let mut s = ChainsState::default();
    s.apply(&ChainStep::Prefix { i: 1, w_i: 1 });
    assert!(s.rb.nodes.is_empty());
}
