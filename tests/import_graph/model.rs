//! The module tree the check reads (`parse.rs` fills it, `resolve.rs` turns it into edges): each
//! module's declared children, the names it defines, its `use` bindings, and every path or
//! identifier its code mentions.

use std::collections::{BTreeMap, BTreeSet};

/// A module: a file, or an inline `mod name { … }` inside one.
#[derive(Debug, Default)]
pub struct Module {
    /// The file holding it (an index into [`Tree::files`]).
    pub file: usize,
    pub parent: Option<usize>,
    /// The crate root's module.
    pub root: usize,
    /// Where `mod child;` looks for `child.rs` and `child/mod.rs`.
    pub dir: String,
    pub children: BTreeMap<String, usize>,
    /// Names of the items defined here (functions, types, traits, constants, macros).
    pub items: BTreeSet<String>,
    /// `macro_rules!` defined here: they reach the modules declared below (textual scope).
    pub macros: BTreeSet<String>,
    /// The paths each of those macros' bodies spells (counted for the files calling it).
    pub macro_bodies: BTreeMap<String, Vec<Ref>>,
    /// Module-level `use` leaves: the name bound and the path.
    pub imports: Vec<Import>,
    /// `use path::*` (inside functions too).
    pub globs: Vec<Vec<String>>,
    /// Identifiers the code mentions outside `use` items (with their first line), and
    /// `name!` macro calls: what globs and re-exports are checked against.
    pub idents: BTreeMap<String, u32>,
    pub macro_calls: BTreeMap<String, u32>,
    /// Paths the code spells out: `a::b::c` with at least one `::`, and each `use` leaf.
    pub refs: Vec<Ref>,
}

/// One `use` leaf bound at module level.
#[derive(Debug, Clone)]
pub struct Import {
    pub name: String,
    pub path: Vec<String>,
}

/// A path written in a module.
#[derive(Debug, Clone)]
pub struct Ref {
    pub path: Vec<String>,
    pub line: u32,
    pub kind: RefKind,
}

/// Where a path was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefKind {
    /// In code or an attribute's string.
    Code,
    /// A macro called by its path (`crate::m!`, `hetlab_web::m!`).
    MacroCall,
    /// A `use` leaf (any depth) binding `name` (`None` for a glob); `public` for `pub use` and
    /// its restricted forms.
    Use { public: bool, name: Option<String> },
}

/// A set of crates and the files read for them.
#[derive(Debug, Default)]
pub struct Tree {
    /// File names as given by the reader (repository-relative paths).
    pub files: Vec<String>,
    pub modules: Vec<Module>,
    /// Crate names usable from a crate root (a bin naming its package's library).
    pub externs: BTreeMap<(usize, String), usize>,
    /// `#[macro_export]` macros, per crate root: name → defining file.
    pub exported: BTreeMap<(usize, String), usize>,
}
