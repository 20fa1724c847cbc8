//! Pipeline M (broadcast.md §8.3): targets, UB, LB, H1, H2, the exact method when asked, and
//! the reported scheme. One `run` serves the entry points, [`solve_multicast`],
//! [`solve_multicast_traced`] and [`solve_multicast_within`] (size limits, trace or not).

use num_traits::{Signed, Zero};

use super::arborescence::{min_arborescence, tree_colgen, TreeColumns};
use super::flow::{self, Ports, Share};
use super::heuristics::{self, Outcome};
use super::net::{Net, Objective, Status};
use super::steiner::min_steiner;
use super::step::{MulticastStep, TargetFlow};
use super::{
    over_limits, Algorithm, MulticastBounds, MulticastSolution, Scheme, SchemeKind,
    EXACT_MAX_NODES, EXACT_MAX_TARGETS,
};
use crate::broadcast::WeightedTree;
use crate::error::SolveError;
use crate::family::Limits;
use crate::platform::Platform;
use crate::rational::Q;
use crate::trace::{Trace, Traced};

/// Checks indices and sizes; returns `D` (sorted, without `s`) and the warnings.
fn targets_of(
    p: &Platform,
    s: usize,
    targets: &[usize],
    limits: Limits,
) -> Result<(Vec<usize>, Vec<String>), SolveError> {
    let n = p.nodes.len();
    if s >= n {
        return Err(
            format!("the source index {s} is out of range (the platform has {n} nodes)").into(),
        );
    }
    if let Some(t) = targets.iter().find(|&&t| t >= n) {
        return Err(
            format!("the target index {t} is out of range (the platform has {n} nodes)").into(),
        );
    }
    if limits == Limits::Default {
        if let Some(why) = over_limits(n, p.arcs().len()) {
            return Err(SolveError::TooLarge(why));
        }
    }
    let mut d: Vec<usize> = targets.to_vec();
    d.sort_unstable();
    d.dedup();
    let mut warnings = Vec::new();
    if d.contains(&s) {
        d.retain(|&t| t != s);
        warnings.push(format!(
            "the source {} was listed as a target and has been removed from the targets",
            p.nodes[s].id
        ));
    }
    Ok((d, warnings))
}

/// Multicast from `source` to `targets` on `platform` with one of the algorithms of §0.1
/// (`lp`, `multicast-scatter`, `multicast-pruned`, `multicast-augmented`, `multicast-exact`).
///
/// Reference: O. Beaumont, HDR thesis §5.3; broadcast.md §5.
///
/// # Complexity
/// Two LP-F solves for the bounds; `O(|V|²)` LP-F solves per heuristic; the exact method is
/// exponential in `|D|` (Dreyfus–Wagner pricing) and limited to `|D| ≤ 10`, `|V| ≤ 20`.
///
/// # Errors
/// An unknown algorithm, a source or target index out of range, a platform over the size
/// limits, or an LP failure, as a sentence.
pub fn solve_multicast(
    platform: &Platform,
    source: usize,
    targets: &[usize],
    algorithm: &str,
) -> Result<MulticastSolution, SolveError> {
    solve_multicast_within(platform, source, targets, algorithm, Limits::Default, false)
        .map(|t| t.solution)
}

/// As [`solve_multicast`], with the steps of pipeline M.
///
/// # Errors
/// As [`solve_multicast`].
pub fn solve_multicast_traced(
    platform: &Platform,
    source: usize,
    targets: &[usize],
    algorithm: &str,
) -> Result<Traced<MulticastSolution, MulticastStep>, SolveError> {
    solve_multicast_within(platform, source, targets, algorithm, Limits::Default, true)
}

/// As [`solve_multicast_traced`] under the given size [`Limits`] ([`Limits::Lifted`]: no node
/// or arc limit for the bounds and heuristics); `traced: false` records no step.
///
/// # Errors
/// As [`solve_multicast`].
pub fn solve_multicast_within(
    platform: &Platform,
    source: usize,
    targets: &[usize],
    algorithm: &str,
    limits: Limits,
    traced: bool,
) -> Result<Traced<MulticastSolution, MulticastStep>, SolveError> {
    let algorithm = Algorithm::from_name(algorithm)?;
    let mut trace = Trace::default();
    let solution = run(platform, source, targets, (algorithm, limits), &mut |s| {
        if traced {
            trace.push(s);
        }
    })?;
    Ok(Traced { solution, trace })
}

