//! What the programs of `hetlab export simgrid-run` share: why no program is written, the cap
//! on simulated events, and how a template gets its platform and schedule.

use serde_json::Value;

use crate::family::SolveError;

/// Most messages and executions (batches of files and of tasks) one program may simulate.
pub const MAX_EVENTS: u64 = 300_000;

/// Periods measured after the warm-up (the periodic schedules).
pub const MEASURED_PERIODS: u64 = 10;

/// Why no program is written.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The solver refused the instance or the algorithm.
    #[error("{0}")]
    Solve(#[from] SolveError),
    /// A family whose schedules the program cannot play.
    #[error("a {0} result cannot be played in SimGrid: `hetlab export simgrid-run` plays steady-state and broadcast periods and scatter, master-slave and divisible-load schedules")]
    NotYet(String),
    /// The schedule exists but cannot be simulated (the message says why and what to change).
    #[error("{0}")]
    Unplayable(String),
}

/// What every program holds: imports, the embedded platform and schedule, `simulate` and
/// `verdict`.
const COMMON: &str = include_str!("common.py");

/// `template` with `@COMMON@` (`common.py`), then `@PLATFORM@` (the XML) and `@SCHEDULE@` (the
/// JSON document) filled in as Python string literals (JSON strings are valid Python literals).
pub(super) fn fill(template: &str, xml: &str, schedule: &Value) -> String {
    let literal = |text: &str| Value::String(text.to_owned()).to_string();
    template
        .replace("@COMMON@", COMMON.trim_end())
        .replace("@PLATFORM@", &literal(xml))
        .replace("@SCHEDULE@", &literal(&schedule.to_string()))
}
