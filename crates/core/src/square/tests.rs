//! Tests of the shared square-partition helpers: areas from cycle times and speeds (section
//! 7.5), and the independent checker finding overlaps and wrong areas.

use super::*;
use crate::rational::q;

#[test]
fn section_7_5_cycle_times_normalise_to_areas() {
    let s = areas_from_cycle_times(&examples::s7_5_times()).unwrap();
    let want = [
        q(1, 50),
        q(1, 50),
        q(1, 10),
        q(1, 10),
        q(9, 50),
        q(9, 50),
        q(2, 5),
    ];
    assert_eq!(s, want);
    assert_eq!(
        areas_from_speeds(&[q(3, 1), q(1, 1)]).unwrap(),
        [q(3, 4), q(1, 4)]
    );
    assert!(areas_from_speeds(&[q(1, 1), q(0, 1)]).is_err());
    assert!(areas_from_cycle_times(&[]).is_err());
    assert!(check_areas(&[q(1, 2)]).is_err());
}

#[test]
fn the_checker_finds_overlaps_and_wrong_areas() {
    let s = [q(1, 2), q(1, 2)];
    let left = Rect {
        x: q(0, 1),
        y: q(0, 1),
        w: q(1, 2),
        h: q(1, 1),
    };
    let right = Rect {
        x: q(1, 2),
        y: q(0, 1),
        w: q(1, 2),
        h: q(1, 1),
    };
    assert!(verify(&s, &[left.clone(), right.clone()]).is_ok());
    assert_eq!(
        verify(&s, &[left.clone(), left.clone()]),
        Err("R1 and R2 overlap".to_owned().into())
    );
    let thin = Rect {
        w: q(1, 4),
        ..right.clone()
    };
    assert!(verify(&s, &[left, thin])
        .unwrap_err()
        .to_string()
        .contains("area 1/4"));
    let out = Rect {
        x: q(3, 4),
        ..right
    };
    assert!(verify(&s, &[Rect::default(), out]).is_err());
}

/// Square-partitions.md §3 and §5: the recursive algorithm's `Ĉ ≤ 1 + 1.25·LB_sum` and
/// PERI-MAX's `M̂ ≤ (2/√3)·LB_max`, on every example of §7 (the bounds recomputed here from
/// the areas, independently of `metrics`).
#[test]
fn the_heuristics_meet_their_guarantees_on_every_example() {
    use crate::rational::to_f64;
    use crate::square::examples::{own, s7_1, s7_2, s7_3, s7_4, s7_5};
    use crate::square::run::run_algorithm;
    let mut all = vec![s7_1(), s7_2(), s7_3(), s7_4(), s7_5()];
    all.extend((1..=6).map(own));
    for (k, s) in all.iter().enumerate() {
        let lb_sum: f64 = s.iter().map(|a| 2.0 * to_f64(a).sqrt()).sum();
        let lb_max = s.iter().map(|a| 2.0 * to_f64(a).sqrt()).fold(0.0, f64::max);
        let rec = run_algorithm("recursive", s).unwrap().metrics;
        assert!(
            (rec.recursive_bound - (1.0 + 1.25 * lb_sum)).abs() < 1e-12,
            "{k}"
        );
        assert!(
            to_f64(&rec.sum_half_perimeters) <= rec.recursive_bound,
            "{k}: Ĉ"
        );
        let pm = run_algorithm("peri-max", s).unwrap().metrics;
        assert!(
            (pm.peri_max_bound - 2.0 / 3f64.sqrt() * lb_max).abs() < 1e-12,
            "{k}"
        );
        assert!(
            to_f64(&pm.max_half_perimeter) <= pm.peri_max_bound + 1e-12,
            "{k}: M̂"
        );
    }
}
