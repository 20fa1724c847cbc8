//! Pure drawing model of a unit-square partition: where each processor's rectangle goes, its
//! colour, its labels, and the column separators. The page and the SVG export both draw a
//! [`SquareFigure`], so what a partition looks like is tested natively.

use hetlab_core::rational::{frac, to_f64, Q};
use hetlab_core::square::Rect;

use super::labels::Label;
use super::labels::{self, Boxes};

/// Side of the drawn square, in SVG units.
pub const SIDE: f64 = 480.0;
/// Margin around the square (room for the outline), in SVG units.
pub const MARGIN: f64 = 4.0;

pub use super::palette::colour;

/// One processor's rectangle as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    /// Processor index (0-based; labelled `P{i+1}` as in the spec).
    pub proc: usize,
    /// Left, top, width, height in SVG units.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
    /// Fill colour.
    pub fill: &'static str,
    /// `P3`.
    pub label: String,
    /// `9/50 × 4/9`, shown when the tile is large enough.
    pub sub: String,
    /// CSS classes (`tile`, `focus`, `flagged`).
    pub class: String,
}

/// A partition (or the part of it placed so far).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SquareFigure {
    /// Rectangles placed.
    pub tiles: Vec<Tile>,
    /// Column separators: vertical lines at these x (SVG units).
    pub separators: Vec<f64>,
    /// Dashed regions.
    pub outlines: Vec<Outline>,
}

/// What to emphasise in a figure.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// The processor the current step is about.
    pub focus: Option<usize>,
    /// Processors to outline (e.g. rectangles violating the shape condition).
    pub flagged: Vec<usize>,
    /// Column boundaries (unit-square x) to draw as separators.
    pub columns: Vec<Q>,
    /// Write sizes as decimals (approximate layouts, e.g. grids) instead of fractions.
    pub decimals: bool,
    /// Regions to outline with a label (pieces of the recursive algorithm, the rectangle being
    /// cut into strips).
    pub outlines: Vec<(Rect, String)>,
}

/// A dashed region with a label.
#[derive(Clone, Debug, PartialEq)]
pub struct Outline {
    /// Left, top, width, height in SVG units.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
    /// What it is (`group 9 = 0.38`).
    pub label: String,
}

fn px(v: &Q) -> f64 {
    MARGIN + to_f64(v) * SIDE
}

/// The figure of `placed` rectangles (processor index, rectangle).
#[must_use]
pub fn figure(placed: &[(usize, Rect)], marks: &Marks) -> SquareFigure {
    let tiles = placed
        .iter()
        .map(|(i, r)| {
            let mut class = String::from("tile");
            if marks.focus == Some(*i) {
                class.push_str(" focus");
            }
            if marks.flagged.contains(i) {
                class.push_str(" flagged");
            }
            Tile {
                proc: *i,
                x: px(&r.x),
                y: px(&r.y),
                w: to_f64(&r.w) * SIDE,
                h: to_f64(&r.h) * SIDE,
                fill: colour(*i),
                label: format!("P{}", i + 1),
                sub: if marks.decimals {
                    format!("{:.3} × {:.3}", to_f64(&r.w), to_f64(&r.h))
                } else {
                    format!("{} × {}", frac(&r.w), frac(&r.h))
                },
                class,
            }
        })
        .collect();
    let outlines = marks
        .outlines
        .iter()
        .map(|(r, label)| Outline {
            x: px(&r.x),
            y: px(&r.y),
            w: to_f64(&r.w) * SIDE,
            h: to_f64(&r.h) * SIDE,
            label: label.clone(),
        })
        .collect();
    SquareFigure {
        tiles,
        separators: marks.columns.iter().map(px).collect(),
        outlines,
    }
}

/// Text sizes in SVG units at type scale 1: processor labels, sizes, outline labels.
const LABEL_PX: f64 = 13.0;
const SUB_PX: f64 = 11.0;
const OUTLINE_PX: f64 = 12.0;

impl Tile {
    /// The size label fits inside the tile at type scale `k`.
    #[must_use]
    pub fn shows_sub(&self, k: f64) -> bool {
        self.w >= labels::width(&self.sub, SUB_PX * k, false) + 6.0 && self.h >= 32.0 * k
    }

    /// The processor label fits inside the tile at type scale `k`.
    #[must_use]
    pub fn shows_label(&self, k: f64) -> bool {
        self.w >= labels::width(&self.label, LABEL_PX * k, true) + 6.0
            && self.h >= 1.3 * LABEL_PX * k + 4.0
    }
}

impl SquareFigure {
    /// Every text of the figure at type scale `k` (`k > 1` where the drawing is shown smaller
    /// than its units, so that text stays at least 11 CSS px), placed without overlap: outline
    /// labels (what the step is about) first, at the first free corner inside their region,
    /// then the tiles' labels and sizes where they fit inside their tile and are free. Each
    /// entry is the text and its CSS class (`label`, `sub`, `outline-label`).
    #[must_use]
    pub fn texts(&self, k: f64) -> Vec<(Label, &'static str)> {
        let full = SIDE + 2.0 * MARGIN;
        let mut boxes = Boxes::new(full, full);
        let mut out = Vec::new();
        for o in &self.outlines {
            let px = OUTLINE_PX * k;
            let (top, bottom) = (o.y + 3.0 + 0.94 * px, o.y + o.h - 3.0 - 0.26 * px);
            let spots = [
                (o.x + 4.0, top, "start"),
                (o.x + o.w - 4.0, top, "end"),
                (o.x + 4.0, bottom, "start"),
                (o.x + o.w - 4.0, bottom, "end"),
            ];
            let placed = spots.into_iter().find_map(|(x, y, anchor)| {
                boxes.take(Label {
                    x,
                    y,
                    anchor,
                    text: o.label.clone(),
                    px,
                })
            });
            out.extend(placed.map(|l| (l, "outline-label")));
        }
        for t in &self.tiles {
            let (cx, cy) = (t.x + t.w / 2.0, t.y + t.h / 2.0);
            if !t.shows_label(k) {
                continue;
            }
            let sub = t.shows_sub(k);
            let label = Label {
                x: cx,
                y: if sub {
                    cy - 2.0 * k
                } else {
                    cy + 0.34 * LABEL_PX * k
                },
                anchor: "middle",
                text: t.label.clone(),
                px: LABEL_PX * k,
            };
            if let Some(l) = boxes.take(label) {
                out.push((l, "label"));
                let s = Label {
                    x: cx,
                    y: cy + 12.0 * k,
                    anchor: "middle",
                    text: t.sub.clone(),
                    px: SUB_PX * k,
                };
                if let Some(s) = sub.then(|| boxes.take(s)).flatten() {
                    out.push((s, "sub"));
                }
            }
        }
        out
    }
}

