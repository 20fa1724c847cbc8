//! The result document of a divisible-load method (formats.md §3.1 and §4, objective
//! `makespan`): `order`, `participating`, `alpha` (exact), `schedule` (exact), then the method's
//! own fields; the same JSON for the command line and the web app's export.

use serde_json::{json, Value};

use super::{DivSolution, DivStep, Divisible, Variant};
use crate::report::{document, objective, with_steps};
use crate::trace::Traced;

/// Names for captions: tree node ids (stars: none, workers are `P1..Pp`).
#[must_use]
pub fn names(inst: &Divisible) -> Vec<String> {
    if inst.variant == Variant::TreeLinear {
        inst.nodes.iter().map(|n| n.id.to_string()).collect()
    } else {
        Vec::new()
    }
}

/// The document of a run of `algorithm` (as asked: `exact` stays `exact`; `method` names what
/// ran).
#[must_use]
pub fn result(
    inst: &Divisible,
    algorithm: &str,
    run: &Traced<DivSolution, DivStep>,
    with_trace: bool,
) -> Value {
    let sol = &run.solution;
    let mut fields = serde_json::to_value(sol).unwrap_or_else(|_| json!({}));
    let details = serde_json::to_value(&sol.details).unwrap_or_else(|_| json!({}));
    if let (Some(f), Value::Object(d)) = (fields.as_object_mut(), details) {
        // Written by `document` in its own form, or not part of the document.
        for k in ["details", "status", "makespan", "tight"] {
            f.remove(k);
        }
        f.insert("variant".to_owned(), json!(inst.variant.name()));
        f.extend(d);
    }
    let mut out = document(
        "divisible",
        algorithm,
        sol.status.as_str(),
        objective("makespan", &sol.makespan),
        fields,
    );
    with_steps(&mut out, &run.trace, &names(inst), with_trace);
    out
}
