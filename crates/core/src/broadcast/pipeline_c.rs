//! The column-generation face of pipeline B (broadcast.md §3.7, §8.1) for large platforms and
//! the `tree-colgen` algorithm: the starting trees (C1), one step per pricing round (C2.j) and
//! the certified optimum (C3), in place of LP-F (B2) and EXTRACT (B5). The steps after it —
//! flows and cuts per destination (B3.k), usages (B4), trees (B6), period (B8–B10) and
//! comparison (B11) — are the LP path's own (`pipeline.rs`). Its captions are in `step/colgen.rs`.

use super::colgen::{self, reduced_cost, TreeOptimum, MAX_ROUNDS};
use super::lp::{internal, FlowSolution};
use super::pipeline_net::Net;
use super::step::{PricedTree, Step};
use super::{BroadcastError, WeightedTree};

/// Emits C1, C2.j and C3 and returns LP-F's solution read off the optimal trees (flows along
/// the trees' paths, usages, the certified port prices) with the trees themselves.
pub(crate) fn columns(
    net: &Net,
    emit: &mut impl FnMut(Step),
) -> Result<(FlowSolution, Vec<WeightedTree>), BroadcastError> {
    let seeds = colgen::seeds(net.n, &net.arcs, net.source)
        .ok_or_else(|| internal("a reachable platform has no spanning tree"))?;
    let (names, init): (Vec<String>, Vec<Vec<usize>>) = seeds.into_iter().unzip();
    emit(Step::Seeded {
        names,
        columns: init.clone(),
    });
    let (n, seeded) = (net.n, init.len());
    let mut added = 0;
    let opt: TreeOptimum =
        colgen::solve_from(n, &net.arcs, net.source, init, MAX_ROUNDS, &mut |r| {
            added += usize::from(r.added);
            emit(Step::PricedTree(Box::new(PricedTree {
                round: r.iteration,
                tree: r.tree.clone(),
                theta: r.theta.clone(),
                reduced_cost: reduced_cost(&r.theta),
                master: r.lower.clone(),
                upper: r.upper.clone(),
                added: r.added,
                weights: r.weights.clone(),
                out_price: (0..n).map(|v| r.prices[2 * v].clone()).collect(),
                in_price: (0..n).map(|v| r.prices[2 * v + 1].clone()).collect(),
            })));
        })?;
    emit(Step::SolvedColumns {
        rho: opt.rho.clone(),
        trees: opt.trees.clone(),
        rounds: opt.rounds,
        columns: seeded + added,
    });
    let sol = colgen::flow_solution(n, &net.arcs, net.source, &opt);
    Ok((sol, opt.trees))
}
