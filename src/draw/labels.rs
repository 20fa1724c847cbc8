//! Collision-free placement of figure text: estimated text boxes (generous, so that the real
//! box is inside), obstacles (node discs and the texts already placed), candidate spots around a
//! node or along a link, and pushing computed node centres apart.

/// Text sizes in CSS pixels at the normal type size.
pub const ID_PX: f64 = 13.0;
/// Second line inside a node.
pub const SUB_PX: f64 = 11.0;
/// Link labels and node notes.
pub const LABEL_PX: f64 = 12.0;
/// A placed text.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// Anchor point (baseline).
    pub x: f64,
    /// Baseline.
    pub y: f64,
    /// `start`, `middle` or `end`.
    pub anchor: &'static str,
    /// The text.
    pub text: String,
    /// Font size in CSS px.
    pub px: f64,
}

/// An axis-aligned box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Left.
    pub x0: f64,
    /// Top.
    pub y0: f64,
    /// Right.
    pub x1: f64,
    /// Bottom.
    pub y1: f64,
}

impl Rect {
    /// The two boxes share some area.
    #[must_use]
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }

    /// Whether a stroke from `a` to `b`, `half` wide on each side of its line, touches the box
    /// (the box grown by `half`, clipped against the segment: Liang–Barsky).
    #[must_use]
    pub fn meets_stroke(&self, a: (f64, f64), b: (f64, f64), half: f64) -> bool {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
        for (p, q) in [
            (-dx, a.0 - (self.x0 - half)),
            (dx, self.x1 + half - a.0),
            (-dy, a.1 - (self.y0 - half)),
            (dy, self.y1 + half - a.1),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return false;
                }
            } else if p < 0.0 {
                t0 = t0.max(q / p);
            } else {
                t1 = t1.min(q / p);
            }
        }
        t0 <= t1
    }

    fn meets_disc(&self, c: (f64, f64), r: f64) -> bool {
        let x = c.0.clamp(self.x0, self.x1);
        let y = c.1.clamp(self.y0, self.y1);
        (x - c.0).hypot(y - c.1) < r
    }
}

/// Estimated advance of one character, in ems (DejaVu Sans and Helvetica metrics, rounded up).
fn advance(ch: char) -> f64 {
    match ch {
        '0'..='9' => 0.64,
        '.' | ',' | ':' | ';' | ' ' | '·' | '|' | '\'' => 0.34,
        '/' | '(' | ')' | '[' | ']' | '-' | 'i' | 'j' | 'l' | 'I' | 'f' | 't' | 'r' => 0.42,
        'm' | 'w' | 'M' | 'W' => 0.98,
        '=' | '+' | '<' | '>' | '→' | '∞' | '–' | '≤' | '≥' => 0.86,
        'a'..='z' => 0.62,
        'A'..='Z' => 0.74,
        _ => 0.8,
    }
}

/// Estimated width of `text` at `px` pixels.
#[must_use]
pub fn width(text: &str, px: f64, bold: bool) -> f64 {
    let em: f64 = text.chars().map(advance).sum();
    em * px * if bold { 1.08 } else { 1.0 }
}

/// The box of a placed text (a pixel of margin around the estimate): bold from the id size up.
#[must_use]
pub fn text_box(l: &Label) -> Rect {
    text_box_as(l, l.px >= ID_PX)
}

/// The box of a node's note, which is drawn bold (`.node .note`).
#[must_use]
pub fn note_box(l: &Label) -> Rect {
    text_box_as(l, true)
}

/// The box of a placed text in bold (`bold`) or regular type.
fn text_box_as(l: &Label, bold: bool) -> Rect {
    let w = width(&l.text, l.px, bold);
    let x0 = match l.anchor {
        "start" => l.x,
        "end" => l.x - w,
        _ => l.x - w / 2.0,
    };
    Rect {
        x0: x0 - 1.0,
        y0: l.y - 0.94 * l.px - 1.0,
        x1: x0 + w + 1.0,
        y1: l.y + 0.26 * l.px + 1.0,
    }
}

