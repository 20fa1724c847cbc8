//! Hash routes: `#/<page>?key=value&…` (formats.md section 5). Pure parsing and formatting, so
//! that every URL the site reads or writes is tested natively.
//!
//! The query keeps its keys in order and percent-encodes only what must be encoded; share
//! payloads are base64url and pass through untouched, which keeps links short.

/// A page of the site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Page {
    /// `#/`.
    Home,
    /// `#/platform`: the platform editor.
    Platform,
    /// `#/<problem>`: an algorithm family page.
    Family(String),
}

/// A parsed hash route.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The page.
    pub page: Page,
    /// The query, in order.
    pub query: Query,
}

/// An ordered query string.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Query(pub Vec<(String, String)>);

impl Query {
    /// The first value of `key`.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// `key` parsed as `T`, if present and valid.
    #[must_use]
    pub fn parse<T: std::str::FromStr>(&self, key: &str) -> Option<T> {
        self.get(key).and_then(|v| v.trim().parse().ok())
    }

    /// `key` as a step number: whole numbers past `usize` saturate (a huge `step=` means "the
    /// last step", clamped by the player, not "no step"); anything else is `None`.
    #[must_use]
    pub fn index(&self, key: &str) -> Option<usize> {
        let v = self.get(key)?.trim();
        let digits = v.strip_prefix('+').unwrap_or(v);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some(digits.parse().unwrap_or(usize::MAX))
    }

    /// `key=1` or `key=true` (or a bare `key`).
    #[must_use]
    pub fn flag(&self, key: &str) -> bool {
        matches!(self.get(key), Some("1" | "true" | "yes" | ""))
    }

    /// Sets `key` (replacing its value in place, or appending it).
    pub fn set(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        match self.0.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value,
            None => self.0.push((key.to_owned(), value)),
        }
    }

    /// Removes `key`.
    pub fn remove(&mut self, key: &str) {
        self.0.retain(|(k, _)| k != key);
    }
}

impl Route {
    /// A route with an empty query.
    #[must_use]
    pub fn new(page: Page) -> Route {
        Route {
            page,
            query: Query::default(),
        }
    }

    /// Parses `location.hash` (with or without the leading `#`). Never fails: an unknown or
    /// empty path is the home page.
    #[must_use]
    pub fn parse(hash: &str) -> Route {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = hash.split_once('?').unwrap_or((hash, ""));
        let path = path.trim_matches('/');
        let page = match path {
            "" => Page::Home,
            "platform" => Page::Platform,
            other => Page::Family(decode(other)),
        };
        let query = Query(
            query
                .split('&')
                .filter(|kv| !kv.is_empty())
                .map(|kv| {
                    let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
                    (decode(k), decode(v))
                })
                .collect(),
        );
        Route { page, query }
    }

    /// The hash for this route, starting with `#/`.
    #[must_use]
    pub fn to_hash(&self) -> String {
        let path = match &self.page {
            Page::Home => String::new(),
            Page::Platform => "platform".to_owned(),
            Page::Family(p) => encode(p),
        };
        let mut s = format!("#/{path}");
        for (k, (key, value)) in self.query.0.iter().enumerate() {
            s.push(if k == 0 { '?' } else { '&' });
            s.push_str(&encode(key));
            s.push('=');
            s.push_str(&encode(value));
        }
        s
    }
}

/// Percent-encodes everything but unreserved characters (RFC 3986).
#[must_use]
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Decodes `%XX` escapes and `+` as space; malformed escapes are kept as written.
#[must_use]
pub fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut k = 0;
    while k < bytes.len() {
        match bytes[k] {
            b'%' if k + 2 < bytes.len() => {
                if let (Some(hi), Some(lo)) = (hex(bytes[k + 1]), hex(bytes[k + 2])) {
                    out.push(hi * 16 + lo);
                    k += 3;
                } else {
                    out.push(b'%');
                    k += 1;
                }
            }
            b'+' => {
                out.push(b' ');
                k += 1;
            }
            b => {
                out.push(b);
                k += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(b: u8) -> Option<u8> {
    char::from(b)
        .to_digit(16)
        .and_then(|d| u8::try_from(d).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_formats_share_routes() {
        let r = Route::parse("#/steady-state?i=v1.abc-_D&algo=tree&step=3&embed=1");
        assert_eq!(r.page, Page::Family("steady-state".into()));
        assert_eq!(r.query.get("i"), Some("v1.abc-_D"));
        assert_eq!(r.query.parse::<usize>("step"), Some(3));
        assert!(r.query.flag("embed"));
        assert!(!r.query.flag("autoplay"));
        let huge = Route::parse("#/lu?step=123456789012345678901234567890&start=x&end=-1");
        assert_eq!(huge.query.index("step"), Some(usize::MAX));
        assert_eq!(huge.query.index("start"), None);
        assert_eq!(huge.query.index("end"), None);
        assert_eq!(r.query.index("step"), Some(3));
        assert_eq!(
            r.to_hash(),
            "#/steady-state?i=v1.abc-_D&algo=tree&step=3&embed=1"
        );
        assert_eq!(Route::parse("").page, Page::Home);
        assert_eq!(Route::parse("#/").page, Page::Home);
        assert_eq!(Route::parse("#/platform/").page, Page::Platform);
    }

    #[test]
    fn query_edits_keep_order() {
        let mut r = Route::parse("#/x?a=1&b=2");
        r.query.set("a", "3");
        r.query.set("c", "x y");
        r.query.remove("b");
        assert_eq!(r.to_hash(), "#/x?a=3&c=x%20y");
        assert_eq!(Route::parse(&r.to_hash()).query.get("c"), Some("x y"));
    }

    #[test]
    fn decoding_is_total() {
        for s in ["%", "%4", "%zz", "%E2%82", "a+b", "%41"] {
            let _ = decode(s);
        }
        assert_eq!(decode("%41+b"), "A b");
        assert_eq!(decode("%zz"), "%zz");
        assert_eq!(decode("50%"), "50%");
    }
}
