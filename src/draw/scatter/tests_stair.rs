//! The stair in numbers (scatter.md §6.4, §7): before balancing the end times of MPI_Scatter's
//! equal shares form a stair (spread above one item, hatched waits, the dashed line); after the
//! DP or the LP + rounding they are equal within one item; each chart's marks are its own.

use super::tests::{frames, preset};
use super::*;
use hetlab_core::scatter::Algorithm;

fn chart<'a>(d: &'a Drawing, role: &str) -> Option<&'a ChartMarks> {
    d.charts.iter().find(|c| c.role == role)
}

#[test]
fn the_stair_is_there_before_balancing_and_gone_after() {
    for (name, algo) in [
        ("scatter-sc1", Algorithm::Dp),
        ("scatter-sc1", Algorithm::LpRounded),
        ("scatter-sc2", Algorithm::Dp),
        ("scatter-seismic", Algorithm::LpRounded),
        ("scatter-seismic-400", Algorithm::Dp),
        ("scatter-seismic-400", Algorithm::LpRounded),
    ] {
        let p = preset(name).processors.len();
        let all = frames(&preset(name), algo);
        assert!(all[0].charts.is_empty(), "{name}: nothing drawn at step 0");
        let end = all.last().unwrap();
        let before = chart(end, "before").expect("before chart");
        // Every receiver but the first waits (the root has no wait).
        assert!(before.stair && before.idle == p - 2, "{name}: {before:?}");
        assert!(
            before.spread > before.item && !before.balanced(),
            "{name}: no stair before: {before:?}"
        );
        let after = chart(end, "after").expect("after chart");
        assert!(
            after.balanced(),
            "{name} {algo:?}: still a stair: {after:?}"
        );
        assert!(after.spread < before.spread / 5.0, "{name}: {after:?}");
    }
}

#[test]
fn sc1_spreads_are_the_spec_numbers() {
    let mut all = frames(&preset("scatter-sc1"), Algorithm::Dp);
    // The first chart drawn is the equal shares' alone (the browser test reads it there).
    let first = all
        .iter()
        .position(|d| !d.charts.is_empty())
        .expect("a chart");
    let roles: Vec<&str> = all[first].charts.iter().map(|c| c.role).collect();
    assert_eq!((first, roles), (2, vec!["before"]));
    let end = all.pop().unwrap();
    // Equal shares [2, 2, 2] end at 9, 12, 15; the DP's [3, 2, 1] at 13, 13, 12.
    let (b, a) = (
        chart(&end, "before").unwrap(),
        chart(&end, "after").unwrap(),
    );
    assert!((b.spread - 6.0).abs() < 1e-9 && (a.spread - 1.0).abs() < 1e-9);
    // One item on P2 (2 to receive, 1 + 2 to compute): 9/2 per item of its two.
    assert!((a.item - 4.5).abs() < 1e-9 && (b.item - 4.5).abs() < 1e-9);
}

#[test]
fn the_seismic_stair_runs_from_232_8_to_830_4() {
    let end = frames(&preset("scatter-seismic"), Algorithm::LpRounded)
        .pop()
        .unwrap();
    let b = chart(&end, "before").unwrap();
    assert!((b.spread - (830.4 - 232.8)).abs() < 0.05, "{b:?}");
}

#[test]
fn each_chart_owns_a_run_of_marks_in_order() {
    for algo in [Algorithm::Dp, Algorithm::LpRounded] {
        for d in frames(&preset("scatter-sc2"), algo) {
            let mut at = 0;
            for c in &d.charts {
                assert!(c.shapes.start >= at && c.shapes.end <= d.shapes.len());
                at = c.shapes.end;
            }
        }
    }
    let rational = frames(&preset("scatter-sc2"), Algorithm::LpRounded)
        .into_iter()
        .find(|d| chart(d, "rational").is_some())
        .expect("a rational chart");
    // The LP's shares end together exactly.
    assert!(chart(&rational, "rational").unwrap().spread < 1e-9);
}
