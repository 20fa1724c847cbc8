//! The plain directed network both the multicast and the unidirectional solvers work on
//! (broadcast.md §0, §1.1): nodes `0..n`, arcs in `Platform::arcs` order (the spec's arc ids),
//! exact costs. Unlike a user platform it may hold the 0-cost internal arcs of the node
//! transformations (§6.5). Also the result vocabulary shared by both parts (status, objective)
//! and small graph routines: reachability, BFS arborescences, routes (§7.3), tree checks.

use std::collections::VecDeque;

use num_traits::{One, Signed, Zero};
use serde::Serialize;

use crate::platform::Platform;
use crate::rational::{format_fraction, Q};

/// One arc of a [`Net`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetArc {
    /// Sending node.
    pub from: usize,
    /// Receiving node.
    pub to: usize,
    /// Time to push one unit message through the arc (`≥ 0`; 0 only for internal arcs).
    pub c: Q,
}

/// A directed network; arc ids are indices into `arcs`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Net {
    /// Number of nodes.
    pub n: usize,
    /// Arcs in id order.
    pub arcs: Vec<NetArc>,
}

impl Net {
    /// The arcs of a platform in creation order.
    #[must_use]
    pub fn from_platform(p: &Platform) -> Net {
        Net {
            n: p.nodes.len(),
            arcs: p
                .arcs()
                .into_iter()
                .map(|a| NetArc {
                    from: a.from,
                    to: a.to,
                    c: a.c,
                })
                .collect(),
        }
    }

    /// Nodes reachable from `s` using only nodes of `active` and arcs accepted by `use_arc`.
    #[must_use]
    pub fn reach_by(
        &self,
        s: usize,
        active: &[bool],
        use_arc: impl Fn(usize) -> bool,
    ) -> Vec<bool> {
        let mut seen = vec![false; self.n];
        if s >= self.n || !active[s] {
            return seen;
        }
        seen[s] = true;
        let mut stack = vec![s];
        while let Some(u) = stack.pop() {
            for (k, a) in self.arcs.iter().enumerate() {
                if a.from == u && active[a.to] && !seen[a.to] && use_arc(k) {
                    seen[a.to] = true;
                    stack.push(a.to);
                }
            }
        }
        seen
    }

    /// Nodes reachable from `s` inside `active`.
    #[must_use]
    pub fn reach(&self, s: usize, active: &[bool]) -> Vec<bool> {
        self.reach_by(s, active, |_| true)
    }

    /// Breadth-first arborescence from `s` over the active nodes: nodes are discovered by
    /// scanning out-arcs in id order. Returns the sorted arc ids (reachable part only).
    #[must_use]
    pub fn bfs_tree(&self, s: usize, active: &[bool]) -> Vec<usize> {
        let mut seen = vec![false; self.n];
        let mut tree = Vec::new();
        let mut queue = VecDeque::from([s]);
        seen[s] = true;
        while let Some(u) = queue.pop_front() {
            for (k, a) in self.arcs.iter().enumerate() {
                if a.from == u && active[a.to] && !seen[a.to] {
                    seen[a.to] = true;
                    tree.push(k);
                    queue.push_back(a.to);
                }
            }
        }
        tree.sort_unstable();
        tree
    }

    /// Removes from an arborescence (arc ids) every leaf that is not in `keep`, repeatedly,
    /// so that every remaining leaf is a target. Returns the sorted arc ids.
    #[must_use]
    pub fn prune(&self, tree: &[usize], keep: &[bool]) -> Vec<usize> {
        let mut arcs: Vec<usize> = tree.to_vec();
        loop {
            let before = arcs.len();
            let sends = |v: usize, arcs: &[usize]| arcs.iter().any(|&k| self.arcs[k].from == v);
            let kept: Vec<usize> = arcs
                .iter()
                .copied()
                .filter(|&k| {
                    let v = self.arcs[k].to;
                    keep[v] || sends(v, &arcs)
                })
                .collect();
            arcs = kept;
            if arcs.len() == before {
                arcs.sort_unstable();
                return arcs;
            }
        }
    }

    /// Checks that `arcs` form an arborescence rooted at `s` whose node set contains every node
    /// marked in `must`: one parent per reached node, none for `s`, everything reached from `s`.
    ///
    /// # Errors
    /// A sentence naming the first defect.
    pub fn check_arborescence(
        &self,
        s: usize,
        arcs: &[usize],
        must: &[bool],
    ) -> Result<(), Violation> {
        let mut parent: Vec<Option<usize>> = vec![None; self.n];
        for &k in arcs {
            let a = self
                .arcs
                .get(k)
                .ok_or_else(|| format!("arc {k} does not exist"))?;
            if a.to == s {
                return Err(format!("arc {k} enters the source").into());
            }
            if parent[a.to].replace(a.from).is_some() {
                return Err(format!("node {} has two parents", a.to).into());
            }
        }
        // Walking up from every node must reach the source without looping.
        for v in 0..self.n {
            let needed = must[v] || parent[v].is_some();
            let (mut u, mut steps) = (v, 0);
            while u != s && needed {
                match parent[u] {
                    Some(p) if steps <= self.n => (u, steps) = (p, steps + 1),
                    _ => return Err(format!("node {v} is not reached from the source").into()),
                }
            }
        }
        Ok(())
    }

