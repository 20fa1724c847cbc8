//! Pipeline T of broadcast.md §8.4 for one baseline: its tree or overlay routes, per-node
//! loads, the bottleneck port and `ρ = 1 / max load`; the Gantt chart too when the routes form
//! a spanning tree used once per arc.

use num_traits::{One, Signed};

use super::baseline::{self, Baseline, Overlay};
use super::extract::check_arborescence;
use super::lp::{self, internal, port_loads};
use super::pipeline::{schedule_steps, Net};
use super::step::Step;
use super::{Bounds, BroadcastError, BroadcastSolution, PortLoads, Status, WeightedTree};
use crate::rational::Q;

/// Pipeline T (§8.4) for one baseline: its tree or routes, loads, bottleneck, throughput; the
/// period too when the routes form a spanning tree used once per arc.
pub(crate) fn run_baseline(
    net: &Net,
    name: &str,
    budget: u64,
    emit: &mut impl FnMut(Step),
) -> Result<BroadcastSolution, BroadcastError> {
    let (n, arcs, s) = (net.n, net.arcs.as_slice(), net.source);
    let ends = |tree: Vec<usize>| -> (Vec<(usize, usize)>, Vec<Vec<usize>>) {
        (
            tree.iter().map(|&e| (arcs[e].from, arcs[e].to)).collect(),
            tree.iter().map(|&e| vec![e]).collect(),
        )
    };
    let unreachable_err = || internal("a reachable platform has no spanning tree");
    let mut complete = None;
    let (logical, routes) = match name {
        "best-tree" => {
            let mut on_better = |t: &[usize], rho: &Q| {
                emit(Step::Improved {
                    arcs: t.to_vec(),
                    throughput: rho.clone(),
                });
            };
            let (tree, done) = baseline::best_tree(n, arcs, s, budget, &mut on_better)
                .ok_or_else(unreachable_err)?;
            complete = Some(done);
            ends(tree)
        }
        "greedy-tree" => ends(baseline::greedy_tree(n, arcs, s).ok_or_else(unreachable_err)?),
        "spt" => ends(baseline::spt(n, arcs, s).ok_or_else(unreachable_err)?),
        _ => {
            let kind = match name {
                "star" => Overlay::Star,
                "chain" => Overlay::Chain,
                _ => Overlay::Binomial,
            };
            let names = |v: usize| net.names[v].clone();
            baseline::overlay(kind, n, arcs, s, &names)
                .map_err(|e| BroadcastError::NotApplicable(e.to_string()))?
        }
    };
    let multiplicity = baseline::multiplicity(arcs.len(), &routes);
    emit(Step::Routed {
        name: name.to_owned(),
        logical: logical.clone(),
        routes: routes.clone(),
        multiplicity: multiplicity.clone(),
    });
    let (load, bottleneck) = baseline::max_load(n, arcs, &multiplicity);
    let rho = if load.is_positive() {
        load.recip()
    } else {
        return Err(internal("a baseline sends nothing"));
    };
    let arc_usage: Vec<Q> = multiplicity
        .iter()
        .map(|&m| Q::from_integer(m.into()) * &rho)
        .collect();
    let unit: Vec<Q> = multiplicity
        .iter()
        .map(|&m| Q::from_integer(m.into()))
        .collect();
    let (uo, ui) = port_loads(n, arcs, &unit);
    emit(Step::Loaded {
        out: uo,
        inn: ui,
        bottleneck,
        throughput: Some(rho.clone()),
    });
    let support: Vec<usize> = (0..arcs.len()).filter(|&e| multiplicity[e] > 0).collect();
    let is_tree =
        multiplicity.iter().all(|&m| m <= 1) && check_arborescence(n, arcs, s, &support).is_ok();
    let trees = if is_tree {
        vec![WeightedTree {
            arcs: support,
            weight: rho.clone(),
        }]
    } else {
        Vec::new()
    };
    // A baseline that is a tree gets its Gantt chart too (states B8–B10 after T).
    let period = if is_tree {
        schedule_steps(net, &trees, emit)?
    } else {
        None
    };
    let (out, inn) = port_loads(n, arcs, &arc_usage);
    debug_assert!(out.iter().chain(&inn).all(|l| *l <= Q::one()));
    let quick = lp::quick_bounds(n, arcs, s);
    let bounds = Bounds {
        upper: quick.iter().map(|b| b.value.clone()).min(),
        quick,
        lower: Some(rho.clone()),
    };
    Ok(BroadcastSolution {
        algorithm: name.to_owned(),
        status: Status::Heuristic,
        throughput: Some(rho),
        trees,
        arc_usage,
        port_loads: PortLoads { out, inn },
        period,
        bounds,
        unreachable: Vec::new(),
        lp: None,
        cuts: Vec::new(),
        baseline: Some(Baseline {
            name: name.to_owned(),
            logical,
            routes,
            multiplicity,
            bottleneck,
            complete,
        }),
    })
}
