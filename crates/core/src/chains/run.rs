//! The entry points: checking an instance against the limits, running one algorithm by name
//! with or without its trace, and running them all side by side.

use super::bidding::bidding;
use super::bisection::{eps_bisection, exact_bisection};
use super::chain::Chain;
use super::cp::{
    cp_exact, cp_random, distinct_orders, lg, CpRun, CP_EXACT_MAX_PROCESSORS, CP_WORK,
};
use super::dp::{dp, dp_eq4, dp_plus};
use super::exhaustive::{exhaustive, vectors, EXHAUSTIVE_MAX};
use super::heuristics::{mp, rb};
use super::nicol::nicol;
use super::probe::{lr_probe, rl_probe, Ctx, Out};
use super::ratio::{Value, R};
use super::step::ChainStep;
use super::workload::imbalance;
use super::{
    Algorithm, ChainsError, ChainsInput, ChainsSolution, DP_MAX_CELLS, EQ4_MAX_WORK, MAX_ORDERS,
    MAX_PROCESSORS, MAX_TASKS, MAX_TOTAL_SPEED, MAX_TOTAL_WEIGHT, NICOL_BUDGET,
};
use crate::rational::{to_f64, Q};
use crate::trace::{Trace, Traced};

fn invalid(msg: impl Into<String>) -> ChainsError {
    ChainsError::Invalid(msg.into())
}

/// Checks an instance against chains.md §13 and the limits, and prepares its prefix sums.
///
/// # Errors
/// [`ChainsError::Invalid`] naming the first broken rule.
pub fn check(input: &ChainsInput) -> Result<Chain, ChainsError> {
    let (n, p) = (input.weights.len(), input.speeds.len());
    if n == 0 {
        return Err(invalid("at least one task is required"));
    }
    if p == 0 {
        return Err(invalid("at least one processor is required"));
    }
    if n > MAX_TASKS {
        return Err(invalid(format!(
            "{n} tasks; at most {MAX_TASKS} are supported"
        )));
    }
    if p > MAX_PROCESSORS {
        return Err(invalid(format!(
            "{p} processors; at most {MAX_PROCESSORS} are supported"
        )));
    }
    if let Some(i) = input.weights.iter().position(|&w| w == 0) {
        return Err(invalid(format!("weights[{i}]: must be > 0, got 0")));
    }
    if let Some(i) = input.speeds.iter().position(|&e| e == 0) {
        return Err(invalid(format!("speeds[{i}]: must be > 0, got 0")));
    }
    let total = input
        .weights
        .iter()
        .try_fold(0u64, |a, &w| a.checked_add(w));
    if total.is_none_or(|t| t > MAX_TOTAL_WEIGHT) {
        return Err(invalid(format!(
            "the total weight must be at most 2^40 = {MAX_TOTAL_WEIGHT}"
        )));
    }
    let speed = input.speeds.iter().try_fold(0u64, |a, &e| a.checked_add(e));
    if speed.is_none_or(|t| t > MAX_TOTAL_SPEED) {
        return Err(invalid(format!(
            "the total speed must be at most 2^24 = {MAX_TOTAL_SPEED}"
        )));
    }
    if input.orders == 0 || input.orders > MAX_ORDERS {
        return Err(invalid(format!(
            "orders: between 1 and {MAX_ORDERS} random orders, got {}",
            input.orders
        )));
    }
    Ok(Chain::new(&input.weights, &input.speeds))
}

fn too_large(algorithm: Algorithm, why: String, suggest: &'static str) -> ChainsError {
    ChainsError::TooLarge {
        algorithm: algorithm.name(),
        why,
        suggest,
    }
}

