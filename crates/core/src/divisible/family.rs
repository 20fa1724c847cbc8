//! The divisible-load family behind the generic [`Family`] entry.

use super::instance::RawDivisible;
use crate::formats::timeline::Timeline;
use crate::generate::Shape;
use crate::issue::Issues;
use serde_json::Value;

use super::instance::Divisible;
use super::{DivSolution, DivStep, DivisibleError};
use crate::family::{Family, SolveError};
use crate::trace::Traced;

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

    fn steps(run: &Self::Run) -> usize {
        run.trace.len()
    }
}
