//! Column generation on LP-T (broadcast.md §2.1, §3.7) for the bidirectional broadcast: the
//! restricted master over weighted spanning arborescences (maximise `Σα` under the `2|V|`
//! port rows) and the pricing by a minimum-cost spanning arborescence rooted at the source for
//! the arc costs `c_uv·(p_u + q_v)`, both reused from [`super::multicast::arborescence`]
//! ([`tree_colgen`], [`min_arborescence`]). Exact rationals throughout: "a tree costs less
//! than 1" is an exact comparison, and the final prices are checked again independently
//! ([`certify`]), so the value returned is `ρ*` with its dual certificate.
//!
//! LP-F has `1 + |E| + (|V|−1)·|E|` variables (10 000 at 50 nodes and 200 arcs), the master
//! only `2|V|` rows and one column per tree generated, which is why the `lp` pipeline switches
//! to this method on large platforms ([`use_columns`]).

use num_traits::{One, Signed, Zero};

use super::baseline;
use super::lp::{internal, DestinationFlow, FlowSolution};
use super::multicast::arborescence::{min_arborescence, tree_colgen, TreeRound};
use super::multicast::net::{Net as PlainNet, NetArc};
use super::{BroadcastError, WeightedTree};
use crate::error::SolveError;
use crate::lp::LpError;
use crate::platform::Arc;
use crate::rational::{frac, Q};

/// The `lp` pipeline solves LP-F (and runs EXTRACT) on platforms of at most this many nodes
/// (and [`LP_F_MAX_VARS`] variables), and column generation above: 8 keeps every example of
/// §9 (at most 7 nodes) and the compaction fixture (B7, 8 nodes) on the teaching path (flows,
/// GROW and Newton steps) whose traces the spec lists. Column generation is faster from 9
/// nodes on (issue 34): `hetlab solve` as a whole process (release, best CPU time of 5, seeds
/// 1–4 of `hetlab gen broadcast --shape random`, four arcs per node), LP-F + EXTRACT against
/// column generation with the float warm start:
///
/// | nodes (LP-F variables) | LP-F + EXTRACT | column generation |
/// |---|---|---|
/// | 5 (101) | 2.3–3.6 ms | 2.0–2.7 ms |
/// | 6 (145) | 2.9–4.4 ms | 2.0–3.3 ms |
/// | 8 (257) | 4.3–8.8 ms | 2.3–6.3 ms |
/// | 9 (325) | 5.6–11.2 ms | 2.5–6.0 ms |
/// | 10 (401) | 6.2–21.1 ms | 3.1–7.6 ms |
/// | 12 (577) | 11.1–18.6 ms | 3.8–5.3 ms |
///
/// (Before, LP-F served up to 600 variables, about 12 nodes: the 10-node platform of `./run
/// bench-highs` took 22 ms, 4× HiGHS.)
pub const LP_F_MAX_NODES: usize = 8;

/// Most LP-F variables of the teaching path (dense platforms of at most [`LP_F_MAX_NODES`]
/// nodes above it use column generation too): LP-F + EXTRACT took 21, 42 and 53 ms at 401,
/// 577 and 677 variables.
pub const LP_F_MAX_VARS: usize = 600;

/// Whether the `lp` pipeline uses column generation on a platform of `n` nodes and `m` arcs:
/// above [`LP_F_MAX_NODES`] nodes or [`LP_F_MAX_VARS`] LP-F variables. Every example of §9 (at
/// most 7 nodes and 101 variables) stays on LP-F + EXTRACT, the teaching path whose traces the
/// spec lists.
#[must_use]
pub fn use_columns(n: usize, m: usize) -> bool {
    n > LP_F_MAX_NODES || super::lp::lp_size(n, m, n.saturating_sub(1)).0 > LP_F_MAX_VARS
}

/// Most pricing rounds of one column generation (a deterministic budget: the core has no
/// clock). Seeded random platforms with four arcs per node needed at most 30 rounds up to 50
/// nodes; dense platforms with decimal costs need more, and each round's exact master grows
/// costly (see [`super::SizeLimits`]), so the loop stops there with the bracket it reached.
pub const MAX_ROUNDS: usize = 50;

/// The optimum of LP-T found by column generation, with its certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeOptimum {
    /// `ρ* = Σα`.
    pub rho: Q,
    /// Trees with `α > 0`, in column order (arcs sorted).
    pub trees: Vec<WeightedTree>,
    /// Final out-port prices `p_v ≥ 0`.
    pub out_price: Vec<Q>,
    /// Final in-port prices `q_v ≥ 0`; `Σ_v (p_v + q_v) = ρ*` and every broadcast tree costs
    /// at least 1 under `c_uv·(p_u + q_v)`: no weighted tree set does better.
    pub in_price: Vec<Q>,
    /// Pricing rounds run (the last one proves optimality).
    pub rounds: usize,
}

