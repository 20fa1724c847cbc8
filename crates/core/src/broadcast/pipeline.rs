//! The private `run` behind [`super::solve`] and [`super::solve_traced`]: pipeline B of
//! broadcast.md §8.1 (check, quick bounds, LP-F, cuts, usages, EXTRACT, trees, period, slots,
//! comparison) for `lp`, and pipeline T of §8.4 (tree or routes, loads, bottleneck) for the
//! baselines.

use num_traits::{One, Signed, Zero};

use super::baseline::{self, Baseline, Overlay, BEST_TREE_BUDGET};
use super::extract::{check_arborescence, extract};
use super::lp::{self, internal, port_loads, Sharing};
use super::schedule::{self, slot_bars};
use super::step::{Comparison, Step};
use super::{
    Bounds, BroadcastError, BroadcastInput, BroadcastSolution, PortLoads, PortModel, SizeLimits,
    Status, WeightedTree,
};
use crate::platform::Arc;
use crate::rational::Q;

/// Search budget of the best tree inside the LP pipeline's comparison chart (B11): small, so
/// that the chart never dominates the LP; the `best-tree` algorithm itself uses
/// [`BEST_TREE_BUDGET`].
pub const COMPARE_BUDGET: u64 = 100_000;

/// The baselines of the comparison chart, in display order.
pub const BASELINES: &[&str] = &[
    "best-tree",
    "greedy-tree",
    "spt",
    "star",
    "chain",
    "binomial",
];

/// The platform as every stage sees it.
pub(crate) struct Net {
    pub n: usize,
    pub arcs: Vec<Arc>,
    pub source: usize,
    pub names: Vec<String>,
}

impl Net {
    fn dests(&self) -> Vec<usize> {
        (0..self.n).filter(|&v| v != self.source).collect()
    }
}

/// Nodes reachable from `source`, through every arc or through 0-cost arcs only.
fn reachable(n: usize, arcs: &[Arc], source: usize, zero_only: bool) -> Vec<bool> {
    let mut seen = vec![false; n];
    seen[source] = true;
    let mut stack = vec![source];
    while let Some(u) = stack.pop() {
        for a in arcs
            .iter()
            .filter(|a| a.from == u && (!zero_only || a.c.is_zero()))
        {
            if !seen[a.to] {
                seen[a.to] = true;
                stack.push(a.to);
            }
        }
    }
    seen
}

pub(crate) fn run(
    input: &BroadcastInput,
    algorithm: &str,
    limits: &SizeLimits,
    emit: &mut impl FnMut(Step),
) -> Result<BroadcastSolution, BroadcastError> {
    let p = &input.platform;
    let n = p.nodes.len();
    if n == 0 {
        return Err(BroadcastError::BadInput(
            "the platform has no nodes".to_owned(),
        ));
    }
    if input.source >= n {
        return Err(BroadcastError::BadInput(format!(
            "the source must be one of the {n} nodes"
        )));
    }
    if input.port_model == PortModel::Unidirectional {
        return Err(BroadcastError::NotBuilt(
            "the unidirectional one-port model (broadcast.md §6)".to_owned(),
        ));
    }
    if input.targets.is_some() {
        return Err(BroadcastError::NotBuilt(
            "multicast targets (broadcast.md §5)".to_owned(),
        ));
    }
    let lp_pipeline = algorithm == "lp";
    if !lp_pipeline && !BASELINES.contains(&algorithm) {
        return Err(BroadcastError::UnknownAlgorithm(algorithm.to_owned()));
    }
    let net = Net {
        n,
        arcs: p.arcs(),
        source: input.source,
        names: p.nodes.iter().map(|v| v.id.to_string()).collect(),
    };
    if lp_pipeline && (n > limits.max_nodes || net.arcs.len() > limits.max_arcs) {
        return Err(BroadcastError::TooLarge {
            nodes: n,
            arcs: net.arcs.len(),
            max_nodes: limits.max_nodes,
            max_arcs: limits.max_arcs,
        });
    }
    let reach = reachable(n, &net.arcs, net.source, false);
    let unreachable: Vec<usize> = (0..n).filter(|&v| !reach[v]).collect();
    let unbounded = reachable(n, &net.arcs, net.source, true).iter().all(|&r| r);
    emit(Step::Checked {
        source: net.source,
        unreachable: unreachable.clone(),
        unbounded,
    });
    if unbounded || !unreachable.is_empty() {
        return Ok(degenerate(&net, algorithm, unbounded, unreachable));
    }
    if lp_pipeline {
        run_lp(&net, emit)
    } else {
        run_baseline(&net, algorithm, BEST_TREE_BUDGET, emit)
    }
}

/// The answer when nothing needs computing: unbounded (`+∞`) or infeasible (`0`).
fn degenerate(
    net: &Net,
    algorithm: &str,
    unbounded: bool,
    unreachable: Vec<usize>,
) -> BroadcastSolution {
    let m = net.arcs.len();
    BroadcastSolution {
        algorithm: algorithm.to_owned(),
        status: if unbounded {
            Status::Unbounded
        } else {
            Status::Infeasible
        },
        throughput: (!unbounded).then(Q::zero),
        trees: Vec::new(),
        arc_usage: vec![Q::zero(); m],
        port_loads: PortLoads {
            out: vec![Q::zero(); net.n],
            inn: vec![Q::zero(); net.n],
        },
        period: None,
        bounds: Bounds::default(),
        unreachable,
        lp: None,
        cuts: Vec::new(),
        baseline: None,
    }
}

