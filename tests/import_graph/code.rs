//! Paths and names in code: a path `a::b::c` recorded whole, a macro call, or a plain
//! identifier that may name an item in scope (never a keyword, a field or a method).

use crate::lex::{Tok, Token};
use crate::model::{Ref, RefKind};
use crate::parse::FileParser;

/// Keywords that are never a path's item.
pub(crate) const KEYWORDS: &[&str] = &[
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

impl FileParser<'_> {
    /// An identifier in code: a path `a::b::c` (recorded whole), a macro call, or a plain name.
    pub(crate) fn code_ident(&mut self, module: usize) {
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
}

/// The path `a::b::c` starting at token `k` (an identifier).
pub(crate) fn path_at(toks: &[Token], k: usize) -> Vec<String> {
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
