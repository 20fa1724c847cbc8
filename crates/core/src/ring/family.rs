//! The ring family behind the generic [`Family`] entry.

use super::instance::RawRing;
use crate::bench::{Measured, Timer};
use crate::generate::Shape;
use crate::issue::Issues;
use serde_json::Value;

use super::instance::Ring;
use super::{
    homogeneous, report, solve, solve_traced, verify, Algorithm, RingSolution, RingState, RingStep,
    MAX_EXACT, MAX_EXHAUSTIVE, PSEUDOCODE,
};
use crate::error::Violation;
use crate::family::{captioned, ensure, Family, SolveError};
use crate::trace::{Replay as _, Traced};

/// The ring family (SLICERING).
pub struct RingFamily;

impl Family for RingFamily {
    const PROBLEM: &'static str = "ring";
    const ABOUT: &'static crate::family::About = &super::about::ABOUT;
    type Input = Ring;
    type Run = Traced<RingSolution, RingStep>;
    type Raw = RawRing;

    fn validate(raw: RawRing) -> Result<Ring, Issues> {
        raw.validate()
    }

    fn to_value(input: &Ring) -> Value {
        input.to_value()
    }

    fn bench(time: Timer<'_>) -> Vec<Measured> {
        super::bench::rows(time, Self::offered)
    }

    /// `size` processors as [`super::generate`] says; two groups for the `clusters` shape.
    fn generate(shape: Shape, size: usize, seed: u64) -> Ring {
        super::generate(size, shape == Shape::Clusters, seed)
    }

    /// Every available algorithm that applies: the exact ones up to their size limits, the
    /// homogeneous closed form only when every link costs the same.
    fn offered(input: &Ring) -> Vec<&'static str> {
        let p = input.p();
        let all = crate::family::info(Self::PROBLEM)
            .map_or_else(Vec::new, crate::catalog::Family::available_names);
        all.into_iter()
            .filter(|name| match *name {
                "exact" | "held-karp" => p <= MAX_EXACT,
                "exhaustive" => p <= MAX_EXHAUSTIVE,
                "homogeneous" => homogeneous::common_cost(input).is_some(),
                _ => true,
            })
            .collect()
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

    fn steps(run: &Self::Run) -> usize {
        run.trace.len()
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
