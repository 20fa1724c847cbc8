//! Tests against the worked examples of lu-distributions.md §5 (expected numbers copied from
//! the spec, 1-based as printed there and shifted to the 0-based indices of the data).

use super::allocate::{allocate, allocate_counts, allocate_with, makespan};
use super::grid::{cyclic_columns, reversed_columns, virtualise};
use super::simulate::simulate_columns;
use super::*;
use crate::rational::{parse_q, q, qi, to_f64};

fn qs(text: &[&str]) -> Vec<Q> {
    text.iter().map(|t| parse_q(t).unwrap()).collect()
}

fn zero_based(one_based: &[usize]) -> Vec<usize> {
    one_based.iter().map(|&i| i - 1).collect()
}

fn matrix(rows: &[&str]) -> Vec<Vec<usize>> {
    rows.iter()
        .map(|r| {
            r.split_whitespace()
                .map(|x| x.parse::<usize>().unwrap() - 1)
                .collect()
        })
        .collect()
}

/// Cycle times of set A (§2.2): 1 then eight 5s.
fn set_a() -> Vec<Q> {
    compare::set_a()
}

/// Cycle times of set B (§2.2), from its speeds.
fn set_b() -> Vec<Q> {
    compare::set_b()
}

pub(super) fn t358() -> Vec<Q> {
    vec![qi(3), qi(5), qi(8)]
}

pub(super) fn input(t: &[Q], b: usize, n: usize) -> LuInput {
    LuInput {
        cycle_times: t.to_vec(),
        b,
        n: Some(n),
        grid: None,
    }
}

/// Algorithm 1 on `speeds` gives the 1-based `expected` sequence.
fn check_allocate(speeds: &[Q], expected: &[usize]) {
    let got = allocate(speeds, expected.len()).unwrap();
    assert_eq!(got, zero_based(expected));
}

#[test]
fn allocate_reference_example_1_2() {
    let speeds: Vec<Q> = t358().iter().map(Q::recip).collect();
    check_allocate(&speeds, &[1, 2, 1, 3, 1, 2, 1, 1, 2, 3]);
    let mut picks = Vec::new();
    allocate_with(&speeds, 10, &mut |p| picks.push(p)).unwrap();
    let table: Vec<(Vec<usize>, Q)> = picks
        .iter()
        .map(|p| (p.counts.clone(), p.makespan.clone()))
        .collect();
    let want = [
        ([1, 0, 0], qi(3)),
        ([1, 1, 0], qi(5)),
        ([2, 1, 0], qi(6)),
        ([2, 1, 1], qi(8)),
        ([3, 1, 1], qi(9)),
        ([3, 2, 1], qi(10)),
        ([4, 2, 1], qi(12)),
        ([5, 2, 1], qi(15)),
        ([5, 3, 1], qi(15)),
        ([5, 3, 2], qi(16)),
    ];
    for (b, ((counts, m), (wc, wm))) in table.iter().zip(want).enumerate() {
        assert_eq!(
            (counts.as_slice(), m),
            (wc.as_slice(), &wm),
            "b = {}",
            b + 1
        );
        assert_eq!(makespan(&speeds, counts), wm);
    }
    // b = 8: P1 and P2 tie at 15 and the faster P1 wins.
    assert_eq!((picks[7].tied.clone(), picks[7].chosen), (vec![0, 1], 0));
    // The cyclic distribution of the 10 chunks needs 24.
    assert_eq!(makespan(&speeds, &[4, 3, 3]), qi(24));
}

#[test]
fn allocate_78_chunks_incremental_and_batch() {
    let speeds: Vec<Q> = t358().iter().map(Q::recip).collect();
    let seq = allocate(&speeds, 78).unwrap();
    let counts = allocate::counts_of(&seq, 3);
    assert_eq!(counts, [40, 24, 14]);
    assert_eq!(makespan(&speeds, &counts), qi(120));
    assert_eq!(allocate_counts(&speeds, 78).unwrap(), [40, 24, 14]);
}

#[test]
fn allocate_source_and_panel_sequences_5_1() {
    let r = qs(&["3/8", "5/72", "7/45", "7/80", "7/144", "5/18"]);
    check_allocate(&r, &[1, 6, 1, 3, 6, 1, 1, 6, 4, 3, 1, 6, 2, 1, 6, 1]);
    let c = qs(&["1/2", "8/25", "9/50"]);
    check_allocate(&c, &[1, 2, 1, 3, 1, 2, 1, 2, 1, 3, 1, 2, 1, 2, 1, 3]);
    check_allocate(&qs(&["20/3", "17/5"]), &[1, 2, 1, 1, 2, 1]);
    check_allocate(&qs(&["5", "26/15"]), &[1, 1, 2, 1, 1, 1, 2, 1]);
    assert!(allocate(&[], 3).is_err());
    assert!(allocate(&[qi(1), qi(0)], 3).is_err());
}

