//! Native tests of the divisible-load figures on the worked examples of divisible-load.md §11.

use super::*;
use crate::draw::shapes::probe;
use hetlab_core::divisible::extras::tentative;
use hetlab_core::divisible::{solve_traced, DivStep};
use hetlab_core::families::Instance;
use hetlab_core::presets;
use hetlab_core::trace::Traced;

fn preset(name: &str) -> Divisible {
    match presets::get(name) {
        Some(Instance::Divisible(d)) => d,
        _ => panic!("no preset {name}"),
    }
}

fn size(d: &Divisible) -> usize {
    if d.variant == Variant::TreeLinear {
        d.nodes.len()
    } else {
        d.workers.len()
    }
}

fn run(
    name: &str,
) -> (
    Divisible,
    Traced<hetlab_core::divisible::DivSolution, DivStep>,
) {
    let d = preset(name);
    let t = solve_traced(&d, "exact").unwrap();
    (d, t)
}

fn at(
    d: &Divisible,
    t: &Traced<hetlab_core::divisible::DivSolution, DivStep>,
    k: usize,
) -> DivState {
    t.trace.state_at(DivState::new(size(d)), k)
}

fn span(t: &Traced<hetlab_core::divisible::DivSolution, DivStep>) -> f64 {
    span_of(&t.solution.makespan, &t.solution.schedule, None)
}

/// Approximate box of a shape: `(x0, y0, x1, y1)`; text is 6.5 units per character.
fn bbox(s: &Shape) -> (f64, f64, f64, f64) {
    match s {
        Shape::Rect { x, y, w, h, .. } => (*x, *y, x + w, y + h),
        Shape::Line { x1, y1, x2, y2, .. } => (x1.min(*x2), y1.min(*y2), x1.max(*x2), y1.max(*y2)),
        Shape::Poly { points, .. } => points
            .iter()
            .fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |b, p| {
                (b.0.min(p.0), b.1.min(p.1), b.2.max(p.0), b.3.max(p.1))
            }),
        Shape::Text {
            x, y, text, anchor, ..
        } => {
            let w = 6.5 * text.chars().count() as f64;
            let x0 = match anchor {
                Anchor::Start => *x,
                Anchor::Middle => x - w / 2.0,
                Anchor::End => x - w,
            };
            (x0, y - 11.0, x0 + w, *y + 2.0)
        }
    }
}

fn inside(f: &Figure) {
    for s in &f.shapes {
        let (x0, y0, x1, y1) = bbox(s);
        assert!(
            x0 >= -0.5 && y0 >= -0.5 && x1 <= f.width + 0.5 && y1 <= f.height + 0.5,
            "{s:?} outside {}×{}",
            f.width,
            f.height
        );
    }
}

fn count(f: &Figure, class: &str) -> usize {
    f.shapes
        .iter()
        .filter(|s| matches!(s, Shape::Rect { class: c, .. } | Shape::Line { class: c, .. } if *c == class))
        .count()
}

fn texts(f: &Figure) -> Vec<&str> {
    probe::texts(&f.shapes)
}

#[test]
fn dl3_ends_with_one_computation_per_worker_finishing_at_t_f() {
    let (d, t) = run("divisible-dl3");
    let s = at(&d, &t, usize::MAX);
    let names: Vec<String> = lanes(&d, &s).into_iter().map(|l| l.1).collect();
    assert_eq!(names, ["port", "P1", "P2", "P3"]);
    let f = gantt(&d, &s, span(&t), 0.0, None);
    inside(&f);
    assert_eq!(count(&f, "comp"), 3, "one computation per worker");
    assert_eq!(count(&f, "send"), 3);
    assert_eq!(count(&f, "recv"), 3);
    assert_eq!(count(&f, "lat"), 0, "linear costs have no latency");
    // Every computation ends on the finish line, at the right edge.
    let finish: Vec<f64> = f
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Line {
                x1,
                class: "finish",
                ..
            } => Some(*x1),
            _ => None,
        })
        .collect();
    assert_eq!(finish.len(), 1);
    assert!((finish[0] - RIGHT).abs() < 1e-6);
    for s in &f.shapes {
        if let Shape::Rect {
            x,
            w,
            class: "comp",
            ..
        } = s
        {
            assert!((x + w - RIGHT).abs() < 1e-6, "{s:?}");
        }
    }
    assert!(texts(&f).contains(&"63.6364"), "{:?}", texts(&f));
}

