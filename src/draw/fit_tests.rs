//! Fitted figures: no two texts overlap, no text under 11 px or outside the frame, no two
//! node discs touch, pinned nodes stay where they were put; on the spec presets, Lyon and
//! Strasbourg, and generated 40-node platforms, at desktop, tablet and phone widths and in the
//! large-type mode.

use super::*;
use crate::draw::arcs::{self, ArcMark};
use crate::draw::{plain, steady};
use hetlab_core::generate::{platform, Shape};
use hetlab_core::platform::Platform;
use hetlab_core::presets;
use hetlab_core::steady_state::tree;

fn frames(nodes: usize) -> Vec<Frame> {
    vec![
        Frame::DESKTOP,
        Frame::for_width(640.0, nodes, 1.0),
        Frame::for_width(366.0, nodes, 1.0),
        Frame::for_width(800.0, nodes, 1.4),
        Frame::for_width(366.0, nodes, 1.4),
    ]
}

/// Every property a fitted figure promises.
fn check(fig: &Figure, what: &str) {
    for frame in frames(fig.nodes.len()) {
        let d = fit(fig, frame);
        let at = format!("{what} at {}×{} (type {})", frame.w, frame.h, frame.text);
        let boxes = d.text_boxes();
        for (i, a) in boxes.iter().enumerate() {
            assert!(
                a.x0 >= -1.0 && a.y0 >= -1.0 && a.x1 <= frame.w + 1.0 && a.y1 <= frame.h + 1.0,
                "{at}: text box {a:?} outside the frame"
            );
            for b in &boxes[i + 1..] {
                assert!(!a.overlaps(b), "{at}: texts overlap: {a:?} {b:?}");
            }
        }
        let texts = d.nodes.iter().flat_map(|n| {
            std::iter::once(&n.id)
                .chain(n.sub.as_ref())
                .chain(n.note.as_ref())
        });
        for t in texts.chain(d.links.iter().filter_map(|l| l.label.as_ref())) {
            assert!(t.px >= 11.0, "{at}: {:?} at {} px", t.text, t.px);
        }
        for (i, a) in d.nodes.iter().enumerate() {
            for b in &d.nodes[i + 1..] {
                let gap = (a.at.0 - b.at.0).hypot(a.at.1 - b.at.1);
                if !(fig.nodes[i].pinned) {
                    assert!(
                        gap >= 2.0 * d.r,
                        "{at}: discs {} and {} overlap",
                        a.full,
                        b.full
                    );
                }
            }
            // No text of another node's box covers this node's id.
            let id = labels::text_box(&a.id);
            for (j, b) in d.nodes.iter().enumerate() {
                if i != j {
                    let c = (b.at.0.clamp(id.x0, id.x1), b.at.1.clamp(id.y0, id.y1));
                    assert!(
                        (c.0 - b.at.0).hypot(c.1 - b.at.1) >= d.r,
                        "{at}: disc over an id"
                    );
                }
            }
        }
        clear_of_links_and_zoom_bar(fig, &d, &at);
    }
}

/// Notes keep clear of every link's stroke, and no text or computed node goes under the zoom
/// buttons (a node the user put there stays, with its id).
fn clear_of_links_and_zoom_bar(fig: &Figure, d: &Drawn, at: &str) {
    let t = d.frame.text;
    let bar = Rect {
        x0: d.frame.w - ZOOM_BAR.0 * t,
        y0: 0.0,
        x1: d.frame.w,
        y1: ZOOM_BAR.1 * t,
    };
    for (v, n) in fig.nodes.iter().zip(&d.nodes) {
        if let Some(note) = &n.note {
            let b = labels::note_box(note);
            assert!(
                !b.overlaps(&bar),
                "{at}: the note {:?} under the zoom buttons",
                note.text
            );
            for l in &d.links {
                assert!(
                    !b.meets_stroke(l.from, l.to, l.width / 2.0),
                    "{at}: the note {:?} crosses the link {}",
                    note.text,
                    l.title
                );
            }
        }
        if v.pinned {
            continue;
        }
        let c = (n.at.0.clamp(bar.x0, bar.x1), n.at.1.clamp(bar.y0, bar.y1));
        assert!(
            (c.0 - n.at.0).hypot(c.1 - n.at.1) >= d.r,
            "{at}: {} under the zoom buttons",
            n.full
        );
    }
    for l in d.links.iter().filter_map(|l| l.label.as_ref()) {
        let b = labels::text_box(l);
        assert!(
            !b.overlaps(&bar),
            "{at}: the label {:?} under the zoom buttons",
            l.text
        );
    }
}

fn preset_platform(name: &str) -> Platform {
    presets::get(name)
        .and_then(|i| i.platform().cloned())
        .unwrap()
}

#[test]
fn presets_and_large_platforms_have_no_overlapping_text() {
    for preset in presets::with_platform() {
        let p = preset_platform(preset.name);
        check(&plain(&p), preset.name);
    }
    for shape in Shape::ALL {
        check(&plain(&platform(shape, 40, 11)), shape.name());
    }
}

