//! The entry points: checking an instance against the limits, running one algorithm by name
//! with or without its trace, and running them all side by side.

use super::bidding::bidding;
use super::bisection::{eps_bisection, exact_bisection};
use super::bounds::Bounds;
use super::chain::Chain;
use super::cp::{cp_exact, cp_random, CpRun};
use super::dp::{dp, dp_eq4, dp_plus};
use super::exhaustive::exhaustive;
use super::heuristics::{mp, rb};
use super::limits::{check, refuse, too_large};
use super::nicol::nicol;
use super::probe::{lr_probe, rl_probe, Ctx, Out};
use super::ratio::{Value, R};
use super::step::ChainStep;
use super::workload::imbalance;
use super::{Algorithm, ChainsError, ChainsInput, ChainsSolution, DP_MAX_CELLS, NICOL_BUDGET};
use crate::rational::{to_f64, Q};
use crate::trace::{Trace, Traced};

/// Solves `input` with the algorithm named `algorithm`.
///
/// Pinar, Tabak, Aykanat, "One-dimensional partitioning for heterogeneous systems: Theory and
/// practice", JPDC 68 (2008); the corrections of chains.md §14.
///
/// # Complexity
/// Prefix sums `O(N)`, then as chains.md §6.9: EXACT-BISECTION `O(P lg N)` per probe, DP
/// `O(NP)`, DP+ its band, NICOL(+) `O((P lg N)²)` at worst, BIDDING `O(NP lg P)` at worst,
/// RB and MP `O(P lg N)`.
///
/// # Errors
/// An unknown algorithm, an instance outside chains.md §13 or the limits of this module, an
/// instance too large for the algorithm (a faster one is named), or a work budget exhausted.
///
/// ```
/// use hetlab_core::chains::{solve, ChainsInput};
/// use hetlab_core::rational::q;
/// let input = ChainsInput::new(vec![2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5], vec![3, 1, 2, 2]);
/// let sol = solve(&input, "exact-bisection").unwrap();
/// assert_eq!(sol.bottleneck, q(17, 2));
/// assert_eq!(sol.separators, [0, 5, 6, 9, 12]);
/// ```
pub fn solve(input: &ChainsInput, algorithm: &str) -> Result<ChainsSolution, ChainsError> {
    let alg = Algorithm::from_name(algorithm)
        .ok_or_else(|| ChainsError::UnknownAlgorithm(algorithm.to_owned()))?;
    solve_input(input, alg)
}

/// As [`solve`] with the algorithm already parsed.
///
/// # Errors
/// As [`solve`].
pub fn solve_input(input: &ChainsInput, alg: Algorithm) -> Result<ChainsSolution, ChainsError> {
    let mut none = |_: ChainStep| {};
    run(input, alg, &mut none, false, false).map(|(sol, _)| sol)
}

/// As [`solve`], with the steps the player replays (initial state: [`super::ChainsState::new`]).
///
/// # Errors
/// As [`solve`].
#[cfg(feature = "solve")]
pub fn solve_traced(
    input: &ChainsInput,
    algorithm: &str,
) -> Result<Traced<ChainsSolution, ChainStep>, ChainsError> {
    solve_within(input, algorithm, true, false)
}

/// As [`solve`] (with the steps when `traced`); `lifted` (`hetlab solve --no-limits`) lifts
/// the size limits of DP and DP+, whose work is linear in their table's cells and whose
/// memory is two rows: they then run at any size. The other algorithms keep their limits.
///
/// # Errors
/// As [`solve`].
#[cfg(feature = "solve")]
pub fn solve_within(
    input: &ChainsInput,
    algorithm: &str,
    traced: bool,
    lifted: bool,
) -> Result<Traced<ChainsSolution, ChainStep>, ChainsError> {
    let alg = Algorithm::from_name(algorithm)
        .ok_or_else(|| ChainsError::UnknownAlgorithm(algorithm.to_owned()))?;
    let mut trace = Trace::default();
    let (solution, dropped) = run(input, alg, &mut |s| trace.push(s), traced, lifted)?;
    trace.dropped += dropped;
    Ok(Traced { solution, trace })
}

fn prefix_steps(c: &Chain, out: &mut Out<'_>) {
    if !out.on {
        return;
    }
    let n = c.n();
    let stride = if n <= 200 { 1 } else { n.div_ceil(20) };
    let mut i = stride.min(n);
    loop {
        let w_i = c.w[i];
        out.step(|| ChainStep::Prefix { i, w_i });
        if i == n {
            break;
        }
        i = (i + stride).min(n);
    }
}

/// What an algorithm found, before the partition is rebuilt and reported.
enum Found {
    /// An exact CCP value.
    Value(R),
    /// A separator vector (heuristics).
    Separators(Vec<usize>),
}

fn run(
    input: &ChainsInput,
    alg: Algorithm,
    emit: &mut impl FnMut(ChainStep),
    traced: bool,
    lifted: bool,
) -> Result<(ChainsSolution, usize), ChainsError> {
    let c = check(input)?;
    let linear = matches!(alg, Algorithm::Dp | Algorithm::DpPlus);
    if !(lifted && linear) {
        refuse(&c, input, alg)?;
    }
    let mut ctx = Ctx::new(&c, Out::new(emit, traced));
    if lifted {
        ctx.max_band_cells = usize::MAX;
    }
    prefix_steps(&c, &mut ctx.out);
    let sol = body(&mut ctx, input, alg)?;
    Ok((sol, ctx.out.dropped))
}

