//! Reading the module tree ([`Tree`], `model.rs`) of a set of crates from their files: each
//! module's declared children (`mod name;`, `#[path]`), the items it defines, its attributes
//! and macro bodies; `use` items are read by `uses.rs`, paths and names in code by `code.rs`.
//! No type checking and no macro expansion: what a reader sees in the text is what counts.

use crate::code::{path_at, KEYWORDS};
use crate::lex::{lex, Tok, Token};
use crate::model::{Module, Ref, RefKind, Tree};

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
pub(crate) struct FileParser<'a> {
    pub(crate) tree: &'a mut Tree,
    pub(crate) toks: &'a [Token],
    pub(crate) at: usize,
    pub(crate) pending: &'a mut Vec<(usize, Vec<String>)>,
}

impl FileParser<'_> {
    pub(crate) fn tok(&self, ahead: usize) -> Option<&Tok> {
        self.toks.get(self.at + ahead).map(|t| &t.tok)
    }

    pub(crate) fn ident(&self, ahead: usize) -> Option<&str> {
        match self.tok(ahead) {
            Some(Tok::Ident(s)) => Some(s),
            _ => None,
        }
    }

    pub(crate) fn is(&self, ahead: usize, c: char) -> bool {
        self.tok(ahead) == Some(&Tok::Punct(c))
    }

    pub(crate) fn line(&self) -> u32 {
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
