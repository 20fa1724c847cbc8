//! A Rust tokenizer just good enough for the import graph: identifiers, punctuation, `::` and
//! string literals (kept for `#[path = "…"]`), each with its line. Comments (doc comments too:
//! an intra-doc link is not an import), character literals, lifetimes and numbers are dropped.

/// One token of a source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// An identifier or keyword; `$crate` is read as `crate`, `r#name` as `name`.
    Ident(String),
    /// `::`.
    PathSep,
    /// Any other punctuation character.
    Punct(char),
    /// A string literal's text, escapes left as written.
    Str(String),
}

/// A token and the line it starts on (1-based).
#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    pub line: u32,
}

/// Splits `src` into tokens.
pub fn lex(src: &str) -> Vec<Token> {
    let chars: Vec<char> = src.chars().collect();
    let mut lexer = Lexer {
        chars,
        at: 0,
        line: 1,
        out: Vec::new(),
    };
    lexer.run();
    lexer.out
}

struct Lexer {
    chars: Vec<char>,
    at: usize,
    line: u32,
    out: Vec<Token>,
}

impl Lexer {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.at + ahead).copied()
    }

    /// Moves one character on, counting lines.
    fn bump(&mut self) {
        if self.peek(0) == Some('\n') {
            self.line += 1;
        }
        self.at += 1;
    }

    fn push(&mut self, tok: Tok, line: u32) {
        self.out.push(Token { tok, line });
    }

    fn run(&mut self) {
        while let Some(c) = self.peek(0) {
            let line = self.line;
            match c {
                _ if c.is_whitespace() => self.bump(),
                '/' if self.peek(1) == Some('/') => self.line_comment(),
                '/' if self.peek(1) == Some('*') => self.block_comment(),
                '"' => {
                    let text = self.quoted();
                    self.push(Tok::Str(text), line);
                }
                'r' if self.raw_string_ahead(1) => {
                    self.bump();
                    let text = self.raw_string();
                    self.push(Tok::Str(text), line);
                }
                'b' if self.peek(1) == Some('"') || self.peek(1) == Some('\'') => {
                    self.bump();
                }
                'b' if self.peek(1) == Some('r') && self.raw_string_ahead(2) => {
                    self.bump();
                    self.bump();
                    let text = self.raw_string();
                    self.push(Tok::Str(text), line);
                }
                '\'' => self.char_or_lifetime(),
                '$' if self.word_at(1) == "crate" => {
                    self.at += 6;
                    self.push(Tok::Ident("crate".into()), line);
                }
                _ if c == '_' || c.is_alphabetic() => {
                    let word = self.word_at(0);
                    self.at += word.chars().count();
                    if word == "r" && self.peek(0) == Some('#') {
                        self.bump();
                        let raw = self.word_at(0);
                        self.at += raw.chars().count();
                        self.push(Tok::Ident(raw), line);
                    } else {
                        self.push(Tok::Ident(word), line);
                    }
                }
                _ if c.is_ascii_digit() => self.number(),
                ':' if self.peek(1) == Some(':') => {
                    self.at += 2;
                    self.push(Tok::PathSep, line);
                }
                _ => {
                    self.bump();
                    self.push(Tok::Punct(c), line);
                }
            }
        }
    }

    /// The identifier-like word starting `ahead` characters on (empty if none).
    fn word_at(&self, ahead: usize) -> String {
        let mut word = String::new();
        let mut i = self.at + ahead;
        while let Some(&c) = self.chars.get(i) {
            if c == '_' || c.is_alphanumeric() {
                word.push(c);
                i += 1;
            } else {
                break;
            }
        }
        word
    }

    fn line_comment(&mut self) {
        while let Some(c) = self.peek(0) {
            if c == '\n' {
                break;
            }
            self.bump();
        }
    }

    /// A block comment; Rust's nest.
    fn block_comment(&mut self) {
        let mut depth = 0usize;
        while let Some(c) = self.peek(0) {
            if c == '/' && self.peek(1) == Some('*') {
                depth += 1;
                self.bump();
            } else if c == '*' && self.peek(1) == Some('/') {
                depth -= 1;
                self.bump();
                if depth == 0 {
                    self.bump();
                    return;
                }
            }
            self.bump();
        }
    }

    /// A `"…"` literal from its opening quote; returns its text.
    fn quoted(&mut self) -> String {
        self.bump();
        let mut text = String::new();
        while let Some(c) = self.peek(0) {
            self.bump();
            match c {
                '\\' => {
                    if let Some(next) = self.peek(0) {
                        text.push('\\');
                        text.push(next);
                        self.bump();
                    }
                }
                '"' => break,
                _ => text.push(c),
            }
        }
        text
    }

    /// Whether `r"`, `r#"`, `r##"`… starts `ahead` characters on (the `r` excluded).
    fn raw_string_ahead(&self, ahead: usize) -> bool {
        let mut i = ahead;
        while self.peek(i) == Some('#') {
            i += 1;
        }
        self.peek(i) == Some('"')
    }

    /// A raw string from its first `#` or quote; returns its text.
    fn raw_string(&mut self) -> String {
        let mut hashes = 0;
        while self.peek(0) == Some('#') {
            hashes += 1;
            self.bump();
        }
        self.bump();
        let mut text = String::new();
        while let Some(c) = self.peek(0) {
            if c == '"' && (1..=hashes).all(|k| self.peek(k) == Some('#')) {
                for _ in 0..=hashes {
                    self.bump();
                }
                break;
            }
            text.push(c);
            self.bump();
        }
        text
    }

    /// `'a'`, `'\n'`, `'\u{1F600}'` are characters; `'a` and `'static` are lifetimes.
    fn char_or_lifetime(&mut self) {
        self.bump();
        if self.peek(0) == Some('\\') {
            while let Some(c) = self.peek(0) {
                self.bump();
                if c == '\'' {
                    return;
                }
                if c == '\\' {
                    self.bump();
                }
            }
        } else if self.peek(1) == Some('\'') {
            self.bump();
            self.bump();
        } else {
            let word = self.word_at(0);
            self.at += word.chars().count();
        }
    }

    /// Digits, suffixes and exponents; a `.` is taken only when a digit follows (`1..n` stays a range).
    fn number(&mut self) {
        while let Some(c) = self.peek(0) {
            let fraction = c == '.' && self.peek(1).is_some_and(|d| d.is_ascii_digit());
            if c == '_' || c.is_alphanumeric() || fraction {
                self.bump();
            } else {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{lex, Tok};

    fn idents(src: &str) -> Vec<String> {
        lex(src)
            .into_iter()
            .filter_map(|t| match t.tok {
                Tok::Ident(s) => Some(s),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn comments_strings_chars_and_lifetimes_hide_no_identifier_and_add_none() {
        let src = "/// crate::a::B\n/* x /* y */ z */ fn f<'a>(s: &'a str) -> char { \
                   let _ = r#\"crate::c\"#; let _ = \"super::d\"; '\\'' }";
        assert_eq!(
            idents(src),
            ["fn", "f", "s", "str", "char", "let", "_", "let", "_"]
        );
    }

    #[test]
    fn dollar_crate_reads_as_crate_and_lines_count() {
        let toks = lex("a\n$crate::b");
        assert_eq!(toks[1].tok, Tok::Ident("crate".into()));
        assert_eq!(toks[1].line, 2);
        assert_eq!(toks[2].tok, Tok::PathSep);
    }
}
