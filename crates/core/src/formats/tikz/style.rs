//! What the converter reads from SVG attributes: numbers, transforms as affine maps, and the
//! style in force on an element (inherited and its own, from attributes and `style`).

use roxmltree::Node;

/// An affine map `(a b c d e f)`: `x' = a x + c y + e`, `y' = b x + d y + f`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Affine(pub(super) [f64; 6]);

impl Affine {
    pub(super) const ID: Affine = Affine([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);

    pub(super) fn then(self, inner: Affine) -> Affine {
        let [a, b, c, d, e, f] = self.0;
        let [a2, b2, c2, d2, e2, f2] = inner.0;
        Affine([
            a * a2 + c * b2,
            b * a2 + d * b2,
            a * c2 + c * d2,
            b * c2 + d * d2,
            a * e2 + c * f2 + e,
            b * e2 + d * f2 + f,
        ])
    }

    pub(super) fn apply(self, (x, y): (f64, f64)) -> (f64, f64) {
        let [a, b, c, d, e, f] = self.0;
        (a * x + c * y + e, b * x + d * y + f)
    }

    /// The length scale (square root of the determinant).
    pub(super) fn scale(self) -> f64 {
        let [a, b, c, d, ..] = self.0;
        (a * d - b * c).abs().sqrt()
    }
}

/// Numbers in an attribute (`"1, 2.5 -3e1"`).
pub(super) fn numbers(s: &str) -> Vec<f64> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let flush = |cur: &mut String, out: &mut Vec<f64>| {
        if let Ok(v) = cur.parse::<f64>() {
            if v.is_finite() {
                out.push(v);
            }
        }
        cur.clear();
    };
    let mut prev = ' ';
    for ch in s.chars() {
        let starts_new = (ch == '-' || ch == '+') && !matches!(prev, 'e' | 'E')
            || (ch == '.' && cur.contains('.') && !cur.contains(['e', 'E']));
        if ch.is_ascii_digit() || matches!(ch, '.' | '-' | '+' | 'e' | 'E') {
            if starts_new && !cur.is_empty() {
                flush(&mut cur, &mut out);
            }
            cur.push(ch);
        } else {
            flush(&mut cur, &mut out);
        }
        prev = ch;
    }
    flush(&mut cur, &mut out);
    out
}

pub(super) fn transform(s: &str) -> Affine {
    let mut m = Affine::ID;
    for part in s.split(')') {
        let Some((name, args)) = part.split_once('(') else {
            continue;
        };
        let v = numbers(args);
        let get = |k: usize, d: f64| v.get(k).copied().unwrap_or(d);
        let t = match name.trim().trim_start_matches(',').trim() {
            "translate" => Affine([1.0, 0.0, 0.0, 1.0, get(0, 0.0), get(1, 0.0)]),
            "scale" => Affine([get(0, 1.0), 0.0, 0.0, get(1, get(0, 1.0)), 0.0, 0.0]),
            "rotate" => {
                let (s, c) = get(0, 0.0).to_radians().sin_cos();
                let (cx, cy) = (get(1, 0.0), get(2, 0.0));
                Affine([1.0, 0.0, 0.0, 1.0, cx, cy])
                    .then(Affine([c, s, -s, c, 0.0, 0.0]))
                    .then(Affine([1.0, 0.0, 0.0, 1.0, -cx, -cy]))
            }
            "matrix" if v.len() == 6 => Affine([v[0], v[1], v[2], v[3], v[4], v[5]]),
            _ => Affine::ID,
        };
        m = m.then(t);
    }
    m
}

