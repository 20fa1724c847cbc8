//! The steady-state figures on the platform graph: the tree closed form (classes, rates fed to
//! each child) and the LP pipeline (rates, routes, the current route) at a step.

use hetlab_core::platform::Platform;
use hetlab_core::rational::{frac, to_f64, Cost, Q};
use hetlab_core::steady_state::pipeline::{PipeState, Pipeline};
use hetlab_core::steady_state::tree::{Class, NodeUse, TreeState};
use num_traits::Zero;

use super::figure::{plain, segment, Figure, LinkLook};

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
        look.ends = (parent, child);
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
            ends: (a.from, a.to),
            offset: 0.0,
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

#[cfg(test)]
mod tests {
    use super::tree as tree_figure;
    use crate::draw::figure_export::to_svg_document;
    use hetlab_core::steady_state::tree;

    #[test]
    fn the_final_star_shows_rates_and_classes() {
        let inst = hetlab_core::presets::steady_state("star-example-2").unwrap();
        let traced = tree::solve_traced(&inst).unwrap();
        let end = traced.trace.state_at(tree::TreeState::new(5), usize::MAX);
        let fig = tree_figure(&inst.platform, &end);
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
        let fig = tree_figure(&inst.platform, &s);
        assert_eq!(fig.nodes[3].note.as_deref(), Some("w_eq = 6/5"));
        assert!(fig.nodes[6].class.contains("faded"));
        assert!(fig.nodes[3].class.contains("focus"));
    }
}
