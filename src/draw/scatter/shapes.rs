//! The marks of the scatter figures (rectangles with an optional tooltip, segments, polylines,
//! labels), their style sheet and the standalone SVG document; the page turns the same marks
//! into Yew elements, so the screen and the exported file cannot drift apart.

pub use crate::draw::chains::Anchor;

/// One mark; `class` selects its style in [`CSS`].
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A rectangle, filled with a processor colour when `fill` is given.
    Rect {
        /// Left.
        x: f64,
        /// Top.
        y: f64,
        /// Width.
        w: f64,
        /// Height.
        h: f64,
        /// Style.
        class: &'static str,
        /// Processor colour.
        fill: Option<&'static str>,
        /// Tooltip (`<title>`): the exact interval in words.
        tip: Option<String>,
    },
    /// A segment.
    Line {
        /// Start.
        x1: f64,
        /// Start.
        y1: f64,
        /// End.
        x2: f64,
        /// End.
        y2: f64,
        /// Style.
        class: &'static str,
    },
    /// An open polyline.
    Poly {
        /// The points.
        points: Vec<(f64, f64)>,
        /// Style.
        class: &'static str,
    },
    /// A label.
    Text {
        /// Anchor point.
        x: f64,
        /// Baseline.
        y: f64,
        /// The text.
        text: String,
        /// Style.
        class: &'static str,
        /// Anchoring.
        anchor: Anchor,
    },
}

/// A rectangle (negative sizes become 0).
#[must_use]
pub fn bar(x: f64, y: f64, w: f64, h: f64, class: &'static str) -> Shape {
    Shape::Rect {
        x,
        y,
        w: w.max(0.0),
        h: h.max(0.0),
        class,
        fill: None,
        tip: None,
    }
}

/// A rectangle in a processor colour, with a tooltip.
#[must_use]
pub fn coloured(
    (x, y, w, h): (f64, f64, f64, f64),
    class: &'static str,
    fill: &'static str,
    tip: String,
) -> Shape {
    Shape::Rect {
        x,
        y,
        w: w.max(0.0),
        h: h.max(0.0),
        class,
        fill: Some(fill),
        tip: Some(tip),
    }
}

/// A segment.
#[must_use]
pub fn seg(x1: f64, y1: f64, x2: f64, y2: f64, class: &'static str) -> Shape {
    Shape::Line {
        x1,
        y1,
        x2,
        y2,
        class,
    }
}

/// A label.
#[must_use]
pub fn label(x: f64, y: f64, t: impl Into<String>, class: &'static str, anchor: Anchor) -> Shape {
    Shape::Text {
        x,
        y,
        text: t.into(),
        class,
        anchor,
    }
}

/// A figure: its size and its marks in drawing order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Drawing {
    /// Width (SVG units).
    pub width: f64,
    /// Height (SVG units).
    pub height: f64,
    /// The marks.
    pub shapes: Vec<Shape>,
}

/// Id of the hatch pattern of the idle bars (the stair).
pub const HATCH_ID: &str = "scatter-hatch";

/// The `<defs>` every scatter SVG carries (the hatch of the idle bars).
pub const DEFS: &str = r##"<defs><pattern id="scatter-hatch" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)"><rect width="6" height="6" fill="#f1f3f5"/><line x1="0" y1="0" x2="0" y2="6" stroke="#868e96" stroke-width="2"/></pattern></defs>"##;

/// The style of the figures, scoped to `svg.scatter-fig`: the page puts it in a `<style>`
/// inside its first figure, the exported file carries it too.
pub const CSS: &str = "svg.scatter-fig{font-family:sans-serif}svg.scatter-fig text{font-size:12px;fill:#1d232a}svg.scatter-fig .title{font-weight:600;font-size:13px}svg.scatter-fig .tick,svg.scatter-fig .share-label,svg.scatter-fig .note{font-size:11px;fill:#495057}svg.scatter-fig .row-label{font-size:11px}svg.scatter-fig .root-label{font-size:11px;font-weight:700}svg.scatter-fig .axis{stroke:#495057;stroke-width:1}svg.scatter-fig .grid{stroke:#e9ecef;stroke-width:1}svg.scatter-fig .idle{fill:url(#scatter-hatch);stroke:#adb5bd;stroke-width:.5}svg.scatter-fig .recv{fill:#495057}svg.scatter-fig .send{fill:#868e96;stroke:#fff;stroke-width:.6}svg.scatter-fig .comp{stroke:#495057;stroke-width:.6}svg.scatter-fig .share{stroke:#495057;stroke-width:.5}svg.scatter-fig .stair{fill:none;stroke:#d6336c;stroke-width:1.6;stroke-dasharray:5 3}svg.scatter-fig .tline{stroke:#1f5fbf;stroke-width:2}svg.scatter-fig .tline-label{fill:#1f5fbf;font-weight:600;font-size:11px}svg.scatter-fig .lpline{stroke:#2b8a3e;stroke-width:1.6;stroke-dasharray:3 2}svg.scatter-fig .lp-label{fill:#2b8a3e;font-size:11px}svg.scatter-fig .band{fill:#d3f9d8;fill-opacity:.6}svg.scatter-fig .band-label{fill:#2b8a3e;font-size:11px}svg.scatter-fig .curve{fill:none;stroke:#1f5fbf;stroke-width:1.6}svg.scatter-fig .dot{fill:#1f5fbf}svg.scatter-fig .chosen{fill:#d6336c}svg.scatter-fig .transfer{fill:url(#scatter-hatch);stroke:#495057;stroke-width:.6}svg.scatter-fig .exec{fill:#74c0fc;stroke:#495057;stroke-width:.6}svg.scatter-fig .best{fill:none;stroke:#d6336c;stroke-width:2}";

/// `x,y x,y …` for a `points` attribute.
#[must_use]
pub fn points_attr(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{x:.2},{y:.2}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn mark(shape: &Shape) -> String {
    use crate::draw::svg::escape;
    match shape {
        Shape::Rect {
            x,
            y,
            w,
            h,
            class,
            fill,
            tip,
        } => {
            let f = fill.map_or_else(String::new, |c| format!(r#" fill="{c}""#));
            let t = tip
                .as_ref()
                .map_or_else(String::new, |t| format!("<title>{}</title>", escape(t)));
            format!(
                r#"<rect class="{class}" x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}"{f}>{t}</rect>"#
            )
        }
        Shape::Line {
            x1,
            y1,
            x2,
            y2,
            class,
        } => format!(
            r#"<line class="{class}" x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}"/>"#
        ),
        Shape::Poly { points, class } => format!(
            r#"<polyline class="{class}" points="{}"/>"#,
            points_attr(points)
        ),
        Shape::Text {
            x,
            y,
            text,
            class,
            anchor,
        } => format!(
            r#"<text class="{class}" x="{x:.2}" y="{y:.2}" text-anchor="{}">{}</text>"#,
            anchor.css(),
            escape(text)
        ),
    }
}

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
            s.push_str(&mark(shape));
        }
        s.push_str("</g>");
        dy += d.height;
    }
    s.push_str("</svg>");
    s
}
