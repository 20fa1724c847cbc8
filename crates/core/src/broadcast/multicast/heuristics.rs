//! The multicast heuristics of broadcast.md §5.6, in their deterministic form **\[R\]**:
//! H1 (pruned broadcast) removes relays while the optimal broadcast on the remaining
//! sub-platform improves; H2 (augmented multicast) starts from the routes to the targets and
//! adds nodes while that improves. Both score a node set `V'` by `BCAST(V')`, the optimal
//! broadcast throughput of `G[V']` (LP-F, exact by §2.4).

use super::flow::{self, Ports, Share};
use super::net::Net;
use super::step::MulticastStep;
use crate::error::SolveError;
use crate::rational::Q;

/// `BCAST(V')`: the optimal broadcast throughput of `G[V']` from `s`, or 0 when some node of
/// `V'` is unreachable inside it (§5.6).
///
/// # Errors
/// The LP layer's error.
pub fn bcast(net: &Net, s: usize, nodes: &[bool]) -> Result<Q, SolveError> {
    let targets: Vec<usize> = (0..net.n).filter(|&v| nodes[v] && v != s).collect();
    let lp = flow::solve(net, s, &targets, nodes, Share::Max, Ports::Bidirectional)?;
    // A single node has nothing to broadcast; callers always keep a target in `V'`.
    Ok(lp.rho.unwrap_or_else(|| Q::from_integer(0.into())))
}

/// What a heuristic found.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// `BCAST` of the starting node set (for H1: the broadcast to every reachable node).
    pub start: Q,
    /// The final value.
    pub value: Q,
    /// The final node set `V'`.
    pub nodes: Vec<bool>,
}

fn members(nodes: &[bool]) -> Vec<usize> {
    (0..nodes.len()).filter(|&v| nodes[v]).collect()
}

/// Candidate moves: flip each node of `candidates` in turn and score the result.
fn try_all(
    net: &Net,
    s: usize,
    nodes: &[bool],
    candidates: &[usize],
) -> Result<Vec<(usize, Q)>, SolveError> {
    candidates
        .iter()
        .map(|&w| {
            let mut flipped = nodes.to_vec();
            flipped[w] = !flipped[w];
            bcast(net, s, &flipped).map(|v| (w, v))
        })
        .collect()
}

/// The strictly best move over `val` (ties: smallest node), if any.
fn best_move(tried: &[(usize, Q)], val: &Q) -> Option<(usize, Q)> {
    let mut best: Option<&(usize, Q)> = None;
    for t in tried {
        if t.1 > *val && best.is_none_or(|b| t.1 > b.1) {
            best = Some(t);
        }
    }
    best.cloned()
}

/// H1, pruned broadcast: `V' := reach(s)`; repeatedly remove the relay whose removal gives the
/// largest `BCAST` if it beats the current value (ties: smallest id).
///
/// Reference: O. Beaumont, HDR thesis §5.3 (heuristic 1), made deterministic in §5.6.
///
/// # Complexity
/// At most `|V|` rounds of at most `|V|` LP-F solves.
///
/// # Errors
/// The LP layer's error.
pub fn pruned(
    net: &Net,
    s: usize,
    targets: &[bool],
    reach: &[bool],
    emit: &mut impl FnMut(MulticastStep),
) -> Result<Outcome, SolveError> {
    let removable = |w: usize, nodes: &[bool]| nodes[w] && w != s && !targets[w];
    climb(net, s, reach.to_vec(), Climb::Remove, removable, emit)
}

/// H2, augmented multicast: `V' := {s} ∪ D ∪` the nodes of the route (§7.3) to each target;
/// repeatedly add the node giving the largest `BCAST` if it beats the current value (ties:
/// smallest id).
///
/// Reference: O. Beaumont, HDR thesis §5.3 (heuristic 2), made deterministic in §5.6.
///
/// # Complexity
/// At most `|V|` rounds of at most `|V|` LP-F solves, plus one shortest path per target.
///
/// # Errors
/// The LP layer's error.
pub fn augmented(
    net: &Net,
    s: usize,
    targets: &[bool],
    reach: &[bool],
    emit: &mut impl FnMut(MulticastStep),
) -> Result<Outcome, SolveError> {
    let mut nodes = vec![false; net.n];
    nodes[s] = true;
    for d in (0..net.n).filter(|&d| targets[d]) {
        for v in net.route(s, d, reach).unwrap_or_default() {
            nodes[v] = true;
        }
    }
    let addable = |w: usize, nodes: &[bool]| reach[w] && !nodes[w];
    climb(net, s, nodes, Climb::Add, addable, emit)
}

/// Which way a heuristic moves nodes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Climb {
    /// H1: take relays out.
    Remove,
    /// H2: put nodes in.
    Add,
}

/// The hill climbing both heuristics share: from `nodes`, flip the best candidate while it
/// strictly improves `BCAST`, emitting H1's or H2's steps.
fn climb(
    net: &Net,
    s: usize,
    mut nodes: Vec<bool>,
    way: Climb,
    candidate: impl Fn(usize, &[bool]) -> bool,
    emit: &mut impl FnMut(MulticastStep),
) -> Result<Outcome, SolveError> {
    let start = bcast(net, s, &nodes)?;
    let mut val = start.clone();
    let (listed, value) = (members(&nodes), val.clone());
    emit(match way {
        Climb::Remove => MulticastStep::PruneStarted {
            nodes: listed,
            value,
        },
        Climb::Add => MulticastStep::AugmentStarted {
            nodes: listed,
            value,
        },
    });
    loop {
        let cands: Vec<usize> = (0..net.n).filter(|&w| candidate(w, &nodes)).collect();
        let tried = try_all(net, s, &nodes, &cands)?;
        let Some((w, v)) = best_move(&tried, &val) else {
            let value = val.clone();
            emit(match way {
                Climb::Remove => MulticastStep::PruneStopped { value, tried },
                Climb::Add => MulticastStep::AugmentStopped { value, tried },
            });
            return Ok(Outcome {
                start,
                value: val,
                nodes,
            });
        };
        nodes[w] = !nodes[w];
        val = v;
        let value = val.clone();
        emit(match way {
            Climb::Remove => MulticastStep::Pruned {
                removed: w,
                value,
                tried,
            },
            Climb::Add => MulticastStep::Augmented {
                added: w,
                value,
                tried,
            },
        });
    }
}
