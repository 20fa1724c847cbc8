//! Platform parsing, validation messages, serialisation and layout.

use super::*;
use crate::rational::{q, qi};

const EXAMPLE: &str = r#"{ "format": "hetlab-platform", "version": 1, "name": "optional title",
  "nodes": [ {"id": "P0", "w": "1", "master": true, "x": 0.1, "y": 0.5},
             {"id": "P1", "w": "3"},
             {"id": "R",  "w": "inf"} ],
  "links": [ {"from": "P0", "to": "P1", "c": "2"},
             {"from": "P1", "to": "R", "c": "1/2", "c_back": "3"},
             {"from": "R", "to": "P0", "c": "4", "directed": true} ] }"#;

#[test]
fn reads_the_formats_example() {
    let p = Platform::from_json(EXAMPLE).unwrap();
    assert_eq!(p.nodes.len(), 3);
    assert_eq!(p.nodes[2].w, Some(Cost::Inf));
    assert_eq!(p.nodes[0].pos, Some(Point { x: 0.1, y: 0.5 }));
    let arcs: Vec<(usize, usize, Q)> = p.arcs().into_iter().map(|a| (a.from, a.to, a.c)).collect();
    assert_eq!(
        arcs,
        vec![
            (0, 1, qi(2)),
            (1, 0, qi(2)),
            (1, 2, q(1, 2)),
            (2, 1, qi(3)),
            (2, 0, qi(4))
        ]
    );
}

#[test]
fn round_trips_through_json() {
    let p = Platform::from_json(EXAMPLE).unwrap();
    let again = Platform::from_json(&p.to_json(false)).unwrap();
    assert_eq!(p, again);
    // Integers are written as numbers, other values as exact strings.
    assert!(
        p.to_json(false).contains(r#""c":"0.5""#),
        "{}",
        p.to_json(false)
    );
}

#[test]
fn lists_every_problem_with_its_path() {
    let bad = r#"{"nodes": [ {"id": "P0", "w": "0", "master": true}, {"id": "P1", "w": -3},
        {"id": "P1", "w": "abc"}, {"id": 7, "x": 2, "y": 0.5} ],
      "links": [ {"from": "P0", "to": "P9", "c": "2"}, {"from": "P0", "to": "P0", "c": 1},
        {"from": "P0", "to": 7, "c": "-2"}, {"from": 7, "to": "P0", "c": "1"},
        {"from": "P0", "to": 7, "c": 1, "directed": true, "c_back": 2},
        {"from": "P0", "to": 7, "c": 5} ] }"#;
    let issues = Platform::from_json(bad).unwrap_err();
    let text: Vec<String> = issues.0.iter().map(ToString::to_string).collect();
    let expect = [
        r#"nodes[0].w: must be > 0, got "0""#,
        "nodes[1].w: must be > 0, got -3",
        r#"nodes[2].w: not a number (write an integer, a decimal like 0.25, a fraction like 3/8, or inf), got "abc""#,
        r#"nodes[2].id: duplicate id "P1""#,
        "nodes[3].x: must be between 0 and 1, got 2",
        r#"links[0].to: unknown node "P9""#,
        r#"links[1]: self-loop on "P0" (a link joins two different nodes)"#,
        r#"links[2].c: must be > 0, got "-2""#,
        "links[5]: arc P0→7 is already given by links[3]; merge the two links",
    ];
    for e in expect {
        assert!(text.iter().any(|t| t == e), "missing {e:?} in {text:#?}");
    }
    assert!(text
        .iter()
        .any(|t| t.starts_with("links[4].c_back: a directed link has no way back")));
}

#[test]
fn refuses_unknown_fields_and_bad_shapes_with_a_path() {
    let e = Platform::from_json(r#"{"nodes": [{"id": 1, "wx": 3}]}"#).unwrap_err();
    assert_eq!(e.0[0].path, "nodes[0].wx");
    assert!(e.0[0].message.contains("unknown field \"wx\""), "{e}");
    let e = Platform::from_json("not json").unwrap_err();
    assert!(
        e.0[0]
            .message
            .starts_with("not valid JSON at line 1, column 2: an unknown word"),
        "{e}"
    );
    let e = Platform::from_json(r#"{"nodes": [{"id": 1, "w": true}]}"#).unwrap_err();
    assert_eq!(e.0[0].path, "nodes[0].w");
}

#[test]
fn infinite_links_are_dropped_with_a_note() {
    let p = Platform::from_json(
        r#"{"nodes": [{"id": 0}, {"id": 1}], "links": [{"from": 0, "to": 1, "c": "inf", "c_back": 2}]}"#,
    )
    .unwrap();
    assert_eq!(p.arcs().len(), 1);
    assert_eq!(p.notes().len(), 1);
}

#[test]
fn removing_a_node_renumbers_links() {
    let mut p = Platform::from_json(EXAMPLE).unwrap();
    p.remove_node(0);
    assert_eq!(p.nodes.len(), 2);
    assert_eq!(p.links.len(), 1);
    assert_eq!((p.links[0].from, p.links[0].to), (0, 1));
    assert_eq!(p.fresh_id(), NodeId::Str("P0".into()));
}

#[test]
fn layout_is_deterministic_and_in_the_unit_square() {
    let p = Platform::from_json(EXAMPLE).unwrap();
    let a = layout(&p);
    assert_eq!(a, layout(&p));
    assert_eq!(a[0], Point { x: 0.1, y: 0.5 });
    for pt in &a {
        assert!((0.0..=1.0).contains(&pt.x) && (0.0..=1.0).contains(&pt.y));
    }
    // A tree puts the master on top and its children one level below.
    let tree = Platform::from_json(
        r#"{"nodes": [{"id": 0, "master": true}, {"id": 1}, {"id": 2}],
            "links": [{"from": 0, "to": 1, "c": 1}, {"from": 0, "to": 2, "c": 1}]}"#,
    )
    .unwrap();
    let t = layout(&tree);
    assert!(t[0].y < t[1].y && (t[1].y - t[2].y).abs() < 1e-12);
    assert!((t[0].x - f64::midpoint(t[1].x, t[2].x)).abs() < 1e-12);
}

#[test]
fn ids_read_from_forms() {
    assert_eq!(NodeId::from_text("12"), NodeId::Int(12));
    assert_eq!(NodeId::from_text("012"), NodeId::Str("012".into()));
    assert_eq!(NodeId::from_text(" P3 "), NodeId::Str("P3".into()));
}
