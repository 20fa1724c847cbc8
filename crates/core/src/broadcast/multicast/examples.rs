//! The worked examples of broadcast.md §9 as platforms (test oracles for this module and the
//! unidirectional one), and a builder for small random platforms.

use crate::platform::{Link, Node, NodeId, Platform};
use crate::rational::{parse_q, Cost};

/// A platform from node names and `(from, to, cost, directed)` links between them.
pub fn platform(names: &[&str], links: &[(&str, &str, &str, bool)]) -> Platform {
    let index = |id: &str| names.iter().position(|n| *n == id).expect("known node");
    Platform {
        name: None,
        nodes: names
            .iter()
            .map(|n| Node {
                id: NodeId::Str((*n).to_owned()),
                w: None,
                master: false,
                lcalc: None,
                pos: None,
            })
            .collect(),
        links: links
            .iter()
            .map(|(a, b, c, directed)| Link {
                from: index(a),
                to: index(b),
                c: Cost::Finite(parse_q(c).expect("cost")),
                c_back: None,
                directed: *directed,
                lcomm: None,
            })
            .collect(),
    }
}

fn directed(names: &[&str], arcs: &[(&str, &str, &str)]) -> Platform {
    let links: Vec<(&str, &str, &str, bool)> =
        arcs.iter().map(|(a, b, c)| (*a, *b, *c, true)).collect();
    platform(names, &links)
}

/// E1, the thesis' triangle (§9.1); source `P1` = node 0.
pub fn e1() -> Platform {
    directed(
        &["P1", "P2", "P3"],
        &[("P1", "P2", "1"), ("P1", "P3", "1/2"), ("P2", "P3", "1")],
    )
}

/// E2, two relays (§9.2); source `s` = node 0.
pub fn e2() -> Platform {
    directed(
        &["s", "a", "b"],
        &[
            ("s", "a", "1"),
            ("s", "b", "1"),
            ("a", "b", "2"),
            ("b", "a", "2"),
        ],
    )
}

/// E3, five nodes, asymmetric (§9.3); source `s` = node 0.
pub fn e3() -> Platform {
    directed(
        &["s", "a", "b", "c", "d"],
        &[
            ("s", "a", "1"),
            ("s", "b", "2"),
            ("a", "c", "1"),
            ("a", "d", "4"),
            ("b", "c", "3"),
            ("b", "d", "2"),
            ("d", "a", "3"),
            ("d", "b", "2"),
        ],
    )
}

/// E4, the complete symmetric K5 (§9.4); source `P0` = node 0.
pub fn e4() -> Platform {
    let pairs = [
        ("P0", "P1", "1"),
        ("P0", "P2", "2"),
        ("P0", "P3", "4"),
        ("P0", "P4", "4"),
        ("P1", "P2", "1"),
        ("P1", "P3", "2"),
        ("P1", "P4", "3"),
        ("P2", "P3", "3"),
        ("P2", "P4", "1"),
        ("P3", "P4", "2"),
    ];
    let links: Vec<(&str, &str, &str, bool)> =
        pairs.iter().map(|(a, b, c)| (*a, *b, *c, false)).collect();
    platform(&["P0", "P1", "P2", "P3", "P4"], &links)
}

/// E5, a tree-shaped platform (§9.5); source `r` = node 0.
pub fn e5() -> Platform {
    directed(
        &["r", "a", "b", "c", "d", "e"],
        &[
            ("r", "a", "1"),
            ("r", "b", "2"),
            ("a", "c", "1"),
            ("a", "d", "3"),
            ("b", "e", "1"),
        ],
    )
}

/// E6, multicast where neither bound is tight (§9.6); source `s` = node 0, targets 4, 5, 6.
pub fn e6() -> Platform {
    directed(
        &["s", "a", "b", "c", "t1", "t2", "t3"],
        &[
            ("s", "a", "1"),
            ("s", "b", "1"),
            ("s", "c", "1"),
            ("a", "t1", "1"),
            ("a", "t3", "1"),
            ("b", "t1", "1"),
            ("b", "t2", "1"),
            ("c", "t2", "1"),
            ("c", "t3", "1"),
        ],
    )
}

/// A directed platform on `n` nodes with the given `(from, to, cost)` arcs (duplicates and
/// self-loops skipped, as the validator would refuse them).
pub fn random(n: usize, arcs: &[(usize, usize, u32)]) -> Platform {
    let names: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
    let mut seen = std::collections::BTreeSet::new();
    let mut p = platform(&names.iter().map(String::as_str).collect::<Vec<_>>(), &[]);
    for &(a, b, c) in arcs {
        if a != b && a < n && b < n && seen.insert((a, b)) {
            p.links.push(Link {
                from: a,
                to: b,
                c: Cost::Finite(crate::rational::qi(i64::from(c))),
                c_back: None,
                directed: true,
                lcomm: None,
            });
        }
    }
    p
}
