//! The result document of an LU distribution (formats.md section 4, objective `total_cost`):
//! the same JSON for the command line and the web app's export.

use serde_json::{json, Value};

use super::{LuSolution, LuStep};
use crate::report::{document, objective, with_steps};
use crate::trace::Trace;

/// The document of `sol` (status `heuristic`: the schemes are not claimed optimal for LU).
#[must_use]
pub fn result(sol: &LuSolution, trace: &Trace<LuStep>, with_trace: bool) -> Value {
    let fields = serde_json::to_value(sol).unwrap_or_else(|_| json!({}));
    let mut out = document(
        "lu",
        sol.scheme.name(),
        "heuristic",
        objective("total_cost", &sol.total_cost),
        fields,
    );
    with_steps(&mut out, trace, &(), with_trace);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lu::{solve_traced, LuInput};
    use crate::rational::qi;

    #[test]
    fn the_reference_example_reports_its_total() {
        let input = LuInput {
            cycle_times: vec![qi(3), qi(5), qi(8)],
            b: 10,
            n: None,
            grid: None,
        };
        let t = solve_traced("1d", &input).unwrap();
        let doc = result(&t.solution, &t.trace, true);
        assert_eq!(doc["problem"], "lu");
        assert_eq!(doc["algorithm"], "1d");
        assert_eq!(doc["objective"]["name"], "total_cost");
        assert_eq!(
            doc["objective"]["value_exact"],
            crate::rational::format_fraction(&t.solution.total_cost)
        );
        assert_eq!(doc["column_owners"], json!([2, 1, 0, 0, 1, 0, 2, 0, 1, 0]));
        assert_eq!(doc["steps"], json!(t.trace.len()));
        // The per-step costs survive beside the step count (§1.5's reversed DP row, with
        // n = B = 10, in the 2D simulator: each cost times the n − k trailing rows).
        let costs: Vec<&str> = doc["step_costs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["cost"].as_str().unwrap())
            .collect();
        assert_eq!(
            costs,
            ["135/1", "120/1", "84/1", "60/1", "45/1", "32/1", "18/1", "10/1", "3/1"]
        );
        let trace = doc["trace"].as_array().unwrap();
        assert_eq!(trace.len(), t.trace.len());
        assert!(trace
            .iter()
            .all(|s| s["caption"].as_str().is_some_and(|c| !c.is_empty())));
    }
}
