//! Property tests: Algorithm 1 against brute force, the reversed slices against the best
//! allocation of every trailing size, and, for every scheme on random instances, the checker,
//! the simulator's bounds, and solve = replay of the trace.

use proptest::prelude::*;

use super::allocate::{allocate, allocate_counts, counts_of, makespan};
use super::simulate::simulate_columns;
use super::*;
use crate::rational::q;
use crate::trace::{Replay, Step, STEP_CAP};

/// The least makespan of `b` chunks on processors of speeds `s`, over every composition.
fn brute_force(s: &[Q], b: usize) -> Q {
    fn go(s: &[Q], left: usize, counts: &mut Vec<usize>, best: &mut Option<Q>) {
        if counts.len() + 1 == s.len() {
            counts.push(left);
            let m = makespan(s, counts);
            if best.as_ref().is_none_or(|x| &m < x) {
                *best = Some(m);
            }
            counts.pop();
            return;
        }
        for c in 0..=left {
            counts.push(c);
            go(s, left - c, counts, best);
            counts.pop();
        }
    }
    let mut best = None;
    go(s, b, &mut Vec::new(), &mut best);
    best.unwrap_or_else(Q::zero)
}

fn speeds() -> impl Strategy<Value = Vec<Q>> {
    proptest::collection::vec((1i64..7, 1i64..7), 1..5)
        .prop_map(|v| v.into_iter().map(|(a, b)| q(a, b)).collect())
}

fn instance() -> impl Strategy<Value = LuInput> {
    (
        proptest::collection::vec((1i64..9, 1i64..4), 1..7),
        2usize..14,
    )
        .prop_flat_map(|(t, n)| (Just(t), Just(n), 1..=n))
        .prop_map(|(t, n, b)| LuInput {
            cycle_times: t.into_iter().map(|(a, b)| q(a, b)).collect(),
            b,
            n: Some(n),
            grid: None,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]
    /// Every prefix of Algorithm 1 is an optimal allocation (the theorem of §1.1), and the batch
    /// form reaches the same makespan.
    #[test]
    fn allocation_prefixes_are_optimal(s in speeds(), b in 1usize..9) {
        let seq = allocate(&s, b).unwrap();
        for m in 1..=b {
            let counts = counts_of(&seq[..m], s.len());
            prop_assert_eq!(makespan(&s, &counts), brute_force(&s, m), "prefix {}", m);
        }
        let batch = allocate_counts(&s, b).unwrap();
        prop_assert_eq!(batch.iter().sum::<usize>(), b);
        prop_assert_eq!(makespan(&s, &batch), brute_force(&s, b));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// With B = n, the trailing columns of every step are an optimal allocation (§1.4), so the
    /// 1D cost of each step is the least makespan of its chunks.
    #[test]
    fn reversed_slices_are_optimal_at_every_step(s in speeds(), n in 2usize..9) {
        let t: Vec<Q> = s.iter().map(Q::recip).collect();
        let cols = grid::reversed_columns(&allocate(&s, n).unwrap(), n);
        let view = simulate_columns(&t, &cols).unwrap();
        for (k0, cost) in view.costs.iter().enumerate() {
            prop_assert_eq!(cost, &brute_force(&s, n - k0 - 1));
        }
    }

    /// Every scheme: the checker accepts (every block owned once, formulas, direct recount),
    /// each step costs at least its perfect balance, and replaying the trace gives the solution.
    #[test]
    fn every_scheme_verifies_and_replays(input in instance()) {
        for scheme in Scheme::ALL {
            let sol = solve(scheme.name(), &input).unwrap();
            verify(&input, &sol).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert!(sol.total_cost >= sol.perfect_balance);
            let n = sol.n;
            let owned: usize = sol.owners.iter().map(Vec::len).sum();
            prop_assert_eq!(owned, n * n);
            let traced = solve_traced(scheme.name(), &input).unwrap();
            prop_assert_eq!(&traced.solution, &sol);
            check_replay(&traced.trace.steps, &sol, input.cycle_times.len())?;
        }
    }
}

/// The state after the whole trace holds the solution's matrix, sequences and totals.
fn check_replay(steps: &[LuStep], sol: &LuSolution, p: usize) -> Result<(), TestCaseError> {
    prop_assert!(steps.len() < STEP_CAP);
    let mut state = LuState::new(p, sol.n);
    for s in steps {
        prop_assert!(!s.caption(&()).is_empty());
        prop_assert!(s.phase().line < LU_PSEUDOCODE.len());
        state.apply(s);
    }
    prop_assert_eq!(&state.owners, &sol.owners);
    prop_assert_eq!(state.k, Some(sol.n - 1));
    prop_assert_eq!(&state.total, &sol.total_cost);
    prop_assert_eq!(&state.perfect_total, &sol.perfect_balance);
    prop_assert_eq!(state.costs.len(), sol.steps.len());
    prop_assert_eq!(
        &state.chunk_sequence,
        sol.sequence.as_deref().unwrap_or_default()
    );
    if let Some(rs) = &sol.row_sequence {
        prop_assert_eq!(&state.row_sequence, rs);
    }
    if let Some(cs) = &sol.column_sequence {
        prop_assert_eq!(&state.column_sequence, cs);
    }
    if let Some(view) = &sol.column_view {
        prop_assert_eq!(state.column.as_ref().map(|c| &c.total), Some(&view.total));
    }
    Ok(())
}
