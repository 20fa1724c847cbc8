//! What the square-partition page shows beside the square (square-partitions.md §6): every
//! rectangle algorithm on the same areas, side by side (`Ĉ`, `M̂` and their ratios to the
//! lower bounds of §1.3), computed once with the run and never while drawing.
//! `hetlab solve --explain` writes the same table into the result document ([`explained`]).

#[cfg(feature = "solve")]
use serde_json::{json, Value};

#[cfg(feature = "solve")]
use super::report;
use super::run::Partition;
#[cfg(feature = "solve")]
use super::run::{compare, SquareRun};
use crate::error::SolveError;
#[cfg(feature = "solve")]
use crate::rational::Exact;
#[cfg(feature = "solve")]
use crate::square::SquarePartition;

/// Everything the square page shows beside the state at step `k`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct SquareExtras {
    /// Every rectangle algorithm ([`super::run::ALGORITHMS`], in that order) on the run's
    /// areas, or why it refused them.
    pub compare: Vec<(String, Result<Partition, SolveError>)>,
}

/// The extras of `run` (the comparison is on the areas the run used, whatever its
/// algorithm).
#[cfg(feature = "solve")]
#[must_use]
pub fn extras(_input: &SquarePartition, _algorithm: &str, run: &SquareRun) -> SquareExtras {
    SquareExtras {
        compare: compare(&run.areas)
            .into_iter()
            .map(|(name, r)| (name.to_owned(), r))
            .collect(),
    }
}

#[cfg(feature = "solve")]
fn compared_json((algorithm, r): &(String, Result<Partition, SolveError>)) -> Value {
    match r {
        Ok(p) => json!({
            "algorithm": algorithm,
            "sum_half_perimeters": p.metrics.sum_half_perimeters.exact(),
            "ratio_sum": crate::report::double(p.metrics.ratio_sum),
            "max_half_perimeter": p.metrics.max_half_perimeter.exact(),
            "ratio_max": crate::report::double(p.metrics.ratio_max),
        }),
        Err(e) => json!({"algorithm": algorithm, "error": e.to_string()}),
    }
}

/// The result document of the run with the extras: `compare`, one entry per rectangle
/// algorithm (`Ĉ` and `M̂` exact, their ratios to the lower bounds, or its refusal).
#[cfg(feature = "solve")]
#[must_use]
pub fn explained(run: &SquareRun, x: &SquareExtras, with_trace: bool) -> Value {
    let doc = report::run_result(run, with_trace);
    let rows = x.compare.iter().map(compared_json).collect();
    crate::report::explained(doc, vec![("compare", Value::Array(rows))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;

    #[test]
    fn the_source_example_compares_every_algorithm() {
        let Some(crate::families::Instance::SquarePartition(sq)) =
            crate::presets::get("square-7-1")
        else {
            panic!("square-7-1");
        };
        let options = super::super::run::Options::default();
        let run = super::super::run::run_with("column-dp", &sq.areas(), options, false).unwrap();
        let x = extras(&sq, "column-dp", &run);
        let names: Vec<&str> = x.compare.iter().map(|(a, _)| a.as_str()).collect();
        assert_eq!(names, super::super::run::ALGORITHMS);
        let c = |k: usize| {
            let p = x.compare[k].1.as_ref().unwrap();
            (
                p.metrics.sum_half_perimeters.clone(),
                p.metrics.max_half_perimeter.clone(),
            )
        };
        // square-partitions.md §7.1: column DP 11/2, recursive 146/25 (M̂ 13/10), PERI-MAX
        // M̂ = 28/25, bisection 139/25, slices 9.
        assert_eq!(c(0).0, q(11, 2));
        assert_eq!(c(1), (q(146, 25), q(13, 10)));
        assert_eq!(c(2).1, q(28, 25));
        assert_eq!(c(3).0, q(139, 25));
        assert_eq!(c(4).0, q(9, 1));
        let doc = explained(&run, &x, false);
        assert_eq!(doc["compare"][3]["sum_half_perimeters"], "139/25");
    }
}
