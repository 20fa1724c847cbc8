//! The graph's rules (main.rs's doc comment) on small crates held in memory: what is an edge,
//! what is not, and that a cycle is found and named.

use std::collections::BTreeMap;

use crate::cycles;
use crate::model::Tree;
use crate::resolve;

/// The edges of a crate given as (file, source) pairs, the first being its root, as
/// "a.rs → b.rs" lines.
fn edges_of(files: &[(&str, &str)]) -> Vec<String> {
    let tree = tree_of(files);
    let mut out: Vec<String> = resolve::edges(&tree)
        .keys()
        .map(|&(a, b)| format!("{} → {}", tree.files[a], tree.files[b]))
        .collect();
    out.sort();
    out
}

fn tree_of(files: &[(&str, &str)]) -> Tree {
    let map: BTreeMap<String, String> = files
        .iter()
        .map(|(n, s)| ((*n).to_string(), (*s).to_string()))
        .collect();
    let mut tree = Tree::default();
    tree.add_crate(files[0].0, &|name| map.get(name).cloned());
    tree
}

#[test]
fn declaring_and_re_exporting_a_child_is_no_edge() {
    let edges = edges_of(&[
        ("lib.rs", "mod a; mod b; pub use a::Thing; pub use b::*;"),
        ("a.rs", "pub struct Thing;"),
        ("b.rs", "pub fn f() {}"),
    ]);
    assert!(edges.is_empty(), "{edges:?}");
}

#[test]
fn a_re_export_leads_to_the_defining_file() {
    let edges = edges_of(&[
        ("lib.rs", "pub mod m; mod user;"),
        ("m/mod.rs", "mod deep; pub use self::deep::Thing;"),
        ("m/deep.rs", "pub struct Thing;"),
        ("user.rs", "use crate::m::Thing; fn g(_: Thing) {}"),
    ]);
    assert_eq!(edges, ["user.rs → m/deep.rs"]);
}

#[test]
fn a_parent_using_its_childs_item_while_the_child_uses_the_parents_is_a_cycle() {
    let files = [
        (
            "lib.rs",
            "mod a; mod b; fn top() { b::run(); } pub struct Shared;",
        ),
        ("a.rs", "use crate::Shared;"),
        ("b.rs", "pub fn run() { let _ = super::Shared; }"),
    ];
    assert_eq!(
        edges_of(&files),
        ["a.rs → lib.rs", "b.rs → lib.rs", "lib.rs → b.rs"]
    );
    let tree = tree_of(&files);
    let edges = resolve::edges(&tree);
    let comps = cycles::components(tree.files.len(), &edges);
    assert_eq!(comps.len(), 1);
    let report = cycles::describe(&comps[0], &edges, &tree.files);
    assert!(
        report.starts_with("cycle: lib.rs → b.rs → lib.rs"),
        "{report}"
    );
    assert!(report.contains("1: b::run"), "{report}");
}

#[test]
fn a_re_exported_name_the_parent_also_uses_is_an_edge() {
    let edges = edges_of(&[
        (
            "lib.rs",
            "mod a; pub use a::Thing; fn f() -> Thing { Thing }",
        ),
        ("a.rs", "pub struct Thing;"),
    ]);
    assert_eq!(edges, ["lib.rs → a.rs"]);
}

#[test]
fn globs_count_only_the_names_the_code_mentions() {
    let edges = edges_of(&[
        ("lib.rs", "mod a; mod b; mod c; pub use c::Used;"),
        ("a.rs", "pub fn unused() {}"),
        ("b.rs", "use super::*; fn g() -> Used { Used }"),
        ("c.rs", "pub struct Used;"),
    ]);
    assert_eq!(edges, ["b.rs → c.rs"]);
}

#[test]
fn siblings_aliases_strings_macros_and_path_attributes_count() {
    let edges = edges_of(&[
        (
            "lib.rs",
            "macro_rules! mac { () => {} } mod a; mod b; #[path = \"x.rs\"] mod c; mod d;",
        ),
        ("a.rs", "use super::b; fn f() { b::go(); }"),
        ("b.rs", "pub fn go() { mac!(); }"),
        (
            "x.rs",
            "#[serde(serialize_with = \"crate::d::ser\")] struct S;",
        ),
        (
            "d.rs",
            "pub fn ser() {} // crate::a::f in a comment is no edge",
        ),
    ]);
    assert_eq!(edges, ["a.rs → b.rs", "b.rs → lib.rs", "x.rs → d.rs"]);
}

#[test]
fn a_macros_body_counts_for_its_callers() {
    let edges = edges_of(&[
        (
            "lib.rs",
            "mod reg; mod a; mod user; fn f() { crate::reg_m!(); }",
        ),
        (
            "reg.rs",
            "#[macro_export] macro_rules! reg_m { () => { $crate::a::g() } }",
        ),
        ("a.rs", "pub fn g() {}"),
        ("user.rs", "use crate::reg_m; fn h() { reg_m!(); }"),
    ]);
    assert_eq!(
        edges,
        [
            "lib.rs → a.rs",
            "lib.rs → reg.rs",
            "user.rs → a.rs",
            "user.rs → reg.rs"
        ]
    );
}
