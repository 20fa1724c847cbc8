//! Pure drawing model of the platform figure: where nodes and links go, what they say and how
//! they look at a given step. The SVG component only turns a [`Figure`] into elements, so what
//! the figure shows is tested natively.

use hetlab_core::platform::{layout, Platform, Point};
use hetlab_core::rational::{format_q, frac, to_f64, Cost, Q};
use hetlab_core::steady_state::pipeline::{PipeState, Pipeline};
use hetlab_core::steady_state::tree::{Class, NodeUse, TreeState};
use num_traits::Zero;

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
    let at: Vec<(f64, f64)> = layout(p).into_iter().map(to_px).collect();
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
            }
        })
        .collect();
    Figure { nodes, links }
}

/// The figure at one step of the tree closed form.
#[must_use]
pub fn tree(p: &Platform, s: &TreeState) -> Figure {
    let mut fig = plain(p);
    for (i, look) in fig.nodes.iter_mut().enumerate() {
        let mut class = vec![look.class.clone()];
        if let Some(u) = s.usage[i] {
            class.push(usage_class(u).to_owned());
        } else if s.unreachable[i] {
            class.push("unreachable".to_owned());
        }
        if s.hidden(i) {
            class.push("faded".to_owned());
        }
        if s.focus == Some(i) {
            class.push("focus".to_owned());
        }
        look.class = class.join(" ");
        look.note = if let Some(x) = &s.x[i] {
            Some(format!("x = {}", frac(x)))
        } else if s.collapsed[i] {
            Some(
                s.w_eq(i)
                    .map_or_else(|| "w_eq = ∞".to_owned(), |w| format!("w_eq = {}", frac(&w))),
            )
        } else {
            s.rho_sub[i]
                .as_ref()
                .map(|r| format!("ρ_sub = {}", frac(r)))
        };
    }
    let max_rate = s.rate_in.iter().flatten().map(to_f64).fold(0.0, f64::max);
    for (k, l) in p.links.iter().enumerate() {
        let look = &mut fig.links[k];
        let child = if s.parent[l.to] == Some(l.from) {
            Some((l.from, l.to))
        } else if s.parent[l.from] == Some(l.to) {
            Some((l.to, l.from))
        } else {
            None
        };
        let Some((parent, child)) = child else {
            // Not a tree edge: never used by the closed form.
            look.class = if s.parent.iter().any(Option::is_some) {
                "link off-tree".to_owned()
            } else {
                "link".to_owned()
            };
            continue;
        };
        let mut class = vec!["link".to_owned(), "tree".to_owned()];
        if let Some(c) = s.class[child] {
            class.push(class_name(c).to_owned());
        }
        if s.focus_child == Some(child) {
            class.push("focus".to_owned());
        }
        if s.hidden(child) {
            class.push("faded".to_owned());
        }
        // Flow runs parent → child: orient the arrow that way.
        let (a, b) = (fig.nodes[parent].at, fig.nodes[child].at);
        let (from, to, label_at) = segment(a, b);
        look.from = from;
        look.to = to;
        look.label_at = label_at;
        if let Some(rate) = s.rate_in[child].as_ref().filter(|r| !r.is_zero()) {
            look.label = format!("{} · {} /t", look.label, frac(rate));
            look.width = 2.0 + 8.0 * to_f64(rate) / max_rate.max(f64::MIN_POSITIVE);
            look.arrow = true;
        }
        look.class = class.join(" ");
    }
    fig
}

