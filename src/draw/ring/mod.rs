//! Pure drawing model of the ring page (ring.md §11): (a) the platform on a circle, node area ∝
//! speed `1/w`, links coloured by cost, processors with similar link costs side by side (Lyon's
//! and Strasbourg's groups), (b) the current ring drawn on top with the greedy's latest
//! candidate dashed, (c) one bar per ring member split into compute `α_i·W·w_i` and
//! communication `H·comm_i` with the line `T`, (d) `T` against the ring size (greedy history,
//! exact per size, Held–Karp's lower bounds), and (e) in [`sweep`] the number of processors
//! used against `W/H` (paper Fig. 3). All from a replayed [`RingState`]; the Yew view and the
//! exported SVG draw the same shapes.

use hetlab_core::rational::to_f64;
use hetlab_core::ring::Ring;
use hetlab_core::ring::{RingEval, RingState, RingStep};
use hetlab_core::sort;

pub mod homogeneous;
mod narrow;
mod panels;
pub mod prepare;
mod shapes;
pub mod sweep;
#[cfg(test)]
mod tests;

pub use narrow::{plots, NARROW_HEIGHT, NARROW_WIDTH};
use panels::LOWER_TOP;
pub use panels::{bars, size_plot, Scale, HEIGHT, WIDTH};
pub use shapes::*;

use crate::draw::palette::colour;

const CX: f64 = 220.0;
const CY: f64 = 184.0;
/// Radius of the circle of node centres.
const R: f64 = 112.0;
/// Largest node radius.
const R_MAX: f64 = 18.0;
/// Most processors whose every link is drawn in the background.
const ALL_LINKS_MAX: usize = 16;

/// Where the processors sit, computed once per instance.
#[derive(Clone, Debug, PartialEq, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Layout {
    /// Centre of each processor (input order).
    pub pos: Vec<(f64, f64)>,
    /// Node radius (area ∝ speed).
    pub radius: Vec<f64>,
    /// Label anchor of each processor (outside the circle).
    pub label: Vec<(f64, f64, Anchor)>,
    /// Background links `(i, j, class)`, `i < j` (none above `ALL_LINKS_MAX` processors).
    pub links: Vec<(usize, usize, String)>,
}

/// The order around the circle: processors sorted by their sorted row of link costs, so that
/// processors with the same link profile (a group of the cluster) are neighbours; ties keep
/// the index order.
#[must_use]
pub fn circle_order(c: &[Vec<f64>]) -> Vec<usize> {
    let profile = |i: usize| {
        let mut row: Vec<f64> = c[i]
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, v)| *v)
            .collect();
        sort::by(&mut row, f64::total_cmp);
        row
    };
    let profiles: Vec<Vec<f64>> = (0..c.len()).map(profile).collect();
    let mut order: Vec<usize> = (0..c.len()).collect();
    sort::by(&mut order, |&a, &b| {
        let (pa, pb) = (&profiles[a], &profiles[b]);
        pa.iter()
            .zip(pb)
            .map(|(x, y)| x.total_cmp(y))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.cmp(&b))
    });
    order
}

/// The class of a link by its mean cost, in thirds of the log range of all link costs.
fn link_class(v: f64, lo: f64, hi: f64) -> &'static str {
    if hi <= lo * (1.0 + 1e-9) || v <= 0.0 || lo <= 0.0 {
        return if hi > 0.0 && v <= 0.0 {
            "e-cheap"
        } else {
            "e-mid"
        };
    }
    let f = (v.ln() - lo.ln()) / (hi.ln() - lo.ln());
    if f < 1.0 / 3.0 {
        "e-cheap"
    } else if f < 2.0 / 3.0 {
        "e-mid"
    } else {
        "e-dear"
    }
}

