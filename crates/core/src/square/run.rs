//! One entry point for every square-partition algorithm, by its formats.md name
//! (`column-dp`, `recursive`, `peri-max`, `bisection`, `slices`), so the command line and the
//! page can dispatch on a string and print one result shape.

use serde::Serialize;
use serde_json::Value;

use super::{baseline, column, metrics, perimax, recursive, Rect};
use crate::rational::Q;
use crate::trace::{Step, Trace};

/// The algorithm names of formats.md section 7, in display order.
pub const ALGORITHMS: &[&str] = &["column-dp", "recursive", "peri-max", "bisection", "slices"];

/// A partition from any algorithm, with its objective and metrics.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Partition {
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// `"optimal"` (the column DP: optimal among column-based partitions) or `"heuristic"`.
    pub status: &'static str,
    /// `"sum_half_perimeters"`, or `"max_half_perimeter"` for `peri-max`.
    pub objective: &'static str,
    /// The objective's value.
    #[serde(serialize_with = "crate::rational::exact")]
    pub value: Q,
    /// The rectangle of each processor, in input order.
    pub rects: Vec<Rect>,
    /// Columns left to right, each listing processors (0-based) from the top, for the
    /// column-based algorithms.
    pub columns: Option<Vec<Vec<usize>>>,
    /// The metrics panel (section 5).
    pub metrics: metrics::Metrics,
    /// Length of the step trace (0 for the baselines, which have none).
    pub steps: usize,
}

/// Runs algorithm `name` on areas `s`.
///
/// # Errors
/// An unknown name (listing the known ones) or invalid areas.
///
/// ```
/// use hetlab_core::rational::q;
/// let part = hetlab_core::square::run::run_algorithm("column-dp", &[q(1, 2), q(1, 2)]).unwrap();
/// assert_eq!(part.value, q(3, 1));
/// ```
pub fn run_algorithm(name: &str, s: &[Q]) -> Result<Partition, String> {
    run_traced(name, s).map(|(p, _)| p)
}

/// As [`run_algorithm`], with the trace as JSON: one object per step, the step's data plus its
/// `"caption"` (formats.md section 4).
///
/// # Errors
/// As [`run_algorithm`].
pub fn run_traced(name: &str, s: &[Q]) -> Result<(Partition, Vec<Value>), String> {
    let mut columns = None;
    let (status, objective, rects, trace) = match name {
        "column-dp" => {
            let t = column::solve_traced(s)?;
            columns = Some(t.solution.drawn_columns());
            let steps = json(&t.trace, s);
            ("optimal", "sum_half_perimeters", t.solution.rects, steps)
        }
        "recursive" => {
            let t = recursive::solve_traced(s)?;
            let steps = json(&t.trace, s);
            ("heuristic", "sum_half_perimeters", t.solution.rects, steps)
        }
        "peri-max" => {
            let t = perimax::solve_traced(s)?;
            columns = Some(t.solution.columns.clone());
            let steps = json(&t.trace, s);
            ("heuristic", "max_half_perimeter", t.solution.rects, steps)
        }
        "bisection" => (
            "heuristic",
            "sum_half_perimeters",
            baseline::bisection(s)?,
            Vec::new(),
        ),
        "slices" => {
            columns = Some(vec![(0..s.len()).collect()]);
            (
                "heuristic",
                "sum_half_perimeters",
                baseline::slices(s)?,
                Vec::new(),
            )
        }
        other => {
            return Err(format!(
                "unknown algorithm \"{other}\" for square-partition (known: {})",
                ALGORITHMS.join(", ")
            ))
        }
    };
    let m = metrics::metrics(s, &rects);
    let value = if objective == "max_half_perimeter" {
        m.max_half_perimeter.clone()
    } else {
        m.sum_half_perimeters.clone()
    };
    let algorithm = ALGORITHMS
        .iter()
        .copied()
        .find(|a| *a == name)
        .unwrap_or("");
    let part = Partition {
        algorithm,
        status,
        objective,
        value,
        rects,
        columns,
        metrics: m,
        steps: trace.len(),
    };
    Ok((part, trace))
}

/// Each step as its JSON object plus `"caption"` and `"phase"`.
fn json<S: Step<Context<'static> = [Q]> + Serialize>(trace: &Trace<S>, s: &[Q]) -> Vec<Value> {
    crate::report::trace_json(&trace.steps, s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;
    use crate::square::verify;

    #[test]
    fn every_algorithm_runs_on_section_7_1() {
        let s = crate::square::examples::s7_1();
        let want = [q(11, 2), q(146, 25), q(28, 25), q(139, 25), q(9, 1)];
        for (name, value) in ALGORITHMS.iter().zip(want) {
            let (part, trace) = run_traced(name, &s).unwrap();
            assert_eq!(
                (part.algorithm, part.value.clone()),
                (*name, value),
                "{name}"
            );
            verify(&s, &part.rects).unwrap();
            assert_eq!(part.steps, trace.len());
            assert!(trace
                .iter()
                .all(|t| t["caption"].is_string() && t["kind"].is_string()));
        }
        let dp = run_algorithm("column-dp", &s).unwrap();
        assert_eq!(dp.status, "optimal");
        assert_eq!(dp.columns.unwrap()[0], [7, 6]);
        let err = run_algorithm("magic", &s).unwrap_err();
        assert!(err.contains("column-dp, recursive"));
        assert!(run_algorithm("slices", &[q(1, 2)]).is_err());
    }
}
