//! The validated input of the master–slave family (master-slave.md §1, §8.1; formats.md §3.1)
//! and the shapes of its schedules.
//!
//! Part A (bus, no overlap on the slaves) is a [`BusInput`]: a variant `0..=4`, the slaves'
//! cycle times, the communication times the variant needs, and either a horizon `T`
//! (`MaxTasks`) or a number of tasks `C` (`MinTime`). Part B (one-port trees with overlap) is a
//! [`TreeInput`]: the tree as written (fork, chain, spider or general tree), the horizon (or a
//! number of tasks `C` for `MinTime`), the optional task supply `n` and the optional master
//! cycle time `w0`.

use serde::Serialize;

use crate::platform::NodeId;
use crate::rational::Q;

/// What a bus instance asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// `MaxTasks(T)`: the most tasks done by the horizon `T ≥ 0`.
    Horizon(Q),
    /// `MinTime(C)`: the least time to do `C` tasks.
    Tasks(u64),
}

/// The communication times of a bus variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Comm {
    /// Variant 0: no communication.
    None,
    /// Variants 1 and 3: one message of `tcom`.
    Single(Q),
    /// Variants 2 and 4: `t1` to the slave, `t2` back.
    Pair(Q, Q),
}

/// A Part A instance (master-slave.md §1–§7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BusInput {
    /// The variant number `0..=4` (`MaxTasks0` … `MaxTasks4`).
    pub variant: u8,
    /// Cycle times `t_i > 0`, slaves in input order.
    pub t: Vec<Q>,
    /// The communication times (shape fixed by the variant).
    pub comm: Comm,
    /// `T` or `C`.
    pub goal: Goal,
}

impl BusInput {
    /// The variant's name as written in instances (`"MaxTasks1"`, `"MinTime3"`).
    #[must_use]
    pub fn name(&self) -> String {
        match self.goal {
            Goal::Horizon(_) => format!("MaxTasks{}", self.variant),
            Goal::Tasks(_) => format!("MinTime{}", self.variant),
        }
    }

    /// `tcom` of variants 1 and 3, `t1 + t2` of variants 2 and 4 (§7), 0 for variant 0.
    #[must_use]
    pub fn tcom(&self) -> Q {
        match &self.comm {
            Comm::None => Q::default(),
            Comm::Single(c) => c.clone(),
            Comm::Pair(a, b) => a + b,
        }
    }

    /// `(t1, t2)`: the forward and return message times (`t2 = 0` without returns).
    #[must_use]
    pub fn t1_t2(&self) -> (Q, Q) {
        match &self.comm {
            Comm::None => (Q::default(), Q::default()),
            Comm::Single(c) => (c.clone(), Q::default()),
            Comm::Pair(a, b) => (a.clone(), b.clone()),
        }
    }
}

/// One link-and-node of a tree as written: the link cost from the parent and the node's cycle
/// time (`None`: a relay without CPU, written `"inf"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hop {
    /// Link cost `c_v` from the parent.
    pub c: Q,
    /// Cycle time `w_v`, or `None` for a relay.
    pub w: Option<Q>,
}

/// A node of a general tree as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// Its id.
    pub id: NodeId,
    /// Its parent's id (`None`: a child of the master).
    pub parent: Option<NodeId>,
    /// The link and CPU.
    pub hop: Hop,
}

/// The tree of a Part B instance, in the form it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `fork`: children of the master.
    Fork(Vec<Hop>),
    /// `chain`: nodes from the master outward.
    Chain(Vec<Hop>),
    /// `spider`: legs, each a chain from the master.
    Spider(Vec<Vec<Hop>>),
    /// `tree`: nodes with parents (validated: a tree hanging from the master).
    Tree(Vec<TreeNode>),
}

impl Shape {
    /// The variant name (`"fork"`, `"chain"`, `"spider"`, `"tree"`).
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Shape::Fork(_) => "fork",
            Shape::Chain(_) => "chain",
            Shape::Spider(_) => "spider",
            Shape::Tree(_) => "tree",
        }
    }

    /// The nodes below the master in a fixed order (input order; spider legs one after the
    /// other), each with its parent's index (`None` = the master).
    #[must_use]
    pub fn nodes(&self) -> Vec<Node> {
        let node = |parent, hop: &Hop| Node {
            parent,
            c: hop.c.clone(),
            w: hop.w.clone(),
        };
        match self {
            Shape::Fork(h) => h.iter().map(|h| node(None, h)).collect(),
            Shape::Chain(h) => h
                .iter()
                .enumerate()
                .map(|(k, h)| node(k.checked_sub(1), h))
                .collect(),
            Shape::Spider(legs) => {
                let mut out = Vec::new();
                for leg in legs {
                    let first = out.len();
                    for (k, h) in leg.iter().enumerate() {
                        out.push(node((k > 0).then(|| first + k - 1), h));
                    }
                }
                out
            }
            Shape::Tree(list) => list
                .iter()
                .map(|n| {
                    let parent = n
                        .parent
                        .as_ref()
                        .and_then(|p| list.iter().position(|m| &m.id == p));
                    node(parent, &n.hop)
                })
                .collect(),
        }
    }

    /// The label of node `k` in captions and drawings (`P1`, or the id of a general tree).
    #[must_use]
    pub fn label(&self, k: usize) -> String {
        match self {
            Shape::Tree(list) => list
                .get(k)
                .map_or_else(|| format!("P{}", k + 1), |n| n.id.to_string()),
            _ => format!("P{}", k + 1),
        }
    }
}

