//! The figure vocabulary the newer families share (chains, scatter, master–slave, divisible
//! load): rectangles with an optional processor colour and tooltip, segments, polylines and
//! anchored labels, and their SVG markup. Each family keeps its own style sheet and document
//! wrapper; the pages turn the same shapes into Yew elements (`ui::components::shape`), so the
//! screen and the exported file cannot drift apart.

/// How a text is anchored at its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, nanoserde::SerBin, nanoserde::DeBin)]
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

/// One shape; `class` selects its style in the family's style sheet.
#[derive(Clone, Debug, PartialEq, nanoserde::SerBin, nanoserde::DeBin)]
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
        class: hetlab_core::intern::Name,
        /// Processor colour.
        fill: Option<hetlab_core::intern::Name>,
        /// Tooltip (`<title>`), for instance the exact interval in words.
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
        class: hetlab_core::intern::Name,
    },
    /// An open polyline.
    Poly {
        /// The points.
        points: Vec<(f64, f64)>,
        /// Style.
        class: hetlab_core::intern::Name,
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
        class: hetlab_core::intern::Name,
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
        tip: None,
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

/// A rectangle in a processor colour.
#[must_use]
pub fn filled(x: f64, y: f64, w: f64, h: f64, class: &'static str, fill: &'static str) -> Shape {
    Shape::Rect {
        x,
        y,
        w: w.max(0.0),
        h: h.max(0.0),
        class,
        fill: Some(fill),
        tip: None,
    }
}

/// A rectangle in a processor colour with a tooltip.
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
            tip,
        } => {
            let f = fill.map_or_else(String::new, |c| format!(r#" fill="{c}""#));
            let r = format!(
                r#"<rect class="{class}" x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}"{f}"#
            );
            match tip {
                Some(t) => format!("{r}><title>{}</title></rect>", escape(t)),
                None => format!("{r}/>"),
            }
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

/// What the drawing tests of the families read off a list of shapes.
#[cfg(test)]
pub mod probe {
    use super::Shape;

    /// The labels, in drawing order.
    #[must_use]
    pub fn texts(shapes: &[Shape]) -> Vec<&str> {
        shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }

    /// Rectangles, segments and polylines whose class list contains the word `class`.
    #[must_use]
    pub fn count(shapes: &[Shape], class: &str) -> usize {
        shapes
            .iter()
            .filter(|s| match s {
                Shape::Rect { class: c, .. }
                | Shape::Line { class: c, .. }
                | Shape::Poly { class: c, .. } => c.split(' ').any(|w| w == class),
                Shape::Text { .. } => false,
            })
            .count()
    }
}
