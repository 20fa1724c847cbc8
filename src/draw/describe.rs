//! Words for the platform figure, for those who do not see it: an accessible name for each node
//! and link (read by screen readers when the element has the focus) and the rows of the data
//! table shown under the figure (the same facts as the drawing at the current step: values,
//! notes, and what the colours and dashes mean).

use super::figure::{Figure, LinkLook, NodeLook, NODE_R};

/// What a node class means, in words (classes without a meaning of their own are skipped).
fn node_word(class: &str) -> Option<&'static str> {
    Some(match class {
        "master" => "master",
        "saturated" => "saturated (busy all the time)",
        "partial" => "partly busy",
        "idle" => "idle",
        "router" => "forwards only",
        "unreachable" => "unreachable",
        "focus" => "highlighted",
        "selected" => "selected",
        "source" => "source",
        "target" => "target",
        "dropped" => "dropped",
        "shaded" => "shaded (inside the current set)",
        "faded" => "not involved in this step",
        _ => return None,
    })
}

/// What a link class means, in words.
fn link_word(class: &str) -> Option<&'static str> {
    Some(match class {
        "full" => "used at its full rate",
        "partial" => "partly used",
        "unused" => "unused",
        "off-tree" => "not in the tree",
        "focus" => "highlighted",
        "tree" => "in a tree",
        "candidate" => "candidate",
        "rejected" => "rejected",
        "cut" => "in the cut",
        "flow" => "carries flow",
        "faded" => "not involved in this step",
        _ => return None,
    })
}

/// The meanings of the classes in `class`, in order, without repeats.
fn words(class: &str, word: fn(&str) -> Option<&'static str>) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for w in class.split_whitespace().filter_map(word) {
        if !out.contains(&w) {
            out.push(w);
        }
    }
    out
}

/// The state of a node in words (`"master, saturated (busy all the time)"`), empty if plain.
#[must_use]
pub fn node_state(n: &NodeLook) -> String {
    words(&n.class, node_word).join(", ")
}

/// The state of a link in words, empty if plain.
#[must_use]
pub fn link_state(l: &LinkLook) -> String {
    words(&l.class, link_word).join(", ")
}

/// The accessible name of a node: `"Node P1, w=3, x = 1/3, saturated (busy all the time)"`.
#[must_use]
pub fn node_name(n: &NodeLook) -> String {
    let mut parts = vec![format!("Node {}", n.label)];
    parts.extend([
        n.sub.clone(),
        n.note.clone().unwrap_or_default(),
        node_state(n),
    ]);
    parts.retain(|p| !p.is_empty());
    parts.join(", ")
}

/// The node whose centre is nearest to `p` (a link's ends lie on node rims, or at the centres
/// when two nodes overlap).
fn nearest(fig: &Figure, p: (f64, f64)) -> Option<&NodeLook> {
    fig.nodes.iter().min_by(|a, b| {
        let d = |n: &NodeLook| (n.at.0 - p.0).hypot(n.at.1 - p.1);
        d(a).total_cmp(&d(b))
    })
}

/// The two ends of link `k` as node labels (`("P0", "P1")`), found from the drawing: each end
/// is the node whose rim it touches.
#[must_use]
pub fn link_ends(fig: &Figure, k: usize) -> Option<(String, String)> {
    let l = fig.links.get(k)?;
    let near = |p| {
        nearest(fig, p)
            .filter(|n| (n.at.0 - p.0).hypot(n.at.1 - p.1) <= NODE_R + 3.0)
            .map(|n| n.label.clone())
    };
    Some((near(l.from)?, near(l.to)?))
}

/// The accessible name of link `k`: `"Link P0 to P1, 2 · 1/8 /t, partly used"`.
#[must_use]
pub fn link_name(fig: &Figure, k: usize) -> String {
    let Some(l) = fig.links.get(k) else {
        return String::new();
    };
    let ends = link_ends(fig, k).map_or_else(
        || format!("Link {}", k + 1),
        |(a, b)| format!("Link {a} {} {b}", if l.arrow { "to" } else { "–" }),
    );
    let mut parts = vec![ends, l.label.clone(), link_state(l)];
    parts.retain(|p| !p.is_empty());
    parts.join(", ")
}

/// `n` and a regular English noun, plural unless `n` is 1: `count(1, "node")` is `"1 node"`,
/// `count(4, "link")` is `"4 links"` (captions say "5 nodes", not "5 node(s)").
#[must_use]
pub fn count(n: impl std::fmt::Display, noun: &str) -> String {
    let text = n.to_string();
    if text == "1" {
        format!("1 {noun}")
    } else {
        format!("{text} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::steady::tree as tree_figure;
    use hetlab_core::steady_state::tree;

    #[test]
    fn the_final_star_is_told_in_words() {
        let inst = hetlab_core::presets::steady_state("star-example-2").unwrap();
        let traced = tree::solve_traced(&inst).unwrap();
        let end = traced.trace.state_at(tree::TreeState::new(5), usize::MAX);
        let fig = tree_figure(&inst.platform, &end);
        let master = node_name(&fig.nodes[0]);
        assert!(
            master.starts_with("Node 0, w=")
                && master.contains("master")
                && master.contains("saturated"),
            "{master}"
        );
        assert!(node_name(&fig.nodes[2]).contains("x = 1/8"));
        assert!(node_state(&fig.nodes[3]).contains("idle"));
        // Link 0–2 (index 1) carries 1/8 and is the partial child, drawn as an arrow.
        assert_eq!(link_ends(&fig, 1), Some(("0".to_owned(), "2".to_owned())));
        let l = link_name(&fig, 1);
        assert!(
            l.starts_with("Link 0 to 2, 2 · 1/8 /t") && l.contains("partly used"),
            "{l}"
        );
        assert!(link_name(&fig, 2).contains("unused"));
        assert_eq!(link_name(&fig, 99), "");
    }

    #[test]
    fn a_plain_platform_names_ids_and_costs() {
        let p = hetlab_core::presets::steady_state("example-1")
            .unwrap()
            .platform;
        let fig = crate::draw::plain(&p);
        for (k, l) in p.links.iter().enumerate() {
            let (a, b) = link_ends(&fig, k).unwrap();
            assert_eq!(
                (a, b),
                (p.nodes[l.from].id.to_string(), p.nodes[l.to].id.to_string())
            );
        }
        assert!(fig.nodes.iter().all(|n| node_name(n).starts_with("Node ")));
    }

    #[test]
    fn counts_read_as_english() {
        assert_eq!(count(1, "node"), "1 node");
        assert_eq!(count(0, "link"), "0 links");
        assert_eq!(count(5, "pricing round"), "5 pricing rounds");
    }
}
