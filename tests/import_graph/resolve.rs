//! Names to files: what a path or a name in a module stands for (a module, or an item defined in
//! some file, following `use` re-exports and globs), and from that the graph's edges.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::{Module, RefKind, Tree};

/// What a name or path stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Target {
    /// A module (naming one adds no edge: the items named through it do).
    Module(usize),
    /// An item defined in this file.
    File(usize),
}

/// Why an edge exists: the line of the first mention in the `from` file and what it names.
#[derive(Clone, Debug)]
pub struct Reason {
    pub line: u32,
    pub what: String,
}

/// The graph: (from file, to file) → the first few mentions behind the edge.
pub type Edges = BTreeMap<(usize, usize), Vec<Reason>>;

/// How many mentions an edge keeps for its report.
const REASONS: usize = 3;

/// Every edge of the tree's files (no self-loops).
pub fn edges(tree: &Tree) -> Edges {
    let mut out = Edges::new();
    for (id, m) in tree.modules.iter().enumerate() {
        let mut add = |targets: Vec<Target>, line: u32, what: String| {
            for t in targets {
                if let Target::File(to) = t {
                    if to != m.file && to < tree.files.len() {
                        let reasons = out.entry((m.file, to)).or_default();
                        if reasons.len() < REASONS {
                            reasons.push(Reason {
                                line,
                                what: what.clone(),
                            });
                        }
                    }
                }
            }
        };
        for r in &m.refs {
            let used = match &r.kind {
                RefKind::Code
                | RefKind::Use {
                    public: false,
                    name: Some(_),
                } => true,
                RefKind::MacroCall => {
                    let found = resolve_path(tree, id, &r.path);
                    for (t, _, what) in expansion(tree, &found, &r.path[r.path.len() - 1]) {
                        add(t, r.line, what);
                    }
                    add(found, r.line, format!("{}!", r.path.join("::")));
                    false
                }
                // A re-export is declaration only, unless this module's code uses the name too.
                RefKind::Use {
                    public: true,
                    name: Some(n),
                } => m.idents.contains_key(n) || m.macro_calls.contains_key(n),
                // A glob adds the edges of the names the code takes from it (below).
                RefKind::Use { name: None, .. } => false,
            };
            if used {
                add(resolve_path(tree, id, &r.path), r.line, r.path.join("::"));
            }
        }
        for (name, line) in globbed(m) {
            let targets = m
                .globs
                .iter()
                .flat_map(|g| resolve_path(tree, id, g))
                .collect::<Vec<_>>();
            for t in targets {
                if let Target::Module(g) = t {
                    add(
                        lookup(tree, g, name, &mut BTreeSet::new()),
                        line,
                        name.clone(),
                    );
                }
            }
        }
        for (name, &line) in &m.macro_calls {
            let mut found = lookup(tree, id, name, &mut BTreeSet::new());
            if found.is_empty() {
                found = textual_macro(tree, id, name);
            }
            for (t, _, what) in expansion(tree, &found, name) {
                add(t, line, what);
            }
            add(found, line, format!("{name}!"));
        }
    }
    out
}

/// What the bodies of the macros called `name` defined in `files` name, resolved where each is
/// defined: a caller depends on what its expansion names.
fn expansion(tree: &Tree, files: &[Target], name: &str) -> Vec<(Vec<Target>, u32, String)> {
    let mut out = Vec::new();
    for (id, m) in tree.modules.iter().enumerate() {
        if !files.contains(&Target::File(m.file)) {
            continue;
        }
        for r in m.macro_bodies.get(name).into_iter().flatten() {
            let what = format!("{name}! expands to {}", r.path.join("::"));
            out.push((resolve_path(tree, id, &r.path), r.line, what));
        }
    }
    out
}

