//! The divisible-load family behind the generic [`Family`] entry.

use super::instance::RawDivisible;
use crate::bench::{Measured, Timer};
use crate::formats::timeline::Timeline;
use crate::generate::Shape;
use crate::issue::Issues;
use serde_json::Value;

use super::instance::Divisible;
use super::{
    report, solve, solve_traced, verify, DivSolution, DivState, DivStep, DivisibleError, Variant,
    PSEUDOCODE,
};
use crate::error::Violation;
use crate::family::{captioned, ensure, Family, SolveError};
use crate::trace::{Replay as _, Traced};

/// The divisible-load family.
pub struct DivisibleFamily;

impl From<DivisibleError> for SolveError {
    fn from(e: DivisibleError) -> SolveError {
        match e {
            DivisibleError::Unknown(_) => SolveError::Unknown(e.to_string()),
            DivisibleError::NotApplicable(m) => SolveError::NotApplicable(m),
            DivisibleError::TooLarge(m) => SolveError::TooLarge(m),
            DivisibleError::Infeasible(m) => SolveError::Failed(m),
        }
    }
}

impl Family for DivisibleFamily {
    const PROBLEM: &'static str = "divisible";
    const ABOUT: &'static crate::family::About = &super::about::ABOUT;
    type Input = Divisible;
    type Run = Traced<DivSolution, DivStep>;
    type Raw = RawDivisible;
    const GANTT: bool = true;

    fn validate(raw: RawDivisible) -> Result<Divisible, Issues> {
        raw.validate()
    }

    fn to_value(input: &Divisible) -> Value {
        input.to_value()
    }

    fn bench(time: Timer<'_>) -> Vec<Measured> {
        super::bench::rows(time)
    }

    fn timeline(_input: &Divisible, name: &str, run: &Self::Run) -> Option<Timeline> {
        Some(super::timeline::divisible(name, &run.solution))
    }

    /// The variant picked by `shape`, as [`super::generate::random`] says.
    fn generate(shape: Shape, size: usize, seed: u64) -> Divisible {
        super::generate::random(shape, size, seed)
    }

    fn offered(input: &Divisible) -> Vec<&'static str> {
        super::offered(input)
    }

    fn run(input: &Divisible, algorithm: &str, traced: bool) -> Result<Self::Run, SolveError> {
        if traced {
            Ok(solve_traced(input, algorithm)?)
        } else {
            let solution = solve(input, algorithm)?;
            Ok(Traced::untraced(solution))
        }
    }

    fn steps(run: &Self::Run) -> usize {
        run.trace.len()
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
