//! A [`Figure`] fitted to the frame it is drawn in, with every text placed so that none covers
//! another or a node.
//!
//! The frame is measured in CSS pixels (the component makes one SVG unit one pixel whenever the
//! figure is narrower than the desktop size), so the text sizes here are what the reader sees,
//! never under 11 px. Node discs shrink on crowded figures and computed positions are pushed
//! apart until no two discs touch; positions the user set (pinned) never move, so a dragged node
//! stays under the pointer. Labels are placed greedily: node notes first, then the labels of the
//! links the step is about, then (unless the graph is dense) the others, each at the first free
//! spot among a few candidates along its link; what finds no room is left to the hover title.

use super::figure::{Figure, HEIGHT, WIDTH};
use super::labels::{self, Boxes, Label, Rect, ID_PX, LABEL_PX, SUB_PX};
use hetlab_core::platform::Point;

/// Largest node radius at the normal type size.
const R_MAX: f64 = 24.0;
/// Smallest node radius (an 11 px id still fits).
const R_MIN: f64 = 13.0;
/// The zoom buttons over the figure's top-right corner (`components/graph.rs`, `.zoom-bar` in
/// www/style.css), width and height in CSS pixels at the normal type size: no text and no
/// computed node goes under them (a node the user drags there stays).
pub const ZOOM_BAR: (f64, f64) = (176.0, 38.0);

/// Where a figure is drawn: its size in CSS pixels and the type scale (1, or more for
/// projectors).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
    /// Type scale (1 = normal; the large-type mode uses 1.4).
    pub text: f64,
}

impl Frame {
    /// The desktop frame (also the exported SVG's).
    pub const DESKTOP: Frame = Frame {
        w: WIDTH,
        h: HEIGHT,
        text: 1.0,
    };

    /// [`Frame::for_width`], no taller than `height` when one is given (the first screen's room
    /// for the figure): a wider frame, not a smaller drawing, so the text keeps its size.
    #[must_use]
    pub fn for_box(width: f64, height: Option<f64>, nodes: usize, text: f64) -> Frame {
        let f = Frame::for_width(width, nodes, text);
        match height {
            Some(h) if h < f.h => Frame { h: h.round(), ..f },
            _ => f,
        }
    }

    /// The frame for a figure `width` CSS pixels wide showing `nodes` nodes: the desktop shape
    /// down to 560 px, taller below so that crowded figures keep room (at most 800 wide: wider
    /// screens scale the drawing up).
    #[must_use]
    pub fn for_width(width: f64, nodes: usize, text: f64) -> Frame {
        let w = width.clamp(280.0, WIDTH);
        let h = if w >= 560.0 {
            w * HEIGHT / WIDTH
        } else if nodes > 16 {
            w * 1.25
        } else {
            w * 0.95
        };
        Frame {
            w: w.round(),
            h: h.round(),
            text: text.clamp(1.0, 2.0),
        }
    }
}

/// A node as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnNode {
    /// The full id.
    pub full: String,
    /// Centre.
    pub at: (f64, f64),
    /// The id (truncated with `…` when it does not fit the disc).
    pub id: Label,
    /// The second line (`w=3`), when it has room.
    pub sub: Option<Label>,
    /// The note beside the node, when it has room.
    pub note: Option<Label>,
    /// Everything about the node, for the hover title.
    pub title: String,
    /// CSS classes.
    pub class: String,
}

/// A link as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnLink {
    /// Start (on the first disc's rim).
    pub from: (f64, f64),
    /// End (before the second disc's rim).
    pub to: (f64, f64),
    /// Stroke width.
    pub width: f64,
    /// Arrowhead at `to`.
    pub arrow: bool,
    /// CSS classes.
    pub class: String,
    /// The label, when it has room (and the step is about it on dense graphs).
    pub label: Option<Label>,
    /// Ends and label, for the hover title.
    pub title: String,
}