fn run(
    p: &Platform,
    s: usize,
    targets: &[usize],
    (algorithm, limits): (Algorithm, Limits),
    emit: &mut impl FnMut(MulticastStep),
) -> Result<MulticastSolution, SolveError> {
    let (d, warnings) = targets_of(p, s, targets, limits)?;
    let net = Net::from_platform(p);
    let all = vec![true; net.n];
    let reach = net.reach(s, &all);
    let unreachable: Vec<usize> = d.iter().copied().filter(|&t| !reach[t]).collect();
    emit(MulticastStep::Targeted {
        targets: d.clone(),
        dropped_source: !warnings.is_empty(),
        unreachable: unreachable.clone(),
    });
    let mut sol = MulticastSolution {
        algorithm,
        status: Status::Unbounded,
        objective: Objective::throughput(None),
        throughput: None,
        source: s,
        targets: d.clone(),
        unreachable: unreachable.clone(),
        warnings,
        bounds: MulticastBounds::default(),
        scheme: None,
        trees: Vec::new(),
        period: None,
    };
    if d.is_empty() {
        emit(MulticastStep::Summarised {
            chosen: SchemeKind::Scatter,
            rho: None,
        });
        return Ok(sol);
    }
    if !unreachable.is_empty() {
        sol.status = Status::Infeasible;
        sol.throughput = Some(Q::zero());
        sol.objective = Objective::throughput(sol.throughput.as_ref());
        return Ok(sol);
    }
    if algorithm == Algorithm::MulticastExact
        && (d.len() > EXACT_MAX_TARGETS || net.n > EXACT_MAX_NODES)
    {
        return Err(format!(
            "the exact multicast method is limited to {EXACT_MAX_TARGETS} targets and {EXACT_MAX_NODES} nodes (this instance has {} targets and {} nodes); use lp for bounds and heuristics",
            d.len(),
            net.n
        ).into());
    }
    let schemes = compute(&net, s, &d, &reach, algorithm, &mut sol.bounds, emit)?;
    report(&net, s, &d, algorithm, schemes, &mut sol, emit)?;
    // M6: the chosen scheme's periodic schedule (§4 applies to any weighted arborescences
    // rooted at s, spanning or Steiner); scatter has no trees and no Gantt chart.
    if !sol.trees.is_empty() {
        let arcs = p.arcs();
        let period = crate::broadcast::schedule::build(net.n, &arcs, s, &sol.trees)
            .map_err(|e| SolveError::Failed(e.to_string()))?;
        if let Some(period) = &period {
            emit(MulticastStep::Scheduled {
                period: Box::new(period.clone()),
            });
        }
        sol.period = period;
    }
    Ok(sol)
}

/// Every candidate scheme computed, in the tie order of the report (H1, H2, exact, scatter).
struct Candidates {
    lower: (Q, Vec<Q>),
    pruned: Option<Outcome>,
    augmented: Option<Outcome>,
    exact: Option<TreeColumns>,
}

fn compute(
    net: &Net,
    s: usize,
    d: &[usize],
    reach: &[bool],
    algorithm: Algorithm,
    bounds: &mut MulticastBounds,
    emit: &mut impl FnMut(MulticastStep),
) -> Result<Candidates, SolveError> {
    let upper = flow::solve(net, s, d, reach, Share::Max, Ports::Bidirectional)?;
    let rho_up = upper.rho.clone().unwrap_or_else(Q::zero);
    emit(MulticastStep::SolvedUpper {
        rho: rho_up.clone(),
        usage: upper.usage.clone(),
        flows: upper
            .flows
            .iter()
            .map(|(t, f)| TargetFlow {
                target: *t,
                flow: f.clone(),
            })
            .collect(),
    });
    let lower = flow::solve(net, s, d, reach, Share::Sum, Ports::Bidirectional)?;
    let rho_low = lower.rho.clone().unwrap_or_else(Q::zero);
    emit(MulticastStep::SolvedLower {
        rho: rho_low.clone(),
        usage: lower.usage.clone(),
    });
    bounds.upper = Some(rho_up);
    bounds.lower = Some(rho_low.clone());
    let mut is_target = vec![false; net.n];
    for &t in d {
        is_target[t] = true;
    }
    let use_h1 = matches!(
        algorithm,
        Algorithm::Lp | Algorithm::MulticastPruned | Algorithm::MulticastExact
    );
    let use_h2 = matches!(
        algorithm,
        Algorithm::Lp | Algorithm::MulticastAugmented | Algorithm::MulticastExact
    );
    let pruned = if use_h1 {
        Some(heuristics::pruned(net, s, &is_target, reach, emit)?)
    } else {
        None
    };
    if let Some(h) = &pruned {
        bounds.pruned = Some(h.value.clone());
        bounds.broadcast = Some(h.start.clone());
    }
    let augmented = if use_h2 {
        Some(heuristics::augmented(net, s, &is_target, reach, emit)?)
    } else {
        None
    };
    bounds.augmented = augmented.as_ref().map(|h| h.value.clone());
    let exact = if algorithm == Algorithm::MulticastExact {
        Some(exact(net, s, d, reach, emit)?)
    } else {
        None
    };
    bounds.exact = exact.as_ref().map(|e| e.value.clone());
    Ok(Candidates {
        lower: (rho_low, lower.usage),
        pruned,
        augmented,
        exact,
    })
}

