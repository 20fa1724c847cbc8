//! Exact maximum flow from a set of sources to one sink (Edmonds–Karp on rational capacities),
//! with the set `R` of nodes still reachable from the sources in the final residual network:
//! `V∖R` is then the largest sink side of a minimum cut. Broadcast uses it for the cut values
//! `λ_r(s, v)` of its LP certificate and of its tree extraction (broadcast.md §0, §2.4, §3.3).
//!
//! Deterministic: breadth-first search scans arcs by increasing index, so the flow found (and
//! hence every tie-break built on it) depends only on the input order.

use std::collections::VecDeque;

use num_traits::{Signed, Zero};

use crate::error::SolveError;
use crate::rational::Q;

/// A maximum flow and its residual reachability.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaxFlow {
    /// The flow value (total inflow of the sink).
    pub value: Q,
    /// Flow per arc.
    pub flow: Vec<Q>,
    /// Per node: reachable from the sources in the final residual network (forward arcs with
    /// `cap − flow > 0`, backward arcs with `flow > 0`). Sources are reachable; the sink is not.
    pub reachable: Vec<bool>,
}

/// Maximum flow from `sources` (a super-source with unbounded arcs to each) to `sink` over
/// `arcs` (`(from, to)` by node index) with capacities `cap` (arcs of capacity 0 are absent).
///
/// Reference: J. Edmonds, R. M. Karp, *Theoretical improvements in algorithmic efficiency for
/// network flow problems*, JACM 19(2), 1972 (shortest augmenting paths); L. R. Ford,
/// D. R. Fulkerson, 1956 (max-flow/min-cut).
///
/// # Complexity
/// `O(|V|·|E|)` augmentations of `O(|V| + |E|)` rational operations each.
///
/// # Errors
/// A sentence when an arc names a node `≥ n`, a capacity is negative, the lengths disagree, or
/// the sink is one of the sources.
///
/// ```
/// use hetlab_core::graph::flow::max_flow;
/// use hetlab_core::rational::{q, qi};
/// // s=0 → 1 → 2 and s → 2 directly.
/// let arcs = [(0, 1), (1, 2), (0, 2)];
/// let f = max_flow(3, &arcs, &[qi(1), q(1, 2), q(1, 4)], &[0], 2).unwrap();
/// assert_eq!(f.value, q(3, 4));
/// assert_eq!(f.reachable, vec![true, true, false]);
/// ```
pub fn max_flow(
    n: usize,
    arcs: &[(usize, usize)],
    cap: &[Q],
    sources: &[usize],
    sink: usize,
) -> Result<MaxFlow, SolveError> {
    check(n, arcs, cap, sources, sink)?;
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut inc: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, &(u, v)) in arcs.iter().enumerate() {
        out[u].push(k);
        inc[v].push(k);
    }
    let mut flow = vec![Q::zero(); arcs.len()];
    loop {
        let (reach, pred) = search(n, arcs, cap, &flow, &out, &inc, sources, sink);
        if !reach[sink] {
            let value = inc[sink].iter().map(|&k| &flow[k]).sum::<Q>()
                - out[sink].iter().map(|&k| &flow[k]).sum::<Q>();
            return Ok(MaxFlow {
                value,
                flow,
                reachable: reach,
            });
        }
        augment(arcs, cap, &mut flow, &pred, sink);
    }
}

/// How the search reached a node: through arc `k` forwards (`true`) or backwards (`false`).
type Pred = Vec<Option<(usize, bool)>>;

/// Breadth-first search in the residual network from every source at once.
#[allow(clippy::too_many_arguments)]
fn search(
    n: usize,
    arcs: &[(usize, usize)],
    cap: &[Q],
    flow: &[Q],
    out: &[Vec<usize>],
    inc: &[Vec<usize>],
    sources: &[usize],
    sink: usize,
) -> (Vec<bool>, Pred) {
    let mut reach = vec![false; n];
    let mut pred: Pred = vec![None; n];
    let mut queue = VecDeque::new();
    for &s in sources {
        if !reach[s] {
            reach[s] = true;
            queue.push_back(s);
        }
    }
    while let Some(u) = queue.pop_front() {
        if u == sink {
            break;
        }
        for &k in &out[u] {
            let v = arcs[k].1;
            if !reach[v] && flow[k] < cap[k] {
                reach[v] = true;
                pred[v] = Some((k, true));
                queue.push_back(v);
            }
        }
        for &k in &inc[u] {
            let v = arcs[k].0;
            if !reach[v] && flow[k].is_positive() {
                reach[v] = true;
                pred[v] = Some((k, false));
                queue.push_back(v);
            }
        }
    }
    (reach, pred)
}

