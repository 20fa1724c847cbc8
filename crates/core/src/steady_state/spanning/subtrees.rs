//! Exact throughputs of many spanning trees of one platform, each distinct subtree reduced once,
//! and only where the answer depends on it.
//!
//! One tree of the enumeration differs from the next in the parents of a few nodes, so most of
//! its subtrees were met before. Each subtree is named by its root and its children's arcs and
//! names (hash-consing): on a 50-node platform the 2 000 trees of the comparison share all but
//! a path of each, and only the nodes above a changed parent are named again. A name gets its
//! `ρ_star` in floating point at once, and in rationals only when asked: steady-state.md §3.1
//! feeds a child `min(1/c, ρ_star)`, and when the float
//! `ρ_star` is above `1/c` by far more than float error (see [`MARGIN`]) that minimum is `1/c`
//! exactly, whatever the child's subtree holds; a child met after the sending port is full
//! gets nothing. On platforms whose trees differ only far from the master, an exact answer
//! then touches a few stars near the root. The star's feeding rule is `tree::feed`, the closed
//! form's own (a test compares the two evaluations on every tree of random platforms).

use num_traits::{One, Zero};
use rustc_hash::FxHashMap;

use crate::platform::{Arc, Platform};
use crate::rational::{to_f64, Cost, Q};
use crate::steady_state::tree::feed;

/// A float `ρ_star` this far above `1/c` (relative) decides `min(1/c, ρ_star) = 1/c` without
/// the exact value. §3.1 in doubles adds positive rates, each a minimum of `1/c`, a child's
/// value and a remaining budget over `c`, every operation within `2^-53` relative; the
/// budget's subtractions can lose relative precision when it nears 0, which costs at most
/// `(c_max/c_min)·n·2^-53` relative on `ρ_star`. Costs within `10^6` of each other on 1 000
/// nodes stay under `1e-7`: this margin (the screening's `1e-9`, a thousand times wider) only
/// ever sends more children to the exact path.
const MARGIN: f64 = 1e-6;

/// A subtree: its root and its children as (arc into the child, the child's subtree name),
/// sorted by arc.
type Key = (usize, Vec<(usize, u32)>);

/// A named subtree: its root, its children in feeding order (by cost, then id), its `ρ_star`
/// in floating point and, once asked, in rationals.
struct Named {
    root: usize,
    fed: Vec<(usize, u32)>,
    float: f64,
    exact: Option<Q>,
}

/// The subtrees met so far.
pub(super) struct Subtrees<'a> {
    arcs: &'a [Arc],
    /// Time to send one task over each arc (`c · data_in`), its inverse, and both in doubles.
    cost: Vec<Q>,
    inverse: Vec<Q>,
    cost_f: Vec<f64>,
    inverse_f: Vec<f64>,
    /// Each arc's place in the order (cost, receiving node) in which §3.1 feeds children.
    rank: Vec<usize>,
    /// `1/w` of each node (0 for `w = inf`), and in doubles.
    speed: Vec<Q>,
    speed_f: Vec<f64>,
    names: FxHashMap<Key, u32>,
    named: Vec<Named>,
    /// The last tree: each node's children arcs, the arc into it, and its subtree's name.
    out: Vec<Vec<usize>>,
    into: Vec<Option<usize>>,
    node_name: Vec<Option<u32>>,
}

impl<'a> Subtrees<'a> {
    pub(super) fn new(p: &Platform, arcs: &'a [Arc], data_in: &Q) -> Self {
        let cost: Vec<Q> = arcs.iter().map(|a| &a.c * data_in).collect();
        let mut order: Vec<usize> = (0..arcs.len()).collect();
        order.sort_by(|&a, &b| cost[a].cmp(&cost[b]).then(arcs[a].to.cmp(&arcs[b].to)));
        let mut rank = vec![0; arcs.len()];
        for (r, &k) in order.iter().enumerate() {
            rank[k] = r;
        }
        let speed: Vec<Q> = p
            .nodes
            .iter()
            .map(|n| n.w.as_ref().map_or_else(Q::zero, Cost::recip))
            .collect();
        Subtrees {
            arcs,
            inverse: cost.iter().map(Q::recip).collect(),
            cost_f: cost.iter().map(to_f64).collect(),
            inverse_f: cost.iter().map(|c| 1.0 / to_f64(c)).collect(),
            cost,
            rank,
            speed_f: speed.iter().map(to_f64).collect(),
            speed,
            names: FxHashMap::default(),
            named: Vec::new(),
            out: Vec::new(),
            into: Vec::new(),
            node_name: Vec::new(),
        }
    }