/// A standalone SVG document of the figure (the "Export SVG" button).
#[must_use]
pub fn to_svg_document(fig: &SquareFigure, title: &str) -> String {
    let full = SIDE + 2.0 * MARGIN;
    let mut s = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {full} {full}" width="{full}" height="{full}" font-family="sans-serif" font-size="13"><title>{}</title><rect x="{MARGIN}" y="{MARGIN}" width="{SIDE}" height="{SIDE}" fill="white" stroke="#222" stroke-width="2"/>"##,
        super::svg::escape(title)
    );
    for t in &fig.tiles {
        s.push_str(&format!(
            r##"<g><rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="{}" stroke="#222"><title>{}: {}</title></rect></g>"##,
            t.x, t.y, t.w, t.h, t.fill, super::svg::escape(&t.label), super::svg::escape(&t.sub)
        ));
    }
    for o in &fig.outlines {
        s.push_str(&format!(
            r##"<g><rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="none" stroke="#d6336c" stroke-width="2" stroke-dasharray="6 4"><title>{}</title></rect></g>"##,
            o.x, o.y, o.w, o.h, super::svg::escape(&o.label)
        ));
    }
    for (l, class) in fig.texts(1.0) {
        let style = match class {
            "label" => r#" font-weight="bold""#,
            "outline-label" => r##" fill="#a61e4d" font-weight="600""##,
            _ => "",
        };
        s.push_str(&format!(
            r#"<text x="{:.2}" y="{:.2}" text-anchor="{}" font-size="{:.1}"{style}>{}</text>"#,
            l.x,
            l.y,
            l.anchor,
            l.px,
            super::svg::escape(&l.text)
        ));
    }
    for x in &fig.separators {
        s.push_str(&format!(
            r##"<line x1="{x:.2}" y1="{MARGIN}" x2="{x:.2}" y2="{:.2}" stroke="#000" stroke-width="3"/>"##,
            MARGIN + SIDE
        ));
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetlab_core::rational::q;
    use hetlab_core::square::column;

    #[test]
    fn the_8_area_example_draws_three_columns() {
        let s = ["0.05", "0.05", "0.08", "0.1", "0.1", "0.12", "0.2", "0.3"]
            .map(|t| hetlab_core::rational::parse_q(t).unwrap());
        let sol = column::solve(&s).unwrap();
        let placed: Vec<(usize, Rect)> = sol.rects.iter().cloned().enumerate().collect();
        let marks = Marks {
            focus: Some(7),
            flagged: vec![0],
            columns: vec![q(1, 2), q(41, 50)],
            outlines: vec![(sol.rects[7].clone(), "piece".into())],
            decimals: false,
        };
        let fig = figure(&placed, &marks);
        assert_eq!(fig.tiles.len(), 8);
        // R8 = (0, 0, 1/2, 3/5): the top-left tile, half the width.
        let r8 = &fig.tiles[7];
        assert_eq!((r8.x, r8.y), (MARGIN, MARGIN));
        assert!((r8.w - SIDE / 2.0).abs() < 1e-9 && (r8.h - 0.6 * SIDE).abs() < 1e-9);
        assert_eq!((r8.label.as_str(), r8.sub.as_str()), ("P8", "1/2 × 3/5"));
        assert!(r8.class.contains("focus") && fig.tiles[0].class.contains("flagged"));
        assert_eq!(r8.fill, colour(7));
        assert!((fig.separators[0] - (MARGIN + SIDE / 2.0)).abs() < 1e-9);
        let svg = to_svg_document(&fig, "8 areas <7.1>");
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("8 areas &lt;7.1&gt;") && svg.contains(">P8<"));
        assert_eq!(svg.matches("<g>").count(), 9);
        // Texts never overlap, at any type scale.
        for k in [1.0, 1.4, 2.0] {
            let texts = fig.texts(k);
            for (i, (a, _)) in texts.iter().enumerate() {
                for (b, _) in &texts[i + 1..] {
                    assert!(!labels::text_box(a).overlaps(&labels::text_box(b)));
                }
            }
        }
        assert_eq!(fig.outlines.len(), 1);
        assert!(svg.contains(">piece<"));
    }

    #[test]
    fn small_tiles_drop_their_labels() {
        let tiny = Tile {
            proc: 0,
            x: 0.0,
            y: 0.0,
            w: 10.0,
            h: 10.0,
            fill: colour(0),
            label: "P1".into(),
            sub: "1/50 × 1/50".into(),
            class: "tile".into(),
        };
        assert!(!tiny.shows_label(1.0) && !tiny.shows_sub(1.0));
        assert_eq!(colour(12), colour(0));
    }
}
