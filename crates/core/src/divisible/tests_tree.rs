//! The tree worked examples of divisible-load.md §11 (DL-7, DL-8) and relay removal.

use super::tests::check;
use super::*;
use crate::rational::{q, qi};

pub(super) fn tree_inst(
    spec: &[(&str, Option<&str>, i64, Option<i64>)],
    w_total: i64,
) -> Divisible {
    let ids: Vec<&str> = spec.iter().map(|s| s.0).collect();
    let nodes = spec
        .iter()
        .map(|(id, parent, g, w)| TreeNode {
            id: crate::platform::NodeId::Str((*id).to_owned()),
            parent: parent.map(|p| ids.iter().position(|x| *x == p).unwrap()),
            g: qi(*g),
            w: w.map(qi),
        })
        .collect();
    Divisible {
        variant: Variant::TreeLinear,
        w_total: qi(w_total),
        workers: Vec::new(),
        w0: None,
        nodes,
        rounds: None,
    }
}

fn tree_details(sol: &DivSolution) -> &tree::TreeDetails {
    match &sol.details {
        Details::Tree(d) => d,
        other => panic!("not a tree result: {other:?}"),
    }
}

#[test]
fn dl7_tree_linear() {
    let inst = tree_inst(
        &[
            ("M", None, 0, None),
            ("A", Some("M"), 1, Some(2)),
            ("B", Some("M"), 2, Some(3)),
            ("C", Some("A"), 1, Some(4)),
            ("D", Some("A"), 3, Some(2)),
        ],
        100,
    );
    let sol = check(&inst, "exact");
    let d = tree_details(&sol);
    assert_eq!(
        d.w_eq,
        [
            Some(q(93, 53)),
            Some(q(50, 43)),
            Some(qi(3)),
            Some(qi(4)),
            Some(qi(2))
        ]
    );
    assert_eq!(q(43, 50), q(1, 2) + q(1, 5) + q(4, 25));
    assert_eq!(sol.makespan, q(9300, 53));
    assert_eq!(
        d.subtree_load,
        [qi(100), q(4300, 53), q(1000, 53), q(1000, 53), q(800, 53)]
    );
    assert_eq!(sol.alpha[1], q(2500, 53));
    assert_eq!(sol.alpha[0], qi(0));
    assert_eq!(
        d.ready,
        [
            Some(qi(0)),
            Some(q(4300, 53)),
            Some(q(6300, 53)),
            Some(qi(100)),
            Some(q(7700, 53))
        ]
    );
    assert_eq!(d.children_order[0], [1, 2]);
    assert_eq!(d.children_order[1], [3, 4]);
}

#[test]
fn dl8_chain_with_a_computing_root() {
    let inst = tree_inst(
        &[
            ("M", None, 0, Some(4)),
            ("A", Some("M"), 1, Some(3)),
            ("B", Some("A"), 1, Some(2)),
        ],
        10,
    );
    let sol = check(&inst, "tree-linear");
    let d = tree_details(&sol);
    assert_eq!(d.w_eq[1], Some(q(3, 2)));
    assert_eq!(d.w_eq[0], Some(q(20, 13)));
    assert_eq!(sol.makespan, q(200, 13));
    assert_eq!(sol.alpha, [q(50, 13), q(40, 13), q(40, 13)]);
    assert_eq!(d.ready[1..], [Some(q(80, 13)), Some(q(120, 13))]);
}

#[test]
fn trees_remove_relay_leaves() {
    let inst = tree_inst(
        &[
            ("M", None, 0, Some(2)),
            ("R", Some("M"), 1, None),
            ("S", Some("R"), 1, None),
        ],
        10,
    );
    let sol = check(&inst, "tree-linear");
    assert_eq!(tree_details(&sol).removed, [2, 1]);
    assert_eq!(sol.makespan, qi(20));
    assert_eq!(sol.alpha, [qi(10), qi(0), qi(0)]);
}
