//! Pure drawing model of the broadcast page: what the platform figure shows at one step of each
//! pipeline (flows and cuts, usages, the tree being extracted with the residual capacities, the
//! baseline's routes, the multicast node sets, the unidirectional columns), and the lanes of
//! the Gantt chart of one period.

use hetlab_core::broadcast::gantt::ShownPeriod;
use hetlab_core::broadcast::multicast::MulticastState;
use hetlab_core::broadcast::schedule::Lane;
use hetlab_core::broadcast::unidirectional::{Slot, TransformState, UniState};
use hetlab_core::broadcast::{State, WeightedTree};
use hetlab_core::platform::{Arc, NodeId, Platform};
use hetlab_core::rational::{frac, to_f64, Q};
use hetlab_core::sort;
use num_traits::Zero;

use crate::draw::arcs::{self, ArcMark};
use crate::draw::gantt::{self, Chart, Span};
use crate::draw::palette::colour;
use crate::draw::Figure;

/// Marks for arcs carrying `values` (zero values unmarked), widths relative to the largest.
fn valued(values: &[Q], class: &str) -> Vec<Option<ArcMark>> {
    let top = values.iter().map(to_f64).fold(0.0, f64::max);
    values
        .iter()
        .map(|v| {
            (!v.is_zero()).then(|| ArcMark {
                label: frac(v),
                weight: if top > 0.0 { to_f64(v) / top } else { 0.0 },
                class: class.to_owned(),
            })
        })
        .collect()
}

/// Usage of every arc by a weighted tree set.
#[must_use]
pub fn usage_of(trees: &[WeightedTree], arcs: usize) -> Vec<Q> {
    let mut n = vec![Q::zero(); arcs];
    for t in trees {
        for &e in &t.arcs {
            if let Some(slot) = n.get_mut(e) {
                *slot += &t.weight;
            }
        }
    }
    n
}

fn add_class(fig: &mut Figure, nodes: &[usize], class: &str) {
    for &i in nodes {
        if let Some(n) = fig.nodes.get_mut(i) {
            n.class.push(' ');
            n.class.push_str(class);
        }
    }
}

fn set_class(marks: &mut [Option<ArcMark>], arcs: &[usize], class: &str) {
    for &e in arcs {
        if let Some(Some(m)) = marks.get_mut(e) {
            if !m.class.is_empty() {
                m.class.push(' ');
            }
            m.class.push_str(class);
        } else if let Some(slot) = marks.get_mut(e) {
            *slot = Some(ArcMark {
                label: String::new(),
                weight: 0.3,
                class: class.to_owned(),
            });
        }
    }
}

/// The figure at one step of pipeline B or T (broadcast.md §8.1, §8.4).
#[must_use]
pub fn bidirectional(p: &Platform, s: &State) -> Figure {
    let m = p.arcs().len();
    let flow = match &s.last {
        Some(hetlab_core::broadcast::Step::ShowedFlow { .. }) => s.flows.last(),
        _ => None,
    };
    let mut marks: Vec<Option<ArcMark>> =
        if let (Some((tree, _, _)), true) = (&s.priced, s.trees.is_empty()) {
            // Column generation: the master's trees as usages, the tree just priced on top.
            let used: Vec<WeightedTree> = s
                .columns
                .iter()
                .zip(&s.column_weights)
                .map(|(arcs, w)| WeightedTree {
                    arcs: arcs.clone(),
                    weight: w.clone(),
                })
                .collect();
            let mut marks = valued(&usage_of(&used, m), "used");
            set_class(&mut marks, tree, "tree focus");
            marks
        } else if let Some((_, tree)) = &s.current_tree {
            let mut marks = valued(&s.residual, "residual");
            set_class(&mut marks, tree, "tree focus");
            marks
        } else if let Some(f) = flow {
            valued(&f.x, "flow")
        } else if !s.multiplicity.is_empty() {
            let mult: Vec<Q> = s
                .multiplicity
                .iter()
                .map(|&k| Q::from_integer(k.into()))
                .collect();
            let mut marks = valued(&mult, "tree");
            for mk in marks.iter_mut().flatten() {
                mk.label = format!("×{}", mk.label);
            }
            marks
        } else if !s.usage.is_empty() {
            valued(&s.usage, "used")
        } else {
            vec![None; m]
        };
    if let Some((e, ok)) = s.candidate {
        set_class(&mut marks, &[e], if ok { "candidate" } else { "rejected" });
    }
    let cut = flow.and_then(|f| s.cuts.iter().find(|c| c.destination == f.destination));
    if let Some(cut) = cut {
        set_class(&mut marks, &cut.arcs, "cut");
    }
    let notes: Vec<Option<String>> = (0..p.nodes.len())
        .map(|i| {
            let (o, n) = (s.out_load.get(i)?, s.in_load.get(i)?);
            (!o.is_zero() || !n.is_zero()).then(|| format!("out {} · in {}", frac(o), frac(n)))
        })
        .collect();
    let mut fig = arcs::figure(p, s.source, &marks, &notes);
    add_class(&mut fig, &s.shaded, "shaded");
    if let Some(f) = flow {
        add_class(&mut fig, &[f.destination], "focus");
    }
    if let Some(cut) = cut {
        add_class(&mut fig, &cut.set, "shaded");
    }
    add_class(&mut fig, &s.unreachable, "unreachable");
    fig
}

