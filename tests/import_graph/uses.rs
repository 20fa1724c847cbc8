//! `use` items: every leaf of a use tree as a path with the name it binds (a glob binds none),
//! recorded as the module's imports and as references.

use crate::lex::Tok;
use crate::model::{Import, Ref, RefKind};
use crate::parse::FileParser;

impl FileParser<'_> {
    /// A `use` item from its keyword to its `;`.
    pub(crate) fn use_item(&mut self, module: usize, public: bool, top: bool) {
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
