//! An SVG drawing as a standalone LaTeX picture (`\documentclass{standalone}` + `tikzpicture`,
//! or a cropped `article` where the `standalone` class is not installed),
//! for slides and papers: the figures of HetLab are inline SVG built from a small vocabulary,
//! and this converter reads that subset.
//!
//! Read: `svg` (its `viewBox` sets the scale: the picture is [`WIDTH_CM`] wide), `g` with
//! `transform` (`translate`, `scale`, `rotate`, `matrix`), `rect`, `line`, `polyline`,
//! `polygon`, `circle`, `ellipse`, `path` (`M L H V Z C S Q T`, relative too; arcs become
//! straight segments), `text`/`tspan`; the presentation attributes `fill`, `stroke`,
//! `stroke-width`, `stroke-dasharray`, `opacity`, `fill-opacity`, `font-size`, `font-weight`,
//! `text-anchor` and `display="none"`, as attributes or in `style`. Class-based styles are not
//! resolved here: the page inlines the computed style of each element before converting.
//! Skipped: `title`, `desc`, `defs`, `style`, `marker` (a `marker-end` becomes an arrow tip),
//! `image`, `foreignObject`. Transforms are applied to the points, so the output uses
//! absolute coordinates only.

mod latex;
mod path;
mod style;

use crate::sort;
use std::collections::BTreeMap;
use std::fmt::Write as _;

use roxmltree::{Document, Node, ParsingOptions};

use latex::latex;
use path::path_data;
use style::{numbers, transform, Affine, Style};

/// Width of the picture, cm.
pub const WIDTH_CM: f64 = 16.0;

/// The document's start: the `standalone` class crops the page to the picture; a minimal TeX
/// installation (Debian's `texlive-latex-base` and `texlive-pictures`) lacks it, and then the
/// `article` class is cropped by hand ([`CROP`]).
const PREAMBLE: &str = "% Drawn by HetLab; compile with pdflatex. Copy the tikzpicture into your slides as it is.
\\IfFileExists{standalone.cls}{\\documentclass{standalone}}{\\documentclass{article}\\def\\HetlabCrop{}}
\\usepackage{amssymb}
\\usepackage{tikz}
\\usetikzlibrary{arrows.meta}
";

/// Without `standalone`: a page exactly the size of the picture.
const CROP: &str = "\\ifdefined\\HetlabCrop
  \\pdfpagewidth=\\wd\\hetlabpicture
  \\pdfpageheight=\\dimexpr\\ht\\hetlabpicture+\\dp\\hetlabpicture\\relax
  \\hoffset=-1in \\voffset=-1in \\oddsidemargin=0pt \\evensidemargin=0pt \\topmargin=0pt
  \\headheight=0pt \\headsep=0pt \\topskip=0pt \\parindent=0pt \\pagestyle{empty}
\\fi
";

struct Writer {
    /// cm per SVG unit.
    k: f64,
    /// viewBox origin.
    origin: (f64, f64),
    colours: BTreeMap<String, String>,
    body: String,
}

impl Writer {
    fn pt(&self, m: Affine, p: (f64, f64)) -> String {
        let (x, y) = m.apply(p);
        let r = |v: f64| {
            let v = (v * 1000.0).round() / 1000.0;
            if v == 0.0 {
                0.0
            } else {
                v
            }
        };
        format!(
            "({},{})",
            r((x - self.origin.0) * self.k),
            r(-(y - self.origin.1) * self.k)
        )
    }

    fn colour(&mut self, hex: &str) -> String {
        let n = self.colours.len();
        self.colours
            .entry(hex.to_owned())
            .or_insert_with(|| format!("c{n}"))
            .clone()
    }

    /// The `\path` options of a shape: fill, draw, width, dashes, opacity.
    fn options(&mut self, s: &Style, m: Affine, fill: bool, arrow: bool) -> Option<String> {
        let mut o = Vec::new();
        if fill {
            if let Some(f) = s.fill.clone() {
                o.push(format!("fill={}", self.colour(&f)));
                if s.fill_opacity < 1.0 {
                    o.push(format!("fill opacity={:.2}", s.fill_opacity));
                }
            }
        }
        if let Some(st) = s.stroke.clone() {
            if s.width > 0.0 {
                o.push(format!("draw={}", self.colour(&st)));
                o.push(format!(
                    "line width={:.3}pt",
                    s.width * m.scale() * self.k * 28.4527
                ));
                if s.dash {
                    o.push("dashed".into());
                }
                if arrow {
                    o.push("-{Stealth}".into());
                }
            }
        }
        if o.is_empty() {
            return None;
        }
        if s.opacity < 1.0 {
            o.push(format!("opacity={:.2}", s.opacity));
        }
        Some(o.join(", "))
    }

