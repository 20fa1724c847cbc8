//! The chains family behind the generic [`Family`] entry (CLI `solve`/`list`/`gen`, pages, the
//! generic invariant test).

use super::instance::RawChains;
use crate::bench::{Measured, Timer};
use crate::generate::Shape;
use crate::issue::Issues;
use serde_json::Value;

use super::instance::Chains;
use super::{
    report, solve, solve_traced, verify, ChainStep, ChainsError, ChainsSolution, ChainsState,
    PSEUDOCODE,
};
use crate::error::Violation;
use crate::family::{captioned, ensure, Family, Limits, SolveError};
use crate::trace::{Replay as _, Traced};

/// The chains family.
pub struct ChainsFamily;

impl From<ChainsError> for SolveError {
    fn from(e: ChainsError) -> SolveError {
        match e {
            ChainsError::UnknownAlgorithm(_) => SolveError::Unknown(e.to_string()),
            ChainsError::TooLarge { .. } => SolveError::TooLarge(e.to_string()),
            ChainsError::Invalid(_) => SolveError::Failed(e.to_string()),
        }
    }
}

impl Family for ChainsFamily {
    const PROBLEM: &'static str = "chains";
    const ABOUT: &'static crate::family::About = &super::about::ABOUT;
    type Input = Chains;
    type Run = Traced<ChainsSolution, ChainStep>;
    type Raw = RawChains;

    fn validate(raw: RawChains) -> Result<Chains, Issues> {
        raw.validate()
    }

    fn to_value(input: &Chains) -> Value {
        input.to_value()
    }

    fn bench(time: Timer<'_>) -> Vec<Measured> {
        super::bench::rows(time)
    }

    /// `size` processors and `16·size` tasks, as [`super::generate::random`] says (any shape).
    fn generate(_shape: Shape, size: usize, seed: u64) -> Chains {
        super::generate::random(size, seed)
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

    fn steps(run: &Self::Run) -> usize {
        run.trace.len()
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