#[test]
fn dl4_rows_follow_the_sending_order_once_sorted() {
    let (d, t) = run("divisible-dl4");
    let before: Vec<String> = lanes(&d, &at(&d, &t, 0)).into_iter().map(|l| l.1).collect();
    assert_eq!(before, ["port", "P1", "P2", "P3", "P4"]);
    let after: Vec<String> = lanes(&d, &at(&d, &t, 1)).into_iter().map(|l| l.1).collect();
    assert_eq!(after, ["port", "P2", "P4", "P3", "P1"]);
}

#[test]
fn the_unit_axis_comes_first_then_the_rescaled_one() {
    let (d, t) = run("divisible-dl5");
    let k = t
        .trace
        .steps
        .iter()
        .position(|s| matches!(s, DivStep::Scaled { .. }))
        .unwrap();
    let s = at(&d, &t, k);
    assert!(s.unit_axis);
    let f = gantt(&d, &s, span(&t), 0.0, None);
    inside(&f);
    assert!(texts(&f).contains(&"Gantt chart per unit of makespan (T_f = 1)"));
    assert!(texts(&f).contains(&"T_f = 1"));
    let names: Vec<String> = lanes(&d, &s).into_iter().map(|l| l.1).collect();
    assert_eq!(
        names,
        ["port", "P0", "P1", "P2"],
        "the computing master has its row"
    );
    let end = gantt(&d, &at(&d, &t, k + 1), span(&t), 0.0, None);
    assert!(texts(&end).contains(&"T_f ≈ 60"), "{:?}", texts(&end));
    assert_eq!(count(&end, "comp"), 3, "two workers and the master");
}

#[test]
fn affine_invalid_sorted_ef_is_marked_red_then_replaced() {
    let (d, t) = run("divisible-dl9");
    let k = t
        .trace
        .steps
        .iter()
        .position(|s| matches!(s, DivStep::SortedEf(_)))
        .unwrap()
        + 1;
    let f = gantt(
        &d,
        &at(&d, &t, k),
        span_of(
            &t.solution.makespan,
            &t.solution.schedule,
            Some(&hetlab_core::rational::q(135, 7)),
        ),
        0.0,
        tentative(&d, &t.solution).as_deref(),
    );
    inside(&f);
    assert_eq!(count(&f, "invalid"), 1);
    assert_eq!(count(&f, "tentative"), 4, "two sends and two computations");
    assert!(
        texts(&f).iter().any(|t| t.contains("-5/7")),
        "{:?}",
        texts(&f)
    );
    let end = gantt(&d, &at(&d, &t, usize::MAX), span(&t), 0.0, None);
    assert_eq!(count(&end, "invalid"), 0);
    assert_eq!(count(&end, "comp"), 2, "only P1 and P2 work");
}

#[test]
fn latencies_are_hatched_inside_their_bars() {
    let (d, t) = run("divisible-dl11");
    let f = gantt(&d, &at(&d, &t, usize::MAX), span(&t), 0.0, None);
    inside(&f);
    // G on the send (port row and receiver row) and W on the computation, for 3 workers.
    assert_eq!(count(&f, "lat"), 9);
}

