//! The parts of a result document (formats.md section 4) that every family shares: the
//! objective object and the trace as JSON. Each family's report module fills in its own fields.

use serde_json::{json, Value};

use num_traits::Zero;

use crate::rational::{format_fraction, scientific, to_f64, Q};
use crate::trace::{Step, Trace};

/// The status of every result document (formats.md section 4), the same for every family.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin,
)]
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

/// Significant digits of a value written as a string because it does not fit in a double.
pub const WIDE_DIGITS: usize = 17;

/// `{"name", "value", "value_exact"}`, `value` by the rule of [`float`].
#[must_use]
pub fn objective(name: &str, value: &Q) -> Value {
    json!({"name": name, "value": float(value), "value_exact": format_fraction(value)})
}

/// The display value of an exact number: a JSON number when the nearest double is finite and
/// is zero only for zero; otherwise (beyond ±1.8e308, or a non-zero value below 5e-324 that
/// would read as 0) a string in scientific notation with [`WIDE_DIGITS`] significant digits,
/// such as `"2.4703282292062327e-324"`. Never `null`.
#[must_use]
pub fn float(value: &Q) -> Value {
    let f = to_f64(value);
    if f.is_finite() && (f != 0.0 || value.is_zero()) {
        json!(f)
    } else {
        Value::String(scientific(value, WIDE_DIGITS))
    }
}

/// A display value computed in doubles: a JSON number when finite, else `"inf"`, `"-inf"` or
/// `"nan"` (serde_json would write `null`).
#[must_use]
pub fn double(f: f64) -> Value {
    if f.is_finite() {
        json!(f)
    } else if f.is_nan() {
        json!("nan")
    } else if f > 0.0 {
        json!("inf")
    } else {
        json!("-inf")
    }
}

/// `#[serde(serialize_with = "crate::report::serialize_double")]` for `f64` fields of result
/// structs: [`double`]'s rule.
///
/// # Errors
/// Those of the serializer.
pub fn serialize_double<S: serde::Serializer>(f: &f64, s: S) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&double(*f), s)
}

/// One object per step: its `kind` (the variant's name), the step's data, its English
/// `caption` and its `phase`.
///
/// The step enums keep serde's default (external) tagging, `{"variant": {fields}}`, because
/// the site's worker wire reads it back directly: an internally tagged enum
/// (`#[serde(tag = "kind")]`) is read through serde's buffered copy of the value, with the
/// reading code of every variant compiled once more against that copy. The documents keep
/// their flat form, written here: `{"kind": "variant", fields...}`.
#[must_use]
pub fn trace_json<S: Step + serde::Serialize>(steps: &[S], ctx: &S::Context<'_>) -> Vec<Value> {
    steps
        .iter()
        .map(|s| {
            let mut v = flat_tagged(serde_json::to_value(s).unwrap_or(Value::Null));
            v["caption"] = json!(s.caption(ctx));
            v["phase"] = json!(s.phase().name);
            v
        })
        .collect()
}

/// An externally tagged enum value (`"unit"`, `{"variant": {fields}}`) written as an
/// internally tagged one: `{"kind": "unit"}`, `{"kind": "variant", fields...}`. A newtype
/// variant's struct gives its fields; any other value is kept as it is.
fn flat_tagged(v: Value) -> Value {
    match v {
        Value::String(kind) => json!({ "kind": kind }),
        Value::Object(m) if m.len() == 1 => {
            let Some((kind, inner)) = m.into_iter().next() else {
                return Value::Null;
            };
            let mut out = serde_json::Map::new();
            out.insert("kind".to_owned(), Value::String(kind));
            if let Value::Object(fields) = inner {
                out.extend(fields);
            }
            Value::Object(out)
        }
        other => other,
    }
}

/// Adds `trace` and its length `steps` to a result document when asked. An untraced run records
/// no step, so its document has neither (issue 34: it said `"steps": 0`).
pub fn with_steps<S: Step + serde::Serialize>(
    out: &mut Value,
    trace: &Trace<S>,
    ctx: &S::Context<'_>,
    with_trace: bool,
) {
    if with_trace {
        out["steps"] = json!(trace.len());
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

/// The keys of result documents that hold a side comparison, not the algorithm's answer: a
/// search stopped there leaves the answer proven, and the comparison's own text says the search
/// stopped (steady state's best single tree, §3.6, beside the LP's proven optimum).
const SIDE_COMPARISONS: &[&str] = &["best_tree"];

/// Whether a result document says that a search for its answer stopped at its work budget
/// (`"budget_hit": true`, or a search that is not `"complete"`, anywhere in it outside the side
/// comparisons): its answer is the best found, not proven. The pages show a banner for it; the
/// fuzz harness counts it.
///
/// ```
/// use serde_json::json;
/// assert!(hetlab_core::report::budget_hit(&json!({"tree": {"complete": false}})));
/// assert!(!hetlab_core::report::budget_hit(&json!({"status": "optimal"})));
/// // The LP's optimum is proven even when the best-single-tree comparison stopped early.
/// assert!(!hetlab_core::report::budget_hit(&json!({"status": "optimal", "best_tree": {"complete": false}})));
/// ```
#[must_use]
pub fn budget_hit(doc: &Value) -> bool {
    match doc {
        Value::Object(m) => m.iter().any(|(k, x)| {
            (k == "budget_hit" && x == &Value::Bool(true))
                || (k == "complete" && x == &Value::Bool(false))
                || (!SIDE_COMPARISONS.contains(&k.as_str()) && budget_hit(x))
        }),
        Value::Array(a) => a.iter().any(budget_hit),
        _ => false,
    }
}

/// A result that may have failed, in an explained document: the value's own JSON when it
/// succeeded, `{"error": "<sentence>"}` when it did not (the page shows the sentence in its
/// place).
#[must_use]
pub fn outcome<T: serde::Serialize, E: std::fmt::Display>(r: &Result<T, E>) -> Value {
    match r {
        Ok(v) => serde_json::to_value(v).unwrap_or(Value::Null),
        Err(e) => json!({ "error": e.to_string() }),
    }
}

/// `doc` with `keys` added (an explained document: the plain result plus what the page shows
/// beside the figure; a key already there is kept as it was, so nothing of the plain document
/// changes).
#[must_use]
pub fn explained(mut doc: Value, keys: Vec<(&str, Value)>) -> Value {
    if let Some(o) = doc.as_object_mut() {
        for (k, v) in keys {
            o.entry(k).or_insert(v);
        }
    }
    doc
}
