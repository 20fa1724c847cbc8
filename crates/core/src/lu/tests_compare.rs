//! The comparison tables of lu-distributions.md §3.3 and its period example (§5.6): totals
//! printed with six decimals, checked to the spec's relative tolerance of 1e-6.

use super::compare::{series, set_a, set_b, PLOTTED};
use super::*;
use crate::rational::{qi, to_f64};

const SIZES: [usize; 5] = [10, 20, 50, 100, 200];

fn close(got: &Q, want: f64) -> bool {
    (to_f64(got) - want).abs() <= 1e-6 * want.abs()
}

/// One table of §3.3: per size, `LB_total` then the totals of block-cyclic, full-block, greedy
/// and DP.
fn check_table(t: &[Q], table: &[[f64; 5]; 5]) {
    let curves = series(t, &SIZES, &PLOTTED).unwrap();
    for (row, n) in table.iter().zip(SIZES) {
        for (c, curve) in curves.iter().enumerate() {
            let point = curve.points.iter().find(|p| p.n == n).unwrap();
            assert!(close(&point.perfect, row[0]), "LB n = {n}");
            assert!(
                close(&point.total, row[c + 1]),
                "{} n = {n}: {} vs {}",
                curve.scheme.name(),
                to_f64(&point.total),
                row[c + 1]
            );
            assert!((point.ratio - row[c + 1] / row[0]).abs() < 1e-6);
        }
    }
}

#[test]
fn comparison_table_set_a() {
    check_table(
        &set_a(),
        &[
            [109.615_385, 221.0, 310.0, 175.0, 155.0],
            [950.0, 1770.0, 2375.0, 1125.0, 1104.0],
            [15_548.076_923, 25_275.0, 39_480.0, 16_520.0, 16_551.0],
            [126_288.461_538, 190_521.0, 312_500.0, 130_089.0, 130_315.0],
            [
                1_017_961.538_462,
                1_514_320.0,
                2_507_625.0,
                1_033_034.0,
                1_033_925.0,
            ],
        ],
    );
}

#[test]
fn comparison_table_set_b() {
    check_table(
        &set_b(),
        &[
            [285.0, 591.666_667, 720.0, 367.222_222, 393.888_889],
            [2470.0, 3_537.777_778, 5910.0, 2_806.666_667, 2_873.333_333],
            [40_425.0, 62_720.0, 99_440.0, 42_678.888_889, 43_100.0],
            [
                328_350.0,
                490_150.0,
                781_760.0,
                337_084.444_444,
                339_846.111_111,
            ],
            [
                2_646_700.0,
                3_809_466.666_667,
                6_297_610.0,
                2_682_517.222_222,
                2_692_662.777_778,
            ],
        ],
    );
}

/// The series agree with full runs through the entry point.
#[test]
fn series_match_solve() {
    let t = set_b();
    let curves = series(&t, &[7, 13], &Scheme::ALL).unwrap();
    for curve in curves {
        for point in curve.points {
            let input = LuInput {
                cycle_times: t.clone(),
                b: point.n,
                n: Some(point.n),
                grid: None,
            };
            let sol = solve(curve.scheme.name(), &input).unwrap();
            assert_eq!(
                (sol.total_cost, sol.perfect_balance),
                (point.total, point.perfect)
            );
        }
    }
    assert!(series(&t, &[1], &PLOTTED).is_err());
    assert!(series(&t, &[MAX_BLOCKS + 1], &PLOTTED).is_err());
}

#[test]
fn period_effect_set_a_n40() {
    let run = |algorithm: &str, b: usize| {
        let input = LuInput {
            cycle_times: set_a(),
            b,
            n: Some(40),
            grid: None,
        };
        solve(algorithm, &input).unwrap()
    };
    let full = run("2d-dp", 40);
    assert_eq!(
        (full.total_cost.clone(), full.perfect_balance.clone()),
        (qi(8525), qi(7900))
    );
    assert!((to_f64(&full.ratio) - 1.079_114).abs() < 1e-6);
    let sliced = run("2d-dp", 10);
    assert_eq!(sliced.total_cost, qi(9609));
    assert!((to_f64(&sliced.ratio) - 1.216_329).abs() < 1e-6);
    // The greedy always uses B = n, whatever B says.
    assert_eq!(run("2d-greedy", 10).total_cost, qi(8507));
}