/// A node below the master, normalised.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Node {
    /// Parent index (`None` = the master).
    pub parent: Option<usize>,
    /// Link cost from the parent.
    #[serde(serialize_with = "crate::rational::exact")]
    pub c: Q,
    /// Cycle time (`None`: relay).
    #[serde(serialize_with = "crate::rational::exact")]
    pub w: Option<Q>,
}

/// A Part B instance (master-slave.md §8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeInput {
    /// The tree.
    pub shape: Shape,
    /// The horizon `T ≥ 0` (`MinTime`: 0 as read; each probe of the search sets its own).
    pub horizon: Q,
    /// Tasks available at the master (`None`: unlimited).
    pub n: Option<u64>,
    /// `MinTime(C)` on the tree (§3.4's search over §8.3): the least horizon for `C` tasks,
    /// written `"C"` instead of `"T"`; `None` asks for `MaxTasks(T)`.
    pub tasks: Option<u64>,
    /// The master's own cycle time, when it computes.
    pub w0: Option<Q>,
}

/// A master-slave instance (formats.md §3.1, `"problem": "master-slave"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MsInput {
    /// Part A: the bus.
    Bus(BusInput),
    /// Part B: a one-port tree.
    Tree(TreeInput),
}

impl MsInput {
    /// The variant as written (`"MaxTasks1"`, `"MinTime2"`, `"fork"`, ...).
    #[must_use]
    pub fn variant_name(&self) -> String {
        match self {
            MsInput::Bus(b) => b.name(),
            MsInput::Tree(t) => t.shape.name().to_owned(),
        }
    }
}

/// One activity of a schedule, with exact start and end (`[start, end)`). Slaves and tree
/// nodes are 0-based indices in input order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Activity {
    /// A message from the master to `slave` on the bus (Part A).
    Send {
        /// The slave.
        slave: usize,
        /// Start.
        #[serde(serialize_with = "crate::rational::exact")]
        start: Q,
        /// End.
        #[serde(serialize_with = "crate::rational::exact")]
        end: Q,
    },
    /// A result message from `slave` back to the master on the bus (Part A).
    Return {
        /// The slave.
        slave: usize,
        /// Start.
        #[serde(serialize_with = "crate::rational::exact")]
        start: Q,
        /// End.
        #[serde(serialize_with = "crate::rational::exact")]
        end: Q,
    },
    /// One task computed by `slave` (Part A) or tree node `slave` (Part B).
    Compute {
        /// The slave or node.
        slave: usize,
        /// Start.
        #[serde(serialize_with = "crate::rational::exact")]
        start: Q,
        /// End.
        #[serde(serialize_with = "crate::rational::exact")]
        end: Q,
    },
    /// One task moved over the link into tree node `to` from its parent (`from`, `None` = the
    /// master), Part B.
    Transfer {
        /// The sending node (`None`: the master).
        from: Option<usize>,
        /// The receiving node.
        to: usize,
        /// Start.
        #[serde(serialize_with = "crate::rational::exact")]
        start: Q,
        /// End.
        #[serde(serialize_with = "crate::rational::exact")]
        end: Q,
    },
    /// One task computed by the master itself (Part B with `w0`).
    MasterCompute {
        /// Start.
        #[serde(serialize_with = "crate::rational::exact")]
        start: Q,
        /// End.
        #[serde(serialize_with = "crate::rational::exact")]
        end: Q,
    },
}

impl Activity {
    /// `[start, end)`.
    #[must_use]
    pub fn span(&self) -> (&Q, &Q) {
        match self {
            Activity::Send { start, end, .. }
            | Activity::Return { start, end, .. }
            | Activity::Compute { start, end, .. }
            | Activity::Transfer { start, end, .. }
            | Activity::MasterCompute { start, end } => (start, end),
        }
    }
}
