//! What the ring page computes once per instance and algorithm besides the run (the generic
//! page's `extra`), all through the core: the layout, the evaluation (§2) of every ring the
//! trace shows (so the bars follow the greedy's picks and the local search's tours), the fixed
//! axes, the `W/H` curves of paper Fig. 3 with their transitions, and the other algorithms'
//! results on the instance. Pure, so it is tested natively.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use hetlab_core::rational::to_f64;
use hetlab_core::ring::sweep::{log_grid, Method, Point, Sweeper, Transition};
use hetlab_core::ring::Ring;
use hetlab_core::ring::{
    evaluate, solve_named, Model, RingError, RingEval, RingSolution, RingState, RingStep,
};
use hetlab_core::trace::{Replay, Trace};
use num_traits::Zero;

use super::{layout, Layout, Scale};

/// Most distinct rings valued for the bars (a longer run shows bars only where it evaluated).
pub const MAX_EVALS: usize = 4000;
/// Ratios sampled on the `W/H` axis (40 per decade from 1 to 10^4).
pub const SWEEP_SAMPLES: usize = 161;
/// Most processors of the comparison table (each exact method builds a Held–Karp table).
pub const COMPARE_MAX: usize = 16;

/// One curve of paper Fig. 3.
#[derive(Clone, Debug, PartialEq, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Curve {
    /// Processors used at each sampled ratio.
    pub points: Vec<Point>,
    /// Where the number changes.
    pub transitions: Vec<Transition>,
}

/// The greedy's and the exact method's curves (the exact one up to 16 processors).
#[derive(Clone, Debug, PartialEq, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Sweep {
    /// The greedy (§6).
    pub greedy: Curve,
    /// The exact optimum (§5.2), or why there is none.
    pub exact: Result<Curve, String>,
}

/// One row of the comparison: an algorithm and its result.
pub type Compared = (String, Result<RingSolution, String>);

/// Everything the page shows beside the state at step `k`.
#[derive(Clone, Debug, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Prepared {
    /// Where the processors sit.
    pub layout: Layout,
    /// The evaluation of every ring the trace draws.
    pub evals: BTreeMap<Vec<usize>, RingEval>,
    /// The fixed axes.
    pub scale: Scale,
    /// Paper Fig. 3 (`None` when `H = 0`: every ratio is infinite).
    pub sweep: Option<Rc<Sweep>>,
    /// The other algorithms on this instance.
    pub compare: Vec<Compared>,
}

fn curve(s: &Sweeper) -> Curve {
    let grid = log_grid(super::sweep::LO, super::sweep::HI, SWEEP_SAMPLES);
    Curve {
        points: s.series(&grid),
        transitions: s.transitions(super::sweep::LO, super::sweep::HI, SWEEP_SAMPLES),
    }
}

/// The curves of Fig. 3 for `r`.
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

thread_local! {
    /// The last instance's curves: they do not depend on the algorithm, so switching algorithms
    /// on one instance reuses them.
    static LAST_SWEEP: RefCell<Option<(Ring, Option<Rc<Sweep>>)>> = const { RefCell::new(None) };
}

/// [`sweep`], reusing the last instance's curves.
#[must_use]
pub fn sweep_cached(r: &Ring) -> Option<Rc<Sweep>> {
    LAST_SWEEP.with(|cell| {
        if let Some((seen, curves)) = &*cell.borrow() {
            if seen == r {
                return curves.clone();
            }
        }
        let curves = sweep(r).map(Rc::new);
        *cell.borrow_mut() = Some((r.clone(), curves.clone()));
        curves
    })
}

/// The rings the trace draws, each valued once.
#[must_use]
pub fn evals(r: &Ring, trace: &Trace<RingStep>) -> BTreeMap<Vec<usize>, RingEval> {
    let m = Model::new(r);
    let mut out = BTreeMap::new();
    let mut s = RingState::new(r.p());
    for step in &trace.steps {
        s.apply(step);
        if out.len() >= MAX_EVALS {
            break;
        }
        if !s.ring.is_empty() && !out.contains_key(&s.ring) {
            out.insert(s.ring.clone(), evaluate(&m, &s.ring));
        }
    }
    out
}

/// Every other offered algorithm on `r` (none above [`COMPARE_MAX`] processors).
#[must_use]
pub fn compare(r: &Ring, offered: &[&'static str], current: &str) -> Vec<Compared> {
    if r.p() > COMPARE_MAX {
        return Vec::new();
    }
    offered
        .iter()
        .filter(|&&a| a != current)
        // Held–Karp is `exact` itself above 9 processors; run it once.
        .filter(|&&a| !(a == "held-karp" && r.p() > hetlab_core::ring::EXHAUSTIVE_BELOW))
        .map(|&a| {
            (
                a.to_owned(),
                solve_named(r, a).map_err(|e: RingError| e.to_string()),
            )
        })
        .collect()
}

/// Everything, for the run `trace` of algorithm `current`.
#[must_use]
pub fn prepare(
    r: &Ring,
    trace: &Trace<RingStep>,
    offered: &[&'static str],
    current: &str,
) -> Prepared {
    let evals = evals(r, trace);
    let end = trace.state_at(RingState::new(r.p()), usize::MAX);
    let scale = Scale::of(r.p(), evals.values().chain(end.eval.iter()), &end);
    Prepared {
        layout: layout(r),
        evals,
        scale,
        sweep: sweep_cached(r),
        compare: compare(r, offered, current),
    }
}

/// `W/H` of `r` (`None` when `H = 0`).
#[must_use]
pub fn ratio(r: &Ring) -> Option<f64> {
    (!r.h.is_zero()).then(|| to_f64(&r.work) / to_f64(&r.h))
}

/// Most processors for which the `W/H` slider re-solves an exact method as it moves (above,
/// the page keeps the button: Held–Karp at 11+ processors takes longer than a frame).
pub const LIVE_EXACT_MAX: usize = 10;

/// The slider re-solves `algo` on `p` processors as it moves: the greedy, the TSP heuristic
/// and the closed form at any size, the exact methods up to [`LIVE_EXACT_MAX`].
#[must_use]
pub fn live(p: usize, algo: &str) -> bool {
    match algo {
        "exact" | "exhaustive" | "held-karp" => p <= LIVE_EXACT_MAX,
        _ => true,
    }
}

/// `r` with `W = ratio·H` (`ratio` as the slider shows it, e.g. `65.52`), solved with `algo`.
///
/// # Errors
/// An unreadable ratio, or why the algorithm did not run, in words.
pub fn solve_at(r: &Ring, algo: &str, ratio: &str) -> Result<RingSolution, String> {
    let x = hetlab_core::rational::parse_q(ratio).map_err(|e| e.to_string())?;
    let mut next = r.clone();
    next.work = x * &r.h;
    solve_named(&next, algo).map_err(|e| e.to_string())
}
