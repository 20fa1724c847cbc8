//! Tests of the column DP: the tables of section 7, the traces of section 6.1, brute force.

use super::*;
use crate::rational::q;
use crate::square::examples::{own, s7_1, s7_2, s7_3, s7_4, s7_5, weighted};
use crate::square::verify;

/// The table as printed in the spec: `value/cut` per row `C`, for `q = C..=p`.
fn table(part: &ColumnPartition) -> Vec<String> {
    part.f
        .iter()
        .zip(&part.cut)
        .map(|(fs, cs)| {
            fs.iter()
                .zip(cs)
                .filter_map(|(v, c)| {
                    Some(format!(
                        "{}/{}",
                        crate::rational::format_q(v.as_ref()?),
                        c.as_ref()?
                    ))
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[test]
fn section_7_1_source_example() {
    let s = s7_1();
    let part = solve(&s).unwrap();
    assert_eq!(
        table(&part),
        [
            "1.05/0 1.2/0 1.54/0 2.12/0 2.9/0 4/0 5.9/0 9/0",
            "2.1/1 2.28/2 2.56/2 2.94/3 3.5/3 4.38/4 5.76/5",
            "3.18/2 3.38/3 3.66/4 4/4 4.58/5 5.5/6",
            "4.28/3 4.48/4 4.78/5 5.2/6 5.88/7",
            "5.38/4 5.6/5 5.98/6 6.5/7",
            "6.5/5 6.8/6 7.28/7",
            "7.7/6 8.1/7",
            "9/7",
        ]
    );
    assert_eq!(
        (part.columns, part.cost.clone(), part.sizes.clone()),
        (3, q(11, 2), vec![3, 3, 2])
    );
    let want = [
        (q(41, 50), q(13, 18), q(9, 50), q(5, 18)),
        (q(41, 50), q(4, 9), q(9, 50), q(5, 18)),
        (q(41, 50), q(0, 1), q(9, 50), q(4, 9)),
        (q(1, 2), q(11, 16), q(8, 25), q(5, 16)),
        (q(1, 2), q(3, 8), q(8, 25), q(5, 16)),
        (q(1, 2), q(0, 1), q(8, 25), q(3, 8)),
        (q(0, 1), q(3, 5), q(1, 2), q(2, 5)),
        (q(0, 1), q(0, 1), q(1, 2), q(3, 5)),
    ];
    check_rects(&s, &want);
    verify(&s, &part.rects).unwrap();
}

#[test]
fn section_7_2_toy_example_with_a_tie() {
    let s = s7_2();
    let part = solve(&s).unwrap();
    assert_eq!(
        table(&part)[1],
        "2.06/1 2.18/2 2.4/2 2.92/3 3.6/4 4.6/4 5.8/5"
    );
    assert_eq!(table(&part)[2], "3.12/2 3.26/3 3.6/4 4.12/5 4.72/5 5.4/6");
    assert_eq!((part.columns, part.cost.clone()), (3, q(27, 5)));
    verify(&s, &part.rects).unwrap();
}

#[test]
fn one_processor_gets_the_square_and_bad_input_is_refused() {
    let part = solve(&[q(1, 1)]).unwrap();
    assert_eq!(part.cost, q(2, 1));
    assert_eq!(
        part.rects[0],
        Rect {
            x: q(0, 1),
            y: q(0, 1),
            w: q(1, 1),
            h: q(1, 1)
        }
    );
    assert!(solve(&[]).is_err());
    assert!(solve(&[q(1, 2), q(1, 4)]).is_err());
    assert!(solve(&[q(3, 2), q(-1, 2)]).is_err());
}

/// Best column-based cost by brute force over every set partition into columns (no
/// well-ordered lemma assumed), for integer weights `w` (areas `w_i / Σ w`): cost = C + Σ over
/// columns of k·width, computed in integers scaled by `Σ w` to keep p = 8 fast.
fn brute_force(w: &[i64]) -> Q {
    fn go(w: &[i64], next: usize, cols: &mut Vec<(i64, i64)>, total: i64, best: &mut i64) {
        if next == w.len() {
            let cost: i64 = cols.iter().map(|&(k, width)| total + k * width).sum();
            *best = (*best).min(cost);
            return;
        }
        for c in 0..cols.len() {
            cols[c].0 += 1;
            cols[c].1 += w[next];
            go(w, next + 1, cols, total, best);
            cols[c].0 -= 1;
            cols[c].1 -= w[next];
        }
        cols.push((1, w[next]));
        go(w, next + 1, cols, total, best);
        cols.pop();
    }
    let total: i64 = w.iter().sum();
    let mut best = i64::MAX;
    go(w, 0, &mut Vec::new(), total, &mut best);
    q(best, total)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
    /// The DP is optimal among all column-based partitions, and its layout tiles the square.
    #[test]
    fn the_dp_matches_brute_force(weights in proptest::collection::vec(1i64..20, 1..=8)) {
        let s = weighted(&weights);
        let part = solve(&s).unwrap();
        proptest::prop_assert_eq!(part.cost.clone(), brute_force(&weights));
        let sum: Q = part.rects.iter().map(Rect::half_perimeter).sum();
        proptest::prop_assert_eq!(sum, part.cost.clone());
        verify(&s, &part.rects).map_err(|e| proptest::test_runner::TestCaseError::fail(e.to_string()))?;
    }
}

/// Section 7 example: areas, `f[·][p]`, `C_opt`, `Ĉ_col`, drawn columns (1-based ids, top to
/// bottom, left to right).
fn check(s: &[Q], last: &[Q], columns: usize, cost: Q, drawn: &[&[usize]]) {
    let part = solve(s).unwrap();
    let got: Vec<Q> = part
        .f
        .iter()
        .map(|row| row[s.len() - 1].clone().unwrap())
        .collect();
    assert_eq!(got, last);
    assert_eq!((part.columns, part.cost.clone()), (columns, cost));
    let ids: Vec<Vec<usize>> = part
        .drawn_columns()
        .iter()
        .map(|c| c.iter().map(|i| i + 1).collect())
        .collect();
    assert_eq!(ids, drawn);
    verify(s, &part.rects).unwrap();
}

#[test]
fn section_7_3_to_7_6_examples() {
    let i = |n| q(n, 1);
    check(
        &s7_3(),
        &[i(6), q(439, 100), q(116, 25), q(263, 50), i(6)],
        2,
        q(439, 100),
        &[&[1, 2], &[5, 4, 3]],
    );
    check(
        &s7_4(),
        &[i(7), i(5), i(5), q(3439, 625), q(3753, 625), i(7)],
        2,
        i(5),
        &[&[4, 3, 2], &[1, 6, 5]],
    );
    check(&own(1), &[i(3), i(3)], 1, i(3), &[&[1, 2]]);
    check(
        &own(2),
        &[i(5), i(4), q(9, 2), i(5)],
        2,
        i(4),
        &[&[4, 3], &[2, 1]],
    );
    check(
        &own(3),
        &[i(6), q(21, 5), q(22, 5), q(26, 5), i(6)],
        2,
        q(21, 5),
        &[&[1], &[5, 4, 3, 2]],
    );
    check(
        &own(4),
        &[
            i(8),
            q(547, 100),
            q(133, 25),
            q(29, 5),
            q(647, 100),
            q(36, 5),
            i(8),
        ],
        3,
        q(133, 25),
        &[&[7, 6], &[5, 4], &[3, 2, 1]],
    );
    let e5 = own(5);
    let mut want = vec![i(10)];
    want.extend([83, 76, 79, 86, 97, 108, 119].map(|n| q(n, 13)));
    want.push(i(10));
    check(
        &e5,
        &want,
        3,
        q(76, 13),
        &[&[1], &[9, 8, 7, 6], &[5, 4, 3, 2]],
    );
    let e6 = own(6);
    let part = solve(&e6).unwrap();
    assert_eq!((part.columns, part.cost.clone()), (4, q(642, 91)));
    assert_eq!(part.sizes, [5, 3, 3, 2]);
    // §7.6 E6: `f[·][13]` = 14, 745/91, 643/91, 642/91, 675/91, …
    let last: Vec<Q> = part.f[..5]
        .iter()
        .map(|row| row[12].clone().unwrap())
        .collect();
    assert_eq!(
        last,
        [q(14, 1), q(745, 91), q(643, 91), q(642, 91), q(675, 91)]
    );
}

/// The rectangles `(x, y, w, h)` of processors 1..p (1-based in the spec, index order here).
fn check_rects(s: &[Q], want: &[(Q, Q, Q, Q)]) {
    let part = solve(s).unwrap();
    assert_eq!(part.rects.len(), want.len());
    for (i, (x, y, w, h)) in want.iter().cloned().enumerate() {
        assert_eq!(part.rects[i], Rect { x, y, w, h }, "R{}", i + 1);
    }
}

#[test]
fn section_7_3_rectangles() {
    // Width 61/100: R1 = (0, 0, 61/100, 36/61), R2 = (0, 36/61, 61/100, 25/61); width 39/100:
    // [5, 4, 3] from the top, each 39/100 × 1/3.
    let (x, w, h) = (q(61, 100), q(39, 100), q(1, 3));
    check_rects(
        &s7_3(),
        &[
            (q(0, 1), q(0, 1), q(61, 100), q(36, 61)),
            (q(0, 1), q(36, 61), q(61, 100), q(25, 61)),
            (x.clone(), q(2, 3), w.clone(), h.clone()),
            (x.clone(), q(1, 3), w.clone(), h.clone()),
            (x, q(0, 1), w, h),
        ],
    );
}

#[test]
fn section_7_6_e4_rectangles() {
    check_rects(
        &own(4),
        &[
            (q(17, 25), q(11, 16), q(8, 25), q(5, 16)),
            (q(17, 25), q(3, 8), q(8, 25), q(5, 16)),
            (q(17, 25), q(0, 1), q(8, 25), q(3, 8)),
            (q(19, 50), q(1, 2), q(3, 10), q(1, 2)),
            (q(19, 50), q(0, 1), q(3, 10), q(1, 2)),
            (q(0, 1), q(10, 19), q(19, 50), q(9, 19)),
            (q(0, 1), q(0, 1), q(19, 50), q(10, 19)),
        ],
    );
}

#[test]
fn section_7_6_e6_column_widths() {
    // Columns left→right: width 25/91: [13, 12]; 30/91: [11, 10, 9]; 3/13: [8, 7, 6];
    // 15/91: [5, 4, 3, 2, 1].
    let s = own(6);
    let part = solve(&s).unwrap();
    let drawn: Vec<Vec<usize>> = part
        .drawn_columns()
        .iter()
        .map(|c| c.iter().map(|i| i + 1).collect())
        .collect();
    assert_eq!(
        drawn,
        [
            vec![13, 12],
            vec![11, 10, 9],
            vec![8, 7, 6],
            vec![5, 4, 3, 2, 1]
        ]
    );
    let widths: Vec<Q> = drawn
        .iter()
        .map(|c| part.rects[c[0] - 1].w.clone())
        .collect();
    assert_eq!(widths, [q(25, 91), q(30, 91), q(3, 13), q(15, 91)]);
    for column in &drawn {
        let x = &part.rects[column[0] - 1].x;
        assert!(column.iter().all(|&i| &part.rects[i - 1].x == x));
    }
    verify(&s, &part.rects).unwrap();
}

#[test]
fn section_7_5_cycle_times_platform() {
    let s = s7_5();
    let part = solve(&s).unwrap();
    assert_eq!((part.columns, part.cost.clone()), (3, q(127, 25)));
    assert_eq!(
        part.drawn_columns(),
        [vec![6], vec![5, 4], vec![3, 2, 1, 0]]
    );
    // Widths 2/5, 9/25, 6/25; and §7.4's columns [4, 3, 2], [1, 6, 5] of widths 933/1250, 317/1250.
    assert_eq!(column_widths(&part), [q(2, 5), q(9, 25), q(6, 25)]);
    let part = solve(&s7_4()).unwrap();
    assert_eq!(column_widths(&part), [q(933, 1250), q(317, 1250)]);
}

/// The width of each drawn column, left to right (every member of a column has it).
fn column_widths(part: &ColumnPartition) -> Vec<Q> {
    part.drawn_columns()
        .iter()
        .map(|c| {
            let w = &part.rects[c[0]].w;
            assert!(c.iter().all(|&i| &part.rects[i].w == w));
            w.clone()
        })
        .collect()
}

/// Replays a whole trace and checks it against the solution.
fn check_trace(s: &[Q]) -> usize {
    let traced = solve_traced(s).unwrap();
    let part = solve(s).unwrap();
    assert_eq!(traced.solution, part);
    assert_eq!(traced.trace.dropped, 0);
    let state = traced.trace.state_at(ColumnState::new(s), usize::MAX);
    assert_eq!(state.f, part.f);
    assert_eq!(state.cut, part.cut);
    assert_eq!(state.order.as_ref(), Some(&part.order));
    assert_eq!(state.best, Some((part.columns, part.cost.clone())));
    assert_eq!(state.runs.len(), part.columns);
    let rects: Vec<Rect> = state.rects.iter().map(|r| r.clone().unwrap()).collect();
    assert_eq!(rects, part.rects);
    assert_eq!(state.cost, Some(part.cost.clone()));
    for step in &traced.trace.steps {
        assert!(!crate::trace::Step::caption(step, s).is_empty());
    }
    traced.trace.len()
}

#[test]
fn the_trace_replays_to_the_solution() {
    let s = s7_2();
    // 2 + 36 cells + choice + 3 backtracked + 3 drawn + 8 placed + summary.
    assert_eq!(check_trace(&s), 2 + 36 + 1 + 3 + 3 + 8 + 1);
    let traced = solve_traced(&s).unwrap();
    let tie = traced
        .trace
        .steps
        .iter()
        .find_map(|st| match st {
            ColumnStep::FilledCell {
                c: 4,
                q: 8,
                candidates,
                cut,
                ..
            } => Some((candidates.clone(), *cut)),
            _ => None,
        })
        .unwrap();
    // Both r = 7 and r = 6 give 5.92; the downward scan keeps 7.
    assert_eq!(tie.1, 7);
    assert_eq!((tie.0[0].r, tie.0[1].r), (7, 6));
    assert_eq!(
        (tie.0[0].value.clone(), tie.0[1].value.clone()),
        (q(148, 25), q(148, 25))
    );
    let captions = crate::trace::captions(&traced.trace, &s);
    assert_eq!(
        captions[0],
        "Sorted the areas from smallest to largest: P1 (0.02), P2 (0.04), P3 (0.06), P4 (0.08), \
         P5 (0.2), P6 (0.2), P7 (0.2), P8 (0.2). Some optimal partition puts contiguous runs of \
         this list in its columns."
    );
    let sixty_four: Vec<Q> = (1..=64).map(|k| q(k, 2080)).collect();
    assert!(check_trace(&sixty_four) < crate::trace::STEP_CAP);
    check_trace(&[q(1, 1)]);
}

#[test]
fn huge_denominators_take_the_bigint_path() {
    // lcm of the denominators is about 2^124: beyond the i128 bound.
    let (p1, p2) = (4_611_686_018_427_387_847i64, 4_611_686_018_427_387_761i64);
    let a = q(1, p1);
    let b = q(3, p2);
    let c = q(1, 1) - &a - &b;
    let s = [a, b, c];
    let part = solve(&s).unwrap();
    verify(&s, &part.rects).unwrap();
    let sum: Q = part
        .rects
        .iter()
        .map(crate::square::Rect::half_perimeter)
        .sum();
    assert_eq!(sum, part.cost);
    // Two tiny areas share a thin column beside the big one: (1 + 2·(a + b)) + (1 + c).
    assert_eq!(part.columns, 2);
    assert_eq!(part.cost, q(2, 1) + q(2, 1) * (&s[0] + &s[1]) + &s[2]);
}
