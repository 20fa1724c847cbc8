//! Line plots (named lines over one x axis: the throughput plot, the chains scaling plot, the LU
//! comparison curves) as a list of marks, drawn twice from the same list: on the page's canvas
//! (`ui::components::plot`) and as an SVG document (the canvas's `data-svg`, for the export
//! menu's SVG and TikZ). Text is placed by estimated widths, not measured in the DOM.
//!
//! Written here instead of through a plotting crate: plotters, drawn on both backends, was
//! about 39 KB of the page's 862 KB gzipped wasm (issue 15).

use super::svg::{escape, fixed1};

/// One named line: `(x, y)` points in x order and an RGB colour.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Legend label.
    pub label: String,
    /// Points, in x order.
    pub points: Vec<(f64, f64)>,
    /// Colour.
    pub rgb: (u8, u8, u8),
}

/// How a plot is framed.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// Width and height, px.
    pub size: (f64, f64),
    /// Axis titles `(x, y)`.
    pub axes: (String, String),
    /// The y axis starts here (the top is 5% above the largest y).
    pub y_from: f64,
    /// The x axis from 0 (else from the smallest x).
    pub x_from_zero: bool,
    /// The legend in the upper right corner (else upper left).
    pub legend_right: bool,
}

/// Line `k`'s dash pattern `(dash, gap)` in pixels: the first is solid, the others dashed
/// each their own way, so that lines differ by more than their hue (WCAG 1.4.1).
#[must_use]
pub fn dash(k: usize) -> Option<(u32, u32)> {
    [
        None,
        Some((9, 4)),
        Some((2, 3)),
        Some((16, 4)),
        Some((5, 2)),
    ][k % 5]
}

/// Where text hangs from its point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Anchor {
    /// The point is the text's start.
    Start,
    /// The point is the text's middle.
    Middle,
    /// The point is the text's end.
    End,
}

/// One mark of a plot, in px from the top left corner.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A rectangle `(x, y, w, h)`: fill `#rrggbb` and its opacity, stroke or none.
    Rect {
        /// `(x, y, w, h)`.
        at: (f64, f64, f64, f64),
        /// Fill colour.
        fill: &'static str,
        /// Fill opacity.
        opacity: f64,
        /// Border colour.
        stroke: Option<&'static str>,
    },
    /// A polyline (two points: a line).
    Path {
        /// Points.
        points: Vec<(f64, f64)>,
        /// Colour `#rrggbb`.
        stroke: String,
        /// Width, px.
        width: f64,
        /// Dash pattern.
        dash: Option<(u32, u32)>,
    },
    /// Text whose baseline starts, centres or ends at `at`, turned a quarter left if `up`.
    Text {
        /// Baseline point.
        at: (f64, f64),
        /// The text.
        text: String,
        /// Size, px.
        size: f64,
        /// Anchor.
        anchor: Anchor,
        /// Read bottom to top (the y axis title).
        up: bool,
    },
}

const MARGIN: f64 = 12.0;
const LEFT: f64 = 92.0;
const BOTTOM: f64 = 52.0;
const GRID: &str = "#ebebeb";
const INK: &str = "#000000";
const LABEL: f64 = 13.0;
const TITLE: f64 = 14.0;

/// Ticks of `[lo, hi]`: about `n` values, multiples of 1, 2 or 5 times a power of ten.
fn ticks(lo: f64, hi: f64, n: f64) -> (Vec<f64>, f64) {
    let raw = (hi - lo) / n;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    let first = (lo / step).ceil();
    let mut out = Vec::new();
    let mut k = first;
    while k * step <= hi + step * 1e-9 && out.len() < 64 {
        out.push(k * step);
        k += 1.0;
    }
    (out, step)
}

/// A tick's label: as many decimals as the step needs.
fn tick_label(v: f64, step: f64) -> String {
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let digits = (-step.log10().floor()).max(0.0) as usize;
    let s = format!("{v:.digits$}");
    if s.starts_with('-') && s[1..].chars().all(|c| c == '0' || c == '.') {
        s[1..].to_owned()
    } else {
        s
    }
}

/// Estimated width of `text` at `size` px in a sans-serif font.
fn text_width(text: &str, size: f64) -> f64 {
    #[allow(clippy::cast_precision_loss)]
    let n = text.chars().count() as f64;
    n * size * 0.56
}

