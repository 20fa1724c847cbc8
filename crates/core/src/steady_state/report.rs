//! Results of the steady-state family as JSON (formats.md section 4): the same document for the
//! command line and the web app's JSON export.

use num_traits::Zero;
use serde_json::{json, Map, Value};

use super::tree::{TreeSolution, TreeStep};
use crate::instance::SteadyState;
use crate::rational::{format_fraction, to_f64, Exact};
use crate::trace::{Step, Trace};

/// The result document of the tree closed form; with `trace`, one object per step.
#[must_use]
pub fn tree_result(
    inst: &SteadyState,
    sol: &TreeSolution,
    trace: &Trace<TreeStep>,
    with_trace: bool,
) -> Value {
    let p = &inst.platform;
    let ids = p.ids();
    let by_node = |values: Vec<(usize, Value)>| -> Value {
        let mut m = Map::new();
        for (i, v) in values {
            m.insert(ids[i].to_string(), v);
        }
        Value::Object(m)
    };
    let x = by_node(
        sol.rates
            .x
            .iter()
            .enumerate()
            .filter(|(_, v)| !v.is_zero())
            .map(|(i, v)| (i, v.exact()))
            .collect(),
    );
    let arcs = p.arcs();
    let f: Vec<Value> = arcs
        .iter()
        .zip(&sol.rates.f)
        .filter(|(_, r)| !r.is_zero())
        .map(|(a, r)| json!({"from": ids[a.from], "to": ids[a.to], "rate": r.exact()}))
        .collect();
    let rho_sub = by_node(
        sol.rho_sub
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.as_ref().map(|v| (i, v.exact())))
            .collect(),
    );
    let class = by_node(
        sol.class
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|c| (i, json!(c))))
            .collect(),
    );
    let usage = by_node(
        sol.usage
            .iter()
            .enumerate()
            .map(|(i, u)| (i, json!(u)))
            .collect(),
    );
    let mut out = json!({
        "problem": "steady-state",
        "algorithm": "tree",
        "status": "optimal",
        "objective": {"name": "throughput", "value": to_f64(&sol.throughput), "value_exact": format_fraction(&sol.throughput)},
        "master": ids[sol.root],
        "x": x,
        "f": f,
        "rho_sub": rho_sub,
        "class": class,
        "usage": usage,
        "steps": trace.len(),
    });
    if with_trace {
        out["trace"] = Value::Array(
            trace
                .steps
                .iter()
                .map(|s| {
                    let mut v = serde_json::to_value(s).unwrap_or(Value::Null);
                    v["caption"] = json!(s.caption(&ids));
                    v["phase"] = json!(s.phase().name);
                    v
                })
                .collect(),
        );
    }
    out
}
