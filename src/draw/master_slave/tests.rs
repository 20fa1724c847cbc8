//! Native tests of the master–slave figures on the worked examples of master-slave.md §11.

use super::*;
use crate::draw::shapes::probe;
use hetlab_core::families::Instance;
use hetlab_core::master_slave::{solve_traced, Activity, MsInput, MsSolution};
use hetlab_core::presets;
use hetlab_core::trace::Traced;

use hetlab_core::master_slave::MsStep;

fn preset(name: &str) -> MsInput {
    match presets::get(name) {
        Some(Instance::MasterSlave(m)) => m,
        other => panic!("{name}: {other:?}"),
    }
}

fn run(name: &str, algo: &str) -> (MsInput, Traced<MsSolution, MsStep>) {
    let input = preset(name);
    let t = solve_traced(&input, algo).unwrap();
    (input, t)
}

fn at(t: &Traced<MsSolution, MsStep>, k: usize) -> MsState {
    t.trace.state_at(MsState::default(), k)
}

fn texts(d: &Drawing) -> Vec<&str> {
    probe::texts(&d.shapes)
}

fn count(d: &Drawing, class: &str) -> usize {
    probe::count(&d.shapes, class)
}

/// Every shape lies inside the `WIDTH × height` canvas (texts: their anchor point and an
/// estimate of their extent at 7 px per character).
fn assert_inside(d: &Drawing) {
    let ok = |x: f64, y: f64| {
        (-0.01..=WIDTH + 0.01).contains(&x) && (-0.01..=d.height + 0.01).contains(&y)
    };
    for s in &d.shapes {
        let fine = match s {
            Shape::Rect { x, y, w, h, .. } => ok(*x, *y) && ok(x + w, y + h),
            Shape::Line { x1, y1, x2, y2, .. } => ok(*x1, *y1) && ok(*x2, *y2),
            Shape::Poly { points, .. } => points.iter().all(|(x, y)| ok(*x, *y)),
            Shape::Text {
                x, y, text, anchor, ..
            } => {
                let w = 6.5 * text.chars().count() as f64;
                let (a, b) = match anchor {
                    Anchor::Start => (*x, x + w),
                    Anchor::Middle => (x - w / 2.0, x + w / 2.0),
                    Anchor::End => (x - w, *x),
                };
                ok(a, *y) && ok(b, *y)
            }
        };
        assert!(fine, "outside the {WIDTH}×{} canvas: {s:?}", d.height);
    }
}

#[test]
fn every_preset_is_drawn_inside_the_canvas_at_every_step() {
    for p in presets::of("master-slave") {
        let input = preset(p.name);
        for algo in hetlab_core::master_slave::offered(&input) {
            let Ok(t) = solve_traced(&input, algo) else {
                continue;
            };
            let f = frame(&input, &t.solution);
            for k in [0, 1, t.trace.len() / 2, t.trace.len()] {
                let d = figure(&f, &at(&t, k));
                assert_inside(&d);
            }
        }
    }
}

#[test]
fn ms1_rows_one_block_per_activity_and_the_line_at_t() {
    let (input, t) = run("master-slave-ms1", "exact");
    let f = frame(&input, &t.solution);
    assert_eq!(f.rows.len(), 3, "bus + 2 slaves");
    let d = figure(&f, &at(&t, t.trace.len()));
    // 2 messages + 5 + 3 tasks.
    assert_eq!(count(&d, "act"), 10);
    assert_eq!(count(&d, "horizon"), 1);
    assert_eq!(count(&d, "swatch"), 2, "one colour mark per slave");
    let tx = texts(&d);
    for want in ["8 tasks", "T = 28", "bus", "P1", "P2", "P1 t=5", "P2 t=9"] {
        assert!(tx.contains(&want), "{want} missing from {tx:?}");
    }
}