/// The marks of `lines` in `frame`.
#[must_use]
pub fn marks(lines: &[Line], frame: &Frame) -> Vec<Mark> {
    let (w, h) = frame.size;
    let all = || lines.iter().flat_map(|l| l.points.iter());
    let (x0, x1) = all().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (x0, x1) = if x0 < x1 { (x0, x1) } else { (0.0, 1.0) };
    let x0 = if frame.x_from_zero { 0.0 } else { x0 };
    let y0 = frame.y_from;
    let y1 = all()
        .fold(y0, |m, p| m.max(p.1))
        .max(y0 + f64::MIN_POSITIVE)
        * 1.05;
    let y1 = if y1 > y0 { y1 } else { y0 + 1.0 };
    let (left, right, top, bottom) = (MARGIN + LEFT, w - MARGIN, MARGIN, h - MARGIN - BOTTOM);
    let px = |x: f64| left + (x - x0) / (x1 - x0) * (right - left);
    let py = |y: f64| bottom - (y - y0) / (y1 - y0) * (bottom - top);
    let line = |a: (f64, f64), b: (f64, f64), stroke: &str| Mark::Path {
        points: vec![a, b],
        stroke: stroke.to_owned(),
        width: 1.0,
        dash: None,
    };
    let text = |at, text: String, size, anchor, up| Mark::Text {
        at,
        text,
        size,
        anchor,
        up,
    };
    let mut out = vec![Mark::Rect {
        at: (0.0, 0.0, w, h),
        fill: "#ffffff",
        opacity: 1.0,
        stroke: None,
    }];
    let (xt, xs) = ticks(x0, x1, 10.0);
    let (yt, ys) = ticks(y0, y1, 8.0);
    for &x in &xt {
        out.push(line((px(x), top), (px(x), bottom), GRID));
    }
    for &y in &yt {
        out.push(line((left, py(y)), (right, py(y)), GRID));
    }
    out.push(line((left, top), (left, bottom), INK));
    out.push(line((left, bottom), (right, bottom), INK));
    for &x in &xt {
        out.push(line((px(x), bottom), (px(x), bottom + 5.0), INK));
        let at = (px(x), bottom + 5.0 + LABEL + 2.0);
        out.push(text(at, tick_label(x, xs), LABEL, Anchor::Middle, false));
    }
    for &y in &yt {
        out.push(line((left - 5.0, py(y)), (left, py(y)), INK));
        let at = (left - 8.0, py(y) + LABEL * 0.35);
        out.push(text(at, tick_label(y, ys), LABEL, Anchor::End, false));
    }
    let at = (f64::midpoint(left, right), h - MARGIN - 4.0);
    out.push(text(at, frame.axes.0.clone(), TITLE, Anchor::Middle, false));
    let at = (MARGIN + TITLE, f64::midpoint(top, bottom));
    out.push(text(at, frame.axes.1.clone(), TITLE, Anchor::Middle, true));
    for (k, l) in lines.iter().enumerate() {
        out.push(Mark::Path {
            points: l.points.iter().map(|&(x, y)| (px(x), py(y))).collect(),
            stroke: rgb(l.rgb),
            width: 2.0,
            dash: dash(k),
        });
    }
    legend(&mut out, lines, frame.legend_right, (left, right, top));
    out
}

/// The legend box: one row per line, its sample (colour and dash) and its label.
fn legend(
    out: &mut Vec<Mark>,
    lines: &[Line],
    at_right: bool,
    (left, right, top): (f64, f64, f64),
) {
    if lines.is_empty() {
        return;
    }
    let row = LABEL + 7.0;
    let widest = lines
        .iter()
        .map(|l| text_width(&l.label, LABEL))
        .fold(0.0, f64::max);
    let (bw, bh) = (24.0 + 6.0 + widest + 16.0, row * lines.len() as f64 + 8.0);
    let x = if at_right {
        right - 10.0 - bw
    } else {
        left + 10.0
    };
    let y = top + 10.0;
    out.push(Mark::Rect {
        at: (x, y, bw, bh),
        fill: "#ffffff",
        opacity: 0.9,
        stroke: Some(INK),
    });
    for (k, l) in lines.iter().enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let cy = y + 4.0 + row * (k as f64 + 0.5);
        out.push(Mark::Path {
            points: vec![(x + 8.0, cy), (x + 32.0, cy)],
            stroke: rgb(l.rgb),
            width: 2.0,
            dash: Some(dash(k).unwrap_or((24, 1))),
        });
        let at = (x + 38.0, cy + LABEL * 0.35);
        out.push(Mark::Text {
            at,
            text: l.label.clone(),
            size: LABEL,
            anchor: Anchor::Start,
            up: false,
        });
    }
}

