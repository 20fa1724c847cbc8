//! What the LU page shows beside the matrix (lu-distributions.md §4), computed once with the
//! run and never while drawing: the four schemes of §3.1 on the same instance (frame 6 of §4.2,
//! and the cyclic strip of §4.1), the ratio-to-perfect-balance curves of §3.3 for this
//! instance and for the spec's sets A and B, and the table of §2.1. `hetlab solve --explain`
//! writes the same values into the result document ([`explained`]).

#[cfg(feature = "solve")]
use std::sync::OnceLock;

#[cfg(feature = "solve")]
use serde_json::{json, Value};

use super::compare::Series;
#[cfg(feature = "solve")]
use super::compare::{self, PLOTTED};
use super::grid_failure::GridOptimum;
#[cfg(feature = "solve")]
use super::grid_failure::{optimal_splits, section_2_1_grid};
#[cfg(feature = "solve")]
use super::{report, solve, LuStep};
use super::{LuSolution, Scheme};
use crate::error::SolveError;
#[cfg(feature = "solve")]
use crate::lu::Lu;
#[cfg(feature = "solve")]
use crate::report::outcome;
#[cfg(feature = "solve")]
use crate::trace::Traced;

/// Matrix sizes of the comparison curves.
pub const SIZES: [usize; 10] = [5, 10, 15, 20, 30, 40, 50, 60, 80, 100];
/// Largest trailing size of the §2.1 table.
pub const FAILURE_SIZE: usize = 8;

/// Every scheme's time over perfect balance against `n` (§3.3), or why there are none.
pub type Curves = Result<Vec<Series>, SolveError>;

/// What is the same for every instance: the curves of sets A and B and the §2.1 table.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Reference {
    /// Set A's curves (cycle times 1, 5 × 8).
    pub set_a: Curves,
    /// Set B's curves (speeds 0.1, 0.1, 0.12, 0.15, 0.15, 0.18, 0.2).
    pub set_b: Curves,
    /// The best split of each trailing size on §2.1's 3 × 3 grid.
    pub failure: Result<Vec<GridOptimum>, SolveError>,
}

/// Everything the LU page shows beside the state at step `k`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct LuExtras {
    /// The schemes of §3.1 on this instance ([`PLOTTED`] order), each solved or refused.
    pub schemes: Vec<(Scheme, Result<LuSolution, SolveError>)>,
    /// This instance's curves ([`curves`]).
    pub curves: Curves,
    /// Whether the instance is set A or set B (the page then plots its curves once).
    pub is_reference: bool,
    /// The curves and table that do not depend on the instance.
    pub reference: Reference,
}

/// The curves of every scheme (the 1D one and [`PLOTTED`]) for processors of these cycle
/// times, at [`SIZES`] (lu-distributions.md §3.3).
///
/// # Errors
/// As [`compare::series`].
#[cfg(feature = "solve")]
pub fn curves(cycle_times: &[crate::rational::Q]) -> Curves {
    let mut schemes = vec![Scheme::OneD];
    schemes.extend(PLOTTED);
    compare::series(cycle_times, &SIZES, &schemes)
}

/// The curves of sets A and B and the §2.1 table, computed once per program.
#[cfg(feature = "solve")]
#[must_use]
pub fn reference() -> &'static Reference {
    static ONCE: OnceLock<Reference> = OnceLock::new();
    ONCE.get_or_init(|| Reference {
        set_a: curves(&compare::set_a()),
        set_b: curves(&compare::set_b()),
        failure: optimal_splits(&section_2_1_grid(), FAILURE_SIZE),
    })
}

/// The extras of `input` (the algorithm and its run do not change them: every scheme is
/// solved on the instance).
#[cfg(feature = "solve")]
#[must_use]
pub fn extras(input: &Lu, _algorithm: &str, _run: &Traced<LuSolution, LuStep>) -> LuExtras {
    let t = input.processors.cycle_times();
    let reference = reference().clone();
    let i = input.input();
    let schemes = PLOTTED.iter().map(|&s| (s, solve(s.name(), &i))).collect();
    let (curves, is_reference) = if t == compare::set_a() {
        (reference.set_a.clone(), true)
    } else if t == compare::set_b() {
        (reference.set_b.clone(), true)
    } else {
        (curves(&t), false)
    };
    LuExtras {
        schemes,
        curves,
        is_reference,
        reference,
    }
}

