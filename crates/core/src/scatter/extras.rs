//! What the scatter page shows beside the Gantt chart that the run does not hold (scatter.md
//! §7): the rational shares' schedule drawn before the integer result, the LP's shares
//! evaluated in the result's order (`lp-rounded`) or the closed form's own schedule. Computed
//! once with the run, never while drawing; `hetlab solve --explain` writes it into the result
//! document ([`explained`]). The order comparison is part of the solution already.

#[cfg(feature = "solve")]
use serde_json::Value;

#[cfg(feature = "solve")]
use super::model::evaluate;
use super::Schedule;
#[cfg(feature = "solve")]
use super::{report, Algorithm, Model, ScatterSolution, ScatterStep};
#[cfg(feature = "solve")]
use crate::scatter::Scatter;
#[cfg(feature = "solve")]
use crate::trace::Traced;

/// Everything the scatter page shows beside the state at step `k` that needs the model.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct ScatterExtras {
    /// The schedule of the rational shares (`None` when the run has none).
    pub rational: Option<Schedule>,
}

/// The Gantt chart of the rational shares a run shows before its integer result.
#[cfg(feature = "solve")]
#[must_use]
pub fn rational_schedule(input: &Scatter, sol: &ScatterSolution) -> Option<Schedule> {
    match (&sol.lp, sol.algorithm) {
        (Some(lp), _) => Some(evaluate(&Model::of(input), &sol.schedule.order, &lp.x)),
        (None, Algorithm::ClosedForm) => Some(sol.schedule.clone()),
        _ => None,
    }
}

/// The extras of the run on `input`.
#[cfg(feature = "solve")]
#[must_use]
pub fn extras(
    input: &Scatter,
    _algorithm: &str,
    run: &Traced<ScatterSolution, ScatterStep>,
) -> ScatterExtras {
    ScatterExtras {
        rational: rational_schedule(input, &run.solution),
    }
}

/// The result document of the run with the extras: `rational_schedule` (order, shares and
/// rows exact, makespan), `null` when the run has no rational shares.
#[cfg(feature = "solve")]
#[must_use]
pub fn explained(
    run: &Traced<ScatterSolution, ScatterStep>,
    x: &ScatterExtras,
    with_trace: bool,
) -> Value {
    let doc = report::result(&run.solution, &run.trace, with_trace);
    let rational = serde_json::to_value(&x.rational).unwrap_or(Value::Null);
    crate::report::explained(doc, vec![("rational_schedule", rational)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;

    fn preset(name: &str) -> Scatter {
        match crate::presets::get(name) {
            Some(crate::families::Instance::Scatter(s)) => s,
            other => panic!("{name}: {other:?}"),
        }
    }

    fn run(s: &Scatter, algo: &str) -> Traced<ScatterSolution, ScatterStep> {
        let a = Algorithm::from_name(algo).unwrap();
        super::super::solve_traced(s, a).unwrap()
    }

    #[test]
    fn sc1_evaluates_the_lp_shares_and_sc2_keeps_the_closed_form() {
        // scatter.md §8, SC-1: x = [49/17, 65/34, 41/34], T_LP = 213/17.
        let sc1 = preset("scatter-sc1");
        let t = run(&sc1, "lp-rounded");
        let r = extras(&sc1, "lp-rounded", &t).rational.unwrap();
        assert_eq!(r.shares, [q(49, 17), q(65, 34), q(41, 34)]);
        assert_eq!(r.makespan, q(213, 17));
        let doc = explained(&t, &extras(&sc1, "lp-rounded", &t), false);
        assert_eq!(doc["rational_schedule"]["makespan"], "213/17");
        // SC-2, Theorem 1: shares [840/17, 480/17, 720/17].
        let sc2 = preset("scatter-sc2");
        let t = run(&sc2, "closed-form");
        let r = extras(&sc2, "closed-form", &t).rational.unwrap();
        assert_eq!(r.shares, [q(840, 17), q(480, 17), q(720, 17)]);
        assert!(extras(&sc1, "dp", &run(&sc1, "dp")).rational.is_none());
    }
}
