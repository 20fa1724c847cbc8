//! The result document of a scatter (formats.md §4 and §3.1, objective `makespan`): the same
//! JSON for the command line and the web app's export.

use serde_json::{json, Value};

use super::{Algorithm, ScatterSolution, ScatterStep};
use crate::rational::{Exact, Q};
use crate::report::{document, objective, with_steps};
use crate::trace::Trace;

fn exact_list(v: &[Option<Q>]) -> Value {
    Value::Array(v.iter().map(Exact::exact).collect())
}

/// The document of `sol`: `distribution` (input order; exact strings for the closed form's
/// rational shares), `end_times` (exact, `null` for a processor not contacted), `order`,
/// `root`, `gantt`, `uniform` (the stair before balancing), `lp-rounded`'s `lp_makespan` and
/// `bound`, the order comparison, the orders or roots tried, and `warnings`.
#[must_use]
pub fn result(sol: &ScatterSolution, trace: &Trace<ScatterStep>, with_trace: bool) -> Value {
    let status = if sol.optimal { "optimal" } else { "heuristic" };
    let distribution = match &sol.distribution {
        Some(d) => json!(d),
        None => sol.schedule.shares.exact(),
    };
    let mut fields = json!({
        "distribution": distribution,
        "end_times": exact_list(&sol.schedule.end_times()),
        "order": sol.schedule.order,
        "root": sol.root,
        "gantt": sol.schedule.rows,
        "uniform": {
            "distribution": sol.uniform.shares.exact(),
            "end_times": exact_list(&sol.uniform.end_times()),
            "makespan": sol.uniform.makespan.exact(),
        },
        "warnings": sol.warnings,
    });
    if let Some(lp) = &sol.lp {
        fields["lp_makespan"] = lp.t_lp.exact();
        fields["bound"] = lp.bound.exact();
        fields["lp_shares"] = lp.x.exact();
        fields["makespan_all_contacted"] = lp.makespan_all_contacted.exact();
        fields["lp_unique"] = json!(lp.unique);
        fields["rounding"] = serde_json::to_value(&lp.rounding).unwrap_or_default();
        fields["dp_makespan"] = lp.dp_makespan.exact();
    }
    if let Some(c) = &sol.comparison {
        fields["order_comparison"] = serde_json::to_value(c).unwrap_or_default();
    }
    if let Some(orders) = &sol.orders {
        fields["orders"] = orders
            .iter()
            .map(|(o, t)| json!({"order": o, "makespan": t.exact()}))
            .collect();
    }
    if let Some(roots) = &sol.roots {
        fields["roots"] = serde_json::to_value(roots).unwrap_or_default();
        fields["root_method"] = json!(sol.root_method);
    }
    if sol.algorithm == Algorithm::RootChoice {
        fields["scatter_makespan"] = sol.schedule.makespan.exact();
    }
    let mut out = document(
        "scatter",
        sol.algorithm.name(),
        status,
        objective("makespan", &sol.makespan),
        fields,
    );
    with_steps(&mut out, trace, &(), with_trace);
    out
}