/// The figure at one step of pipeline M (broadcast.md §8.3).
#[must_use]
pub fn multicast(p: &Platform, source: usize, s: &MulticastState) -> Figure {
    let m = p.arcs().len();
    let marks = if !s.exact_trees.is_empty() {
        valued(&usage_of(&s.exact_trees, m), "tree")
    } else if !s.upper_usage.is_empty() {
        valued(&s.upper_usage, "used")
    } else {
        vec![None; m]
    };
    let mut fig = arcs::figure(p, Some(source), &marks, &[]);
    add_class(&mut fig, &s.targets, "target");
    let kept = if s.augmented_nodes.is_empty() {
        &s.pruned_nodes
    } else {
        &s.augmented_nodes
    };
    if !kept.is_empty() {
        let dropped: Vec<usize> = (0..p.nodes.len()).filter(|i| !kept.contains(i)).collect();
        add_class(&mut fig, &dropped, "dropped");
    }
    if let Some(f) = s.focus {
        add_class(&mut fig, &[f], "focus");
    }
    add_class(&mut fig, &s.unreachable, "unreachable");
    fig
}

/// The figure at one step of pipeline U (broadcast.md §8.2).
#[must_use]
pub fn unidirectional(p: &Platform, source: usize, s: &UniState) -> Figure {
    let m = p.arcs().len();
    let mut marks = if s.trees.is_empty() {
        vec![None; m]
    } else {
        valued(&usage_of(&s.trees, m), "used")
    };
    if let Some((tree, _)) = &s.priced_tree {
        set_class(&mut marks, tree, "tree focus");
    }
    if let Some((matching, _)) = &s.priced_matching {
        set_class(&mut marks, matching, "candidate");
    }
    let mut fig = arcs::figure(p, Some(source), &marks, &[]);
    add_class(&mut fig, &s.odd_cycle, "shaded");
    add_class(&mut fig, &s.unreachable, "unreachable");
    fig
}

/// The platform during a §6.5 transformation: the node being rewritten shaded, the arcs
/// labelled with the messages per time unit they carry once the transformed network is solved.
#[must_use]
pub fn transformed(p: &Platform, source: usize, s: &TransformState) -> Figure {
    let m = p.arcs().len();
    let marks = if s.usage.is_empty() {
        vec![None; m]
    } else {
        valued(&s.usage, "used")
    };
    let mut fig = arcs::figure(p, Some(source), &marks, &[]);
    add_class(&mut fig, &s.focus.into_iter().collect::<Vec<_>>(), "shaded");
    add_class(&mut fig, &s.unreachable, "unreachable");
    fig
}

fn lane_name(ids: &[NodeId], lane: Lane) -> (usize, u8, String) {
    let id = |i: usize| ids.get(i).map_or_else(String::new, ToString::to_string);
    match lane {
        Lane::Send(i) => (i, 0, format!("{} sends", id(i))),
        Lane::Recv(i) => (i, 1, format!("{} receives", id(i))),
    }
}

fn chart_of(spans_by_lane: Vec<((usize, u8, String), Span)>, length: &Q, marks: &[Q]) -> Chart {
    let mut names: Vec<(usize, u8, String)> =
        spans_by_lane.iter().map(|(n, _)| n.clone()).collect();
    sort::sort(&mut names);
    names.dedup();
    let spans: Vec<Span> = spans_by_lane
        .into_iter()
        .filter_map(|(n, mut s)| {
            s.row = names.iter().position(|x| *x == n)?;
            Some(s)
        })
        .collect();
    let rows: Vec<String> = names.into_iter().map(|(_, _, n)| n).collect();
    gantt::lanes(&rows, &spans, length, marks)
}

