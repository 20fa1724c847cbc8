//! What the divisible-load page draws that the run does not hold as a schedule
//! (divisible-load.md §9.3 step 1): the tentative one-round schedule of every worker sorted by
//! `g` (the `EF` of STARAFFINE's first frame, its invalid loads marked red by the page), built
//! once with the run from the solution's details, never while drawing. `hetlab solve --explain`
//! writes it into the result document ([`explained`]).

#[cfg(feature = "solve")]
use num_traits::Zero;
#[cfg(feature = "solve")]
use serde_json::Value;

#[cfg(feature = "solve")]
use super::schedule::one_round;
use super::Block;
#[cfg(feature = "solve")]
use super::{report, Details, DivSolution, DivStep, Divisible};
#[cfg(feature = "solve")]
use crate::rational::Q;
#[cfg(feature = "solve")]
use crate::trace::Traced;

/// Everything the divisible-load page shows beside the state at step `k` that needs a schedule.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct DivisibleExtras {
    /// STARAFFINE: the one-round schedule of `EF(all workers sorted by g)` (negative loads not
    /// sent); `None` for the other variants.
    pub tentative: Option<Vec<Block>>,
}

/// The tentative schedule of §9.3 step 1, when the run has one.
#[cfg(feature = "solve")]
#[must_use]
pub fn tentative(input: &Divisible, sol: &DivSolution) -> Option<Vec<Block>> {
    let Details::Affine(d) = &sol.details else {
        return None;
    };
    let e = d.sorted.as_ref()?;
    let mut alpha = vec![Q::zero(); input.workers.len()];
    for (&i, a) in e.order.iter().zip(&e.alpha) {
        if let Some(slot) = alpha.get_mut(i) {
            slot.clone_from(a);
        }
    }
    Some(one_round(&input.workers, &e.order, &alpha, None))
}

/// The extras of the run on `input`.
#[cfg(feature = "solve")]
#[must_use]
pub fn extras(
    input: &Divisible,
    _algorithm: &str,
    run: &Traced<DivSolution, DivStep>,
) -> DivisibleExtras {
    DivisibleExtras {
        tentative: tentative(input, &run.solution),
    }
}

/// The result document of the run with the extras: `tentative_schedule` (the blocks of §9.3
/// step 1, times and loads exact), `null` outside STARAFFINE.
#[cfg(feature = "solve")]
#[must_use]
pub fn explained(
    input: &Divisible,
    algorithm: &str,
    run: &Traced<DivSolution, DivStep>,
    x: &DivisibleExtras,
    with_trace: bool,
) -> Value {
    let doc = report::result(input, algorithm, run, with_trace);
    let blocks = serde_json::to_value(&x.tentative).unwrap_or(Value::Null);
    crate::report::explained(doc, vec![("tentative_schedule", blocks)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;

    fn preset(name: &str) -> Divisible {
        match crate::presets::get(name) {
            Some(crate::families::Instance::Divisible(d)) => d,
            other => panic!("{name}: {other:?}"),
        }
    }

    #[test]
    fn dl10_draws_the_g_order_and_dl9_leaves_out_the_negative_load() {
        // divisible-load.md §8, DL-10: sorted by g, EF ends at 632/37.
        let d = preset("divisible-dl10");
        let run = super::super::solve_traced(&d, "exact").unwrap();
        let blocks = extras(&d, "exact", &run).tentative.unwrap();
        assert_eq!(blocks.iter().map(|b| &b.end).max(), Some(&q(632, 37)));
        // The trace's first frame is the same EF.
        let shown = run.trace.steps.iter().find_map(|s| match s {
            DivStep::SortedEf(e) => Some(e.makespan.clone()),
            _ => None,
        });
        assert_eq!(shown, Some(q(632, 37)));
        // DL-9: α_3 = −5/7 is never sent.
        let d = preset("divisible-dl9");
        let run = super::super::solve_traced(&d, "exact").unwrap();
        let blocks = extras(&d, "exact", &run).tentative.unwrap();
        assert!(blocks.iter().all(|b| b.node != Some(2)));
        let doc = explained(&d, "exact", &run, &extras(&d, "exact", &run), false);
        assert!(doc["tentative_schedule"].is_array());
        let star = preset("divisible-dl3");
        let run = super::super::solve_traced(&star, "exact").unwrap();
        assert!(extras(&star, "exact", &run).tentative.is_none());
    }
}
