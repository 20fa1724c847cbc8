//! The solving side of the LU family ([`Solver`]): its algorithms, result documents,
//! independent check and benchmarks (the `solve` feature).

use serde_json::Value;

use super::family::LuFamily;
use super::instance::Lu;
use super::{report, solve, solve_traced, verify, LuState, LU_PSEUDOCODE};
use crate::bench::{Measured, Timer};
use crate::error::Violation;
use crate::family::{captioned, ensure, SolveError, Solver};
use crate::trace::{Replay as _, Traced};

impl Solver for LuFamily {
    fn bench(time: Timer<'_>) -> Vec<Measured> {
        super::bench::rows(time)
    }

    fn run(input: &Lu, algorithm: &str, traced: bool) -> Result<Self::Run, SolveError> {
        let i = input.input();

        if traced {
            solve_traced(algorithm, &i)
        } else {
            solve(algorithm, &i).map(Traced::untraced)
        }
    }

    fn result(_input: &Lu, _algorithm: &str, run: &Self::Run, with_trace: bool) -> Value {
        report::result(&run.solution, &run.trace, with_trace)
    }

    /// With the page's comparisons (lu-distributions.md §2.1, §3.1, §3.3): see
    /// [`super::extras::explained`].
    fn explained(input: &Lu, algorithm: &str, run: &Self::Run, with_trace: bool) -> Value {
        let x = super::extras::extras(input, algorithm, run);
        super::extras::explained(run, &x, with_trace)
    }

    fn check(input: &Lu, run: &Self::Run) -> Result<(), Violation> {
        let sol = &run.solution;
        verify(&input.input(), sol)?;
        let mut state = LuState::new(input.processors.len(), sol.n);
        for s in &run.trace.steps {
            captioned(s, &(), LU_PSEUDOCODE.len())?;
            state.apply(s);
        }
        ensure(state.owners == sol.owners, || {
            "the replayed owner matrix differs".into()
        })?;
        ensure(state.k == Some(sol.n - 1), || {
            "the replay does not reach the last step".into()
        })?;
        ensure(
            state.total == sol.total_cost && state.perfect_total == sol.perfect_balance,
            || "the replayed totals differ".into(),
        )?;
        ensure(
            state.chunk_sequence == sol.sequence.clone().unwrap_or_default(),
            || "the replayed allocation sequence differs".into(),
        )
    }
}
