//! The one escaper for text put in SVG and HTML attribute values or content (exported SVG
//! documents, the embed snippet).

/// `s` with `& < > " '` escaped, safe in element content and in quoted attribute values.
#[must_use]
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(
            escape(r#"<a href="x">P&Q's</a>"#),
            "&lt;a href=&quot;x&quot;&gt;P&amp;Q&#39;s&lt;/a&gt;"
        );
        assert_eq!(escape("Lyon, 14 nodes"), "Lyon, 14 nodes");
    }
}
