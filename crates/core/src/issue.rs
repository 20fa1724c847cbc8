//! Problems found in user input, each tied to the place that caused it (formats.md section 6).
//!
//! Validation never stops at the first problem: it collects every [`Issue`] it can find so that
//! the user fixes them in one pass. The path uses the JSON spelling (`links[3].c`), which the web
//! app also uses to put the message beside the offending form field.

use std::fmt;

/// One problem in the input: where it is and what to do about it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Issue {
    /// JSON path of the offending value, e.g. `platform.links[3].c`; empty for the whole input.
    pub path: String,
    /// What is wrong, in plain English, ideally with what to do.
    pub message: String,
}

/// Longest value echoed in a message, in characters; longer ones are cut with `…`.
pub const ECHO_CHARS: usize = 40;

/// Longest message kept, in characters (a safety net: every value echoed is already cut to
/// [`ECHO_CHARS`], but a message must never carry a megabyte whatever builds it).
pub const MAX_MESSAGE_CHARS: usize = 300;

impl Issue {
    /// An issue at `path`; a message over [`MAX_MESSAGE_CHARS`] is cut with `…`.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Issue {
            path: clip(&path.into(), MAX_MESSAGE_CHARS),
            message: clip(&message.into(), MAX_MESSAGE_CHARS),
        }
    }
}

/// `text` cut to its first `max` characters, with `…` when something was cut.
#[must_use]
pub fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// `text` with every run of more than 24 digits shortened to its first 12 and a count
/// (`5749999999…(320 digits)`): a message stays readable whatever numbers it quotes.
///
/// ```
/// use hetlab_core::issue::shorten_numbers;
/// assert_eq!(shorten_numbers("cost 3/4"), "cost 3/4");
/// assert_eq!(shorten_numbers(&format!("get -{}", "5".repeat(300))), format!("get -{}…(300 digits)", "5".repeat(12)));
/// ```
#[must_use]
pub fn shorten_numbers(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(1024));
    let mut run = String::new();
    let flush = |run: &mut String, out: &mut String| {
        let n = run.chars().count();
        if n > 24 {
            out.push_str(&run[..12]);
            out.push_str(&format!("…({n} digits)"));
        } else {
            out.push_str(run);
        }
        run.clear();
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            run.push(c);
        } else {
            flush(&mut run, &mut out);
            out.push(c);
        }
    }
    flush(&mut run, &mut out);
    out
}

/// A value as echoed in a message: quoted, escaped, at most [`ECHO_CHARS`] characters of it.
///
/// ```
/// use hetlab_core::issue::quote;
/// assert_eq!(quote("P1"), "\"P1\"");
/// assert_eq!(quote(&"7".repeat(1000)), format!("\"{}…\"", "7".repeat(40)));
/// ```
#[must_use]
pub fn quote(text: &str) -> String {
    format!("{:?}", clip(text, ECHO_CHARS))
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// Every problem found in one input; never empty when returned as an error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[serde(transparent)]
pub struct Issues(pub Vec<Issue>);

impl Issues {
    /// A list holding one issue.
    pub fn one(path: impl Into<String>, message: impl Into<String>) -> Self {
        Issues(vec![Issue::new(path, message)])
    }

    /// Issues whose path is `path` or lies below it (`links[2]` matches `links[2].c`).
    pub fn at<'a>(&'a self, path: &'a str) -> impl Iterator<Item = &'a Issue> + 'a {
        self.0.iter().filter(move |i| {
            i.path == path
                || i.path
                    .strip_prefix(path)
                    .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('['))
        })
    }
}

impl fmt::Display for Issues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, issue) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{issue}")?;
        }
        Ok(())
    }
}

/// Joins a parent path and a child key the way JSON paths read (`a.b`, `a[3]`).
#[must_use]
pub fn join(parent: &str, child: &str) -> String {
    if parent.is_empty() {
        child.to_owned()
    } else if child.starts_with('[') {
        format!("{parent}{child}")
    } else {
        format!("{parent}.{child}")
    }
}