/// A figure fitted to a frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawn {
    /// The frame.
    pub frame: Frame,
    /// Distance from the frame's edge to where unit coordinate 0 lands.
    pub pad: f64,
    /// Node radius.
    pub r: f64,
    /// By node index.
    pub nodes: Vec<DrawnNode>,
    /// By link index.
    pub links: Vec<DrawnLink>,
}

impl Drawn {
    /// A frame point back in the unit square (clamped): where a dragged node goes.
    #[must_use]
    pub fn to_unit(&self, x: f64, y: f64) -> Point {
        let (sw, sh) = self.span();
        Point {
            x: ((x - self.pad) / sw).clamp(0.0, 1.0),
            y: ((y - self.pad) / sh).clamp(0.0, 1.0),
        }
    }

    /// A unit point in the frame.
    #[must_use]
    pub fn from_unit(&self, p: Point) -> (f64, f64) {
        let (sw, sh) = self.span();
        (self.pad + p.x * sw, self.pad + p.y * sh)
    }

    fn span(&self) -> (f64, f64) {
        (
            (self.frame.w - 2.0 * self.pad).max(1.0),
            (self.frame.h - 2.0 * self.pad).max(1.0),
        )
    }

    /// The boxes of every text shown (for tests: none may overlap).
    #[must_use]
    pub fn text_boxes(&self) -> Vec<Rect> {
        let nodes = self.nodes.iter().flat_map(|n| {
            std::iter::once(labels::text_box(&n.id))
                .chain(n.sub.as_ref().map(labels::text_box))
                .chain(n.note.as_ref().map(labels::note_box))
        });
        let links = self.links.iter().filter_map(|l| l.label.as_ref());
        nodes.chain(links.map(labels::text_box)).collect()
    }
}

/// Classes of links that are never what a step is about.
const BACKGROUND: [&str; 3] = ["faded", "unused", "off-tree"];

fn is_focus(class: &str) -> bool {
    let words: Vec<&str> = class.split_whitespace().collect();
    !words.iter().any(|w| BACKGROUND.contains(w))
        && words.iter().any(|w| !matches!(*w, "link" | "arc"))
}

/// `fig` fitted to `frame`; nodes the user placed (pinned) never move. The order of placement
/// is the order of importance: discs and ids, then the links (whose strokes notes avoid), the
/// node notes, and the link labels.
#[must_use]
pub fn fit(fig: &Figure, frame: Frame) -> Drawn {
    let t = frame.text;
    let r_max = R_MAX * t;
    let pad = r_max + 4.0;
    let bar = Rect {
        x0: frame.w - ZOOM_BAR.0 * t,
        y0: 0.0,
        x1: frame.w,
        y1: ZOOM_BAR.1 * t,
    };
    // Computed nodes keep room for a note below the lowest row: a disc, a gap and a line.
    let noted = fig.nodes.iter().any(|v| v.note.is_some());
    let note_below = r_max + 1.25 * LABEL_PX * t + 4.0;
    let bottom = if noted { pad.max(note_below) } else { pad };
    let mut drawn = Drawn {
        frame,
        pad,
        r: r_max,
        nodes: Vec::new(),
        links: Vec::new(),
    };
    // Computed nodes go between the zoom buttons and the room for notes (the layout's shape
    // kept: its height scaled); a node the user placed stays exactly where it was put, so a
    // drag reaches every point of the frame.
    let top = pad + bar.y1;
    let squeeze = (frame.h - top - bottom).max(1.0) / (frame.h - 2.0 * pad).max(1.0);
    let mut at: Vec<(f64, f64)> = fig
        .nodes
        .iter()
        .map(|v| {
            let (x, y) = drawn.from_unit(Point {
                x: v.at.0 / WIDTH,
                y: v.at.1 / HEIGHT,
            });
            (
                x,
                if v.pinned {
                    y
                } else {
                    top + (y - pad) * squeeze
                },
            )
        })
        .collect();
    // Shrink the discs to the closest pair (not below an 11 px id), then push computed nodes
    // apart where even that is not enough.
    let closest = closest_pair(&at);
    let r = ((closest - 6.0) / 2.0).clamp(R_MIN * t, r_max);
    let pinned: Vec<bool> = fig.nodes.iter().map(|v| v.pinned).collect();
    let inside = Rect {
        x0: pad,
        y0: top,
        x1: frame.w - pad,
        y1: frame.h - bottom,
    };
    labels::separate(&mut at, &pinned, 2.0 * r + 6.0, inside);
    drawn.r = r;
    let mut boxes = Boxes::new(frame.w, frame.h);
    boxes.add(bar);
    for &c in &at {
        boxes.add_disc(c, r + 1.0);
    }
    drawn.nodes = node_texts(fig, &at, r, t, &mut boxes);
    drawn.links = links(fig, &at, r, r_max);
    for l in &drawn.links {
        boxes.add_stroke(l.from, l.to, l.width / 2.0 + 1.0);
    }
    for (i, v) in fig.nodes.iter().enumerate() {
        if let Some(note) = &v.note {
            drawn.nodes[i].note = labels::place_note(&mut boxes, at[i], r, note, LABEL_PX * t);
        }
    }
    label_links(fig, &mut drawn.links, t, &mut boxes);
    drawn
}