/// The 1D chunk view of `columns` (1-based owners) on `t`: per-step costs and total.
fn check_columns(t: &[Q], columns: &[usize], costs: &[i64], total: i64) {
    let view = simulate_columns(t, columns).unwrap();
    if !costs.is_empty() {
        assert_eq!(view.costs, costs.iter().map(|&c| qi(c)).collect::<Vec<_>>());
    }
    assert_eq!(view.total, qi(total));
}

#[test]
fn one_d_lu_reference_example_5_2() {
    let t = t358();
    let sol = solve("1d", &input(&t, 10, 10)).unwrap();
    assert_eq!(
        sol.column_owners.clone().unwrap(),
        zero_based(&[3, 2, 1, 1, 2, 1, 3, 1, 2, 1])
    );
    check_columns(
        &t,
        &sol.column_owners.unwrap(),
        &[15, 15, 12, 10, 9, 8, 6, 5, 3],
        83,
    );
    let view = sol.column_view.unwrap();
    assert_eq!(view.perfect_total, q(5400, 79));
    // §1.5: perfect(k) = (n − k)/Σ s = 13.6709, 12.1519, …, 1.5190 (= 120·(10 − k)/79).
    let perfect: Vec<Q> = (1..10).rev().map(|m| q(120 * m, 79)).collect();
    assert_eq!(view.perfect, perfect);
    check_columns(
        &t,
        &cyclic_columns(3, 10),
        &[24, 24, 16, 16, 16, 8, 8, 8, 3],
        123,
    );
    let cyclic = solve("block-cyclic", &input(&t, 10, 10)).unwrap();
    assert_eq!(cyclic.column_view.unwrap().total, qi(123));
}

#[test]
fn one_d_lu_longer_matrix_5_2() {
    let t = t358();
    let speeds: Vec<Q> = t.iter().map(Q::recip).collect();
    let a10 = allocate(&speeds, 10).unwrap();
    let cols = reversed_columns(&a10, 30);
    assert_eq!(cols[..10], cols[10..20]);
    assert_eq!(cols[..10], cols[20..]);
    check_columns(&t, &cols, &[], 706);
    check_columns(
        &t,
        &reversed_columns(&allocate(&speeds, 30).unwrap(), 30),
        &[],
        705,
    );
    check_columns(&t, &cyclic_columns(3, 30), &[], 1240);
    let view = simulate_columns(&t, &cols).unwrap();
    assert_eq!(view.perfect_total, q(52200, 79));
    // B = 10 through the entry point as well.
    let sol = solve("1d", &input(&t, 10, 30)).unwrap();
    assert_eq!(sol.column_view.unwrap().total, qi(706));
}

#[test]
fn contiguous_distribution_is_unbalanced_1_3() {
    let cols: Vec<usize> = [(0, 40), (1, 24), (2, 14)]
        .iter()
        .flat_map(|&(i, c)| std::iter::repeat_n(i, c))
        .collect();
    let view = simulate_columns(&t358(), &cols).unwrap();
    assert_eq!(view.chunks[32], [7, 24, 14]);
    let times: Vec<Q> = view.chunks[32]
        .iter()
        .zip(t358())
        .map(|(&c, t)| Q::from_integer(c.into()) * t)
        .collect();
    assert_eq!(times, [qi(21), qi(120), qi(112)]);
}

/// The virtual grid of `t`: widths, heights and 1-based owner grid.
fn check_grid(t: &[Q], widths: &[&str], heights: &[&str], cells: &[&str]) {
    let g = virtualise(t).unwrap();
    assert_eq!(g.widths, qs(widths));
    assert_eq!(g.heights, qs(heights));
    assert_eq!(g.cells, matrix(cells));
    // Balanced: each processor's rows × its column width = its area.
    for i in 0..t.len() {
        let (first, end) = g.rows_of[i];
        let h: Q = g.heights[first..end].iter().sum();
        assert_eq!(h * &g.widths[g.column_of[i]], g.areas[i], "P{}", i + 1);
    }
}

