//! The bandwidth-centric closed form for trees and stars (steady-state.md section 3).
//!
//! Bottom-up, every star (a node and its already-summarised children) is reduced to one
//! equivalent node: children are fed in order of increasing link cost until the parent's sending
//! port is saturated. Top-down, the optimal throughput is split into local-first rates.
//! Everything is exact: rationals in, rationals out.
//!
//! Reference: C. Banino, O. Beaumont, L. Carter, J. Ferrante, A. Legrand, Y. Robert,
//! *Scheduling strategies for master-slave tasking on heterogeneous processor platforms*,
//! IEEE TPDS 15(4), 2004, Proposition 2; O. Beaumont, HDR thesis, Ch. 4 (Fig. 4.8).

mod roles;
pub mod schedule;
#[cfg(test)]
mod schedule_tests;
mod state;
mod step;
#[cfg(test)]
mod tests;

use num_traits::{Signed, Zero};
use serde::Serialize;

pub use roles::{Class, NodeUse};
pub use schedule::{TreeSchedule, TreeSend};
pub use state::{TreeState, TREE_PSEUDOCODE};
pub use step::{ChildCap, TreeStep};

use super::Rates;
use crate::platform::{Arc, Platform};
use crate::rational::{frac, Cost, Q};
use crate::steady_state::SteadyState;
use crate::trace::{Trace, Traced};

/// The closed-form solution on a tree.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct TreeSolution {
    /// `ρ*`, tasks per time unit.
    #[serde(serialize_with = "crate::rational::exact")]
    pub throughput: Q,
    /// Local-first rates (`x` per node, `f` per arc of [`Platform::arcs`]).
    pub rates: Rates,
    /// Index of the master (the root).
    pub root: usize,
    /// Tree parent of each node (`None` for the root and unreachable nodes).
    pub parent: Vec<Option<usize>>,
    /// Capacity `ρ_sub` of each subtree fed through its incoming link (`None`: root, unreachable).
    #[serde(serialize_with = "crate::rational::exact")]
    pub rho_sub: Vec<Option<Q>>,
    /// Class of each node in its parent's star.
    pub class: Vec<Option<Class>>,
    /// What each node does.
    pub usage: Vec<NodeUse>,
    /// One period of the periodic schedule (section 3.5).
    pub schedule: TreeSchedule,
}

/// Why the closed form does not apply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    /// The closed form needs one master, no result files, and a tree; the message says which
    /// condition fails and what to use instead.
    #[error("the tree closed form does not apply: {0}")]
    NotApplicable(String),
}

/// The tree structure found from the master.
struct Shape {
    root: usize,
    parent: Vec<Option<usize>>,
    /// Arc index `parent → v`.
    parent_arc: Vec<Option<usize>>,
    /// Children in node order.
    children: Vec<Vec<usize>>,
    unreachable: Vec<usize>,
}

/// Solves a steady-state instance whose platform is a tree rooted at its master.
///
/// # Complexity
/// `O(|V| log |V| + |A|)` rational operations.
///
/// # Errors
/// [`TreeError::NotApplicable`] with several masters, result files (`data_out > 0`), or when the
/// nodes reachable from the master do not form a tree.
///
/// ```
/// use hetlab_core::{families::Instance, presets, rational::q, steady_state::tree};
/// let Some(Instance::SteadyState(star)) = presets::get("star-example-2") else { unreachable!() };
/// assert_eq!(tree::solve(&star).unwrap().throughput, q(29, 24));
/// ```
pub fn solve(inst: &SteadyState) -> Result<TreeSolution, TreeError> {
    run(inst, &mut |_| {})
}

/// As [`solve`], with the steps that the player replays.
///
/// # Errors
/// As [`solve`].
pub fn solve_traced(inst: &SteadyState) -> Result<Traced<TreeSolution, TreeStep>, TreeError> {
    let mut trace = Trace::default();
    let solution = run(inst, &mut |s| trace.push(s))?;
    Ok(Traced { solution, trace })
}

/// The tree's throughput alone (no allocation, no schedule): what comparing many trees needs.
///
/// # Errors
/// As [`solve`].
pub fn throughput(inst: &SteadyState) -> Result<Q, TreeError> {
    let (_, shape, cost, speed) = prepare(inst)?;
    Ok(Reduction::new(&shape, &cost, &speed).reduce(shape.root, &mut |_| {}))
}

/// The platform's arcs, its checked tree, the time to send one task over each arc and each
/// node's speed.
type Prepared = (Vec<Arc>, Shape, Vec<Q>, Vec<Q>);

