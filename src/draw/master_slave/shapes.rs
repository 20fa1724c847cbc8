//! The drawing of the master–slave page: the chains figure's shape vocabulary (rectangles,
//! segments, polylines, anchored labels) on a canvas whose height depends on the instance, and
//! its standalone SVG document (the Export SVG button).

pub use crate::draw::shapes::{filled, line, points_attr, rect, shape_markup, text, Anchor, Shape};

/// A count (rows, nodes, ticks: all small) as a coordinate factor.
#[must_use]
#[allow(clippy::cast_precision_loss)] // Counts stay far below 2^52.
pub fn as_f64(k: usize) -> f64 {
    k as f64
}

/// Width of the drawing (SVG units): narrow enough that 12 px labels stay readable on a phone.
pub const WIDTH: f64 = 480.0;

/// The figure at one step: shapes in drawing order on a `WIDTH × height` canvas.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Drawing {
    /// Total height.
    pub height: f64,
    /// The shapes.
    pub shapes: Vec<Shape>,
}

/// Styles of the exported SVG (www/style.css has the same rules under `svg.ms-figure`).
pub const EXPORT_CSS: &str = "text{font:12px sans-serif;fill:#1d232a}.title{font-weight:600;font-size:13px}.tick,.row-label,.edge-label{font-size:11px;fill:#495057}.axis{stroke:#495057;stroke-width:1}.act{stroke:#495057;stroke-width:.5}.ret{fill-opacity:.55}.late{fill:#dee2e6}.latest{fill:none;stroke:#d6336c;stroke-width:2}.horizon{stroke:#d6336c;stroke-width:1.5;stroke-dasharray:5 3}.horizon-label,.counter{fill:#a61e4d;font-weight:600}.edge{stroke:#ced4da;stroke-width:1}.foil{stroke:#e8590c;stroke-width:2;stroke-dasharray:6 4}.chosen{stroke:#1f5fbf;stroke-width:3}.node{stroke:#495057;stroke-width:1}.slot{fill:#f1f3f5;stroke:#868e96;stroke-width:1}.mark{stroke:#1d232a;stroke-width:2}.lane{stroke:#e9ecef}.swatch{stroke:#495057;stroke-width:.5}.edge-label.neg{fill:#b00020}.probe{stroke-width:2}.probe.ok{stroke:#1b7f3b}.probe.fail{stroke:#b00020}.interval{fill:#c3fae8;stroke:#0ca678}.tree-edge{stroke:#868e96;stroke-width:1.5}.curve-periodic{fill:none;stroke:#1f5fbf;stroke-width:2}.curve-greedy{fill:none;stroke:#e8590c;stroke-width:2}";

/// A standalone SVG document of `d`.
#[must_use]
pub fn to_svg_document(d: &Drawing, title: &str) -> String {
    use crate::draw::svg::escape;
    let h = d.height;
    let mut s = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {h:.0}" width="{WIDTH}" height="{h:.0}"><title>{}</title><style>{EXPORT_CSS}</style><rect width="100%" height="100%" fill="#fff"/>"##,
        escape(title)
    );
    for shape in &d.shapes {
        s.push_str(&shape_markup(shape));
    }
    s.push_str("</svg>");
    s
}
