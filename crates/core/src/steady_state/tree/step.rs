//! The steps of the tree closed form, with their English captions.

use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use serde::Serialize;

use super::{Class, NodeUse, TreeSend};
use crate::platform::NodeId;
use crate::rational::{approx, frac, Q};
use crate::trace::{Phase, Step};

/// A child as its parent's star sees it: link cost and subtree capacity.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct ChildCap {
    /// Child node index.
    pub child: usize,
    /// Time to send it one task.
    #[serde(serialize_with = "crate::rational::exact")]
    pub c: Q,
    /// What its subtree can absorb, `ρ_sub`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub rho_sub: Q,
}

/// One event of the closed form (node indices refer to the platform's node order).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum TreeStep {
    /// The reachable part is a tree rooted at the master.
    CheckedTree {
        /// The master.
        root: usize,
        /// Tree parent of each node.
        parent: Vec<Option<usize>>,
        /// Nodes the master cannot reach.
        unreachable: Vec<usize>,
    },
    /// The children of `node` were sorted by link cost (ties by id).
    SortedChildren {
        /// The star's centre.
        node: usize,
        /// Its children in feeding order.
        children: Vec<ChildCap>,
    },
    /// One child was fed fully, partially, or not at all.
    FedChild {
        /// The star's centre.
        node: usize,
        /// The child.
        child: usize,
        /// Time to send it one task.
        #[serde(serialize_with = "crate::rational::exact")]
        c: Q,
        /// Port time needed to feed it fully, `c·ρ_sub`.
        #[serde(serialize_with = "crate::rational::exact")]
        need: Q,
        /// Port time left before this child.
        #[serde(serialize_with = "crate::rational::exact")]
        budget_before: Q,
        /// The decision.
        class: Class,
        /// Tasks per time unit it gets.
        #[serde(serialize_with = "crate::rational::exact")]
        rate: Q,
    },
    /// The star at `node` was reduced to one equivalent node.
    Collapsed {
        /// The star's centre.
        node: usize,
        /// `1/w` of the centre.
        #[serde(serialize_with = "crate::rational::exact")]
        local: Q,
        /// Sum of the children's rates.
        #[serde(serialize_with = "crate::rational::exact", rename = "s")]
        sum: Q,
        /// `1/w + S`.
        #[serde(serialize_with = "crate::rational::exact")]
        rho_star: Q,
        /// `1/c_in` (none at the root).
        #[serde(serialize_with = "crate::rational::exact")]
        cap: Option<Q>,
        /// `min(cap, ρ_star)` (none at the root).
        #[serde(serialize_with = "crate::rational::exact")]
        rho_sub: Option<Q>,
    },
    /// The optimal throughput is known.
    FoundThroughput {
        /// `ρ*`.
        #[serde(serialize_with = "crate::rational::exact")]
        rho: Q,
    },
    /// The tasks arriving at `node` were split between local work and its children.
    Allocated {
        /// The node.
        node: usize,
        /// Tasks per time unit arriving.
        #[serde(serialize_with = "crate::rational::exact")]
        arriving: Q,
        /// Computed locally.
        #[serde(serialize_with = "crate::rational::exact")]
        local: Q,
        /// Sent to each child.
        #[serde(serialize_with = "crate::rational::exact")]
        sent: Vec<(usize, Q)>,
    },
    /// Every node was classified by its utilisation.
    Classified {
        /// Per node.
        usage: Vec<NodeUse>,
    },
    /// The period `T` and the tasks each node computes per period (section 3.5).
    Period {
        /// `T`.
        #[serde(serialize_with = "crate::rational::exact")]
        t: BigInt,
        /// `n_i = T·x_i`, per node.
        #[serde(serialize_with = "crate::rational::exact")]
        n: Vec<BigInt>,
    },
    /// One node's transfers of a period, back to back to its children in `(c, id)` order.
    Sent {
        /// The sender.
        node: usize,
        /// Its transfers in order.
        sends: Vec<TreeSend>,
    },
}

const CHECK: Phase = Phase {
    name: "check",
    line: 0,
};

fn id(ids: &[NodeId], i: usize) -> String {
    ids.get(i)
        .map_or_else(|| format!("#{i}"), ToString::to_string)
}

fn list(ids: &[NodeId], nodes: impl IntoIterator<Item = usize>) -> String {
    let names: Vec<String> = nodes.into_iter().map(|i| id(ids, i)).collect();
    match names.len() {
        0 => "none".to_owned(),
        1 => names[0].clone(),
        k => format!("{} and {}", names[..k - 1].join(", "), names[k - 1]),
    }
}

impl Step for TreeStep {
    type Context<'a> = [NodeId];