#[test]
fn ms1_starts_with_the_empty_bus_slots() {
    let (input, t) = run("master-slave-ms1", "exact");
    let f = frame(&input, &t.solution);
    let d = figure(&f, &at(&t, 0));
    assert_eq!(count(&d, "slot"), 2, "two empty bus slots, no graph yet");
    assert_eq!(count(&d, "act"), 0);
    assert!(texts(&d).contains(&"0 tasks"));
    let (input, t) = run("master-slave-ms4", "approx");
    let d = figure(&frame(&input, &t.solution), &at(&t, 0));
    assert_eq!(count(&d, "slot"), 6, "three forward and three return slots");
}

#[test]
fn ms1_shows_the_foil_then_the_optimal_matching() {
    let (input, t) = run("master-slave-ms1", "exact");
    let f = frame(&input, &t.solution);
    let matched = |s: &MsStep| matches!(s, MsStep::Matched { .. });
    let first = t.trace.steps.iter().position(matched).unwrap() + 1;
    let d = figure(&f, &at(&t, first));
    assert_eq!((count(&d, "foil"), count(&d, "chosen")), (2, 0));
    let d = figure(&f, &at(&t, first + 1));
    assert_eq!((count(&d, "foil"), count(&d, "chosen")), (2, 2));
    assert_eq!(count(&d, "edge"), 4, "all of K_2,2 in light grey");
    // The optimum gives P1 slot 2 (5 tasks) and P2 slot 1 (3 tasks): labels 5 and 3.
    let tx = texts(&d);
    assert!(tx.contains(&"3") && tx.contains(&"5"), "{tx:?}");
}

#[test]
fn edge_labels_of_one_side_do_not_overlap() {
    let (input, t) = run("master-slave-ms2b", "exact");
    let d = figure(&frame(&input, &t.solution), &at(&t, t.trace.len()));
    let labels: Vec<(f64, f64)> = d
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Text { x, y, class, .. } if class.starts_with("edge-label") => Some((*x, *y)),
            _ => None,
        })
        .collect();
    assert_eq!(labels.len(), 8, "foil and optimum on 4 slaves");
    for (i, a) in labels.iter().enumerate() {
        for b in &labels[i + 1..] {
            assert!(
                (a.0 - b.0).abs() > 14.0 || (a.1 - b.1).abs() >= 11.0,
                "{a:?} {b:?}"
            );
        }
    }
}

#[test]
fn ms4_approximation_draws_the_tripartite_graph() {
    let (input, t) = run("master-slave-ms4", "approx");
    let d = figure(&frame(&input, &t.solution), &at(&t, t.trace.len()));
    assert_eq!(count(&d, "chosen"), 6, "σ1 and σ2 for 3 slaves");
    assert_eq!(
        count(&d, "slot"),
        12,
        "F1..F3 and S1..S3, and the six bus slots"
    );
    assert_eq!(count(&d, "node"), 3);
    // Every slave has one forward and one return message.
    let s = at(&t, t.trace.len());
    let sends = s
        .schedule
        .iter()
        .filter(|a| matches!(a, Activity::Send { .. }))
        .count();
    let rets = s
        .schedule
        .iter()
        .filter(|a| matches!(a, Activity::Return { .. }))
        .count();
    assert_eq!((sends, rets), (3, 3));
    assert_eq!(count(&d, "ret"), 3);
}

#[test]
fn ms7_pattern_bar_reaches_the_mark_and_tasks_after_t_are_grey() {
    let (input, t) = run("master-slave-ms7", "periodic");
    let d = figure(&frame(&input, &t.solution), &at(&t, t.trace.len()));
    assert_eq!(count(&d, "mark"), 1);
    let tx = texts(&d);
    assert!(
        tx.iter()
            .any(|x| x.starts_with("S = 1, Tpat = 12, nb = (4,3,3,2)")),
        "{tx:?}"
    );
    assert!(tx.contains(&"93 tasks"), "{tx:?}");
    let late = t
        .solution
        .schedule
        .iter()
        .filter(|a| a.span().1 > &t.solution.horizon)
        .count();
    assert_eq!(count(&d, "late"), late);
}