/// The style in force on an element: inherited properties and its own.
#[derive(Clone, Debug)]
pub(super) struct Style {
    pub(super) fill: Option<String>,
    pub(super) stroke: Option<String>,
    pub(super) width: f64,
    pub(super) dash: bool,
    pub(super) opacity: f64,
    pub(super) fill_opacity: f64,
    pub(super) font: f64,
    pub(super) bold: bool,
    pub(super) anchor: String,
    /// `display: none` or `visibility: hidden`.
    pub(super) hidden: bool,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            fill: Some("#000000".into()),
            stroke: None,
            width: 1.0,
            dash: false,
            opacity: 1.0,
            fill_opacity: 1.0,
            font: 16.0,
            bold: false,
            anchor: "start".into(),
            hidden: false,
        }
    }
}

impl Style {
    pub(super) fn of(&self, n: Node<'_, '_>) -> Style {
        let mut s = self.clone();
        // Presentation attributes first, then `style` (which wins, as in CSS).
        let mut props: Vec<(String, String)> = Vec::new();
        for name in [
            "fill",
            "stroke",
            "stroke-width",
            "stroke-dasharray",
            "opacity",
            "fill-opacity",
            "font-size",
            "font-weight",
            "text-anchor",
            "display",
            "visibility",
        ] {
            if let Some(v) = n.attribute(name) {
                props.push((name.to_owned(), v.to_owned()));
            }
        }
        if let Some(st) = n.attribute("style") {
            for decl in st.split(';') {
                if let Some((k, v)) = decl.split_once(':') {
                    props.push((k.trim().to_owned(), v.trim().to_owned()));
                }
            }
        }
        // Opacity does not inherit: it multiplies down the tree, here one level at a time.
        s.opacity = self.opacity;
        for (k, v) in props {
            let num = || numbers(&v).first().copied();
            match k.as_str() {
                "fill" => s.fill = colour(&v),
                "stroke" => s.stroke = colour(&v),
                "stroke-width" => s.width = num().unwrap_or(1.0).max(0.0),
                "stroke-dasharray" => s.dash = !matches!(v.as_str(), "none" | "" | "0"),
                "opacity" => s.opacity = self.opacity * num().unwrap_or(1.0).clamp(0.0, 1.0),
                "fill-opacity" => s.fill_opacity = num().unwrap_or(1.0).clamp(0.0, 1.0),
                "font-size" => s.font = num().unwrap_or(16.0).max(1.0),
                "font-weight" => s.bold = v == "bold" || num().is_some_and(|w| w >= 600.0),
                "text-anchor" => s.anchor = v,
                "display" => s.hidden |= v == "none",
                "visibility" => s.hidden = v == "hidden" || v == "collapse",
                _ => {}
            }
        }
        s
    }
}

/// `#rrggbb` for a colour, `None` for `none` or `transparent`.
fn colour(v: &str) -> Option<String> {
    let v = v.trim().to_ascii_lowercase();
    let named = |n: &str| -> Option<&'static str> {
        Some(match n {
            "black" | "currentcolor" => "#000000",
            "white" => "#ffffff",
            "red" => "#ff0000",
            "green" => "#008000",
            "blue" => "#0000ff",
            "gray" | "grey" => "#808080",
            "orange" => "#ffa500",
            "yellow" => "#ffff00",
            "purple" => "#800080",
            _ => return None,
        })
    };
    if v == "none" || v == "transparent" || v.starts_with("url(") {
        return None;
    }
    if let Some(hex) = v.strip_prefix('#') {
        let full = match hex.len() {
            3 => hex.chars().flat_map(|c| [c, c]).collect(),
            6 => hex.to_owned(),
            _ => return Some("#000000".into()),
        };
        return Some(format!("#{full}"));
    }
    if let Some(args) = v.strip_prefix("rgba(").or_else(|| v.strip_prefix("rgb(")) {
        let n = numbers(args);
        if n.len() >= 4 && n[3] == 0.0 {
            return None;
        }
        if n.len() >= 3 {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let c = |x: f64| x.clamp(0.0, 255.0).round() as u8;
            return Some(format!("#{:02x}{:02x}{:02x}", c(n[0]), c(n[1]), c(n[2])));
        }
    }
    Some(named(&v).unwrap_or("#000000").to_owned())
}
