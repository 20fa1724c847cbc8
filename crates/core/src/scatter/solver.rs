//! The solving side of the scatter family ([`Solver`]): its algorithms, result documents,
//! independent check and benchmarks (the `solve` feature).

use serde_json::Value;

use super::family::ScatterFamily;
use super::instance::Scatter;
use super::{report, solve, solve_traced, verify, Algorithm, ScatterState, SCATTER_PSEUDOCODE};
use crate::bench::{Measured, Timer};
use crate::error::Violation;
use crate::family::{captioned, ensure, Family, SolveError, Solver};
use crate::trace::{Replay as _, Traced};

impl Solver for ScatterFamily {
    fn bench(time: Timer<'_>) -> Vec<Measured> {
        super::bench::rows(time)
    }

    fn run(input: &Scatter, algorithm: &str, traced: bool) -> Result<Self::Run, SolveError> {
        let Some(algo) = Algorithm::from_name(algorithm) else {
            return Err(SolveError::unknown(
                "scatter",
                algorithm,
                &Self::offered(input),
            ));
        };
        let t = if traced {
            solve_traced(input, algo)
        } else {
            solve(input, algo).map(Traced::untraced)
        };
        t.map_err(SolveError::from)
    }

    fn result(_input: &Scatter, _algorithm: &str, run: &Self::Run, with_trace: bool) -> Value {
        report::result(&run.solution, &run.trace, with_trace)
    }

    /// With the rational shares' schedule the page draws (§7): see
    /// [`super::extras::explained`].
    fn explained(input: &Scatter, algorithm: &str, run: &Self::Run, with_trace: bool) -> Value {
        let x = super::extras::extras(input, algorithm, run);
        super::extras::explained(run, &x, with_trace)
    }

    fn check(input: &Scatter, run: &Self::Run) -> Result<(), Violation> {
        let sol = &run.solution;
        verify(input, sol).map_err(|e| e.to_string())?;
        let mut state = ScatterState::new(input.processors.len(), input.n);
        for s in &run.trace.steps {
            captioned(s, &(), SCATTER_PSEUDOCODE.len())?;
            state.apply(s);
        }
        ensure(state.after.as_ref() == Some(&sol.schedule), || {
            "the replayed schedule differs from the solution".into()
        })?;
        ensure(state.before.as_ref() == Some(&sol.uniform), || {
            "the replayed uniform distribution differs".into()
        })?;
        ensure(state.order == sol.schedule.order, || {
            "the replayed order differs".into()
        })
    }
}