    fn caption(&self, ids: &[NodeId]) -> String {
        let name = |i: usize| id(ids, i);
        match self {
            TreeStep::CheckedTree { root, parent, unreachable } => {
                let size = parent.iter().filter(|p| p.is_some()).count() + 1;
                let mut s = format!("Checked that the {size} nodes reachable from master {} form a tree, so the closed form applies.", name(*root));
                if !unreachable.is_empty() {
                    s.push_str(&format!(" Node(s) {} cannot be reached and get no work.", list(ids, unreachable.iter().copied())));
                }
                s
            }
            TreeStep::SortedChildren { node, children } => {
                let order: Vec<String> = children.iter().map(|c| format!("{} (c = {})", name(c.child), frac(&c.c))).collect();
                format!("Sorted the children of {} by link cost, cheapest first: {}. The cheapest links are served first, whatever the speed behind them.", name(*node), order.join(", "))
            }
            TreeStep::FedChild { node, child, c, need, budget_before, class, rate } => match class {
                Class::Full => format!(
                    "Fed {} fully: it needs {} of {}'s sending time (c × ρ_sub = {} × {}) and {} is left, so it gets {} task(s) per time unit.",
                    name(*child), frac(need), name(*node), frac(c), frac(&(need / c)), frac(budget_before), frac(rate)
                ),
                Class::Partial => format!(
                    "Fed {} partially: it would need {} of {}'s sending time but only {} is left, so it gets {} ÷ {} = {} task(s) per time unit and the port is now saturated.",
                    name(*child), frac(need), name(*node), frac(budget_before), frac(budget_before), frac(c), frac(rate)
                ),
                Class::Unused => format!("Left {} unused: {}'s sending port is already saturated.", name(*child), name(*node)),
            },
            TreeStep::Collapsed { node, local, sum: s, rho_star, cap, rho_sub } => match (cap, rho_sub) {
                (Some(cap), Some(sub)) => {
                    let weq = if sub.is_zero() { "inf".to_owned() } else { frac(&sub.recip()) };
                    format!(
                        "Reduced the star at {} to one equivalent node: 1/w + S = {} + {} = {}; its incoming link carries at most {}, so ρ_sub = {} (w_eq = {}).",
                        name(*node), frac(local), frac(s), frac(rho_star), frac(cap), frac(sub), weq
                    )
                }
                _ => format!("Reduced the root star at {}: 1/w + S = {} + {} = {}.", name(*node), frac(local), frac(s), frac(rho_star)),
            },
            TreeStep::FoundThroughput { rho } => format!("The optimal steady-state throughput is ρ* = {} ≈ {} tasks per time unit.", frac(rho), approx(rho)),
            TreeStep::Allocated { node, arriving, local, sent } => {
                let given: Vec<String> = sent.iter().filter(|(_, r)| !r.is_zero()).map(|(u, r)| format!("{} to {}", frac(r), name(*u))).collect();
                let rest = if given.is_empty() { String::new() } else { format!(" and sends {}", given.join(", ")) };
                format!("Allocated at {}: of {} task(s) per time unit arriving, it computes {}{}.", name(*node), frac(arriving), frac(local), rest)
            }
            TreeStep::Classified { usage } => {
                let of = |u: NodeUse| list(ids, usage.iter().enumerate().filter(|(_, x)| **x == u).map(|(i, _)| i));
                let mut s = format!("Classified the nodes: saturated {}; partly used {}; idle {}", of(NodeUse::Saturated), of(NodeUse::Partial), of(NodeUse::Idle));
                if usage.contains(&NodeUse::Router) {
                    s.push_str(&format!("; routers {}", of(NodeUse::Router)));
                }
                s.push('.');
                s
            }
            TreeStep::Period { t, n } => {
                let total: BigInt = n.iter().sum();
                if total.is_zero() {
                    return "The throughput is 0: no node computes anything, so there is no period to schedule.".to_owned();
                }
                let each: Vec<String> = n.iter().enumerate().filter(|(_, k)| k.is_positive()).map(|(i, k)| format!("{} computes {k}", name(i))).collect();
                format!("One period lasts T = {t} (the least common multiple of the rates' denominators): {}, {total} tasks per period. In a tree every node receives from its parent only, so no matchings are needed and the scale factor is A = 1.", each.join(", "))
            }
            TreeStep::Sent { node, sends } => {
                let parts: Vec<String> = sends.iter().map(|s| format!("{} file(s) to {} in [{}, {})", s.count, name(s.to), frac(&s.start), frac(&s.end))).collect();
                let busy = sends.last().map_or_else(Q::zero, |s| s.end.clone());
                format!("{} sends back to back, cheapest link first: {}; its sending port is busy {} time units of the period.", name(*node), parts.join(", "), frac(&busy))
            }
        }
    }

    fn phase(&self) -> Phase {
        match self {
            TreeStep::CheckedTree { .. } => CHECK,
            TreeStep::SortedChildren { .. } => Phase {
                name: "reduce",
                line: 2,
            },
            TreeStep::FedChild {
                class: Class::Full, ..
            } => Phase {
                name: "reduce",
                line: 4,
            },
            TreeStep::FedChild { .. } => Phase {
                name: "reduce",
                line: 5,
            },
            TreeStep::Collapsed { .. } => Phase {
                name: "reduce",
                line: 6,
            },
            TreeStep::FoundThroughput { .. } => Phase {
                name: "throughput",
                line: 7,
            },
            TreeStep::Allocated { .. } => Phase {
                name: "allocate",
                line: 9,
            },
            TreeStep::Classified { .. } => Phase {
                name: "classify",
                line: 10,
            },
            TreeStep::Period { .. } => Phase {
                name: "period",
                line: 11,
            },
            TreeStep::Sent { .. } => Phase {
                name: "period",
                line: 12,
            },
        }
    }
}
