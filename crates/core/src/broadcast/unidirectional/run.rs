//! Pipeline U (broadcast.md §8.2): the naive bound, the column generation, the final trees and
//! matchings, and the Gantt slots. One `run` serves the plain and the traced entry points.

use num_traits::{Signed, Zero};

use super::colgen::{unidir, WARM_FROM_NODES};
use super::gantt::{self, Period};
use super::matching::odd_cycle;
use super::naive;
use super::step::{PricedRound, UniStep};
use super::{UniBounds, UniSolution, MAX_ARCS, MAX_NODES};
use crate::broadcast::multicast::flow::{self, Ports, Share};
use crate::broadcast::multicast::net::{Net, Objective, Status};
use crate::error::SolveError;
use crate::family::Limits;
use crate::platform::Platform;
use crate::rational::Q;
use crate::trace::{Trace, Traced};

/// Optimal broadcast throughput from `source` under the unidirectional one-port model, with its
/// weighted trees, matchings and Gantt slots (column generation on LP-U, exact).
///
/// Reference: O. Beaumont, HDR thesis §5.4 (LP (P) and its separation oracles); broadcast.md
/// §6.2–§6.6.
///
/// # Complexity
/// One LP-F solve for the naive bound, then at most `50·(|V|+|E|)` rounds of an exact LP with
/// `|E|+1` rows, a Chu–Liu/Edmonds and a subset-program matching. Limited to `|V| ≤ 20`.
///
/// # Errors
/// A source out of range, a platform over the size limits, or an LP failure, as a sentence.
pub fn solve_unidirectional(platform: &Platform, source: usize) -> Result<UniSolution, SolveError> {
    run(platform, source, Limits::Default, &mut |_| {})
}

/// [`solve_unidirectional`] (`traced: false`) or [`solve_unidirectional_traced`] under the
/// given size [`Limits`] ([`Limits::Lifted`]: no node or arc limit).
///
/// # Errors
/// As [`solve_unidirectional`].
pub fn solve_unidirectional_within(
    platform: &Platform,
    source: usize,
    limits: Limits,
    traced: bool,
) -> Result<Traced<UniSolution, UniStep>, SolveError> {
    let mut trace = Trace::default();
    let solution = run(platform, source, limits, &mut |s| {
        if traced {
            trace.push(s);
        }
    })?;
    Ok(Traced { solution, trace })
}

/// Why [`solve_unidirectional`] would refuse a platform of `nodes` nodes and `arcs` arcs under
/// the default limits ([`MAX_NODES`], [`MAX_ARCS`]).
#[must_use]
pub fn over_limits(nodes: usize, arcs: usize) -> Option<String> {
    (nodes > MAX_NODES || arcs > MAX_ARCS).then(|| {
        format!(
            "the unidirectional column generation is limited to {MAX_NODES} nodes and {MAX_ARCS} arcs (this platform has {nodes} and {arcs})"
        )
    })
}

/// As [`solve_unidirectional`], with the steps of pipeline U.
///
/// # Errors
/// As [`solve_unidirectional`].
pub fn solve_unidirectional_traced(
    platform: &Platform,
    source: usize,
) -> Result<Traced<UniSolution, UniStep>, SolveError> {
    let mut trace = Trace::default();
    let solution = run(platform, source, Limits::Default, &mut |s| trace.push(s))?;
    Ok(Traced { solution, trace })
}

fn empty(source: usize, status: Status, rho: Option<Q>, unreachable: Vec<usize>) -> UniSolution {
    UniSolution {
        status,
        objective: Objective::throughput(rho.as_ref()),
        throughput: rho,
        source,
        unreachable,
        warnings: Vec::new(),
        bounds: UniBounds::default(),
        iterations: 0,
        trees: Vec::new(),
        matchings: Vec::new(),
        period: Period::default(),
    }
}

