//! Exact throughputs of many spanning trees of one platform, each distinct subtree reduced once.
//!
//! One tree of the enumeration differs from the next in the parents of a few nodes, so most of
//! its subtrees were met before. Each subtree is named by its root and its children's arcs and
//! names (hash-consing), and steady-state.md §3.1's star reduction runs in rationals once per
//! name: on a 50-node platform the 2 000 trees of the comparison share all but a path of each.
//! The star's feeding rule is `tree::feed`, the closed form's own (a test compares the two
//! evaluations on every tree of random platforms).

use std::collections::HashMap;

use num_traits::{One, Zero};

use crate::platform::{Arc, Platform};
use crate::rational::{Cost, Q};
use crate::steady_state::tree::feed;

/// A subtree: its root and its children as (arc into the child, the child's subtree name),
/// sorted by arc.
type Key = (usize, Vec<(usize, u32)>);

/// The subtrees met so far, with `ρ_star` of each.
pub(super) struct Subtrees<'a> {
    arcs: &'a [Arc],
    /// Time to send one task over each arc (`c · data_in`).
    cost: Vec<Q>,
    /// `1/w` of each node (0 for `w = inf`).
    speed: Vec<Q>,
    names: HashMap<Key, u32>,
    /// `ρ_star` of each named subtree.
    rho_star: Vec<Q>,
}

impl<'a> Subtrees<'a> {
    pub(super) fn new(p: &Platform, arcs: &'a [Arc], data_in: &Q) -> Self {
        Subtrees {
            arcs,
            cost: arcs.iter().map(|a| &a.c * data_in).collect(),
            speed: p
                .nodes
                .iter()
                .map(|n| n.w.as_ref().map_or_else(Q::zero, Cost::recip))
                .collect(),
            names: HashMap::new(),
            rho_star: Vec::new(),
        }
    }

    /// `ρ*` of the tree of the `picked` arcs (one into each node it reaches) rooted at `root`.
    pub(super) fn throughput(&mut self, root: usize, picked: &[usize]) -> Q {
        let mut out: Vec<Vec<usize>> = vec![Vec::new(); self.speed.len()];
        for &k in picked {
            out[self.arcs[k].from].push(k);
        }
        let name = self.name(root, &out);
        self.rho_star[name as usize].clone()
    }

    fn name(&mut self, v: usize, out: &[Vec<usize>]) -> u32 {
        let mut kids: Vec<(usize, u32)> = out[v]
            .iter()
            .map(|&k| (k, self.name(self.arcs[k].to, out)))
            .collect();
        kids.sort_unstable();
        let key = (v, kids);
        if let Some(&name) = self.names.get(&key) {
            return name;
        }
        let rho = self.reduce(v, &key.1);
        let name = u32::try_from(self.rho_star.len()).unwrap_or(u32::MAX);
        self.rho_star.push(rho);
        self.names.insert(key, name);
        name
    }

    /// §3.1 on the star at `v`: children fed by increasing (cost, id) until the sending port
    /// is full, each at most its subtree's capacity `min(1/c, ρ_star)`.
    fn reduce(&self, v: usize, kids: &[(usize, u32)]) -> Q {
        let mut order: Vec<(usize, u32)> = kids.to_vec();
        order.sort_by(|a, b| {
            self.cost[a.0]
                .cmp(&self.cost[b.0])
                .then(self.arcs[a.0].to.cmp(&self.arcs[b.0].to))
        });
        let (mut budget, mut s) = (Q::one(), Q::zero());
        for (k, name) in order {
            let c = &self.cost[k];
            let cap = c.recip().min(self.rho_star[name as usize].clone());
            s += feed(&mut budget, c, cap).1;
        }
        &self.speed[v] + s
    }
}
