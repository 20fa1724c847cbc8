//! The scatter figures' drawing (the shared marks of [`crate::draw::shapes`]), their style sheet
//! and the standalone SVG document.

pub use crate::draw::shapes::*;

/// A figure: its size and its marks in drawing order.
#[derive(Clone, Debug, PartialEq, Default, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Drawing {
    /// Width (SVG units).
    pub width: f64,
    /// Height (SVG units).
    pub height: f64,
    /// The marks.
    pub shapes: Vec<Shape>,
    /// The Gantt charts among the marks, in order (their stair in numbers).
    pub charts: Vec<super::ChartMarks>,
}

/// Id of the hatch pattern of the idle bars (the stair).
pub const HATCH_ID: &str = "scatter-hatch";

/// The `<defs>` every scatter SVG carries (the hatch of the idle bars).
pub const DEFS: &str = r##"<defs><pattern id="scatter-hatch" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)"><rect width="6" height="6" fill="#f1f3f5"/><line x1="0" y1="0" x2="0" y2="6" stroke="#868e96" stroke-width="2"/></pattern></defs>"##;

/// The style of the figures, scoped to `svg.scatter-fig`: the page puts it in a `<style>`
/// inside its first figure, the exported file carries it too.
pub const CSS: &str = "svg.scatter-fig{font-family:sans-serif}svg.scatter-fig text{font-size:12px;fill:#1d232a}svg.scatter-fig .title{font-weight:600;font-size:13px}svg.scatter-fig .tick,svg.scatter-fig .share-label,svg.scatter-fig .note{font-size:11px;fill:#495057}svg.scatter-fig .row-label{font-size:11px}svg.scatter-fig .root-label{font-size:11px;font-weight:700}svg.scatter-fig .axis{stroke:#495057;stroke-width:1}svg.scatter-fig .grid{stroke:#e9ecef;stroke-width:1}svg.scatter-fig .idle{fill:url(#scatter-hatch);stroke:#adb5bd;stroke-width:.5}svg.scatter-fig .recv{fill:#495057}svg.scatter-fig .send{fill:#868e96;stroke:#fff;stroke-width:.6}svg.scatter-fig .comp{stroke:#495057;stroke-width:.6}svg.scatter-fig .share{stroke:#495057;stroke-width:.5}svg.scatter-fig .stair{fill:none;stroke:#d6336c;stroke-width:1.6;stroke-dasharray:5 3}svg.scatter-fig .tline{stroke:#1f5fbf;stroke-width:2}svg.scatter-fig .tline-label{fill:#1f5fbf;font-weight:600;font-size:11px}svg.scatter-fig .lpline{stroke:#2b8a3e;stroke-width:1.6;stroke-dasharray:3 2}svg.scatter-fig .lp-label{fill:#2b8a3e;font-size:11px}svg.scatter-fig .band{fill:#d3f9d8;fill-opacity:.6}svg.scatter-fig .band-label{fill:#2b8a3e;font-size:11px}svg.scatter-fig .curve{fill:none;stroke:#1f5fbf;stroke-width:1.6}svg.scatter-fig .dot{fill:#1f5fbf}svg.scatter-fig .chosen{fill:#d6336c}svg.scatter-fig .transfer{fill:url(#scatter-hatch);stroke:#495057;stroke-width:.6}svg.scatter-fig .exec{fill:#74c0fc;stroke:#495057;stroke-width:.6}svg.scatter-fig .best{fill:none;stroke:#d6336c;stroke-width:2}";

/// Standalone SVG documents of figures stacked vertically (the Export SVG button).
#[must_use]
pub fn to_svg_document(parts: &[&Drawing], title: &str) -> String {
    use crate::draw::svg::escape;
    let width = parts.iter().map(|d| d.width).fold(0.0, f64::max);
    let height: f64 = parts.iter().map(|d| d.height).sum();
    let mut s = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="scatter-fig" viewBox="0 0 {width} {height}" width="{width}" height="{height}"><title>{}</title><style>{CSS}</style>{DEFS}<rect width="100%" height="100%" fill="#fff"/>"##,
        escape(title)
    );
    let mut dy = 0.0;
    for d in parts {
        s.push_str(&format!(r#"<g transform="translate(0 {dy:.2})">"#));
        for shape in &d.shapes {
            s.push_str(&shape_markup(shape));
        }
        s.push_str("</g>");
        dy += d.height;
    }
    s.push_str("</svg>");
    s
}