#[test]
fn ms13_tree_has_one_box_per_node_and_port_rows_for_relays() {
    let (input, t) = run("master-slave-ms13", "exact");
    let f = frame(&input, &t.solution);
    let names: Vec<&str> = f.rows.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(names, ["M port", "A port", "A", "B", "C", "D"]);
    let d = figure(&f, &at(&t, t.trace.len()));
    assert_eq!(count(&d, "node"), 4);
    assert_eq!(count(&d, "tree-edge"), 4);
    assert!(texts(&d).contains(&"6 tasks"));
}

#[test]
fn ms3_search_band_shrinks_to_the_answer() {
    let (input, t) = run("master-slave-ms3", "exact");
    let f = frame(&input, &t.solution);
    assert_eq!(f.target, Some(10));
    let d = figure(&f, &at(&t, t.trace.len()));
    assert_eq!(count(&d, "interval"), 1);
    assert!(count(&d, "probe") >= 2);
    assert!(texts(&d).contains(&"T = 18"), "{:?}", texts(&d));
}

#[test]
fn the_svg_document_is_self_contained() {
    let (input, t) = run("master-slave-ms2", "exact");
    let d = figure(&frame(&input, &t.solution), &at(&t, t.trace.len()));
    let svg = to_svg_document(&d, "MS-2 <exact>");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains("<title>MS-2 &lt;exact&gt;</title>"));
    assert!(svg.contains(".chosen{"));
    assert!(svg.ends_with("</svg>"));
}

#[test]
fn tree_boxes_do_not_overlap() {
    for name in [
        "master-slave-ms12",
        "master-slave-ms13",
        "master-slave-ms10d",
    ] {
        let (input, t) = run(name, "exact");
        let d = figure(&frame(&input, &t.solution), &at(&t, t.trace.len()));
        let boxes: Vec<(f64, f64, f64, f64)> = d
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Rect {
                    x, y, w, h, class, ..
                } if *class == "node" || *class == "slot" => Some((*x, *y, *w, *h)),
                _ => None,
            })
            .collect();
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[i + 1..] {
                let apart =
                    a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0 || a.1 + a.3 <= b.1 || b.1 + b.3 <= a.1;
                assert!(apart, "{name}: {a:?} overlaps {b:?}");
            }
        }
    }
}

#[test]
fn sixty_four_slaves_stay_inside_with_one_row_each() {
    use hetlab_core::master_slave::{BusInput, Comm, Goal};
    use hetlab_core::rational::qi;
    let input = MsInput::Bus(BusInput {
        variant: 1,
        t: (0..64).map(|i| qi(5 + i % 7)).collect(),
        comm: Comm::Single(qi(1)),
        goal: Goal::Horizon(qi(200)),
    });
    let t = solve_traced(&input, "exact").unwrap();
    let f = frame(&input, &t.solution);
    assert_eq!(f.rows.len(), 65);
    let d = figure(&f, &at(&t, t.trace.len()));
    assert_inside(&d);
    assert_eq!(count(&d, "swatch"), 64);
    assert!(texts(&d).iter().any(|x| x.contains("graph is left out")));
}

#[test]
fn ms7_series_plot_has_both_curves_inside() {
    let (_, t) = run("master-slave-ms7", "periodic");
    let series = &t.solution.periodic.as_ref().unwrap().series;
    let d = plot::series(series).unwrap();
    assert_inside(&d);
    assert_eq!(count(&d, "curve-periodic"), 1);
    assert_eq!(count(&d, "curve-greedy"), 1);
    assert!(plot::series(&[]).is_none());
}

#[test]
fn ms4_exact_gantt_alone_draws_every_message_and_task() {
    let (input, t) = run("master-slave-ms4", "exact");
    let f = frame(&input, &t.solution);
    let d = gantt_alone(&f, &t.solution.schedule, t.solution.total);
    assert_inside(&d);
    // master-slave.md §11, MS-4: OPT = 16 tasks, 3 messages out and 3 back on the bus.
    assert!(texts(&d).contains(&"16 tasks"));
    assert_eq!(count(&d, "act"), 16 + 6);
    assert_eq!(count(&d, "latest"), 0);
}
