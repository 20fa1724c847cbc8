//! Entry points beside `solve` for the page and the benchmarks: every algorithm side by side,
//! the optimum on a prepared chain (timed against one prefix-sum pass), and a single traced
//! probe at a chosen value (the "probe" scene of chains.md §10).

use super::bidding::bidding;
use super::bisection::exact_bisection;
use super::chain::Chain;
use super::dp::{dp, dp_eq4};
use super::exhaustive::exhaustive;
use super::limits::{check, check_chain, invalid, refuse, too_large};
use super::probe::{Ctx, Out};
use super::ratio::{Value, R};
use super::run::{run_dp_plus, run_nicol, solve_input};
use super::step::ChainStep;
use super::{Algorithm, ChainsError, ChainsInput, ChainsSolution};
use crate::rational::Q;
use crate::trace::Trace;

/// The algorithms of the side-by-side comparison: every CCP algorithm but the exhaustive
/// reference.
pub fn compared() -> impl Iterator<Item = Algorithm> {
    Algorithm::ALL
        .into_iter()
        .filter(|a| !a.is_cp() && *a != Algorithm::Exhaustive)
}

/// Every CCP algorithm of [`compared`] on `input`, side by side (the page times each itself).
#[must_use]
pub fn compare(input: &ChainsInput) -> Vec<(Algorithm, Result<ChainsSolution, ChainsError>)> {
    compared().map(|a| (a, solve_input(input, a))).collect()
}

/// The optimal bottleneck by an exact CCP algorithm on a prepared chain (prefix sums already
/// built), without rebuilding the partition: what the benchmarks time against one prefix-sum
/// pass, and what a page can call when it only needs the value.
///
/// # Errors
/// A heuristic or CP algorithm, or a size limit or work budget of the algorithm.
pub fn optimum(c: &Chain, alg: Algorithm) -> Result<Q, ChainsError> {
    check_chain(c)?;
    let input = ChainsInput::new(Vec::new(), Vec::new());
    refuse(c, &input, alg)?;
    let mut none = |_: ChainStep| {};
    let mut ctx = Ctx::new(c, Out::new(&mut none, false));
    let v = match alg {
        Algorithm::DpPlus => run_dp_plus(&mut ctx)?,
        Algorithm::Nicol | Algorithm::NicolPlus => run_nicol(&mut ctx, alg)?
            .into_iter()
            .min()
            .unwrap_or(R::INF),
        Algorithm::ExactBisection => exact_bisection(&mut ctx),
        Algorithm::Dp => dp(&mut ctx),
        Algorithm::DpEq4 => dp_eq4(&mut ctx),
        Algorithm::Exhaustive => exhaustive(c).map_or(R::INF, |(v, _)| v),
        Algorithm::Bidding => bidding(&mut ctx, super::BIDDING_BUDGET)
            .map(|(v, _)| v)
            .ok_or_else(|| {
                too_large(
                    alg,
                    "it ran out of its work budget".into(),
                    "exact-bisection",
                )
            })?,
        _ => {
            return Err(invalid(format!(
                "{} is not an exact CCP algorithm",
                alg.name()
            )))
        }
    };
    Ok(v.exact())
}

/// One probe at a chosen value, traced (the "probe" scene of chains.md §10: LR-PROBE on EX2 at
/// `17/2` succeeds, at `31/4` fails): whether it succeeded, its separators, and its steps.
///
/// # Errors
/// An instance outside the limits, or a negative `b`.
pub fn probe_scene(
    input: &ChainsInput,
    dir: super::Dir,
    b: &Q,
) -> Result<(bool, Vec<usize>, Trace<ChainStep>), ChainsError> {
    let c = check(input)?;
    if b < &Q::default() {
        return Err(invalid("the probed value must be >= 0"));
    }
    let mut trace = Trace::default();
    let mut emit = |s| trace.push(s);
    let mut ctx = Ctx::new(&c, Out::new(&mut emit, true));
    let mut s = Vec::new();
    let ok = match dir {
        super::Dir::Lr => ctx.lr(b, &mut s),
        super::Dir::Rl => ctx.rl(b, &mut s),
    };
    Ok((ok, s, trace))
}