fn quick(net: &Net, emit: &mut impl FnMut(Step)) -> Bounds {
    let quick = lp::quick_bounds(net.n, &net.arcs, net.source);
    let upper = quick.iter().map(|b| b.value.clone()).min();
    emit(Step::Bounded {
        quick: quick.clone(),
        upper: upper.clone(),
    });
    Bounds {
        quick,
        upper,
        lower: None,
    }
}

/// Pipeline B (§8.1).
fn run_lp(net: &Net, emit: &mut impl FnMut(Step)) -> Result<BroadcastSolution, BroadcastError> {
    let mut bounds = quick(net, emit);
    let dests = net.dests();
    let sol = lp::solve_flow_lp(net.n, &net.arcs, net.source, &dests, Sharing::Max)?;
    let rho = sol.rho.clone();
    emit(Step::SolvedLp { rho: rho.clone() });
    let cuts = lp::destination_cuts(net.n, &net.arcs, net.source, &dests, &sol.usage, &rho)?;
    // §3.8: the exact min-cut of the tightened usages must be ρ* itself.
    if cuts.iter().map(|c| &c.value).min() != Some(&rho) {
        return Err(internal(
            "the minimum cut of the usages differs from the LP optimum",
        ));
    }
    for (flow, cut) in sol.flows.iter().zip(&cuts) {
        emit(Step::ShowedFlow {
            flow: flow.clone(),
            cut: cut.clone(),
        });
    }
    let (out, inn) = port_loads(net.n, &net.arcs, &sol.usage);
    let attained_by = (0..net.arcs.len())
        .map(|e| {
            (sol.usage[e].is_positive())
                .then(|| {
                    sol.flows
                        .iter()
                        .find(|f| f.x[e] == sol.usage[e])
                        .map(|f| f.destination)
                })
                .flatten()
        })
        .collect();
    emit(Step::Tightened {
        usage: sol.usage.clone(),
        attained_by,
        out: out.clone(),
        inn: inn.clone(),
    });
    let extracted = extract(net.n, &net.arcs, net.source, &sol.usage, emit)?;
    let trees: Vec<WeightedTree> = extracted
        .iter()
        .map(super::extract::Extracted::tree)
        .collect();
    super::verify_trees(net.n, &net.arcs, net.source, &trees, &rho).map_err(|e| internal(&e))?;
    emit(collected(net, &trees, &rho));
    let period = schedule_steps(net, &trees, emit)?;
    let entries: Vec<Comparison> = BASELINES
        .iter()
        .map(|name| Comparison {
            name: (*name).to_owned(),
            throughput: run_baseline(net, name, COMPARE_BUDGET, &mut |_| {})
                .ok()
                .and_then(|s| s.throughput),
        })
        .collect();
    bounds.lower = entries
        .iter()
        .find(|c| c.name == "greedy-tree")
        .and_then(|c| c.throughput.clone());
    emit(Step::Compared { entries });
    let arc_usage = usage_of(net.arcs.len(), &trees);
    let (out, inn) = port_loads(net.n, &net.arcs, &arc_usage);
    Ok(BroadcastSolution {
        algorithm: "lp".to_owned(),
        status: Status::Optimal,
        throughput: Some(rho),
        trees,
        arc_usage,
        port_loads: PortLoads { out, inn },
        period,
        bounds,
        unreachable: Vec::new(),
        lp: Some(sol),
        cuts,
        baseline: None,
    })
}

fn usage_of(m: usize, trees: &[WeightedTree]) -> Vec<Q> {
    let mut usage = vec![Q::zero(); m];
    for t in trees {
        for &e in &t.arcs {
            usage[e] += &t.weight;
        }
    }
    usage
}

fn collected(net: &Net, trees: &[WeightedTree], rho: &Q) -> Step {
    let (out_by_tree, in_by_tree) = trees
        .iter()
        .map(|t| {
            port_loads(
                net.n,
                &net.arcs,
                &usage_of(net.arcs.len(), std::slice::from_ref(t)),
            )
        })
        .unzip();
    Step::Collected {
        total: rho.clone(),
        out_by_tree,
        in_by_tree,
    }
}

/// Builds the period and emits B8, B9.k and B10.
fn schedule_steps(
    net: &Net,
    trees: &[WeightedTree],
    emit: &mut impl FnMut(Step),
) -> Result<Option<schedule::Period>, BroadcastError> {
    let Some(period) = schedule::build(net.n, &net.arcs, net.source, trees)? else {
        return Ok(None);
    };
    let lq = Q::from_integer(period.l.clone());
    emit(Step::Counted {
        l: period.l.clone(),
        messages: trees
            .iter()
            .map(|t| (&t.weight * &lq).to_integer())
            .collect(),
        busy: period.busy.clone(),
    });
    for (k, (slot, m)) in period
        .slots
        .iter()
        .zip(&period.decomposition.matchings)
        .enumerate()
    {
        emit(Step::FilledSlot {
            index: k,
            mu: m.mu.clone(),
            slot: slot.clone(),
            bars: slot_bars(&net.arcs, k, slot),
        });
    }
    emit(Step::Scheduled {
        a: period.a.clone(),
        length: period.length.clone(),
        messages: period.messages.iter().sum(),
        max_depth: period.max_depth,
    });
    Ok(Some(period))
}

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
            baseline::overlay(kind, n, arcs, s, &names).map_err(BroadcastError::NotApplicable)?
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