    fn path(&mut self, s: &Style, m: Affine, fill: bool, arrow: bool, d: &str) {
        if d.is_empty() {
            return;
        }
        if let Some(o) = self.options(s, m, fill, arrow) {
            let _ = writeln!(self.body, "\\path[{o}] {d};");
        }
    }

    fn walk(&mut self, n: Node<'_, '_>, parent: &Style, m: Affine) {
        if !n.is_element()
            || n.attribute("display") == Some("none")
            || n.attribute("visibility") == Some("hidden")
        {
            return;
        }
        let s = parent.of(n);
        if s.hidden {
            return;
        }
        let m = n.attribute("transform").map_or(m, |t| m.then(transform(t)));
        let f = |name: &str| {
            n.attribute(name)
                .and_then(|v| numbers(v).first().copied())
                .unwrap_or(0.0)
        };
        let arrow = n.attribute("marker-end").is_some();
        match n.tag_name().name() {
            "svg" | "g" | "a" => {
                for c in n.children() {
                    self.walk(c, &s, m);
                }
            }
            "rect" => {
                let (x, y, w, h) = (f("x"), f("y"), f("width"), f("height"));
                if w > 0.0 && h > 0.0 {
                    let pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)];
                    let d = pts
                        .iter()
                        .map(|&p| self.pt(m, p))
                        .collect::<Vec<_>>()
                        .join(" -- ");
                    self.path(&s, m, true, false, &format!("{d} -- cycle"));
                }
            }
            "line" => {
                let d = format!(
                    "{} -- {}",
                    self.pt(m, (f("x1"), f("y1"))),
                    self.pt(m, (f("x2"), f("y2")))
                );
                self.path(&s, m, false, arrow, &d);
            }
            "polyline" | "polygon" => {
                let v = numbers(n.attribute("points").unwrap_or(""));
                let pts: Vec<String> = v
                    .chunks_exact(2)
                    .map(|p| self.pt(m, (p[0], p[1])))
                    .collect();
                if pts.len() >= 2 {
                    let closed = n.has_tag_name("polygon");
                    let mut d = pts.join(" -- ");
                    if closed {
                        d.push_str(" -- cycle");
                    }
                    self.path(&s, m, closed, arrow && !closed, &d);
                }
            }
            "circle" | "ellipse" => {
                let (rx, ry) = if n.has_tag_name("circle") {
                    (f("r"), f("r"))
                } else {
                    (f("rx"), f("ry"))
                };
                if rx > 0.0 && ry > 0.0 {
                    let c = self.pt(m, (f("cx"), f("cy")));
                    let sc = m.scale() * self.k;
                    let d = format!(
                        "{c} ellipse [x radius={:.3}, y radius={:.3}]",
                        rx * sc,
                        ry * sc
                    );
                    self.path(&s, m, true, false, &d);
                }
            }
            "path" => {
                let d = path_data(n.attribute("d").unwrap_or(""), |p| self.pt(m, p));
                let closed = d.contains("cycle");
                self.path(&s, m, true, arrow && !closed, &d);
            }
            "text" => self.text(n, &s, m),
            _ => {}
        }
    }

    fn text(&mut self, n: Node<'_, '_>, s: &Style, m: Affine) {
        let content: String = n
            .descendants()
            .filter(|d| d.is_text() && !d.ancestors().any(|a| a.has_tag_name("title")))
            .filter_map(|d| d.text())
            .collect::<Vec<_>>()
            .join("");
        let content = content.split_whitespace().collect::<Vec<_>>().join(" ");
        if content.is_empty() {
            return;
        }
        let xs = numbers(n.attribute("x").unwrap_or("0"));
        let ys = numbers(n.attribute("y").unwrap_or("0"));
        let dy = n
            .attribute("dy")
            .and_then(|v| numbers(v).first().copied())
            .unwrap_or(0.0);
        let at = self.pt(
            m,
            (
                xs.first().copied().unwrap_or(0.0),
                ys.first().copied().unwrap_or(0.0) + dy,
            ),
        );
        let anchor = match s.anchor.as_str() {
            "middle" => "base",
            "end" => "base east",
            _ => "base west",
        };
        let size = (s.font * m.scale() * self.k * 28.4527).max(1.0);
        let colour = s.fill.clone().unwrap_or_else(|| "#000000".into());
        let c = self.colour(&colour);
        let bold = if s.bold { "\\bfseries" } else { "" };
        let _ = writeln!(
            self.body,
            "\\node[anchor={anchor}, inner sep=0pt, text={c}, font=\\fontsize{{{size:.1}}}{{{:.1}}}\\selectfont{bold}] at {at} {{{}}};",
            size * 1.2,
            latex(&content)
        );
    }
}