/// Turns a serde_json error on `text` into an [`Issues`] list at its path (`platform::json_path`),
/// in the project's words (serde's own sentences name Rust types, and quote whole values).
pub(crate) fn from_serde(prefix: &str, text: &str, e: &serde_json::Error) -> Issues {
    let path = if e.line() == 0 {
        String::new()
    } else {
        let at = crate::platform::json_path::offset(text, e.line(), e.column());
        crate::platform::json_path::path_at(text, at)
    };
    let message = e.to_string();
    // serde_json appends " at line L column C"; inside a path-tagged message it is noise.
    let message = message
        .split(" at line ")
        .next()
        .unwrap_or(&message)
        .to_owned();
    let words = if e.classify() == serde_json::error::Category::Syntax {
        // Not JSON at all: where (the path is often empty there) and what, in plain words.
        format!(
            "not valid JSON at line {}, column {}: {}",
            e.line(),
            e.column(),
            syntax_words(&message)
        )
    } else {
        reword(&message)
    };
    Issues::one(join(prefix, &path), words)
}

/// serde_json's syntax message in plain words, with what to write instead where it is clear.
fn syntax_words(message: &str) -> String {
    match message {
        "expected ident" => {
            "an unknown word (JSON's words are true, false and null; text goes in double quotes)"
                .to_owned()
        }
        "expected value" => {
            "a value is missing or is not JSON (text goes in double quotes)".to_owned()
        }
        "expected `,` or `}`" => "expected \",\" or \"}\" after a value".to_owned(),
        "expected `,` or `]`" => "expected \",\" or \"]\" after a list item".to_owned(),
        "expected `:`" => "expected \":\" after a key".to_owned(),
        "key must be a string" => "a key must be text in double quotes".to_owned(),
        "trailing comma" => "a comma before \"]\" or \"}\" (JSON allows none)".to_owned(),
        "trailing characters" => "more text after the end of the document".to_owned(),
        "invalid number" | "number out of range" => {
            "a number JSON cannot hold (digits, one point, an exponent)".to_owned()
        }
        "invalid escape" | "invalid unicode code point" => {
            "an invalid escape (\\) in a string".to_owned()
        }
        m if m.starts_with("control character") => {
            "a line break or control character inside a string".to_owned()
        }
        m => clip(&m.replace('`', "\""), MAX_MESSAGE_CHARS),
    }
}

/// serde's message in the project's words, values cut to [`ECHO_CHARS`].
fn reword(message: &str) -> String {
    if let Some(name) = message.strip_prefix("data did not match any variant of untagged enum ") {
        return match name {
            "NodeId" => "must be a string or an integer".to_owned(),
            "RawNum" => {
                "must be a number, or a string holding one (\"3/8\", \"0.25\", \"inf\")".to_owned()
            }
            _ => "has the wrong type".to_owned(),
        };
    }
    if let Some(rest) = message.strip_prefix("invalid type: ") {
        if let Some((got, expected)) = rest.split_once(", expected ") {
            return format!(
                "must be {}, got {}",
                expected_words(expected),
                got_words(got)
            );
        }
    }
    if let Some(rest) = message.strip_prefix("invalid value: ") {
        if let Some((got, expected)) = rest.split_once(", expected ") {
            return format!(
                "must be {}, got {}",
                expected_words(expected),
                got_words(got)
            );
        }
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let (field, known) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let field = quote(field.trim_matches('`'));
        let known = known.trim_start_matches("one of ").replace('`', "\"");
        return if known.is_empty() {
            format!("unknown field {field}")
        } else {
            format!("unknown field {field} (known: {})", clip(&known, 200))
        };
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let (got, known) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let known = known.trim_start_matches("one of ").replace('`', "\"");
        return format!(
            "unknown value {} (known: {})",
            quote(got.trim_matches('`')),
            clip(&known, 200)
        );
    }
    if let Some(field) = message.strip_prefix("missing field ") {
        return format!(
            "missing field \"{}\"",
            clip(field.trim_matches('`'), ECHO_CHARS)
        );
    }
    if message.starts_with("recursion limit exceeded") {
        return "nested too deeply (at most 128 levels)".to_owned();
    }
    if message.starts_with("EOF while parsing") {
        return "the document ends too early; it may have been cut".to_owned();
    }
    if message.starts_with("duplicate field ") {
        return format!(
            "the field {} is written twice",
            quote(
                message
                    .trim_start_matches("duplicate field ")
                    .trim_matches('`')
            )
        );
    }
    clip(message, MAX_MESSAGE_CHARS)
}

