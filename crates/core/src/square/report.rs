//! The result document of a square partition (formats.md section 4): the same JSON for the
//! command line and the web app's export.

use serde_json::{json, Value};

use super::run::{Detail, Partition, SquareRun, GRID, GRID_EXACT};
use crate::report::{document, objective};

/// The document of any run: the partition's, or the grid heuristic's (its evaluations and
/// the best arrangement's `V`, in floating point as §4.4 computes it).
#[must_use]
pub fn run_result(run: &SquareRun, with_trace: bool) -> Value {
    let trace = with_trace.then(|| run.trace_json());
    match (&run.partition, &run.detail) {
        (Some(p), _) => {
            let mut out = result(p, trace);
            if let Some(b) = &run.blocks {
                out["blocks"] = serde_json::to_value(b).unwrap_or_default();
            }
            out
        }
        (None, Detail::Grid(t)) => {
            let best = t.solution.evaluations.get(t.solution.best);
            let mut out = json!({
                "problem": "square-partition", "algorithm": GRID, "status": "heuristic",
                "objective": {
                    "name": "grid_value",
                    "value": best.map_or_else(|| json!("nan"), |e| crate::report::double(e.v)),
                },
                "grid": t.solution,
            });
            if let Some(tr) = trace {
                out["steps"] = json!(tr.len());
                out["trace"] = Value::Array(tr);
            }
            out
        }
        (None, Detail::GridExact(t)) => {
            let g = &t.solution;
            let best = g.best_exact();
            let mut out = document(
                "square-partition",
                GRID_EXACT,
                "heuristic",
                best.map_or_else(
                    || json!({"name": "grid_value", "value": "nan"}),
                    |x| objective("grid_value", &x.v),
                ),
                json!({
                    "grid": g.heuristic,
                    "exact": g.exact,
                    "best": g.best,
                }),
            );
            if let Some(tr) = trace {
                out["steps"] = json!(tr.len());
                out["trace"] = Value::Array(tr);
            }
            out
        }
        (None, _) => Value::Null,
    }
}

/// The document of `part`, with the trace (one object per step, with its caption) when given.
#[must_use]
pub fn result(part: &Partition, trace: Option<Vec<Value>>) -> Value {
    let mut out = document(
        "square-partition",
        part.algorithm,
        part.status,
        objective(part.objective, &part.value),
        json!({
            "rectangles": part.rects,
            "columns": part.columns,
            "metrics": part.metrics,
        }),
    );
    if let Some(t) = trace {
        out["steps"] = json!(t.len());
        out["trace"] = Value::Array(t);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::parse_q;
    use crate::square::run::run;

    #[test]
    fn the_8_area_example_reports_its_rectangles_and_trace() {
        let s: Vec<_> = ["0.05", "0.05", "0.08", "0.1", "0.1", "0.12", "0.2", "0.3"]
            .iter()
            .map(|t| parse_q(t).unwrap())
            .collect();
        let doc = run_result(&run("column-dp", &s, &s, true).unwrap(), true);
        assert_eq!(doc["problem"], "square-partition");
        assert_eq!(doc["status"], "optimal");
        assert_eq!(doc["objective"]["name"], "sum_half_perimeters");
        assert_eq!(doc["objective"]["value_exact"], "11/2");
        assert_eq!(
            doc["rectangles"][7],
            json!({"x": "0/1", "y": "0/1", "w": "1/2", "h": "3/5"})
        );
        assert_eq!(doc["columns"], json!([[7, 6], [5, 4, 3], [2, 1, 0]]));
        let steps = doc["trace"].as_array().unwrap();
        assert_eq!(json!(steps.len()), doc["steps"]);
        let doc = run_result(&run("peri-max", &s, &s, false).unwrap(), false);
        assert_eq!(doc["objective"]["name"], "max_half_perimeter");
        assert_eq!(doc["objective"]["value_exact"], "28/25");
        assert!(doc.get("trace").is_none());
    }
}
