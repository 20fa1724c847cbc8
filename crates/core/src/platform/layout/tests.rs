//! Layouts: the shape decides the layout, computed positions are deterministic, inside the unit
//! square and never closer than [`MIN_SEP`]; the cost groups of Lyon and Strasbourg.

use super::*;
use crate::generate::{platform, Shape as Gen};
use crate::presets;

/// Smallest distance between two positions, in frame heights.
fn closest(pts: &[Point]) -> f64 {
    let mut best = f64::MAX;
    for i in 0..pts.len() {
        for j in i + 1..pts.len() {
            let d = ((pts[i].x - pts[j].x) * ASPECT).hypot(pts[i].y - pts[j].y);
            best = best.min(d);
        }
    }
    best
}

fn check(p: &Platform, what: &str) {
    let a = auto_layout(p, None);
    assert_eq!(a, auto_layout(p, None), "{what}: not deterministic");
    for pt in &a {
        assert!(
            (0.0..=1.0).contains(&pt.x) && (0.0..=1.0).contains(&pt.y),
            "{what}: {pt:?} outside"
        );
    }
    if a.len() > 1 {
        assert!(closest(&a) >= MIN_SEP * 0.999, "{what}: {}", closest(&a));
    }
}

#[test]
fn every_shape_is_laid_out_apart_and_deterministically() {
    for shape in Gen::ALL {
        for n in [1, 2, 5, 14, 40, 64] {
            check(&platform(shape, n, 7), &format!("{} {n}", shape.name()));
        }
    }
    for preset in presets::with_platform() {
        if let Some(p) = presets::get(preset.name).and_then(|i| i.platform().cloned()) {
            check(&p, preset.name);
        }
    }
}

#[test]
fn shapes_pick_their_layout() {
    assert_eq!(shape(&platform(Gen::Star, 40, 1)), Shape::Tree);
    assert_eq!(shape(&platform(Gen::Chain, 6, 1)), Shape::Tree);
    assert_eq!(shape(&platform(Gen::Ring, 9, 1)), Shape::Ring);
    assert_eq!(shape(&platform(Gen::Random, 40, 1)), Shape::General);
    let lyon = presets::get("lyon").unwrap().platform().cloned().unwrap();
    assert_eq!(shape(&lyon), Shape::Complete);
}

#[test]
fn a_star_is_rooted_at_its_master_and_staggers_its_leaves() {
    let p = platform(Gen::Star, 40, 3);
    let a = auto_layout(&p, None);
    assert!(a[1..].iter().all(|q| q.y > a[0].y));
    // Rooted elsewhere (a broadcast source): that node is on top.
    let b = auto_layout(&p, Some(5));
    assert!((0..40).filter(|&v| v != 5).all(|v| b[v].y > b[5].y));
}

#[test]
fn a_ring_is_drawn_in_cycle_order() {
    let mut p = platform(Gen::Ring, 6, 2);
    // Relabel the cycle 0-1-...-5 as links in shuffled order: the circle still follows it.
    p.links.reverse();
    let a = auto_layout(&p, None);
    let step = |u: usize, v: usize| ((a[u].x - a[v].x) * ASPECT).hypot(a[u].y - a[v].y);
    let side = step(0, 1);
    for k in 0..6 {
        assert!((step(k, (k + 1) % 6) - side).abs() < 1e-9);
    }
}

#[test]
fn lyon_and_strasbourg_fall_into_their_groups() {
    let lyon = presets::get("lyon").unwrap().platform().cloned().unwrap();
    assert_eq!(
        circle::groups(&lyon, 0),
        vec![
            vec![0, 1, 5],
            vec![2, 3, 6, 7],
            vec![4, 8, 9, 10, 11, 12, 13]
        ]
    );
    let st = presets::get("strasbourg")
        .unwrap()
        .platform()
        .cloned()
        .unwrap();
    let g = circle::groups(&st, 0);
    assert_eq!(g[0], vec![0, 2, 3, 4, 10, 11]);
    assert!(g.contains(&vec![1, 9]));
    // Members of a group are drawn closer to each other than to any other group.
    let a = auto_layout(&lyon, None);
    let d = |u: usize, v: usize| ((a[u].x - a[v].x) * ASPECT).hypot(a[u].y - a[v].y);
    assert!(d(0, 1) < d(0, 2) && d(2, 3) < d(3, 4) && d(8, 9) < d(9, 1));
}

#[test]
fn given_positions_are_kept() {
    let mut p = platform(Gen::Random, 10, 4);
    p.nodes[3].pos = Some(Point { x: 0.0, y: 1.0 });
    assert_eq!(layout(&p)[3], Point { x: 0.0, y: 1.0 });
}
