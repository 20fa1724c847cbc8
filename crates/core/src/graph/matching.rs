//! Decomposition of a weighted bipartite graph into weighted matchings (weighted König edge
//! colouring), exactly as steady-state.md section 4.4 specifies it: DECOMPOSE repeatedly takes a
//! matching that covers every port of maximum weighted degree (COVER, by alternating paths),
//! extends it greedily, and removes it with the largest weight `μ` that keeps the maximum degree
//! falling by exactly `μ`. The weights then sum to the maximum degree `Δ`, the least possible.
//!
//! The left side holds one *sender port* per node, the right side one *receiver port* per node;
//! an edge `(i, j)` joins sender port `i` to receiver port `j`. A matching is a set of transfers
//! that may run at the same time under the bidirectional one-port model. Each iteration is kept
//! as a [`Matching`] frame (tight ports, the covering part, the reason for `μ`) because the
//! visualiser draws one frame per iteration (steady-state.md section 5.1, item 8).
//!
//! "By id" in the spec means by node index here: callers whose node ids are not in index order
//! must renumber before calling. [`check`] is an independent checker of the result.

mod check;
#[cfg(test)]
mod tests;

pub use check::check;

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use num_traits::{Signed, Zero};
use serde::Serialize;

use crate::rational::{format_q, Q};

/// A port of the bipartite graph. The derived order (every sender port by index, then every
/// receiver port by index) is the order in which COVER visits tight ports.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    nanoserde::SerBin,
    nanoserde::DeBin,
)]
#[serde(rename_all = "lowercase")]
pub enum Port {
    /// The sending port of a node.
    Send(usize),
    /// The receiving port of a node.
    Recv(usize),
}

/// Why an iteration removed its matching with the weight `μ` it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum MuReason {
    /// `μ` is the remaining weight of this edge of the matching, which disappears.
    EdgeExhausted((usize, usize)),
    /// `μ` is `Δ − deg` of this port, not covered by the matching, which becomes tight.
    PortBecomesTight(Port),
}

/// One iteration of DECOMPOSE: a matching and its weight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Matching {
    /// `μ > 0`: how long the matching is used.
    #[serde(serialize_with = "crate::rational::exact")]
    pub mu: Q,
    /// The edges `(sender, receiver)` of the matching, in lexicographic order.
    pub edges: Vec<(usize, usize)>,
    /// The part of `edges` found by COVER, before the greedy extension (lexicographic order).
    pub covering: Vec<(usize, usize)>,
    /// The ports of maximum weighted degree at the start of the iteration, in [`Port`] order.
    pub tight: Vec<Port>,
    /// What fixed `μ`; on a tie an exhausted edge is named before a port becoming tight, and
    /// the first in lexicographic (resp. [`Port`]) order is named.
    pub reason: MuReason,
}

/// The result of [`decompose`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Decomposition {
    /// `Δ`: the maximum weighted degree of the input, which is also `Σ μ`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub delta: Q,
    /// The matchings in the order they were found (the order of the slots of a period).
    pub matchings: Vec<Matching>,
}

/// Why [`decompose`] gave no decomposition.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchingError {
    /// An edge weight is zero or negative.
    #[error("edge {}→{}: weight {} must be positive", .edge.0, .edge.1, format_q(.weight))]
    NonPositiveWeight {
        /// The edge `(sender, receiver)`.
        edge: (usize, usize),
        /// Its weight.
        weight: Q,
    },
    /// The same edge is listed twice.
    #[error("edge {}→{} is listed twice", .0.0, .0.1)]
    DuplicateEdge((usize, usize)),
    /// A step the theory guarantees failed: a bug, reported rather than panicking.
    #[error("internal error in the matching decomposition: {0}")]
    Internal(String),
}

/// Sender side (left) and receiver side (right) of the dense working graph.
const SEND: usize = 0;
const RECV: usize = 1;