/// `text` cut with `…` to fit `room` pixels; `true` when it was cut.
#[must_use]
pub fn truncate(text: &str, room: f64, px: f64, bold: bool) -> (String, bool) {
    if width(text, px, bold) <= room {
        return (text.to_owned(), false);
    }
    let mut out = String::new();
    for ch in text.chars() {
        out.push(ch);
        if width(&out, px, bold) + width("…", px, bold) > room {
            out.pop();
            break;
        }
    }
    if out.is_empty() {
        out = text.chars().next().map(String::from).unwrap_or_default();
    }
    out.push('…');
    (out, true)
}

/// A link's stroke: its two ends and half its width.
type Stroke = ((f64, f64), (f64, f64), f64);

/// What placed text must avoid: the frame's edges, node discs, texts already placed; and for
/// node notes, the links' strokes.
pub struct Boxes {
    w: f64,
    h: f64,
    discs: Vec<((f64, f64), f64)>,
    rects: Vec<Rect>,
    strokes: Vec<Stroke>,
}

impl Boxes {
    /// An empty frame.
    #[must_use]
    pub fn new(w: f64, h: f64) -> Boxes {
        Boxes {
            w,
            h,
            discs: Vec::new(),
            rects: Vec::new(),
            strokes: Vec::new(),
        }
    }

    /// A link's stroke from `a` to `b`, `half` wide on each side of its line, which node notes
    /// keep clear of (a link's own label is placed beside it already).
    pub fn add_stroke(&mut self, a: (f64, f64), b: (f64, f64), half: f64) {
        self.strokes.push((a, b, half));
    }

    /// Whether `r` keeps clear of every stroke.
    #[must_use]
    pub fn clear_of_strokes(&self, r: &Rect) -> bool {
        !self
            .strokes
            .iter()
            .any(|&(a, b, half)| r.meets_stroke(a, b, half))
    }

    /// A node disc (index = node index).
    pub fn add_disc(&mut self, c: (f64, f64), r: f64) {
        self.discs.push((c, r));
    }

    /// A text that is always shown.
    pub fn add(&mut self, r: Rect) {
        self.rects.push(r);
    }

    fn free(&self, r: &Rect, own: Option<usize>) -> bool {
        r.x0 >= 0.0
            && r.y0 >= 0.0
            && r.x1 <= self.w
            && r.y1 <= self.h
            && !self.rects.iter().any(|o| o.overlaps(r))
            && !self
                .discs
                .iter()
                .enumerate()
                .any(|(i, &(c, rad))| Some(i) != own && r.meets_disc(c, rad))
    }

    /// Takes `r` if it is free (node `own`'s disc allowed); says whether it did.
    pub fn place_over_own_disc(&mut self, r: Rect, own: usize) -> bool {
        let ok = self.free(&r, Some(own));
        if ok {
            self.rects.push(r);
        }
        ok
    }

    /// Takes the place of `l` if it is free, and gives `l` back then.
    pub fn take(&mut self, l: Label) -> Option<Label> {
        let bold = l.px >= ID_PX;
        self.take_as(l, bold)
    }

    /// [`Boxes::take`] for a text drawn in bold (`bold`) or regular type, whatever its size.
    fn take_as(&mut self, l: Label, bold: bool) -> Option<Label> {
        let b = text_box_as(&l, bold);
        self.free(&b, None).then(|| {
            self.rects.push(b);
            l
        })
    }
}

/// A node's note at the first free spot around its disc (right, left, below-right, below-left,
/// above, below), clear of the links' strokes too. Notes are drawn bold (`.node .note`): their
/// box is measured so, or a long one ran past the figure's edge (issue 32).
pub fn place_note(boxes: &mut Boxes, c: (f64, f64), r: f64, text: &str, px: f64) -> Option<Label> {
    let up = c.1 - r * 0.35;
    let down = c.1 + r * 0.35 + 0.7 * px;
    let spots = [
        (c.0 + r + 3.0, up, "start"),
        (c.0 - r - 3.0, up, "end"),
        (c.0 + r + 3.0, down, "start"),
        (c.0 - r - 3.0, down, "end"),
        (c.0, c.1 - r - 0.3 * px - 2.0, "middle"),
        (c.0, c.1 + r + 0.95 * px + 2.0, "middle"),
        (c.0 + r * 0.7 + 2.0, c.1 - r * 0.75 - 2.0, "start"),
        (c.0 - r * 0.7 - 2.0, c.1 - r * 0.75 - 2.0, "end"),
    ];
    spots.into_iter().find_map(|(x, y, anchor)| {
        let l = Label {
            x,
            y,
            anchor,
            text: text.to_owned(),
            px,
        };
        if !boxes.clear_of_strokes(&text_box_as(&l, true)) {
            return None;
        }
        boxes.take_as(l, true)
    })
}