/// The layout of `r`.
#[must_use]
#[allow(clippy::cast_precision_loss)] // p ≤ 32.
pub fn layout(r: &Ring) -> Layout {
    let p = r.p();
    let c: Vec<Vec<f64>> =
        r.c.iter()
            .map(|row| row.iter().map(to_f64).collect())
            .collect();
    let speed: Vec<f64> = r.w.iter().map(|w| 1.0 / to_f64(w)).collect();
    let fastest = speed.iter().copied().fold(0.0, f64::max);
    let spacing = std::f64::consts::TAU * R / p.max(1) as f64;
    let r_max = R_MAX.min(0.42 * spacing).max(4.0);
    let mut pos = vec![(CX, CY); p];
    let mut label = vec![(CX, CY, Anchor::Middle); p];
    for (k, &i) in circle_order(&c).iter().enumerate() {
        let a = -std::f64::consts::FRAC_PI_2 + std::f64::consts::TAU * k as f64 / p as f64;
        let (s, co) = a.sin_cos();
        if p > 1 {
            pos[i] = (CX + R * co, CY + R * s);
        }
        let rl = if p > 1 { R + r_max + 8.0 } else { r_max + 8.0 };
        let anchor = if co > 0.3 {
            Anchor::Start
        } else if co < -0.3 {
            Anchor::End
        } else {
            Anchor::Middle
        };
        label[i] = (CX + rl * co, CY + rl * s + 4.0 + 4.0 * s, anchor);
    }
    let radius = speed
        .iter()
        .map(|s| {
            let f = if fastest > 0.0 { s / fastest } else { 1.0 };
            (r_max * f.sqrt()).max(3.0)
        })
        .collect();
    let mean = |i: usize, j: usize| f64::midpoint(c[i][j], c[j][i]);
    let pairs: Vec<(usize, usize)> = (0..p)
        .flat_map(|i| (i + 1..p).map(move |j| (i, j)))
        .collect();
    let positive = pairs.iter().map(|&(i, j)| mean(i, j)).filter(|v| *v > 0.0);
    let lo = positive.clone().fold(f64::INFINITY, f64::min);
    let hi = positive.fold(0.0, f64::max);
    let links = if p <= ALL_LINKS_MAX {
        pairs
            .iter()
            .map(|&(i, j)| (i, j, link_class(mean(i, j), lo, hi).to_owned()))
            .collect()
    } else {
        Vec::new()
    };
    Layout {
        pos,
        radius,
        label,
        links,
    }
}

/// The greedy candidate shown by the latest step: `(processor, previous, next)` ring members.
fn trying(s: &RingState, last: Option<&RingStep>) -> Option<(usize, usize, usize)> {
    let Some(RingStep::GreedyTried { i, k, .. }) = last else {
        return None;
    };
    let q = s.ring.len();
    let a = *s.ring.get(*k)?;
    let b = *s.ring.get((k + 1) % q.max(1))?;
    Some((*i, a, b))
}

/// The platform panel: links, the ring on top, nodes and labels.
pub fn platform(l: &Layout, s: &RingState, last: Option<&RingStep>, out: &mut Vec<Shape>) {
    out.push(text(
        8.0,
        16.0,
        "Platform: node area ∝ speed 1/w; the ring in blue",
        "title",
        Anchor::Start,
    ));
    let at = |i: usize| l.pos.get(i).copied().unwrap_or((CX, CY));
    for (i, j, class) in &l.links {
        let (i, j) = (*i, *j);
        let ((x1, y1), (x2, y2)) = (at(i), at(j));
        out.push(line(x1, y1, x2, y2, hetlab_core::intern::intern(class)));
    }
    let q = s.ring.len();
    if q >= 2 {
        let edges = if q == 2 { 1 } else { q };
        for k in 0..edges {
            let ((x1, y1), (x2, y2)) = (at(s.ring[k]), at(s.ring[(k + 1) % q]));
            out.push(line(x1, y1, x2, y2, "ring-edge"));
        }
    }
    let tried = trying(s, last);
    if let Some((i, a, b)) = tried {
        let ((xi, yi), (xa, ya), (xb, yb)) = (at(i), at(a), at(b));
        out.push(line(xa, ya, xi, yi, "try-edge"));
        if b != a {
            out.push(line(xi, yi, xb, yb, "try-edge"));
        }
    }
    for i in 0..l.pos.len() {
        let (x, y) = at(i);
        let r = l.radius.get(i).copied().unwrap_or(4.0);
        let member = s.ring.contains(&i);
        out.push(Shape::Circle {
            at: [x, y, r],
            class: if member { "node-in" } else { "node-out" },
            fill: member.then(|| colour(i)),
        });
        if tried.is_some_and(|t| t.0 == i) {
            out.push(Shape::Circle {
                at: [x, y, r + 4.0],
                class: "node-try",
                fill: None,
            });
        }
        if let Some(&(lx, ly, anchor)) = l.label.get(i) {
            let class = if member { "label" } else { "label-out" };
            out.push(text(lx, ly, format!("P{i}"), class, anchor));
        }
    }
}

