//! Tests of the PERI-MAX heuristic: the columns and values of section 7, the `2/√3` guarantee
//! on random instances (checked exactly), and the trace.

use super::*;
use crate::rational::q;
use crate::square::examples::{own, s7_1, s7_2, s7_3, s7_4, s7_5, weighted};
use crate::square::{metrics::lower_bounds, verify};
use crate::trace::captions;

/// `M̂ ≤ (2/√3)·2√s_1`, squared: `M̂² ≤ 16·s_1/3`, exact.
fn within_bound(s: &[Q], max: &Q) -> bool {
    let s1 = s.iter().max().cloned().unwrap_or_default();
    max * max <= Q::new(16.into(), 3.into()) * s1
}

/// Runs the heuristic and its trace; compares the columns (1-based ids, top to bottom, left to
/// right, or `None` for slices) and `M̂`.
fn check(s: &[Q], columns: Option<&[&[usize]]>, max: Q) -> PeriMaxPartition {
    let part = solve(s).unwrap();
    verify(s, &part.rects).unwrap();
    assert_eq!(part.max, max);
    assert!(within_bound(s, &part.max));
    match columns {
        Some(want) => {
            assert!(!part.slices);
            let got: Vec<Vec<usize>> = part
                .columns
                .iter()
                .map(|c| c.iter().map(|i| i + 1).collect())
                .collect();
            assert_eq!(got, want);
        }
        None => assert!(part.slices),
    }
    let traced = solve_traced(s).unwrap();
    assert_eq!(traced.solution, part);
    let state = traced.trace.state_at(PeriMaxState::new(s), usize::MAX);
    assert_eq!(state.columns, part.columns);
    let rects: Vec<Rect> = state.rects.iter().map(|r| r.clone().unwrap()).collect();
    assert_eq!(rects, part.rects);
    assert_eq!(state.max, Some((part.max_processor, part.max.clone())));
    assert!(captions(&traced.trace, s).iter().all(|c| !c.is_empty()));
    part
}

fn ratio(s: &[Q], part: &PeriMaxPartition) -> f64 {
    crate::rational::to_f64(&part.max) / lower_bounds(s).1
}

#[test]
fn section_7_examples() {
    let s = s7_1();
    let part = check(
        &s,
        Some(&[&[8, 7], &[6], &[4], &[5], &[3], &[1], &[2]]),
        q(28, 25),
    );
    assert!((ratio(&s, &part) - 1.022_415_441).abs() < 1e-9);
    let s = s7_2();
    let part = check(&s, Some(&[&[5, 6], &[7, 8], &[4, 3], &[2, 1]]), q(9, 10));
    assert!((ratio(&s, &part) - 1.006_230_590).abs() < 1e-9);
    check(&s7_3(), None, q(34, 25));
    check(
        &s7_4(),
        Some(&[&[1, 2], &[3, 4], &[5], &[6]]),
        q(1253, 1250),
    );
    check(&s7_5(), None, q(7, 5));
    let e1 = own(1);
    let part = check(&e1, None, q(17, 10));
    assert!((ratio(&e1, &part) - 1.015_944_318).abs() < 1e-9);
    check(&own(2), Some(&[&[1, 2], &[3, 4]]), q(1, 1));
    check(&own(3), None, q(8, 5));
    let e4 = own(4);
    let part = check(&e4, Some(&[&[7, 6, 2], &[4, 5], &[3, 1]]), q(269, 300));
    assert!((ratio(&e4, &part) - 1.002_503_810).abs() < 1e-9);
    let e5 = own(5);
    check(&e5, None, q(18, 13));
    let e6 = own(6);
    check(
        &e6,
        Some(&[&[13, 12, 1], &[11, 10], &[9, 8], &[7, 6], &[5, 4], &[3, 2]]),
        q(11, 14),
    );
}

#[test]
fn three_thirds_are_tight_and_the_window_test_is_exact() {
    let part = check(&vec![q(1, 3); 3], None, q(4, 3));
    assert_eq!(part.max * q(3, 4), q(1, 1));
    // s1 = 1/4: X_lo(1/4) = 1/√12; 1/4 is below, 1/2 above; X_lo(0) = 0 is reached by 0.
    assert!(!reaches_window(&q(1, 4), &q(1, 4), &q(1, 4)));
    assert!(reaches_window(&q(1, 2), &q(1, 4), &q(1, 4)));
    // s1 = 3/16, m = 3/16: X_lo = 1/2 − 1/4 = 1/4 exactly (a tie, closed).
    assert!(reaches_window(&q(1, 4), &q(3, 16), &q(3, 16)));
    assert!(!reaches_window(&q(249, 1000), &q(3, 16), &q(3, 16)));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]
    /// Section 3.2: M̂ ≤ (2/√3)·LB_max exactly, and the layout tiles the square.
    #[test]
    fn the_guarantee_holds(weights in proptest::collection::vec(1i64..100, 1..20)) {
        let s = weighted(&weights);
        let part = solve(&s).unwrap();
        verify(&s, &part.rects).map_err(|e| proptest::test_runner::TestCaseError::fail(e.to_string()))?;
        proptest::prop_assert!(within_bound(&s, &part.max), "M̂ = {} too large", part.max);
    }
}
