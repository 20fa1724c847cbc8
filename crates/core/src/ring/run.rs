//! [`solve`], [`solve_traced`] and [`solve_named`], and the one private `run` behind them: the
//! algorithm's own search (one file each), then the final evaluation of the ring it found and
//! the notes.

use super::model::{evaluate, Model};
use super::step::RingStep;
use super::{
    exhaustive, greedy, held_karp, homogeneous, tsp, Algorithm, Ring, RingError, RingSolution,
    EXHAUSTIVE_BELOW, MAX_EXHAUSTIVE,
};
use crate::rational::Q;
use crate::trace::{Trace, Traced};

/// Solves `input` with `algorithm`.
///
/// Reference: H. Renard, Y. Robert, F. Vivien, "Static load-balancing techniques for iterative
/// computations on heterogeneous clusters", Euro-Par 2003 (ring.md).
///
/// # Complexity
/// exact: `O(Σ_q C(p,q)·(q−1)!/2·q)` for `p ≤ 9` (and `exhaustive` up to 10), `O(2^p·p²)` up to 16; greedy `O(p⁴)`;
/// tsp `O(p³)` per local-search round from each of `p` starts; homogeneous `O(p)`.
///
/// # Errors
/// [`RingError`]: an unknown algorithm, an instance over the algorithm's size limit, or the
/// homogeneous closed form on a heterogeneous network.
///
/// ```
/// use hetlab_core::families::Instance;
/// use hetlab_core::ring::Ring;
/// use hetlab_core::ring::{solve, Algorithm};
/// use hetlab_core::rational::{q, qi};
/// let text = r#"{"problem":"ring","version":1,"w":[1,2,2,4],
///   "c":[[0,1,3,2],[1,0,1,4],[3,1,0,1],[2,4,1,0]],"W":10,"H":1}"#;
/// let Ok(Instance::Ring(r)) = Instance::from_json(text) else { panic!() };
/// let sol = solve(&r, Algorithm::Exact).unwrap();
/// assert_eq!((sol.t_step, sol.ring), (qi(7), vec![0, 1, 2, 3]));
/// assert_eq!(sol.alpha, [q(2, 5), q(1, 4), q(1, 4), q(1, 10)]);
/// ```
#[cfg(feature = "solve")]
pub fn solve(input: &Ring, algorithm: Algorithm) -> Result<RingSolution, RingError> {
    run(input, algorithm, &mut |_| {})
}

/// As [`solve`], with the steps that [`RingState`](super::RingState) replays.
///
/// # Errors
/// As [`solve`].
#[cfg(feature = "solve")]
pub fn solve_traced(
    input: &Ring,
    algorithm: Algorithm,
) -> Result<Traced<RingSolution, RingStep>, RingError> {
    let mut trace = Trace::default();
    let solution = run(input, algorithm, &mut |s| trace.push(s))?;
    Ok(Traced { solution, trace })
}

/// Solves by name (`exact`, `greedy`, ...).
///
/// # Errors
/// [`RingError::Unknown`] for an unknown name, else as [`solve`].
#[cfg(feature = "solve")]
pub fn solve_named(input: &Ring, name: &str) -> Result<RingSolution, RingError> {
    let a = Algorithm::from_name(name).ok_or_else(|| RingError::Unknown(name.to_owned()))?;
    solve(input, a)
}

fn run(
    input: &Ring,
    algorithm: Algorithm,
    emit: &mut impl FnMut(RingStep),
) -> Result<RingSolution, RingError> {
    let m = Model::<Q>::new(input);
    let p = input.p();
    let found = match algorithm {
        Algorithm::Exhaustive => exhaustive::run(&m, emit)?,
        Algorithm::Exact if p <= EXHAUSTIVE_BELOW => exhaustive::run(&m, emit)?,
        Algorithm::Exact | Algorithm::HeldKarp => {
            let found = held_karp::run(&m, emit)?;
            // §5.2.3: bounds that do not meet fall back to the exhaustive search when it is
            // affordable.
            let certified = found.bounds.as_ref().is_some_and(|b| b.certified);
            if algorithm == Algorithm::Exact && !certified && p <= MAX_EXHAUSTIVE {
                exhaustive::run(&m, emit)?
            } else {
                found
            }
        }
        Algorithm::Greedy => greedy::run(&m, false, emit),
        Algorithm::GreedyAllStarts => greedy::run(&m, true, emit),
        Algorithm::Tsp => tsp::run(&m, emit),
        Algorithm::Homogeneous => homogeneous::run(input, &m, emit)?,
    };
    let eval = evaluate(&m, &found.ring);
    emit(RingStep::Evaluated {
        eval: eval.clone(),
        last: true,
    });
    let mut notes = input.notes();
    notes.extend(found.notes);
    if eval.communication_bound {
        notes.push(format!(
            "communication-bound: H·max comm = {} exceeds T_closed = {}",
            crate::rational::approx(&eval.m),
            crate::rational::approx(&eval.t_closed)
        ));
    }
    Ok(RingSolution {
        algorithm,
        status: found.status,
        q: found.ring.len(),
        ring: found.ring,
        alpha: eval.alpha.clone(),
        t_step: eval.t.clone(),
        eval,
        per_size: found.per_size,
        bounds: found.bounds,
        tour: found.tour,
        exact_tour: found.exact_tour,
        budget_hit: found.budget_hit,
        notes,
    })
}
