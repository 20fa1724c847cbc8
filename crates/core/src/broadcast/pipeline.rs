//! The private `run` behind [`super::solve`] and [`super::solve_traced`]: pipeline B of
//! broadcast.md §8.1 (check, quick bounds, LP-F, cuts, usages, EXTRACT, trees, period, slots,
//! comparison) for `lp`, and pipeline T of §8.4 (tree or routes, loads, bottleneck) for the
//! baselines.

use num_traits::{Signed, Zero};

use super::baseline::{self, BEST_TREE_BUDGET};
use super::colgen::use_columns;
use super::extract::extract;
use super::lp::{self, internal, port_loads, Sharing};
use super::pipeline_net::Net;
use super::pipeline_s::schedule_steps;
use super::pipeline_t::run_baseline;
use super::step::{Comparison, Step};
use super::{
    Bounds, BroadcastError, BroadcastInput, BroadcastSolution, PortLoads, PortModel, SizeLimits,
    Status, WeightedTree,
};
use crate::graph::reachable;
use crate::rational::Q;

/// Search budget of the best tree inside the LP pipeline's comparison chart (B11): small, so
/// that the chart never dominates the LP; the `best-tree` algorithm itself uses
/// [`BEST_TREE_BUDGET`].
pub const COMPARE_BUDGET: u64 = 100_000;

/// The algorithm forcing column generation on LP-T (§0.1, §3.7) at any size.
pub const TREE_COLGEN: &str = "tree-colgen";

/// Search budget of the comparison chart's best tree on platforms large enough for column
/// generation ([`use_columns`]). Measured natively in release on seeded random platforms with
/// four arcs per node: 100 000 search nodes take 91, 123 and 75 ms at 20, 40 and 50 nodes
/// (more than the column generation itself up to 40 nodes), 10 000 take 9, 9 and 8 ms.
pub const LARGE_COMPARE_BUDGET: u64 = 10_000;

/// The best-tree budget of the comparison chart: [`COMPARE_BUDGET`] on the platforms that
/// LP-F solves (the search rarely needs it there: 0.5 to 2 ms at 10 to 13 nodes),
/// [`LARGE_COMPARE_BUDGET`] above, so that the chart never dominates the pipeline.
#[must_use]
pub fn compare_budget(n: usize, m: usize) -> u64 {
    if use_columns(n, m) {
        LARGE_COMPARE_BUDGET
    } else {
        COMPARE_BUDGET
    }
}

/// The baselines of the comparison chart, in display order.
pub const BASELINES: &[&str] = &[
    "best-tree",
    "greedy-tree",
    "spt",
    "star",
    "chain",
    "binomial",
];

/// The LP-guided single trees of §7.4, evaluated like baselines after the LP pipeline: the
/// heaviest tree of the decomposition, and the maximum-usage arborescence (Chu–Liu/Edmonds on
/// the usages `n_e`).
pub const GUIDED: &[&str] = &["lp-heaviest-tree", "lp-usage-tree"];

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
    let uni = input.port_model == PortModel::Unidirectional;
    let lp_pipeline = algorithm == "lp" || algorithm == TREE_COLGEN;
    if uni && lp_pipeline {
        return Err(BroadcastError::OtherPipeline(
            "the unidirectional one-port model (broadcast.md §6)".to_owned(),
        ));
    }
    if input.targets.is_some() {
        return Err(BroadcastError::OtherPipeline(
            "multicast targets (broadcast.md §5)".to_owned(),
        ));
    }
    let guided = GUIDED.contains(&algorithm);
    if !lp_pipeline && !guided && !BASELINES.contains(&algorithm) {
        return Err(BroadcastError::UnknownAlgorithm(algorithm.to_owned()));
    }
    let net = Net {
        n,
        arcs: p.arcs(),
        source: input.source,
        names: p.nodes.iter().map(|v| v.id.to_string()).collect(),
    };
    if (lp_pipeline || guided) && (n > limits.max_nodes || net.arcs.len() > limits.max_arcs) {
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
        return run_lp(&net, algorithm, emit);
    }
    // §7.4: an LP-guided tree is one of the LP's own trees.
    let guide = if guided {
        Some(run_lp(&net, "lp", &mut |_| {})?)
    } else {
        None
    };
    run_baseline(&net, algorithm, BEST_TREE_BUDGET, uni, guide.as_ref(), emit)
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