/// `#rrggbb`.
#[must_use]
pub fn rgb((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The marks as an SVG document of `size`.
#[must_use]
pub fn to_svg(marks: &[Mark], (w, h): (f64, f64)) -> String {
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#
    );
    for m in marks {
        match m {
            Mark::Rect {
                at: (x, y, rw, rh),
                fill,
                opacity,
                stroke,
            } => s.push_str(&format!(
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}" fill-opacity="{opacity}" stroke="{}"/>"#,
                fixed1(*x),
                fixed1(*y),
                fixed1(*rw),
                fixed1(*rh),
                stroke.unwrap_or("none")
            )),
            Mark::Path {
                points,
                stroke,
                width,
                dash,
            } => {
                let pts: Vec<String> = points
                    .iter()
                    .map(|&(x, y)| format!("{},{}", fixed1(x), fixed1(y)))
                    .collect();
                let dash = dash.map_or(String::new(), |(d, g)| {
                    format!(r#" stroke-dasharray="{d} {g}""#)
                });
                s.push_str(&format!(
                    r#"<polyline points="{}" fill="none" stroke="{stroke}" stroke-width="{width}"{dash}/>"#,
                    pts.join(" ")
                ));
            }
            Mark::Text {
                at: (x, y),
                text,
                size,
                anchor,
                up,
            } => {
                let anchor = match anchor {
                    Anchor::Start => "start",
                    Anchor::Middle => "middle",
                    Anchor::End => "end",
                };
                let (x, y) = (fixed1(*x), fixed1(*y));
                let turn = if *up {
                    format!(r#" transform="rotate(-90 {x} {y})""#)
                } else {
                    String::new()
                };
                s.push_str(&format!(
                    r#"<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" fill="{INK}"{turn}>{}</text>"#,
                    escape(text)
                ));
            }
        }
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame() -> Frame {
        Frame {
            size: (780.0, 300.0),
            axes: ("time".into(), "tasks".into()),
            y_from: 0.0,
            x_from_zero: false,
            legend_right: false,
        }
    }

    #[test]
    fn ticks_are_round_numbers_inside_the_range() {
        let (t, step) = ticks(0.0, 10.5, 10.0);
        assert!((step - 2.0).abs() < 1e-12, "{step}");
        assert_eq!(t, vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        let (t, step) = ticks(1.0, 1.26, 8.0);
        assert!((step - 0.05).abs() < 1e-12, "{step}");
        assert_eq!(tick_label(t[0], step), "1.00");
        assert_eq!(tick_label(-0.0001, 0.1), "0.0");
    }

    #[test]
    fn lines_become_polylines_inside_the_frame() {
        let lines = vec![
            Line {
                label: "bound".into(),
                points: vec![(0.0, 0.0), (10.0, 20.0)],
                rgb: (200, 60, 40),
            },
            Line {
                label: "schedule".into(),
                points: vec![(0.0, 0.0), (5.0, 6.0), (10.0, 19.0)],
                rgb: (31, 95, 191),
            },
        ];
        let m = marks(&lines, &frame());
        let paths: Vec<&Vec<(f64, f64)>> = m
            .iter()
            .filter_map(|m| match m {
                Mark::Path { points, .. } if points.len() == 3 => Some(points),
                _ => None,
            })
            .collect();
        assert_eq!(paths.len(), 1);
        for &(x, y) in paths[0] {
            assert!(
                (104.0..=768.0).contains(&x) && (12.0..=236.0).contains(&y),
                "{x},{y}"
            );
        }
        let svg = to_svg(&m, (780.0, 300.0));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains(r#"stroke-dasharray="9 4""#) && svg.contains(">schedule</text>"));
        assert!(svg.contains(r#"transform="rotate(-90"#));
    }

    #[test]
    fn empty_and_flat_lines_still_draw_a_frame() {
        let m = marks(&[], &frame());
        assert!(m.len() > 4);
        let flat = [Line {
            label: "x".into(),
            points: vec![(3.0, 0.0)],
            rgb: (0, 0, 0),
        }];
        let svg = to_svg(&marks(&flat, &frame()), (780.0, 300.0));
        assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
    }
}
