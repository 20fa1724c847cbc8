//! What the registry solves, for any registered family (behind the `solve` feature: the
//! command line, the tests and the site's solver worker binaries).

use serde_json::Value;

use crate::family::{self, Detail, Invariant, Limits, SolveError};
use crate::formats::timeline::{NoSchedule, Timeline};

use super::Instance;

/// The schedule of `algorithm` (the default when `None`) on `inst`, as
/// [`family::schedule_of`] says.
///
/// # Errors
/// As [`family::schedule_of`].
pub fn schedule(inst: &Instance, algorithm: Option<&str>) -> Result<Timeline, NoSchedule> {
    with_family!(inst, |F, input| family::schedule_of::<F>(input, algorithm))
}

/// Solves `inst` with `algorithm` (the default when `None`) and returns the result document,
/// with the trace when `with_trace`: what `hetlab solve` prints (the pages export
/// [`Solver::explained`](family::Solver::explained)).
///
/// # Errors
/// As [`Solver::run`](family::Solver::run).
pub fn solve(
    inst: &Instance,
    algorithm: Option<&str>,
    with_trace: bool,
) -> Result<Value, SolveError> {
    let detail = Detail {
        trace: with_trace,
        explain: false,
    };
    solve_within(inst, algorithm, detail, Limits::Default)
}

/// [`solve`] with the given [`Detail`] under the given size [`Limits`] (`hetlab solve
/// --trace --explain --no-limits`).
///
/// # Errors
/// As [`Solver::run`](family::Solver::run).
pub fn solve_within(
    inst: &Instance,
    algorithm: Option<&str>,
    detail: Detail,
    limits: Limits,
) -> Result<Value, SolveError> {
    with_family!(inst, |F, input| family::solve_family_within::<F>(
        input, algorithm, detail, limits
    ))
}

/// The generic invariants of one algorithm on one instance, as
/// [`family::check_invariants_of`] states them.
///
/// # Errors
/// As [`family::check_invariants_of`].
pub fn check_invariants(inst: &Instance, algorithm: &str) -> Result<usize, Invariant> {
    with_family!(inst, |F, input| family::check_invariants_of::<F>(
        input, algorithm
    ))
}
