//! The instances of square-partitions.md section 7, shared by the tests of every algorithm
//! (each test file holds only the expected numbers of its own algorithm).

use crate::rational::{parse_q, q, Q};

/// Areas written as decimals.
pub(crate) fn decimals(text: &[&str]) -> Vec<Q> {
    text.iter().map(|t| parse_q(t).unwrap()).collect()
}

/// Areas proportional to integer weights (random instances of the property tests).
pub(crate) fn weighted(w: &[i64]) -> Vec<Q> {
    let total: i64 = w.iter().sum();
    w.iter().map(|&x| q(x, total)).collect()
}

/// 7.1: the source example, 8 areas.
pub(crate) fn s7_1() -> Vec<Q> {
    decimals(&["0.05", "0.05", "0.08", "0.1", "0.1", "0.12", "0.2", "0.3"])
}

/// 7.2: the source toy example (one tie).
pub(crate) fn s7_2() -> Vec<Q> {
    decimals(&["0.02", "0.04", "0.06", "0.08", "0.2", "0.2", "0.2", "0.2"])
}

/// 7.3: 5 areas.
pub(crate) fn s7_3() -> Vec<Q> {
    decimals(&["0.36", "0.25", "0.13", "0.13", "0.13"])
}

/// 7.4: the degenerate example.
pub(crate) fn s7_4() -> Vec<Q> {
    let (a, b) = (q(311, 1250), q(3, 1250));
    vec![a.clone(), a.clone(), a.clone(), a, b.clone(), b]
}

/// 7.5: the cycle times of the experiment platform.
pub(crate) fn s7_5_times() -> Vec<Q> {
    vec![
        q(1, 1),
        q(1, 1),
        q(1, 5),
        q(1, 5),
        q(1, 9),
        q(1, 9),
        q(1, 20),
    ]
}

/// 7.5: its areas.
pub(crate) fn s7_5() -> Vec<Q> {
    crate::square::areas_from_cycle_times(&s7_5_times()).unwrap()
}

/// E1 to E6 of 7.6 (`own(1)` … `own(6)`).
pub(crate) fn own(k: usize) -> Vec<Q> {
    match k {
        1 => vec![q(7, 10), q(3, 10)],
        2 => vec![q(1, 4); 4],
        3 => decimals(&["0.6", "0.1", "0.1", "0.1", "0.1"]),
        4 => decimals(&["0.1", "0.1", "0.12", "0.15", "0.15", "0.18", "0.2"]),
        5 => {
            let mut s = vec![q(5, 13)];
            s.extend(vec![q(1, 13); 8]);
            s
        }
        _ => (1..=13).map(|i| q(i, 91)).collect(),
    }
}
