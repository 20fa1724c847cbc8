//! The scatter family behind the generic [`Family`] entry.

use super::instance::RawScatter;
use crate::formats::timeline::Timeline;
use crate::generate::Shape;
use crate::issue::Issues;
use serde_json::Value;

use super::instance::Scatter;
use super::{Algorithm, ScatterError, ScatterSolution, ScatterStep};
use crate::family::{Family, SolveError};
use crate::trace::Traced;

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

    fn timeline(_input: &Scatter, name: &str, run: &Self::Run) -> Option<Timeline> {
        Some(super::timeline::scatter(name, &run.solution))
    }

    /// `size` processors with costs picked by `shape`, as [`super::generate::random`] says.
    fn generate(shape: Shape, size: usize, seed: u64) -> Scatter {
        super::generate::random(shape, size, seed)
    }

    /// The root choice only with `root_transfer`; the closed form only for linear costs; with
    /// a cost table, only the DP's methods (scatter.md §1.1). When the DP is over its size
    /// limit, `lp-rounded` comes first (it is the default: the page and the CLI then show a
    /// result rather than the DP's refusal).
    fn offered(input: &Scatter) -> Vec<&'static str> {
        if input.has_tables() {
            return Algorithm::READ_TABLES.map(Algorithm::name).to_vec();
        }
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

    fn steps(run: &Self::Run) -> usize {
        run.trace.len()
    }
}