/// How many characters every label shares at its start and at its end (none for fewer than two
/// labels).
fn shared_ends<'a>(labels: impl Iterator<Item = &'a str> + Clone) -> (usize, usize) {
    let mut all = labels.clone();
    let Some(first) = all.next() else {
        return (0, 0);
    };
    if all.next().is_none() {
        return (0, 0);
    }
    let common = |a: &mut dyn Iterator<Item = char>, b: &mut dyn Iterator<Item = char>| {
        a.zip(b).take_while(|(x, y)| x == y).count()
    };
    let (mut pre, mut suf) = (usize::MAX, usize::MAX);
    for l in labels {
        pre = pre.min(common(&mut first.chars(), &mut l.chars()));
        suf = suf.min(common(&mut first.chars().rev(), &mut l.chars().rev()));
    }
    (pre, suf)
}

/// `label` without the start and end every label shares (`(pre, suf)` characters), marked with
/// `…`; the whole label when nothing would be left.
fn own_part(label: &str, (pre, suf): (usize, usize)) -> String {
    let n = label.chars().count();
    if pre + suf >= n {
        return label.to_owned();
    }
    let middle: String = label.chars().skip(pre).take(n - pre - suf).collect();
    format!(
        "{}{middle}{}",
        if pre > 0 { "…" } else { "" },
        if suf > 0 { "…" } else { "" }
    )
}

/// The nodes at `at` with discs of radius `r`: each one's id (cut to its disc) and second line
/// where it fits, and its hover title; their notes are placed later.
fn node_texts(
    fig: &Figure,
    at: &[(f64, f64)],
    r: f64,
    t: f64,
    boxes: &mut Boxes,
) -> Vec<DrawnNode> {
    let id_px = if r >= 20.0 * t { ID_PX * t } else { 11.0 * t };
    let mut nodes = Vec::with_capacity(fig.nodes.len());
    let shared = shared_ends(fig.nodes.iter().map(|v| v.label.as_str()));
    for (i, v) in fig.nodes.iter().enumerate() {
        let c = at[i];
        let room = 2.0 * r - 6.0;
        let (mut id_text, cut) = labels::truncate(&v.label, room, id_px, true);
        if cut {
            // Cut, ids like node-3.simgrid.org would all read "nod…": keep what tells them apart.
            id_text = labels::truncate(&own_part(&v.label, shared), room, id_px, true).0;
        }
        let with_sub = r >= 20.0 * t && !v.sub.is_empty();
        let id = Label {
            x: c.0,
            y: if with_sub {
                c.1 - 3.0 * t
            } else {
                c.1 + 0.35 * id_px
            },
            anchor: "middle",
            text: id_text,
            px: id_px,
        };
        boxes.add(labels::text_box(&id));
        let sub = with_sub
            .then(|| Label {
                x: c.0,
                y: c.1 + 14.0 * t,
                anchor: "middle",
                text: v.sub.clone(),
                px: SUB_PX * t,
            })
            .filter(|s| boxes.place_over_own_disc(labels::text_box(s), i));
        let mut title = v.label.clone();
        if !v.sub.is_empty() {
            title = format!("{title} ({})", v.sub);
        }
        if let Some(note) = &v.note {
            title = format!("{title}: {note}");
        }
        nodes.push(DrawnNode {
            full: v.label.clone(),
            at: c,
            id,
            sub,
            note: None,
            title: if cut || !v.sub.is_empty() || v.note.is_some() {
                title
            } else {
                v.label.clone()
            },
            class: v.class.clone(),
        });
    }
    nodes
}

