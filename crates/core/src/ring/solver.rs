//! The solving side of the ring family ([`Solver`]): its algorithms, result documents,
//! independent check and benchmarks (the `solve` feature).

use serde_json::Value;

use super::family::RingFamily;
use super::instance::Ring;
use super::{report, solve, solve_traced, verify, Algorithm, RingState, PSEUDOCODE};
use crate::bench::{Measured, Timer};
use crate::error::Violation;
use crate::family::{captioned, ensure, Family, SolveError, Solver};
use crate::trace::{Replay as _, Traced};

impl Solver for RingFamily {
    fn bench(time: Timer<'_>) -> Vec<Measured> {
        super::bench::rows(time, Self::offered)
    }

    fn run(input: &Ring, algorithm: &str, traced: bool) -> Result<Self::Run, SolveError> {
        let a = Algorithm::from_name(algorithm)
            .ok_or_else(|| SolveError::unknown(Self::PROBLEM, algorithm, &Self::offered(input)))?;
        let t = if traced {
            solve_traced(input, a)
        } else {
            solve(input, a).map(Traced::untraced)
        };
        t.map_err(|e| match e {
            super::RingError::TooLarge(m) => SolveError::TooLarge(m),
            super::RingError::NotApplicable(m) => SolveError::NotApplicable(m),
            super::RingError::Unknown(_) => SolveError::Failed(e.to_string()),
        })
    }

    fn result(_input: &Ring, _algorithm: &str, run: &Self::Run, with_trace: bool) -> Value {
        report::result(&run.solution, &run.trace, with_trace)
    }

    /// With the page's comparisons (ring.md §10.2, §11): see [`super::extras::explained`].
    fn explained(input: &Ring, algorithm: &str, run: &Self::Run, with_trace: bool) -> Value {
        let offered = Self::offered(input);
        let sweep = super::extras::sweep(input);
        let x = super::extras::extras(input, &offered, algorithm, run, sweep);
        super::extras::explained(run, &x, with_trace)
    }

    fn check(input: &Ring, run: &Self::Run) -> Result<(), Violation> {
        let sol = &run.solution;
        verify(input, sol).map_err(|v| v.to_string())?;
        let mut state = RingState::new(input.p());
        for s in &run.trace.steps {
            captioned(s, &(), PSEUDOCODE.len())?;
            state.apply(s);
        }
        ensure(state.done, || "the replay does not reach the result".into())?;
        ensure(state.eval.as_ref() == Some(&sol.eval), || {
            "the replayed ring differs from the solution".into()
        })
    }
}
