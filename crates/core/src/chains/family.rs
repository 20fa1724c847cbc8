//! The chains family behind the generic [`Family`] entry (CLI `solve`/`list`/`gen`, pages, the
//! generic invariant test).

use super::instance::RawChains;
use crate::generate::Shape;
use crate::issue::Issues;
use serde_json::Value;

use super::instance::Chains;
use super::{ChainStep, ChainsError, ChainsSolution};
use crate::family::{Family, SolveError};
use crate::trace::Traced;

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

    /// `size` processors and `16·size` tasks, as [`super::generate::random`] says (any shape).
    fn generate(_shape: Shape, size: usize, seed: u64) -> Chains {
        super::generate::random(size, seed)
    }

    fn steps(run: &Self::Run) -> usize {
        run.trace.len()
    }
}
