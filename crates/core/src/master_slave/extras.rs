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
    /// `MaxTasks1` with `p ≤ 6`: the Hungarian method's phases on `W` (§10.1 item 4).
    pub hungarian: Vec<super::hungarian::Phase>,
}

/// `MaxTasks2`'s approximation and its exact optimum side by side (§10.2 item 5): the rows
/// `approx` and `exact` of the comparison, both solved with the run (never while drawing).
#[derive(Clone, Copy, Debug)]
pub struct Beside<'a> {
    /// The approximation of §4.4 (its final schedule, `C_app`, the guarantee's regime).
    pub approx: &'a MsSolution,
    /// The exact optimum of §4.3 / §4.5 with its schedule, or why it was refused (`p > 7`).
    pub exact: Result<&'a MsSolution, &'a str>,
}

impl Beside<'_> {
    /// `C_app`, the approximation's guaranteed value.
    #[must_use]
    pub fn c_app(&self) -> Option<i64> {
        self.approx.matching.as_ref().and_then(|m| m.c_app)
    }

    /// `OPT`, when the exact method ran.
    #[must_use]
    pub fn opt(&self) -> Option<u64> {
        self.exact.ok().map(|e| e.total)
    }

    /// `OPT − p`, the least total the guarantee allows (may be negative).
    #[must_use]
    pub fn opt_minus_p(&self) -> Option<i64> {
        let p = i64::try_from(self.approx.counts.len()).ok()?;
        Some(i64::try_from(self.opt()?).ok()? - p)
    }
}

impl MsExtras {
    /// The approximation and the exact optimum of a `MaxTasks2` instance, when the comparison
    /// holds both (`None` for the other variants and for `MinTime2`).
    #[must_use]
    pub fn beside(&self) -> Option<Beside<'_>> {
        let row = |name: &str| self.compare.iter().find(|(a, _)| a == name).map(|(_, r)| r);
        let approx = row("approx")?.as_ref().ok()?;
        if approx.variant != "MaxTasks2" {
            return None;
        }
        let exact = row("exact")?.as_ref().map_err(String::as_str);
        Some(Beside { approx, exact })
    }
}

/// The extras of `input`: the comparison (it does not depend on the run) and the Hungarian
/// phases on the run's `W`.
#[cfg(feature = "solve")]
#[must_use]
pub fn extras(input: &MsInput, _algorithm: &str, run: &Traced<MsSolution, MsStep>) -> MsExtras {
    let w = run.solution.matching.as_ref().and_then(|m| {
        m.matrices
            .iter()
            .find(|(name, _)| *name == super::solution::MatrixName::W)
    });
    MsExtras {
        hungarian: w.map_or_else(Vec::new, |(_, w)| super::hungarian::phases(w)),
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

    /// A preset, its run by `algorithm` and the extras.
    fn extras_of(name: &str, algorithm: &str) -> (MsInput, Traced<MsSolution, MsStep>, MsExtras) {
        let Some(crate::families::Instance::MasterSlave(ms)) = crate::presets::get(name) else {
            panic!("{name}");
        };
        let run = super::super::solve_traced(&ms, algorithm).unwrap();
        let x = extras(&ms, algorithm, &run);
        (ms, run, x)
    }

    #[test]
    fn ms1_compares_the_matching_with_fastest_first() {
        let (_, run, x) = extras_of("master-slave-ms1", "exact");
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
        // §10.1 item 4: the Hungarian phases on W = [[5,5],[3,2]] end on σ = (2,1), Σu + Σv = 8.
        let last = x.hungarian.last().unwrap();
        assert_eq!(
            (x.hungarian.len(), last.sigma.clone()),
            (2, vec![Some(1), Some(0)])
        );
        assert_eq!(last.u.iter().sum::<i64>() + last.v.iter().sum::<i64>(), 8);
    }

    #[test]
    fn ms4_draws_the_exact_optimum_beside_the_approximation() {
        let (ms, _, x) = extras_of("master-slave-ms4", "approx");
        let b = x.beside().unwrap();
        // master-slave.md §11, MS-4: OPT = 16, C_app = 14, final in [14, 15], OPT − p = 13.
        assert_eq!(
            (b.opt(), b.c_app(), b.opt_minus_p()),
            (Some(16), Some(14), Some(13))
        );
        assert!((14..=15).contains(&b.approx.total));
        let exact = b.exact.unwrap();
        // The exact Gantt: one message each way and the tasks of every slave, checked.
        super::super::verify(&ms, exact).unwrap();
        let sends = exact
            .schedule
            .iter()
            .filter(|a| matches!(a, crate::master_slave::Activity::Send { .. }))
            .count();
        assert_eq!((sends, exact.counts.iter().sum::<u64>()), (3, 16));
        // The first optimum of the enumeration is the spec's example: σ1 = σ2 = (1,3,2),
        // c = (9,4,3).
        let m = exact.matching.as_ref().unwrap();
        let sigma = (vec![1, 3, 2], vec![1, 3, 2]);
        assert_eq!(
            (m.exact_sigma.clone(), exact.counts.clone()),
            (Some(sigma), vec![9, 4, 3])
        );
        // MS-1 is MaxTasks1: nothing beside.
        assert!(extras_of("master-slave-ms1", "exact").2.beside().is_none());
    }
}
