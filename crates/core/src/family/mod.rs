//! One shape for every problem family: the [`Family`] trait, and what runs any family generically
//! (by algorithm name, within size limits, checked by the generic invariants).
//!
//! A family is a unit struct implementing [`Family`] in its own folder (for instance
//! `lu::family::LuFamily`). It reads and writes its instance document, runs an algorithm by its
//! catalog name (traced or not), writes the result document of formats.md section 4 and
//! checks a run independently (the verifier, plus "replaying the trace gives the solution").
//! Algorithm names, titles and defaults live in [`catalog`] only; the registry of families,
//! and everything that takes an `Instance`, in [`crate::families`].

use serde_json::Value;

use crate::bench::{Measured, Timer};
use crate::catalog;
use crate::formats::timeline::{not_drawn, NoSchedule, Timeline};
use crate::generate::Shape;
use crate::issue::Issues;
use crate::platform::Platform;

mod about;
mod error;

use crate::error::Violation;
pub use about::{About, Scene, Topic};
pub use error::SolveError;

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

    /// The family's benchmark rows (`#/bench` in its group's solver worker), timed with the
    /// caller's clock: its solvers at the sizes the speed goals name.
    fn bench(time: Timer<'_>) -> Vec<Measured>;

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

    /// Runs `algorithm` (a catalog name); `traced` records the steps (otherwise the trace is
    /// empty and nothing is paid for it).
    ///
    /// # Errors
    /// [`SolveError`]: an unknown or inapplicable algorithm, an instance over a size limit, or
    /// the solver's own refusal, in a sentence.
    fn run(input: &Self::Input, algorithm: &str, traced: bool) -> Result<Self::Run, SolveError>;

    /// [`Family::run`] under the given size [`Limits`]: families whose exact solvers refuse
    /// large instances by default override it so that [`Limits::Lifted`] runs them anyway
    /// (`hetlab solve --no-limits`, benchmarks); the others ignore `limits`.
    ///
    /// # Errors
    /// As [`Family::run`].
    fn run_within(
        input: &Self::Input,
        algorithm: &str,
        traced: bool,
        limits: Limits,
    ) -> Result<Self::Run, SolveError> {
        let _ = limits;
        Self::run(input, algorithm, traced)
    }

    /// Why `algorithm` would refuse `input` under the default size limits, without running it
    /// (`hetlab gen` prints it, so that it never writes an instance `solve` refuses without
    /// saying so). `None` when the family has no size limit the instance exceeds.
    fn over_limits(_input: &Self::Input, _algorithm: &str) -> Option<String> {
        None
    }

    /// Number of recorded steps.
    fn steps(run: &Self::Run) -> usize;

    /// The result document (formats.md section 4), with the trace when `with_trace`.
    fn result(input: &Self::Input, algorithm: &str, run: &Self::Run, with_trace: bool) -> Value;

    /// [`Family::result`] with the explanations the family's page shows beside the solution
    /// (`hetlab solve --explain`, the page's JSON export): results that explain or compare the
    /// solution without being part of it, such as the steady-state LP under other operating
    /// models. The same document for families that have none.
    fn explained(input: &Self::Input, algorithm: &str, run: &Self::Run, with_trace: bool) -> Value {
        Self::result(input, algorithm, run, with_trace)
    }

    /// Checks a traced run independently of the solver: the family's verifier accepts the
    /// solution, replaying the whole trace gives the solution, every step has a caption and a
    /// pseudocode line.
    ///
    /// # Errors
    /// What is wrong, in a sentence.
    fn check(input: &Self::Input, run: &Self::Run) -> Result<(), Violation>;
}

/// The catalog entry of `problem`.
#[must_use]
pub fn info(problem: &str) -> Option<&'static catalog::Family> {
    catalog::family(problem)
}

/// What a result document holds beside the solution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Detail {
    /// The step trace (`hetlab solve --trace`).
    pub trace: bool,
    /// The explanations of [`Family::explained`] (`hetlab solve --explain`).
    pub explain: bool,
}

/// Solves an input of family `F` with `algorithm` (the default when `None`) and returns the
/// result document with the given [`Detail`] under the given size [`Limits`]
/// (`crate::families::solve_within` on an instance).
///
/// # Errors
/// As [`Family::run`].
pub fn solve_family_within<F: Family>(
    input: &F::Input,
    algorithm: Option<&str>,
    detail: Detail,
    limits: Limits,
) -> Result<Value, SolveError> {
    let (name, run) = run_offered_within::<F>(input, algorithm, detail.trace, limits)?;
    Ok(if detail.explain {
        F::explained(input, name, &run, detail.trace)
    } else {
        F::result(input, name, &run, detail.trace)
    })
}

/// The schedule of `algorithm` (the default when `None`) on `input`, as the family's page
/// draws it in its Gantt chart: what `hetlab solve --format paje|csv` and the pages' exports
/// write.
///
/// # Errors
/// [`NoSchedule::Solve`] when the solver refuses; [`NoSchedule::NotDrawn`] when the family
/// or the algorithm draws no Gantt chart (square partitions, LU, chains, ring, the `tree`
/// closed form, a multicast, an infeasible instance).
pub fn schedule_of<F: Family>(
    input: &F::Input,
    algorithm: Option<&str>,
) -> Result<Timeline, NoSchedule> {
    if !F::GANTT {
        return Err(not_drawn(Some(F::PROBLEM)));
    }
    let (name, run) = run_offered::<F>(input, algorithm, false)?;
    F::timeline(input, name, &run)
        .filter(|t| !t.bars.is_empty())
        .ok_or_else(|| not_drawn(None))
}

