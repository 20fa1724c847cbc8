//! The node transformations of broadcast.md §6.5 as algorithms of their own (`split-nodes`,
//! `delta-port-nodes`), step by step: each node is rewritten as the spec says (a bidirectional
//! node becomes `v_in → v_out` joined by a free arc; a Δ-port node becomes a hub with a sender
//! per outgoing arc and a receiver per incoming arc), every arc is rewired between the images,
//! the column generation of §6.4 runs on the transformed network, and its value is checked
//! against the quantity the spec says it must equal: the bidirectional optimum (LP-F) for the
//! split graph, `min_{v≠s} λ_{1/c}(s, v)` (max-flow with capacities `1/c_e`) for Δ-port nodes.
//!
//! The transformed network's trees are read back on the platform as arc usages (messages per
//! time unit on each original arc; the free arcs carry the rest). [`verify`] checks them
//! independently: the ports of the emulated model hold and every node receives `ρ`.

use num_traits::{Signed, Zero};
use serde::Serialize;

use super::colgen::unidir;
use super::transform::{transform, Image, NodeKind};
use super::MAX_ARCS;
use crate::broadcast::multicast::flow::{self, Ports, Share};
use crate::broadcast::multicast::net::Net;
use crate::error::{SolveError, Violation};
use crate::graph::flow::max_flow;
use crate::platform::Platform;
use crate::rational::Q;
use crate::report::Status;
use crate::trace::{Trace, Traced};

/// Most nodes of a Δ-port transformed network (`|V| + 2|E|`; its positive arcs are disjoint
/// sender–receiver pairs, so the matching oracle stays trivial: E3's 21 nodes solve in 1.3 s
/// in a debug build).
pub const MAX_IMAGES: usize = 24;

/// Most nodes of a split graph (`2|V|`, platforms of 8 nodes): the exact master grows fast.
/// Measured on `hetlab gen --size N broadcast`, seeds 1–4, debug build: 8 nodes 1.2–16 s,
/// 10 nodes 1.5–128 s (release is several times faster, the browser slower); 12 nodes meet
/// the matching oracle's [`super::matching::MAX_COMPONENT`].
pub const MAX_SPLIT_IMAGES: usize = 16;

/// Pseudocode of the transformation pipeline; the steps' phases index these lines.
pub const TRANSFORM_PSEUDOCODE: &[&str] = &[
    "for each node v: bidirectional → v_in → v_out (free arc); Δ-port → hub v_h, a sender per out-arc, a receiver per in-arc (free arcs both ways)",
    "rewire every arc (u, v): from u's sending image to v's receiving image, same cost",
    "column generation (§6.4) on the transformed network, unidirectional one-port everywhere",
    "read the trees back on the platform: messages per time unit on each arc (free arcs dropped)",
    "check: split graph = bidirectional optimum (LP-F); all Δ-port = min over v of the max-flow with capacities 1/c",
];

/// The quantity the transformed optimum must equal (§6.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Reference {
    /// What it is, in words.
    pub name: String,
    /// Its value (`None`: `+∞`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub value: Option<Q>,
}

/// An arc of the transformed network.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct NetworkArc {
    /// Tail (image index).
    pub from: usize,
    /// Head (image index).
    pub to: usize,
    /// Cost (0 for the free internal arcs).
    #[serde(serialize_with = "crate::rational::exact")]
    pub c: Q,
    /// The platform arc it stands for (`None`: a free internal arc).
    pub arc: Option<usize>,
}

/// The transformed network.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Network {
    /// What each node stands for.
    pub images: Vec<Image>,
    /// Its arcs, internal ones first.
    pub arcs: Vec<NetworkArc>,
    /// The source's image.
    pub source_image: usize,
}

/// The result of a transformation run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct TransformSolution {
    /// How every node behaves.
    pub kind: NodeKind,
    /// `optimal` (converged), `heuristic` (not converged), `infeasible`, `unbounded`.
    pub status: Status,
    /// The throughput (`None`: `+∞`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub throughput: Option<Q>,
    /// The source.
    pub source: usize,
    /// Nodes the source cannot reach.
    pub unreachable: Vec<usize>,
    /// The transformed network.
    pub network: Network,
    /// Messages per time unit on each platform arc.
    #[serde(serialize_with = "crate::rational::exact")]
    pub usage: Vec<Q>,
    /// Column-generation rounds.
    pub rounds: usize,
    /// What the throughput must equal, and its value.
    pub reference: Option<Reference>,
}