/// See [`Prepared`].
fn prepare(inst: &SteadyState) -> Result<Prepared, TreeError> {
    let p = &inst.platform;
    if !inst.data_out.is_zero() {
        return Err(TreeError::NotApplicable(
            "it ignores result files; set data_out to 0 or use the LP".to_owned(),
        ));
    }
    let arcs = p.arcs();
    let shape = find_tree(p, &arcs)?;
    let cost: Vec<Q> = arcs.iter().map(|a| &a.c * &inst.data_in).collect();
    let speed: Vec<Q> = p
        .nodes
        .iter()
        .map(|n| n.w.as_ref().map_or_else(Q::zero, Cost::recip))
        .collect();
    Ok((arcs, shape, cost, speed))
}

fn run(inst: &SteadyState, emit: &mut impl FnMut(TreeStep)) -> Result<TreeSolution, TreeError> {
    let p = &inst.platform;
    let (arcs, shape, cost, speed) = prepare(inst)?;
    emit(TreeStep::CheckedTree {
        root: shape.root,
        parent: shape.parent.clone(),
        unreachable: shape.unreachable.clone(),
    });
    let n = p.nodes.len();
    let mut red = Reduction::new(&shape, &cost, &speed);
    let throughput = red.reduce(shape.root, emit);
    emit(TreeStep::FoundThroughput {
        rho: throughput.clone(),
    });
    let mut rates = Rates {
        x: vec![Q::zero(); n],
        f: vec![Q::zero(); arcs.len()],
    };
    red.allocate(shape.root, throughput.clone(), &mut rates, emit);
    let usage = usage(p, &shape, &rates);
    emit(TreeStep::Classified {
        usage: usage.clone(),
    });
    let Reduction { rho_sub, class, .. } = red;
    let schedule = schedule::build(inst, &arcs, &rates);
    emit(TreeStep::Period {
        t: schedule.period_t.clone(),
        n: schedule.n.clone(),
    });
    for v in 0..n {
        let sends: Vec<TreeSend> = schedule
            .sends
            .iter()
            .filter(|s| s.from == v)
            .cloned()
            .collect();
        if !sends.is_empty() {
            emit(TreeStep::Sent { node: v, sends });
        }
    }
    Ok(TreeSolution {
        throughput,
        rates,
        root: shape.root,
        parent: shape.parent,
        rho_sub,
        class,
        usage,
        schedule,
    })
}

/// Checks the preconditions and finds the tree: BFS over arcs from the single master.
fn find_tree(p: &Platform, arcs: &[Arc]) -> Result<Shape, TreeError> {
    let masters: Vec<usize> = (0..p.nodes.len()).filter(|&i| p.nodes[i].master).collect();
    let &[root] = masters.as_slice() else {
        return Err(TreeError::NotApplicable(format!(
            "it needs exactly one master, and this platform has {}; use the LP",
            masters.len()
        )));
    };
    let n = p.nodes.len();
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, a) in arcs.iter().enumerate() {
        out[a.from].push(k);
    }
    for list in &mut out {
        list.sort_by_key(|&k| arcs[k].to);
    }
    let mut parent = vec![None; n];
    let mut parent_arc = vec![None; n];
    let mut seen = vec![false; n];
    let mut queue = std::collections::VecDeque::from([root]);
    seen[root] = true;
    while let Some(v) = queue.pop_front() {
        for &k in &out[v] {
            let u = arcs[k].to;
            if !seen[u] {
                seen[u] = true;
                parent[u] = Some(v);
                parent_arc[u] = Some(k);
                queue.push_back(u);
            }
        }
    }
    // Among reachable nodes, every linked pair must be a tree edge.
    for a in arcs {
        if !(seen[a.from] && seen[a.to]) {
            continue;
        }
        let tree_edge = parent[a.to] == Some(a.from) || parent[a.from] == Some(a.to);
        if !tree_edge {
            return Err(TreeError::NotApplicable(format!(
                "the nodes reachable from the master do not form a tree (the link {}–{} closes a cycle); use the LP",
                p.nodes[a.from].id, p.nodes[a.to].id
            )));
        }
    }
    let mut children = vec![Vec::new(); n];
    for (u, p) in parent.iter().enumerate() {
        if let Some(v) = *p {
            children[v].push(u);
        }
    }
    let unreachable = (0..n).filter(|&i| !seen[i]).collect();
    Ok(Shape {
        root,
        parent,
        parent_arc,
        children,
        unreachable,
    })
}

/// Section 3.1's rule for the next child of a star, in order of increasing link cost: with the
/// sending port's `budget` left, a child of link cost `c` and capacity `cap` is fed fully when
/// `c·cap` fits, with what is left otherwise, and not at all once the port is full. Returns its
/// class and rate and takes its sending time from `budget`.
pub(crate) fn feed(budget: &mut Q, c: &Q, cap: Q) -> (Class, Q) {
    let (class, rate) = if budget.is_zero() {
        (Class::Unused, Q::zero())
    } else if c * &cap <= *budget {
        (Class::Full, cap)
    } else {
        (Class::Partial, &*budget / c)
    };
    *budget -= c * &rate;
    (class, rate)
}