/// The links between discs of radius `r` at `at`, without their labels.
fn links(fig: &Figure, at: &[(f64, f64)], r: f64, r_max: f64) -> Vec<DrawnLink> {
    fig.links
        .iter()
        .map(|l| {
            let (from, to) = rim_segment(at[l.ends.0], at[l.ends.1], l.offset, r);
            let (a, b) = (&fig.nodes[l.ends.0].label, &fig.nodes[l.ends.1].label);
            let sep = if l.arrow { "→" } else { "–" };
            DrawnLink {
                from,
                to,
                // Strokes thin out with the discs on crowded figures.
                width: l.width * (r / r_max).min(1.0),
                arrow: l.arrow,
                class: l.class.clone(),
                label: None,
                title: if l.label.is_empty() {
                    format!("{a} {sep} {b}")
                } else {
                    format!("{a} {sep} {b}: {}", l.label)
                },
            }
        })
        .collect()
}

/// The links' labels: what the step is about first; the rest only on sparse graphs.
fn label_links(fig: &Figure, drawn: &mut [DrawnLink], t: f64, boxes: &mut Boxes) {
    let dense = fig.links.len() > 2 * fig.nodes.len().max(1);
    let focus: Vec<bool> = fig.links.iter().map(|l| is_focus(&l.class)).collect();
    for pass in [true, false] {
        if !pass && dense {
            break;
        }
        for (k, l) in fig.links.iter().enumerate() {
            if focus[k] != pass || l.label.is_empty() || l.class.contains("faded") {
                continue;
            }
            let d = &drawn[k];
            drawn[k].label = labels::place_on_segment(boxes, d.from, d.to, &l.label, LABEL_PX * t);
        }
    }
}

/// Smallest distance between two centres (the frame's diagonal when there are fewer than two).
fn closest_pair(at: &[(f64, f64)]) -> f64 {
    let mut best = f64::MAX;
    for i in 0..at.len() {
        for j in i + 1..at.len() {
            best = best.min((at[i].0 - at[j].0).hypot(at[i].1 - at[j].1));
        }
    }
    best
}

/// The segment between two centres, moved `offset` to its right (opposite arcs), cut at the rims
/// of discs of radius `r` (a little more at the arrow's end).
#[must_use]
pub fn rim_segment(a: (f64, f64), b: (f64, f64), offset: f64, r: f64) -> ((f64, f64), (f64, f64)) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = dx.hypot(dy);
    if len < 1e-9 {
        return (a, b);
    }
    let (ux, uy) = (dx / len, dy / len);
    let (ox, oy) = (-uy * offset, ux * offset);
    let (a, b) = ((a.0 + ox, a.1 + oy), (b.0 + ox, b.1 + oy));
    if len < 2.0 * r + 1.0 {
        return (a, b);
    }
    // Along the chord at the offset, the rim is a little closer than r.
    let inset = (r * r - offset * offset).max(0.0).sqrt();
    (
        (a.0 + ux * inset, a.1 + uy * inset),
        (b.0 - ux * (inset + 2.0), b.1 - uy * (inset + 2.0)),
    )
}

#[cfg(test)]
#[path = "fit_tests.rs"]
mod tests;
