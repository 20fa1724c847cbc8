//! Tests of the entry point: captions of the reference examples, the replayed state, the
//! refusal of bad sizes, and the JSON form of a solution.

use super::tests::{input, t358};
use super::*;
use crate::rational::{q, qi};

#[test]
fn captions_of_the_reference_example() {
    let traced = solve_traced("1d", &input(&t358(), 10, 10)).unwrap();
    let captions = crate::trace::captions(&traced.trace, &());
    assert_eq!(captions.len(), 10 + 1 + 9);
    assert_eq!(
        captions[7],
        "Gave chunk 8 to P1: P1 and P2 tie at (c + 1)/s = 15, and the fastest of them (then the first) wins; the makespan is now 15."
    );
    assert_eq!(
        captions[11],
        "Step 1: with pivot row and column 1 factored, the 9 × 9 trailing blocks are updated; P1 and P2 finish last at 135 (perfect balance 123.038); total so far 135 against 123.038."
    );
    // The chunk view of the last step closes the 1D total of §1.5.
    let state = traced.trace.state_at(LuState::new(3, 10), usize::MAX);
    assert_eq!(state.column.map(|c| c.total), Some(qi(83)));
    assert_eq!(state.period, Some(10));
    let dp = solve_traced("2d-dp", &input(&compare::set_a(), 4, 4)).unwrap();
    let captions = crate::trace::captions(&dp.trace, &());
    assert_eq!(
        captions[3],
        "Gave block row 2 to virtual row 2: virtual row 2, virtual row 3 and virtual row 4 tie at (rows + 1)/height = 4, and the tallest of them (then the first) wins; the largest rows-to-height ratio is now 4."
    );
    assert_eq!(
        captions[6],
        "Gave block column 1 to virtual column 1: its (columns + 1)/width = 13/5 is the smallest; the largest columns-to-width ratio is now 13/5."
    );
}

#[test]
fn bad_inputs_are_refused_with_a_sentence() {
    let t = t358();
    let err = |alg: &str, input: &LuInput| solve(alg, input).unwrap_err();
    assert!(err("2d", &input(&t, 4, 4))
        .to_string()
        .contains("unknown LU algorithm"));
    assert!(err("1d", &input(&t, 0, 4))
        .to_string()
        .contains("B must be between 1 and n"));
    assert!(err("1d", &input(&t, 5, 4))
        .to_string()
        .contains("B must be between 1 and n"));
    assert!(err("1d", &input(&t, 1, 1))
        .to_string()
        .contains("n must be between 2"));
    assert!(err("2d-dp", &input(&t, 4, MAX_BLOCKS + 1))
        .to_string()
        .contains("512"));
    assert!(err("1d", &input(&[qi(1), qi(0)], 4, 4))
        .to_string()
        .contains("P2"));
    assert!(err("1d", &input(&[], 4, 4))
        .to_string()
        .contains("processors"));
    assert!(err("1d", &input(&vec![qi(1); MAX_PROCESSORS + 1], 4, 4))
        .to_string()
        .contains("processors"));
    let bad_grid = LuInput {
        grid: Some((2, 2)),
        ..input(&t, 4, 4)
    };
    assert!(err("2d-dp", &bad_grid)
        .to_string()
        .contains("grid: a 2 × 2 grid holds 4 processors, not 3"));
    // A grid that holds the processors is used by grid-panels (and ignored by the others).
    let with_grid = LuInput {
        grid: Some((1, 3)),
        ..input(&t, 4, 4)
    };
    let panels = solve("grid-panels", &with_grid).unwrap();
    assert_eq!(panels.grid_panels.unwrap().rows, 1);
    assert_eq!(
        solve("2d-dp", &with_grid).unwrap().owners,
        solve("2d-dp", &input(&t, 4, 4)).unwrap().owners
    );
    // n defaults to B.
    let default_n = LuInput {
        n: None,
        ..input(&t, 6, 99)
    };
    assert_eq!(solve("1d", &default_n).unwrap().n, 6);
    assert_eq!(
        cycle_times_from_speeds(&[q(1, 3), qi(2)]).unwrap(),
        [qi(3), q(1, 2)]
    );
    assert!(cycle_times_from_speeds(&[qi(-1)]).is_err());
}

#[test]
fn solutions_serialise_with_algorithm_names_and_exact_numbers() {
    let sol = solve("2d-dp", &input(&compare::set_b(), 10, 10)).unwrap();
    let json = serde_json::to_value(&sol).unwrap();
    assert_eq!(json["scheme"], "2d-dp");
    assert_eq!(json["total_cost"], "3545/9");
    assert_eq!(json["perfect_balance"], "285/1");
    assert_eq!(json["step_costs"][5]["cost"], "200/9");
    assert_eq!(json["virtual_grid"]["heights"][2], "1/38");
    assert_eq!(json["owners"][0][0], 5);
    let names: Vec<String> = Scheme::ALL
        .iter()
        .map(|s| {
            serde_json::to_value(s)
                .unwrap()
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(
        names,
        [
            "1d",
            "block-cyclic",
            "full-block",
            "2d-greedy",
            "2d-dp",
            "grid-panels"
        ]
    );
}
