//! Native tests of the scatter figures on the worked examples of scatter.md §8 and the
//! platform of §6: geometry inside the figure, one mark per processor, the stair, labels that
//! do not collide, the exported document.

use super::*;
use hetlab_core::families::Instance;
use hetlab_core::presets;
use hetlab_core::scatter::Scatter;
use hetlab_core::scatter::{solve_traced, Algorithm, ScatterState};

pub(super) fn preset(name: &str) -> Scatter {
    match presets::get(name) {
        Some(Instance::Scatter(s)) => s,
        _ => panic!("no scatter preset {name}"),
    }
}

/// Every figure of a run, one per step (`0..=len`).
pub(super) fn frames(inst: &Scatter, algo: Algorithm) -> Vec<Drawing> {
    let t = solve_traced(inst, algo).expect("solves");
    let rational = hetlab_core::scatter::extras::rational_schedule(inst, &t.solution);
    let scale = Scale::new(time_span(&t.solution, rational.as_ref()));
    (0..=t.trace.len())
        .map(|k| {
            let s = t
                .trace
                .state_at(ScatterState::new(inst.processors.len(), inst.n), k);
            figure(&Frame {
                state: &s,
                rational: rational.as_ref(),
                scale,
            })
        })
        .collect()
}

fn count(d: &Drawing, class: &str) -> usize {
    d.shapes
        .iter()
        .filter(|s| match s {
            Shape::Rect { class: c, .. }
            | Shape::Line { class: c, .. }
            | Shape::Poly { class: c, .. }
            | Shape::Text { class: c, .. } => *c == class,
        })
        .count()
}

fn rects<'a>(d: &'a Drawing, class: &'a str) -> impl Iterator<Item = (f64, f64, f64, f64)> + 'a {
    d.shapes.iter().filter_map(move |s| match s {
        Shape::Rect {
            x,
            y,
            w,
            h,
            class: c,
            ..
        } if *c == class => Some((*x, *y, *w, *h)),
        _ => None,
    })
}

/// The horizontal extent of a label, as laid out.
#[allow(clippy::cast_precision_loss)]
fn extent(x: f64, text: &str, anchor: Anchor) -> (f64, f64) {
    let w = CHAR_W * text.chars().count() as f64;
    match anchor {
        Anchor::Start => (x, x + w),
        Anchor::Middle => (x - w / 2.0, x + w / 2.0),
        Anchor::End => (x - w, x),
    }
}

fn inside(d: &Drawing) -> Result<(), String> {
    let ok =
        |x: f64, y: f64| x >= -0.01 && x <= d.width + 0.01 && y >= -0.01 && y <= d.height + 0.01;
    for s in &d.shapes {
        let fine = match s {
            Shape::Rect { x, y, w, h, .. } => ok(*x, *y) && ok(x + w, y + h),
            Shape::Line { x1, y1, x2, y2, .. } => ok(*x1, *y1) && ok(*x2, *y2),
            Shape::Poly { points, .. } => points.iter().all(|&(x, y)| ok(x, y)),
            Shape::Text {
                x,
                y,
                text,
                anchor,
                class,
            } => {
                let (a, b) = extent(*x, text, *anchor);
                // Titles may be long sentences; they start at the left edge and are checked
                // against a wider estimate elsewhere.
                (*class == "title" || (a >= -0.01 && b <= d.width + 0.01)) && ok(*x, *y - 10.0)
            }
        };
        if !fine {
            return Err(format!("{s:?} leaves the {}×{} figure", d.width, d.height));
        }
    }
    Ok(())
}

const CASES: [&str; 7] = [
    "scatter-sc1",
    "scatter-sc2",
    "scatter-sc2a",
    "scatter-sc3",
    "scatter-sc4",
    "scatter-seismic",
    "scatter-seismic-400",
];