fn body(
    ctx: &mut Ctx<'_>,
    input: &ChainsInput,
    alg: Algorithm,
) -> Result<ChainsSolution, ChainsError> {
    let c = ctx.chain;
    if alg.is_cp() {
        let run = if alg == Algorithm::CpExact {
            cp_exact(ctx)
        } else {
            cp_random(ctx, input.orders, input.seed)
        };
        return Ok(finish_cp(ctx, alg, &run));
    }
    let mut sol = blank(alg, c);
    let found = match alg {
        Algorithm::Rb => Found::Separators(rb(ctx)),
        Algorithm::Mp => Found::Separators(mp(ctx)),
        Algorithm::ExactBisection => Found::Value(exact_bisection(ctx)),
        Algorithm::Dp => Found::Value(dp(ctx)),
        Algorithm::DpEq4 => Found::Value(dp_eq4(ctx)),
        Algorithm::Exhaustive => {
            let (v, _) = exhaustive(c).unwrap_or((R::INF, Vec::new()));
            Found::Value(v)
        }
        Algorithm::DpPlus => Found::Value(run_dp_plus(ctx)?),
        Algorithm::Nicol | Algorithm::NicolPlus => {
            let cands = run_nicol(ctx, alg)?;
            let best = cands.iter().copied().min().unwrap_or(R::INF);
            sol.candidates = Some(cands.iter().map(Value::exact).collect());
            Found::Value(best)
        }
        Algorithm::Bidding => {
            let (v, rounds) = bidding(ctx, super::BIDDING_BUDGET).ok_or_else(|| {
                too_large(
                    alg,
                    format!("it made more than {} refill steps", super::BIDDING_BUDGET),
                    "exact-bisection",
                )
            })?;
            sol.rounds = Some(rounds);
            Found::Value(v)
        }
        Algorithm::EpsBisection => {
            let ub = eps_bisection(ctx);
            let mut s = Vec::new();
            lr_probe(c, &ub, &mut s);
            sol.bound = Some(ub);
            Found::Separators(s)
        }
        Algorithm::CpRandom | Algorithm::CpExact => unreachable!("handled above"),
    };
    sol.probes = ctx.probes;
    let s = match found {
        Found::Separators(s) => s,
        Found::Value(v) => {
            let (mut s, mut r) = (Vec::new(), Vec::new());
            lr_probe(c, &v, &mut s);
            rl_probe(c, &v, &mut r);
            sol.right_separators = Some(r);
            s
        }
    };
    fill(&mut sol, c, s);
    emit_result(&mut ctx.out, &sol);
    Ok(sol)
}

pub(super) fn run_dp_plus(ctx: &mut Ctx<'_>) -> Result<R, ChainsError> {
    let c = ctx.chain;
    let mut quiet = |_: ChainStep| {};
    let mut inner = Ctx::new(c, Out::new(&mut quiet, false));
    let ub = c
        .bottleneck(&rb(&mut inner))
        .min(c.bottleneck(&mp(&mut inner)));
    let max_cells = ctx.max_band_cells;
    dp_plus(ctx, ub, max_cells).ok_or_else(|| {
        too_large(
            Algorithm::DpPlus,
            format!(
                "its band has more than {DP_MAX_CELLS} cells (the default limit; `hetlab solve \
                 --no-limits` lifts it)"
            ),
            "exact-bisection",
        )
    })
}

pub(super) fn run_nicol(ctx: &mut Ctx<'_>, alg: Algorithm) -> Result<Vec<R>, ChainsError> {
    let budget = NICOL_BUDGET / ctx.chain.p().max(1);
    nicol(ctx, alg == Algorithm::NicolPlus, budget).ok_or_else(|| {
        too_large(
            alg,
            format!(
                "it made more than {budget} probes on {} processors",
                ctx.chain.p()
            ),
            "exact-bisection",
        )
    })
}

fn blank(alg: Algorithm, c: &Chain) -> ChainsSolution {
    ChainsSolution {
        algorithm: alg,
        bottleneck: Q::default(),
        separators: Vec::new(),
        loads: Vec::new(),
        ideal: c.ideal().exact(),
        imbalance: 0.0,
        bounds: Bounds::of(c),
        probes: 0,
        right_separators: None,
        bound: None,
        candidates: None,
        rounds: None,
        order: None,
        values: None,
    }
}

/// Fills the partition fields from `s` on `c`.
fn fill(sol: &mut ChainsSolution, c: &Chain, s: Vec<usize>) {
    let loads = c.loads(&s);
    let b = loads.iter().copied().max().unwrap_or(R::ZERO);
    sol.loads = loads.iter().map(Value::exact).collect();
    sol.bottleneck = b.exact();
    sol.imbalance = to_f64(&imbalance(&sol.bottleneck, &sol.ideal));
    sol.separators = s;
}

fn finish_cp(ctx: &mut Ctx<'_>, alg: Algorithm, run: &CpRun) -> ChainsSolution {
    let c = ctx.chain;
    let speeds: Vec<u64> = run.order.iter().map(|&k| c.e[k]).collect();
    let chain = c.with_speeds(&speeds);
    let mut s = Vec::new();
    lr_probe(&chain, &run.best, &mut s);
    let mut sol = blank(alg, c);
    sol.probes = run.probes;
    sol.order = Some(run.order.clone());
    sol.values = Some(run.values.iter().map(Value::exact).collect());
    fill(&mut sol, &chain, s);
    emit_result(&mut ctx.out, &sol);
    sol
}

fn emit_result(out: &mut Out<'_>, sol: &ChainsSolution) {
    out.last(|| ChainStep::Result {
        b: sol.bottleneck.clone(),
        seps: sol.separators.clone(),
        order: sol.order.clone(),
        loads: sol.loads.clone(),
        imbalance: sol.imbalance,
    });
}
