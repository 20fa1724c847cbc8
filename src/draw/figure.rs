//! Pure drawing model of the platform figure: where nodes and links go, what they say and how
//! they look at a given step. The SVG component only turns a [`Figure`] into elements, so what
//! the figure shows is tested natively.

use std::cell::RefCell;

use hetlab_core::platform::{auto_layout, Platform, Point};
use hetlab_core::rational::{format_q, frac, Cost};

/// Width of the drawing, in SVG units.
pub const WIDTH: f64 = 800.0;
/// Height of the drawing, in SVG units.
pub const HEIGHT: f64 = 540.0;
/// Node radius, in SVG units.
pub const NODE_R: f64 = 24.0;

/// How one node is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeLook {
    /// Centre, in SVG units.
    pub at: (f64, f64),
    /// The id.
    pub label: String,
    /// Second line inside the node (`w = 3`).
    pub sub: String,
    /// Note beside the node (`x = 1/3`), if any.
    pub note: Option<String>,
    /// CSS classes (`node master saturated focus`).
    pub class: String,
    /// Placed by the file or the user (drawn exactly there, never pushed aside).
    pub pinned: bool,
}

/// How one link is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkLook {
    /// Start point (on the first node's rim), SVG units.
    pub from: (f64, f64),
    /// End point (on the second node's rim).
    pub to: (f64, f64),
    /// Where the label goes.
    pub label_at: (f64, f64),
    /// The label (`c = 2`, `c = 1 · 1/2 /t`).
    pub label: String,
    /// Stroke width.
    pub width: f64,
    /// Draw an arrowhead at `to`.
    pub arrow: bool,
    /// CSS classes.
    pub class: String,
    /// The nodes it joins, in drawing direction (`from` end first).
    pub ends: (usize, usize),
    /// Sideways shift of the line (to its right), so that opposite arcs stay apart.
    pub offset: f64,
}

/// The whole figure.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Figure {
    /// By node index.
    pub nodes: Vec<NodeLook>,
    /// By link index.
    pub links: Vec<LinkLook>,
}

/// A unit-square point in SVG units.
#[must_use]
pub fn to_px(p: Point) -> (f64, f64) {
    (p.x * WIDTH, p.y * HEIGHT)
}

/// An SVG point back in the unit square (clamped).
#[must_use]
pub fn from_px(x: f64, y: f64) -> Point {
    Point {
        x: (x / WIDTH).clamp(0.0, 1.0),
        y: (y / HEIGHT).clamp(0.0, 1.0),
    }
}

/// The segment between two node centres, cut at both rims, and a label point beside its middle.
#[must_use]
pub fn segment(a: (f64, f64), b: (f64, f64)) -> ((f64, f64), (f64, f64), (f64, f64)) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = dx.hypot(dy);
    if len < 2.0 * NODE_R + 1.0 {
        return (a, b, (f64::midpoint(a.0, b.0), f64::midpoint(a.1, b.1)));
    }
    let (ux, uy) = (dx / len, dy / len);
    let from = (a.0 + ux * NODE_R, a.1 + uy * NODE_R);
    let to = (b.0 - ux * (NODE_R + 2.0), b.1 - uy * (NODE_R + 2.0));
    // The label sits off the line, on its left, so that it never covers the stroke.
    let mid = (
        f64::midpoint(a.0, b.0) - uy * 12.0,
        f64::midpoint(a.1, b.1) + ux * 12.0,
    );
    (from, to, mid)
}

/// A platform (positions removed), the root of its tree, and its computed layout.
type Remembered = Option<(Platform, Option<usize>, Vec<Point>)>;

thread_local! {
    /// The last computed layout: stepping through a trace redraws the same platform at every
    /// step (and dragging changes only given positions), and a stress layout is worth
    /// computing once.
    static LAST: RefCell<Remembered> = const { RefCell::new(None) };
}

/// `layout_rooted`, with the computed part remembered for the last platform.
fn positions(p: &Platform, root: Option<usize>) -> Vec<Point> {
    let mut key = p.clone();
    key.nodes.iter_mut().for_each(|n| n.pos = None);
    let auto = LAST.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((q, r, pts)) = last.as_ref() {
            if *q == key && *r == root {
                return pts.clone();
            }
        }
        let pts = auto_layout(&key, root);
        *last = Some((key, root, pts.clone()));
        pts
    });
    p.nodes
        .iter()
        .zip(auto)
        .map(|(n, a)| n.pos.unwrap_or(a))
        .collect()
}

/// Input values as the user most likely wrote them: the shorter of the fraction and the
/// decimal (`3/2` rather than `1.5` on a tie, `0.0291` rather than `291/10000`).
fn cost_text(c: &Cost) -> String {
    match c {
        Cost::Finite(v) => {
            let (f, d) = (frac(v), format_q(v));
            if d.len() < f.len() {
                d
            } else {
                f
            }
        }
        Cost::Inf => "∞".to_owned(),
    }
}

/// The platform as the editor shows it: ids, cycle times, link costs.
#[must_use]
pub fn plain(p: &Platform) -> Figure {
    plain_rooted(p, None)
}

/// [`plain`] with a tree drawn from `root` (a broadcast's source) rather than the master.
#[must_use]
pub fn plain_rooted(p: &Platform, root: Option<usize>) -> Figure {
    let at: Vec<(f64, f64)> = positions(p, root).into_iter().map(to_px).collect();
    let nodes = p
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| NodeLook {
            at: at[i],
            label: n.id.to_string(),
            sub: n
                .w
                .as_ref()
                .map_or_else(String::new, |w| format!("w={}", cost_text(w))),
            note: None,
            class: if n.master {
                "node master".to_owned()
            } else {
                "node".to_owned()
            },
            pinned: n.pos.is_some(),
        })
        .collect();
    let links = p
        .links
        .iter()
        .map(|l| {
            let (from, to, label_at) = segment(at[l.from], at[l.to]);
            let label = match (&l.c_back, l.directed) {
                (Some(back), _) => format!("{} / {}", cost_text(&l.c), cost_text(back)),
                _ => cost_text(&l.c),
            };
            LinkLook {
                from,
                to,
                label_at,
                label,
                width: 2.0,
                arrow: l.directed,
                class: "link".to_owned(),
                ends: (l.from, l.to),
                offset: 0.0,
            }
        })
        .collect();
    Figure { nodes, links }
}

/// The figure's colours, shared with the site's stylesheet (www/style.css repeats them).
pub const EXPORT_CSS: &str = ".link line{stroke:#777}.link text{font-size:12px;fill:#333}.link.full line{stroke:#1b7f3b}.link.partial line{stroke:#c77700}.link.unused line{stroke:#bbb;stroke-dasharray:4 4}.link.off-tree line{stroke:#ddd}.faded{opacity:.3}.node circle{fill:#fff;stroke:#333;stroke-width:2}.node.master circle{stroke-width:4}.node.saturated circle{fill:#b7e4c7}.node.partial circle{fill:#ffe08a}.node.idle circle{fill:#eee}.node.router circle{fill:#dde7f7}.node.focus circle{stroke:#d00;stroke-width:4}.id{font-size:13px;font-weight:bold}.w{font-size:11px}.note{font-size:12px;fill:#114}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_stop_at_the_rims() {
        let (a, b, _) = segment((0.0, 0.0), (100.0, 0.0));
        assert!((a.0 - NODE_R).abs() < 1e-9);
        assert!(b.0 < 100.0 - NODE_R);
        let p = from_px(WIDTH / 2.0, HEIGHT * 2.0);
        assert_eq!(p, Point { x: 0.5, y: 1.0 });
    }
}