/// The working graph: ports renumbered densely per side, in node-index order, so that every
/// "by id" rule of the spec is "by slot" here.
struct Work {
    /// Node index of each slot, per side (sorted, distinct).
    ids: [Vec<usize>; 2],
    /// Remaining weight per edge `(sender slot, receiver slot)`; only positive weights are kept.
    weight: BTreeMap<(usize, usize), Q>,
}

/// The state of one iteration: degrees, tight ports, neighbours and the matching being built.
struct Round {
    deg: [Vec<Q>; 2],
    delta: Q,
    tight: [Vec<bool>; 2],
    /// Neighbours per side and slot, in slot order.
    adj: [Vec<Vec<usize>>; 2],
    /// Mate per side and slot.
    mate: [Vec<Option<usize>>; 2],
}

/// Decomposes a weighted bipartite graph into weighted matchings whose weights sum to the
/// maximum weighted degree `Δ` (DECOMPOSE with COVER, steady-state.md section 4.4).
///
/// `edges` lists `((sender, receiver), weight)` by node index; the two sides are independent,
/// so `(i, i)` is an ordinary edge. Reference: weighted König edge colouring (A. Schrijver,
/// *Combinatorial Optimization*, 2003, ch. 20); O. Beaumont, HDR thesis, Ch. 3 (from an
/// impoverished pattern to a periodic schedule).
///
/// # Complexity
/// At most `|E| + |ports|` iterations, each `O(|ports|·|E|)` rational operations (COVER),
/// so `O((|E| + |V|)·|V|·|E|)` overall.
///
/// # Errors
/// [`MatchingError::NonPositiveWeight`] and [`MatchingError::DuplicateEdge`] for bad input
/// (the first problem in input order); [`MatchingError::Internal`] if a guarantee of the theory
/// fails, which would be a bug.
///
/// ```
/// use hetlab_core::graph::matching::{check, decompose};
/// use hetlab_core::rational::qi;
/// let edges = [((0, 1), qi(2)), ((0, 2), qi(1)), ((3, 1), qi(1))];
/// let d = decompose(&edges).unwrap();
/// assert_eq!(d.delta, qi(3));
/// assert_eq!(d.matchings[0].edges, vec![(0, 1)]);
/// assert_eq!(d.matchings[0].mu, qi(2));
/// assert!(check(&edges, &d).is_ok());
/// ```
pub fn decompose(edges: &[((usize, usize), Q)]) -> Result<Decomposition, MatchingError> {
    let mut work = Work::new(edges)?;
    let limit = work.weight.len() + work.ids[SEND].len() + work.ids[RECV].len();
    let mut matchings = Vec::new();
    let mut delta = None;
    // The maximum degree must drop by exactly μ each time (section 4.4, "why it works").
    let mut expected = Q::zero();
    while !work.weight.is_empty() {
        if matchings.len() >= limit {
            return Err(internal("more than |E| + |ports| matchings"));
        }
        let mut round = work.round();
        if delta.is_none() {
            delta = Some(round.delta.clone());
        } else if round.delta != expected {
            return Err(internal("the maximum degree did not drop by μ"));
        }
        let tight = work.tight_ports(&round);
        round.cover()?;
        let covering = work.matched_edges(&round);
        round.extend(&work.weight);
        let (mu, reason) = work.mu(&round)?;
        let edges = work.matched_edges(&round);
        work.subtract(&round, &mu)?;
        expected = &round.delta - &mu;
        matchings.push(Matching {
            mu,
            edges,
            covering,
            tight,
            reason,
        });
    }
    if !expected.is_zero() {
        return Err(internal("the weights of the matchings do not add up to Δ"));
    }
    Ok(Decomposition {
        delta: delta.unwrap_or_else(Q::zero),
        matchings,
    })
}

fn internal(what: &str) -> MatchingError {
    MatchingError::Internal(what.to_owned())
}

