//! What the chains page shows beside the staircase (chains.md §10, "why heuristics fail"):
//! every compared CCP algorithm on the same chain, side by side, computed once with the run and
//! never while drawing. `hetlab solve --explain` writes the same table into the result document
//! ([`explained`]). The page also times each algorithm in the browser ([`timed`] takes its
//! clock): the times are shown, never written into a document, which stays deterministic.

#[cfg(feature = "solve")]
use serde_json::{json, Value};

#[cfg(feature = "solve")]
use super::{compared, report, solve_input, ChainStep};
use super::{Algorithm, ChainsError, ChainsSolution};
#[cfg(feature = "solve")]
use crate::chains::Chains;
#[cfg(feature = "solve")]
use crate::rational::Exact;
#[cfg(feature = "solve")]
use crate::trace::Traced;

/// Largest `N·P` for which every algorithm runs for the comparison.
pub const COMPARE_MAX: usize = 200_000;

/// One row of the comparison: an algorithm and its result on the instance.
pub type Compared = (Algorithm, Result<ChainsSolution, ChainsError>);

/// Everything the chains page shows beside the state at step `k` that needs a solver.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct ChainsExtras {
    /// Every compared algorithm ([`compared`] order) on the instance; `None` above
    /// [`COMPARE_MAX`].
    pub compare: Option<Vec<Compared>>,
}

/// The extras of `input` (the comparison does not depend on the run).
#[cfg(feature = "solve")]
#[must_use]
pub fn extras(
    input: &Chains,
    _algorithm: &str,
    _run: &Traced<ChainsSolution, ChainStep>,
) -> ChainsExtras {
    timed(input, &mut || 0.0).0
}

/// [`extras`], with the time each compared algorithm took by `clock` (milliseconds, in the
/// comparison's order; empty when there is none).
#[cfg(feature = "solve")]
pub fn timed(input: &Chains, clock: &mut dyn FnMut() -> f64) -> (ChainsExtras, Vec<f64>) {
    let i = input.input();
    if i.weights.len().saturating_mul(i.speeds.len()) > COMPARE_MAX {
        return (ChainsExtras { compare: None }, Vec::new());
    }
    let mut times = Vec::new();
    let rows = compared()
        .map(|a| {
            let t0 = clock();
            let r = solve_input(&i, a);
            times.push(clock() - t0);
            (a, r)
        })
        .collect();
    (
        ChainsExtras {
            compare: Some(rows),
        },
        times,
    )
}

#[cfg(feature = "solve")]
fn compared_json((algorithm, r): &Compared) -> Value {
    match r {
        Ok(s) => json!({
            "algorithm": algorithm.name(),
            "bottleneck": s.bottleneck.exact(),
            "imbalance": crate::report::double(s.imbalance),
            "probes": s.probes,
            "separators": s.separators,
        }),
        Err(e) => json!({"algorithm": algorithm.name(), "error": e.to_string()}),
    }
}

/// The result document of the run with the extras: `compare`, one entry per compared
/// algorithm (bottleneck exact, imbalance in percent, probes, separators, or its refusal);
/// `null` when the chain is too long for the comparison.
#[cfg(feature = "solve")]
#[must_use]
pub fn explained(
    input: &Chains,
    algorithm: &str,
    run: &Traced<ChainsSolution, ChainStep>,
    x: &ChainsExtras,
    with_trace: bool,
) -> Value {
    let doc = report::result(&input.input(), algorithm, run, with_trace);
    let rows = x
        .compare
        .as_ref()
        .map_or(Value::Null, |rows| rows.iter().map(compared_json).collect());
    crate::report::explained(doc, vec![("compare", rows)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;

    #[test]
    fn ex7_shows_where_the_heuristics_miss_the_optimum() {
        let Some(crate::families::Instance::Chains(c)) = crate::presets::get("chains-ex7") else {
            panic!("chains-ex7");
        };
        let run = super::super::solve_traced(&c.input(), "dp").unwrap();
        let mut tick = 0.0;
        let (x, times) = timed(&c, &mut || {
            tick += 1.0;
            tick
        });
        assert_eq!(x, extras(&c, "dp", &run));
        let rows = x.compare.as_ref().unwrap();
        assert_eq!(times, vec![1.0; rows.len()]);
        let value = |a: Algorithm| {
            let row = rows.iter().find(|(b, _)| *b == a).unwrap();
            row.1.as_ref().unwrap().bottleneck.clone()
        };
        // chains.md §12, example 7: B_opt = 15/4, RB 9/2, MP 5.
        assert_eq!(value(Algorithm::Dp), q(15, 4));
        assert_eq!(value(Algorithm::Rb), q(9, 2));
        assert_eq!(value(Algorithm::Mp), q(5, 1));
        let doc = explained(&c, "dp", &run, &x, false);
        assert_eq!(doc["compare"][0]["bottleneck"], "15/4");
    }
}
