//! Native tests of the ring figures on the worked examples of ring.md §12 and the platforms of
//! §9 (read from the core's presets).

use super::prepare::{prepare, ratio, Prepared};
use super::*;
use hetlab_core::families::Instance;
use hetlab_core::family::{run_offered, Family};
use hetlab_core::presets;
use hetlab_core::ring::extras::{extras, sweep};
use hetlab_core::ring::family::RingFamily;
use hetlab_core::ring::RingSolution;
use hetlab_core::trace::Traced;

fn preset(name: &str) -> Ring {
    match presets::get(name) {
        Some(Instance::Ring(r)) => r,
        other => panic!("{name}: {other:?}"),
    }
}

fn run(r: &Ring, algo: &str) -> (Traced<RingSolution, RingStep>, Prepared) {
    let (_, t) = run_offered::<RingFamily>(r, Some(algo), true).expect("runs");
    let offered = RingFamily::offered(r);
    let prep = prepare(r, &t.trace, extras(r, &offered, algo, &t, sweep(r)));
    (t, prep)
}

fn at(t: &Traced<RingSolution, RingStep>, p: &Prepared, k: usize, r: &Ring) -> Drawing {
    at_in(t, p, k, r, Arrangement::Stacked)
}

fn at_in(
    t: &Traced<RingSolution, RingStep>,
    p: &Prepared,
    k: usize,
    r: &Ring,
    arrangement: Arrangement,
) -> Drawing {
    let s = t.trace.state_at(RingState::new(r.p()), k);
    let last = k.checked_sub(1).and_then(|i| t.trace.steps.get(i));
    figure(
        &p.layout,
        &s,
        p.extras.eval(&s.ring),
        last,
        &p.scale,
        arrangement,
    )
}

fn count(d: &Drawing, class: &str) -> usize {
    d.shapes
        .iter()
        .filter(|s| match s {
            Shape::Rect { class: c, .. }
            | Shape::Line { class: c, .. }
            | Shape::Circle { class: c, .. }
            | Shape::Poly { class: c, .. }
            | Shape::Text { class: c, .. } => *c == class,
        })
        .count()
}

