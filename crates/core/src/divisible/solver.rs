//! The solving side of the divisible-load family ([`Solver`]): its algorithms, result documents,
//! independent check and benchmarks (the `solve` feature).

use serde_json::Value;

use super::family::DivisibleFamily;
use super::instance::Divisible;
use super::{report, solve, solve_traced, verify, DivSolution, DivState, Variant, PSEUDOCODE};
use crate::bench::{Measured, Timer};
use crate::error::Violation;
use crate::family::{captioned, ensure, SolveError, Solver};
use crate::trace::{Replay as _, Traced};

impl Solver for DivisibleFamily {
    fn bench(time: Timer<'_>) -> Vec<Measured> {
        super::bench::rows(time)
    }

    fn run(input: &Divisible, algorithm: &str, traced: bool) -> Result<Self::Run, SolveError> {
        if traced {
            Ok(solve_traced(input, algorithm)?)
        } else {
            let solution = solve(input, algorithm)?;
            Ok(Traced::untraced(solution))
        }
    }

    fn result(input: &Divisible, algorithm: &str, run: &Self::Run, with_trace: bool) -> Value {
        report::result(input, algorithm, run, with_trace)
    }

    /// With the tentative schedule the page draws first for STARAFFINE (§9.3): see
    /// [`super::extras::explained`].
    fn explained(input: &Divisible, algorithm: &str, run: &Self::Run, with_trace: bool) -> Value {
        let x = super::extras::extras(input, algorithm, run);
        super::extras::explained(input, algorithm, run, &x, with_trace)
    }

    fn check(input: &Divisible, run: &Self::Run) -> Result<(), Violation> {
        let sol = &run.solution;
        verify(input, sol)?;
        let names = report::names(input);
        let n = if input.variant == Variant::TreeLinear {
            input.nodes.len()
        } else {
            input.workers.len()
        };
        let mut state = DivState::new(n);
        for s in &run.trace.steps {
            captioned(s, &names, PSEUDOCODE.len())?;
            state.apply(s);
        }
        replayed(&state, sol)
    }
}

/// The state after the whole trace shows the solution.
///
/// # Errors
/// What differs.
pub fn replayed(state: &DivState, sol: &DivSolution) -> Result<(), Violation> {
    ensure(state.blocks == sol.schedule, || {
        "the replayed Gantt chart differs from the schedule".into()
    })?;
    ensure(state.alpha.as_ref() == Some(&sol.alpha), || {
        "the replayed loads differ".into()
    })?;
    ensure(state.alpha_master == sol.alpha_master, || {
        "the replayed master share differs".into()
    })?;
    ensure(state.makespan.as_ref() == Some(&sol.makespan), || {
        "the replayed makespan differs".into()
    })?;
    ensure(state.order == sol.order, || {
        "the replayed order differs".into()
    })
}