pub use super::colgen_warm::WARM_FROM_NODES;

/// The name of the starting trees that the float pass suggested.
pub const FLOAT_SEED: &str = "float";

/// One pricing round, as the trace shows it.
pub type Round = TreeRound;

/// The network the multicast and unidirectional solvers share, for this platform's arcs.
fn plain(n: usize, arcs: &[Arc]) -> PlainNet {
    PlainNet {
        n,
        arcs: arcs
            .iter()
            .map(|a| NetArc {
                from: a.from,
                to: a.to,
                c: a.c.clone(),
            })
            .collect(),
    }
}

/// The first columns of the master, with their names: the greedy load-aware tree, the
/// shortest-path tree (§7.4) and the breadth-first tree (§3.7), without repeats, then from
/// [`WARM_FROM_NODES`] nodes the trees a float pass of the column generation suggests (named
/// [`FLOAT_SEED`]; `colgen_warm.rs`). Starting from good trees saves rounds. `None` when
/// some node is unreachable.
#[must_use]
pub fn seeds(n: usize, arcs: &[Arc], source: usize) -> Option<Vec<(String, Vec<usize>)>> {
    let mut out: Vec<(String, Vec<usize>)> = Vec::new();
    let bfs = plain(n, arcs).bfs_tree(source, &vec![true; n]);
    let candidates = [
        ("greedy-tree", baseline::greedy_tree(n, arcs, source)?),
        ("spt", baseline::spt(n, arcs, source)?),
        ("bfs", bfs),
    ];
    for (name, mut tree) in candidates {
        tree.sort_unstable();
        if tree.len() + 1 == n && !out.iter().any(|(_, t)| *t == tree) {
            out.push((name.to_owned(), tree));
        }
    }
    if n >= WARM_FROM_NODES && !out.is_empty() {
        let mut trees: Vec<Vec<usize>> = out.iter().map(|(_, t)| t.clone()).collect();
        let named = trees.len();
        super::colgen_warm::seed(&plain(n, arcs), source, &mut trees);
        out.extend(trees.drain(named..).map(|t| (FLOAT_SEED.to_owned(), t)));
    }
    Some(out)
}

/// Solves LP-T by column generation from the [`seeds`]; `round` sees every pricing round.
/// Every node must be reachable from `source` and every cost positive (the caller checks).
///
/// Reference: O. Beaumont, HDR thesis §5.2 (LP over broadcast trees, Thm 3.1: at most `2|V|`
/// trees); broadcast.md §3.7; pricing by Chu–Liu/Edmonds (Chu & Liu 1965, Edmonds 1967).
///
/// # Complexity
/// At most [`MAX_ROUNDS`] rounds (observed: at most 30 on random platforms of 50 nodes and
/// 200 arcs), each one exact LP with `2|V|` rows and one column per tree, and one
/// `O(|V|·|E|)` arborescence in rationals.
///
/// # Errors
/// [`BroadcastError::BadInput`] for an unreachable node; [`BroadcastError::Lp`]
/// (`Uncertified`, with the bracket reached) after [`MAX_ROUNDS`] rounds;
/// [`BroadcastError::Internal`] when the LP layer fails or the certificate does not check.
pub fn solve_trees(
    n: usize,
    arcs: &[Arc],
    source: usize,
    round: &mut impl FnMut(&Round),
) -> Result<TreeOptimum, BroadcastError> {
    let init = seeds(n, arcs, source)
        .ok_or_else(|| BroadcastError::BadInput("some node is unreachable".to_owned()))?;
    let init = init.into_iter().map(|(_, t)| t).collect();
    solve_from(n, arcs, source, init, MAX_ROUNDS, round)
}

