//! The processor lists that the square-partition and LU instances share: relative speeds, cycle
//! times or (square partitions only) areas, exactly one of them (square-partitions.md §0,
//! lu-distributions.md §0), and the readers of their counted fields.

use num_traits::ToPrimitive;

use crate::issue::Issue;
use crate::platform::raw::{read_q, RawNum, Rule};
use crate::rational::{Cost, Q};

/// Most processors a square-partition instance may have (an LU instance: [`crate::lu::MAX_PROCESSORS`]) (the DP tables and the drawings
/// stay readable, and every solver stays well under a second in the browser).
pub const MAX_PROCESSORS: usize = 64;

/// Largest LU matrix, in blocks per side (the owner matrix has `n²` cells to draw and simulate).
pub const MAX_LU_BLOCKS: usize = 512;

/// How the processors were described; kept so that an instance is written back as it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Processors {
    /// Relative speeds `w_i > 0`.
    Speeds(Vec<Q>),
    /// Cycle times `t_i > 0` (time per unit of work; speed `1/t_i`).
    CycleTimes(Vec<Q>),
    /// Areas `s_i > 0` (normalised to sum 1 when they do not).
    Areas(Vec<Q>),
}

impl Processors {
    /// The JSON field name of this description.
    #[must_use]
    pub fn field(&self) -> &'static str {
        match self {
            Processors::Speeds(_) => "speeds",
            Processors::CycleTimes(_) => "cycle_times",
            Processors::Areas(_) => "areas",
        }
    }

    /// The values as given.
    #[must_use]
    pub fn values(&self) -> &[Q] {
        match self {
            Processors::Speeds(v) | Processors::CycleTimes(v) | Processors::Areas(v) => v,
        }
    }

    /// Number of processors.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values().len()
    }

    /// No processor (never true for a validated instance).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values().is_empty()
    }

    /// Relative speeds: speeds and areas as given, cycle times inverted.
    #[must_use]
    pub fn speeds(&self) -> Vec<Q> {
        match self {
            Processors::Speeds(v) | Processors::Areas(v) => v.clone(),
            Processors::CycleTimes(t) => t.iter().map(Q::recip).collect(),
        }
    }

    /// Cycle times `t_i = 1/s_i` (lu-distributions.md §0: only ratios matter).
    #[must_use]
    pub fn cycle_times(&self) -> Vec<Q> {
        match self {
            Processors::CycleTimes(t) => t.clone(),
            Processors::Speeds(v) | Processors::Areas(v) => v.iter().map(Q::recip).collect(),
        }
    }

    /// Normalised areas `s_i = w_i / Σ w_j` (square-partitions.md §0): positive, summing to 1
    /// (empty only for an unvalidated empty list).
    #[must_use]
    pub fn areas(&self) -> Vec<Q> {
        crate::square::areas_from_speeds(&self.speeds()).unwrap_or_default()
    }

    /// The values as JSON numbers or exact strings.
    #[must_use]
    pub fn to_value(&self) -> serde_json::Value {
        let list: Vec<RawNum> = self
            .values()
            .iter()
            .map(|v| RawNum::from_cost(&Cost::Finite(v.clone())))
            .collect();
        serde_json::to_value(list).unwrap_or_default()
    }
}

/// Reads exactly one of the given lists of positive numbers.
pub(crate) fn read_processors(
    max: usize,
    given: [(&'static str, Option<Vec<RawNum>>); 3],
    issues: &mut Vec<Issue>,
) -> Option<Processors> {
    let present: Vec<_> = given.into_iter().filter(|(_, v)| v.is_some()).collect();
    let names = "\"speeds\", \"cycle_times\" or \"areas\"";
    let [(field, Some(raw))] = present.as_slice() else {
        let msg = if present.is_empty() {
            format!("missing: give the processors as {names}")
        } else {
            let fields: Vec<&str> = present.iter().map(|(f, _)| *f).collect();
            format!("give exactly one of {names}, not {}", fields.join(" and "))
        };
        issues.push(Issue::new("", msg));
        return None;
    };
    if raw.is_empty() {
        issues.push(Issue::new(*field, "at least one processor is required"));
        return None;
    }
    if raw.len() > max {
        issues.push(Issue::new(
            *field,
            format!("{} processors; at most {max} are supported", raw.len()),
        ));
        return None;
    }
    let before = issues.len();
    let values: Vec<Q> = raw
        .iter()
        .enumerate()
        .filter_map(|(k, v)| read_q(v, &format!("{field}[{k}]"), Rule::POSITIVE, issues))
        .collect();
    if issues.len() > before {
        return None;
    }
    Some(match *field {
        "speeds" => Processors::Speeds(values),
        "cycle_times" => Processors::CycleTimes(values),
        _ => Processors::Areas(values),
    })
}

/// Reads a positive integer field at most `max`.
pub(crate) fn read_count(
    v: &serde_json::Value,
    path: &str,
    max: usize,
    issues: &mut Vec<Issue>,
) -> Option<usize> {
    match v.as_u64().and_then(|n| n.to_usize()) {
        Some(n) if (1..=max).contains(&n) => Some(n),
        Some(n) if n > max => {
            issues.push(Issue::new(path, format!("at most {max}, got {n}")));
            None
        }
        _ => {
            issues.push(Issue::new(
                path,
                format!("must be a whole number >= 1, got {v}"),
            ));
            None
        }
    }
}
