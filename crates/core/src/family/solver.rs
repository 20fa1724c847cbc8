//! The solving side of a family ([`Solver`]) and the generic runners over it: what the command
//! line, the tests and the site's solver worker binaries call. Behind the crate's `solve`
//! feature, so that the page binaries, built without it, cannot call a solver: the compiler
//! refuses, where only the linker's dead-code removal kept solvers out before.

use serde_json::Value;

use super::{resolve, Family, Limits, SolveError};
use crate::bench::{Measured, Timer};
use crate::error::Violation;
use crate::formats::timeline::{not_drawn, NoSchedule, Timeline};

/// What a family adds to [`Family`] to be solved: its algorithms, its result documents, its
/// independent check and its benchmarks.
pub trait Solver: Family {
    /// The family's benchmark rows (`#/bench` in its group's solver worker), timed with the
    /// caller's clock: its solvers at the sizes the speed goals name.
    fn bench(time: Timer<'_>) -> Vec<Measured>;

    /// Runs `algorithm` (a catalog name); `traced` records the steps (otherwise the trace is
    /// empty and nothing is paid for it).
    ///
    /// # Errors
    /// [`SolveError`]: an unknown or inapplicable algorithm, an instance over a size limit, or
    /// the solver's own refusal, in a sentence.
    fn run(input: &Self::Input, algorithm: &str, traced: bool) -> Result<Self::Run, SolveError>;

    /// [`Solver::run`] under the given size [`Limits`]: families whose exact solvers refuse
    /// large instances by default override it so that [`Limits::Lifted`] runs them anyway
    /// (`hetlab solve --no-limits`, benchmarks); the others ignore `limits`.
    ///
    /// # Errors
    /// As [`Solver::run`].
    fn run_within(
        input: &Self::Input,
        algorithm: &str,
        traced: bool,
        limits: Limits,
    ) -> Result<Self::Run, SolveError> {
        let _ = limits;
        Self::run(input, algorithm, traced)
    }

    /// The result document (formats.md section 4), with the trace when `with_trace`.
    fn result(input: &Self::Input, algorithm: &str, run: &Self::Run, with_trace: bool) -> Value;

    /// [`Solver::result`] with the explanations the family's page shows beside the solution
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

/// What a result document holds beside the solution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Detail {
    /// The step trace (`hetlab solve --trace`).
    pub trace: bool,
    /// The explanations of [`Solver::explained`] (`hetlab solve --explain`).
    pub explain: bool,
}

/// Solves an input of family `F` with `algorithm` (the default when `None`) and returns the
/// result document with the given [`Detail`] under the given size [`Limits`]
/// (`crate::families::solve_within` on an instance).
///
/// # Errors
/// As [`Solver::run`].
pub fn solve_family_within<F: Solver>(
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
pub fn schedule_of<F: Solver>(
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

/// The generic invariants of one algorithm on one instance (the test of every family runs
/// this over its presets and random instances): the untraced and traced runs give the same
/// result document, the explained document adds to it without changing it,
/// [`Solver::check`] accepts the traced run, the trace stays under its cap
/// and the result's `steps` counts it. Returns the number of steps.
///
/// # Errors
/// [`Invariant::Refused`] when the algorithm refuses the instance (the same refusal traced and
/// untraced), [`Invariant::Broken`] naming the first invariant that fails.
pub fn check_invariants_of<F: Solver>(
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
/// [`SolveError::Unknown`] naming what is offered, else as [`Solver::run`].
pub fn run_offered<F: Solver>(
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
pub fn run_offered_within<F: Solver>(
    input: &F::Input,
    algorithm: Option<&str>,
    traced: bool,
    limits: Limits,
) -> Result<(&'static str, F::Run), SolveError> {
    let name = resolve::<F>(input, algorithm)?;
    let run = F::run_within(input, name, traced, limits).map_err(SolveError::shortened)?;
    Ok((name, run))
}

/// A step shows a non-empty caption under `ctx` and highlights one of the `lines` lines of its
/// pseudocode:
/// what every family's [`Solver::check`] asks of each step of its trace.
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

/// `Ok` when `cond` holds, else the message (for [`Solver::check`] implementations).
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