impl Work {
    /// Validates the input and renumbers the ports.
    fn new(edges: &[((usize, usize), Q)]) -> Result<Work, MatchingError> {
        let mut by_id = BTreeMap::new();
        for (edge, weight) in edges {
            if !weight.is_positive() {
                let weight = weight.clone();
                return Err(MatchingError::NonPositiveWeight {
                    edge: *edge,
                    weight,
                });
            }
            if by_id.insert(*edge, weight.clone()).is_some() {
                return Err(MatchingError::DuplicateEdge(*edge));
            }
        }
        let senders: BTreeSet<usize> = by_id.keys().map(|e| e.0).collect();
        let receivers: BTreeSet<usize> = by_id.keys().map(|e| e.1).collect();
        let slot = |set: &BTreeSet<usize>| -> BTreeMap<usize, usize> {
            set.iter().enumerate().map(|(k, &id)| (id, k)).collect()
        };
        let (s_slot, r_slot) = (slot(&senders), slot(&receivers));
        // Renumbering preserves order, so the lexicographic order of edges is unchanged.
        let weight = by_id
            .into_iter()
            .map(|((i, j), w)| ((s_slot[&i], r_slot[&j]), w))
            .collect();
        let ids = [
            senders.into_iter().collect(),
            receivers.into_iter().collect(),
        ];
        Ok(Work { ids, weight })
    }

    /// Degrees, `Δ`, tight ports and neighbour lists of the remaining graph; no edge matched.
    fn round(&self) -> Round {
        let n = [self.ids[SEND].len(), self.ids[RECV].len()];
        let mut deg = n.map(|k| vec![Q::zero(); k]);
        let mut adj = n.map(|k| vec![Vec::new(); k]);
        // Edges come by sender, then receiver: both neighbour lists end up in slot order.
        for (&(s, r), w) in &self.weight {
            deg[SEND][s] += w;
            deg[RECV][r] += w;
            adj[SEND][s].push(r);
            adj[RECV][r].push(s);
        }
        let delta = deg.iter().flatten().max().cloned().unwrap_or_else(Q::zero);
        let tight = [0, 1].map(|side| deg[side].iter().map(|d| *d == delta).collect());
        let mate = n.map(|k| vec![None; k]);
        Round {
            deg,
            delta,
            tight,
            adj,
            mate,
        }
    }

    fn port(&self, side: usize, slot: usize) -> Port {
        [Port::Send, Port::Recv][side](self.ids[side][slot])
    }

    fn tight_ports(&self, round: &Round) -> Vec<Port> {
        let tight = |side: usize| {
            let slots = round.tight[side].iter().enumerate().filter(|(_, t)| **t);
            slots.map(move |(slot, _)| self.port(side, slot))
        };
        tight(SEND).chain(tight(RECV)).collect()
    }

    /// The matched edges as node-index pairs, in lexicographic order.
    fn matched_edges(&self, round: &Round) -> Vec<(usize, usize)> {
        let pairs = round.mate[SEND].iter().enumerate();
        pairs
            .filter_map(|(s, m)| m.map(|r| (self.ids[SEND][s], self.ids[RECV][r])))
            .collect()
    }

    /// `μ = min(min edge weight in M, min over uncovered ports of positive degree of Δ − deg)`,
    /// with the first minimum in the order: edges lexicographically, then ports.
    fn mu(&self, round: &Round) -> Result<(Q, MuReason), MatchingError> {
        let mut best: Option<(Q, MuReason)> = None;
        let mut consider = |value: Q, reason: MuReason| {
            if best.as_ref().is_none_or(|(b, _)| value < *b) {
                best = Some((value, reason));
            }
        };
        for (s, mate) in round.mate[SEND].iter().enumerate() {
            if let Some(r) = *mate {
                let w = self
                    .weight
                    .get(&(s, r))
                    .ok_or_else(|| internal("unknown edge"))?;
                let edge = (self.ids[SEND][s], self.ids[RECV][r]);
                consider(w.clone(), MuReason::EdgeExhausted(edge));
            }
        }
        for side in [SEND, RECV] {
            for (slot, d) in round.deg[side].iter().enumerate() {
                if round.mate[side][slot].is_none() && d.is_positive() {
                    consider(
                        &round.delta - d,
                        MuReason::PortBecomesTight(self.port(side, slot)),
                    );
                }
            }
        }
        match best {
            Some((mu, reason)) if mu.is_positive() => Ok((mu, reason)),
            _ => Err(internal("μ is not positive (a tight port is uncovered)")),
        }
    }

