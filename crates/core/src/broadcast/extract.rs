//! EXTRACT (broadcast.md §3.3): decomposes arc capacities `n` whose minimum `s`–`v` cut is
//! `ρ*` into weighted spanning arborescences of total weight `ρ*` (weighted Edmonds), exactly
//! and deterministically (§3.6: arcs scanned by id, ties on the smallest node, cut `X = V∖R`).
//!
//! GROW builds a *good* tree arc by arc, refusing an arc that would enter a tight set twice
//! (ADMISSIBLE, one max-flow from `{s, x}` to `y`); MAX_WEIGHT finds the largest weight by a
//! Newton iteration on the violated cuts. [`verify_trees`] checks any weighted tree set
//! independently.

use num_traits::{One, Signed, Zero};
use serde::Serialize;

use super::lp::{ends, flow, internal};
use super::step::Step;
use super::{BroadcastError, WeightedTree};
use crate::error::Violation;
use crate::platform::Arc;
use crate::rational::{frac, Q};

/// One extracted tree with what the figure of its extraction shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Extracted {
    /// Arc ids in the order GROW added them.
    pub grown: Vec<usize>,
    /// `α_i`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub weight: Q,
    /// Residual capacities after subtracting `α_i` on the tree.
    #[serde(serialize_with = "crate::rational::exact")]
    pub residual: Vec<Q>,
    /// `K` after the extraction.
    #[serde(serialize_with = "crate::rational::exact")]
    pub k_after: Q,
}

impl Extracted {
    /// The tree as a [`WeightedTree`] (arcs sorted).
    #[must_use]
    pub fn tree(&self) -> WeightedTree {
        let mut arcs = self.grown.clone();
        arcs.sort_unstable();
        WeightedTree {
            arcs,
            weight: self.weight.clone(),
        }
    }
}

/// The platform as EXTRACT sees it.
struct Net<'a> {
    n: usize,
    arcs: &'a [Arc],
    ends: Vec<(usize, usize)>,
    source: usize,
}

/// The weakest destination for capacities `r`: `λ* = min_v λ_r(s, v)` (ties: smallest `v`),
/// its cut `X = V∖R`, and every distinct set `V∖R_v` whose value is `λ*` (the tight sets).
struct Weakest {
    value: Q,
    cut: Vec<usize>,
    tight: Vec<Vec<usize>>,
}

impl Net<'_> {
    fn weakest(&self, r: &[Q]) -> Result<Weakest, BroadcastError> {
        let mut best: Option<Weakest> = None;
        for v in (0..self.n).filter(|&v| v != self.source) {
            let f = flow(self.n, &self.ends, r, &[self.source], v)?;
            let set: Vec<usize> = (0..self.n).filter(|&u| !f.reachable[u]).collect();
            match &mut best {
                Some(b) if f.value > b.value => {}
                Some(b) if f.value == b.value => {
                    if !b.tight.contains(&set) {
                        b.tight.push(set);
                    }
                }
                _ => {
                    best = Some(Weakest {
                        value: f.value,
                        cut: set.clone(),
                        tight: vec![set],
                    });
                }
            }
        }
        let mut w = best.ok_or_else(|| internal("no destination"))?;
        w.tight.sort();
        Ok(w)
    }

    /// Arcs of `tree` entering `set`, and `cap_r(set)`.
    fn crossing(&self, set: &[usize], tree: &[usize], r: &[Q]) -> (usize, Q) {
        let inside = |v: usize| set.binary_search(&v).is_ok();
        let enters = |e: usize| !inside(self.arcs[e].from) && inside(self.arcs[e].to);
        let t = tree.iter().filter(|&&e| enters(e)).count();
        let cap = (0..self.arcs.len())
            .filter(|&e| enters(e))
            .map(|e| &r[e])
            .sum();
        (t, cap)
    }
}

