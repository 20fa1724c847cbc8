//! The module tree of a set of crates, read from their files: each module's declared children,
//! the names it defines, its `use` bindings, and every path or identifier its code mentions.
//! No type checking and no macro expansion: what a reader sees in the text is what counts.

use std::collections::{BTreeMap, BTreeSet};

use crate::lex::{lex, Tok, Token};

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

/// Keywords that are never a path's item.
const KEYWORDS: &[&str] = &[
    "as",
    "async",
    "await",
    "break",
    "const",
    "continue",
    "crate",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "Self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "union",
    "macro_rules",
];

impl Tree {
    /// Reads a crate from its root file, following `mod name;` through `read`; returns the
    /// root module. A declared module whose file `read` cannot give is skipped.
    pub fn add_crate(&mut self, root_file: &str, read: &dyn Fn(&str) -> Option<String>) -> usize {
        let dir = root_file
            .rsplit_once('/')
            .map_or("", |(d, _)| d)
            .to_string();
        let root = self.new_module(None, None, dir);
        self.read_file(root, &[root_file.to_string()], read);
        root
    }

    fn new_module(&mut self, parent: Option<usize>, file: Option<usize>, dir: String) -> usize {
        let id = self.modules.len();
        let root = parent.map_or(id, |p| self.modules[p].root);
        // A file not read (yet, or ever) is `usize::MAX`: no edge leads to it.
        let file = file.unwrap_or(usize::MAX);
        self.modules.push(Module {
            file,
            parent,
            root,
            dir,
            ..Module::default()
        });
        id
    }

    /// Reads the first of `names` that `read` gives as `module`'s file.
    fn read_file(
        &mut self,
        module: usize,
        names: &[String],
        read: &dyn Fn(&str) -> Option<String>,
    ) {
        let Some((name, src)) = names.iter().find_map(|n| read(n).map(|s| (n, s))) else {
            return;
        };
        self.modules[module].file = self.files.len();
        self.files.push(name.clone());
        let tokens = lex(&src);
        let mut pending = Vec::new();
        FileParser {
            tree: self,
            toks: &tokens,
            at: 0,
            pending: &mut pending,
        }
        .body(module);
        for (child, files) in pending {
            self.read_file(child, &files, read);
        }
    }
}

/// `dir/name`, or `name` at the top.
fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}

/// Walks one file's tokens; `pending` collects `mod name;` children to read afterwards.
struct FileParser<'a> {
    tree: &'a mut Tree,
    toks: &'a [Token],
    at: usize,
    pending: &'a mut Vec<(usize, Vec<String>)>,
}

