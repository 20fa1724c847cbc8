//! Drawing a platform arc by arc, for the families whose links are directed (broadcast): each
//! arc is its own line, pushed aside when the opposite arc exists so that both stay readable,
//! with its label, width and classes given by the caller.

use hetlab_core::platform::Platform;

use crate::draw::{figure::plain_rooted, segment, Figure, LinkLook, NodeLook};

/// How one arc is drawn; arcs without a mark are drawn thin and faded.
#[derive(Clone, Debug, PartialEq)]
pub struct ArcMark {
    /// Label beside the arc (`1/2`).
    pub label: String,
    /// Relative width in `0..=1` (0 = thinnest).
    pub weight: f64,
    /// Extra CSS classes (`tree`, `focus`, `saturated`).
    pub class: String,
}

/// Distance between the two arcs of a link, in SVG units.
const OFFSET: f64 = 7.0;

/// `p` with one line per arc (`Platform::arcs` order); `marks[k]` styles arc `k`; the node
/// `source` gets the class `source`, and `node_notes[i]` (if any) is written beside node `i`.
#[must_use]
pub fn figure(
    p: &Platform,
    source: Option<usize>,
    marks: &[Option<ArcMark>],
    node_notes: &[Option<String>],
) -> Figure {
    let base = plain_rooted(p, source);
    let nodes: Vec<NodeLook> = base
        .nodes
        .into_iter()
        .enumerate()
        .map(|(i, mut n)| {
            n.sub = String::new();
            n.class = if source == Some(i) {
                "node source".to_owned()
            } else {
                "node".to_owned()
            };
            n.note = node_notes.get(i).cloned().flatten();
            n
        })
        .collect();
    let arcs = p.arcs();
    let links = arcs
        .iter()
        .enumerate()
        .map(|(k, a)| {
            let twin = arcs.iter().any(|b| b.from == a.to && b.to == a.from);
            let (mut from, mut to) = (nodes[a.from].at, nodes[a.to].at);
            if twin {
                // Push the arc to its right (seen along its direction).
                let (dx, dy) = (to.0 - from.0, to.1 - from.1);
                let len = dx.hypot(dy).max(f64::MIN_POSITIVE);
                let (ox, oy) = (-dy / len * OFFSET, dx / len * OFFSET);
                from = (from.0 + ox, from.1 + oy);
                to = (to.0 + ox, to.1 + oy);
            }
            let (from, to, mut label_at) = segment(from, to);
            if twin {
                // Labels of opposite arcs go to their own sides, clear of each other.
                let (dx, dy) = (to.0 - from.0, to.1 - from.1);
                let len = dx.hypot(dy).max(f64::MIN_POSITIVE);
                label_at = (
                    label_at.0 - dy / len * 2.0 * OFFSET,
                    label_at.1 + dx / len * 2.0 * OFFSET,
                );
            }
            let (ends, offset) = ((a.from, a.to), if twin { OFFSET } else { 0.0 });
            match marks.get(k).cloned().flatten() {
                Some(m) => LinkLook {
                    from,
                    to,
                    label_at,
                    label: m.label,
                    width: 1.5 + 6.5 * m.weight.clamp(0.0, 1.0),
                    arrow: true,
                    class: format!("link arc {}", m.class).trim_end().to_owned(),
                    ends,
                    offset,
                },
                None => LinkLook {
                    from,
                    to,
                    label_at,
                    label: String::new(),
                    width: 1.0,
                    arrow: true,
                    class: "link arc faded".to_owned(),
                    ends,
                    offset,
                },
            }
        })
        .collect();
    Figure { nodes, links }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_arcs_are_drawn_apart_and_styled_by_their_marks() {
        let p = Platform::from_json(
            r#"{"nodes":[{"id":"s","x":0.1,"y":0.5},{"id":"a","x":0.9,"y":0.5},{"id":"b","x":0.5,"y":0.1}],
                "links":[{"from":"s","to":"a","c":1},{"from":"s","to":"b","c":2,"directed":true}]}"#,
        )
        .unwrap();
        let marks = vec![
            Some(ArcMark {
                label: "1/2".into(),
                weight: 1.0,
                class: "tree".into(),
            }),
            None,
            Some(ArcMark {
                label: "1/4".into(),
                weight: 0.0,
                class: String::new(),
            }),
        ];
        let fig = figure(&p, Some(0), &marks, &[None, Some("in 1".into())]);
        assert_eq!(fig.links.len(), 3);
        // s→a and a→s are horizontal; one is pushed down, the other up.
        assert!(fig.links[0].from.1 > fig.links[1].from.1);
        assert_eq!(fig.links[0].class, "link arc tree");
        assert_eq!(fig.links[1].class, "link arc faded");
        assert_eq!(fig.links[2].class, "link arc");
        assert!(fig.links[0].width > fig.links[2].width);
        assert!(fig.links.iter().all(|l| l.arrow));
        assert_eq!(fig.nodes[0].class, "node source");
        assert_eq!(fig.nodes[1].note.as_deref(), Some("in 1"));
        assert!(fig.nodes.iter().all(|n| n.sub.is_empty()));
    }
}