/// Why a text could not be drawn in TikZ.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TikzError {
    /// Not XML (the parser's words).
    #[error("not readable as SVG: {0}")]
    Unreadable(String),
    /// XML whose root element (named here) is not `<svg>`.
    #[error("the drawing's root is <{0}>, not <svg>")]
    NotSvg(String),
}

/// A standalone LaTeX document drawing `svg` (an SVG document or element, as text).
///
/// ```
/// use hetlab_core::formats::tikz::to_tikz;
/// let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">
///   <rect x="10" y="10" width="20" height="10" fill="#1f5fbf"/>
///   <text x="50" y="40" text-anchor="middle" font-size="10">P1 × 2</text></svg>"##;
/// let tex = to_tikz(svg).unwrap();
/// assert!(tex.contains("{\\documentclass{standalone}}"));
/// assert!(tex.contains("\\definecolor{c0}{HTML}{1F5FBF}"));
/// assert!(tex.contains("\\path[fill=c0] (1.6,-1.6) -- (4.8,-1.6) -- (4.8,-3.2) -- (1.6,-3.2) -- cycle;"));
/// assert!(tex.contains("{P1 $\\times$ 2}"));
/// ```
///
/// # Errors
/// [`TikzError`] when the text is not SVG (not XML, or its root is not `<svg>`).
pub fn to_tikz(svg: &str) -> Result<String, TikzError> {
    let options = ParsingOptions {
        allow_dtd: false,
        nodes_limit: 1_000_000,
    };
    let doc = Document::parse_with_options(svg, options)
        .map_err(|e| TikzError::Unreadable(e.to_string()))?;
    let root = doc.root_element();
    if !root.has_tag_name("svg") {
        return Err(TikzError::NotSvg(root.tag_name().name().to_owned()));
    }
    let view = numbers(root.attribute("viewBox").unwrap_or(""));
    let (origin, width) = if view.len() == 4 && view[2] > 0.0 {
        ((view[0], view[1]), view[2])
    } else {
        let w = root
            .attribute("width")
            .and_then(|w| numbers(w).first().copied())
            .filter(|w| *w > 0.0);
        ((0.0, 0.0), w.unwrap_or(800.0))
    };
    let mut w = Writer {
        k: WIDTH_CM / width,
        origin,
        colours: BTreeMap::new(),
        body: String::new(),
    };
    w.walk(root, &Style::default(), Affine::ID);
    let mut out = String::from(PREAMBLE);
    let mut colours: Vec<(&String, &String)> = w.colours.iter().collect();
    sort::by_key(&mut colours, |(_, name)| {
        name[1..].parse::<usize>().unwrap_or(0)
    });
    for (hex, name) in colours {
        let _ = writeln!(
            out,
            "\\definecolor{{{name}}}{{HTML}}{{{}}}",
            hex[1..].to_ascii_uppercase()
        );
    }
    out.push_str("\\newsavebox\\hetlabpicture\n\\begin{document}\n\\begin{lrbox}{\\hetlabpicture}\n\\begin{tikzpicture}\n");
    out.push_str(&w.body);
    out.push_str("\\end{tikzpicture}\n\\end{lrbox}\n");
    out.push_str(CROP);
    out.push_str("\\usebox{\\hetlabpicture}\n\\end{document}\n");
    Ok(out)
}

#[cfg(test)]
mod tests;