    /// Depth of the head of each arc of an arborescence (children of `s` have depth 1).
    #[must_use]
    pub fn depths(&self, s: usize, arcs: &[usize]) -> Vec<(usize, usize)> {
        let mut parent: Vec<Option<usize>> = vec![None; self.n];
        for &k in arcs {
            parent[self.arcs[k].to] = Some(self.arcs[k].from);
        }
        arcs.iter()
            .map(|&k| {
                let (mut u, mut d) = (self.arcs[k].to, 0);
                while u != s && d <= self.n {
                    u = parent[u].unwrap_or(s);
                    d += 1;
                }
                (k, d)
            })
            .collect()
    }

    /// Route of the logical edge `s→d` (§7.3): the direct arc if it exists, otherwise a
    /// cheapest directed path inside `active` (ties: fewer hops, then the lexicographically
    /// smaller node sequence). Returns the node sequence, or `None` when `d` is unreachable.
    #[must_use]
    pub fn route(&self, s: usize, d: usize, active: &[bool]) -> Option<Vec<usize>> {
        type Label = (Q, usize, Vec<usize>);
        if self.arcs.iter().any(|a| a.from == s && a.to == d) {
            return Some(vec![s, d]);
        }
        // Dijkstra on labels (cost, hops, path): equal-cost equal-hop paths have equal length,
        // so comparing whole paths lexicographically keeps optimal substructure.
        let mut best: Vec<Option<Label>> = vec![None; self.n];
        let mut done = vec![false; self.n];
        best[s] = Some((Q::zero(), 0, vec![s]));
        loop {
            let u = (0..self.n)
                .filter(|&v| !done[v] && best[v].is_some())
                .min_by(|&a, &b| best[a].cmp(&best[b]))?;
            done[u] = true;
            if u == d {
                return best[d].as_ref().map(|l| l.2.clone());
            }
            let (du, hu, pu) = best[u].clone()?;
            for a in self.arcs.iter().filter(|a| a.from == u && active[a.to]) {
                let mut path = pu.clone();
                path.push(a.to);
                let label = (&du + &a.c, hu + 1, path);
                if !done[a.to] && best[a.to].as_ref().is_none_or(|b| label < *b) {
                    best[a.to] = Some(label);
                }
            }
        }
    }

    /// Every node is reached from `s` through 0-cost arcs only (`ρ = +∞`, §10).
    #[must_use]
    pub fn free_everywhere(&self, s: usize, must: &[bool]) -> bool {
        let all = vec![true; self.n];
        let free = self.reach_by(s, &all, |k| self.arcs[k].c.is_zero());
        must.iter().zip(&free).all(|(m, f)| !m || *f)
    }
}

use crate::error::Violation;
/// The status of a result (broadcast.md §0.1): the one of every family.
pub use crate::report::Status;

/// `{"name": "throughput", "value", "value_exact"}` (formats.md §4); `+∞` is written as
/// `value: "inf"` (JSON has no infinity) and `value_exact: "inf"`.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Objective {
    /// Always `"throughput"`.
    pub name: crate::intern::Name,
    /// Value for display by [`crate::report::float`]'s rule (`"inf"` for `+∞`).
    #[nserde(proxy = "crate::wire::Json")]
    pub value: serde_json::Value,
    /// Exact value `"p/q"`, or `"inf"`.
    pub value_exact: String,
}

impl Objective {
    /// The objective for a throughput (`None` = `+∞`).
    #[must_use]
    pub fn throughput(rho: Option<&Q>) -> Objective {
        Objective {
            name: "throughput",
            value: rho.map_or_else(|| "inf".into(), crate::report::float),
            value_exact: rho.map_or_else(|| "inf".to_owned(), format_fraction),
        }
    }
}

/// The positive entries of a vector of weights, as `(index, weight)`.
#[must_use]
pub fn positive(values: &[Q]) -> Vec<(usize, Q)> {
    values
        .iter()
        .enumerate()
        .filter(|(_, v)| v.is_positive())
        .map(|(i, v)| (i, v.clone()))
        .collect()
}

/// Nonnegative exact weights as integers over one common denominator: the pricing dynamic
/// programs compare sums of weights, which scaling by a positive constant preserves, and
/// integer additions skip the gcd work of rational ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scaled {
    /// Every scaled value is below `2^60`, so sums of a few thousand fit an `i128`.
    Small(Vec<i128>),
    /// Otherwise, big integers.
    Big(Vec<num_bigint::BigInt>),
}

/// Scales `weights` (all `≥ 0`) to integers by the lcm of their denominators.
#[must_use]
pub fn scaled(weights: &[Q]) -> Scaled {
    use num_integer::Integer;
    use num_traits::ToPrimitive;
    let mut l = num_bigint::BigInt::one();
    for w in weights {
        l = l.lcm(w.denom());
    }
    let big: Vec<num_bigint::BigInt> = weights
        .iter()
        .map(|w| w.numer() * (&l / w.denom()))
        .collect();
    let bound = num_bigint::BigInt::one() << 60;
    let small: Option<Vec<i128>> = big
        .iter()
        .map(|v| {
            if v.is_negative() || *v >= bound {
                None
            } else {
                v.to_i128()
            }
        })
        .collect();
    small.map_or(Scaled::Big(big), Scaled::Small)
}

/// The numbers the pricing dynamic programs run on: machine integers or exact rationals.
pub trait Weight: Clone + Ord + std::ops::Add<Output = Self> + Zero {}
impl<T: Clone + Ord + std::ops::Add<Output = T> + Zero> Weight for T {}
