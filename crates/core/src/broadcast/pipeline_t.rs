//! Pipeline T of broadcast.md §8.4 for one baseline: its tree or overlay routes, per-node
//! loads, the bottleneck port and `ρ = 1 / max load`; the Gantt chart too when the routes form
//! a spanning tree used once per arc (bidirectional model). Under the unidirectional model the
//! loads are `out + in` and `ρ = 1/χ` (König on bipartite supports, matchings otherwise:
//! `baseline_uni`). An overlay with a logical edge that has no route ("n/a" in §9) is a result
//! with status `infeasible` and the reason, not an error.

use num_traits::{One, Signed, Zero};

use super::baseline::{self, Baseline, Overlay};
use super::baseline_uni;
use super::extract::check_arborescence;
use super::lp::{self, internal, port_loads};
use super::pipeline_net::Net;
use super::pipeline_s::schedule_steps;
use super::step::Step;
use super::{Bounds, BroadcastError, BroadcastSolution, PortLoads, Status, WeightedTree};
use crate::rational::Q;

/// Pipeline T (§8.4) for one baseline: its tree or routes, loads, bottleneck, throughput; the
/// period too when the routes form a spanning tree used once per arc. The LP-guided trees of
/// §7.4 are picked among `guide`'s trees (the LP pipeline's run, which the caller makes).
pub(crate) fn run_baseline(
    net: &Net,
    name: &str,
    budget: u64,
    uni: bool,
    guide: Option<&BroadcastSolution>,
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
            let (tree, done) = baseline::best_tree_in(n, arcs, s, budget, uni, &mut on_better)
                .ok_or_else(unreachable_err)?;
            complete = Some(done);
            ends(tree)
        }
        "greedy-tree" => {
            ends(baseline::greedy_tree_in(n, arcs, s, uni).ok_or_else(unreachable_err)?)
        }
        "spt" => ends(baseline::spt(n, arcs, s).ok_or_else(unreachable_err)?),
        "lp-heaviest-tree" | "lp-usage-tree" => {
            let lp = guide.ok_or_else(|| internal("an LP-guided tree needs the LP's trees"))?;
            ends(
                baseline::guided_tree(name, n, arcs, s, &lp.trees, &lp.arc_usage)
                    .ok_or_else(unreachable_err)?,
            )
        }
        _ => {
            let kind = match name {
                "star" => Overlay::Star,
                "chain" => Overlay::Chain,
                _ => Overlay::Binomial,
            };
            let names = |v: usize| net.names[v].clone();
            match baseline::overlay(kind, n, arcs, s, &names) {
                Ok(routes) => routes,
                Err(why) => return Ok(undefined(net, name, &why.to_string(), emit)),
            }
        }
    };
    let multiplicity = baseline::multiplicity(arcs.len(), &routes);
    emit(Step::Routed {
        name: name.to_owned(),
        logical: logical.clone(),
        routes: routes.clone(),
        multiplicity: multiplicity.clone(),
    });
    let (load, bottleneck) = baseline::max_load_in(n, arcs, &multiplicity, uni);
    if !load.is_positive() {
        return Err(internal("a baseline sends nothing"));
    }
    let colouring = if uni {
        Some(
            baseline_uni::colouring(n, arcs, &multiplicity)
                .map_err(|e| internal(&e.to_string()))?,
        )
    } else {
        None
    };
    let rho = colouring.as_ref().map_or(&load, |c| &c.chi).recip();
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
    if let Some(c) = &colouring {
        emit(Step::Coloured {
            chi: c.chi.clone(),
            bipartite: c.bipartite,
            odd_cycle: c.odd_cycle.clone(),
            matchings: c.matchings.clone(),
        });
    }
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
    // A baseline that is a tree gets its Gantt chart too (states B8–B10 after T); under the
    // unidirectional model, the slots of its matchings instead.
    let period = if is_tree && !uni {
        schedule_steps(net, &trees, emit)?
    } else {
        None
    };
    // Under the unidirectional model a tree gets the §6.6 period: its matchings as slots.
    let uni_period = match (&colouring, trees.first()) {
        (Some(c), Some(tree)) => uni_slots(n, arcs, s, tree, c, emit),
        _ => None,
    };
    let (out, inn) = port_loads(n, arcs, &arc_usage);
    debug_assert!(out.iter().zip(&inn).all(|(o, i)| if uni {
        o + i <= Q::one()
    } else {
        *o <= Q::one() && *i <= Q::one()
    }));
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
            reason: None,
            colouring,
            unidirectional_period: uni_period,
        }),
    })
}

/// The unidirectional period of a baseline tree (§6.6), one step per slot.
fn uni_slots(
    n: usize,
    arcs: &[crate::platform::Arc],
    s: usize,
    tree: &WeightedTree,
    c: &baseline_uni::Colouring,
    emit: &mut impl FnMut(Step),
) -> Option<super::unidirectional::Period> {
    let period = super::baseline_gantt::tree_period(n, arcs, s, tree, c)?;
    for (index, slot) in period.slots.iter().enumerate() {
        emit(Step::UniSlot {
            index,
            slot: slot.clone(),
            length: period.length.clone(),
        });
    }
    Some(period)
}

/// An overlay that is not defined on this platform (§7.3: no route for a logical edge, "n/a"
/// in §9): status `infeasible`, throughput 0, and the reason.
fn undefined(
    net: &Net,
    name: &str,
    reason: &str,
    emit: &mut impl FnMut(Step),
) -> BroadcastSolution {
    emit(Step::Undefined {
        name: name.to_owned(),
        reason: reason.to_owned(),
    });
    let (n, m) = (net.n, net.arcs.len());
    let quick = lp::quick_bounds(n, &net.arcs, net.source);
    BroadcastSolution {
        algorithm: name.to_owned(),
        status: Status::Infeasible,
        throughput: Some(Q::zero()),
        trees: Vec::new(),
        arc_usage: vec![Q::zero(); m],
        port_loads: PortLoads {
            out: vec![Q::zero(); n],
            inn: vec![Q::zero(); n],
        },
        period: None,
        bounds: Bounds {
            upper: quick.iter().map(|b| b.value.clone()).min(),
            quick,
            lower: None,
        },
        unreachable: Vec::new(),
        lp: None,
        cuts: Vec::new(),
        baseline: Some(Baseline {
            name: name.to_owned(),
            logical: Vec::new(),
            routes: Vec::new(),
            multiplicity: vec![0; m],
            bottleneck: None,
            complete: None,
            reason: Some(reason.to_owned()),
            colouring: None,
            unidirectional_period: None,
        }),
    }
}