/// Refuses, before running, what would exceed an algorithm's size limit (chains.md §7).
fn refuse(c: &Chain, input: &ChainsInput, alg: Algorithm) -> Result<(), ChainsError> {
    let (n, p) = (c.n(), c.p());
    let cells = (n + 1).saturating_mul(p);
    match alg {
        Algorithm::Dp if cells > DP_MAX_CELLS => Err(too_large(
            alg,
            format!("its table has (N+1)·P = {cells} cells, more than {DP_MAX_CELLS}"),
            "dp-plus or exact-bisection",
        )),
        Algorithm::DpEq4 if (n as u128 + 1).pow(2) * p as u128 / 2 > EQ4_MAX_WORK => Err(too_large(
            alg,
            format!("Eq. 4 takes about N²P/2 steps, more than {EQ4_MAX_WORK}"),
            "dp",
        )),
        Algorithm::Exhaustive if vectors(n, p) > EXHAUSTIVE_MAX => Err(too_large(
            alg,
            format!("C(N+P−1, P−1) separator vectors exceed {EXHAUSTIVE_MAX}"),
            "exact-bisection",
        )),
        Algorithm::CpRandom if input.orders as u128 * p as u128 * lg(n) > CP_WORK => Err(too_large(
            alg,
            format!("{} orders × {p} processors is too much work", input.orders),
            "fewer orders",
        )),
        Algorithm::CpExact if p > CP_EXACT_MAX_PROCESSORS => Err(too_large(
            alg,
            format!("exact CP enumerates P! orders and is limited to {CP_EXACT_MAX_PROCESSORS} processors"),
            "cp-random",
        )),
        Algorithm::CpExact if distinct_orders(&c.e) * p as u128 * lg(n) > CP_WORK => Err(too_large(
            alg,
            format!("{} orders of {n} tasks is too much work", distinct_orders(&c.e)),
            "cp-random",
        )),
        _ => Ok(()),
    }
}

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
    run(input, alg, &mut none, false).map(|(sol, _)| sol)
}

/// As [`solve`], with the steps the player replays (initial state: [`super::ChainsState::new`]).
///
/// # Errors
/// As [`solve`].
pub fn solve_traced(
    input: &ChainsInput,
    algorithm: &str,
) -> Result<Traced<ChainsSolution, ChainStep>, ChainsError> {
    let alg = Algorithm::from_name(algorithm)
        .ok_or_else(|| ChainsError::UnknownAlgorithm(algorithm.to_owned()))?;
    let mut trace = Trace::default();
    let (solution, dropped) = run(input, alg, &mut |s| trace.push(s), true)?;
    trace.dropped += dropped;
    Ok(Traced { solution, trace })
}

/// Every CCP algorithm that accepts `input`, side by side (the page times each itself).
#[must_use]
pub fn compare(input: &ChainsInput) -> Vec<(Algorithm, Result<ChainsSolution, ChainsError>)> {
    Algorithm::ALL
        .into_iter()
        .filter(|a| !a.is_cp() && *a != Algorithm::Exhaustive)
        .map(|a| (a, solve_input(input, a)))
        .collect()
}

/// The optimal bottleneck by an exact CCP algorithm on a prepared chain (prefix sums already
/// built), without rebuilding the partition: what the benchmarks time against one prefix-sum
/// pass, and what a page can call when it only needs the value.
///
/// # Errors
/// A heuristic or CP algorithm, or a size limit or work budget of the algorithm.
pub fn optimum(c: &Chain, alg: Algorithm) -> Result<Q, ChainsError> {
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
        Algorithm::Bidding => bidding(&mut ctx).map(|(v, _)| v).ok_or_else(|| {
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
) -> Result<(ChainsSolution, usize), ChainsError> {
    let c = check(input)?;
    refuse(&c, input, alg)?;
    let mut ctx = Ctx::new(&c, Out::new(emit, traced));
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
            let (v, rounds) = bidding(ctx).ok_or_else(|| {
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

fn run_dp_plus(ctx: &mut Ctx<'_>) -> Result<R, ChainsError> {
    let c = ctx.chain;
    let mut quiet = |_: ChainStep| {};
    let mut inner = Ctx::new(c, Out::new(&mut quiet, false));
    let ub = c
        .bottleneck(&rb(&mut inner))
        .min(c.bottleneck(&mp(&mut inner)));
    dp_plus(ctx, ub, DP_MAX_CELLS).ok_or_else(|| {
        too_large(
            Algorithm::DpPlus,
            format!("its band has more than {DP_MAX_CELLS} cells"),
            "exact-bisection",
        )
    })
}

fn run_nicol(ctx: &mut Ctx<'_>, alg: Algorithm) -> Result<Vec<R>, ChainsError> {
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
        s: sol.separators.clone(),
        order: sol.order.clone(),
        loads: sol.loads.clone(),
        imbalance: sol.imbalance,
    });
}
