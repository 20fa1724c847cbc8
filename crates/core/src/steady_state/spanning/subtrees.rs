//! Exact throughputs of many spanning trees of one platform, each distinct subtree reduced once,
//! and only where the answer depends on it.
//!
//! One tree of the enumeration differs from the next in the parents of a few nodes, so most of
//! its subtrees were met before. Each subtree is named by its root and what §3.1 reads of its
//! children (hash-consing): steady-state.md §3.1 feeds a child `min(1/c, ρ_star)`, and when the
//! child's float `ρ_star` is above `1/c` by far more than float error (see [`MARGIN`]) that
//! minimum is `1/c` exactly, whatever the child's subtree holds. Such a child enters its
//! parent's name as "settled", without its own name. A tree is named from the last one's names:
//! the old and new parents of every node that changed parent are named again, then their
//! parents, up to the first name that did not change. A change below a settled child stops
//! there, and the tree's exact value is the last one's. Names get their `ρ_star` in floating
//! point at once, and in rationals only when asked; a child met after the sending port is full
//! gets nothing. The star's feeding rule is `tree::feed`, the closed form's own (a test compares
//! the two evaluations on every tree of random platforms).

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

/// A child's token in its parent's name when §3.1 feeds it `1/c` whatever its subtree holds.
const SETTLED: u32 = u32::MAX;

/// A named subtree: its root, its children in feeding order (by cost, then id) as (arc into
/// the child, the child's name or [`SETTLED`]), its `ρ_star` in floating point and, once
/// asked, in rationals.
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
    /// Names by key: the root, then (arc, child's token) for each child by arc.
    names: FxHashMap<Box<[u32]>, u32>,
    named: Vec<Named>,
    /// The last tree: each node's children arcs, the arc into it, and its subtree's name.
    out: Vec<Vec<usize>>,
    into: Vec<Option<usize>>,
    node_name: Vec<u32>,
    /// The key being built (kept to spare an allocation per name).
    key: Vec<u32>,
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
            key: Vec::new(),
        }
    }

    /// `ρ*` of the tree of the `picked` arcs (one into each node it reaches) rooted at `root`.
    ///
    /// The first tree is named bottom-up. After it, only the old and new parents of every
    /// node that changed parent are named again, each followed by its ancestors in this tree
    /// while their names change: a node's name depends on its children's names only.
    pub(super) fn throughput(&mut self, root: usize, picked: &[usize]) -> Q {
        let n = self.speed.len();
        let mut into = vec![None; n];
        for &k in picked {
            into[self.arcs[k].to] = Some(k);
        }
        let last = std::mem::replace(&mut self.into, into);
        if last.is_empty() {
            self.out = vec![Vec::new(); n];
            for &k in picked {
                self.out[self.arcs[k].from].push(k);
            }
            for kids in &mut self.out {
                kids.sort_unstable();
            }
            self.node_name = vec![SETTLED; n];
            self.name_below(root);
        } else {
            // Every children list is brought up to date before any name is read.
            let changed: Vec<[Option<usize>; 2]> = last
                .into_iter()
                .zip(&self.into)
                .filter(|(old, new)| old != *new)
                .map(|(old, &new)| [old, new])
                .collect();
            for &[old, new] in &changed {
                if let Some(k) = old {
                    let kids = &mut self.out[self.arcs[k].from];
                    if let Some(i) = kids.iter().position(|&x| x == k) {
                        kids.remove(i);
                    }
                }
                if let Some(k) = new {
                    let kids = &mut self.out[self.arcs[k].from];
                    let at = kids.partition_point(|&x| x < k);
                    kids.insert(at, k);
                }
            }
            for arc in changed.into_iter().flatten().flatten() {
                self.rename_up(self.arcs[arc].from);
            }
        }
        self.exact(self.node_name[root])
    }

    /// Names every node of `v`'s subtree, children first.
    fn name_below(&mut self, v: usize) {
        for i in 0..self.out[v].len() {
            self.name_below(self.arcs[self.out[v][i]].to);
        }
        self.node_name[v] = self.name_of(v);
    }

    /// Names `v` again, then its ancestors while the name changes.
    fn rename_up(&mut self, v: usize) {
        let mut cur = Some(v);
        for _ in 0..self.node_name.len() {
            let Some(x) = cur else {
                return;
            };
            let name = self.name_of(x);
            if name == self.node_name[x] {
                return;
            }
            self.node_name[x] = name;
            cur = self.into[x].map(|k| self.arcs[k].from);
        }
    }

    /// The name of `v`'s subtree in the current tree, from its children's names.
    fn name_of(&mut self, v: usize) -> u32 {
        let id = |x: usize| u32::try_from(x).unwrap_or(SETTLED);
        let mut key = std::mem::take(&mut self.key);
        key.clear();
        key.push(id(v));
        for &k in &self.out[v] {
            let child = self.node_name[self.arcs[k].to];
            let settled = self.named[child as usize].float > self.inverse_f[k] * (1.0 + MARGIN);
            key.extend([id(k), if settled { SETTLED } else { child }]);
        }
        let name = if let Some(&name) = self.names.get(key.as_slice()) {
            name
        } else {
            let mut fed: Vec<(usize, u32)> = key[1..]
                .chunks_exact(2)
                .map(|pair| (pair[0] as usize, pair[1]))
                .collect();
            fed.sort_unstable_by_key(|&(k, _)| self.rank[k]);
            let float = self.reduce_float(v, &fed);
            let name = u32::try_from(self.named.len()).unwrap_or(SETTLED - 1);
            self.named.push(Named {
                root: v,
                fed,
                float,
                exact: None,
            });
            self.names.insert(key.as_slice().into(), name);
            name
        };
        self.key = key;
        name
    }

    /// §3.1 on the star in doubles (the screening's arithmetic).
    fn reduce_float(&self, v: usize, fed: &[(usize, u32)]) -> f64 {
        let (mut budget, mut s) = (1.0f64, 0.0f64);
        for &(k, name) in fed {
            let c = self.cost_f[k];
            let cap = match name {
                SETTLED => self.inverse_f[k],
                _ => self.inverse_f[k].min(self.named[name as usize].float),
            };
            let rate = if c * cap <= budget { cap } else { budget / c };
            budget = (budget - c * rate).max(0.0);
            s += rate;
        }
        self.speed_f[v] + s
    }

    /// The exact `ρ_star` of a named subtree: §3.1 on its star, children fed by increasing
    /// (cost, id) until the sending port is full, each at most `min(1/c, ρ_star)`, a settled
    /// child `1/c`.
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
            let cap = match child {
                SETTLED => inverse.clone(),
                _ => inverse.clone().min(self.exact(child)),
            };
            s += feed(&mut budget, &self.cost[k], cap).1;
        }
        let rho = &self.speed[v] + s;
        self.named[i].exact = Some(rho.clone());
        rho
    }
}
