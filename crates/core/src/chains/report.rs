//! The result document of a chains run (formats.md §4 and §3.1): objective `bottleneck`,
//! `separators`, exact `loads`, `ideal`, the upper `bounds` of chains.md §4, `imbalance`, and
//! for CP the processor `order`.
//!
//! The objective is always the bottleneck of the partition returned. For ε-bisection that is
//! the partition LR-PROBE builds at the final `UB`, whose bottleneck is at most `UB`; the value
//! chains.md §6.7 returns, `UB` itself, is the field `bound` (EX1: bottleneck 11, bound
//! 45057/4096).

use serde_json::{json, Value};

use super::{ChainStep, ChainsInput, ChainsSolution};
use crate::rational::Exact;
use crate::report::{document, objective, with_steps, Status};
use crate::trace::Traced;

/// The document of a traced run (`with_trace` adds every step with its caption).
#[must_use]
pub fn result(
    input: &ChainsInput,
    algorithm: &str,
    traced: &Traced<ChainsSolution, ChainStep>,
    with_trace: bool,
) -> Value {
    let sol = &traced.solution;
    let status = if sol.algorithm.is_exact() {
        Status::Optimal
    } else {
        Status::Heuristic
    };
    let mut fields = json!({
        "separators": sol.separators,
        "loads": sol.loads.exact(),
        "ideal": sol.ideal.exact(),
        "bounds": sol.bounds,
        "imbalance": sol.imbalance,
        "probes": sol.probes,
        "tasks": input.weights.len(),
        "processors": input.speeds.len(),
    });
    let extra = [
        (
            "right_separators",
            sol.right_separators.as_ref().map(|r| json!(r)),
        ),
        ("bound", sol.bound.as_ref().map(Exact::exact)),
        ("candidates", sol.candidates.clone().map(|c| c.exact())),
        ("rounds", sol.rounds.map(|r| json!(r))),
        ("order", sol.order.as_ref().map(|o| json!(o))),
        ("values", sol.values.clone().map(|v| v.exact())),
    ];
    for (k, v) in extra {
        if let Some(v) = v {
            fields[k] = v;
        }
    }
    let mut out = document(
        "chains",
        algorithm,
        status.as_str(),
        objective("bottleneck", &sol.bottleneck),
        fields,
    );
    with_steps(&mut out, &traced.trace, &(), with_trace);
    out
}
