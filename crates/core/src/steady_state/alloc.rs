//! Allocations (steady-state.md section 2.9, thesis Algorithm 4.1): the canonical flows split
//! into weighted routes "master → … → worker (→ … → master)", peeled deterministically.

use num_traits::{Signed, Zero};
use serde::Serialize;

use crate::platform::Arc;
use crate::rational::Q;

/// The route of a share of the tasks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Allocation {
    /// The master the tasks come from (node index).
    pub master: usize,
    /// The node computing them.
    pub worker: usize,
    /// Arcs carrying the input files, in order (arc indices).
    pub path_in: Vec<usize>,
    /// Arcs carrying the results back to a master (E1 only).
    pub path_out: Vec<usize>,
    /// Tasks per time unit on this route.
    #[serde(serialize_with = "crate::rational::exact")]
    pub weight: Q,
}

/// Peels the rates into allocations: each round follows the smallest arcs from the smallest
/// master that still injects, to the first node that computes (and, with result files, back to
/// a master), and subtracts the bottleneck. Each round zeroes at least one quantity, so there are
/// at most `|V| + |A|` (E1: `|V| + 2|A|`) rounds; the weights sum to `Σ x`.
///
/// Expects cycle-free rates that satisfy the LP's conservation laws (a stage-2 solution); on
/// anything else it stops at the first dead end instead of looping.
///
/// # Complexity
/// `O((|V| + |A|) · |V| · |A|)`.
#[must_use]
pub fn allocations(masters: &[bool], arcs: &[Arc], x: &[Q], f: &[Q], g: &[Q]) -> Vec<Allocation> {
    let (mut x, mut f, mut g) = (x.to_vec(), f.to_vec(), g.to_vec());
    let n = x.len();
    // Out-arcs of each node, by increasing head (node order).
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, a) in arcs.iter().enumerate() {
        out[a.from].push(k);
    }
    for list in &mut out {
        list.sort_by_key(|&k| arcs[k].to);
    }
    let next = |flow: &[Q], v: usize| out[v].iter().copied().find(|&k| flow[k].is_positive());
    let mut result = Vec::new();
    // Result files are routed back only when there are any (Extension E1).
    let e1 = g.iter().any(Signed::is_positive);
    let rounds = n + 2 * arcs.len() + 1;
    for _ in 0..rounds {
        let Some(m) = (0..n).find(|&v| masters[v] && (x[v].is_positive() || next(&f, v).is_some()))
        else {
            break;
        };
        let (mut cur, mut path_in) = (m, Vec::new());
        while x[cur].is_zero() {
            let Some(k) = next(&f, cur).filter(|_| path_in.len() < n) else {
                return result;
            };
            path_in.push(k);
            cur = arcs[k].to;
        }
        let worker = cur;
        let mut path_out = Vec::new();
        while e1 && !masters[cur] {
            let Some(k) = next(&g, cur).filter(|_| path_out.len() < n) else {
                return result;
            };
            path_out.push(k);
            cur = arcs[k].to;
        }
        let weight = path_in
            .iter()
            .map(|&k| &f[k])
            .chain(path_out.iter().map(|&k| &g[k]))
            .fold(x[worker].clone(), |m, v| m.min(v.clone()));
        x[worker] -= &weight;
        for &k in &path_in {
            f[k] -= &weight;
        }
        for &k in &path_out {
            g[k] -= &weight;
        }
        result.push(Allocation {
            master: m,
            worker,
            path_in,
            path_out,
            weight,
        });
    }
    result
}