/// The figure at one step of the general pipeline: canonical rates on the arcs (width by rate),
/// utilisation on the nodes, the route or the matching of the current step highlighted.
#[must_use]
pub fn lp(p: &Platform, pipe: &Pipeline, s: &PipeState) -> Figure {
    let mut fig = plain(p);
    if !s.rates_shown() {
        return fig;
    }
    let arcs = p.arcs();
    let rates = &pipe.lp.rates;
    let max_rate = rates.f.iter().map(to_f64).fold(0.0, f64::max);
    let route = s.current_route.and_then(|k| pipe.allocations.get(k));
    let matching = s
        .current_matching
        .and_then(|k| pipe.pattern.as_ref()?.decomposition.matchings.get(k));
    for (i, look) in fig.nodes.iter_mut().enumerate() {
        let x = &rates.x[i];
        let alpha = p.nodes[i].w.as_ref().and_then(Cost::finite).map(|w| w * x);
        let class = match alpha {
            None => "router",
            Some(a) if a.is_zero() => "idle",
            Some(a) if a == Q::from_integer(1.into()) => "saturated",
            Some(_) => "partial",
        };
        look.class = format!("{} {class}", look.class);
        if route.is_some_and(|r| r.worker == i) {
            look.class.push_str(" focus");
        }
        if !x.is_zero() {
            look.note = Some(format!("x = {}", frac(x)));
        }
    }
    // Links that carry nothing in either direction are drawn dashed.
    for (l, look) in fig.links.iter_mut().enumerate() {
        if !arcs
            .iter()
            .zip(&rates.f)
            .any(|(a, r)| a.link == l && !r.is_zero())
        {
            look.class.push_str(" unused");
        }
    }
    for (k, a) in arcs.iter().enumerate() {
        let rate = &rates.f[k];
        if rate.is_zero() {
            continue;
        }
        let look = &mut fig.links[a.link];
        let on_route = route.is_some_and(|r| r.path_in.contains(&k));
        let in_matching = matching.is_some_and(|m| m.edges.contains(&(a.from, a.to)));
        let (from, to, label_at) = segment(fig.nodes[a.from].at, fig.nodes[a.to].at);
        *look = LinkLook {
            from,
            to,
            label_at,
            label: format!("{} · {} /t", frac(&a.c), frac(rate)),
            width: 2.0 + 8.0 * to_f64(rate) / max_rate.max(f64::MIN_POSITIVE),
            arrow: true,
            class: format!(
                "link flow full{}{}",
                if on_route || in_matching {
                    " focus"
                } else {
                    ""
                },
                if matching.is_some() && !in_matching {
                    " faded"
                } else {
                    ""
                }
            ),
        };
    }
    fig
}

fn usage_class(u: NodeUse) -> &'static str {
    match u {
        NodeUse::Saturated => "saturated",
        NodeUse::Partial => "partial",
        NodeUse::Idle => "idle",
        NodeUse::Router => "router",
        NodeUse::Unreachable => "unreachable",
    }
}

fn class_name(c: Class) -> &'static str {
    match c {
        Class::Full => "full",
        Class::Partial => "partial",
        Class::Unused => "unused",
    }
}

/// Where a node's note goes: upper right of the node, or upper left near the right edge so that
/// it stays inside the drawing.
#[must_use]
pub fn note_at(at: (f64, f64)) -> (f64, f64, &'static str) {
    let y = at.1 - NODE_R + 4.0;
    if at.0 > WIDTH - 110.0 {
        (at.0 - NODE_R - 4.0, y, "end")
    } else {
        (at.0 + NODE_R + 4.0, y, "start")
    }
}

/// The figure as a standalone SVG document (for export), with its style inlined so that it
/// looks the same outside the site.
#[must_use]
pub fn to_svg_document(fig: &Figure, title: &str) -> String {
    let mut s = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif"><title>{}</title><style>{EXPORT_CSS}</style><defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="12" markerHeight="12" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#333"/></marker></defs>"##,
        escape(title)
    );
    for l in &fig.links {
        s.push_str(&format!(
            r#"<g class="{}"><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke-width="{:.1}"{}/><text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text></g>"#,
            l.class, l.from.0, l.from.1, l.to.0, l.to.1, l.width,
            if l.arrow { r#" marker-end="url(#arrow)""# } else { "" },
            l.label_at.0, l.label_at.1, escape(&l.label)
        ));
    }
    for n in &fig.nodes {
        s.push_str(&format!(
            r#"<g class="{}"><circle cx="{:.1}" cy="{:.1}" r="{NODE_R}"/><text x="{:.1}" y="{:.1}" text-anchor="middle" class="id">{}</text><text x="{:.1}" y="{:.1}" text-anchor="middle" class="w">{}</text>"#,
            n.class, n.at.0, n.at.1, n.at.0, n.at.1 - 2.0, escape(&n.label), n.at.0, n.at.1 + 12.0, escape(&n.sub)
        ));
        if let Some(note) = &n.note {
            let (x, y, anchor) = note_at(n.at);
            s.push_str(&format!(
                r#"<text x="{x:.1}" y="{y:.1}" text-anchor="{anchor}" class="note">{}</text>"#,
                escape(note)
            ));
        }
        s.push_str("</g>");
    }
    s.push_str("</svg>");
    s
}

