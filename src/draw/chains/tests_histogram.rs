//! Native tests of the CP histogram: inside its viewBox, one bar per bin, counts summing to R.

use super::histogram::{cp_histogram, HIST_BINS, HIST_HEIGHT, HIST_WIDTH};
use super::Shape;
use hetlab_core::chains::{cp, solve, ChainsInput};

fn bars(d: &super::Drawing) -> Vec<(f64, f64, f64, f64, usize)> {
    d.shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Rect {
                x, y, w, h, tip, ..
            } => {
                let count = tip.as_deref()?.split(' ').next()?.parse().ok()?;
                Some((*x, *y, *w, *h, count))
            }
            _ => None,
        })
        .collect()
}

fn inside(d: &super::Drawing) {
    for (x, y, w, h, _) in bars(d) {
        assert!(x >= 0.0 && y >= 0.0 && x + w <= HIST_WIDTH && y + h <= HIST_HEIGHT);
    }
    for s in &d.shapes {
        if let Shape::Text { x, y, .. } = s {
            assert!((0.0..=HIST_WIDTH).contains(x) && (0.0..=HIST_HEIGHT).contains(y));
        }
    }
}

#[test]
fn the_histogram_of_a_cp_run_has_one_bar_per_bin_and_counts_summing_to_r() {
    let input = ChainsInput::new(
        (0..300u64).map(|i| 1 + (i * 37) % 23).collect(),
        vec![1, 8, 3, 5, 2, 7, 4, 6, 1, 2],
    );
    let sol = solve(&input, "cp-random").unwrap();
    let values = cp::imbalances(&sol);
    assert!(values.len() > 1);
    let d = cp_histogram(&values);
    let b = bars(&d);
    let spread = values.iter().any(|v| (v - values[0]).abs() > 1e-12);
    assert_eq!(b.len(), if spread { HIST_BINS } else { 1 });
    assert_eq!(b.iter().map(|b| b.4).sum::<usize>(), values.len());
    inside(&d);
}

#[test]
fn equal_values_make_one_bar_and_no_values_nothing() {
    let d = cp_histogram(&[2.5; 7]);
    let b = bars(&d);
    assert_eq!(b.len(), 1);
    assert_eq!(b[0].4, 7);
    inside(&d);
    assert!(cp_histogram(&[]).shapes.is_empty());
    let d = cp_histogram(&[0.0, 1.0, 100.0]);
    assert_eq!(bars(&d).iter().map(|b| b.4).sum::<usize>(), 3);
    inside(&d);
}