/// [`solve_trees`] from the given starting trees (spanning arborescences rooted at `source`,
/// arcs sorted; at least one), with at most `max_rounds` pricing rounds.
///
/// # Errors
/// As [`solve_trees`].
pub fn solve_from(
    n: usize,
    arcs: &[Arc],
    source: usize,
    init: Vec<Vec<usize>>,
    max_rounds: usize,
    round: &mut impl FnMut(&Round),
) -> Result<TreeOptimum, BroadcastError> {
    if init.is_empty() || source >= n {
        return Err(internal("the master LP needs a starting tree"));
    }
    let net = plain(n, arcs);
    let all = vec![true; n];
    let mut last: Option<Round> = None;
    let (mut rounds, mut priced) = (0, 0);
    // The shared loop has no round budget of its own: the pricing refuses to price after
    // `max_rounds` rounds, which ends the loop with an error (and no unverified number).
    let cols = tree_colgen(
        &net,
        init,
        |w| {
            priced += 1;
            (priced <= max_rounds)
                .then(|| min_arborescence(&net, source, w, &all))
                .flatten()
        },
        &mut |r| {
            rounds = r.iteration;
            round(&r);
            last = Some(r);
        },
    );
    let bracket = |last: &Option<Round>| {
        last.as_ref().map_or_else(
            || "no bound yet".to_owned(),
            |r| {
                format!(
                    "{} ≤ ρ* ≤ {}",
                    frac(&r.lower),
                    r.upper.as_ref().map_or_else(|| "∞".to_owned(), frac)
                )
            },
        )
    };
    let cols = match cols {
        Ok(cols) if cols.converged => cols,
        _ if priced > max_rounds => {
            return Err(BroadcastError::Lp(LpError::Uncertified {
                float_value: None,
                reason: format!(
                    "the column generation stopped after {max_rounds} rounds with {}",
                    bracket(&last)
                ),
            }))
        }
        Ok(_) => {
            return Err(internal(&format!(
            "the column generation stopped after {rounds} rounds without proving optimality ({})",
            bracket(&last)
        )))
        }
        Err(e) => return Err(internal(&e.to_string())),
    };
    let last = last.ok_or_else(|| internal("the column generation ran no round"))?;
    let out_price: Vec<Q> = (0..n).map(|v| last.prices[2 * v].clone()).collect();
    let in_price: Vec<Q> = (0..n).map(|v| last.prices[2 * v + 1].clone()).collect();
    certify(n, arcs, source, &cols.value, &out_price, &in_price)
        .map_err(|e| internal(&e.to_string()))?;
    Ok(TreeOptimum {
        rho: cols.value,
        trees: cols.trees,
        out_price,
        in_price,
        rounds,
    })
}

/// Checks the dual certificate of LP-T independently: prices `≥ 0`, `Σ_v (p_v + q_v) = rho`,
/// and the cheapest spanning arborescence for the costs `c_uv·(p_u + q_v)` costs at least 1
/// (every column of LP-T has a non-positive reduced cost, so `rho` is an upper bound).
///
/// # Errors
/// A sentence naming the failed condition.
pub fn certify(
    n: usize,
    arcs: &[Arc],
    source: usize,
    rho: &Q,
    out_price: &[Q],
    in_price: &[Q],
) -> Result<(), SolveError> {
    if out_price.len() != n || in_price.len() != n {
        return Err("one price per node and port is needed".into());
    }
    if out_price.iter().chain(in_price).any(Signed::is_negative) {
        return Err("a port price is negative".into());
    }
    let total: Q = out_price.iter().chain(in_price).sum();
    if total != *rho {
        return Err(format!("the prices add up to {}, not {}", frac(&total), frac(rho)).into());
    }
    let w: Vec<Q> = arcs
        .iter()
        .map(|a| &a.c * (&out_price[a.from] + &in_price[a.to]))
        .collect();
    let (_, cost) = min_arborescence(&plain(n, arcs), source, &w, &vec![true; n])
        .ok_or("some node is unreachable")?;
    if cost < Q::one() {
        return Err(format!(
            "a broadcast tree costs {} < 1 under the prices",
            frac(&cost)
        )
        .into());
    }
    Ok(())
}

/// LP-F's solution read off a weighted tree set (§2.4): the flow toward `k` follows each
/// tree's path from the source to `k` with the tree's weight, and the usages `n_e = Σ α` over
/// the trees through `e` (= `max_k x^k_e`: a tree through `(u, w)` reaches `w` through it).
/// With the certified prices this is an optimal LP-F solution whenever the trees are optimal.
#[must_use]
pub fn flow_solution(n: usize, arcs: &[Arc], source: usize, opt: &TreeOptimum) -> FlowSolution {
    let m = arcs.len();
    let dests: Vec<usize> = (0..n).filter(|&v| v != source).collect();
    let mut x = vec![vec![Q::zero(); m]; n];
    let mut usage = vec![Q::zero(); m];
    for t in &opt.trees {
        let mut parent_arc = vec![None; n];
        for &e in &t.arcs {
            parent_arc[arcs[e].to] = Some(e);
            usage[e] += &t.weight;
        }
        for &k in &dests {
            let (mut v, mut hops) = (k, 0);
            while let Some(e) = parent_arc[v].filter(|_| hops < n) {
                x[k][e] += &t.weight;
                v = arcs[e].from;
                hops += 1;
            }
        }
    }
    FlowSolution {
        rho: opt.rho.clone(),
        usage,
        flows: dests
            .iter()
            .map(|&k| DestinationFlow {
                destination: k,
                x: std::mem::take(&mut x[k]),
            })
            .collect(),
        out_price: opt.out_price.clone(),
        in_price: opt.in_price.clone(),
    }
}

/// `1 − θ`: how much one unit of weight on the priced tree would raise the master's value at
/// the current prices (its reduced cost; positive means the tree improves the master).
#[must_use]
pub fn reduced_cost(theta: &Q) -> Q {
    Q::one() - theta
}
