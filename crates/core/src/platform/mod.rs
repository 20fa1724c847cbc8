//! Platforms: processors with cycle times, links with costs (formats.md section 2).
//!
//! A [`Platform`] is always well formed: ids are unique, links join known nodes, every number is
//! in range. It is built from JSON by [`Platform::from_json`] (which lists every problem with its
//! field path) or by the editor's checked operations. Arcs are derived from links in creation
//! order (`from→to` before `to→from`), which is the "arc id" every tie-break of the specs uses.

mod json;
pub(crate) mod json_path;
mod layout;
pub(crate) mod raw;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use layout::{auto_layout, layout, layout_rooted, shape, Shape};
pub(crate) use raw::RawPlatform;
pub use raw::MAX_JSON_BYTES;

use crate::rational::{Cost, Q};

/// Most nodes a platform may have: enough for every teaching and research example, small
/// enough that the drawing and the exact solvers stay responsive.
pub const MAX_NODES: usize = 500;
/// Most links a platform may have.
pub const MAX_LINKS: usize = 10_000;

/// A node id as written in the input: an integer or a string (integers are kept as integers);
/// read as an untagged enum is, through `json_path::num_or_text` (errors at its own path).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(untagged)]
pub enum NodeId {
    /// `"id": 3`.
    Int(i64),
    /// `"id": "P3"`.
    Str(String),
}

impl<'de> Deserialize<'de> for NodeId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        json_path::num_or_text(d)
    }
}

impl json_path::NumOrText for NodeId {
    const NAME: &'static str = "NodeId";
    fn int(v: i64) -> Option<Self> {
        Some(NodeId::Int(v))
    }
    fn uint(v: u64) -> Option<Self> {
        i64::try_from(v).ok().map(NodeId::Int)
    }
    fn float(_: f64) -> Option<Self> {
        None
    }
    fn text(v: String) -> Option<Self> {
        Some(NodeId::Str(v))
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NodeId::Int(i) => write!(f, "{i}"),
            NodeId::Str(s) => f.write_str(s),
        }
    }
}

impl NodeId {
    /// Reads an id typed in a form: digits give an integer id, anything else a string id.
    #[must_use]
    pub fn from_text(text: &str) -> NodeId {
        let t = text.trim();
        match t.parse::<i64>() {
            Ok(i) if i.to_string() == t => NodeId::Int(i),
            _ => NodeId::Str(t.to_owned()),
        }
    }
}

/// A drawing position in `[0, 1]²` (y grows downwards, as on screen).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Point {
    /// Horizontal position.
    pub x: f64,
    /// Vertical position.
    pub y: f64,
}

/// A processor.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// Unique id.
    pub id: NodeId,
    /// Time to compute one task; `Inf` for a router; `None` when the family does not need it.
    pub w: Option<Cost>,
    /// Holds the task supply (steady state) .
    pub master: bool,
    /// Start-up latency of one batch of computations (optional).
    pub lcalc: Option<Q>,
    /// Drawing position in `[0, 1]²`, when given by the file or the editor.
    pub pos: Option<Point>,
}

/// A link between two nodes (indices into [`Platform::nodes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// Index of the first end.
    pub from: usize,
    /// Index of the second end.
    pub to: usize,
    /// Cost of one unit message `from→to`; `Inf` drops the arc.
    pub c: Cost,
    /// Cost `to→from` when it differs from `c`.
    pub c_back: Option<Cost>,
    /// Only the arc `from→to` exists.
    pub directed: bool,
    /// Start-up latency of one message (optional).
    pub lcomm: Option<Q>,
}

/// A directed arc with a finite cost, derived from a link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arc {
    /// Sending node index.
    pub from: usize,
    /// Receiving node index.
    pub to: usize,
    /// Time to send one unit message.
    pub c: Q,
    /// Index of the link it comes from.
    pub link: usize,
}

/// A platform: nodes and links, always well formed.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Platform {
    /// Optional title.
    pub name: Option<String>,
    /// Nodes; their order is the tie-break order of every spec.
    pub nodes: Vec<Node>,
    /// Links, in creation order.
    pub links: Vec<Link>,
}

impl Platform {
    /// Index of the node with this id.
    #[must_use]
    pub fn index_of(&self, id: &NodeId) -> Option<usize> {
        self.nodes.iter().position(|n| &n.id == id)
    }

    /// Ids of the nodes, by index (for captions).
    #[must_use]
    pub fn ids(&self) -> Vec<NodeId> {
        self.nodes.iter().map(|n| n.id.clone()).collect()
    }

    /// Arcs with a finite cost, in creation order: per link `from→to` then `to→from`.
    #[must_use]
    pub fn arcs(&self) -> Vec<Arc> {
        let mut arcs = Vec::with_capacity(self.links.len() * 2);
        for (k, l) in self.links.iter().enumerate() {
            if let Cost::Finite(c) = &l.c {
                arcs.push(Arc {
                    from: l.from,
                    to: l.to,
                    c: c.clone(),
                    link: k,
                });
            }
            if !l.directed {
                if let Cost::Finite(c) = l.c_back.as_ref().unwrap_or(&l.c) {
                    arcs.push(Arc {
                        from: l.to,
                        to: l.from,
                        c: c.clone(),
                        link: k,
                    });
                }
            }
        }
        arcs
    }

    /// Informational notes about the input that are not errors (e.g. dropped infinite links).
    #[must_use]
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        for (k, l) in self.links.iter().enumerate() {
            let back = l.c_back.as_ref().unwrap_or(&l.c);
            if l.c == Cost::Inf || (!l.directed && *back == Cost::Inf) {
                notes.push(format!(
                    "links[{k}]: a cost of inf means no connection; that direction is ignored"
                ));
            }
        }
        notes
    }

    /// A fresh id not used by any node (`P<n>` for the smallest free `n`).
    #[must_use]
    pub fn fresh_id(&self) -> NodeId {
        // Among n + 1 candidates at least one is free (n nodes hold at most n ids).
        (0..=self.nodes.len())
            .map(|n| NodeId::Str(format!("P{n}")))
            .find(|id| self.index_of(id).is_none())
            .unwrap_or(NodeId::Str("P".to_owned()))
    }

    /// The link joining `a` and `b` in either direction, if any.
    #[must_use]
    pub fn link_between(&self, a: usize, b: usize) -> Option<usize> {
        self.links
            .iter()
            .position(|l| (l.from == a && l.to == b) || (l.from == b && l.to == a))
    }

    /// Removes node `i` and every link touching it, renumbering the rest.
    pub fn remove_node(&mut self, i: usize) {
        if i >= self.nodes.len() {
            return;
        }
        self.nodes.remove(i);
        self.links.retain(|l| l.from != i && l.to != i);
        for l in &mut self.links {
            if l.from > i {
                l.from -= 1;
            }
            if l.to > i {
                l.to -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests;
