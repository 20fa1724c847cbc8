//! The divisible-load figures as data (a size and shapes) and their styles: one list of rules
//! written both into the exported SVG and, scoped to `svg.dl-figure`, into the page (so the
//! site's stylesheet needs no rule of this family).

use std::fmt::Write as _;

pub use crate::draw::shapes::filled;
use crate::draw::shapes::{shape_markup, Shape};
use crate::draw::svg::escape;

/// One figure: its size (SVG units) and its shapes in drawing order.
#[derive(Clone, Debug, PartialEq, Default, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Figure {
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
    /// The shapes.
    pub shapes: Vec<Shape>,
}

/// The style rules `(selector, declarations)` of every class the figures use.
const RULES: &[(&str, &str)] = &[
    ("text", "font:12px sans-serif;fill:#1d232a"),
    (".title", "font-weight:600;font-size:13px"),
    (".tick", "font-size:11px;fill:#495057"),
    (".lane", "font-size:12px;font-weight:600"),
    (".axis", "stroke:#495057;stroke-width:1"),
    (".grid", "stroke:#dee2e6;stroke-width:1"),
    (
        ".period",
        "stroke:#adb5bd;stroke-width:.6;stroke-dasharray:2 2",
    ),
    (".send", "stroke:#495057;stroke-width:.6"),
    (
        ".recv",
        "fill-opacity:.4;stroke:#495057;stroke-width:.6;stroke-dasharray:3 2",
    ),
    (".comp", "stroke:#1d232a;stroke-width:1.2"),
    (".send-d", "stroke:none"),
    (".recv-d", "fill-opacity:.5;stroke:none"),
    (".comp-d", "stroke:none"),
    (
        ".tentative",
        "fill-opacity:.35;stroke:#868e96;stroke-dasharray:4 2",
    ),
    (".lat", "fill:url(#dl-hatch);stroke:none"),
    (".invalid", "fill:#ffe3e3;stroke:#c92a2a;stroke-width:1.5"),
    (".invalid-label", "fill:#c92a2a;font-weight:600"),
    (
        ".finish",
        "stroke:#d6336c;stroke-width:1.6;stroke-dasharray:6 3",
    ),
    (".finish-label", "fill:#a61e4d;font-weight:600"),
    (".load", "font-size:11px"),
    (".edge", "stroke:#495057;stroke-width:1.4"),
    (".edge-label", "font-size:11px;fill:#495057"),
    (".node", "fill:#fff;stroke:#1d232a;stroke-width:1.4"),
    (".collapsed", "fill:#d0ebff;stroke:#1c7ed6;stroke-width:2"),
    (".expanded", "fill:#d3f9d8;stroke:#2b8a3e;stroke-width:2"),
    (
        ".removed",
        "fill:#f1f3f5;stroke:#adb5bd;stroke-dasharray:3 2",
    ),
    (".node-id", "font-weight:600"),
    (".weq", "fill:#1864ab;font-size:11px"),
    (".share", "fill:#2b8a3e;font-size:11px"),
    (".bar", "stroke:#495057;stroke-width:.6;fill:#a5d8ff"),
    (".bar-f", "stroke:#495057;stroke-width:.6"),
    (".best", "stroke:#1d232a;stroke-width:2;fill:#ffd43b"),
    (".off", "fill:#e9ecef;stroke:#adb5bd"),
    (".value", "font-size:10px;fill:#495057"),
];

/// The rules as a standalone style sheet (the exported SVG).
#[must_use]
pub fn export_css() -> String {
    RULES.iter().fold(String::new(), |mut out, (s, d)| {
        let _ = write!(out, "{s}{{{d}}}");
        out
    })
}

/// The rules scoped to the page's figures (`svg.dl-figure …`).
#[must_use]
pub fn page_css() -> String {
    RULES.iter().fold(String::new(), |mut out, (s, d)| {
        let _ = write!(out, "svg.dl-figure {s}{{{d}}}");
        out
    })
}

/// The hatch pattern of latencies (`.lat`), as SVG markup.
pub const HATCH: &str = r##"<defs><pattern id="dl-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="2.5" height="6" fill="#495057" fill-opacity=".55"/></pattern></defs>"##;

/// A standalone SVG document of `figures` stacked vertically (the Export SVG button).
#[must_use]
pub fn to_svg_document(figures: &[&Figure], title: &str) -> String {
    let width = figures.iter().map(|f| f.width).fold(0.0, f64::max);
    let height: f64 = figures.iter().map(|f| f.height).sum();
    let mut s = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}"><title>{}</title><style>{}</style>{HATCH}<rect width="100%" height="100%" fill="#fff"/>"##,
        escape(title),
        export_css()
    );
    let mut top = 0.0;
    for f in figures {
        s.push_str(&format!(r#"<g transform="translate(0 {top})">"#));
        for shape in &f.shapes {
            s.push_str(&shape_markup(shape));
        }
        s.push_str("</g>");
        top += f.height;
    }
    s.push_str("</svg>");
    s
}
