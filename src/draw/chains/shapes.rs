//! The shapes of the chains figure (rectangles, segments, polylines, labels with positions) and
//! their standalone SVG document; the page turns the same shapes into Yew elements.

use super::{HEIGHT, WIDTH};

/// How a text is anchored at its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Starts at the point.
    Start,
    /// Centred on the point.
    Middle,
    /// Ends at the point.
    End,
}

impl Anchor {
    /// The SVG `text-anchor` value.
    #[must_use]
    pub fn css(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// One shape; `class` selects its style (www/style.css and [`EXPORT_CSS`]).
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

/// Shorthand constructors (they keep the panel code short).
#[must_use]
pub fn rect(x: f64, y: f64, w: f64, h: f64, class: &'static str) -> Shape {
    Shape::Rect {
        x,
        y,
        w: w.max(0.0),
        h: h.max(0.0),
        class,
        fill: None,
    }
}

/// A segment.
#[must_use]
pub fn line(x1: f64, y1: f64, x2: f64, y2: f64, class: &'static str) -> Shape {
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
pub fn text(x: f64, y: f64, t: impl Into<String>, class: &'static str, anchor: Anchor) -> Shape {
    Shape::Text {
        x,
        y,
        text: t.into(),
        class,
        anchor,
    }
}

pub(super) fn filled(
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    class: &'static str,
    fill: &'static str,
) -> Shape {
    Shape::Rect {
        x,
        y,
        w: w.max(0.0),
        h: h.max(0.0),
        class,
        fill: Some(fill),
    }
}

/// The figure at one step: shapes in drawing order.
#[derive(Clone, Debug, PartialEq, Default)]
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

/// One shape as SVG markup.
#[must_use]
pub fn shape_markup(shape: &Shape) -> String {
    use crate::draw::svg::escape;
    match shape {
        Shape::Rect {
            x,
            y,
            w,
            h,
            class,
            fill,
        } => {
            let f = fill.map_or_else(String::new, |c| format!(r#" fill="{c}""#));
            format!(
                r#"<rect class="{class}" x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}"{f}/>"#
            )
        }
        Shape::Line {
            x1,
            y1,
            x2,
            y2,
            class,
        } => {
            format!(
                r#"<line class="{class}" x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}"/>"#
            )
        }
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

/// `x,y x,y …` for a `points` attribute.
#[must_use]
pub fn points_attr(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{x:.2},{y:.2}"))
        .collect::<Vec<_>>()
        .join(" ")
}
