//! What the ring page shows beside the platform (ring.md §10–§11), computed once with the run
//! and never while drawing: the evaluation (§2) of every ring the trace draws (the bars follow
//! the greedy's picks and the local search's tours), the number of processors used against
//! `W/H` (paper Fig. 3, §10.2) with its transitions, and the other algorithms on the instance.
//! `hetlab solve --explain` writes the same values into the result document ([`explained`]).

#[cfg(feature = "solve")]
use num_traits::Zero;
#[cfg(feature = "solve")]
use serde_json::{json, Value};

#[cfg(feature = "solve")]
use super::sweep::{log_grid, Method, Sweeper};
use super::sweep::{Point, Transition};
#[cfg(feature = "solve")]
use super::{evaluate, report, solve_named, Model, RingError, RingState, RingStep};
use super::{RingEval, RingSolution};
#[cfg(feature = "solve")]
use crate::rational::{parse_q, Exact, NumberError};
#[cfg(feature = "solve")]
use crate::ring::Ring;
#[cfg(feature = "solve")]
use crate::trace::{Replay, Traced};

/// Most distinct rings valued for the bars (a longer run shows bars only where it evaluated).
pub const MAX_EVALS: usize = 4000;
/// Ratios sampled on the `W/H` axis (40 per decade from 1 to 10^4).
pub const SWEEP_SAMPLES: usize = 161;
/// Smallest ratio `W/H` of the sweep.
pub const SWEEP_LO: f64 = 1.0;
/// Largest ratio `W/H` of the sweep.
pub const SWEEP_HI: f64 = 1e4;
/// Most processors of the comparison (each exact method builds a Held–Karp table).
pub const COMPARE_MAX: usize = 16;

/// One curve of paper Fig. 3.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Curve {
    /// Processors used at each sampled ratio.
    pub points: Vec<Point>,
    /// Where the number changes.
    pub transitions: Vec<Transition>,
}

/// The greedy's and the exact method's curves (the exact one up to 16 processors).
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Sweep {
    /// The greedy (§6).
    pub greedy: Curve,
    /// The exact optimum (§5.2), or why there is none.
    pub exact: Result<Curve, String>,
}

/// One row of the comparison: an algorithm and its result.
pub type Compared = (String, Result<RingSolution, String>);

/// Everything the ring page shows beside the state at step `k`.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct RingExtras {
    /// The evaluation of every ring the trace draws, sorted by ring ([`RingExtras::eval`]).
    pub evals: Vec<RingEval>,
    /// Paper Fig. 3 (`None` when `H = 0`: every ratio is infinite).
    pub sweep: Option<Sweep>,
    /// The other offered algorithms on this instance (none above [`COMPARE_MAX`] processors).
    pub compare: Vec<Compared>,
    /// The homogeneous panel (§3, §11), when every link costs the same.
    pub homogeneous: Option<super::homogeneous::Panel>,
}

impl RingExtras {
    /// The evaluation of `ring`, when the trace draws it.
    #[must_use]
    pub fn eval(&self, ring: &[usize]) -> Option<&RingEval> {
        self.evals
            .binary_search_by(|e| e.ring.as_slice().cmp(ring))
            .ok()
            .and_then(|k| self.evals.get(k))
    }
}

#[cfg(feature = "solve")]
fn curve(s: &Sweeper) -> Curve {
    let grid = log_grid(SWEEP_LO, SWEEP_HI, SWEEP_SAMPLES);
    Curve {
        points: s.series(&grid),
        transitions: s.transitions(SWEEP_LO, SWEEP_HI, SWEEP_SAMPLES),
    }
}

/// The curves of Fig. 3 for `r` (`None` when `H = 0`).
#[cfg(feature = "solve")]
#[must_use]
pub fn sweep(r: &Ring) -> Option<Sweep> {
    if r.h.is_zero() {
        return None;
    }
    let greedy = Sweeper::new(r, Method::Greedy).ok().map(|s| curve(&s))?;
    let exact = Sweeper::new(r, Method::Exact)
        .map(|s| curve(&s))
        .map_err(|e| e.to_string());
    Some(Sweep { greedy, exact })
}

/// The rings the trace draws, each valued once, sorted by ring.
#[cfg(feature = "solve")]
#[must_use]
pub fn evals(r: &Ring, steps: &[RingStep]) -> Vec<RingEval> {
    let m = Model::new(r);
    let mut out = std::collections::BTreeMap::new();
    let mut s = RingState::new(r.p());
    for step in steps {
        s.apply(step);
        if out.len() >= MAX_EVALS {
            break;
        }
        if !s.ring.is_empty() && !out.contains_key(&s.ring) {
            out.insert(s.ring.clone(), evaluate(&m, &s.ring));
        }
    }
    out.into_values().collect()
}

/// Every other algorithm of `offered` on `r` (none above [`COMPARE_MAX`] processors).
#[cfg(feature = "solve")]
#[must_use]
pub fn compare(r: &Ring, offered: &[&str], current: &str) -> Vec<Compared> {
    if r.p() > COMPARE_MAX {
        return Vec::new();
    }
    offered
        .iter()
        .filter(|&&a| a != current)
        // Held–Karp is `exact` itself above 9 processors; run it once.
        .filter(|&&a| !(a == "held-karp" && r.p() > super::EXHAUSTIVE_BELOW))
        .map(|&a| (a.to_owned(), solve_named(r, a).map_err(|e| e.to_string())))
        .collect()
}