#[test]
fn the_tree_steps_of_the_star_example_keep_every_label() {
    let inst = presets::steady_state("star-example-2").unwrap();
    let t = tree::solve_traced(&inst).unwrap();
    for k in 0..=t.trace.len() {
        let s = t.trace.state_at(tree::TreeState::new(5), k);
        let fig = steady::tree(&inst.platform, &s);
        check(&fig, &format!("star step {k}"));
        // A sparse desktop figure has room for every label and note.
        let d = fit(&fig, Frame::DESKTOP);
        for (l, f) in d.links.iter().zip(&fig.links) {
            let want =
                (!f.label.is_empty() && !f.class.contains("faded")).then_some(f.label.as_str());
            assert_eq!(
                l.label.as_ref().map(|x| x.text.as_str()),
                want,
                "step {k}: {d:#?}"
            );
        }
        for (n, f) in d.nodes.iter().zip(&fig.nodes) {
            assert_eq!(n.note.as_ref().map(|x| &x.text), f.note.as_ref());
        }
    }
}

#[test]
fn lyon_labels_only_what_the_step_is_about() {
    let p = preset_platform("lyon");
    let mut fig = plain(&p);
    // Dense: the plain links are left to their hover titles ...
    let d = fit(&fig, Frame::DESKTOP);
    assert!(d.links.iter().all(|l| l.label.is_none()));
    assert!(
        d.links[0].title.contains("P0 – P1: 0.198"),
        "{}",
        d.links[0].title
    );
    // ... and a highlighted link is labelled.
    fig.links[5].class = "link flow full focus".to_owned();
    let d = fit(&fig, Frame::DESKTOP);
    assert!(d.links[5].label.is_some());
    check(&fig, "lyon with a focus link");
}

#[test]
fn a_40_node_broadcast_tree_is_labelled_without_overlap() {
    let p = platform(Shape::Random, 40, 5);
    let arcs_of = p.arcs();
    // Mark a BFS tree from the source, as the tree extraction does.
    let mut seen = [false; 40];
    seen[0] = true;
    let mut marks = vec![None; arcs_of.len()];
    for _ in 0..40 {
        for (k, a) in arcs_of.iter().enumerate() {
            if seen[a.from] && !seen[a.to] {
                seen[a.to] = true;
                marks[k] = Some(ArcMark {
                    label: "1/3".into(),
                    weight: 0.5,
                    class: "tree focus".into(),
                });
            }
        }
    }
    let notes: Vec<Option<String>> = (0..40).map(|i| Some(format!("in {i}/7"))).collect();
    let fig = arcs::figure(&p, Some(0), &marks, &notes);
    check(&fig, "40-node broadcast");
    // The LP's notes on a generated platform are long exact fractions, drawn bold: measured
    // bold, none runs past the figure's edge (issue 32: one did by about 10 px).
    let long: Vec<Option<String>> = (0..40)
        .map(|i| Some(format!("out {i} · in {}/51982484", 166_574_549 + i)))
        .collect();
    let fig = arcs::figure(&p, Some(0), &marks, &long);
    check(&fig, "40-node broadcast with long notes");
}

#[test]
fn long_ids_are_cut_and_pinned_nodes_stay_put() {
    let mut p = platform(Shape::Ring, 5, 1);
    p.nodes[2].id = hetlab_core::platform::NodeId::Str("a-very-long-processor-name".into());
    p.nodes[4].pos = Some(Point { x: 1.0, y: 0.0 });
    p.nodes[1].pos = Some(Point { x: 0.0, y: 1.0 });
    let fig = plain(&p);
    check(&fig, "ring with a long id");
    let d = fit(&fig, Frame::DESKTOP);
    assert!(d.nodes[2].id.text.ends_with('…'));
    assert!(d.nodes[2].title.starts_with("a-very-long-processor-name"));
    assert_eq!(d.nodes[2].full, "a-very-long-processor-name");
    // A pinned node is drawn exactly where its unit position says, and reads back the same.
    for i in [1, 4] {
        let want = d.from_unit(p.nodes[i].pos.unwrap());
        assert!((d.nodes[i].at.0 - want.0).abs() < 1e-9 && (d.nodes[i].at.1 - want.1).abs() < 1e-9);
        let back = d.to_unit(want.0, want.1);
        assert!((back.x - p.nodes[i].pos.unwrap().x).abs() < 1e-12);
    }
    // The corner is reachable: the far corner of the frame is unit (1, 1).
    let corner = d.to_unit(d.frame.w, d.frame.h);
    assert_eq!(corner, Point { x: 1.0, y: 1.0 });
}

#[test]
fn the_exported_svg_is_the_desktop_fit() {
    let fig = plain(&preset_platform("strasbourg"));
    let svg = crate::draw::to_svg_document(&fig, "Strasbourg");
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    assert_eq!(svg.matches("<circle").count(), 13);
    assert!(svg.contains("<title>P0 – P1: 6/125</title>"), "{svg}");
}

/// Ids cut to their disc keep the part that tells them apart (a cluster's
/// `node-3.simgrid.org`), not their shared start.
#[test]
fn cut_ids_keep_what_tells_them_apart() {
    let ids = [
        "node-0.simgrid.org",
        "node-12.simgrid.org",
        "node-3.simgrid.org",
    ];
    let shared = shared_ends(ids.iter().copied());
    assert_eq!(shared, (5, 12));
    assert_eq!(own_part(ids[1], shared), "…12…");
    assert_eq!(own_part("P1", shared_ends(["P1", "P2"].into_iter())), "…1");
    assert_eq!(shared_ends(["alone"].into_iter()), (0, 0));
    // A label that is all shared part stays whole.
    assert_eq!(own_part("ab", shared_ends(["ab", "abc"].into_iter())), "ab");
}
