//! What the master–slave page shows beside the Gantt chart (master-slave.md §10): every
//! algorithm of the variant on the same instance, side by side (tasks done, time, tasks per
//! slave), computed once with the run and never while drawing. `hetlab solve --explain`
//! writes the same table into the result document ([`explained`]).

#[cfg(feature = "solve")]
use serde_json::{json, Value};

use super::MsSolution;
#[cfg(feature = "solve")]
use super::{offered, report, solve, MsInput, MsStep};
#[cfg(feature = "solve")]
use crate::rational::Exact;
#[cfg(feature = "solve")]
use crate::trace::Traced;

/// One row of the comparison: an algorithm and its result on this instance, or why it refused.
pub type Compared = (String, Result<MsSolution, String>);

/// Everything the master–slave page shows beside the state at step `k` that needs a solver.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct MsExtras {
    /// Every algorithm the variant offers ([`offered`] order), each bounded by the core's size
    /// limits.
    pub compare: Vec<Compared>,
}

/// The extras of `input` (the comparison does not depend on the run).
#[cfg(feature = "solve")]
#[must_use]
pub fn extras(input: &MsInput, _algorithm: &str, _run: &Traced<MsSolution, MsStep>) -> MsExtras {
    MsExtras {
        compare: offered(input)
            .into_iter()
            .map(|a| (a.to_owned(), solve(input, a).map_err(|e| e.to_string())))
            .collect(),
    }
}

#[cfg(feature = "solve")]
fn compared_json((algorithm, r): &Compared) -> Value {
    match r {
        Ok(s) => json!({
            "algorithm": algorithm,
            "tasks": s.total,
            "time": s.makespan.as_ref().unwrap_or(&s.horizon).exact(),
            "counts": s.counts,
            "optimal": s.optimal,
        }),
        Err(e) => json!({"algorithm": algorithm, "error": e}),
    }
}

/// The result document of the run with the extras: `compare`, one entry per algorithm of the
/// variant (tasks done, the makespan or else the horizon exact, tasks per slave, whether it
/// is optimal, or its refusal).
#[cfg(feature = "solve")]
#[must_use]
pub fn explained(run: &Traced<MsSolution, MsStep>, x: &MsExtras, with_trace: bool) -> Value {
    let doc = report::result(&run.solution, &run.trace, with_trace);
    let rows = x.compare.iter().map(compared_json).collect();
    crate::report::explained(doc, vec![("compare", Value::Array(rows))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ms1_compares_the_matching_with_fastest_first() {
        let Some(crate::families::Instance::MasterSlave(ms)) =
            crate::presets::get("master-slave-ms1")
        else {
            panic!("master-slave-ms1");
        };
        let run = super::super::solve_traced(&ms, "exact").unwrap();
        let x = extras(&ms, "exact", &run);
        // master-slave.md §12, MS-1: the optimum is 8 tasks, fastest-first (the greedy) 7.
        let tasks: Vec<(&str, u64)> = x
            .compare
            .iter()
            .map(|(a, r)| (a.as_str(), r.as_ref().map_or(0, |s| s.total)))
            .collect();
        assert_eq!(tasks, [("exact", 8), ("greedy", 7)]);
        let doc = explained(&run, &x, false);
        assert_eq!(doc["compare"][0]["counts"], json!([5, 3]));
        assert_eq!(doc["compare"][0]["time"], "28/1");
    }
}