    /// Removes `μ` from every matched edge, deleting the edges that reach zero.
    fn subtract(&mut self, round: &Round, mu: &Q) -> Result<(), MatchingError> {
        for (s, mate) in round.mate[SEND].iter().enumerate() {
            if let Some(r) = *mate {
                let w = self
                    .weight
                    .get_mut(&(s, r))
                    .ok_or_else(|| internal("unknown edge"))?;
                *w -= mu;
                if w.is_zero() {
                    self.weight.remove(&(s, r));
                }
            }
        }
        Ok(())
    }
}

impl Round {
    /// COVER: a matching covering every tight port, built by alternating paths.
    fn cover(&mut self) -> Result<(), MatchingError> {
        for side in [SEND, RECV] {
            for v in 0..self.tight[side].len() {
                if self.tight[side][v] && self.mate[side][v].is_none() {
                    self.cover_one(side, v)?;
                }
            }
        }
        Ok(())
    }

    /// Breadth-first search over alternating paths from the uncovered tight port `v`; ends by
    /// augmenting to an unmatched port, or by flipping a path that uncovers a non-tight mate.
    fn cover_one(&mut self, side: usize, v: usize) -> Result<(), MatchingError> {
        let other = 1 - side;
        // `parent[y]`: the port on v's side from which y was reached (y visited iff Some).
        let mut parent: Vec<Option<usize>> = vec![None; self.adj[other].len()];
        let mut seen = vec![false; self.adj[side].len()];
        seen[v] = true;
        let mut queue = VecDeque::from([v]);
        while let Some(a) = queue.pop_front() {
            for k in 0..self.adj[side][a].len() {
                let y = self.adj[side][a][k];
                // Skips visited ports, including a's own mate (reached before a was queued).
                if parent[y].is_some() {
                    continue;
                }
                parent[y] = Some(a);
                let Some(z) = self.mate[other][y] else {
                    return self.flip(side, y, &parent);
                };
                if seen[z] {
                    continue;
                }
                if !self.tight[side][z] {
                    self.mate[side][z] = None;
                    self.mate[other][y] = None;
                    return self.flip(side, y, &parent);
                }
                seen[z] = true;
                queue.push_back(z);
            }
        }
        Err(internal(
            "COVER found no alternating path from a tight port",
        ))
    }

    /// Flips the alternating path ending at the unmatched port `y` (on the side opposite `side`).
    fn flip(
        &mut self,
        side: usize,
        mut y: usize,
        parent: &[Option<usize>],
    ) -> Result<(), MatchingError> {
        let other = 1 - side;
        // Each step matches y to its parent, whose old mate is the next y; the start is unmatched.
        for _ in 0..=parent.len() {
            let a = parent[y].ok_or_else(|| internal("broken alternating path"))?;
            let next = self.mate[side][a];
            self.mate[side][a] = Some(y);
            self.mate[other][y] = Some(a);
            match next {
                None => return Ok(()),
                Some(n) => y = n,
            }
        }
        Err(internal("alternating path longer than the graph"))
    }

    /// Greedy extension: edges in lexicographic order join when both ends are unmatched.
    fn extend(&mut self, weight: &BTreeMap<(usize, usize), Q>) {
        for &(s, r) in weight.keys() {
            if self.mate[SEND][s].is_none() && self.mate[RECV][r].is_none() {
                self.mate[SEND][s] = Some(r);
                self.mate[RECV][r] = Some(s);
            }
        }
    }
}
