//! The metrics of square-partitions.md §5 on the worked examples of §7 (in their own file: they
//! solve the examples with the column DP, which itself uses the metrics).

use super::*;
use crate::rational::q;
use crate::square::column;

#[test]
fn section_7_1_metrics_and_section_5_rounding() {
    let s = crate::square::examples::s7_1();
    let part = column::solve(&s).unwrap();
    let m = metrics(&s, &part.rects);
    assert_eq!(m.sum_half_perimeters, q(11, 2));
    assert_eq!(m.max_half_perimeter, q(11, 10));
    assert_eq!(m.interior_cut_length, q(7, 2));
    assert!((m.lb_sum - 5.407_716_309_054).abs() < 1e-9);
    assert!((m.ratio_sum - 1.017_065_187).abs() < 1e-9);
    assert!((m.lb_max - 1.095_445_115).abs() < 1e-9);
    let r10 = rounding(&s, &part.rects, 10);
    assert_eq!(r10.blocks, [6, 6, 8, 9, 9, 12, 20, 30]);
    assert_eq!((r10.makespan, r10.imbalance), (q(120, 1), q(1, 5)));
    let r25 = rounding(&s, &part.rects, 25);
    assert_eq!(r25.blocks, [28, 28, 44, 64, 64, 72, 130, 195]);
    assert_eq!((r25.makespan, r25.imbalance), (q(650, 1), q(1, 25)));
    let v = volume(&part.rects, 10);
    assert_eq!((v.per_step, v.total), (q(35, 1), q(350, 1)));
    assert_eq!(v.per_processor[7], q(11, 1));
}

/// The optimal column layout of areas `s`: its `M̂` (exact) and `LB_sum` (to 1e-9).
fn check_column_layout(s: &[Q], max: Option<Q>, lb_sum: f64, label: &str) -> Metrics {
    let part = column::solve(s).unwrap();
    let m = metrics(s, &part.rects);
    if let Some(max) = max {
        assert_eq!(m.max_half_perimeter, max, "{label}: M̂");
    }
    assert!(
        (m.lb_sum - lb_sum).abs() < 1e-9,
        "{label}: LB_sum {}",
        m.lb_sum
    );
    m
}

#[test]
fn sections_7_2_to_7_6_column_layouts_and_lower_bounds() {
    use crate::square::examples::{own, s7_2, s7_3, s7_4, s7_5};
    check_column_layout(&s7_2(), Some(q(9, 10)), 5.316_134_849_980, "7.2");
    let m = check_column_layout(&s7_3(), Some(q(7321, 6100)), 4.363_330_765_278, "7.3");
    assert!((m.lb_max - 1.2).abs() < 1e-9, "7.3: LB_max");
    // 7.4: Ĉ_col = 5 over LB_sum, the ratio 1.194358530.
    let m = check_column_layout(&s7_4(), None, 4.186_347_631_691, "7.4");
    assert_eq!(m.sum_half_perimeters, q(5, 1));
    assert!(
        (m.ratio_sum - 1.194_358_530).abs() < 1e-9,
        "7.4: ratio {}",
        m.ratio_sum
    );
    check_column_layout(&s7_5(), None, 4.792_563_827_932, "7.5");
    // 7.6, own examples E1 to E6.
    check_column_layout(&own(1), Some(q(17, 10)), 2.768_765_168_078, "E1");
    // E2: four squares of side 1/2, Ĉ_col = 4 = LB_sum and M̂ = 1 = LB_max.
    let m = check_column_layout(&own(2), Some(q(1, 1)), 4.0, "E2");
    assert_eq!(m.sum_half_perimeters, q(4, 1));
    assert!((m.lb_max - 1.0).abs() < 1e-9, "E2: LB_max");
    let m = check_column_layout(&own(3), Some(q(8, 5)), 4.079_015_466_618, "E3");
    assert!((m.lb_max - 1.549_193_338).abs() < 1e-9, "E3: LB_max");
    check_column_layout(&own(4), Some(q(861, 950)), 5.249_880_054_002, "E4");
    check_column_layout(&own(5), Some(q(18, 13)), 5.677_948_915_694, "E5");
    let m = check_column_layout(&own(6), Some(q(1808, 2275)), 6.888_186_546_556, "E6");
    assert!((m.lb_max - 0.755_928_946).abs() < 1e-9, "E6: LB_max");
}

#[test]
fn three_thirds_reach_the_ratio_two_over_root_three() {
    let (sum, max) = lower_bounds(&[q(1, 3), q(1, 3), q(1, 3)]);
    assert!((sum - 6.0 / 3f64.sqrt()).abs() < 1e-12);
    assert!((4.0 / 3.0 / max - 2.0 / 3f64.sqrt()).abs() < 1e-12);
}