#[test]
fn virtual_grids_5_3() {
    check_grid(
        &set_a(),
        &["5/13", "4/13", "4/13"],
        &["1/4", "1/4", "1/4", "1/4"],
        &["1 9 5", "1 8 4", "1 7 3", "1 6 2"],
    );
    check_grid(
        &set_b(),
        &["19/50", "3/10", "8/25"],
        &["3/8", "1/8", "1/38", "49/304", "5/16"],
        &["7 5 3", "7 5 2", "7 4 2", "6 4 2", "6 4 1"],
    );
}

#[test]
fn dp_sequences_2_3() {
    let a = solve("2d-dp", &input(&set_a(), 20, 20)).unwrap();
    assert_eq!(
        a.row_sequence.unwrap(),
        zero_based(&[1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4])
    );
    assert_eq!(
        a.column_sequence.unwrap(),
        zero_based(&[1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1])
    );
    let b = solve("2d-dp", &input(&set_b(), 20, 20)).unwrap();
    assert_eq!(
        b.row_sequence.unwrap(),
        zero_based(&[1, 5, 1, 4, 5, 1, 2, 5, 1, 4, 5, 1, 1, 5, 2, 4, 1, 5, 1, 5])
    );
    assert_eq!(
        b.column_sequence.unwrap(),
        zero_based(&[1, 3, 2, 1, 3, 2, 1, 3, 2, 1, 3, 1, 2, 3, 1, 2, 1, 3, 2, 1])
    );
}

/// A full run: owner matrix (1-based rows as printed, when given), step costs, total.
fn check_run(sol: &LuSolution, owners: Option<&[&str]>, costs: &[Q], total: &Q) {
    if let Some(rows) = owners {
        assert_eq!(sol.owners, matrix(rows));
    }
    let got: Vec<Q> = sol.steps.iter().map(|s| s.cost.clone()).collect();
    assert_eq!(got, costs);
    assert_eq!(&sol.total_cost, total);
}

fn ints(v: &[i64]) -> Vec<Q> {
    v.iter().map(|&x| qi(x)).collect()
}

#[test]
fn set_a_n8_full_run_5_4() {
    let t = set_a();
    let dp = solve("2d-dp", &input(&t, 8, 8)).unwrap();
    assert_eq!(
        dp.row_sequence.clone().unwrap(),
        zero_based(&[1, 2, 3, 4, 1, 2, 3, 4])
    );
    assert_eq!(
        dp.column_sequence.clone().unwrap(),
        zero_based(&[1, 2, 3, 1, 2, 3, 1, 2])
    );
    let rows = [
        "6 1 2 6 1 2 6 1",
        "7 1 3 7 1 3 7 1",
        "8 1 4 8 1 4 8 1",
        "9 1 5 9 1 5 9 1",
        "6 1 2 6 1 2 6 1",
        "7 1 3 7 1 3 7 1",
        "8 1 4 8 1 4 8 1",
        "9 1 5 9 1 5 9 1",
    ];
    check_run(&dp, Some(&rows), &ints(&[21, 20, 20, 8, 5, 5, 1]), &qi(80));
    check_blocks_and_comm(&dp);
}

/// The per-processor blocks and `comm(k)` of §5.4's DP run.
fn check_blocks_and_comm(dp: &LuSolution) {
    let blocks: Vec<Vec<u64>> = dp.steps.iter().map(|s| s.blocks.clone()).collect();
    assert_eq!(
        blocks,
        [
            vec![21, 2, 4, 4, 4, 2, 4, 4, 4],
            vec![12, 2, 2, 4, 4, 2, 2, 4, 4],
            vec![10, 1, 1, 1, 2, 2, 2, 2, 4],
            vec![8, 1, 1, 1, 1, 1, 1, 1, 1],
            vec![3, 0, 1, 1, 1, 0, 1, 1, 1],
            vec![2, 0, 0, 0, 0, 0, 0, 1, 1],
            vec![1, 0, 0, 0, 0, 0, 0, 0, 0],
        ]
    );
    assert_eq!(dp.perfect_balance, q(700, 13));
    assert!((to_f64(&dp.ratio) - 1.485_714).abs() < 1e-6);
    let comm: Vec<u64> = dp.steps.iter().map(|s| s.comm).collect();
    assert_eq!(comm, [40, 36, 29, 22, 16, 7, 2]);
}