/// One scheme in the document: its totals, its simulated steps (`cost(k)`, `comm(k)`, ...)
/// and, for column distributions, the §1.5 chunk view.
#[cfg(feature = "solve")]
fn scheme_json(scheme: Scheme, sol: &Result<LuSolution, SolveError>) -> Value {
    match sol {
        Ok(s) => json!({
            "scheme": scheme.name(),
            "total_cost": crate::rational::Exact::exact(&s.total_cost),
            "perfect_balance": crate::rational::Exact::exact(&s.perfect_balance),
            "ratio": crate::rational::Exact::exact(&s.ratio),
            "step_costs": serde_json::to_value(&s.steps).unwrap_or(Value::Null),
            "column_view": serde_json::to_value(&s.column_view).unwrap_or(Value::Null),
        }),
        Err(e) => json!({"scheme": scheme.name(), "error": e.to_string()}),
    }
}

/// The result document of the run with the extras: `schemes` (§3.1 side by side), `curves`
/// (§3.3: `sizes`, then `instance`, `set_a`, `set_b`, each a list of `{scheme, points}`) and
/// `grid_failure` (§2.1).
#[cfg(feature = "solve")]
#[must_use]
pub fn explained(run: &Traced<LuSolution, LuStep>, x: &LuExtras, with_trace: bool) -> Value {
    let doc = report::result(&run.solution, &run.trace, with_trace);
    let schemes = x.schemes.iter().map(|(s, r)| scheme_json(*s, r)).collect();
    let curves = json!({
        "sizes": SIZES,
        "instance": outcome(&x.curves),
        "set_a": outcome(&x.reference.set_a),
        "set_b": outcome(&x.reference.set_b),
    });
    crate::report::explained(
        doc,
        vec![
            ("schemes", Value::Array(schemes)),
            ("curves", curves),
            ("grid_failure", outcome(&x.reference.failure)),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::qi;

    /// The untraced run of `scheme` (what `hetlab solve` runs).
    fn run(lu: &Lu, scheme: &str) -> Traced<LuSolution, LuStep> {
        Traced {
            solution: solve(scheme, &lu.input()).unwrap(),
            trace: crate::trace::Trace::default(),
        }
    }

    fn preset(name: &str) -> Lu {
        match crate::presets::get(name) {
            Some(crate::families::Instance::Lu(l)) => l,
            other => panic!("{name}: {other:?}"),
        }
    }

    #[test]
    fn the_reference_example_compares_83_with_123() {
        let lu = preset("lu-1-2");
        let run = run(&lu, "1d");
        let x = extras(&lu, "1d", &run);
        assert!(!x.is_reference);
        let names: Vec<Scheme> = x.schemes.iter().map(|(s, _)| *s).collect();
        assert_eq!(names, PLOTTED);
        let cyclic = x.schemes[0].1.as_ref().unwrap();
        let view = cyclic.column_view.as_ref().unwrap();
        assert_eq!(view.total, qi(123));
        assert_eq!(run.solution.column_view.as_ref().unwrap().total, qi(83));
        let doc = explained(&run, &x, false);
        assert_eq!(doc["schemes"][0]["column_view"]["total"], "123/1");
        assert_eq!(doc["curves"]["sizes"][1], 10);
    }

    #[test]
    fn set_a_reuses_the_reference_curves_and_matches_the_spec() {
        let lu = preset("lu-set-a");
        let run = run(&lu, "2d-dp");
        let x = extras(&lu, "2d-dp", &run);
        assert!(x.is_reference);
        assert_eq!(x.curves, x.reference.set_a);
        // §3.3, set A, n = 10: block-cyclic 221, full-block 310, greedy 175, DP 155.
        let at_10: Vec<_> = x
            .curves
            .as_ref()
            .unwrap()
            .iter()
            .skip(1)
            .map(|s| s.points[1].total.clone())
            .collect();
        assert_eq!(at_10, [qi(221), qi(310), qi(175), qi(155)]);
        let failure = x.reference.failure.as_ref().unwrap();
        let makespans: Vec<_> = failure.iter().map(|o| o.makespan.clone()).collect();
        let spec = [1, 4, 5, 10, 15, 20, 25, 36].map(qi).to_vec();
        assert_eq!(makespans, spec);
    }
}
