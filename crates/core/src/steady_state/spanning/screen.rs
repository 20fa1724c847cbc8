//! The screening of section 3.6's enumeration: every spanning tree rooted at the master, in
//! depth-first order of each node's choice of incoming arc, evaluated with §3.1's closed form
//! in floating point.
//!
//! Consecutive trees differ in the parents of a few nodes (the last choices of the order), so
//! each tree is evaluated from the last one: a node that changed parent leaves its old
//! parent's children and enters its new parent's, and the values of these nodes are computed
//! again, each followed by its ancestors while their values change. A node's values depend on
//! its children's alone, through the same operations in the same order as a fresh evaluation,
//! so every tree gets the same doubles, bit for bit.

use crate::platform::Arc;

/// The screened trees: each one's float throughput and arcs (one per node of the choices, in
/// their order), all in two flat lists.
pub(super) struct Screened {
    values: Vec<f64>,
    arcs: Vec<usize>,
    per_tree: usize,
}

impl Screened {
    pub(super) fn len(&self) -> usize {
        self.values.len()
    }

    /// Tree `i`: its float throughput and its arcs.
    pub(super) fn get(&self, i: usize) -> (f64, &[usize]) {
        let at = i * self.per_tree;
        (self.values[i], &self.arcs[at..at + self.per_tree])
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = (f64, &[usize])> {
        (0..self.len()).map(|i| self.get(i))
    }
}

pub(super) struct Search<'a> {
    arcs: &'a [Arc],
    choices: &'a [(usize, Vec<usize>)],
    limit: usize,
    /// The arc chosen into each node of `choices`, in its order.
    picked: Vec<usize>,
    /// Parent chosen so far for each node (to refuse a cycle as soon as it closes).
    parent: Vec<Option<usize>>,
    /// The last tree evaluated: its arcs (as `picked`), each node's children (cost, node) in
    /// feeding order, the cost into it, and its `(ρ_star, ρ_sub)`.
    last: Vec<usize>,
    children: Vec<Vec<(f64, usize)>>,
    c_in: Vec<Option<f64>>,
    value: Vec<(f64, f64)>,
    pub(super) trees: usize,
    /// Every tree with its throughput in floating point, in enumeration order.
    pub(super) screened: Screened,
    root: usize,
    /// `1/w` of each node and the time of one task on each arc, as floats.
    speed: &'a [f64],
    cost: &'a [f64],
}

impl<'a> Search<'a> {
    pub(super) fn new(
        arcs: &'a [Arc],
        choices: &'a [(usize, Vec<usize>)],
        limit: usize,
        root: usize,
        speed: &'a [f64],
        cost: &'a [f64],
    ) -> Self {
        Search {
            arcs,
            choices,
            limit,
            picked: Vec::new(),
            parent: vec![None; speed.len()],
            last: Vec::new(),
            children: vec![Vec::new(); speed.len()],
            c_in: vec![None; speed.len()],
            value: vec![(0.0, 0.0); speed.len()],
            trees: 0,
            screened: Screened {
                values: Vec::new(),
                arcs: Vec::new(),
                per_tree: choices.len(),
            },
            root,
            speed,
            cost,
        }
    }

    pub(super) fn walk(&mut self, depth: usize) {
        if self.trees >= self.limit {
            return;
        }
        let Some((v, options)) = self.choices.get(depth) else {
            self.evaluate();
            return;
        };
        for &k in options {
            if self.closes_cycle(*v, self.arcs[k].from) {
                continue;
            }
            self.parent[*v] = Some(self.arcs[k].from);
            self.picked.push(k);
            self.walk(depth + 1);
            self.picked.pop();
            self.parent[*v] = None;
        }
    }

    /// Giving `v` the parent `u` closes a cycle when `v` is already an ancestor of `u`.
    fn closes_cycle(&self, v: usize, u: usize) -> bool {
        let mut cur = Some(u);
        for _ in 0..self.parent.len() {
            match cur {
                Some(x) if x == v => return true,
                Some(x) => cur = self.parent[x],
                None => return false,
            }
        }
        true
    }

    /// Evaluates the picked arcs (a spanning tree: every node has a parent, no cycle) with the
    /// closed form in floating point; `exact_best` decides among the best ones exactly.
    fn evaluate(&mut self) {
        self.trees += 1;
        if self.last.is_empty() {
            for &k in &self.picked {
                let (from, to) = (self.arcs[k].from, self.arcs[k].to);
                self.children[from].push((self.cost[k], to));
                self.c_in[to] = Some(self.cost[k]);
            }
            for kids in &mut self.children {
                kids.sort_by(feeding_order);
            }
            self.value_below(self.root);
        } else {
            for d in 0..self.picked.len() {
                let (old, new) = (self.last[d], self.picked[d]);
                if old != new {
                    self.move_node(old, new);
                }
            }
        }
        self.last.clone_from(&self.picked);
        self.screened.values.push(self.value[self.root].0);
        self.screened.arcs.extend_from_slice(&self.picked);
    }

    /// The node at the end of `old` takes `new` as its arc in: it moves between the children
    /// lists, and both parents and the node itself are valued again, with their ancestors.
    fn move_node(&mut self, old: usize, new: usize) {
        let v = self.arcs[new].to;
        let (from_old, from_new) = (self.arcs[old].from, self.arcs[new].from);
        let kids = &mut self.children[from_old];
        if let Some(i) = kids.iter().position(|&(_, u)| u == v) {
            kids.remove(i);
        }
        let entry = (self.cost[new], v);
        let kids = &mut self.children[from_new];
        let at = kids.partition_point(|e| feeding_order(e, &entry).is_lt());
        kids.insert(at, entry);
        self.c_in[v] = Some(self.cost[new]);
        for x in [v, from_old, from_new] {
            self.value_up(x);
        }
    }

    /// Values every node of `v`'s subtree, children first.
    fn value_below(&mut self, v: usize) {
        for i in 0..self.children[v].len() {
            self.value_below(self.children[v][i].1);
        }
        self.value[v] = self.star(v);
    }

    /// Values `v` again, then its ancestors while the values change.
    fn value_up(&mut self, v: usize) {
        let mut cur = Some(v);
        for _ in 0..self.value.len() {
            let Some(x) = cur else {
                return;
            };
            let value = self.star(x);
            if value.0.to_bits() == self.value[x].0.to_bits()
                && value.1.to_bits() == self.value[x].1.to_bits()
            {
                return;
            }
            self.value[x] = value;
            cur = self.parent[x];
        }
    }

    /// The bandwidth-centric reduction of steady-state.md §3.1 at one node in floating point,
    /// as `tree::throughput` does it in rationals: `(ρ_star(v), ρ_sub(v))` from its children's
    /// `ρ_sub`, children fed by (cost, id).
    fn star(&self, v: usize) -> (f64, f64) {
        let (mut budget, mut s) = (1.0f64, 0.0f64);
        for &(c, u) in &self.children[v] {
            let cap = self.value[u].1;
            let rate = if budget <= 0.0 {
                0.0
            } else if c * cap <= budget {
                cap
            } else {
                budget / c
            };
            budget -= c * rate;
            s += rate;
        }
        let rho_star = self.speed[v] + s;
        let rho_sub = self.c_in[v].map_or(rho_star, |c| (1.0 / c).min(rho_star));
        (rho_star, rho_sub)
    }
}

/// Children are fed by increasing cost, then node id.
fn feeding_order(a: &(f64, usize), b: &(f64, usize)) -> std::cmp::Ordering {
    a.0.total_cmp(&b.0).then(a.1.cmp(&b.1))
}
