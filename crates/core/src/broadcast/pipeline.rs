//! The private `run` behind [`super::solve`] and [`super::solve_traced`]: pipeline B of
//! broadcast.md §8.1 (check, quick bounds, LP-F, cuts, usages, EXTRACT, trees, period, slots,
//! comparison) for `lp`, and pipeline T of §8.4 (tree or routes, loads, bottleneck) for the
//! baselines.

use num_traits::{Signed, Zero};

use super::baseline::BEST_TREE_BUDGET;
use super::extract::extract;
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
pub(crate) fn schedule_steps(
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

pub(crate) use super::pipeline_t::run_baseline;
