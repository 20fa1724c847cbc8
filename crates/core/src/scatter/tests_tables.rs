//! General cost tables (scatter.md §1.1): read, written back, solved by the DP only, refused
//! with their field everywhere else.

use super::tests::{check, preset};
use super::*;
use crate::families::Instance;
use crate::rational::{q, qi};

fn read(text: &str) -> Result<Instance, String> {
    Instance::from_json(text).map_err(|e| e.to_string())
}

/// The preset by hand (n = 3, P1 then the root): P1's transfer costs 1, 2, 3 and its
/// computation 5, 3/2, 9 for 1, 2, 3 items (not monotone); the root computes at 5/2 per item.
/// The four distributions end at 15/2 (0, 3), 6 (1, 2), 9/2 (2, 1) and 12 (3, 0): two items
/// to P1 are cheaper to compute than one, and the optimum is 9/2.
#[test]
fn the_dp_reads_a_table_that_is_not_monotone() {
    let inst = preset("scatter-tables");
    assert!(inst.has_tables());
    let t = check(&inst, Algorithm::Dp);
    let sol = &t.solution;
    assert_eq!(sol.distribution, Some(vec![2, 1]));
    assert_eq!(sol.makespan, q(9, 2));
    assert!(sol.optimal);
    let ends: Vec<Q> = sol.schedule.end_times().into_iter().flatten().collect();
    assert_eq!(ends, vec![q(7, 2), q(9, 2)]);
    // MPI_Scatter's equal shares (2, 1 in sending order) are the same here.
    assert_eq!(sol.uniform.makespan, q(9, 2));
    let search = check(&inst, Algorithm::OrderSearch).solution;
    assert_eq!(search.makespan, q(9, 2));
}

#[test]
fn only_the_dp_is_offered_and_the_others_say_why() {
    use crate::family::Family;
    let inst = preset("scatter-tables");
    assert_eq!(
        family::ScatterFamily::offered(&inst),
        vec!["dp", "order-search"]
    );
    for algo in [
        Algorithm::LpRounded,
        Algorithm::ClosedForm,
        Algorithm::DpSorted,
    ] {
        let e = solve(&inst, algo).expect_err("refused").to_string();
        assert!(
            e.contains("cost table") && e.contains("use dp or order-search"),
            "{}: {e}",
            algo.name()
        );
    }
}

#[test]
fn tables_round_trip_and_affine_costs_are_kept_as_given() {
    let inst = Instance::Scatter(preset("scatter-tables"));
    let json = inst.to_json();
    assert!(
        json.contains(r#""table""#) && json.contains(r#""per_item""#),
        "{json}"
    );
    assert_eq!(read(&json), Ok(inst));
    let Instance::Scatter(s) = read(&json).expect("reads") else {
        panic!("a scatter")
    };
    assert_eq!(
        s.processors[0].comp_table,
        Some(vec![qi(0), qi(5), q(3, 2), qi(9)])
    );
    assert_eq!(s.processors[1].comp_table, None);
}

#[test]
fn a_bad_table_is_named_at_its_field() {
    let doc = |procs: &str, extra: &str| {
        format!(r#"{{"problem": "scatter", "version": 1, "n": 2, "processors": [{procs}]{extra}}}"#)
    };
    let root = r#"{"comp": {"per_item": 1}}"#;
    let cases = [
        (
            doc(&format!(r#"{{"comm": {{"table": [0, 1]}}, "comp": {{"per_item": 1}}}}, {root}"#), ""),
            "processors[0].comm.table: must have n + 1 = 3 values, the cost of 0, 1, …, 2 items; got 2",
        ),
        (
            doc(&format!(r#"{{"comm": {{"table": [1, 1, 2]}}, "comp": {{"per_item": 1}}}}, {root}"#), ""),
            "processors[0].comm.table[0]: the cost of 0 items must be 0",
        ),
        (
            doc(&format!(r#"{{"comm": {{"table": [0, -1, 2]}}, "comp": {{"per_item": 1}}}}, {root}"#), ""),
            "processors[0].comm.table[1]: must be >= 0, got -1",
        ),
        (
            doc(&format!(r#"{{"comm": {{"table": [0, 1, 2], "per_item": 1}}, "comp": {{"per_item": 1}}}}, {root}"#), ""),
            "processors[0].comm: give either a table or lat and per_item, not both",
        ),
        (
            doc(
                &format!(r#"{{"comm": {{"table": [0, 1, 2]}}, "comp": {{"per_item": 1}}}}, {root}"#),
                r#", "root_transfer": {"source": 1, "per_item": [[0, 1], [1, 0]]}"#,
            ),
            "root_transfer: the root choice reads per-item costs",
        ),
    ];
    for (text, want) in cases {
        let got = read(&text).expect_err("refused");
        assert!(got.contains(want), "{want}\n got: {got}");
    }
    let big = format!(
        r#"{{"problem": "scatter", "version": 1, "n": {}, "processors": [{{"comp": {{"table": [0]}}}}]}}"#,
        MAX_TABLE_ITEMS + 1
    );
    let got = read(&big).expect_err("refused");
    assert!(
        got.contains("cost tables are read for at most 3000 items"),
        "{got}"
    );
}

/// Random small tables: the DP through the instance equals every distribution tried by brute
/// force (`verify` runs it on instances this small).
#[test]
fn random_tables_solve_to_the_brute_force_optimum() {
    let mut seed = 7_u64;
    // A small LCG; every draw is below 20.
    let mut next = |m: u8| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        u8::try_from((seed >> 33) % u64::from(m)).unwrap_or(0)
    };
    for _ in 0..40 {
        let n = u64::from(next(6));
        let p = 1 + usize::from(next(3));
        let table = |next: &mut dyn FnMut(u8) -> u8| {
            let mut t = vec![qi(0)];
            t.extend((0..n).map(|_| q(i64::from(next(20)), 1 + i64::from(next(3)))));
            t
        };
        let processors = (0..p)
            .map(|_| ScatterProcessor {
                comm_table: Some(table(&mut next)),
                comp_table: Some(table(&mut next)),
                ..ScatterProcessor::default()
            })
            .collect();
        let inst = Scatter {
            n,
            processors,
            root_transfer: None,
        };
        let sol = check(&inst, Algorithm::Dp).solution;
        assert!(sol.optimal);
    }
}
