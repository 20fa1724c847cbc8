//! Tests of the grid solvers: the 2×2 closed form, the worked examples of sections 4.4 and
//! 7.8, and the trace.

use super::*;
use crate::rational::{q, to_f64, Q};
use crate::trace::{captions, Replay};

fn grid(rows: &[&[i64]]) -> Vec<Vec<Q>> {
    rows.iter()
        .map(|r| r.iter().map(|&x| q(x, 1)).collect())
        .collect()
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

/// The closed form of section 4.3 for a 2×2 arrangement.
fn closed_form(t: &[Vec<Q>]) -> Q {
    let (t11, t12, t21, t22) = (&t[0][0], &t[0][1], &t[1][0], &t[1][1]);
    let one = Q::from_integer(1.into());
    let a = (&one + t11 / t21) * (t11.recip() + t12.clone().max(t11 * t22 / t21).recip());
    let b = (&one + t12 / t22) * (t11.clone().max(t12 * t21 / t22).recip() + t12.recip());
    a.max(b)
}

#[test]
fn section_4_3_exact_solver_matches_the_closed_form() {
    let rank1 = exact(&grid(&[&[1, 2], &[3, 6]])).unwrap();
    assert_eq!((rank1.v.clone(), rank1.e.clone()), (q(2, 1), q(1, 1)));
    let t = grid(&[&[1, 2], &[3, 5]]);
    let g = exact(&t).unwrap();
    assert_eq!((g.v.clone(), g.e.clone()), (q(2, 1), q(60, 61)));
    assert_eq!(g.r, [q(1, 1), q(1, 3)]);
    assert_eq!(g.c, [q(1, 1), q(1, 2)]);
    for k in 1..40i64 {
        let t = grid(&[&[1 + k % 7, 2 + k % 5], &[1 + k % 3, 3 + k % 11]]);
        assert_eq!(exact(&t).unwrap().v, closed_form(&t), "{t:?}");
    }
    let nine = grid(&[&[1, 2, 3], &[4, 5, 6], &[7, 8, 9]]);
    assert_eq!(exact(&nine).unwrap().trees, 81);
    assert!(exact(&[vec![q(1, 1); 17]]).is_err());
    assert!(exact(&[vec![q(1, 1)], vec![]]).is_err());
}

#[test]
fn section_4_4_nine_cycle_times() {
    let times: Vec<Q> = (1..=9).map(|k| q(k, 1)).collect();
    let h = heuristic(&times, 3, 3).unwrap();
    let vs: Vec<f64> = h.evaluations.iter().map(|e| e.v).collect();
    assert_eq!(vs.len(), 3);
    for (v, want) in vs.iter().zip([2.4322, 2.5065, 2.5889]) {
        assert!(close(*v, want, 1e-4), "{vs:?}");
    }
    assert_eq!(h.best, 2);
    assert_eq!(
        h.evaluations[1].arrangement,
        [[0, 1, 2], [3, 4, 6], [5, 7, 8]]
    );
    assert_eq!(
        h.evaluations[2].arrangement,
        [[0, 1, 2], [3, 5, 7], [4, 6, 8]]
    );
    let first = &h.evaluations[0];
    for (r, want) in first.r.iter().zip([1.1661, 0.3675, 0.2100]) {
        assert!(close(*r, want, 1e-4));
    }
    for (c, want) in first.c.iter().zip([0.6803, 0.4288, 0.2859]) {
        assert!(close(*c, want, 1e-4));
    }
    let u = [
        [0.7933, 1.0, 1.0],
        [1.0, 0.7879, 0.6303],
        [1.0, 0.7203, 0.5402],
    ];
    for (row, want) in first.u.iter().zip(u) {
        for (x, y) in row.iter().zip(want) {
            assert!(close(*x, y, 1e-4));
        }
    }
    assert!(close(h.evaluations[2].e, 0.91515, 1e-5));
    // The exact optimum of each visited arrangement.
    let exact_v: Vec<f64> = h
        .evaluations
        .iter()
        .map(|e| {
            let t: Vec<Vec<Q>> = e
                .arrangement
                .iter()
                .map(|row| row.iter().map(|&k| times[k].clone()).collect())
                .collect();
            to_f64(&exact(&t).unwrap().v)
        })
        .collect();
    for (v, want) in exact_v.iter().zip([2.553_571, 2.597_222, 2.658_333]) {
        assert!(close(*v, want, 1e-6), "{exact_v:?}");
    }
    let t3: Vec<Vec<Q>> = grid(&[&[1, 2, 3], &[4, 6, 8], &[5, 7, 9]]);
    let g = exact(&t3).unwrap();
    assert_eq!(g.r, [q(1, 1), q(1, 4), q(1, 5)]);
    assert_eq!(g.c, [q(1, 1), q(1, 2), q(1, 3)]);
}

#[test]
fn section_7_8_nine_machines() {
    let speeds = [362, 357, 357, 305, 250, 134, 287, 284, 128];
    let times: Vec<Q> = speeds.iter().map(|&s| q(1, s)).collect();
    let h = heuristic(&times, 3, 3).unwrap();
    let vs: Vec<f64> = h.evaluations.iter().map(|e| e.v).collect();
    assert_eq!(vs.len(), 3, "{vs:?}");
    for (v, want) in vs.iter().zip([2101.266, 2179.443, 2167.633]) {
        assert!(close(*v, want, 1e-3), "{vs:?}");
    }
    assert_eq!(h.best, 1);
    assert!(close(h.block_cyclic, 1152.0, 1e-9));
    let exact_of = |k: usize| {
        let t: Vec<Vec<Q>> = h.evaluations[k]
            .arrangement
            .iter()
            .map(|row| row.iter().map(|&p| times[p].clone()).collect())
            .collect();
        to_f64(&exact(&t).unwrap().v)
    };
    assert!(close(exact_of(0), 2322.804, 1e-3));
    assert!(close(exact_of(2), 2318.504, 1e-3));
}

#[test]
fn the_trace_replays_and_is_deterministic() {
    let times: Vec<Q> = (1..=9).map(|k| q(k, 1)).collect();
    let traced = heuristic_traced(&times, 3, 3).unwrap();
    assert_eq!(traced.solution, heuristic(&times, 3, 3).unwrap());
    // Six frames per evaluation, plus the choice.
    assert_eq!(traced.trace.len(), 6 * 3 + 1);
    let mut state = GridState::default();
    for st in &traced.trace.steps {
        state.apply(st);
    }
    assert_eq!(state.evaluations, traced.solution.evaluations);
    assert_eq!(state.best, Some(traced.solution.best));
    let changed = traced.trace.steps.iter().find_map(|s| match s {
        GridStep::Rearranged { changed, .. } => Some(changed.clone()),
        _ => None,
    });
    assert_eq!(changed, Some(vec![(1, 2), (2, 0)]));
    assert!(captions(&traced.trace, &()).iter().all(|c| !c.is_empty()));
    assert!(heuristic(&times, 4, 3).is_err());
    let more = heuristic(&(1..=11).map(|k| q(k, 1)).collect::<Vec<_>>(), 3, 3).unwrap();
    assert_eq!(more.evaluations, traced.solution.evaluations);
}

/// square-partitions.md §4.4, the verified trace: `r` and `c` of steps 2 and 3, the step-1
/// matrix `T_opt = 1/(r_i c_j)`, the exact tie of step 2 (cells (2,3) and (3,2), 10.153847) that
/// the column-major rule breaks by sending 7 to cell (3,2), and `E = V/H` with `H = 2.828968`.
#[test]
fn section_4_4_later_steps_t_opt_and_the_tie() {
    let times: Vec<Q> = (1..=9).map(|k| q(k, 1)).collect();
    let h = heuristic(&times, 3, 3).unwrap();
    let near = |got: &[f64], want: &[f64], what: &str| {
        assert_eq!(got.len(), want.len(), "{what}");
        for (g, w) in got.iter().zip(want) {
            assert!(close(*g, *w, 1e-4), "{what}: {got:?}");
        }
    };
    let (two, three) = (&h.evaluations[1], &h.evaluations[2]);
    near(&two.r, &[1.1662, 0.3446, 0.2297], "step 2 r");
    near(&two.c, &[0.7255, 0.4287, 0.2858], "step 2 c");
    near(&three.r, &[1.1664, 0.3318, 0.2654], "step 3 r");
    near(&three.c, &[0.7536, 0.4287, 0.2858], "step 3 c");
    let t_opt = |e: &Evaluation, i: usize, j: usize| 1.0 / (e.r[i] * e.c[j]);
    let first = &h.evaluations[0];
    let want = [
        [1.2606, 2.0, 3.0],
        [4.0, 6.3464, 9.5195],
        [7.0, 11.1061, 16.6592],
    ];
    for (i, row) in want.iter().enumerate() {
        for (j, w) in row.iter().enumerate() {
            assert!(close(t_opt(first, i, j), *w, 1e-4), "T_opt({i}, {j})");
        }
    }
    // Step 2's tie, exact to the power iteration's precision.
    let (a, b) = (t_opt(two, 1, 2), t_opt(two, 2, 1));
    assert!(
        close(a, 10.153_847, 1e-6) && close(b, 10.153_847, 1e-6),
        "{a} {b}"
    );
    assert_eq!(
        three.arrangement[2][1], 6,
        "cycle time 7 goes to cell (3,2)"
    );
    let big_h: f64 = (1..=9).map(|k| 1.0 / f64::from(k)).sum();
    assert!(close(big_h, 2.828_968, 1e-6));
    for e in &h.evaluations {
        assert!(close(e.e, e.v / big_h, 1e-12));
    }
}
