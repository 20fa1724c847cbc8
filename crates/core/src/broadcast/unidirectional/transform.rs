//! Node transformations of broadcast.md §6.5 **\[R\]**: a unidirectional one-port platform can
//! emulate bidirectional nodes (split into `v_in → v_out` with a 0-cost arc) and Δ-port nodes
//! (a hub with one sender per outgoing arc and one receiver per incoming arc, joined by 0-cost
//! arcs both ways); running the column generation of §6.4 on the result gives the throughput
//! of a mixed platform.

use num_traits::Zero;
use serde::Serialize;

use super::colgen::unidir;
use crate::broadcast::multicast::net::{Net, NetArc};
use crate::error::SolveError;
use crate::platform::Platform;
use crate::rational::Q;

/// How a node talks to its neighbours (§1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "kebab-case")]
pub enum NodeKind {
    /// One transfer at a time, sending or receiving.
    Unidirectional,
    /// One send and one receive at a time.
    Bidirectional,
    /// Every neighbour at once (each arc still serial).
    DeltaPort,
}

/// What a node of the transformed network stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// The original node, kept as it is (unidirectional).
    Whole,
    /// A bidirectional node's receiving half `v_in`.
    In,
    /// A bidirectional node's sending half `v_out`.
    Out,
    /// A Δ-port node's hub `v_h`.
    Hub,
    /// A Δ-port node's sender for one outgoing arc.
    Sender,
    /// A Δ-port node's receiver for one incoming arc.
    Receiver,
}

/// A node of the transformed network: the original node, its role, and the original arc of a
/// sender or receiver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Image {
    /// The original node.
    pub node: usize,
    /// What this image does for it.
    pub role: Role,
    /// The arc a sender or receiver serves.
    pub arc: Option<usize>,
}

/// A transformed network and where its source is.
#[derive(Clone, Debug, PartialEq)]
pub struct Transformed {
    /// The unidirectional network.
    pub net: Net,
    /// The source's image.
    pub source: usize,
    /// What each node of `net` stands for.
    pub images: Vec<Image>,
    /// Internal (0-cost) arcs, which come first in `net`: original arc `k` is arc
    /// `internal + k`.
    pub internal: usize,
}

/// Rewrites `net` so that a unidirectional one-port schedule of the result is a schedule of the
/// original with node `v` behaving as `kinds[v]` (missing entries: unidirectional). Internal
/// arcs come first (node by node), then the original arcs in id order.
///
/// # Complexity
/// `O(|V| + |E|)` nodes and arcs.
#[must_use]
pub fn transform(net: &Net, s: usize, kinds: &[NodeKind]) -> Transformed {
    let kind = |v: usize| kinds.get(v).copied().unwrap_or(NodeKind::Unidirectional);
    let mut out = Net::default();
    let free = |from: usize, to: usize| NetArc {
        from,
        to,
        c: Q::zero(),
    };
    // Image of each original arc's tail (sender side) and head (receiver side).
    let mut tail = vec![0; net.arcs.len()];
    let mut head = vec![0; net.arcs.len()];
    let mut source = 0;
    let mut images = Vec::new();
    for v in 0..net.n {
        let first = out.n;
        let image = |role, arc| Image { node: v, role, arc };
        match kind(v) {
            NodeKind::Unidirectional => {
                out.n += 1;
                images.push(image(Role::Whole, None));
                for (k, a) in net.arcs.iter().enumerate() {
                    if a.from == v {
                        tail[k] = first;
                    }
                    if a.to == v {
                        head[k] = first;
                    }
                }
            }
            NodeKind::Bidirectional => {
                out.n += 2;
                images.extend([image(Role::In, None), image(Role::Out, None)]);
                out.arcs.push(free(first, first + 1));
                for (k, a) in net.arcs.iter().enumerate() {
                    if a.from == v {
                        tail[k] = first + 1;
                    }
                    if a.to == v {
                        head[k] = first;
                    }
                }
            }
            NodeKind::DeltaPort => {
                out.n += 1;
                images.push(image(Role::Hub, None));
                for (k, a) in net.arcs.iter().enumerate() {
                    for (end, side, role) in [
                        (a.from == v, &mut tail, Role::Sender),
                        (a.to == v, &mut head, Role::Receiver),
                    ] {
                        if end {
                            images.push(image(role, Some(k)));
                            side[k] = out.n;
                            out.arcs.push(free(first, out.n));
                            out.arcs.push(free(out.n, first));
                            out.n += 1;
                        }
                    }
                }
            }
        }
        if v == s {
            source = first;
        }
    }
    let internal = out.arcs.len();
    for (k, a) in net.arcs.iter().enumerate() {
        out.arcs.push(NetArc {
            from: tail[k],
            to: head[k],
            c: a.c.clone(),
        });
    }
    Transformed {
        net: out,
        source,
        images,
        internal,
    }
}

/// The optimal broadcast throughput of `platform` when node `v` behaves as `kinds[v]`
/// (§6.5): the unidirectional optimum of the transformed network. `None` is `+∞` (a single
/// node); 0 when some node is unreachable.
///
/// Reference: O. Beaumont, HDR thesis §5.4.4; broadcast.md §6.5 (reconstruction).
///
/// # Complexity
/// That of the column generation (§6.4) on `O(|V| + |E|)` nodes.
///
/// # Errors
/// A source out of range, or the column generation's error.
pub fn transformed_throughput(
    platform: &Platform,
    source: usize,
    kinds: &[NodeKind],
) -> Result<Option<Q>, SolveError> {
    let net = Net::from_platform(platform);
    if source >= net.n {
        return Err(format!(
            "the source index {source} is out of range (the platform has {} nodes)",
            net.n
        )
        .into());
    }
    if net.n == 1 {
        return Ok(None);
    }
    if net.reach(source, &vec![true; net.n]).contains(&false) {
        return Ok(Some(Q::zero()));
    }
    let t = transform(&net, source, kinds);
    let cols = unidir(&t.net, t.source, &mut |_| {})?;
    Ok(Some(cols.value))
}
