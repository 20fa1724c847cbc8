//! The shapes of the ring figures (rectangles, segments, circles, polylines, labels) and their
//! standalone SVG document; the page turns the same shapes into Yew elements and puts
//! [`STYLE`] inside the inline SVG, so the screen and the exported file share one style sheet.

use crate::draw::svg::{escape, fixed2 as n2};

pub use crate::draw::chains::Anchor;

/// One shape; `class` selects its style in [`STYLE`]; `fill` is a processor colour.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A rectangle `(x, y, w, h)`.
    Rect {
        /// Left, top, width, height.
        at: [f64; 4],
        /// Style.
        class: &'static str,
        /// Processor colour.
        fill: Option<&'static str>,
    },
    /// A segment `(x1, y1, x2, y2)`.
    Line {
        /// Both ends.
        at: [f64; 4],
        /// Style.
        class: &'static str,
    },
    /// A circle.
    Circle {
        /// Centre and radius.
        at: [f64; 3],
        /// Style.
        class: &'static str,
        /// Processor colour.
        fill: Option<&'static str>,
    },
    /// An open polyline.
    Poly {
        /// The points.
        points: Vec<(f64, f64)>,
        /// Style.
        class: &'static str,
    },
    /// A label at `(x, baseline)`.
    Text {
        /// Anchor point.
        at: [f64; 2],
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
pub fn rect(x: f64, y: f64, w: f64, h: f64, class: &'static str) -> Shape {
    Shape::Rect {
        at: [x, y, w.max(0.0), h.max(0.0)],
        class,
        fill: None,
    }
}

/// A rectangle in a processor colour.
#[must_use]
pub fn bar(x: f64, y: f64, w: f64, h: f64, class: &'static str, fill: &'static str) -> Shape {
    Shape::Rect {
        at: [x, y, w.max(0.0), h.max(0.0)],
        class,
        fill: Some(fill),
    }
}

/// A segment.
#[must_use]
pub fn line(x1: f64, y1: f64, x2: f64, y2: f64, class: &'static str) -> Shape {
    Shape::Line {
        at: [x1, y1, x2, y2],
        class,
    }
}

/// A label.
#[must_use]
pub fn text(x: f64, y: f64, t: impl Into<String>, class: &'static str, anchor: Anchor) -> Shape {
    Shape::Text {
        at: [x, y],
        text: t.into(),
        class,
        anchor,
    }
}

/// A figure: its size and its shapes in drawing order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Drawing {
    /// Width (SVG units).
    pub width: f64,
    /// Height.
    pub height: f64,
    /// The shapes.
    pub shapes: Vec<Shape>,
}

/// The style sheet of the ring figures, scoped to `svg.ring-figure` (inline and exported).
pub const STYLE: &str = "svg.ring-figure text{font:13px sans-serif;fill:#1d232a}\
svg.ring-figure .title{font-weight:600;font-size:14px}\
svg.ring-figure .tick,svg.ring-figure .small{font-size:12px;fill:#495057}\
svg.ring-figure .axis{stroke:#495057;stroke-width:1.2}\
svg.ring-figure .grid{stroke:#dee2e6;stroke-width:1}\
svg.ring-figure .e-cheap{stroke:#2b8a3e;stroke-width:1.2;stroke-opacity:.45}\
svg.ring-figure .e-mid{stroke:#e67700;stroke-width:1;stroke-opacity:.35}\
svg.ring-figure .e-dear{stroke:#c92a2a;stroke-width:.8;stroke-opacity:.25;stroke-dasharray:3 3}\
svg.ring-figure .ring-edge{stroke:#1f5fbf;stroke-width:3.5;stroke-linecap:round}\
svg.ring-figure .try-edge{stroke:#d6336c;stroke-width:2;stroke-dasharray:5 3}\
svg.ring-figure .node-in{stroke:#1d232a;stroke-width:1.6}\
svg.ring-figure .node-out{fill:#fff;stroke:#868e96;stroke-width:1.2}\
svg.ring-figure .node-try{fill:none;stroke:#d6336c;stroke-width:2.5}\
svg.ring-figure .label{font-size:12px;font-weight:600}\
svg.ring-figure .label-out{font-size:12px;fill:#868e96}\
svg.ring-figure .compute{stroke:#495057;stroke-width:.6}\
svg.ring-figure .comm{fill:#adb5bd;stroke:#495057;stroke-width:.6}\
svg.ring-figure .t-line{stroke:#d6336c;stroke-width:2}\
svg.ring-figure .t-label{fill:#a61e4d;font-weight:600;font-size:12px}\
svg.ring-figure .closed-line{stroke:#1d232a;stroke-width:1.2;stroke-dasharray:5 3}\
svg.ring-figure .level-line{stroke:#1f5fbf;stroke-width:1.6;stroke-dasharray:2 3}\
svg.ring-figure .level-label{fill:#1f5fbf;font-size:12px}\
svg.ring-figure .greedy{fill:none;stroke:#e8590c;stroke-width:2}\
svg.ring-figure .exact{fill:none;stroke:#1f5fbf;stroke-width:2}\
svg.ring-figure .lower{fill:none;stroke:#868e96;stroke-width:1.5;stroke-dasharray:4 3}\
svg.ring-figure .dot-greedy{fill:#e8590c}\
svg.ring-figure .dot-exact{fill:#1f5fbf}\
svg.ring-figure .dot-try{fill:#d6336c;fill-opacity:.45}\
svg.ring-figure .chosen{fill:none;stroke:#1d232a;stroke-width:2}\
svg.ring-figure .marker{stroke:#d6336c;stroke-width:2}\
svg.ring-figure .here-dot{fill:#d6336c;stroke:#fff;stroke-width:1.5}\
svg.ring-figure .here{stroke:#1d232a;stroke-width:1.2;stroke-dasharray:4 3}";

