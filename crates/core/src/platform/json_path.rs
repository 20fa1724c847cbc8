//! The JSON path (`platform.nodes[1].w`) of the place where serde_json stopped reading a
//! document, found from the error's line and column by scanning the text up to there.
//!
//! It replaces tracking the path while reading (serde_path_to_error, which wraps every value the
//! derived readers read: 12 KB of the site's page wasm gzipped, issue 15) with one scan, done
//! only when reading failed. The path is the one that tracking gave (a test compares them on
//! every preset, broken in every place): a key counts once its closing quote is read (an
//! unknown field is reported at its own path), an array index once its element has begun (an
//! error between elements is the array's), and a closed value is its parent's again (a missing
//! field is reported after the object's `}`: the object's own path). Keys are written as they
//! are, joined by `.`, indices as `[i]`.

/// What the scan knows of one open object or array.
enum Open {
    /// An object: the byte range of its last key read (with its quotes), and whether that
    /// key's `:` was read (a string is then a value, not a key).
    Object {
        key: Option<(usize, usize)>,
        in_value: bool,
    },
    /// An array: the element's index, and whether that element has begun.
    Array { index: usize, started: bool },
}

/// The byte offset of serde_json's `(line, column)` in `text` (line from 1, column in bytes
/// from the line's start), at most `text.len()`.
#[must_use]
pub fn offset(text: &str, line: usize, column: usize) -> usize {
    let start = if line <= 1 {
        0
    } else {
        text.match_indices('\n')
            .nth(line - 2)
            .map_or(text.len(), |(i, _)| i + 1)
    };
    (start + column).min(text.len())
}

/// The path of the value open at byte `at` of `text` (`""` at the top level).
#[must_use]
pub fn path_at(text: &str, at: usize) -> String {
    let bytes = &text.as_bytes()[..at.min(text.len())];
    let mut stack: Vec<Open> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        // A value (or a key) begins here: an array's element has started.
        if let Some(Open::Array { started, .. }) = stack.last_mut() {
            if c != b']' && c != b',' {
                *started = true;
            }
        }
        match c {
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                // A key counts once its closing quote is read.
                if let (
                    true,
                    Some(Open::Object {
                        key,
                        in_value: false,
                    }),
                ) = (i < bytes.len(), stack.last_mut())
                {
                    *key = Some((start, i + 1));
                }
            }
            b'{' => stack.push(Open::Object {
                key: None,
                in_value: false,
            }),
            b'[' => stack.push(Open::Array {
                index: 0,
                started: false,
            }),
            b'}' | b']' => {
                stack.pop();
            }
            b':' => {
                if let Some(Open::Object { in_value, .. }) = stack.last_mut() {
                    *in_value = true;
                }
            }
            b',' => match stack.last_mut() {
                Some(Open::Object { key, in_value }) => {
                    *key = None;
                    *in_value = false;
                }
                Some(Open::Array { index, started }) => {
                    *index += 1;
                    *started = false;
                }
                None => {}
            },
            _ => {}
        }
        i += 1;
    }
    // serde_json dates a list or an object found where something else was expected at its
    // first character, unread: that element has begun.
    if let Some(Open::Array { started, .. }) = stack.last_mut() {
        let next = text.as_bytes()[bytes.len()..]
            .iter()
            .find(|c| !c.is_ascii_whitespace());
        *started |= matches!(next, Some(b'[' | b'{'));
    }
    let mut path = String::new();
    for open in &stack {
        match open {
            Open::Object {
                key: Some((s, e)), ..
            } => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(&key_text(&text[*s..*e]));
            }
            Open::Array {
                index,
                started: true,
            } => path.push_str(&format!("[{index}]")),
            _ => break,
        }
    }
    shortened(path)
}

/// Longest path a message shows (characters): a value nested a hundred deep (`[[[[…`) would
/// otherwise give a path of hundreds of `[0]`.
pub const MAX_PATH_CHARS: usize = 120;

/// `path`, its middle replaced by `…` when it is longer than [`MAX_PATH_CHARS`]: its first 80
/// and last 39 characters, so both the field and the place inside it stay readable.
fn shortened(path: String) -> String {
    let n = path.chars().count();
    if n <= MAX_PATH_CHARS {
        return path;
    }
    let head: String = path.chars().take(80).collect();
    let tail: String = path.chars().skip(n - 39).collect();
    format!("{head}…{tail}")
}