/// A link's label beside its segment, at the first free spot from the middle outwards, on
/// either side of the line.
pub fn place_on_segment(
    boxes: &mut Boxes,
    from: (f64, f64),
    to: (f64, f64),
    text: &str,
    px: f64,
) -> Option<Label> {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = dx.hypot(dy).max(1e-9);
    let (nx, ny) = (-dy / len, dx / len);
    let hw = width(text, px, false) / 2.0 + 1.0;
    let hh = 0.6 * px + 1.0;
    // Distance from the line to the box centre so that the box clears the stroke.
    let clear = nx.abs() * hw + ny.abs() * hh + 3.0;
    // From the middle outwards, then further from the line (short links between close nodes).
    for (t, away) in [0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78]
        .into_iter()
        .map(|t| (t, 0.0))
        .chain([0.5, 0.35, 0.65].into_iter().map(|t| (t, 1.2 * px)))
        .chain([0.5, 0.35, 0.65].into_iter().map(|t| (t, 2.6 * px)))
    {
        for side in [1.0, -1.0] {
            let cx = from.0 + t * dx + side * nx * (clear + away);
            let cy = from.1 + t * dy + side * ny * (clear + away);
            let got = boxes.take(Label {
                x: cx,
                y: cy + 0.34 * px,
                anchor: "middle",
                text: text.to_owned(),
                px,
            });
            if got.is_some() {
                return got;
            }
        }
    }
    None
}

/// Pushes centres apart until every two are `sep` apart, inside `inside`; pinned centres never
/// move (the other one of a pair moves the whole way). Deterministic.
pub fn separate(at: &mut [(f64, f64)], pinned: &[bool], sep: f64, inside: Rect) {
    let n = at.len();
    let fixed = |i: usize| pinned.get(i).copied().unwrap_or(false);
    for round in 0..300 {
        let mut moved = false;
        for i in 0..n {
            for j in i + 1..n {
                let (dx, dy) = (at[j].0 - at[i].0, at[j].1 - at[i].1);
                let d = dx.hypot(dy);
                if d >= sep || (fixed(i) && fixed(j)) {
                    continue;
                }
                moved = true;
                let (mut ux, mut uy) = if d < 1e-9 {
                    let a = (i * 7 + j) as f64;
                    (a.cos(), a.sin())
                } else {
                    (dx / d, dy / d)
                };
                if round >= 20 {
                    // Still crowded along a line (a row of leaves, a wall): turn the push
                    // sideways, alternately, so that nodes can use the free space beside it.
                    let a = if (i + j) % 2 == 0 { 0.7 } else { -0.7 };
                    (ux, uy) = (
                        ux * f64::cos(a) - uy * f64::sin(a),
                        ux * f64::sin(a) + uy * f64::cos(a),
                    );
                }
                let gap = sep - d + 0.01;
                let (mi, mj) = match (fixed(i), fixed(j)) {
                    (true, _) => (0.0, gap),
                    (_, true) => (gap, 0.0),
                    _ => (gap / 2.0, gap / 2.0),
                };
                at[i] = (at[i].0 - ux * mi, at[i].1 - uy * mi);
                at[j] = (at[j].0 + ux * mj, at[j].1 + uy * mj);
            }
        }
        for (i, c) in at.iter_mut().enumerate() {
            if !fixed(i) {
                c.0 = c.0.clamp(inside.x0, inside.x1.max(inside.x0));
                c.1 = c.1.clamp(inside.y0, inside.y1.max(inside.y0));
            }
        }
        if !moved {
            break;
        }
    }
}
