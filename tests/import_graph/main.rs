//! The import-graph check: no crate of the workspace has a cycle among its module files.
//!
//! # The graph
//! One graph per package (`crates/core/src`, `crates/cli/src`, `src/` with its `src/bin/*`
//! crates), read from the text by a small tokenizer and hand parser (`lex.rs`; `parse.rs` with
//! `uses.rs` and `code.rs`, into the tree of `model.rs`):
//! * **Nodes** are module files: every file reached from a crate root through `mod name;`
//!   (`#[path]` honoured). An inline `mod name { … }` (a `tests` module, say) is part of its file.
//! * **An edge A → B** when code in A names an item (function, type, trait, constant, static,
//!   macro) defined in B: through a `use`, a qualified path in code starting with `crate::`,
//!   `super::`, `self::`, a name in scope (`child::f()`, an imported module's `lp::solve`), or the
//!   package's library name from its bins (`hetlab_web::`), a path in an attribute's string
//!   (`serialize_with = "crate::rational::exact"`), a name a glob import (`use super::*`) brings
//!   and A's code mentions, and a `macro_rules!` of an enclosing module called by name. Re-exports
//!   are followed to the file defining the item: naming `crate::periodic::Slot` is an edge to the
//!   file where `Slot` is written, not to the module that re-exports it. Naming a module alone
//!   (`use super::lp;`) adds nothing; the items named through it do.
//!
//! # Parents and children
//! Declaring a child (`mod child;`) is no edge, and neither is re-exporting its items
//! (`pub use child::Item;`, any `pub(…)`, or `pub use child::*`): that is the parent's
//! table of contents. A child naming what its parent `mod.rs` defines is an ordinary edge
//! child → parent (layering: shared types live in the parent). A parent's *code* using a child's
//! item (a private `use child::f`, a path `child::f()`, or a re-exported name it also uses
//! itself) is an edge parent → child; with the child naming the parent's items, that is a
//! cycle and is reported like any other.
//!
//! # Reading a failure
//! Each cycle is printed as its files in order, every edge with the lines that make it
//! (`line: path`), then the other edges among the same files. Fix it by moving the shared item to
//! the file it belongs to (usually a lower-level one both use), not by copying it.
//!
//! Run: `cargo test -p hetlab-web --test import_graph` (also part of `cargo test --workspace`,
//! hence `./run test`).

mod code;
mod cycles;
mod lex;
mod model;
mod parse;
mod resolve;
mod rules;
mod uses;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use model::Tree;

/// Edges allowed in a cycle for now, with the reason for each (none today: keep it so).
const ALLOWED: &[(&str, &str)] = &[];

/// The repository's root (the web package's manifest directory).
fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Reads repository-relative files.
fn reader(root: &Path) -> impl Fn(&str) -> Option<String> + '_ {
    move |name| std::fs::read_to_string(root.join(name)).ok()
}

/// The three packages' crates, read from the working tree: (name, tree).
fn packages() -> Vec<(&'static str, Tree)> {
    let root = repo();
    let read = reader(&root);
    let mut core = Tree::default();
    core.add_crate("crates/core/src/lib.rs", &read);
    let mut cli = Tree::default();
    cli.add_crate("crates/cli/src/main.rs", &read);
    let mut web = Tree::default();
    let lib = web.add_crate("src/lib.rs", &read);
    let mut bins: Vec<String> = rs_files(&root, "src/bin");
    bins.retain(|b| b.matches('/').count() == 2);
    for bin in bins {
        let b = web.add_crate(&bin, &read);
        web.externs.insert((b, "hetlab_web".to_string()), lib);
    }
    vec![
        ("hetlab-core", core),
        ("hetlab-cli", cli),
        ("hetlab-web", web),
    ]
}

/// Every `.rs` file under `dir` (repository-relative), sorted.
fn rs_files(root: &Path, dir: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.join(dir)];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).unwrap_or(&path);
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    out
}

/// The check's findings: the reports of the cycles left once [`ALLOWED`] edges are dropped, and
/// the allowed entries that matched no edge.
fn findings() -> (Vec<String>, Vec<String>) {
    let mut reports = Vec::new();
    let mut matched = BTreeSet::new();
    for (_, tree) in packages() {
        let mut edges = resolve::edges(&tree);
        let all: BTreeSet<(usize, usize)> = edges.keys().copied().collect();
        edges.retain(|&(a, b), _| {
            let pair = (tree.files[a].as_str(), tree.files[b].as_str());
            match ALLOWED.iter().position(|&p| p == pair) {
                // An exempted edge counts only while it closes a cycle (b reaches a).
                Some(k) if reaches(&all, b, a) => {
                    matched.insert(k);
                }
                _ => return true,
            }
            false
        });
        for comp in cycles::components(tree.files.len(), &edges) {
            reports.push(cycles::describe(&comp, &edges, &tree.files));
        }
    }
    let stale = ALLOWED
        .iter()
        .enumerate()
        .filter(|(k, _)| !matched.contains(k))
        .map(|(_, pair)| pair)
        .map(|(a, b)| format!("{a} → {b}"))
        .collect();
    (reports, stale)
}

/// Whether `from` reaches `to` along `edges`.
fn reaches(edges: &BTreeSet<(usize, usize)>, from: usize, to: usize) -> bool {
    let mut seen = BTreeSet::from([from]);
    let mut todo = vec![from];
    while let Some(v) = todo.pop() {
        if v == to {
            return true;
        }
        for &(_, w) in edges.range((v, 0)..=(v, usize::MAX)) {
            if seen.insert(w) {
                todo.push(w);
            }
        }
    }
    false
}

#[test]
fn no_crate_has_a_cycle_among_its_module_files() {
    let (reports, stale) = findings();
    assert!(
        reports.is_empty(),
        "{} import cycle(s) (see tests/import_graph/main.rs for the graph's rules):\n\n{}",
        reports.len(),
        reports.join("\n")
    );
    assert!(
        stale.is_empty(),
        "exempted edges that no longer exist or close no cycle; delete them:\n{}",
        stale.join("\n")
    );
}

#[test]
fn every_source_file_is_a_node() {
    let root = repo();
    let mut nodes = BTreeSet::new();
    for (_, tree) in packages() {
        nodes.extend(tree.files);
    }
    let missing: Vec<String> = ["crates/core/src", "crates/cli/src", "src"]
        .iter()
        .flat_map(|d| rs_files(&root, d))
        .filter(|f| !nodes.contains(f))
        .collect();
    assert!(
        missing.is_empty(),
        "files the module reader did not reach: {missing:?}"
    );
}