/// How the ring figure's three panels are arranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrangement {
    /// One column, [`WIDTH`] × [`HEIGHT`]: narrow windows, embeds and the exported SVG.
    Stacked,
    /// The platform alone, [`NARROW_WIDTH`] × [`NARROW_HEIGHT`]: a phone, where the stacked
    /// figure's text would fall under 11 px; the page shows the plots ([`plots`]) under the
    /// player.
    Narrow,
    /// The platform on the left, the bars and the size plot on the right:
    /// [`WIDE_WIDTH`] × [`WIDE_HEIGHT`], so that a projector's first screen holds the figure
    /// and the player at full size.
    Wide,
}

/// Width of the wide arrangement.
pub const WIDE_WIDTH: f64 = 2.0 * WIDTH;
/// Height of the wide arrangement: the platform panel's.
pub const WIDE_HEIGHT: f64 = 352.0;

impl Arrangement {
    /// The arrangement for a figure shown in a box `width` CSS px wide and, where a first-screen
    /// or frame rule limits it, `height` px high: wide when its 12-unit text stays at 11 px or
    /// more that way, or when the box's height shrinks the stacked figure more than the wide one
    /// (an embed's frame); on a page (no height) narrow when the stacked figure's text would
    /// fall under 11 px; stacked otherwise.
    #[must_use]
    pub fn for_box(width: f64, height: Option<f64>) -> Arrangement {
        let scale = |w: f64, h: f64| (width / w).min(height.map_or(f64::INFINITY, |a| a / h));
        let wide = scale(WIDE_WIDTH, WIDE_HEIGHT);
        if wide * 12.0 >= 11.0 || (height.is_some() && wide >= scale(WIDTH, HEIGHT)) {
            Arrangement::Wide
        } else if height.is_none() && width / WIDTH * 12.0 < 11.0 {
            Arrangement::Narrow
        } else {
            Arrangement::Stacked
        }
    }
}

/// The whole figure after the steps replayed into `s`: `eval` values the ring drawn, `last` is
/// the latest step, `scale` the fixed axes of the run (see [`Scale::of`]), in `arrangement`.
#[must_use]
pub fn figure(
    l: &Layout,
    s: &RingState,
    eval: Option<&RingEval>,
    last: Option<&RingStep>,
    scale: &Scale,
    arrangement: Arrangement,
) -> Drawing {
    let mut shapes = Vec::new();
    platform(l, s, last, &mut shapes);
    if arrangement == Arrangement::Narrow {
        return narrow::platform_only(shapes);
    }
    let mut lower = Vec::new();
    bars(eval, scale, &mut lower);
    size_plot(s, scale, &mut lower);
    match arrangement {
        Arrangement::Stacked | Arrangement::Narrow => {
            shapes.extend(lower);
            Drawing {
                width: WIDTH,
                height: HEIGHT,
                shapes,
            }
        }
        Arrangement::Wide => {
            shapes.extend(lower.into_iter().map(|sh| moved(sh, WIDTH, -LOWER_TOP)));
            Drawing {
                width: WIDE_WIDTH,
                height: WIDE_HEIGHT,
                shapes,
            }
        }
    }
}
