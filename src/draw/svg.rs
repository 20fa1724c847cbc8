//! The escaper for text put in SVG and HTML attribute values or content (exported SVG documents,
//! the embed snippet): the core's `formats::xml_escape`, the one escaper of the project.

pub use hetlab_core::formats::xml_escape as escape;

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