/// Pushes the bottleneck amount along the path found by [`search`].
fn augment(arcs: &[(usize, usize)], cap: &[Q], flow: &mut [Q], pred: &Pred, sink: usize) {
    let mut path = Vec::new();
    let mut v = sink;
    while let Some((k, forward)) = pred[v] {
        path.push((k, forward));
        v = if forward { arcs[k].0 } else { arcs[k].1 };
    }
    let delta = path
        .iter()
        .map(|&(k, fwd)| {
            if fwd {
                &cap[k] - &flow[k]
            } else {
                flow[k].clone()
            }
        })
        .min()
        .unwrap_or_else(Q::zero);
    for (k, forward) in path {
        if forward {
            flow[k] += &delta;
        } else {
            flow[k] -= &delta;
        }
    }
}

fn check(
    n: usize,
    arcs: &[(usize, usize)],
    cap: &[Q],
    sources: &[usize],
    sink: usize,
) -> Result<(), SolveError> {
    if arcs.len() != cap.len() {
        return Err(format!("{} arcs but {} capacities", arcs.len(), cap.len()).into());
    }
    if let Some(k) = arcs.iter().position(|&(u, v)| u >= n || v >= n) {
        return Err(format!("arc {k} names a node outside 0..{n}").into());
    }
    if let Some(k) = cap.iter().position(Signed::is_negative) {
        return Err(format!("arc {k} has a negative capacity").into());
    }
    if sink >= n || sources.iter().any(|&s| s >= n) {
        return Err(format!("a source or the sink is outside 0..{n}").into());
    }
    if sources.contains(&sink) {
        return Err("the sink is one of the sources".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::{q, qi};

    /// Brute force: the minimum over every sink side `X` (sink in, sources out) of `cap(δin X)`.
    fn min_cut(n: usize, arcs: &[(usize, usize)], cap: &[Q], sources: &[usize], t: usize) -> Q {
        (0..1u32 << n)
            .filter(|m| m >> t & 1 == 1 && sources.iter().all(|&s| m >> s & 1 == 0))
            .map(|m| {
                let inside = |v: usize| m >> v & 1 == 1;
                arcs.iter()
                    .zip(cap)
                    .filter(|((u, v), _)| !inside(*u) && inside(*v))
                    .map(|(_, c)| c.clone())
                    .sum::<Q>()
            })
            .min()
            .unwrap_or_else(Q::zero)
    }

    #[test]
    fn equals_the_minimum_cut_on_small_graphs() {
        // A small deterministic family of graphs: every pair (u, v), u ≠ v, with a capacity
        // drawn from a fixed sequence (0 drops the arc).
        let caps = [q(1, 2), qi(0), qi(1), q(1, 3), qi(2), q(3, 4), qi(0)];
        for n in 2..=5usize {
            for shift in 0..caps.len() {
                let mut arcs = Vec::new();
                let mut cap = Vec::new();
                for u in 0..n {
                    for v in 0..n {
                        if u != v {
                            arcs.push((u, v));
                            cap.push(caps[(arcs.len() * 5 + shift) % caps.len()].clone());
                        }
                    }
                }
                for t in 1..n {
                    let srcs: Vec<usize> = if t == 1 { vec![0] } else { vec![0, 1] };
                    let f = max_flow(n, &arcs, &cap, &srcs, t).unwrap();
                    assert_eq!(f.value, min_cut(n, &arcs, &cap, &srcs, t));
                    // The cut read off the reachable set has exactly that capacity.
                    let side: Q = arcs
                        .iter()
                        .zip(&cap)
                        .filter(|((u, v), _)| f.reachable[*u] && !f.reachable[*v])
                        .map(|(_, c)| c.clone())
                        .sum();
                    assert_eq!(side, f.value);
                }
            }
        }
    }

    #[test]
    fn refuses_bad_input() {
        assert!(max_flow(2, &[(0, 2)], &[qi(1)], &[0], 1).is_err());
        assert!(max_flow(2, &[(0, 1)], &[qi(-1)], &[0], 1).is_err());
        assert!(max_flow(2, &[(0, 1)], &[], &[0], 1).is_err());
        assert!(max_flow(2, &[(0, 1)], &[qi(1)], &[1], 1).is_err());
    }
}
