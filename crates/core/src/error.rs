//! The core's error types, in one place: [`crate::issue::Issues`] for input that cannot be read
//! (each problem with its JSON path), [`SolveError`] for an algorithm that gives no result, and
//! [`Violation`] for a result that breaks a rule its verifier checks. Four helpers have an error
//! of their own, typed the same way (`ring::extras::SolveAtError`,
//! `steady_state::dual::CertificateError`, `formats::units::UnitError`,
//! `formats::tikz::TikzError`).

pub use crate::family::SolveError;

/// A result broke a rule its independent verifier checks; the sentence says which (processors
/// and steps numbered as in the spec). It is a bug in a solver, or a hand-made result that is
/// wrong: never an input problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Violation(pub String);

impl From<String> for Violation {
    fn from(message: String) -> Violation {
        Violation(message)
    }
}

impl From<&str> for Violation {
    fn from(message: &str) -> Violation {
        Violation(message.to_owned())
    }
}