/// Pipeline B (§8.1): LP-F then EXTRACT, or column generation on LP-T (§3.7) for
/// `tree-colgen` and for platforms where LP-F would be large ([`use_columns`]).
pub(super) fn run_lp(
    net: &Net,
    algorithm: &str,
    emit: &mut impl FnMut(Step),
) -> Result<BroadcastSolution, BroadcastError> {
    let mut bounds = quick(net, emit);
    let (sol, found) = if algorithm == TREE_COLGEN || use_columns(net.n, net.arcs.len()) {
        let (sol, trees) = super::pipeline_c::columns(net, emit)?;
        (sol, Some(trees))
    } else {
        let sol = lp::solve_flow_lp(net.n, &net.arcs, net.source, &net.dests(), Sharing::Max)?;
        emit(Step::SolvedLp {
            rho: sol.rho.clone(),
        });
        (sol, None)
    };
    let rho = sol.rho.clone();
    let cuts = show_usage(net, &sol, emit)?;
    let trees: Vec<WeightedTree> = match found {
        Some(trees) => trees,
        None => extract(net.n, &net.arcs, net.source, &sol.usage, emit)?
            .iter()
            .map(super::extract::Extracted::tree)
            .collect(),
    };
    // §3.5: a basic solution of LP-T over the extracted trees keeps at most 2|V| of them.
    let trees = if trees.len() > 2 * net.n {
        compacted(net, trees, &rho, emit)
    } else {
        trees
    };
    super::verify_trees(net.n, &net.arcs, net.source, &trees, &rho)
        .map_err(|e| internal(&e.to_string()))?;
    emit(collected(net, &trees, &rho));
    let period = schedule_steps(net, &trees, emit)?;
    let mut entries = compare(net);
    entries.extend(guided_entries(net, &trees));
    bounds.lower = entries
        .iter()
        .find(|c| c.name == "greedy-tree")
        .and_then(|c| c.throughput.clone());
    emit(Step::Compared { entries });
    let arc_usage = usage_of(net.arcs.len(), &trees);
    let (out, inn) = port_loads(net.n, &net.arcs, &arc_usage);
    Ok(BroadcastSolution {
        algorithm: algorithm.to_owned(),
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

/// B7 (§3.5): LP-T over `trees` keeps at most `2|V|` of them; the step says so when it
/// changed them (the trees unchanged when the exact simplex gives up).
fn compacted(
    net: &Net,
    trees: Vec<WeightedTree>,
    rho: &Q,
    emit: &mut impl FnMut(Step),
) -> Vec<WeightedTree> {
    match super::compact::compact(net.n, &net.arcs, &trees, rho) {
        Ok(kept) => {
            emit(Step::Compacted {
                before: trees.len(),
                trees: kept.clone(),
                total: kept.iter().map(|t| &t.weight).sum(),
            });
            kept
        }
        Err(_) => trees,
    }
}

/// B3.k and B4: a minimum cut per destination for the usages (checked to be `ρ*`, §3.8), the
/// flows, and the usages with their port loads.
fn show_usage(
    net: &Net,
    sol: &lp::FlowSolution,
    emit: &mut impl FnMut(Step),
) -> Result<Vec<lp::DestinationCut>, BroadcastError> {
    let rho = &sol.rho;
    let cuts = lp::destination_cuts(net.n, &net.arcs, net.source, &net.dests(), &sol.usage, rho)?;
    // §3.8: the exact min-cut of the tightened usages must be ρ* itself.
    if cuts.iter().map(|c| &c.value).min() != Some(rho) {
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
        out,
        inn,
    });
    Ok(cuts)
}

/// B11: every baseline's throughput, the best tree searched within [`compare_budget`]; `None`
/// ("n/a", §9) for an overlay not defined on this platform.
fn compare(net: &Net) -> Vec<Comparison> {
    BASELINES
        .iter()
        .map(|name| Comparison {
            name: (*name).to_owned(),
            throughput: run_baseline(
                net,
                name,
                compare_budget(net.n, net.arcs.len()),
                false,
                None,
                &mut |_| {},
            )
            .ok()
            .filter(|s| s.status != Status::Infeasible)
            .and_then(|s| s.throughput),
        })
        .collect()
}

/// The LP-guided trees of §7.4 for the comparison, from the pipeline's own trees.
fn guided_entries(net: &Net, trees: &[WeightedTree]) -> Vec<Comparison> {
    let usage = usage_of(net.arcs.len(), trees);
    GUIDED
        .iter()
        .map(|name| Comparison {
            name: (*name).to_owned(),
            throughput: baseline::guided_tree(name, net.n, &net.arcs, net.source, trees, &usage)
                .and_then(|t| baseline::tree_throughput(net.n, &net.arcs, &t)),
        })
        .collect()
}

pub(super) fn usage_of(m: usize, trees: &[WeightedTree]) -> Vec<Q> {
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