fn run(
    p: &Platform,
    s: usize,
    limits: Limits,
    emit: &mut impl FnMut(UniStep),
) -> Result<UniSolution, SolveError> {
    let net = Net::from_platform(p);
    if s >= net.n {
        return Err(format!(
            "the source index {s} is out of range (the platform has {} nodes)",
            net.n
        )
        .into());
    }
    if limits == Limits::Default {
        if let Some(m) = over_limits(net.n, net.arcs.len()) {
            return Err(SolveError::TooLarge(m));
        }
    }
    let all = vec![true; net.n];
    let unreachable: Vec<usize> = net
        .reach(s, &all)
        .iter()
        .enumerate()
        .filter(|(_, r)| !**r)
        .map(|(v, _)| v)
        .collect();
    if net.n == 1 || !unreachable.is_empty() {
        emit(UniStep::Degenerate {
            unreachable: unreachable.clone(),
        });
        return Ok(if unreachable.is_empty() {
            empty(s, Status::Unbounded, None, unreachable)
        } else {
            empty(s, Status::Infeasible, Some(Q::zero()), unreachable)
        });
    }
    let naive = naive(&net, s, emit)?;
    let cols = unidir(&net, s, &mut |r| {
        emit(UniStep::Priced(Box::new(PricedRound {
            iteration: r.iteration,
            lower: r.lower,
            upper: r.upper,
            w: r.w,
            tree: r.tree.0,
            theta: r.tree.1,
            matching: r.matching.0,
            mu: r.matching.1,
            added_tree: r.added_tree,
            added_matching: r.added_matching,
        })));
    })?;
    emit(UniStep::Converged {
        rho: cols.value.clone(),
        trees: cols.trees.clone(),
        matchings: cols.matchings.clone(),
        converged: cols.converged,
    });
    let period = gantt::build(&net, s, &cols.trees, &cols.matchings);
    for (index, slot) in period.slots.iter().enumerate() {
        emit(UniStep::FilledSlot {
            index,
            slot: Box::new(slot.clone()),
        });
    }
    let mut sol = empty(s, Status::Optimal, Some(cols.value.clone()), Vec::new());
    if !cols.converged {
        sol.status = Status::Heuristic;
        sol.warnings.push("the column generation stopped at its budget (rounds, or columns its exact master can hold): the throughput is achievable but not proved optimal; the upper bound brackets the optimum".to_owned());
    }
    sol.bounds = UniBounds {
        naive: Some(naive),
        lower: Some(cols.value),
        upper: cols.upper,
    };
    sol.iterations = cols.rounds;
    sol.trees = cols.trees;
    sol.matchings = cols.matchings;
    sol.period = period;
    Ok(sol)
}

/// U0: the naive port-sum LP, its per-node loads and an odd cycle of its support.
fn naive(net: &Net, s: usize, emit: &mut impl FnMut(UniStep)) -> Result<Q, SolveError> {
    let by_trees = (net.n >= WARM_FROM_NODES)
        .then(|| naive::by_trees(net, s))
        .flatten();
    let (rho, usage) = if let Some(found) = by_trees {
        found
    } else {
        let others: Vec<usize> = (0..net.n).filter(|&v| v != s).collect();
        let all = vec![true; net.n];
        let lp = flow::solve(net, s, &others, &all, Share::Max, Ports::PortSum)?;
        let rho = lp.rho.ok_or("internal error: the naive LP is unbounded")?;
        (rho, lp.usage)
    };
    let mut loads = vec![Q::zero(); net.n];
    for (a, n) in net.arcs.iter().zip(&usage) {
        loads[a.from] += &a.c * n;
        loads[a.to] += &a.c * n;
    }
    let support: Vec<usize> = (0..net.arcs.len())
        .filter(|&k| usage[k].is_positive() && !net.arcs[k].c.is_zero())
        .collect();
    emit(UniStep::SolvedNaive {
        rho: rho.clone(),
        loads,
        odd_cycle: odd_cycle(net, &support),
    });
    Ok(rho)
}