/// A key as written, quotes and escapes resolved.
fn key_text(quoted: &str) -> String {
    serde_json::from_str::<String>(quoted).unwrap_or_else(|_| quoted.trim_matches('"').to_owned())
}

/// A value that is a number or a string, read as serde's untagged enum of the two would read
/// it (the same values, the same message otherwise), but deciding while the reader is at the
/// value: serde_json then dates an error just after the value, at its own path. (An untagged
/// enum decides after reading, and serde_json dates its error at the end of the enclosing object
/// or list, whose path it then gets.)
pub(crate) trait NumOrText: Sized {
    /// The enum's name, in the message.
    const NAME: &'static str;
    /// From an integer.
    fn int(v: i64) -> Option<Self>;
    /// From an unsigned integer.
    fn uint(v: u64) -> Option<Self>;
    /// From a float.
    fn float(v: f64) -> Option<Self>;
    /// From a string.
    fn text(v: String) -> Option<Self>;
}

/// Reads a [`NumOrText`].
///
/// # Errors
/// Serde's message for an untagged enum no variant of which matches.
pub(crate) fn num_or_text<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: NumOrText,
{
    d.deserialize_any(Reader(std::marker::PhantomData))
}

struct Reader<T>(std::marker::PhantomData<T>);

fn no_variant<T: NumOrText, E: serde::de::Error>() -> E {
    E::custom(format_args!(
        "data did not match any variant of untagged enum {}",
        T::NAME
    ))
}

impl<'de, T: NumOrText> serde::de::Visitor<'de> for Reader<T> {
    type Value = T;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a number or a string ({})", T::NAME)
    }

    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<T, E> {
        T::int(v).ok_or_else(no_variant::<T, E>)
    }

    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<T, E> {
        T::uint(v).ok_or_else(no_variant::<T, E>)
    }

    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<T, E> {
        T::float(v).ok_or_else(no_variant::<T, E>)
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<T, E> {
        T::text(v.to_owned()).ok_or_else(no_variant::<T, E>)
    }

    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<T, E> {
        T::text(v).ok_or_else(no_variant::<T, E>)
    }

    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<T, E> {
        Err(no_variant::<T, E>())
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<T, E> {
        Err(no_variant::<T, E>())
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<T, A::Error> {
        // Read to the list's end, so that the error is dated after it.
        while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
        Err(no_variant::<T, A::Error>())
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
        while map
            .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
            .is_some()
        {}
        Err(no_variant::<T, A::Error>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at_end(text: &str) -> String {
        path_at(text, text.len())
    }

    #[test]
    fn keys_count_from_their_colon_and_indices_from_their_element() {
        assert_eq!(at_end(r#"{"a": {"b": [1, {"c": "#), "a.b[1].c");
        assert_eq!(at_end(r#"{"a": {"b""#), "a.b");
        assert_eq!(at_end(r#"{"a": {"b"#), "a");
        assert_eq!(at_end(r#"{"a": [1, "#), "a");
        assert_eq!(at_end(r#"{"a": [1, ""#), "a[1]");
        assert_eq!(at_end(r#"{"a": [1, {"#), "a[1]");
        assert_eq!(at_end(r#"{"a": {"b": 1}"#), "a");
        assert_eq!(at_end(r#"{"a": 1, "#), "");
        assert_eq!(at_end(r#"[0, [5, "x"#), "[1][1]");
        assert_eq!(at_end(r#"{"x\"y": {"q": "a,}]\"b"#), "x\"y.q");
        assert_eq!(at_end("  5"), "");
        let text = r#"{"a": [1, {"b": 2}]}"#;
        assert_eq!(path_at(text, text.rfind('{').unwrap_or(0)), "a[1]");
    }

    #[test]
    fn a_path_hundreds_deep_is_shortened_in_its_middle() {
        let text = format!("{{\"workers\":[1,{{\"g\":{}", "[".repeat(300));
        let path = path_at(&text, text.len());
        assert_eq!(path.chars().count(), MAX_PATH_CHARS);
        assert!(path.starts_with("workers[1].g[0][0]"), "{path}");
        assert!(path.ends_with("[0][0]") && path.contains('…'), "{path}");
        assert_eq!(path_at(&text, 15), "workers[1]");
    }

    #[test]
    fn offsets_follow_lines_and_columns() {
        let text = "{\n  \"a\": 1,\n  \"b\": x\n}";
        assert_eq!(offset(text, 1, 0), 0);
        assert_eq!(offset(text, 3, 7), text.find('x').unwrap());
        assert_eq!(offset(text, 9, 9), text.len());
    }
}