    /// `ρ*` of the tree of the `picked` arcs (one into each node it reaches) rooted at `root`.
    ///
    /// Only the nodes whose subtree differs from the last tree's are named again: the old and
    /// new parents of every node that changed parent, and their ancestors in this tree. Any
    /// other node keeps its children, and (by induction) its whole subtree.
    pub(super) fn throughput(&mut self, root: usize, picked: &[usize]) -> Q {
        let n = self.speed.len();
        let mut out = std::mem::take(&mut self.out);
        out.resize(n, Vec::new());
        out.iter_mut().for_each(Vec::clear);
        let mut into = vec![None; n];
        for &k in picked {
            out[self.arcs[k].from].push(k);
            into[self.arcs[k].to] = Some(k);
        }
        let last = std::mem::replace(&mut self.into, into);
        let mut dirty = vec![last.is_empty(); n];
        for (v, old) in last.iter().enumerate() {
            let new = self.into[v];
            if *old != new {
                for arc in [*old, new].into_iter().flatten() {
                    self.mark_up(self.arcs[arc].from, &mut dirty);
                }
            }
        }
        self.node_name.resize(n, None);
        let name = self.name(root, &out, &dirty);
        self.out = out;
        self.exact(name)
    }

    /// Marks `v` and its ancestors in the current tree, up to the first one already marked.
    fn mark_up(&self, v: usize, dirty: &mut [bool]) {
        let mut cur = Some(v);
        for _ in 0..dirty.len() {
            let Some(x) = cur.filter(|&x| !dirty[x]) else {
                return;
            };
            dirty[x] = true;
            cur = self.into[x].map(|k| self.arcs[k].from);
        }
    }

    fn name(&mut self, v: usize, out: &[Vec<usize>], dirty: &[bool]) -> u32 {
        if let Some(name) = self.node_name[v].filter(|_| !dirty[v]) {
            return name;
        }
        let name = self.name_of(v, out, dirty);
        self.node_name[v] = Some(name);
        name
    }

    fn name_of(&mut self, v: usize, out: &[Vec<usize>], dirty: &[bool]) -> u32 {
        let mut kids: Vec<(usize, u32)> = out[v]
            .iter()
            .map(|&k| (k, self.name(self.arcs[k].to, out, dirty)))
            .collect();
        kids.sort_unstable();
        let key = (v, kids);
        if let Some(&name) = self.names.get(&key) {
            return name;
        }
        let mut fed = key.1.clone();
        fed.sort_unstable_by_key(|&(k, _)| self.rank[k]);
        let float = self.reduce_float(v, &fed);
        let name = u32::try_from(self.named.len()).unwrap_or(u32::MAX);
        self.named.push(Named {
            root: v,
            fed,
            float,
            exact: None,
        });
        self.names.insert(key, name);
        name
    }

    /// §3.1 on the star in doubles (the screening's arithmetic).
    fn reduce_float(&self, v: usize, fed: &[(usize, u32)]) -> f64 {
        let (mut budget, mut s) = (1.0f64, 0.0f64);
        for &(k, name) in fed {
            let c = self.cost_f[k];
            let cap = self.inverse_f[k].min(self.named[name as usize].float);
            let rate = if c * cap <= budget { cap } else { budget / c };
            budget = (budget - c * rate).max(0.0);
            s += rate;
        }
        self.speed_f[v] + s
    }

    /// The exact `ρ_star` of a named subtree: §3.1 on its star, children fed by increasing
    /// (cost, id) until the sending port is full, each at most `min(1/c, ρ_star)`; a child's
    /// own `ρ_star` is computed only when the float one does not settle that minimum.
    fn exact(&mut self, name: u32) -> Q {
        let i = name as usize;
        if let Some(q) = &self.named[i].exact {
            return q.clone();
        }
        let (v, fed) = (self.named[i].root, self.named[i].fed.clone());
        let (mut budget, mut s) = (Q::one(), Q::zero());
        for (k, child) in fed {
            if budget.is_zero() {
                break;
            }
            let inverse = &self.inverse[k];
            let settled = self.named[child as usize].float > self.inverse_f[k] * (1.0 + MARGIN);
            let cap = if settled {
                inverse.clone()
            } else {
                inverse.clone().min(self.exact(child))
            };
            s += feed(&mut budget, &self.cost[k], cap).1;
        }
        let rho = &self.speed[v] + s;
        self.named[i].exact = Some(rho.clone());
        rho
    }
}