/// Runs EXTRACT on capacities `usage` (whose minimum cut is the throughput to decompose),
/// emitting the steps B5.i.g/t/n/x of §8.1.
///
/// Reference: J. Edmonds, *Edge-disjoint branchings*, 1973; L. Lovász, *On two minimax
/// theorems in graph*, JCTB 21, 1976 (constructive proof); A. Schrijver, *Combinatorial
/// Optimization*, ch. 53 (weighted form, thesis Thm 5.1); broadcast.md §3.3 (this variant).
///
/// # Complexity
/// Per tree: GROW at most `|V|·|E|` max-flows, MAX_WEIGHT at most `(|V|−2)·(|V|−1)`; each
/// max-flow `O(|V|·|E|²)` rational operations. At most `|V|³ + |E|` trees (never approached:
/// ≤ 2|V| observed, §3.5).
///
/// # Errors
/// [`BroadcastError::BadInput`] on inconsistent sizes; [`BroadcastError::Internal`] when a
/// guarantee fails (no admissible arc, too many trees or Newton steps): a bug.
pub fn extract(
    n: usize,
    arcs: &[Arc],
    source: usize,
    usage: &[Q],
    emit: &mut impl FnMut(Step),
) -> Result<Vec<Extracted>, BroadcastError> {
    if usage.len() != arcs.len() || source >= n || usage.iter().any(Signed::is_negative) {
        return Err(BroadcastError::BadInput(
            "EXTRACT needs one non-negative capacity per arc and a source inside the platform"
                .to_owned(),
        ));
    }
    let net = Net {
        n,
        arcs,
        ends: ends(arcs),
        source,
    };
    let mut out: Vec<Extracted> = Vec::new();
    if n < 2 {
        return Ok(out);
    }
    let mut r = usage.to_vec();
    let mut k = net.weakest(&r)?.value;
    let cap = n.saturating_pow(3).saturating_add(arcs.len());
    while k.is_positive() {
        if out.len() >= cap {
            return Err(internal("EXTRACT needed more than |V|³ + |E| trees"));
        }
        let index = out.len();
        let grown = grow(&net, &r, &k, index, emit)?;
        let (alpha, tight) = max_weight(&net, &r, &k, &grown, index, emit)?;
        for &e in &grown {
            r[e] -= &alpha;
        }
        let k_before = k.clone();
        k -= &alpha;
        let ex = Extracted {
            grown,
            weight: alpha.clone(),
            residual: r.clone(),
            k_after: k.clone(),
        };
        emit(Step::Extracted {
            tree: index,
            arcs: ex.tree().arcs,
            alpha,
            k_before,
            k_after: k.clone(),
            residual: r.clone(),
            tight,
        });
        out.push(ex);
    }
    Ok(out)
}

/// GROW: a good tree, arcs in the order they were added.
fn grow(
    net: &Net<'_>,
    r: &[Q],
    k: &Q,
    index: usize,
    emit: &mut impl FnMut(Step),
) -> Result<Vec<usize>, BroadcastError> {
    let mut in_f = vec![false; net.n];
    in_f[net.source] = true;
    let mut grown = Vec::with_capacity(net.n - 1);
    while grown.len() + 1 < net.n {
        let mut found = None;
        for (e, a) in net.arcs.iter().enumerate() {
            if !(in_f[a.from] && !in_f[a.to] && r[e].is_positive()) {
                continue;
            }
            let blocking = admissible(net, r, k, &in_f, a)?;
            emit(Step::TestedArc {
                tree: index,
                arc: e,
                accepted: blocking.is_none(),
                blocking: blocking.clone().unwrap_or_default(),
            });
            if blocking.is_none() {
                found = Some(e);
                break;
            }
        }
        // Lovász's lemma guarantees an admissible arc; its absence is a bug.
        let e = found.ok_or_else(|| internal("GROW found no admissible arc"))?;
        grown.push(e);
        in_f[net.arcs[e].to] = true;
    }
    emit(Step::GrewTree {
        tree: index,
        arcs: grown.clone(),
        alpha: grown
            .iter()
            .map(|&e| r[e].clone())
            .min()
            .unwrap_or_else(Q::zero),
    });
    Ok(grown)
}

/// ADMISSIBLE: `None` when `(x, y)` may join the tree, else the tight set it would enter twice.
fn admissible(
    net: &Net<'_>,
    r: &[Q],
    k: &Q,
    in_f: &[bool],
    a: &Arc,
) -> Result<Option<Vec<usize>>, BroadcastError> {
    let f = flow(net.n, &net.ends, r, &[net.source, a.from], a.to)?;
    if f.value > *k || (0..net.n).all(|v| !in_f[v] || f.reachable[v]) {
        return Ok(None);
    }
    Ok(Some((0..net.n).filter(|&v| !f.reachable[v]).collect()))
}