/// One step of the transformation pipeline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TransformStep {
    /// A bidirectional node split into its receiving and sending halves.
    Split {
        /// The node.
        node: usize,
    },
    /// A Δ-port node rewritten as a hub.
    Hub {
        /// The node.
        node: usize,
        /// Its outgoing arcs (one sender each).
        senders: Vec<usize>,
        /// Its incoming arcs (one receiver each).
        receivers: Vec<usize>,
    },
    /// Every arc rewired between images.
    Rewired {
        /// Nodes of the transformed network.
        images: usize,
        /// Free internal arcs added.
        internal: usize,
        /// Platform arcs rewired.
        arcs: usize,
    },
    /// One round of the column generation on the transformed network.
    Round {
        /// 1-based round.
        iteration: usize,
        /// The master's value (achievable).
        #[serde(serialize_with = "crate::rational::exact")]
        lower: Q,
        /// The dual bound.
        #[serde(serialize_with = "crate::rational::exact")]
        upper: Option<Q>,
    },
    /// The optimum and the usages read back on the platform.
    Solved {
        /// The throughput.
        #[serde(serialize_with = "crate::rational::exact")]
        rho: Option<Q>,
        /// Messages per time unit on each platform arc.
        #[serde(serialize_with = "crate::rational::exact")]
        usage: Vec<Q>,
    },
    /// The comparison with the spec's reference value.
    Checked {
        /// The reference.
        reference: Reference,
        /// The throughput.
        #[serde(serialize_with = "crate::rational::exact")]
        rho: Option<Q>,
    },
    /// Nothing to transform: a single node, or unreachable nodes.
    Degenerate {
        /// Nodes the source cannot reach.
        unreachable: Vec<usize>,
    },
}

/// Solves the broadcast from `source` with every node behaving as `kind`, through the §6.5
/// transformation; `emit` receives the steps.
///
/// # Complexity
/// The transformed network has `2|V|` nodes (split) or `|V| + 2|E|` (Δ-port); then the column
/// generation of §6.4 on it.
///
/// # Errors
/// A source out of range, a transformed network over its size limit ([`MAX_IMAGES`], or
/// [`MAX_SPLIT_IMAGES`] for the split graph), or the column generation's error.
pub fn run(
    platform: &Platform,
    source: usize,
    kind: NodeKind,
    emit: &mut impl FnMut(TransformStep),
) -> Result<TransformSolution, SolveError> {
    let net = Net::from_platform(platform);
    if source >= net.n {
        return Err(format!(
            "the source index {source} is out of range (the platform has {} nodes)",
            net.n
        )
        .into());
    }
    let images = match kind {
        NodeKind::Bidirectional => 2 * net.n,
        NodeKind::DeltaPort => net.n + 2 * net.arcs.len(),
        NodeKind::Unidirectional => net.n,
    };
    let limit = if kind == NodeKind::DeltaPort {
        MAX_IMAGES
    } else {
        MAX_SPLIT_IMAGES
    };
    if images > limit || net.arcs.len() > MAX_ARCS {
        return Err(SolveError::TooLarge(format!(
            "the transformed network would have {images} nodes; the column generation on it is limited to {limit}"
        )));
    }
    let unreachable: Vec<usize> = net
        .reach(source, &vec![true; net.n])
        .iter()
        .enumerate()
        .filter(|(_, r)| !**r)
        .map(|(v, _)| v)
        .collect();
    let mut out = TransformSolution {
        kind,
        status: Status::Unbounded,
        throughput: None,
        source,
        unreachable: unreachable.clone(),
        network: Network::default(),
        usage: vec![Q::zero(); net.arcs.len()],
        rounds: 0,
        reference: None,
    };
    if net.n == 1 || !unreachable.is_empty() {
        if !unreachable.is_empty() {
            out.status = Status::Infeasible;
            out.throughput = Some(Q::zero());
        }
        emit(TransformStep::Degenerate { unreachable });
        return Ok(out);
    }
    let t = transform(&net, source, &vec![kind; net.n]);
    for v in 0..net.n {
        emit(match kind {
            NodeKind::DeltaPort => TransformStep::Hub {
                node: v,
                senders: (0..net.arcs.len())
                    .filter(|&k| net.arcs[k].from == v)
                    .collect(),
                receivers: (0..net.arcs.len())
                    .filter(|&k| net.arcs[k].to == v)
                    .collect(),
            },
            _ => TransformStep::Split { node: v },
        });
    }
    emit(TransformStep::Rewired {
        images: t.net.n,
        internal: t.internal,
        arcs: net.arcs.len(),
    });
    out.network = Network {
        images: t.images.clone(),
        arcs: t
            .net
            .arcs
            .iter()
            .enumerate()
            .map(|(k, a)| NetworkArc {
                from: a.from,
                to: a.to,
                c: a.c.clone(),
                arc: k.checked_sub(t.internal),
            })
            .collect(),
        source_image: t.source,
    };
    let cols = unidir(&t.net, t.source, &mut |r| {
        emit(TransformStep::Round {
            iteration: r.iteration,
            lower: r.lower,
            upper: r.upper,
        });
    })?;
    for tree in &cols.trees {
        for &k in &tree.arcs {
            if let Some(e) = k.checked_sub(t.internal) {
                out.usage[e] += &tree.weight;
            }
        }
    }
    out.status = if cols.converged {
        Status::Optimal
    } else {
        Status::Heuristic
    };
    out.throughput = Some(cols.value);
    out.rounds = cols.rounds;
    emit(TransformStep::Solved {
        rho: out.throughput.clone(),
        usage: out.usage.clone(),
    });
    let reference = reference(&net, source, kind)?;
    if let Some(r) = &reference {
        emit(TransformStep::Checked {
            reference: r.clone(),
            rho: out.throughput.clone(),
        });
    }
    out.reference = reference;
    Ok(out)
}

