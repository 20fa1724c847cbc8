//! The divisible-load model (divisible-load.md §1, formats.md §3.1): the variant, star workers
//! with linear or affine costs, tree nodes, and the instance with its JSON form. Parsing and
//! validation live in `instance/divisible.rs`.

use num_traits::Zero;

use crate::platform::raw::RawNum;
use crate::platform::NodeId;
use crate::rational::{Cost, Q};

/// Most workers of a star (every algorithm but the enumerations, which have their own limits).
pub const MAX_WORKERS: usize = 64;
/// Most nodes of a tree.
pub const MAX_TREE_NODES: usize = 100;
/// Most rounds of a multi-installment schedule.
pub const MAX_ROUNDS: usize = 100;
/// Most chunks `rounds × workers` of a multi-installment schedule (the recursion's rationals
/// grow with the chunk index).
pub const MAX_CHUNKS: usize = 160;

/// The model of a divisible-load instance (formats.md §3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// Star, linear costs, one round (§2); optional computing master.
    StarLinear,
    /// Star, affine costs, one round (§4).
    StarAffine,
    /// Tree, linear costs, one round (§3).
    TreeLinear,
    /// Homogeneous star, fixed number of rounds (§5).
    MultiInstallment,
    /// Homogeneous star, uniform multi-round (§6).
    Umr,
    /// Heterogeneous star, asymptotically optimal periodic schedule (§7).
    Periodic,
}

impl Variant {
    /// Every variant, in menu order.
    pub const ALL: [Variant; 6] = [
        Variant::StarLinear,
        Variant::StarAffine,
        Variant::TreeLinear,
        Variant::MultiInstallment,
        Variant::Umr,
        Variant::Periodic,
    ];

    /// The name used in JSON.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Variant::StarLinear => "star-linear",
            Variant::StarAffine => "star-affine",
            Variant::TreeLinear => "tree-linear",
            Variant::MultiInstallment => "multi-installment",
            Variant::Umr => "umr",
            Variant::Periodic => "periodic",
        }
    }

    /// The variant with this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }

    /// A star whose workers all share the same four costs is required.
    #[must_use]
    pub fn homogeneous(self) -> bool {
        matches!(self, Variant::MultiInstallment | Variant::Umr)
    }
}

/// One worker of a star: link cost `g` and cycle time `w` per unit of load, latencies `G`
/// (sending) and `W` (computing), paid only when the worker receives something.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worker {
    /// Inverse bandwidth of the link from the master (`≥ 0`).
    pub g: Q,
    /// Inverse speed (`> 0`).
    pub w: Q,
    /// Communication latency `G` (`≥ 0`; 0 in the linear model).
    pub big_g: Q,
    /// Computation latency `W` (`≥ 0`; 0 in the linear model).
    pub big_w: Q,
}

impl Worker {
    /// A linear-cost worker.
    #[must_use]
    pub fn linear(g: Q, w: Q) -> Worker {
        Worker {
            g,
            w,
            big_g: Q::zero(),
            big_w: Q::zero(),
        }
    }
}

/// One node of a tree (divisible-load.md §3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// Its id as written.
    pub id: NodeId,
    /// Index of its parent in the node list (`None` for the root, the master).
    pub parent: Option<usize>,
    /// Cost per unit of the link from its parent (0 for the root).
    pub g: Q,
    /// Cycle time; `None` when the node has no CPU (a relay).
    pub w: Option<Q>,
}

/// A divisible-load instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divisible {
    /// The model.
    pub variant: Variant,
    /// The load to process, `≥ 0`.
    pub w_total: Q,
    /// Star workers `P_1..P_p` in input order (empty for a tree).
    pub workers: Vec<Worker>,
    /// Cycle time of a computing master (star-linear only).
    pub w0: Option<Q>,
    /// Tree nodes in input order (empty for a star).
    pub nodes: Vec<TreeNode>,
    /// Number of rounds `M` (multi-installment only).
    pub rounds: Option<usize>,
}

impl Divisible {
    /// A star instance with linear costs.
    #[must_use]
    pub fn star_linear(g: &[Q], w: &[Q], w_total: Q) -> Divisible {
        Divisible {
            variant: Variant::StarLinear,
            w_total,
            workers: g
                .iter()
                .zip(w)
                .map(|(g, w)| Worker::linear(g.clone(), w.clone()))
                .collect(),
            w0: None,
            nodes: Vec::new(),
            rounds: None,
        }
    }

    /// A star instance of `variant` with these workers.
    #[must_use]
    pub fn star(variant: Variant, workers: Vec<Worker>, w_total: Q) -> Divisible {
        Divisible {
            variant,
            w_total,
            workers,
            w0: None,
            nodes: Vec::new(),
            rounds: None,
        }
    }

    /// The instance as JSON (formats.md §3.1), read back identically.
    #[must_use]
    pub fn to_value(&self) -> serde_json::Value {
        let num = |v: &Q| serde_json::to_value(RawNum::from_cost(&Cost::Finite(v.clone())));
        let num = |v: &Q| num(v).unwrap_or_default();
        let mut v = serde_json::json!({
            "problem": "divisible", "version": 1, "variant": self.variant.name(),
            "W_total": num(&self.w_total),
        });
        if self.variant == Variant::TreeLinear {
            let nodes: Vec<serde_json::Value> = self
                .nodes
                .iter()
                .map(|n| {
                    let mut o = serde_json::json!({"id": n.id});
                    if let Some(p) = n.parent.and_then(|p| self.nodes.get(p)) {
                        o["parent"] = serde_json::json!(p.id);
                        o["g"] = num(&n.g);
                    }
                    o["w"] = n.w.as_ref().map_or_else(|| "inf".into(), num);
                    o
                })
                .collect();
            v["nodes"] = nodes.into();
        } else {
            let workers: Vec<serde_json::Value> = self
                .workers
                .iter()
                .map(|w| {
                    let mut o = serde_json::json!({"g": num(&w.g), "w": num(&w.w)});
                    if !w.big_g.is_zero() {
                        o["G"] = num(&w.big_g);
                    }
                    if !w.big_w.is_zero() {
                        o["W"] = num(&w.big_w);
                    }
                    o
                })
                .collect();
            v["workers"] = workers.into();
        }
        if let Some(w0) = &self.w0 {
            v["w0"] = num(w0);
        }
        if let Some(m) = self.rounds {
            v["rounds"] = m.into();
        }
        v
    }
}
