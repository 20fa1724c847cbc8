//! The view model of the tree closed form: what the figure shows after step `k`.

use num_bigint::BigInt;
use num_traits::Zero;

use super::{Class, NodeUse, TreeStep};
use crate::rational::Q;
use crate::trace::Replay;

/// Pseudocode shown beside the figure; [`crate::trace::Phase::line`] indexes it.
pub const TREE_PSEUDOCODE: &[&str] = &[
    "check: the nodes reachable from the master form a tree",
    "REDUCE(v): first REDUCE every child of v (post-order)",
    "  sort the children u of v by link cost c_u (ties: id)",
    "  b := 1 (free sending time of v), S := 0",
    "  need := c_u·ρ_sub(u) ≤ b ?  feed u fully: S += ρ_sub(u), b −= need",
    "  else feed u with b/c_u, b := 0; the next children stay unused",
    "  ρ_sub(v) := min(1/c_in(v), 1/w_v + S): v becomes one node of weight 1/ρ_sub(v)",
    "ρ* := 1/w_root + S(root)",
    "ALLOCATE(v, R):",
    "  x_v := min(1/w_v, R); give each child min(ρ_sub(u), what is left, b/c_u)",
    "classify: saturated (α = 1), partly used, idle",
    "period: T := lcm of the rates' denominators; n_v := T·x_v, m_vu := T·f_vu",
    "  each v sends m_vu files to its children back to back in (c, id) order from 0",
];

/// What the figure shows after some steps.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TreeState {
    /// Node being worked on (highlighted).
    pub focus: Option<usize>,
    /// Child being decided (highlighted link).
    pub focus_child: Option<usize>,
    /// Tree parent of each node, once checked.
    pub parent: Vec<Option<usize>>,
    /// Nodes the master cannot reach.
    pub unreachable: Vec<bool>,
    /// Known subtree capacities.
    pub rho_sub: Vec<Option<Q>>,
    /// The star at this node has been reduced (its subtree is drawn as one node).
    pub collapsed: Vec<bool>,
    /// Class of each child in its parent's star, once decided.
    pub class: Vec<Option<Class>>,
    /// Free sending time of the focus node during its star walk.
    pub budget: Option<Q>,
    /// Throughput, once found.
    pub throughput: Option<Q>,
    /// Local rates, once allocated.
    pub x: Vec<Option<Q>>,
    /// Rate sent from each node's parent to it, once allocated.
    pub rate_in: Vec<Option<Q>>,
    /// Final use of each node.
    pub usage: Vec<Option<NodeUse>>,
    /// The period `T`, once known (section 3.5).
    pub period: Option<BigInt>,
    /// Nodes whose transfers of the period are placed.
    pub scheduled: Vec<bool>,
}

impl TreeState {
    /// The state before any step, for a platform of `n` nodes.
    #[must_use]
    pub fn new(n: usize) -> TreeState {
        TreeState {
            parent: vec![None; n],
            unreachable: vec![false; n],
            rho_sub: vec![None; n],
            collapsed: vec![false; n],
            class: vec![None; n],
            x: vec![None; n],
            rate_in: vec![None; n],
            usage: vec![None; n],
            scheduled: vec![false; n],
            ..TreeState::default()
        }
    }

    /// Equivalent weight `1/ρ_sub` of a reduced subtree (`None`: unknown or infinite).
    #[must_use]
    pub fn w_eq(&self, v: usize) -> Option<Q> {
        self.rho_sub
            .get(v)?
            .as_ref()
            .filter(|r| !r.is_zero())
            .map(Q::recip)
    }

    /// `v` lies strictly inside a reduced subtree (drawn faded: its ancestor stands for it).
    #[must_use]
    pub fn hidden(&self, v: usize) -> bool {
        let mut cur = self.parent.get(v).copied().flatten();
        while let Some(a) = cur {
            if self.collapsed[a] {
                return true;
            }
            cur = self.parent[a];
        }
        false
    }
}

impl Replay for TreeState {
    type Step = TreeStep;

    fn apply(&mut self, step: &TreeStep) {
        self.focus_child = None;
        match step {
            TreeStep::CheckedTree {
                root,
                parent,
                unreachable,
            } => {
                self.parent.clone_from(parent);
                for &u in unreachable {
                    self.unreachable[u] = true;
                }
                self.focus = Some(*root);
            }
            TreeStep::SortedChildren { node, children } => {
                self.focus = Some(*node);
                self.budget = Some(Q::from_integer(1.into()));
                for c in children {
                    self.rho_sub[c.child] = Some(c.rho_sub.clone());
                }
            }
            TreeStep::FedChild {
                node,
                child,
                c,
                class,
                rate,
                budget_before,
                ..
            } => {
                self.focus = Some(*node);
                self.focus_child = Some(*child);
                self.class[*child] = Some(*class);
                self.budget = Some(budget_before - c * rate);
            }
            TreeStep::Collapsed { node, rho_sub, .. } => {
                self.focus = Some(*node);
                self.budget = None;
                self.collapsed[*node] = true;
                self.rho_sub[*node].clone_from(rho_sub);
            }
            TreeStep::FoundThroughput { rho } => {
                self.throughput = Some(rho.clone());
                self.collapsed.iter_mut().for_each(|c| *c = false);
                self.focus = None;
            }
            TreeStep::Allocated {
                node, local, sent, ..
            } => {
                self.focus = Some(*node);
                self.x[*node] = Some(local.clone());
                for (u, r) in sent {
                    self.rate_in[*u] = Some(r.clone());
                }
            }
            TreeStep::Classified { usage } => {
                self.focus = None;
                self.usage = usage.iter().copied().map(Some).collect();
                for (i, x) in self.x.iter_mut().enumerate() {
                    if x.is_none() && usage[i] != NodeUse::Unreachable {
                        *x = Some(Q::zero());
                    }
                }
            }
            TreeStep::Period { t, .. } => {
                self.focus = None;
                self.period = Some(t.clone());
            }
            TreeStep::Sent { node, .. } => {
                self.focus = Some(*node);
                if let Some(s) = self.scheduled.get_mut(*node) {
                    *s = true;
                }
            }
        }
    }
}
