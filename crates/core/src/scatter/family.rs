//! The scatter family behind the generic [`Family`] entry.

use super::instance::RawScatter;
use crate::bench::{Measured, Timer};
use crate::formats::timeline::Timeline;
use crate::generate::Shape;
use crate::issue::Issues;
use serde_json::Value;

use super::instance::Scatter;
use super::{
    report, solve, solve_traced, verify, Algorithm, ScatterError, ScatterSolution, ScatterState,
    ScatterStep, SCATTER_PSEUDOCODE,
};
use crate::error::Violation;
use crate::family::{captioned, ensure, Family, SolveError};
use crate::trace::{Replay as _, Traced};

/// The scatter family.
pub struct ScatterFamily;

impl From<ScatterError> for SolveError {
    fn from(e: ScatterError) -> SolveError {
        match e {
            ScatterError::NotApplicable(m) => SolveError::NotApplicable(m),
            ScatterError::TooLarge(m) => SolveError::TooLarge(m),
            ScatterError::Failed(m) => SolveError::Failed(m),
        }
    }
}

impl Family for ScatterFamily {
    const PROBLEM: &'static str = "scatter";
    const ABOUT: &'static crate::family::About = &super::about::ABOUT;
    type Input = Scatter;
    type Run = Traced<ScatterSolution, ScatterStep>;
    type Raw = RawScatter;
    const GANTT: bool = true;

    fn validate(raw: RawScatter) -> Result<Scatter, Issues> {
        raw.validate()
    }

    fn to_value(input: &Scatter) -> Value {
        input.to_value()
    }

    fn bench(time: Timer<'_>) -> Vec<Measured> {
        super::bench::rows(time)
    }

    fn timeline(_input: &Scatter, name: &str, run: &Self::Run) -> Option<Timeline> {
        Some(super::timeline::scatter(name, &run.solution))
    }

    /// `size` processors with costs picked by `shape`, as [`super::generate::random`] says.
    fn generate(shape: Shape, size: usize, seed: u64) -> Scatter {
        super::generate::random(shape, size, seed)
    }

    /// The root choice only with `root_transfer`; the closed form only for linear costs. When
    /// the DP is over its size limit, `lp-rounded` comes first (it is the default: the page and
    /// the CLI then show a result rather than the DP's refusal).
    fn offered(input: &Scatter) -> Vec<&'static str> {
        let linear = super::Model::of(input).is_linear();
        let dp_fits = super::dp::work(input.processors.len(), input.n) <= super::MAX_DP_WORK;
        let mut all = Algorithm::ALL;
        if !dp_fits {
            all.swap(0, 1);
        }
        all.into_iter()
            .filter(|a| match a {
                Algorithm::RootChoice => input.root_transfer.is_some(),
                Algorithm::ClosedForm => linear,
                _ => true,
            })
            .map(Algorithm::name)
            .collect()
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

    fn steps(run: &Self::Run) -> usize {
        run.trace.len()
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