/// Names the module's code mentions that only a glob import can bind.
fn globbed(m: &Module) -> Vec<(&String, u32)> {
    if m.globs.is_empty() {
        return Vec::new();
    }
    let bound: BTreeSet<&String> = m.imports.iter().map(|i| &i.name).collect();
    m.idents
        .iter()
        .filter(|(n, _)| {
            !m.items.contains(*n) && !m.children.contains_key(*n) && !bound.contains(n)
        })
        .map(|(n, &l)| (n, l))
        .collect()
}

/// A `macro_rules!` of an enclosing module (textual scope reaches modules declared below it).
fn textual_macro(tree: &Tree, module: usize, name: &str) -> Vec<Target> {
    let mut at = tree.modules[module].parent;
    while let Some(m) = at {
        if tree.modules[m].macros.contains(name) {
            return vec![Target::File(tree.modules[m].file)];
        }
        at = tree.modules[m].parent;
    }
    Vec::new()
}

/// What `path`, written in `module`, stands for; empty for another crate's path.
pub fn resolve_path(tree: &Tree, module: usize, path: &[String]) -> Vec<Target> {
    resolve_in(tree, module, path, &mut BTreeSet::new())
}

fn resolve_in(
    tree: &Tree,
    module: usize,
    path: &[String],
    seen: &mut BTreeSet<(usize, String)>,
) -> Vec<Target> {
    let Some((first, rest)) = path.split_first() else {
        return Vec::new();
    };
    let m = &tree.modules[module];
    let mut current = match first.as_str() {
        "crate" => vec![Target::Module(m.root)],
        "self" => vec![Target::Module(module)],
        "super" => m.parent.map(Target::Module).into_iter().collect(),
        _ => match tree.externs.get(&(m.root, first.clone())) {
            Some(&root) => vec![Target::Module(root)],
            None => lookup(tree, module, first, seen),
        },
    };
    for (k, seg) in rest.iter().enumerate() {
        let modules: Vec<usize> = current
            .iter()
            .filter_map(|t| {
                if let Target::Module(m) = t {
                    Some(*m)
                } else {
                    None
                }
            })
            .collect();
        if modules.is_empty() {
            // `Type::method`, `Enum::Variant`: the path went into an item.
            break;
        }
        let next = if seg == "super" {
            modules
                .iter()
                .filter_map(|&m| tree.modules[m].parent.map(Target::Module))
                .collect()
        } else {
            let found: Vec<Target> = modules
                .iter()
                .flat_map(|&m| lookup(tree, m, seg, seen))
                .collect();
            if found.is_empty() {
                // A name the reader cannot find (made by a macro, say): the module's own file.
                return modules
                    .iter()
                    .map(|&m| Target::File(tree.modules[m].file))
                    .collect();
            }
            found
        };
        current = next;
        if k + 1 == rest.len() {
            break;
        }
    }
    current.sort();
    current.dedup();
    current
}

/// What `name` stands for in `module`'s namespace: a child module, an item defined there, what
/// an import of that name stands for, or else what a glob import brings under that name.
pub fn lookup(
    tree: &Tree,
    module: usize,
    name: &str,
    seen: &mut BTreeSet<(usize, String)>,
) -> Vec<Target> {
    if !seen.insert((module, name.to_string())) {
        return Vec::new();
    }
    let m = &tree.modules[module];
    let mut out = Vec::new();
    if let Some(&c) = m.children.get(name) {
        out.push(Target::Module(c));
    }
    if m.items.contains(name) {
        out.push(Target::File(m.file));
    }
    for imp in m.imports.iter().filter(|i| i.name == name) {
        out.extend(resolve_in(tree, module, &imp.path, seen));
    }
    if let Some(&file) = tree.exported.get(&(module, name.to_string())) {
        out.push(Target::File(file));
    }
    if out.is_empty() {
        for glob in &m.globs {
            for t in resolve_in(tree, module, glob, seen) {
                if let Target::Module(g) = t {
                    out.extend(lookup(tree, g, name, seen));
                }
            }
        }
    }
    out
}