impl FileParser<'_> {
    fn tok(&self, ahead: usize) -> Option<&Tok> {
        self.toks.get(self.at + ahead).map(|t| &t.tok)
    }

    fn ident(&self, ahead: usize) -> Option<&str> {
        match self.tok(ahead) {
            Some(Tok::Ident(s)) => Some(s),
            _ => None,
        }
    }

    fn is(&self, ahead: usize, c: char) -> bool {
        self.tok(ahead) == Some(&Tok::Punct(c))
    }

    fn line(&self) -> u32 {
        self.toks.get(self.at).map_or(0, |t| t.line)
    }

    /// A module's body up to its closing brace (or the end of the file): items at depth 0.
    fn body(&mut self, module: usize) {
        let mut depth = 0usize;
        let mut attrs = Attrs::default();
        let mut public = false;
        while let Some(tok) = self.tok(0).cloned() {
            match tok {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') if depth == 0 => {
                    self.at += 1;
                    return;
                }
                Tok::Punct('}') => depth -= 1,
                Tok::Punct('#') if depth == 0 => {
                    self.attribute(module, &mut attrs);
                    continue;
                }
                Tok::Ident(ref w) if w == "pub" => {
                    public = true;
                    self.at += 1;
                    if self.is(0, '(') {
                        self.skip_group();
                    }
                    continue;
                }
                Tok::Ident(ref w) if w == "use" => {
                    self.use_item(module, public, depth == 0);
                    attrs = Attrs::default();
                    public = false;
                    continue;
                }
                Tok::Ident(ref w) if depth == 0 && w == "mod" && self.mod_item(module, &attrs) => {
                    attrs = Attrs::default();
                    public = false;
                    continue;
                }
                Tok::Ident(ref w) if depth == 0 && self.item(module, w, &attrs) => {}
                Tok::Ident(_) => self.code_ident(module),
                Tok::Str(ref s) => {
                    let line = self.line();
                    string_path(&mut self.tree.modules[module], s, line);
                }
                _ => {}
            }
            if !matches!(tok, Tok::Ident(ref w) if is_modifier(w)) {
                attrs = Attrs::default();
                public = false;
            }
            self.at += 1;
        }
    }

    /// `#[…]` or `#![…]`: notes `path = "…"`, `macro_export` and paths in strings.
    fn attribute(&mut self, module: usize, attrs: &mut Attrs) {
        self.at += 1;
        if self.is(0, '!') {
            self.at += 1;
        }
        let start = self.at;
        self.skip_group();
        let inner = &self.toks[start..self.at];
        for t in inner {
            if let Tok::Str(text) = &t.tok {
                string_path(&mut self.tree.modules[module], text, t.line);
            }
        }
        match (inner.get(1).map(|t| &t.tok), inner.get(3).map(|t| &t.tok)) {
            (Some(Tok::Ident(w)), Some(Tok::Str(p))) if w == "path" => attrs.path = Some(p.clone()),
            (Some(Tok::Ident(w)), _) if w == "macro_export" => attrs.macro_export = true,
            _ => {}
        }
    }

    /// Skips a bracketed group from its opening bracket.
    fn skip_group(&mut self) {
        let mut depth = 0i32;
        while let Some(tok) = self.tok(0) {
            match tok {
                Tok::Punct('(' | '[' | '{') => depth += 1,
                Tok::Punct(')' | ']' | '}') => depth -= 1,
                _ => {}
            }
            self.at += 1;
            if depth <= 0 {
                return;
            }
        }
    }

    /// `mod name;` (a child file) or `mod name { … }` (an inline module). False if neither.
    fn mod_item(&mut self, module: usize, attrs: &Attrs) -> bool {
        let Some(name) = self.ident(1).map(str::to_string) else {
            return false;
        };
        let parent_dir = self.tree.modules[module].dir.clone();
        let file = self.tree.modules[module].file;
        if self.is(2, ';') {
            // `#[path]` is relative to the directory of the file that declares the module.
            let here = self.tree.files[file]
                .rsplit_once('/')
                .map_or("", |(d, _)| d)
                .to_string();
            let files = match &attrs.path {
                Some(p) => vec![join(&here, p)],
                None => vec![
                    join(&parent_dir, &format!("{name}.rs")),
                    join(&parent_dir, &format!("{name}/mod.rs")),
                ],
            };
            let child = self
                .tree
                .new_module(Some(module), None, join(&parent_dir, &name));
            self.tree.modules[module].children.insert(name, child);
            self.pending.push((child, files));
            self.at += 3;
            true
        } else if self.is(2, '{') {
            let child = self
                .tree
                .new_module(Some(module), Some(file), join(&parent_dir, &name));
            self.tree.modules[module].children.insert(name, child);
            self.at += 3;
            self.body(child);
            true
        } else {
            false
        }
    }

    /// `fn name`, `struct name`, … and `macro_rules! name` at module level; false otherwise.
    fn item(&mut self, module: usize, word: &str, attrs: &Attrs) -> bool {
        let named = match word {
            "fn" | "struct" | "enum" | "trait" | "type" | "union" | "static" | "const" => {
                self.ident(1)
            }
            "macro_rules" if self.is(1, '!') => self.ident(2),
            _ => return false,
        };
        let Some(name) = named
            .filter(|n| !KEYWORDS.contains(n) && *n != "_")
            .map(str::to_string)
        else {
            return false;
        };
        let m = &mut self.tree.modules[module];
        if word == "macro_rules" {
            m.macros.insert(name.clone());
            if attrs.macro_export {
                let (root, file) = (m.root, m.file);
                self.tree.exported.insert((root, name.clone()), file);
            }
            self.macro_body(module, &name);
        }
        self.tree.modules[module].items.insert(name);
        true
    }

    /// A `macro_rules!` body from its name: its paths are kept apart, for the callers (a
    /// macro's text is the caller's code once expanded).
    fn macro_body(&mut self, module: usize, name: &str) {
        self.at += 3;
        let start = self.at;
        self.skip_group();
        let mut refs = Vec::new();
        for k in start..self.at {
            let after_sep = k > 0 && self.toks[k - 1].tok == Tok::PathSep;
            let starts_path = self.toks.get(k + 1).map(|n| &n.tok) == Some(&Tok::PathSep);
            if matches!(self.toks[k].tok, Tok::Ident(_)) && starts_path && !after_sep {
                let path = path_at(self.toks, k);
                refs.push(Ref {
                    path,
                    line: self.toks[k].line,
                    kind: RefKind::Code,
                });
            }
        }
        self.tree.modules[module]
            .macro_bodies
            .insert(name.to_string(), refs);
        // The loop in `body` steps over the last token.
        self.at -= 1;
    }

    /// An identifier in code: a path `a::b::c` (recorded whole), a macro call, or a plain name.
    fn code_ident(&mut self, module: usize) {
        let before = self.at.checked_sub(1).map(|i| &self.toks[i].tok);
        let after_dot = before == Some(&Tok::Punct('.'));
        let after_sep = before == Some(&Tok::PathSep);
        let Some(first) = self.ident(0).map(str::to_string) else {
            return;
        };
        let line = self.line();
        if self.tok(1) == Some(&Tok::PathSep) && !after_sep && !after_dot {
            let path = path_at(self.toks, self.at);
            let end = self.at + 2 * path.len() - 1;
            let macro_call = self.toks.get(end).map(|t| &t.tok) == Some(&Tok::Punct('!'));
            let kind = if macro_call {
                RefKind::MacroCall
            } else {
                RefKind::Code
            };
            self.tree.modules[module]
                .refs
                .push(Ref { path, line, kind });
        } else if self.is(1, '!') && !after_sep {
            self.tree.modules[module]
                .macro_calls
                .entry(first)
                .or_insert(line);
        } else if !after_dot && !after_sep && !KEYWORDS.contains(&first.as_str()) {
            // `name: value` is a field or a binding, not a use of an item called `name`.
            if !self.is(1, ':') {
                self.tree.modules[module]
                    .idents
                    .entry(first)
                    .or_insert(line);
            }
        }
    }

    /// A `use` item from its keyword to its `;`.
    fn use_item(&mut self, module: usize, public: bool, top: bool) {
        let line = self.line();
        self.at += 1;
        if self.tok(0) == Some(&Tok::PathSep) {
            self.at += 1;
        }
        let mut leaves = Vec::new();
        self.use_tree(&mut Vec::new(), &mut leaves);
        while self.tok(0).is_some() && !self.is(0, ';') {
            self.at += 1;
        }
        self.at += 1;
        let m = &mut self.tree.modules[module];
        for (path, name) in leaves {
            match &name {
                Some(name) if top => {
                    m.imports.push(Import {
                        name: name.clone(),
                        path: path.clone(),
                    });
                }
                // A glob inside a function is taken as the module's: its names are looked up
                // the same way, and a few more candidates only add edges already there.
                None => m.globs.push(path.clone()),
                _ => {}
            }
            m.refs.push(Ref {
                path,
                line,
                kind: RefKind::Use { public, name },
            });
        }
    }

    /// A use tree after `prefix`: leaves as (path, bound name); a glob binds `None`.
    fn use_tree(
        &mut self,
        prefix: &mut Vec<String>,
        leaves: &mut Vec<(Vec<String>, Option<String>)>,
    ) {
        if self.is(0, '*') {
            self.at += 1;
            leaves.push((prefix.clone(), None));
        } else if self.is(0, '{') {
            self.at += 1;
            while self.tok(0).is_some() && !self.is(0, '}') {
                let depth = prefix.len();
                self.use_tree(prefix, leaves);
                prefix.truncate(depth);
                if self.is(0, ',') {
                    self.at += 1;
                }
            }
            self.at += 1;
        } else if let Some(seg) = self.ident(0).map(str::to_string) {
            self.at += 1;
            if self.tok(0) == Some(&Tok::PathSep) {
                self.at += 1;
                prefix.push(seg);
                self.use_tree(prefix, leaves);
                return;
            }
            let mut name = if seg == "self" {
                prefix.last().cloned()
            } else {
                Some(seg.clone())
            };
            if seg != "self" {
                prefix.push(seg);
            }
            if self.ident(0) == Some("as") {
                name = self.ident(1).map(str::to_string);
                self.at += 2;
            }
            // `use x as _;` binds nothing but still names x.
            let name = name.map(|n| if n == "_" { String::new() } else { n });
            leaves.push((prefix.clone(), name));
        } else {
            self.at += 1;
        }
    }
}