/// `x,y x,y …` for a `points` attribute.
#[must_use]
pub fn points_attr(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{},{}", n2(*x), n2(*y)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One shape as SVG markup.
#[must_use]
pub fn markup(shape: &Shape) -> String {
    let fill = |f: Option<&str>| f.map_or_else(String::new, |c| format!(r#" fill="{c}""#));
    match shape {
        Shape::Rect { at, class, fill: f } => format!(
            r#"<rect class="{class}" x="{}" y="{}" width="{}" height="{}"{}/>"#,
            n2(at[0]),
            n2(at[1]),
            n2(at[2]),
            n2(at[3]),
            fill(*f)
        ),
        Shape::Line { at, class } => format!(
            r#"<line class="{class}" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            n2(at[0]),
            n2(at[1]),
            n2(at[2]),
            n2(at[3])
        ),
        Shape::Circle { at, class, fill: f } => format!(
            r#"<circle class="{class}" cx="{}" cy="{}" r="{}"{}/>"#,
            n2(at[0]),
            n2(at[1]),
            n2(at[2]),
            fill(*f)
        ),
        Shape::Poly { points, class } => {
            format!(
                r#"<polyline class="{class}" points="{}"/>"#,
                points_attr(points)
            )
        }
        Shape::Text {
            at,
            text,
            class,
            anchor,
        } => format!(
            r#"<text class="{class}" x="{}" y="{}" text-anchor="{}">{}</text>"#,
            n2(at[0]),
            n2(at[1]),
            anchor.css(),
            escape(text)
        ),
    }
}

/// A standalone SVG document of the figure (the Export SVG button).
#[must_use]
pub fn to_svg_document(d: &Drawing, title: &str) -> String {
    let (w, h) = (d.width, d.height);
    let mut s = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="ring-figure" viewBox="0 0 {w} {h}" width="{w}" height="{h}"><title>{}</title><style>{STYLE}</style><rect width="100%" height="100%" fill="#fff"/>"##,
        escape(title)
    );
    for shape in &d.shapes {
        s.push_str(&markup(shape));
    }
    s.push_str("</svg>");
    s
}

/// `shape` moved by `(dx, dy)`.
#[must_use]
pub fn moved(shape: Shape, dx: f64, dy: f64) -> Shape {
    match shape {
        Shape::Rect { at, class, fill } => Shape::Rect {
            at: [at[0] + dx, at[1] + dy, at[2], at[3]],
            class,
            fill,
        },
        Shape::Line { at, class } => Shape::Line {
            at: [at[0] + dx, at[1] + dy, at[2] + dx, at[3] + dy],
            class,
        },
        Shape::Circle { at, class, fill } => Shape::Circle {
            at: [at[0] + dx, at[1] + dy, at[2]],
            class,
            fill,
        },
        Shape::Poly { points, class } => Shape::Poly {
            points: points.into_iter().map(|(x, y)| (x + dx, y + dy)).collect(),
            class,
        },
        Shape::Text {
            at,
            text,
            class,
            anchor,
        } => Shape::Text {
            at: [at[0] + dx, at[1] + dy],
            text,
            class,
            anchor,
        },
    }
}
