//! The result document of a master–slave run (formats.md §3.1, §4): objective `max_tasks`
//! (MaxTasks and trees) or `makespan` (MinTime), then `counts`, `order`, `schedule` and the
//! variant's views (matchings, pattern and series, tree selection, binary search).

use serde_json::{json, Value};

use super::{MsSolution, MsStep};
use crate::rational::Q;
use crate::report::{document, objective, with_steps, Status};
use crate::trace::Trace;

/// The document of `sol` (status `optimal` for the exact methods, `heuristic` otherwise).
#[must_use]
pub fn result(sol: &MsSolution, trace: &Trace<MsStep>, with_trace: bool) -> Value {
    let obj = match &sol.makespan {
        Some(m) => objective("makespan", m),
        None => objective("max_tasks", &Q::from_integer(sol.total.into())),
    };
    let mut fields = serde_json::to_value(sol).unwrap_or_else(|_| json!({}));
    if let Some(o) = fields.as_object_mut() {
        o.remove("algorithm");
        o.remove("optimal");
    }
    let status = if sol.optimal {
        Status::Optimal
    } else {
        Status::Heuristic
    };
    let mut out = document("master-slave", sol.algorithm, status.as_str(), obj, fields);
    with_steps(&mut out, trace, &(), with_trace);
    out
}
