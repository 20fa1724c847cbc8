//! The one error type of running an algorithm by name, whatever the family.

use std::fmt;

use crate::catalog;

/// Why an algorithm did not run. A result with status `infeasible` or `unbounded` is not an
/// error (formats.md section 6): this is only for runs that produce no result.
#[derive(
    Clone,
    Debug,
    PartialEq,
    Eq,
    thiserror::Error,
    serde::Serialize,
    nanoserde::SerBin,
    nanoserde::DeBin,
)]
pub enum SolveError {
    /// The name is not an algorithm of the family, or not one offered for this instance.
    #[error("{0}")]
    Unknown(String),
    /// The algorithm does not apply to this instance (a closed form on a non-tree, ...).
    #[error("{0}")]
    NotApplicable(String),
    /// The instance is over a size limit of this algorithm.
    #[error("{0}")]
    TooLarge(String),
    /// Any other refusal of the solver, in a sentence.
    #[error("{0}")]
    Failed(String),
}

impl SolveError {
    /// `name` is not offered for this instance of `problem`; `offered` lists what is.
    #[must_use]
    pub fn unknown(problem: &str, name: &str, offered: &[&str]) -> SolveError {
        let list = offered.join(", ");
        let in_catalog = catalog::family(problem).and_then(|f| f.algorithm(name));
        SolveError::Unknown(match in_catalog {
            Some(a) if !a.available => {
                format!(
                    "\"{name}\" ({}) is not available yet for {problem} (available: {list})",
                    a.title
                )
            }
            Some(_) => {
                format!("\"{name}\" does not apply to this {problem} instance (it offers: {list})")
            }
            None => format!("unknown algorithm \"{name}\" for {problem} (known: {list})"),
        })
    }

    /// The same error with every long number in its message shortened
    /// ([`crate::issue::shorten_numbers`]): what the command line and the pages show.
    #[must_use]
    pub fn shortened(self) -> SolveError {
        let short = |m: String| crate::issue::shorten_numbers(&m);
        match self {
            SolveError::Unknown(m) => SolveError::Unknown(short(m)),
            SolveError::NotApplicable(m) => SolveError::NotApplicable(short(m)),
            SolveError::TooLarge(m) => SolveError::TooLarge(short(m)),
            SolveError::Failed(m) => SolveError::Failed(short(m)),
        }
    }

    /// A solver's message as a [`SolveError::Failed`].
    pub fn failed(message: impl fmt::Display) -> SolveError {
        SolveError::Failed(message.to_string())
    }
}

/// A solver's sentence, as [`SolveError::Failed`] (the solvers inside a family refuse with a
/// sentence; a limit or a name is given its own variant where it is raised).
impl From<String> for SolveError {
    fn from(message: String) -> SolveError {
        SolveError::Failed(message)
    }
}

impl From<&str> for SolveError {
    fn from(message: &str) -> SolveError {
        SolveError::Failed(message.to_owned())
    }
}