/// serde's "expected" phrase for a Rust type, in plain words.
fn expected_words(expected: &str) -> String {
    match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a non-negative integer".to_owned(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "an integer".to_owned(),
        "f32" | "f64" => "a number".to_owned(),
        "a map" => "an object".to_owned(),
        other if other.starts_with("struct ") => "an object".to_owned(),
        other if other.starts_with("a sequence") => "a list".to_owned(),
        other => clip(other, 80),
    }
}

/// serde's description of the value found, with a quoted value cut to [`ECHO_CHARS`].
fn got_words(got: &str) -> String {
    if let Some(s) = got.strip_prefix("string ") {
        // serde writes `string "…"`: the value is the rest, quotes included.
        let inner = s
            .strip_prefix('"')
            .and_then(|x| x.strip_suffix('"'))
            .unwrap_or(s);
        return quote(inner);
    }
    let got = got.replace('`', "");
    let got = got
        .replace("sequence", "a list")
        .replace("map", "an object")
        .replace("integer ", "")
        .replace("floating point ", "")
        .replace("boolean ", "");
    clip(&got, ECHO_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_values_are_cut_and_messages_bounded() {
        assert_eq!(clip("abc", 2), "ab…");
        assert_eq!(clip("abc", 3), "abc");
        assert_eq!(clip("ééé", 1), "é…");
        let i = Issue::new("a", "x".repeat(10_000));
        assert_eq!(i.message.chars().count(), MAX_MESSAGE_CHARS + 1);
        assert_eq!(
            reword("invalid type: string \"abc\", expected u32"),
            "must be a non-negative integer, got \"abc\""
        );
        assert_eq!(
            reword("invalid type: boolean `true`, expected a string"),
            "must be a string, got true"
        );
        assert_eq!(
            reword("data did not match any variant of untagged enum NodeId"),
            "must be a string or an integer"
        );
        assert_eq!(reword("missing field `c`"), "missing field \"c\"");
        assert_eq!(
            reword("unknown field `cc`, expected one of `from`, `to`"),
            "unknown field \"cc\" (known: \"from\", \"to\")"
        );
    }

    /// Input that is not JSON says where and what, not serde_json's bare phrase.
    #[test]
    fn syntax_errors_say_where_and_what() {
        let message = |text: &str| {
            let e = serde_json::from_str::<serde_json::Value>(text).unwrap_err();
            from_serde("", text, &e).to_string()
        };
        assert_eq!(
            message("not json"),
            "not valid JSON at line 1, column 2: an unknown word (JSON's words are true, false \
             and null; text goes in double quotes)"
        );
        assert_eq!(
            message("{\"a\": [1, 2,]}"),
            "a: not valid JSON at line 1, column 13: a comma before \"]\" or \"}\" (JSON allows none)"
        );
        assert!(message("{\"a\": 1} x").contains("more text after the end of the document"));
        assert!(message("{a: 1}").contains("a key must be text in double quotes"));
    }

    #[test]
    fn paths_join_and_filter() {
        assert_eq!(join("", "nodes"), "nodes");
        assert_eq!(join("platform", "[2]"), "platform[2]");
        assert_eq!(join("platform.links", "[2]"), "platform.links[2]");
        let issues = Issues(vec![
            Issue::new("links[2].c", "bad"),
            Issue::new("links[20].c", "other"),
            Issue::new("links[2]", "self-loop"),
        ]);
        assert_eq!(issues.at("links[2]").count(), 2);
        assert_eq!(
            issues.to_string(),
            "links[2].c: bad\nlinks[20].c: other\nlinks[2]: self-loop"
        );
    }
}