#[test]
fn every_mark_stays_inside_the_figure_at_every_step() {
    for name in CASES {
        let inst = preset(name);
        for algo in Algorithm::ALL {
            if solve_traced(&inst, algo).is_err() {
                continue;
            }
            for (k, d) in frames(&inst, algo).iter().enumerate() {
                if let Err(e) = inside(d) {
                    panic!("{name} {} step {k}: {e}", algo.name());
                }
            }
        }
    }
}

#[test]
fn sc1_dp_draws_one_bar_of_each_kind_per_processor() {
    let inst = preset("scatter-sc1");
    let all = frames(&inst, Algorithm::Dp);
    let start = &all[0];
    assert_eq!(count(start, "comp"), 0, "nothing before the first step");
    assert_eq!(count(start, "note"), 2);
    let end = all.last().unwrap();
    // Before [2,2,2] and after [3,2,1]: every processor computes in both charts, the two
    // receivers wait (the hatched stair) and receive, the root sends to both.
    assert_eq!(count(end, "comp"), 6);
    assert_eq!(count(end, "idle"), 4);
    assert_eq!(count(end, "recv"), 4);
    assert_eq!(count(end, "send"), 4);
    assert_eq!(
        count(end, "share"),
        6,
        "one share bar per processor and chart"
    );
    assert_eq!(count(end, "row-label") + count(end, "root-label"), 6);
    assert_eq!(count(end, "tline"), 2, "one makespan line per chart");
}

#[test]
fn sc1_bars_sit_at_the_spec_times() {
    // After: P1 (0, 4, 13), P2 (4, 8, 13), P3 (8, 8, 12); before T = 15: the scale is 15.
    let inst = preset("scatter-sc1");
    let end = frames(&inst, Algorithm::Dp).pop().unwrap();
    let scale = Scale::new(15.0);
    let comp: Vec<_> = rects(&end, "comp").collect();
    let after = &comp[3..];
    let close = |a: f64, b: f64| (a - b).abs() < 1e-6;
    for (bar, (recv, endt)) in after.iter().zip([(4.0, 13.0), (8.0, 13.0), (8.0, 12.0)]) {
        assert!(close(bar.0, scale.x(recv)), "{bar:?}");
        assert!(close(bar.0 + bar.2, scale.x(endt)), "{bar:?}");
    }
    // The hatched waits of the "after" chart: P1 none, P2 until 4.
    let idle: Vec<_> = rects(&end, "idle").collect();
    assert!(close(idle[2].2, 0.0) && close(idle[3].2, scale.x(4.0) - X0));
}

#[test]
fn the_stair_descends_to_the_right() {
    for name in ["scatter-sc1", "scatter-seismic"] {
        let inst = preset(name);
        let algo = if name == "scatter-sc1" {
            Algorithm::Dp
        } else {
            Algorithm::LpRounded
        };
        let end = frames(&inst, algo).pop().unwrap();
        let stairs: Vec<&Vec<(f64, f64)>> = end
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Poly { points, class } if *class == "stair" => Some(points),
                _ => None,
            })
            .collect();
        assert_eq!(stairs.len(), 2, "{name}: one stair per chart");
        for pts in stairs {
            assert_eq!(pts.len(), inst.processors.len(), "{name}: all contacted");
            assert!(pts.windows(2).all(|w| w[1].0 >= w[0].0 && w[1].1 > w[0].1));
        }
    }
}