/// M5: column generation over Steiner trees with Dreyfus–Wagner pricing.
fn exact(
    net: &Net,
    s: usize,
    d: &[usize],
    reach: &[bool],
    emit: &mut impl FnMut(MulticastStep),
) -> Result<TreeColumns, SolveError> {
    let mut keep = vec![false; net.n];
    for &t in d {
        keep[t] = true;
    }
    let init = net.prune(&net.bfs_tree(s, reach), &keep);
    let cols = tree_colgen(net, vec![init], |w| min_steiner(net, s, d, w), &mut |r| {
        emit(MulticastStep::ExactRound {
            iteration: r.iteration,
            lower: r.lower,
            upper: r.upper,
            tree: r.tree,
            theta: r.theta,
            added: r.added,
        });
    })?;
    emit(MulticastStep::ExactSolved {
        rho: cols.value.clone(),
        trees: cols.trees.clone(),
        converged: cols.converged,
    });
    Ok(cols)
}

/// Trees of an optimal broadcast on `G[V']` (column generation with spanning pricing, §3.7).
fn broadcast_trees(net: &Net, s: usize, nodes: &[bool]) -> Result<Vec<WeightedTree>, SolveError> {
    let init = net.bfs_tree(s, nodes);
    let cols = tree_colgen(
        net,
        vec![init],
        |w| min_arborescence(net, s, w, nodes),
        &mut |_| {},
    )?;
    Ok(cols.trees)
}

fn usage_of(net: &Net, trees: &[WeightedTree]) -> Vec<Q> {
    let mut u = vec![Q::zero(); net.arcs.len()];
    for t in trees {
        for &k in &t.arcs {
            u[k] += &t.weight;
        }
    }
    u
}

fn nodes_of(net: &Net, s: usize, usage: &[Q]) -> Vec<usize> {
    let mut on = vec![false; net.n];
    on[s] = true;
    for (a, u) in net.arcs.iter().zip(usage) {
        if u.is_positive() {
            on[a.from] = true;
            on[a.to] = true;
        }
    }
    (0..net.n).filter(|&v| on[v]).collect()
}

/// M6: picks the scheme the algorithm reports and fills the solution.
fn report(
    net: &Net,
    s: usize,
    d: &[usize],
    algorithm: Algorithm,
    c: Candidates,
    sol: &mut MulticastSolution,
    emit: &mut impl FnMut(MulticastStep),
) -> Result<(), SolveError> {
    let heur = |o: &Option<Outcome>| o.as_ref().map(|h| h.value.clone());
    let kind = match algorithm {
        Algorithm::MulticastScatter => SchemeKind::Scatter,
        Algorithm::MulticastPruned => SchemeKind::Pruned,
        Algorithm::MulticastAugmented => SchemeKind::Augmented,
        Algorithm::MulticastExact => SchemeKind::Exact,
        Algorithm::Lp => {
            // Ties prefer the tree schemes (H1, then H2), which the page can draw as trees.
            let (h1, h2) = (
                heur(&c.pruned).unwrap_or_else(Q::zero),
                heur(&c.augmented).unwrap_or_else(Q::zero),
            );
            if h1 >= h2 && h1 >= c.lower.0 {
                SchemeKind::Pruned
            } else if h2 >= c.lower.0 {
                SchemeKind::Augmented
            } else {
                SchemeKind::Scatter
            }
        }
    };
    let mut optimal = false;
    let (rho, trees, usage, nodes) = match kind {
        SchemeKind::Scatter => (c.lower.0.clone(), Vec::new(), c.lower.1.clone(), None),
        SchemeKind::Exact => {
            let e = c
                .exact
                .ok_or("internal error: the exact method did not run")?;
            let u = usage_of(net, &e.trees);
            optimal = e.converged;
            if !e.converged {
                sol.warnings.push("the exact method reached its iteration cap: the value is achievable but not proved optimal".to_owned());
            }
            (e.value, e.trees, u, None)
        }
        SchemeKind::Pruned | SchemeKind::Augmented => {
            let h = if kind == SchemeKind::Pruned {
                c.pruned
            } else {
                c.augmented
            };
            let h = h.ok_or("internal error: the heuristic did not run")?;
            let trees = if h.value.is_positive() {
                broadcast_trees(net, s, &h.nodes)?
            } else {
                Vec::new()
            };
            let u = usage_of(net, &trees);
            let members = (0..net.n).filter(|&v| h.nodes[v]).collect();
            (h.value, trees, u, Some(members))
        }
    };
    sol.status = if optimal {
        Status::Optimal
    } else {
        Status::Heuristic
    };
    let nodes = nodes.unwrap_or_else(|| nodes_of(net, s, &usage));
    debug_assert!(d.iter().all(|t| nodes.contains(t)) || rho.is_zero());
    sol.throughput = Some(rho.clone());
    sol.objective = Objective::throughput(Some(&rho));
    sol.scheme = Some(Scheme {
        kind,
        nodes,
        arc_usage: usage,
    });
    sol.trees = trees;
    emit(MulticastStep::Summarised {
        chosen: kind,
        rho: Some(rho),
    });
    Ok(())
}