#[test]
fn set_a_n8_baselines_5_4() {
    let t = set_a();
    let greedy = solve("2d-greedy", &input(&t, 8, 8)).unwrap();
    assert_eq!(
        greedy.row_sequence.clone().unwrap(),
        zero_based(&[1, 1, 1, 2, 3, 4, 2, 3])
    );
    assert_eq!(
        greedy.column_sequence.clone().unwrap(),
        zero_based(&[1, 1, 1, 2, 3, 1, 2, 3])
    );
    assert_eq!(greedy.total_cost, qi(98));

    let full = solve("full-block", &input(&t, 8, 8)).unwrap();
    let rows = [
        "1 1 1 9 9 9 5 5",
        "1 1 1 9 9 9 5 5",
        "1 1 1 8 8 8 4 4",
        "1 1 1 8 8 8 4 4",
        "1 1 1 7 7 7 3 3",
        "1 1 1 7 7 7 3 3",
        "1 1 1 6 6 6 2 2",
        "1 1 1 6 6 6 2 2",
    ];
    check_run(
        &full,
        Some(&rows),
        &ints(&[30, 30, 30, 20, 20, 20, 5]),
        &qi(155),
    );

    let cyclic = solve("block-cyclic", &input(&t, 8, 8)).unwrap();
    check_run(&cyclic, None, &ints(&[35, 30, 25, 20, 15, 10, 5]), &qi(140));
}

#[test]
fn set_b_n10_full_run_5_5() {
    let t = set_b();
    let dp = solve("2d-dp", &input(&t, 10, 10)).unwrap();
    assert_eq!(
        dp.row_sequence.clone().unwrap(),
        zero_based(&[1, 5, 1, 4, 5, 1, 2, 5, 1, 4])
    );
    assert_eq!(
        dp.column_sequence.clone().unwrap(),
        zero_based(&[1, 3, 2, 1, 3, 2, 1, 3, 2, 1])
    );
    let rows = [
        "6 4 2 6 4 2 6 4 2 6",
        "7 5 3 7 5 3 7 5 3 7",
        "6 4 1 6 4 1 6 4 1 6",
        "7 5 2 7 5 2 7 5 2 7",
        "7 5 3 7 5 3 7 5 3 7",
        "6 4 1 6 4 1 6 4 1 6",
        "6 4 2 6 4 2 6 4 2 6",
        "7 5 3 7 5 3 7 5 3 7",
        "6 4 1 6 4 1 6 4 1 6",
        "7 5 3 7 5 3 7 5 3 7",
    ];
    let costs = [
        qi(100),
        qi(90),
        qi(60),
        qi(50),
        qi(40),
        q(200, 9),
        q(50, 3),
        qi(10),
        qi(5),
    ];
    check_run(&dp, Some(&rows), &costs, &q(3545, 9));
    assert_eq!(dp.perfect_balance, qi(285));
    let comm: Vec<u64> = dp.steps.iter().map(|s| s.comm).collect();
    assert_eq!(comm, [48, 43, 37, 32, 27, 21, 15, 8, 2]);

    let full = solve("full-block", &input(&t, 10, 10)).unwrap();
    let mut rows = vec!["7 7 7 7 5 5 5 3 3 3"; 4];
    rows.push("7 7 7 7 5 5 5 2 2 2");
    rows.extend(["6 6 6 6 4 4 4 2 2 2"; 2]);
    rows.extend(["6 6 6 6 4 4 4 1 1 1"; 3]);
    assert_eq!(full.owners, matrix(&rows));
    assert_eq!(full.total_cost, qi(720));
}

#[test]
fn prefix_deviation_above_one_2_3() {
    // §2.3's side remark: the prefix counts of `allocate` deviate from `b·share` by more than 1
    // — speeds (16, 5, 47, 3, 6, 9) at b = 81 give a deviation of 2.73: P3 (share 47/86) has
    // 47 of the first 81 chunks, 235/86 more than 81·47/86.
    let speeds = ints(&[16, 5, 47, 3, 6, 9]);
    let total: Q = speeds.iter().sum();
    let b = 81;
    let sequence = allocate(&speeds, b).unwrap();
    let counts = super::allocate::counts_of(&sequence, speeds.len());
    assert_eq!(counts, [15, 4, 47, 2, 5, 8]);
    let deviation = |i: usize| {
        let d = qi(i64::try_from(counts[i]).unwrap()) - qi(81) * &speeds[i] / &total;
        if d < qi(0) {
            -d
        } else {
            d
        }
    };
    let (worst, at) = (0..speeds.len()).map(|i| (deviation(i), i)).max().unwrap();
    assert_eq!((worst.clone(), at), (q(235, 86), 2));
    assert!((to_f64(&worst) - 2.73).abs() < 0.005);
}