/// Why the default algorithm (or `algorithm`) would refuse `input` under the default size
/// limits, as [`Family::over_limits`] says without running it; `None` when it would not (or
/// the algorithm is not offered, which `solve` reports itself).
#[must_use]
pub fn over_limits_of<F: Family>(input: &F::Input, algorithm: Option<&str>) -> Option<String> {
    let name = resolve::<F>(input, algorithm).ok()?;
    F::over_limits(input, name)
}

/// The generic invariants of one algorithm on one instance (the test of every family runs
/// this over its presets and random instances): the untraced and traced runs give the same
/// result document, the explained document adds to it without changing it,
/// [`Family::check`] accepts the traced run, the trace stays under its cap
/// and the result's `steps` counts it. Returns the number of steps.
///
/// # Errors
/// [`Invariant::Refused`] when the algorithm refuses the instance (the same refusal traced and
/// untraced), [`Invariant::Broken`] naming the first invariant that fails.
pub fn check_invariants_of<F: Family>(
    input: &F::Input,
    algorithm: &str,
) -> Result<usize, Invariant> {
    let broken = |m: String| Invariant::Broken(format!("{algorithm}: {m}"));
    let plain = F::run(input, algorithm, false);
    let traced = F::run(input, algorithm, true);
    let (plain, traced) = match (plain, traced) {
        (Ok(p), Ok(t)) => (p, t),
        (Err(a), Err(b)) if a == b => return Err(Invariant::Refused(a)),
        _ => {
            return Err(broken(
                "the untraced and traced runs disagree on refusing".into(),
            ))
        }
    };
    let (a, b) = (
        F::result(input, algorithm, &plain, false),
        F::result(input, algorithm, &traced, false),
    );
    let strip = |mut v: Value| {
        if let Some(o) = v.as_object_mut() {
            o.remove("steps");
        }
        v
    };
    if strip(a.clone()) != strip(b) {
        return Err(broken("the untraced and traced results differ".into()));
    }
    // The explained document is the plain one with more keys (`hetlab solve --explain`).
    let explained = F::explained(input, algorithm, &plain, false);
    if let Some((key, _)) = a
        .as_object()
        .into_iter()
        .flatten()
        .find(|(k, v)| explained.get(k.as_str()) != Some(*v))
    {
        return Err(broken(format!("the explained document changes \"{key}\"")));
    }
    F::check(input, &traced).map_err(|v| broken(v.0))?;
    let n = F::steps(&traced);
    if n > crate::trace::STEP_CAP {
        return Err(broken(format!("{n} steps exceed the cap")));
    }
    let doc = F::result(input, algorithm, &traced, true);
    let steps = doc["steps"].as_u64().and_then(|s| usize::try_from(s).ok());
    let listed = doc["trace"].as_array().map(Vec::len);
    if steps != Some(n) || listed != Some(n) {
        return Err(broken(format!(
            "the result says {steps:?} steps and lists {listed:?}, the trace has {n}"
        )));
    }
    Ok(n)
}

/// How [`check_invariants_of`] failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Invariant {
    /// The algorithm refused the instance with this error, traced and untraced alike.
    #[error("refused: {0}")]
    Refused(SolveError),
    /// An invariant does not hold: a bug.
    #[error("broken invariant: {0}")]
    Broken(String),
}

/// Runs `algorithm` (the default when `None`) on `input` when the instance offers it: what
/// the command line and the pages call. Returns the name run with the run.
///
/// # Errors
/// [`SolveError::Unknown`] naming what is offered, else as [`Family::run`].
pub fn run_offered<F: Family>(
    input: &F::Input,
    algorithm: Option<&str>,
    traced: bool,
) -> Result<(&'static str, F::Run), SolveError> {
    run_offered_within::<F>(input, algorithm, traced, Limits::Default)
}

/// [`run_offered`] under the given size [`Limits`].
///
/// # Errors
/// As [`run_offered`].
pub fn run_offered_within<F: Family>(
    input: &F::Input,
    algorithm: Option<&str>,
    traced: bool,
    limits: Limits,
) -> Result<(&'static str, F::Run), SolveError> {
    let name = resolve::<F>(input, algorithm)?;
    let run = F::run_within(input, name, traced, limits).map_err(SolveError::shortened)?;
    Ok((name, run))
}

/// The name to run: `algorithm`, or the family's default, refused with the list of offered
/// names when this instance does not offer it.
fn resolve<F: Family>(
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

/// A step shows a non-empty caption under `ctx` and highlights one of the `lines` lines of its
/// pseudocode:
/// what every family's [`Family::check`] asks of each step of its trace.
///
/// # Errors
/// A [`Violation`] naming which of the two fails.
pub fn captioned<S: crate::trace::Step>(
    step: &S,
    ctx: &S::Context<'_>,
    lines: usize,
) -> Result<(), Violation> {
    ensure(!step.caption(ctx).is_empty(), || {
        "a step has no caption".into()
    })?;
    ensure(step.phase().line < lines, || {
        "a phase line is out of the pseudocode".into()
    })
}

/// `Ok` when `cond` holds, else the message (for [`Family::check`] implementations).
///
/// # Errors
/// `message()` when `cond` is false.
pub fn ensure(cond: bool, message: impl FnOnce() -> String) -> Result<(), Violation> {
    if cond {
        Ok(())
    } else {
        Err(message().into())
    }
}
