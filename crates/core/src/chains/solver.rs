//! The solving side of the chains family ([`Solver`]): its algorithms, result documents,
//! independent check and benchmarks (the `solve` feature).

use serde_json::Value;

use super::family::ChainsFamily;
use super::instance::Chains;
use super::{report, solve, solve_traced, verify, ChainsState, PSEUDOCODE};
use crate::bench::{Measured, Timer};
use crate::error::Violation;
use crate::family::{captioned, ensure, Limits, SolveError, Solver};
use crate::trace::{Replay as _, Traced};

impl Solver for ChainsFamily {
    fn bench(time: Timer<'_>) -> Vec<Measured> {
        super::bench::rows(time)
    }

    fn run(input: &Chains, algorithm: &str, traced: bool) -> Result<Self::Run, SolveError> {
        let i = input.input();
        let t = if traced {
            solve_traced(&i, algorithm)
        } else {
            solve(&i, algorithm).map(Traced::untraced)
        };
        t.map_err(SolveError::from)
    }

    /// [`Limits::Lifted`] lifts DP's and DP+'s cell limits ([`super::solve_within`]).
    fn run_within(
        input: &Chains,
        algorithm: &str,
        traced: bool,
        limits: Limits,
    ) -> Result<Self::Run, SolveError> {
        let lifted = limits == Limits::Lifted;
        super::solve_within(&input.input(), algorithm, traced, lifted).map_err(SolveError::from)
    }

    fn result(input: &Chains, algorithm: &str, run: &Self::Run, with_trace: bool) -> Value {
        report::result(&input.input(), algorithm, run, with_trace)
    }

    /// With the page's comparison of every CCP algorithm (§10): see
    /// [`super::extras::explained`].
    fn explained(input: &Chains, algorithm: &str, run: &Self::Run, with_trace: bool) -> Value {
        let x = super::extras::extras(input, algorithm, run);
        super::extras::explained(input, algorithm, run, &x, with_trace)
    }

    fn check(input: &Chains, run: &Self::Run) -> Result<(), Violation> {
        let i = input.input();
        let sol = &run.solution;
        verify(&i, sol).map_err(|v| v.to_string())?;
        let mut state = ChainsState::new(&i);
        for s in &run.trace.steps {
            captioned(s, &(), PSEUDOCODE.len())?;
            state.apply(s);
        }
        if run.trace.is_empty() {
            return Ok(());
        }
        ensure(state.result.as_ref() == Some(&sol.bottleneck), || {
            "the replay does not end on the bottleneck".into()
        })?;
        ensure(state.separators == sol.separators, || {
            "the replayed separators differ".into()
        })?;
        ensure(state.loads() == sol.loads, || {
            "the replayed loads differ".into()
        })
    }
}