struct Reduction<'a> {
    shape: &'a Shape,
    cost: &'a [Q],
    speed: &'a [Q],
    rho_sub: Vec<Option<Q>>,
    class: Vec<Option<Class>>,
    /// Children of each node sorted by (cost, id), filled by `reduce`.
    sorted: Vec<Vec<usize>>,
}

impl<'a> Reduction<'a> {
    fn new(shape: &'a Shape, cost: &'a [Q], speed: &'a [Q]) -> Reduction<'a> {
        let n = speed.len();
        Reduction {
            shape,
            cost,
            speed,
            rho_sub: vec![None; n],
            class: vec![None; n],
            sorted: vec![Vec::new(); n],
        }
    }

    fn c_in(&self, v: usize) -> Option<&Q> {
        self.shape.parent_arc[v].map(|k| &self.cost[k])
    }

    /// Section 3.1 on the star at `v`, after its children; returns `ρ_star(v)`.
    fn reduce(&mut self, v: usize, emit: &mut impl FnMut(TreeStep)) -> Q {
        for &u in &self.shape.children[v] {
            self.reduce(u, emit);
        }
        let mut kids = self.shape.children[v].clone();
        kids.sort_by(|&a, &b| self.c_in(a).cmp(&self.c_in(b)).then(a.cmp(&b)));
        let capacity = |me: &Self, u: usize| me.rho_sub[u].clone().unwrap_or_else(Q::zero);
        if !kids.is_empty() {
            let children = kids
                .iter()
                .map(|&u| ChildCap {
                    child: u,
                    c: self.c_in(u).cloned().unwrap_or_else(Q::zero),
                    rho_sub: capacity(self, u),
                })
                .collect();
            emit(TreeStep::SortedChildren { node: v, children });
        }
        let (mut budget, mut s) = (Q::from_integer(1.into()), Q::zero());
        for &u in &kids {
            let c = self.c_in(u).cloned().unwrap_or_else(Q::zero);
            let cap = capacity(self, u);
            let need = &c * &cap;
            let budget_before = budget.clone();
            let (class, rate) = feed(&mut budget, &c, cap);
            s += &rate;
            self.class[u] = Some(class);
            emit(TreeStep::FedChild {
                node: v,
                child: u,
                c,
                need,
                budget_before,
                class,
                rate,
            });
        }
        let rho_star = &self.speed[v] + &s;
        let cap = self.c_in(v).map(Q::recip);
        let rho_sub = cap.as_ref().map(|cap| cap.clone().min(rho_star.clone()));
        if !kids.is_empty() {
            emit(TreeStep::Collapsed {
                node: v,
                local: self.speed[v].clone(),
                sum: s,
                rho_star: rho_star.clone(),
                cap,
                rho_sub: rho_sub.clone(),
            });
        }
        self.rho_sub[v] = rho_sub;
        self.sorted[v] = kids;
        rho_star
    }

    /// Section 3.3: local-first greedy, pre-order.
    fn allocate(&self, v: usize, arriving: Q, rates: &mut Rates, emit: &mut impl FnMut(TreeStep)) {
        if !arriving.is_positive() {
            return;
        }
        let local = self.speed[v].clone().min(arriving.clone());
        let mut rem = &arriving - &local;
        let mut budget = Q::from_integer(1.into());
        let mut sent = Vec::new();
        for &u in &self.sorted[v] {
            let c = self.c_in(u).cloned().unwrap_or_else(Q::zero);
            let cap = self.rho_sub[u].clone().unwrap_or_else(Q::zero);
            let give = cap.min(rem.clone()).min(&budget / &c);
            rem -= &give;
            budget -= &give * &c;
            if let Some(k) = self.shape.parent_arc[u] {
                rates.f[k].clone_from(&give);
            }
            sent.push((u, give));
        }
        // The reduction guarantees the children absorb everything (section 3.3's assertion).
        debug_assert!(rem.is_zero(), "allocation left {} at node {v}", frac(&rem));
        rates.x[v].clone_from(&local);
        emit(TreeStep::Allocated {
            node: v,
            arriving,
            local,
            sent: sent.clone(),
        });
        for (u, give) in sent {
            self.allocate(u, give, rates, emit);
        }
    }
}

fn usage(p: &Platform, shape: &Shape, rates: &Rates) -> Vec<NodeUse> {
    (0..p.nodes.len())
        .map(|i| {
            if shape.unreachable.contains(&i) {
                return NodeUse::Unreachable;
            }
            match &p.nodes[i].w {
                Some(Cost::Finite(w)) => {
                    let alpha = &rates.x[i] * w;
                    if alpha.is_zero() {
                        NodeUse::Idle
                    } else if alpha == Q::from_integer(1.into()) {
                        NodeUse::Saturated
                    } else {
                        NodeUse::Partial
                    }
                }
                _ => NodeUse::Router,
            }
        })
        .collect()
}