/// As [`run`], recording the steps.
///
/// # Errors
/// As [`run`].
pub fn run_traced(
    platform: &Platform,
    source: usize,
    kind: NodeKind,
) -> Result<Traced<TransformSolution, TransformStep>, SolveError> {
    let mut trace = Trace::default();
    let solution = run(platform, source, kind, &mut |s| trace.push(s))?;
    Ok(Traced { solution, trace })
}

/// What the spec says the transformed optimum equals: the bidirectional optimum (split
/// graph) or `min_{v≠s} λ_{1/c}(s, v)` (all Δ-port; `None` when an arc costs 0).
fn reference(net: &Net, s: usize, kind: NodeKind) -> Result<Option<Reference>, SolveError> {
    let others: Vec<usize> = (0..net.n).filter(|&v| v != s).collect();
    Ok(match kind {
        NodeKind::Bidirectional => {
            let lp = flow::solve(
                net,
                s,
                &others,
                &vec![true; net.n],
                Share::Max,
                Ports::Bidirectional,
            )?;
            Some(Reference {
                name: "the bidirectional optimum of the platform (LP-F, §2.2)".to_owned(),
                value: lp.rho,
            })
        }
        NodeKind::DeltaPort => {
            if net.arcs.iter().any(|a| !a.c.is_positive()) {
                return Ok(None);
            }
            let cap: Vec<Q> = net.arcs.iter().map(|a| a.c.recip()).collect();
            let value = min_cut(net, s, &others, &cap)?;
            Some(Reference {
                name: "the smallest max-flow from the source with capacities 1/c (each arc carries at most 1/c messages per time unit)".to_owned(),
                value: Some(value),
            })
        }
        NodeKind::Unidirectional => None,
    })
}

/// `min_{v ∈ targets} maxflow(s, v)` for capacities `cap`.
fn min_cut(net: &Net, s: usize, targets: &[usize], cap: &[Q]) -> Result<Q, SolveError> {
    let ends: Vec<(usize, usize)> = net.arcs.iter().map(|a| (a.from, a.to)).collect();
    let mut best: Option<Q> = None;
    for &v in targets {
        let f = max_flow(net.n, &ends, cap, &[s], v)?.value;
        if best.as_ref().is_none_or(|b| f < *b) {
            best = Some(f);
        }
    }
    Ok(best.unwrap_or_else(Q::zero))
}

/// Checks a transformation run independently: the usages respect the emulated model (split:
/// every node sends at most one time unit and receives at most one per time unit; Δ-port:
/// every arc busy at most one time unit per time unit), every node can receive `ρ` through
/// them (max-flow), and a converged run equals the spec's reference value.
///
/// # Errors
/// A sentence naming the first violation.
pub fn verify(platform: &Platform, sol: &TransformSolution) -> Result<(), Violation> {
    let net = Net::from_platform(platform);
    let Some(rho) = sol.throughput.as_ref().filter(|r| r.is_positive()) else {
        return Ok(());
    };
    if sol.usage.len() != net.arcs.len() || sol.usage.iter().any(Signed::is_negative) {
        return Err("the usages do not match the platform's arcs".into());
    }
    let one = Q::from_integer(1.into());
    let (mut out, mut inn) = (vec![Q::zero(); net.n], vec![Q::zero(); net.n]);
    for (a, u) in net.arcs.iter().zip(&sol.usage) {
        let busy = &a.c * u;
        if sol.kind == NodeKind::DeltaPort && busy > one {
            return Err(format!("an arc is busy {busy} per time unit").into());
        }
        out[a.from] += &busy;
        inn[a.to] += busy;
    }
    if sol.kind == NodeKind::Bidirectional && out.iter().chain(&inn).any(|l| *l > one) {
        return Err("a port of the split graph's schedule is busy more than one time unit".into());
    }
    let others: Vec<usize> = (0..net.n).filter(|&v| v != sol.source).collect();
    let reach =
        min_cut(&net, sol.source, &others, &sol.usage).map_err(|e| Violation(e.to_string()))?;
    if reach < *rho {
        return Err(format!("some node receives only {reach} of the {rho} claimed").into());
    }
    if let Some(r) = &sol.reference {
        if sol.status == Status::Optimal && r.value.as_ref() != Some(rho) {
            return Err(format!("the transformed optimum {rho} differs from {}", r.name).into());
        }
    }
    Ok(())
}
