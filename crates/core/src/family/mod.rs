//! One shape for every problem family: the [`Family`] trait (what a page needs: the instance,
//! its document, generator and algorithms offered, a run's type) and, with the `solve`
//! feature, the `Solver` trait and what runs any family generically (by algorithm name,
//! within size limits, checked by the generic invariants).
//!
//! A family is a unit struct implementing both in its own folder (for instance
//! `lu::family::LuFamily`). It reads and writes its instance document; as a `Solver` it runs
//! an algorithm by its catalog name (traced or not), writes the result document of formats.md
//! section 4 and checks a run independently (the verifier, plus "replaying the trace gives the
//! solution").
//! Algorithm names, titles and defaults live in [`catalog`] only; the registry of families,
//! and everything that takes an `Instance`, in [`crate::families`].

use serde_json::Value;

use crate::catalog;
use crate::formats::timeline::Timeline;
use crate::generate::Shape;
use crate::issue::Issues;
use crate::platform::Platform;

mod about;
mod error;
#[cfg(feature = "solve")]
mod solver;

pub use about::{About, Scene, Table, Topic};
pub use error::SolveError;
#[cfg(feature = "solve")]
pub use solver::{
    captioned, check_invariants_of, ensure, run_offered, run_offered_within, schedule_of,
    solve_family_within, Detail, Invariant, Solver,
};

/// Whether the size limits of the exact solvers apply. By default every family refuses the
/// instances its exact solver could not finish in about a second in the browser (see
/// docs/decisions.md, 2026-11-25); `Lifted` runs them anyway, however long that takes (the
/// command line's `--no-limits`, benchmarks). Memory stays bounded by the platform's own limits.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    serde::Serialize,
    nanoserde::SerBin,
    nanoserde::DeBin,
)]
pub enum Limits {
    /// The default size limits.
    #[default]
    Default,
    /// No size limit beyond the platform's.
    Lifted,
}

/// The run type of family `F`.
pub type RunOf<F> = <F as Family>::Run;

/// What every family provides. `Input` is the validated instance; `Run` is a traced (or
/// untraced, with an empty trace) outcome of one algorithm, which the family's page replays.
pub trait Family {
    /// The `"problem"` name (formats.md section 3), also the page's route.
    const PROBLEM: &'static str;
    /// What the family's page says about its problem (why it is hard, what the algorithms
    /// guarantee), from its spec: `hetlab about` prints it.
    const ABOUT: &'static About;
    /// The validated instance.
    type Input;
    /// The outcome of one algorithm: its solution and its trace. It crosses threads (the site
    /// solves in a Web Worker and ships the run to the page), so it is serialisable, and
    /// `wire` round trips must give it back unchanged.
    type Run: serde::Serialize + nanoserde::SerBin + nanoserde::DeBin;
    /// The instance document as read, before validation (its serde reader).
    type Raw: serde::de::DeserializeOwned;

    /// The validated instance of a document read as [`Family::Raw`].
    ///
    /// # Errors
    /// [`Issues`] naming each invalid field with its path.
    fn validate(raw: Self::Raw) -> Result<Self::Input, Issues>;

    /// The instance document (formats.md section 3), as it was read.
    fn to_value(input: &Self::Input) -> Value;

    /// A seeded random instance of about `size` processors or nodes (`hetlab gen`): the same
    /// seed gives the same instance on every machine, native or wasm. `shape` picks the
    /// platform's shape for graph families and a variant for the others (each family says how).
    fn generate(shape: Shape, size: usize, seed: u64) -> Self::Input;

    /// Whether the family draws its results as a Gantt chart ([`Family::timeline`]), so that
    /// its pages offer the Paje and CSV exports.
    const GANTT: bool = false;

    /// The chart of `run` (made by algorithm `name`) as a [`Timeline`], lane for lane and bar
    /// for bar what the page draws, for the families that draw one ([`Family::GANTT`]) and
    /// the results that have one.
    fn timeline(_input: &Self::Input, _name: &str, _run: &Self::Run) -> Option<Timeline> {
        None
    }

    /// The platform graph, for the families that have one.
    fn platform(_input: &Self::Input) -> Option<&Platform> {
        None
    }

    /// The algorithms that apply to this instance, the default first (a subset of the
    /// catalog's names; some families offer fewer for some instances).
    fn offered(_input: &Self::Input) -> Vec<&'static str> {
        info(Self::PROBLEM).map_or_else(Vec::new, catalog::Family::available_names)
    }

    /// Why `algorithm` would refuse `input` under the default size limits, without running it
    /// (`hetlab gen` prints it, so that it never writes an instance `solve` refuses without
    /// saying so). `None` when the family has no size limit the instance exceeds.
    fn over_limits(_input: &Self::Input, _algorithm: &str) -> Option<String> {
        None
    }

    /// Number of recorded steps.
    fn steps(run: &Self::Run) -> usize;
}

/// The catalog entry of `problem`.
#[must_use]
pub fn info(problem: &str) -> Option<&'static catalog::Family> {
    catalog::family(problem)
}

/// Why the default algorithm (or `algorithm`) would refuse `input` under the default size
/// limits, as [`Family::over_limits`] says without running it; `None` when it would not (or
/// the algorithm is not offered, which `solve` reports itself).
#[must_use]
pub fn over_limits_of<F: Family>(input: &F::Input, algorithm: Option<&str>) -> Option<String> {
    let name = resolve::<F>(input, algorithm).ok()?;
    F::over_limits(input, name)
}

/// The name to run: `algorithm`, or the family's default, refused with the list of offered
/// names when this instance does not offer it.
pub(crate) fn resolve<F: Family>(
    input: &F::Input,
    algorithm: Option<&str>,
) -> Result<&'static str, SolveError> {
    let offered = F::offered(input);
    match algorithm {
        None => offered
            .first()
            .copied()
            .ok_or_else(|| SolveError::unknown(F::PROBLEM, "", &offered)),
        Some(name) => offered
            .iter()
            .copied()
            .find(|a| *a == name)
            .ok_or_else(|| SolveError::unknown(F::PROBLEM, name, &offered)),
    }
}