fn texts(d: &Drawing) -> Vec<&str> {
    d.shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

fn inside(d: &Drawing) {
    let ok = |x: f64, y: f64| (0.0..=d.width).contains(&x) && (0.0..=d.height).contains(&y);
    for s in &d.shapes {
        let good = match s {
            Shape::Rect { at, .. } => ok(at[0], at[1]) && ok(at[0] + at[2], at[1] + at[3]),
            Shape::Line { at, .. } => ok(at[0], at[1]) && ok(at[2], at[3]),
            Shape::Circle { at, .. } => {
                ok(at[0] - at[2], at[1] - at[2]) && ok(at[0] + at[2], at[1] + at[2])
            }
            Shape::Poly { points, .. } => points.iter().all(|&(x, y)| ok(x, y)),
            // Labels: their extent at 7 px per character (12–13 px sans-serif).
            Shape::Text {
                at, text, anchor, ..
            } => {
                let w = 7.0 * text.chars().count() as f64;
                let x0 = match anchor {
                    Anchor::Start => at[0],
                    Anchor::Middle => at[0] - w / 2.0,
                    Anchor::End => at[0] - w,
                };
                ok(x0, at[1] - 11.0) && ok(x0 + w, at[1])
            }
        };
        assert!(good, "{s:?} leaves the {}×{} box", d.width, d.height);
    }
}

#[test]
fn rr1_ends_on_the_four_ring_with_its_bars() {
    let r = preset("ring-rr-1");
    let (t, p) = run(&r, "exact");
    let d = at(&t, &p, t.trace.len(), &r);
    inside(&d);
    // One node per processor, all in the ring, four ring edges, four compute bars.
    assert_eq!(count(&d, "node-in"), 4);
    assert_eq!(count(&d, "node-out"), 0);
    assert_eq!(count(&d, "ring-edge"), 4);
    assert_eq!(count(&d, "compute"), 4);
    assert_eq!(count(&d, "comm"), 4);
    assert_eq!(
        count(&d, "e-cheap") + count(&d, "e-mid") + count(&d, "e-dear"),
        6
    );
    assert!(texts(&d).contains(&"T = 7"), "{:?}", texts(&d));
    // The water level ℓ = T_closed = T = 7 (§2, §11), labelled.
    assert_eq!(count(&d, "level-line"), 1);
    assert!(texts(&d).contains(&"ℓ = 7"), "{:?}", texts(&d));
    // Exact best per size q = 1..4: 10, 26/3, 17/2, 7 on the size plot.
    assert_eq!(count(&d, "dot-exact"), 4);
    assert_eq!(count(&d, "chosen"), 1);
}

#[test]
fn the_greedy_grows_the_ring_one_processor_at_a_time() {
    let r = preset("ring-rg-1");
    let (t, p) = run(&r, "greedy");
    let mut sizes = Vec::new();
    for k in 0..=t.trace.len() {
        let s = t.trace.state_at(RingState::new(r.p()), k);
        let d = at(&t, &p, k, &r);
        inside(&d);
        assert_eq!(count(&d, "node-in"), s.ring.len());
        assert_eq!(
            count(&d, "node-in") + count(&d, "node-out"),
            5,
            "one mark per processor"
        );
        if matches!(
            t.trace.steps.get(k.wrapping_sub(1)),
            Some(RingStep::GreedyTried { .. })
        ) {
            assert_eq!(count(&d, "node-try"), 1);
            assert!(count(&d, "try-edge") >= 1);
            assert!(count(&d, "dot-try") >= 1);
        }
        // Every ring drawn has its bars (valued once in `prepare`).
        if !s.ring.is_empty() {
            assert_eq!(count(&d, "compute"), s.ring.len(), "step {k}");
        }
        if sizes.last() != Some(&s.ring.len()) {
            sizes.push(s.ring.len());
        }
    }
    assert_eq!(sizes, vec![0, 1, 2, 3, 4, 5]);
    // The result, 9 with all five (the greedy's pitfall of §12 RG-1).
    assert_eq!(t.solution.t_step, hetlab_core::rational::qi(9));
}

#[test]
fn a_communication_bound_ring_shows_t_closed() {
    let r = preset("ring-rg-1");
    let (t, p) = run(&r, "tsp");
    assert!(t.solution.eval.communication_bound);
    let d = at(&t, &p, t.trace.len(), &r);
    assert_eq!(count(&d, "closed-line"), 1);
    assert!(texts(&d).contains(&"T_closed"));
    // The tour (0,1,4,2,3) fills to ℓ = 8 < T_closed = 326/39 < T = 9.
    assert!(texts(&d).contains(&"ℓ = 8"), "{:?}", texts(&d));
    assert_eq!(count(&d, "level-line"), 1);
}

#[test]
fn labels_of_a_large_ring_do_not_overlap() {
    let r = hetlab_core::ring::generate(32, true, 5);
    let l = layout(&r);
    assert_eq!(l.pos.len(), 32);
    assert!(
        l.links.is_empty(),
        "no background links above 16 processors"
    );
    for i in 0..32 {
        for j in i + 1..32 {
            let (a, b) = (l.label[i], l.label[j]);
            // Boxes of "P31" (3 characters at 7 px, 12 px high), placed by their anchors.
            let x = |(x, _, an): (f64, f64, Anchor)| match an {
                Anchor::Start => x,
                Anchor::Middle => x - 10.5,
                Anchor::End => x - 21.0,
            };
            let apart = (x(a) - x(b)).abs() >= 21.0 || (a.1 - b.1).abs() >= 12.0;
            assert!(apart, "labels P{i} and P{j} overlap: {a:?} {b:?}");
            let (pa, pb) = (l.pos[i], l.pos[j]);
            let dist = (pa.0 - pb.0).hypot(pa.1 - pb.1);
            assert!(
                dist >= l.radius[i] + l.radius[j],
                "nodes {i} and {j} overlap"
            );
        }
    }
    let (t, p) = run(&r, "greedy");
    inside(&at(&t, &p, t.trace.len(), &r));
}

#[test]
fn lyon_groups_sit_together_on_the_circle() {
    let r = preset("ring-lyon");
    let c: Vec<Vec<f64>> =
        r.c.iter()
            .map(|row| row.iter().map(to_f64).collect())
            .collect();
    let order = circle_order(&c);
    let pos = |i: usize| order.iter().position(|&x| x == i).unwrap();
    // Groups A = {0,1,5}, B = {2,3,6,7} (ring.md §9.1) are contiguous arcs.
    for group in [vec![0, 1, 5], vec![2, 3, 6, 7]] {
        let mut at: Vec<usize> = group.iter().map(|&i| pos(i)).collect();
        at.sort_unstable();
        assert_eq!(
            at[at.len() - 1] - at[0],
            group.len() - 1,
            "{group:?} in {order:?}"
        );
    }
}

#[test]
fn lyon_sweep_jumps_from_1_to_14_at_65_52() {
    let r = preset("ring-lyon");
    assert!((ratio(&r).unwrap() - 100.0).abs() < 1e-9);
    let s = sweep(&r).unwrap();
    for curve in [&s.greedy, s.exact.as_ref().unwrap()] {
        assert_eq!(curve.transitions.len(), 1);
        let tr = &curve.transitions[0];
        assert_eq!((tr.from, tr.to), (1, 14));
        assert!((tr.ratio - 65.5241).abs() < 1e-3, "{tr:?}");
    }
    let d = sweep::plot(
        14,
        &s.greedy.points,
        Some(&s.exact.as_ref().unwrap().points),
        Some(65.0),
        Some(100.0),
    );
    inside(&d);
    assert_eq!(count(&d, "greedy"), 1);
    assert_eq!(count(&d, "exact"), 1);
    assert_eq!(count(&d, "marker"), 1);
}

#[test]
fn homogeneous_links_get_one_link_class_and_h0_no_sweep() {
    let mut r = preset("ring-rh-1");
    let l = layout(&r);
    assert!(l.links.iter().all(|(_, _, c)| c == "e-mid"));
    r.h = hetlab_core::rational::qi(0);
    assert!(sweep(&r).is_none());
    assert!(ratio(&r).is_none());
}

#[test]
fn the_homogeneous_panel_draws_two_lines_crossing_at_the_threshold() {
    // RH-1 (ring.md §12): P1 alone against all five, crossing at W/H = 9/5 = 1.8; W/H = 10 marked.
    let r = preset("ring-rh-1");
    let (_, p) = run(&r, "homogeneous");
    let panel = p.extras.homogeneous.as_ref().expect("homogeneous links");
    let d = homogeneous::plot(panel, r.p());
    let lines: Vec<&Vec<(f64, f64)>> = d
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Poly { points, .. } => Some(points),
            _ => None,
        })
        .collect();
    assert_eq!(lines.len(), 2);
    assert!(lines.iter().all(|l| l.len() == panel.points.len()));
    let t = texts(&d);
    for want in ["cross at 1.8", "P1 alone", "all 5", "W/H", "T_step/H"] {
        assert!(t.contains(&want), "{want} in {t:?}");
    }
    assert!(run(&preset("ring-rr-1"), "exact")
        .1
        .extras
        .homogeneous
        .is_none());
}

