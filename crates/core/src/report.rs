//! The parts of a result document (formats.md section 4) that every family shares: the
//! objective object and the trace as JSON. Each family's report module fills in its own fields.

use serde_json::{json, Value};

use crate::rational::{format_fraction, to_f64, Q};
use crate::trace::{Step, Trace};

/// The status of every result document (formats.md section 4), the same for every family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Certified optimum.
    Optimal,
    /// Achievable, not claimed optimal (baselines, heuristics).
    Heuristic,
    /// No solution: some destination or node cannot be reached (`ρ = 0`).
    Infeasible,
    /// Unbounded: nothing to send, or everything reached for free (`ρ = +∞`).
    Unbounded,
}

impl Status {
    /// The word written in result documents.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Optimal => "optimal",
            Status::Heuristic => "heuristic",
            Status::Infeasible => "infeasible",
            Status::Unbounded => "unbounded",
        }
    }
}

/// `{"name", "value", "value_exact"}`.
#[must_use]
pub fn objective(name: &str, value: &Q) -> Value {
    json!({"name": name, "value": to_f64(value), "value_exact": format_fraction(value)})
}

/// One object per step: the step's data, its English `caption` and its `phase`.
#[must_use]
pub fn trace_json<S: Step + serde::Serialize>(steps: &[S], ctx: &S::Context<'_>) -> Vec<Value> {
    steps
        .iter()
        .map(|s| {
            let mut v = serde_json::to_value(s).unwrap_or(Value::Null);
            v["caption"] = json!(s.caption(ctx));
            v["phase"] = json!(s.phase().name);
            v
        })
        .collect()
}

/// Adds `steps` (and `trace` when asked) to a result document.
pub fn with_steps<S: Step + serde::Serialize>(
    out: &mut Value,
    trace: &Trace<S>,
    ctx: &S::Context<'_>,
    with_trace: bool,
) {
    out["steps"] = json!(trace.len());
    if with_trace {
        out["trace"] = Value::Array(trace_json(&trace.steps, ctx));
    }
}

/// A result document: problem, algorithm, status, objective, then the family's `fields`
/// (an object) merged in.
#[must_use]
pub fn document(
    problem: &str,
    algorithm: &str,
    status: &str,
    objective: Value,
    fields: Value,
) -> Value {
    let mut out = json!({
        "problem": problem, "algorithm": algorithm, "status": status, "objective": objective,
    });
    if let (Some(o), Value::Object(f)) = (out.as_object_mut(), fields) {
        o.extend(f);
    }
    out
}