#[test]
fn marker_labels_never_overlap() {
    for name in CASES {
        let inst = preset(name);
        for algo in [Algorithm::LpRounded, Algorithm::Dp, Algorithm::ClosedForm] {
            if solve_traced(&inst, algo).is_err() {
                continue;
            }
            for d in frames(&inst, algo) {
                let marks: Vec<(f64, (f64, f64))> = d
                    .shapes
                    .iter()
                    .filter_map(|s| match s {
                        Shape::Text {
                            x,
                            y,
                            text,
                            class,
                            anchor,
                        } if ["tline-label", "lp-label", "band-label"].contains(class)
                            || text == "items" =>
                        {
                            Some((*y, extent(*x, text, *anchor)))
                        }
                        _ => None,
                    })
                    .collect();
                for (i, a) in marks.iter().enumerate() {
                    for b in &marks[i + 1..] {
                        let same_lane = (a.0 - b.0).abs() < 1.0;
                        let apart = a.1 .1 <= b.1 .0 || b.1 .1 <= a.1 .0;
                        assert!(
                            !same_lane || apart,
                            "{name} {}: {a:?} and {b:?}",
                            algo.name()
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn lp_rounding_shows_the_rational_chart_then_the_band() {
    let inst = preset("scatter-sc2");
    let all = frames(&inst, Algorithm::LpRounded);
    let titles = |d: &Drawing| -> Vec<String> {
        d.shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, class, .. } if *class == "title" => Some(text.clone()),
                _ => None,
            })
            .collect()
    };
    assert!(all
        .iter()
        .any(|d| titles(d).iter().any(|t| t.starts_with("Rational shares"))));
    let end = all.last().unwrap();
    assert!(titles(end).iter().any(|t| t == "After balancing: T = 125"));
    assert_eq!(count(end, "band"), 1);
    assert_eq!(count(end, "lpline"), 1);
}

#[test]
fn root_choice_draws_one_bar_pair_per_root_and_outlines_the_best() {
    let inst = preset("scatter-sc4");
    let end = frames(&inst, Algorithm::RootChoice).pop().unwrap();
    assert_eq!(count(&end, "transfer"), 3);
    assert_eq!(count(&end, "exec"), 3);
    assert_eq!(count(&end, "best"), 1);
}

#[test]
fn the_dp_cell_curve_has_one_point_per_candidate() {
    let inst = preset("scatter-sc1");
    let t = solve_traced(&inst, Algorithm::Dp).unwrap();
    let k = t
        .trace
        .steps
        .iter()
        .position(|s| matches!(s, hetlab_core::scatter::ScatterStep::DpCell { d: 6, .. }))
        .unwrap();
    let s = t.trace.state_at(ScatterState::new(3, 6), k + 1);
    let d = figure(&Frame {
        state: &s,
        rational: None,
        scale: Scale::new(15.0),
    });
    assert_eq!(count(&d, "dot") + count(&d, "chosen"), 7, "e = 0..6");
    assert_eq!(count(&d, "chosen"), 1);
}

#[test]
fn labels_on_lanes_do_not_collide() {
    let lanes = place_labels(
        &[
            (100.0, "T = 13"),
            (104.0, "T_LP ≈ 12.53"),
            (300.0, "x"),
            (102.0, "bound ≈ 20.5"),
        ],
        2,
    );
    assert_eq!(lanes, vec![Some(0), Some(1), Some(0), None]);
}

#[test]
fn tick_values_are_short() {
    assert_eq!(tick_text(2_000_000.0), "2M");
    assert_eq!(tick_text(350_000.0), "350k");
    assert_eq!(tick_text(12.5), "12.5");
}

#[test]
fn the_export_is_one_document_with_every_mark() {
    let inst = preset("scatter-sc1");
    let end = frames(&inst, Algorithm::Dp).pop().unwrap();
    let doc = to_svg_document(&[&end, &end], "dp <SC-1>");
    assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(doc.ends_with("</svg>"));
    assert!(doc.contains("dp &lt;SC-1&gt;"));
    assert_eq!(doc.matches(r#"<rect class="comp""#).count(), 12);
    assert!(doc.contains(HATCH_ID));
}

#[test]
fn edge_cases_draw_without_marks_outside() {
    // n = 0 (empty Gantt charts) and the root alone (scatter.md §9).
    let mut none = preset("scatter-sc2");
    none.n = 0;
    let mut alone = preset("scatter-sc2");
    alone.processors.truncate(1);
    for inst in [none, alone] {
        for algo in Algorithm::ALL {
            if solve_traced(&inst, algo).is_err() {
                continue;
            }
            for d in frames(&inst, algo) {
                inside(&d).unwrap();
                assert!(d.height > 0.0);
            }
        }
    }
}