/// MAX_WEIGHT: the largest `α` keeping every cut `≥ K − α`, and the tight sets after it.
fn max_weight(
    net: &Net<'_>,
    r: &[Q],
    k: &Q,
    tree: &[usize],
    index: usize,
    emit: &mut impl FnMut(Step),
) -> Result<(Q, Vec<Vec<usize>>), BroadcastError> {
    let mut alpha = tree
        .iter()
        .map(|&e| r[e].clone())
        .min()
        .ok_or_else(|| internal("empty tree"))?;
    // Slopes strictly decrease in absolute value: at most |V| − 2 Newton steps (§3.4).
    for _ in 0..net.n {
        let mut r2 = r.to_vec();
        for &e in tree {
            r2[e] -= &alpha;
        }
        let w = net.weakest(&r2)?;
        let target = k - &alpha;
        if w.value >= target {
            let tight = if w.value == target {
                w.tight
            } else {
                Vec::new()
            };
            return Ok((alpha, tight));
        }
        let (t, cap) = net.crossing(&w.cut, tree, r);
        if t < 2 {
            return Err(internal(
                "a violated cut is entered by fewer than two tree arcs",
            ));
        }
        alpha = (&cap - k) / Q::from_integer((t - 1).into());
        if !alpha.is_positive() {
            return Err(internal(&format!(
                "MAX_WEIGHT reached α = {}",
                frac(&alpha)
            )));
        }
        emit(Step::NewtonStep {
            tree: index,
            cut: w.cut,
            cap,
            crossing: t,
            alpha: alpha.clone(),
        });
    }
    Err(internal("MAX_WEIGHT needed more than |V| Newton steps"))
}

/// Checks a weighted tree set independently (§10, EXTRACT properties): every tree is a
/// spanning arborescence rooted at `source` (`|V|−1` arcs, one entering each other node, none
/// entering the source, all reachable), weights are positive, the port loads are `≤ 1`
/// (bidirectional one-port), and the weights sum to `total`.
///
/// # Errors
/// A sentence naming the first violation.
pub fn verify_trees(
    n: usize,
    arcs: &[Arc],
    source: usize,
    trees: &[WeightedTree],
    total: &Q,
) -> Result<(), Violation> {
    for (i, t) in trees.iter().enumerate() {
        if !t.weight.is_positive() {
            return Err(format!("tree {} has weight {}", i + 1, frac(&t.weight)).into());
        }
        check_arborescence(n, arcs, source, &t.arcs).map_err(|e| format!("tree {}: {e}", i + 1))?;
    }
    let sum: Q = trees.iter().map(|t| &t.weight).sum();
    if sum != *total {
        return Err(format!("the weights sum to {}, not {}", frac(&sum), frac(total)).into());
    }
    let mut usage = vec![Q::zero(); arcs.len()];
    for t in trees {
        for &e in &t.arcs {
            usage[e] += &t.weight;
        }
    }
    let (out, inn) = super::lp::port_loads(n, arcs, &usage);
    for v in 0..n {
        if out[v] > Q::one() || inn[v] > Q::one() {
            return Err(format!(
                "node {v} is busy more than all the time (out {}, in {})",
                frac(&out[v]),
                frac(&inn[v])
            )
            .into());
        }
    }
    Ok(())
}

/// `tree` is a spanning arborescence of the `n` nodes rooted at `source`.
pub(crate) fn check_arborescence(
    n: usize,
    arcs: &[Arc],
    source: usize,
    tree: &[usize],
) -> Result<(), Violation> {
    if tree.len() + 1 != n {
        return Err(format!("{} arcs for {n} nodes", tree.len()).into());
    }
    let mut parent = vec![None; n];
    for &e in tree {
        let a = arcs
            .get(e)
            .ok_or_else(|| format!("arc {e} does not exist"))?;
        if a.to == source || parent[a.to].is_some() {
            return Err(format!("node {} is entered twice or is the source", a.to).into());
        }
        parent[a.to] = Some(a.from);
    }
    for v in 0..n {
        let mut cur = v;
        for _ in 0..n {
            if cur == source {
                break;
            }
            cur = parent[cur].ok_or_else(|| format!("node {cur} has no parent"))?;
        }
        if cur != source {
            return Err(format!("node {v} is on a cycle").into());
        }
    }
    Ok(())
}
