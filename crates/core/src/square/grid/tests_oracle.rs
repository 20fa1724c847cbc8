//! Brute-force oracles for the 2D grid solvers on small instances (square-partitions.md §4):
//! every arrangement of the processors solved exactly gives the true MAX-GRID optimum; sampled
//! row fractions never beat the exact solver of one arrangement; and the `grid-exact` runs of
//! the spec's examples give the spec's numbers.

use proptest::prelude::*;

use super::*;
use crate::rational::{q, to_f64, Q};

/// All permutations of `0..n` (n ≤ 6 here), in lexicographic order.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for rest in permutations(n - 1) {
        for at in 0..=rest.len() {
            let mut p = rest.clone();
            p.insert(at, n - 1);
            out.push(p);
        }
    }
    out
}

/// The cycle-time matrix of `perm` on a `rows × cols` grid (row-major).
fn arranged(times: &[Q], perm: &[usize], cols: usize) -> Vec<Vec<Q>> {
    perm.chunks(cols)
        .map(|row| row.iter().map(|&p| times[p].clone()).collect())
        .collect()
}

/// `V(r) = Σr · Σ_j 1/max_i(r_i t_ij)`: the best `V` for fixed rows (§4.1), computed directly.
fn v_of_rows(t: &[Vec<f64>], r: &[f64]) -> f64 {
    let cols = t[0].len();
    let c: f64 = (0..cols)
        .map(|j| 1.0 / (0..t.len()).map(|i| r[i] * t[i][j]).fold(0.0, f64::max))
        .sum();
    r.iter().sum::<f64>() * c
}

/// The MAX-GRID optimum by brute force, and the best over non-decreasing arrangements only.
fn brute_force(times: &[Q], rows: usize, cols: usize) -> (Q, Q) {
    let mut all = Q::from_integer(0.into());
    let mut monotone = all.clone();
    for perm in permutations(rows * cols) {
        let t = arranged(times, &perm, cols);
        let v = exact(&t).expect("small grid").v;
        let rows_ok = t.iter().all(|row| row.windows(2).all(|w| w[0] <= w[1]));
        let cols_ok = (0..cols).all(|j| (1..rows).all(|i| t[i - 1][j] <= t[i][j]));
        if rows_ok && cols_ok && v > monotone {
            monotone = v.clone();
        }
        if v > all {
            all = v;
        }
    }
    (all, monotone)
}

#[test]
fn grid_exact_reproduces_sections_4_4_and_7_8() {
    let times: Vec<Q> = (1..=9).map(|k| q(k, 1)).collect();
    let g = exact_all(&times, 3, 3).unwrap();
    let vs: Vec<f64> = g.exact.iter().map(|x| to_f64(&x.v)).collect();
    for (v, want) in vs.iter().zip([2.553_571, 2.597_222, 2.658_333]) {
        assert!((v - want).abs() < 1e-6, "{vs:?}");
    }
    assert_eq!(g.best, 2);
    let best = g.best_exact().unwrap();
    assert_eq!(best.v, q(29, 20) * q(11, 6));
    assert_eq!(best.r, [q(1, 1), q(1, 4), q(1, 5)]);
    assert_eq!(best.c, [q(1, 1), q(1, 2), q(1, 3)]);

    let speeds = [362, 357, 357, 305, 250, 134, 287, 284, 128];
    let times: Vec<Q> = speeds.iter().map(|&s| q(1, s)).collect();
    let g = exact_all(&times, 3, 3).unwrap();
    assert!((to_f64(&g.exact[0].v) - 2322.804).abs() < 1e-3);
    assert!((to_f64(&g.exact[2].v) - 2318.504).abs() < 1e-3);
    let best = to_f64(&g.best_exact().unwrap().v);
    assert!(g.exact.iter().all(|x| to_f64(&x.v) <= best));

    let big: Vec<Q> = (1..=20).map(|k| q(k, 1)).collect();
    let e = exact_all(&big, 4, 5).unwrap_err().to_string();
    assert!(e.contains("at most 16"), "{e}");
}

#[test]
fn the_2x2_and_2x3_optimum_by_brute_force() {
    // Rank-1 platforms reach E = 1; the brute force finds it whatever the input order.
    let times = [q(6, 1), q(1, 1), q(3, 1), q(2, 1)];
    let (all, monotone) = brute_force(&times, 2, 2);
    assert_eq!((all.clone(), monotone), (q(2, 1), q(2, 1)));
    let g = exact_all(&times, 2, 2).unwrap();
    assert_eq!(g.best_exact().unwrap().v, all);
}

proptest! {
    // Each 2 × 3 case solves 720 arrangements exactly: a few cases are enough.
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// On 2×2 and 2×3 grids: non-decreasing arrangements reach the optimum (§4.2); the
    /// heuristic and `grid-exact` never exceed it, and `grid-exact` is never below the
    /// heuristic.
    #[test]
    fn small_grids_against_brute_force(
        cells in proptest::collection::vec(1i64..12, 4..=6),
        wide in any::<bool>(),
    ) {
        let p = if wide { 6 } else { 4 };
        let times: Vec<Q> = cells.iter().cycle().take(p).map(|&c| q(c, 1)).collect();
        let (rows, cols) = (2, p / 2);
        let (all, monotone) = brute_force(&times, rows, cols);
        prop_assert_eq!(&all, &monotone);
        let h = heuristic(&times, rows, cols).unwrap();
        let hv = h.evaluations[h.best].v;
        prop_assert!(hv <= to_f64(&all) * (1.0 + 1e-9), "heuristic {} above optimum {}", hv, to_f64(&all));
        let g = exact_all(&times, rows, cols).unwrap();
        let gv = &g.best_exact().unwrap().v;
        prop_assert!(gv <= &all);
        prop_assert!(to_f64(gv) >= hv * (1.0 - 1e-9));
    }

    /// For one arrangement, no sampled choice of row fractions beats the exact solver, and
    /// the exact solver's own rows reach its `V` through the direct formula.
    #[test]
    fn sampled_rows_never_beat_the_exact_solver(
        cells in proptest::collection::vec(1i64..20, 6),
        samples in proptest::collection::vec(proptest::collection::vec(0.01f64..1.0, 2), 50),
    ) {
        let times: Vec<Q> = cells.iter().map(|&c| q(c, 1)).collect();
        for (rows, cols) in [(2, 3), (3, 2)] {
            let t = arranged(&times, &(0..6).collect::<Vec<_>>(), cols);
            let x = exact(&t).unwrap();
            let tf: Vec<Vec<f64>> = t.iter().map(|r| r.iter().map(to_f64).collect()).collect();
            let best = to_f64(&x.v);
            let own: Vec<f64> = x.r.iter().map(to_f64).collect();
            prop_assert!((v_of_rows(&tf, &own) - best).abs() <= 1e-9 * best);
            for s in &samples {
                let mut r = vec![1.0];
                r.extend(s.iter().take(rows - 1));
                prop_assert!(v_of_rows(&tf, &r) <= best * (1.0 + 1e-9));
            }
        }
    }
}