#[test]
fn the_svg_document_is_escaped_and_complete() {
    let r = preset("ring-rr-1");
    let (t, p) = run(&r, "greedy");
    let d = at(&t, &p, t.trace.len(), &r);
    let svg = to_svg_document(&d, "greedy <RR-1> & co");
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    assert!(svg.contains("greedy &lt;RR-1&gt; &amp; co"));
    assert_eq!(svg.matches("<text").count(), texts(&d).len());
    assert_eq!(
        svg.matches("<circle").count(),
        d.shapes
            .iter()
            .filter(|s| matches!(s, Shape::Circle { .. }))
            .count()
    );
    assert!(svg.contains(r#"viewBox="0 0 440 676""#));
}

#[test]
fn the_slider_is_live_for_the_fast_methods_and_small_exact_ones() {
    use super::prepare::live;
    assert!(live(14, "greedy") && live(14, "tsp") && !live(14, "exact") && live(10, "exact"));
}

#[test]
fn the_wide_arrangement_puts_the_plots_beside_the_platform_inside_its_box() {
    // A projector's figure column (1280 × 800), a phone (390 × 844), the embed's 840 × 640 frame.
    assert_eq!(Arrangement::for_box(840.0, Some(455.0)), Arrangement::Wide);
    assert_eq!(
        Arrangement::for_box(360.0, Some(474.0)),
        Arrangement::Stacked
    );
    assert_eq!(Arrangement::for_box(820.0, Some(450.0)), Arrangement::Wide);
    assert_eq!(Arrangement::for_box(700.0, None), Arrangement::Stacked);
    assert_eq!(Arrangement::for_box(420.0, None), Arrangement::Stacked);
    assert_eq!(Arrangement::for_box(360.0, None), Arrangement::Narrow);
    for (name, algo) in [("ring-rr-1", "exact"), ("ring-lyon", "greedy")] {
        let r = preset(name);
        let (t, p) = run(&r, algo);
        for k in [0, t.trace.len() / 2, t.trace.len()] {
            let stacked = at(&t, &p, k, &r);
            let wide = at_in(&t, &p, k, &r, Arrangement::Wide);
            inside(&wide);
            assert_eq!((wide.width, wide.height), (WIDE_WIDTH, WIDE_HEIGHT));
            // The same shapes, the lower panels' moved right of the platform.
            assert_eq!(texts(&wide).len(), texts(&stacked).len());
            let titles: Vec<(f64, &str)> = wide
                .shapes
                .iter()
                .filter_map(|s| match s {
                    Shape::Text {
                        at,
                        text,
                        class: "title",
                        ..
                    } => Some((at[0], text.as_str())),
                    _ => None,
                })
                .collect();
            assert_eq!(titles.len(), 3, "{titles:?}");
            assert!(titles[0].0 < WIDTH && titles[1].0 > WIDTH && titles[2].0 > WIDTH);
        }
    }
}

#[test]
fn the_narrow_arrangement_fits_a_phone_card_at_full_size() {
    // A phone's card (360 px): the platform alone and the plots, each at one unit per px.
    for (name, algo) in [("ring-rr-1", "exact"), ("ring-lyon", "greedy")] {
        let r = preset(name);
        let (t, p) = run(&r, algo);
        for k in [0, t.trace.len() / 2, t.trace.len()] {
            let stacked = at(&t, &p, k, &r);
            let narrow = at_in(&t, &p, k, &r, Arrangement::Narrow);
            inside(&narrow);
            assert_eq!((narrow.width, narrow.height), (NARROW_WIDTH, NARROW_HEIGHT));
            let s = t.trace.state_at(RingState::new(r.p()), k);
            let plots = plots(p.extras.eval(&s.ring), &s, &p.scale);
            inside(&plots);
            assert!(plots.width <= NARROW_WIDTH && plots.height < HEIGHT);
            // Between them, every label of the stacked figure.
            assert_eq!(
                texts(&narrow).len() + texts(&plots).len(),
                texts(&stacked).len()
            );
        }
    }
}
