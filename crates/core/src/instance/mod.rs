//! What every instance document shares (formats.md section 3): the envelope `{"problem",
//! "version": 1, ...}` read before a family reads the rest, and the processor lists of the
//! families with no platform graph. Each family's own instance type and reader live in its
//! folder (`crate::<family>::instance`); [`crate::families`] joins them into one `Instance`.

pub mod processors;
#[cfg(test)]
mod tests_processors;

use serde::Deserialize;

pub use processors::{Processors, MAX_LU_BLOCKS, MAX_PROCESSORS};

use crate::catalog;
use crate::issue::Issues;
use crate::platform::raw::parse_json;

#[derive(Deserialize)]
struct Header {
    problem: Option<String>,
    version: Option<serde_json::Value>,
}

/// The `"problem"` of an instance document whose `"version"` is 1.
///
/// # Errors
/// [`Issues`] naming a missing problem, or a missing or unknown version.
pub fn envelope(text: &str) -> Result<String, Issues> {
    let header: Header = parse_json(text, "")?;
    let Some(problem) = header.problem else {
        return Err(Issues::one(
            "problem",
            "missing: say which problem this is, e.g. \"steady-state\"",
        ));
    };
    match header.version {
        Some(serde_json::Value::Number(n)) if n.as_u64() == Some(1) => Ok(problem),
        Some(v) => Err(Issues::one(
            "version",
            format!("only version 1 is known, got {v}"),
        )),
        None => Err(Issues::one("version", "missing: add \"version\": 1")),
    }
}

/// The refusal of a document whose `"problem"` no built family reads: a family of the catalog
/// not built yet is named as such, so that a user holding a file for it learns why.
#[must_use]
pub fn unknown_problem(problem: &str) -> Issues {
    if let Some(f) = catalog::family(problem) {
        Issues::one(
            "problem",
            format!(
                "\"{problem}\" ({}) is not available yet in this version of HetLab",
                f.title
            ),
        )
    } else {
        let known: Vec<&str> = catalog::FAMILIES.iter().map(|f| f.problem).collect();
        Issues::one(
            "problem",
            format!(
                "unknown problem \"{problem}\" (known: {})",
                known.join(", ")
            ),
        )
    }
}