/// The figure's colours, shared with the site's stylesheet (www/style.css repeats them).
pub const EXPORT_CSS: &str = ".link line{stroke:#777}.link text{font-size:12px;fill:#333}.link.full line{stroke:#1b7f3b}.link.partial line{stroke:#c77700}.link.unused line{stroke:#bbb;stroke-dasharray:4 4}.link.off-tree line{stroke:#ddd}.faded{opacity:.3}.node circle{fill:#fff;stroke:#333;stroke-width:2}.node.master circle{stroke-width:4}.node.saturated circle{fill:#b7e4c7}.node.partial circle{fill:#ffe08a}.node.idle circle{fill:#eee}.node.router circle{fill:#dde7f7}.node.focus circle{stroke:#d00;stroke-width:4}.id{font-size:13px;font-weight:bold}.w{font-size:10px}.note{font-size:12px;fill:#114}";

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetlab_core::instance::SteadyState;
    use hetlab_core::steady_state::tree;

    fn star() -> SteadyState {
        hetlab_core::presets::steady_state("star-example-2").unwrap()
    }

    #[test]
    fn segments_stop_at_the_rims() {
        let (a, b, _) = segment((0.0, 0.0), (100.0, 0.0));
        assert!((a.0 - NODE_R).abs() < 1e-9);
        assert!(b.0 < 100.0 - NODE_R);
        let p = from_px(WIDTH / 2.0, HEIGHT * 2.0);
        assert_eq!(p, Point { x: 0.5, y: 1.0 });
    }

    #[test]
    fn the_final_star_shows_rates_and_classes() {
        let inst = star();
        let traced = tree::solve_traced(&inst).unwrap();
        let end = traced.trace.state_at(tree::TreeState::new(5), usize::MAX);
        let fig = tree(&inst.platform, &end);
        assert!(fig.nodes[0].class.contains("master") && fig.nodes[0].class.contains("saturated"));
        assert_eq!(fig.nodes[2].note.as_deref(), Some("x = 1/8"));
        assert!(fig.nodes[3].class.contains("idle"));
        // Link 0–2 (index 1) carries 1/8 and is the partial child.
        assert_eq!(fig.links[1].label, "2 · 1/8 /t");
        assert!(fig.links[1].class.contains("partial") && fig.links[1].arrow);
        assert!(fig.links[2].class.contains("unused") && !fig.links[2].arrow);
        // The widest stroke is the largest rate (1/2 to node 1).
        assert!(fig.links[0].width > fig.links[3].width);
        let svg = to_svg_document(&fig, "star <test>");
        assert!(
            svg.starts_with("<svg") && svg.contains("star &lt;test&gt;") && svg.ends_with("</svg>")
        );
    }

    #[test]
    fn a_collapsed_star_shows_its_equivalent_weight() {
        let inst = hetlab_core::presets::steady_state("tree-example-3").unwrap();
        let traced = tree::solve_traced(&inst).unwrap();
        // Steps: checked, then node 3's star: sorted, fed 6, collapsed.
        let s = traced.trace.state_at(tree::TreeState::new(7), 4);
        let fig = tree(&inst.platform, &s);
        assert_eq!(fig.nodes[3].note.as_deref(), Some("w_eq = 6/5"));
        assert!(fig.nodes[6].class.contains("faded"));
        assert!(fig.nodes[3].class.contains("focus"));
    }
}
