//! The chains figure's drawing and its standalone SVG document (the shapes are the shared
//! vocabulary of [`crate::draw::shapes`]).

use super::{HEIGHT, WIDTH};
pub use crate::draw::shapes::*;

/// The figure at one step: shapes in drawing order.
#[derive(Clone, Debug, PartialEq, Default, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Drawing {
    /// The shapes.
    pub shapes: Vec<Shape>,
}

/// Styles of the exported SVG (the page's www/style.css has the same rules).
pub const EXPORT_CSS: &str = "text{font:13px sans-serif;fill:#1d232a}.title{font-weight:600;font-size:14px}.tick,.weight,.guide-label{font-size:12px;fill:#495057}.axis{stroke:#495057;stroke-width:1.2}.part{fill-opacity:.35}.guide{stroke:#868e96;stroke-dasharray:4 3}.stair{fill:none;stroke:#1d232a;stroke-width:2}.sep{stroke:#1d232a;stroke-width:1.6}.sep-label{font-size:12px;font-weight:600}.target{stroke:#d6336c;stroke-width:1.6;stroke-dasharray:6 3}.target-label{fill:#a61e4d;font-size:12px}.window{fill:#d6336c;fill-opacity:.35}.mid{stroke:#d6336c;stroke-width:2}.task,.proc,.load{stroke:#495057;stroke-width:.6}.bottleneck{fill:none;stroke:#d6336c;stroke-width:2.5}.bline{stroke:#d6336c;stroke-width:2}.ideal{stroke:#1d232a;stroke-dasharray:5 3}.bline-label{fill:#a61e4d;font-weight:600}.band{fill:#c3fae8;stroke:#0ca678}.probe{stroke:#495057;stroke-width:3}.probe-ok{stroke:#1b7f3b;stroke-width:3}.probe-fail{stroke:#b00020;stroke-width:3}.result{stroke:#1f5fbf;stroke-width:3}";

/// A standalone SVG document of the figure (the Export SVG button).
#[must_use]
pub fn to_svg_document(d: &Drawing, title: &str) -> String {
    use crate::draw::svg::escape;
    let mut s = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}"><title>{}</title><style>{EXPORT_CSS}</style><rect width="100%" height="100%" fill="#fff"/>"##,
        escape(title)
    );
    for shape in &d.shapes {
        s.push_str(&shape_markup(shape));
    }
    s.push_str("</svg>");
    s
}