/// The path `a::b::c` starting at token `k` (an identifier).
fn path_at(toks: &[Token], k: usize) -> Vec<String> {
    let mut path = Vec::new();
    let mut i = k;
    while let Some(Tok::Ident(seg)) = toks.get(i).map(|t| &t.tok) {
        path.push(seg.clone());
        if toks.get(i + 1).map(|t| &t.tok) != Some(&Tok::PathSep) {
            break;
        }
        i += 2;
    }
    path
}

/// A string spelling a path of this crate (`#[serde(serialize_with = "crate::a::f")]`).
fn string_path(m: &mut Module, text: &str, line: u32) {
    let path: Vec<String> = text.split("::").map(str::to_string).collect();
    let words = path
        .iter()
        .all(|s| !s.is_empty() && s.chars().all(|c| c == '_' || c.is_alphanumeric()));
    if path.len() > 1 && words && matches!(path[0].as_str(), "crate" | "super" | "self") {
        m.refs.push(Ref {
            path,
            line,
            kind: RefKind::Code,
        });
    }
}

/// What the attributes before an item said.
#[derive(Default)]
struct Attrs {
    path: Option<String>,
    macro_export: bool,
}

/// Words that may stand between an item's attributes and its keyword.
fn is_modifier(w: &str) -> bool {
    matches!(
        w,
        "pub" | "unsafe" | "async" | "extern" | "const" | "default"
    )
}