#[test]
fn dl7_tree_rows_and_layout() {
    let (d, t) = run("divisible-dl7");
    let s = at(&d, &t, usize::MAX);
    let names: Vec<String> = lanes(&d, &s).into_iter().map(|l| l.1).collect();
    assert_eq!(names, ["M sends", "A sends", "A", "B", "C", "D"]);
    let pos = tree::positions(&d);
    let (m, a, b, c, dd) = (pos[0], pos[1], pos[2], pos[3], pos[4]);
    assert!(
        m.1 < a.1 && a.1 < c.1 && (a.1 - b.1).abs() < 1e-9 && (c.1 - dd.1).abs() < 1e-9,
        "{pos:?}"
    );
    assert!(
        c.0 < a.0 && a.0 < dd.0,
        "A above the middle of C and D: {pos:?}"
    );
    let fig = tree::tree(&d, &s);
    inside(&fig);
    assert!(texts(&fig).contains(&"w_eq=50/43"), "{:?}", texts(&fig));
    assert_eq!(count(&fig, "expanded"), 5);
    // Labels on the same baseline do not overlap.
    let mut boxes: Vec<(f64, f64, f64, f64)> = fig
        .shapes
        .iter()
        .filter(|s| matches!(s, Shape::Text { .. }))
        .map(bbox)
        .collect();
    boxes.sort_by(|p, q| (p.3, p.0).partial_cmp(&(q.3, q.0)).unwrap());
    for w in boxes.windows(2) {
        if (w[0].3 - w[1].3).abs() < 1e-9 {
            assert!(w[0].2 <= w[1].0, "overlap {w:?}");
        }
    }
    // No label crosses an edge.
    let edges: Vec<(f64, f64, f64, f64)> = fig
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Line {
                x1,
                y1,
                x2,
                y2,
                class: "edge",
            } => Some((*x1, *y1, *x2, *y2)),
            _ => None,
        })
        .collect();
    assert_eq!(edges.len(), 4, "one edge per non-root node");
    for b in &boxes {
        for e in &edges {
            for k in 0..=50 {
                let f = f64::from(k) / 50.0;
                let (x, y) = (e.0 + f * (e.2 - e.0), e.1 + f * (e.3 - e.1));
                assert!(
                    !(b.0 < x && x < b.2 && b.1 < y && y < b.3),
                    "label {b:?} crosses edge {e:?}"
                );
            }
        }
    }
    let g = gantt(&d, &s, span(&t), tree::height(&d), None);
    assert_eq!(count(&g, "comp"), 4, "A, B, C, D compute; M has no CPU");
}

#[test]
fn periodic_schedules_stay_inside_and_are_capped() {
    let (d, t) = run("divisible-dl18");
    let s = at(&d, &t, usize::MAX);
    let f = gantt(&d, &s, span(&t), 0.0, None);
    inside(&f);
    let drawn = count(&f, "comp-d") + count(&f, "send-d");
    assert_eq!(count(&f, "comp"), 0, "dense charts drop the outlines");
    assert!(drawn <= 2 * MAX_BARS && drawn > 100, "{drawn}");
}

#[test]
fn bar_charts_highlight_one_bar_and_stay_inside() {
    let bars: Vec<bars::Bar> = [0.5238, 0.5048, 0.4571, 0.4, 0.4667, 0.4]
        .iter()
        .enumerate()
        .map(|(k, v)| bars::Bar {
            label: format!("o{k}"),
            value: Some(*v),
            class: if k == 0 { "best" } else { "bar" },
            fill: None,
        })
        .chain([bars::Bar {
            label: "x".into(),
            value: None,
            class: "bar",
            fill: None,
        }])
        .collect();
    let f = bars::chart("ρ of every order", &bars);
    inside(&f);
    assert_eq!(count(&f, "best"), 1);
    assert_eq!(count(&f, "off"), 1);
    assert_eq!(count(&f, "bar"), 5);
}

#[test]
fn the_svg_document_holds_every_figure_and_escapes_the_title() {
    let (d, t) = run("divisible-dl7");
    let s = at(&d, &t, usize::MAX);
    let (a, b) = (tree::tree(&d, &s), gantt(&d, &s, span(&t), 0.0, None));
    let svg = to_svg_document(&[&a, &b], "tree <DL-7>");
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    assert!(svg.contains("&lt;DL-7&gt;") && svg.contains("dl-hatch"));
    assert_eq!(svg.matches("<g transform").count(), 2);
    assert!(page_css().contains("svg.dl-figure .comp{"));
}