/// The extras of the run `run` of `algorithm` on `r`, comparing it with the other algorithms
/// of `offered` (the family's offered list, which `family.rs` passes in) and with `sweep`
/// (the page reuses the last instance's curves; anyone else passes [`sweep`]`(r)`).
#[cfg(feature = "solve")]
#[must_use]
pub fn extras(
    r: &Ring,
    offered: &[&str],
    algorithm: &str,
    run: &Traced<RingSolution, RingStep>,
    sweep: Option<Sweep>,
) -> RingExtras {
    RingExtras {
        evals: evals(r, &run.trace.steps),
        sweep,
        compare: compare(r, offered, algorithm),
        homogeneous: super::homogeneous::panel(r),
    }
}

/// `r` with `W = ratio·H` (`ratio` as the page's slider shows it, e.g. `65.52`), solved with
/// `algo`: the slider's re-solve.
///
/// # Errors
/// [`SolveAtError`]: an unreadable ratio, or why the algorithm did not run.
#[cfg(feature = "solve")]
pub fn solve_at(r: &Ring, algo: &str, ratio: &str) -> Result<RingSolution, SolveAtError> {
    let x = parse_q(ratio)?;
    let mut next = r.clone();
    next.work = x * &r.h;
    Ok(solve_named(&next, algo)?)
}

/// Why [`solve_at`] gave no solution (the words of the error it wraps).
#[cfg(feature = "solve")]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveAtError {
    /// The ratio is not a number.
    #[error(transparent)]
    Ratio(#[from] NumberError),
    /// The algorithm did not run.
    #[error(transparent)]
    Solve(#[from] RingError),
}

#[cfg(feature = "solve")]
fn compared_json((algorithm, r): &Compared) -> Value {
    match r {
        Ok(s) => json!({
            "algorithm": algorithm, "t_step": s.t_step.exact(), "q": s.q, "ring": s.ring,
            "status": s.status.as_str(),
        }),
        Err(e) => json!({"algorithm": algorithm, "error": e}),
    }
}

#[cfg(feature = "solve")]
fn sweep_json(s: &Sweep) -> Value {
    json!({
        "lo": SWEEP_LO, "hi": SWEEP_HI, "samples": SWEEP_SAMPLES,
        "greedy": s.greedy,
        "exact": crate::report::outcome(&s.exact),
    })
}

/// The result document of the run with the extras: `compare` (every other algorithm: `T_step`
/// exact, `q`, ring, status, or its refusal), `sweep` (Fig. 3: each method's `points` and
/// `transitions`; `null` when `H = 0`) and, with the trace, `ring_evaluations` (§2 on every
/// ring the trace draws).
#[cfg(feature = "solve")]
#[must_use]
pub fn explained(run: &Traced<RingSolution, RingStep>, x: &RingExtras, with_trace: bool) -> Value {
    let doc = report::result(&run.solution, &run.trace, with_trace);
    let mut keys = vec![
        (
            "compare",
            Value::Array(x.compare.iter().map(compared_json).collect()),
        ),
        ("sweep", x.sweep.as_ref().map_or(Value::Null, sweep_json)),
    ];
    if with_trace {
        let evals = serde_json::to_value(&x.evals).unwrap_or(Value::Null);
        keys.push(("ring_evaluations", evals));
    }
    crate::report::explained(doc, keys)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;
    use crate::ring::{solve_traced, Algorithm};

    fn preset(name: &str) -> Ring {
        match crate::presets::get(name) {
            Some(crate::families::Instance::Ring(r)) => r,
            other => panic!("{name}: {other:?}"),
        }
    }

    #[test]
    fn rg_1_compares_the_greedy_with_the_exact_optimum() {
        let r = preset("ring-rg-1");
        let run = solve_traced(&r, Algorithm::Greedy).unwrap();
        let offered = ["exact", "greedy", "tsp"];
        let x = extras(&r, &offered, "greedy", &run, sweep(&r));
        // ring.md §12, RG-1: the greedy ends at 9, the optimum is 206/29 without P0.
        assert_eq!(run.solution.t_step, q(9, 1));
        let names: Vec<&str> = x.compare.iter().map(|(a, _)| a.as_str()).collect();
        assert_eq!(names, ["exact", "tsp"]);
        let exact = x.compare[0].1.as_ref().unwrap();
        assert_eq!(exact.t_step, q(206, 29));
        assert!(!x.evals.is_empty() && x.evals.windows(2).all(|w| w[0].ring < w[1].ring));
        let last = &run.solution.ring;
        assert_eq!(x.eval(last).map(|e| &e.ring), Some(last));
        let doc = explained(&run, &x, true);
        assert_eq!(doc["compare"][0]["t_step"], "206/29");
        assert_eq!(
            doc["ring_evaluations"].as_array().map(Vec::len),
            Some(x.evals.len())
        );
        assert!(explained(&run, &x, false).get("ring_evaluations").is_none());
    }

    #[test]
    fn the_slider_re_solves_lyon_across_its_jump() {
        let lyon = preset("ring-lyon");
        // §10.2: one processor below W/H = 65.5241, all fourteen above.
        let used = |algo: &str, x: &str| solve_at(&lyon, algo, x).map(|s| s.q);
        assert_eq!(used("greedy", "63.1"), Ok(1));
        assert_eq!(used("greedy", "66.83"), Ok(14));
        let at100 = solve_at(&lyon, "greedy", "100").expect("solves");
        let t = crate::rational::to_f64(&at100.t_step);
        assert!((t - 0.622_591_004).abs() < 1e-9);
        assert!(solve_at(&lyon, "greedy", "x").is_err());
        // RR-1 (4 processors): the exact method re-solves; one processor at a tiny ratio.
        let rr1 = preset("ring-rr-1");
        assert_eq!(solve_at(&rr1, "exact", "10").map(|s| s.q), Ok(4));
        assert_eq!(solve_at(&rr1, "exact", "0.01").map(|s| s.q), Ok(1));
        let mut flat = rr1;
        flat.h = q(0, 1);
        assert!(sweep(&flat).is_none());
    }
}