/// "1 message", "3 messages", "1/4 of a message", "3/2 messages".
fn moved(messages: &Q) -> String {
    if messages < &Q::from_integer(1.into()) && !messages.is_integer() {
        format!("{} of a message", frac(messages))
    } else {
        crate::draw::describe::count(frac(messages), "message")
    }
}

/// The bidirectional period's chart: a send lane and a receive lane per busy node, one bar per
/// tree's messages in a slot (coloured by tree), guides at the slot ends.
#[must_use]
pub fn bidirectional_gantt(ids: &[NodeId], period: &ShownPeriod) -> Chart {
    let named = period
        .bars
        .iter()
        .map(|b| {
            let name = lane_name(ids, b.lane);
            let title = format!(
                "{}: {} of tree T{} (generation offset {}), from {} to {}",
                name.2,
                moved(&b.messages),
                b.tree + 1,
                b.generation_offset,
                frac(&b.start),
                frac(&b.end)
            );
            let span = Span {
                row: 0,
                start: b.start.clone(),
                end: b.end.clone(),
                label: format!("T{}", b.tree + 1),
                title,
                fill: colour(b.tree),
            };
            (name, span)
        })
        .collect();
    chart_of(named, &period.length, &period.slot_ends)
}

/// The unidirectional period's chart: each slot's transfers on the sender's and the receiver's
/// lanes, coloured by matching.
#[must_use]
pub fn unidirectional_gantt(ids: &[NodeId], arcs: &[Arc], slots: &[Slot]) -> Chart {
    let mut named = Vec::new();
    let mut ends = Vec::new();
    for s in slots {
        let end = &s.start + &s.length;
        for t in &s.arcs {
            let Some(a) = arcs.get(t.arc) else { continue };
            for lane in [Lane::Send(a.from), Lane::Recv(a.to)] {
                let name = lane_name(ids, lane);
                let title = format!(
                    "{}: {} message(s) over {} → {} in matching M{}",
                    name.2,
                    frac(&t.messages),
                    ids[a.from],
                    ids[a.to],
                    s.matching + 1
                );
                named.push((
                    name,
                    Span {
                        row: 0,
                        start: s.start.clone(),
                        end: end.clone(),
                        label: format!("M{}", s.matching + 1),
                        title,
                        fill: colour(s.matching),
                    },
                ));
            }
        }
        ends.push(end);
    }
    let length = ends.last().cloned().unwrap_or_else(Q::zero);
    chart_of(named, &length, &ends)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetlab_core::broadcast::dispatch::{run, Run};
    use hetlab_core::broadcast::gantt::Units;
    use hetlab_core::families::Instance;
    use hetlab_core::trace::Replay as _;

    fn e2() -> hetlab_core::broadcast::Broadcast {
        match hetlab_core::presets::get("broadcast-e2") {
            Some(Instance::Broadcast(b)) => b,
            _ => panic!("E2 preset"),
        }
    }

    /// E2 and the last state of its LP run.
    fn e2_solved() -> (hetlab_core::broadcast::Broadcast, State) {
        let b = e2();
        let Ok(Run::Broadcast(t)) = run(&b, "lp") else {
            panic!("E2 solves")
        };
        let s = t.trace.state_at(State::new(), usize::MAX);
        (b, s)
    }

    /// E2 (broadcast.md §9.2): at the end the usages are drawn on all four arcs, and the
    /// Gantt chart has a lane per busy port with one bar per tree message.
    #[test]
    fn e2_draws_usages_and_a_gantt_of_three_trees() {
        let (b, s) = e2_solved();
        let fig = bidirectional(&b.platform, &s);
        assert_eq!(fig.links.len(), 4);
        assert_eq!(fig.links[0].label, "1/2");
        assert_eq!(fig.links[2].label, "1/4");
        assert!(fig.nodes[0].class.contains("source"));
        let ends: Vec<Q> = s
            .slots
            .iter()
            .map(|(_, sl)| &sl.start + &sl.length)
            .collect();
        let length = ends.last().cloned().unwrap();
        let (a, _) = s.period.clone().unwrap();
        let scale = a * s.l.clone().unwrap();
        let shown =
            |units| hetlab_core::broadcast::gantt::shown(&s.bars, &ends, &length, &scale, units);
        let chart = bidirectional_gantt(&b.platform.ids(), &shown(Units::Integral));
        // §4.5's toggle: the normalised period lasts Δ = 1, its slots end at 1/2 and 1.
        let normal = bidirectional_gantt(&b.platform.ids(), &shown(Units::Normalised));
        assert_eq!(normal.rects.len(), chart.rects.len());
        assert!(
            normal.rects[0].title.contains("1/4 of a message of tree"),
            "{}",
            normal.rects[0].title
        );
        let lanes: Vec<&str> = chart.rows.iter().map(|r| r.0.as_str()).collect();
        assert_eq!(
            lanes,
            ["s sends", "a sends", "a receives", "b sends", "b receives"]
        );
        let labels: std::collections::BTreeSet<String> = chart
            .rects
            .iter()
            .map(|r| {
                r.title
                    .split(" of tree ")
                    .nth(1)
                    .unwrap_or("")
                    .chars()
                    .take(2)
                    .collect()
            })
            .collect();
        assert_eq!(labels.len(), 3, "{labels:?}");
    }

    /// E2's last step on a phone and on a desktop (issue 32): every node's note and every
    /// arc's usage has room, none over a link or another text.
    #[test]
    fn e2_keeps_every_note_and_usage_at_every_width() {
        use crate::draw::fit::{fit, Frame};
        let (b, s) = e2_solved();
        let fig = bidirectional(&b.platform, &s);
        for frame in [Frame::DESKTOP, Frame::for_width(342.0, 3, 1.0)] {
            let d = fit(&fig, frame);
            for (v, n) in fig.nodes.iter().zip(&d.nodes) {
                assert_eq!(
                    v.note.is_some(),
                    n.note.is_some(),
                    "{}'s note at {frame:?}",
                    v.label
                );
            }
            for l in &d.links {
                assert!(l.label.is_some(), "{} at {frame:?}", l.title);
            }
            let boxes = d.text_boxes();
            for (i, a) in boxes.iter().enumerate() {
                assert!(boxes[i + 1..].iter().all(|o| !a.overlaps(o)), "{frame:?}");
            }
        }
    }

    /// While a tree grows, its arcs are marked and the others carry residual capacities.
    #[test]
    fn a_growing_tree_is_highlighted() {
        let b = e2();
        let Ok(Run::Broadcast(t)) = run(&b, "lp") else {
            panic!("E2 solves")
        };
        let mut s = State::new();
        let mut seen = false;
        for step in &t.trace.steps {
            s.apply(step);
            if s.current_tree
                .as_ref()
                .is_some_and(|(_, arcs)| !arcs.is_empty())
            {
                let fig = bidirectional(&b.platform, &s);
                let (_, arcs) = s.current_tree.as_ref().unwrap();
                assert!(arcs.iter().all(|&e| fig.links[e].class.contains("tree")));
                seen = true;
            }
        }
        assert!(seen);
    }

    /// Under `tree-colgen`, each priced tree is highlighted over the master's usages.
    #[test]
    fn column_generation_highlights_the_priced_tree() {
        let b = e2();
        let Ok(Run::Broadcast(t)) = run(&b, "tree-colgen") else {
            panic!("E2 solves by column generation")
        };
        let mut s = State::new();
        let mut seen = 0;
        for step in &t.trace.steps {
            s.apply(step);
            if let (Some((tree, _, _)), true) = (&s.priced, s.trees.is_empty()) {
                let fig = bidirectional(&b.platform, &s);
                assert!(tree
                    .iter()
                    .all(|&e| fig.links[e].class.contains("tree focus")));
                seen += 1;
            }
        }
        assert!(seen > 0);
    }

    #[test]
    fn the_unidirectional_period_alternates_matchings() {
        let mut b = e2();
        b.port_model = hetlab_core::broadcast::PortModel::Unidirectional;
        let Ok(Run::Unidirectional(t)) = run(&b, "lp") else {
            panic!("E2 solves under the unidirectional model")
        };
        let chart = unidirectional_gantt(
            &b.platform.ids(),
            &b.platform.arcs(),
            &t.solution.period.slots,
        );
        assert!(!chart.rects.is_empty());
        assert!(chart.rows.iter().any(|r| r.0 == "s sends"));
    }
}
