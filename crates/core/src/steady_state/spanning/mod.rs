//! Best spanning tree versus the whole graph (steady-state.md section 3.6): every spanning tree
//! rooted at the master (each reachable node picks one incoming arc, no cycle) is evaluated with
//! the closed form, up to a limit. Finding the best tree is NP-hard, and it can be arbitrarily
//! worse than the graph (Example 5: 1/3 against 1): the page shows both numbers.
//!
//! Reference: C. Banino et al., IEEE TPDS 2004, section 5.2.

mod screen;
mod subtrees;

use num_traits::Zero;

use crate::error::SolveError;
use crate::platform::{Arc, Platform};
use crate::rational::{to_f64, Q};
use crate::steady_state::SteadyState;
use screen::{Screened, Search};
use subtrees::Subtrees;

/// Default number of trees evaluated at most.
pub const MAX_TREES: usize = 20_000;

/// The outcome of the enumeration.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Comparison {
    /// Trees evaluated.
    pub trees: usize,
    /// Every spanning tree was evaluated (the limit was not reached).
    pub complete: bool,
    /// The best tree's throughput and its arcs (indices into `Platform::arcs`), first found on
    /// ties; `None` when the master reaches nobody.
    pub best: Option<(Q, Vec<usize>)>,
}

/// Enumerates spanning trees of the nodes reachable from the single master, at most `limit`.
///
/// `ceiling` is a throughput no tree exceeds, when the caller knows one: the whole graph's `ρ*`
/// (a tree is a subgraph, and §3.1's closed form is its LP optimum). The master's own bound
/// (`port_bound`) is another. The exact pass stops at the first tree that reaches the smaller;
/// no later tree can be strictly better, and the first of the best wins anyway, so the answer
/// is the same as without them.
///
/// # Complexity
/// `O(limit · |V| log |V|)`.
///
/// # Errors
/// A sentence when the comparison does not apply (several masters, result files).
pub fn best_tree(
    inst: &SteadyState,
    limit: usize,
    ceiling: Option<&Q>,
) -> Result<Comparison, SolveError> {
    let p = &inst.platform;
    let masters: Vec<usize> = (0..p.nodes.len()).filter(|&i| p.nodes[i].master).collect();
    let &[root] = masters.as_slice() else {
        return Err("the spanning-tree comparison needs exactly one master".into());
    };
    if !inst.data_out.is_zero() {
        return Err(
            ("the spanning-tree comparison ignores result files; set data_out to 0".to_owned())
                .into(),
        );
    }
    let arcs = p.arcs();
    let reach = reachable(p.nodes.len(), &arcs, root);
    // Candidate incoming arcs of every reachable non-master node.
    let mut into: Vec<Vec<usize>> = vec![Vec::new(); p.nodes.len()];
    for (k, a) in arcs.iter().enumerate() {
        if reach[a.from] {
            into[a.to].push(k);
        }
    }
    let choices: Vec<(usize, Vec<usize>)> = into
        .into_iter()
        .enumerate()
        .filter(|&(v, _)| reach[v] && v != root)
        .collect();
    let speed: Vec<f64> = p
        .nodes
        .iter()
        .map(|n| n.w.as_ref().map_or(0.0, |w| to_f64(&w.recip())))
        .collect();
    let cost: Vec<f64> = arcs
        .iter()
        .map(|a| to_f64(&(&a.c * &inst.data_in)))
        .collect();
    let mut search = Search::new(&arcs, &choices, limit, root, &speed, &cost);
    search.walk(0);
    Ok(Comparison {
        trees: search.trees,
        complete: search.trees < limit,
        best: {
            let own = port_bound(p, &arcs, root, &inst.data_in, &reach);
            let ceiling = match (own, ceiling) {
                (Some(a), Some(b)) => Some(a.min(b.clone())),
                (a, b) => a.or_else(|| b.cloned()),
            };
            exact_best(
                p,
                &arcs,
                root,
                &inst.data_in,
                &search.screened,
                ceiling.as_ref(),
            )
        },
    })
}

/// The best tree among the screened ones, decided exactly: every tree whose float throughput
/// is within `1e-9` (relative) of the float best is solved with the closed form in rationals,
/// in enumeration order, and the first of the largest wins. A tree left out is below the
/// float best by more than float error can explain (under `1e-13` on these few operations),
/// so it is neither the best nor tied with it: the answer is the exact search's. The pass
/// stops at the first tree that reaches `ceiling`.
fn exact_best(
    p: &Platform,
    arcs: &[Arc],
    root: usize,
    data_in: &Q,
    screened: &Screened,
    ceiling: Option<&Q>,
) -> Option<(Q, Vec<usize>)> {
    let top = screened
        .iter()
        .map(|(f, _)| f)
        .filter(|f| f.is_finite())
        .fold(f64::NEG_INFINITY, f64::max);
    let floor = top - top.abs() * 1e-9;
    let mut subtrees = Subtrees::new(p, arcs, data_in);
    let mut best: Option<(Q, Vec<usize>)> = None;
    for (f, picked) in screened.iter() {
        if f.is_finite() && f < floor {
            continue;
        }
        let rho = subtrees.throughput(root, picked);
        if best.as_ref().is_none_or(|(b, _)| rho > *b) {
            let done = ceiling.is_some_and(|c| rho >= *c);
            best = Some((rho, picked.to_vec()));
            if done {
                break;
            }
        }
    }
    best
}

/// A throughput no spanning tree exceeds, from the master alone: it computes at `1/w`, and §3.1
/// feeds its children through one sending port, so their rates `r_k` satisfy `Σ c_k·r_k ≤ 1`
/// and add up to at most `1/c_min` over its cheapest arc. `None` when an arc costs nothing.
fn port_bound(p: &Platform, arcs: &[Arc], root: usize, data_in: &Q, reach: &[bool]) -> Option<Q> {
    let speed = p.nodes[root]
        .w
        .as_ref()
        .map_or_else(Q::zero, crate::rational::Cost::recip);
    let cheapest = arcs
        .iter()
        .filter(|a| a.from == root && a.to != root && reach[a.to])
        .map(|a| &a.c * data_in)
        .min();
    match cheapest {
        None => Some(speed),
        Some(c) if c.is_zero() => None,
        Some(c) => Some(speed + c.recip()),
    }
}

fn reachable(n: usize, arcs: &[Arc], root: usize) -> Vec<bool> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    for a in arcs {
        out[a.from].push(a.to);
    }
    let mut seen = vec![false; n];
    let mut stack = vec![root];
    seen[root] = true;
    while let Some(v) = stack.pop() {
        for &u in &out[v] {
            if !seen[u] {
                seen[u] = true;
                stack.push(u);
            }
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::Link;
    use crate::rational::{q, Cost};

    fn preset(name: &str) -> SteadyState {
        crate::presets::steady_state(name).unwrap()
    }

    #[test]
    fn example_1_best_tree_drops_link_2_4() {
        let inst = preset("example-1");
        let c = best_tree(&inst, MAX_TREES, None).unwrap();
        // Node 2 picks 1→2 or 4→2, node 3 picks 1→3 or 4→3, node 4 picks 3→4 or 2→4:
        // 8 choices, 4 of them trees (one per removed link of the cycle).
        assert_eq!((c.trees, c.complete), (4, true));
        let (best, arcs) = c.best.unwrap();
        assert_eq!(best, q(41, 24));
        let all = inst.platform.arcs();
        let ends: Vec<(usize, usize)> = arcs.iter().map(|&k| (all[k].from, all[k].to)).collect();
        assert_eq!(ends, vec![(0, 1), (0, 2), (2, 3)]);
    }

    #[test]
    fn example_5_any_tree_is_three_times_worse() {
        let c = best_tree(&preset("gadget-example-5"), MAX_TREES, None).unwrap();
        assert_eq!(c.best.unwrap().0, q(1, 3));
        assert!(c.complete);
    }

    /// The float screening picks the tree the exact search picks: on random platforms, every
    /// choice of one incoming arc per node (in the search's order, cycles skipped) solved
    /// exactly with the closed form, the first of the largest throughputs.
    #[test]
    fn screening_finds_the_exact_best_tree() {
        use crate::generate::{platform, Shape};
        let (mut compared, mut reached, mut at_bound) = (0, 0, 0);
        for seed in 0..60u64 {
            let n = 3 + usize::try_from(seed % 5).unwrap();
            let inst = SteadyState::new(platform(Shape::Random, n, seed));
            let Ok(got) = best_tree(&inst, MAX_TREES, None) else {
                continue;
            };
            // The graph's ρ* as the ceiling changes nothing but the work.
            let rho = crate::steady_state::lp::solve(&inst).unwrap().throughput;
            assert_eq!(best_tree(&inst, MAX_TREES, Some(&rho)).unwrap(), got);
            reached += usize::from(got.best.as_ref().is_some_and(|(b, _)| *b == rho));
            assert!(got.complete);
            let arcs = inst.platform.arcs();
            let root = (0..n).find(|&i| inst.platform.nodes[i].master).unwrap();
            let reach = reachable(n, &arcs, root);
            let bound = port_bound(&inst.platform, &arcs, root, &inst.data_in, &reach);
            let choices: Vec<Vec<usize>> = (0..n)
                .filter(|&v| reach[v] && v != root)
                .map(|v| {
                    (0..arcs.len())
                        .filter(|&k| arcs[k].to == v && reach[arcs[k].from])
                        .collect()
                })
                .collect();
            let mut want: Option<(Q, Vec<usize>)> = None;
            let mut pick = vec![0usize; choices.len()];
            'all: loop {
                let picked: Vec<usize> = pick.iter().zip(&choices).map(|(&i, c)| c[i]).collect();
                // A cycle leaves nodes unreached: such a choice is not a tree.
                if is_tree(n, root, &arcs, &picked) {
                    let rho = closed_form(&inst, &arcs, &picked);
                    if let Some(bound) = &bound {
                        assert!(rho <= *bound, "seed {seed}: the master's bound is exceeded");
                        at_bound += usize::from(rho == *bound);
                    }
                    if want.as_ref().is_none_or(|(b, _)| rho > *b) {
                        want = Some((rho, picked));
                    }
                }
                for d in (0..pick.len()).rev() {
                    pick[d] += 1;
                    if pick[d] < choices[d].len() {
                        continue 'all;
                    }
                    pick[d] = 0;
                }
                break;
            }
            assert!(want.is_some(), "seed {seed}: no tree");
            assert_eq!(got.best, want, "seed {seed}");
            compared += 1;
        }
        assert_eq!(
            compared, 60,
            "every random platform has one master and a tree"
        );
        // Both ways out of the exact pass are taken: a tree that reaches the ceiling, and none.
        assert!(0 < reached && reached < compared, "{reached} of {compared}");
        assert!(at_bound > 0, "no tree reaches the master's bound");
    }

    /// The tree of the `picked` arcs as a platform of its own, solved by `tree::throughput`.
    fn closed_form(inst: &SteadyState, arcs: &[Arc], picked: &[usize]) -> Q {
        let links = picked
            .iter()
            .map(|&k| Link {
                from: arcs[k].from,
                to: arcs[k].to,
                c: Cost::Finite(arcs[k].c.clone()),
                c_back: None,
                directed: true,
                lcomm: None,
            })
            .collect();
        let tree = SteadyState {
            platform: Platform {
                name: None,
                nodes: inst.platform.nodes.clone(),
                links,
            },
            data_in: inst.data_in.clone(),
            data_out: Q::zero(),
        };
        crate::steady_state::tree::throughput(&tree).expect("a tree with one master")
    }

    /// Each reachable node and its candidate arcs in.
    type Choices = Vec<(usize, Vec<usize>)>;

    /// A random platform of `n` nodes, its arcs, its master and its [`Choices`].
    fn random_platform(n: usize, seed: u64) -> (SteadyState, Vec<Arc>, usize, Choices) {
        use crate::generate::{platform, Shape};
        let inst = SteadyState::new(platform(Shape::Random, n, seed));
        let arcs = inst.platform.arcs();
        let root = (0..n).find(|&i| inst.platform.nodes[i].master).unwrap();
        let reach = reachable(n, &arcs, root);
        let choices: Choices = (0..n)
            .filter(|&v| reach[v] && v != root)
            .map(|v| (v, (0..arcs.len()).filter(|&k| arcs[k].to == v).collect()))
            .collect();
        (inst, arcs, root, choices)
    }

    /// The first trees of larger random platforms (20 to 40 nodes, up to the limit): each
    /// tree's exact throughput through the shared subtrees is the closed form's, whether the
    /// trees come in enumeration order (a few parents change from one to the next) or
    /// scattered (many change).
    #[test]
    fn shared_subtrees_give_the_closed_form() {
        for (n, seed) in [(20, 1), (30, 2), (40, 3)] {
            let (inst, arcs, root, choices) = random_platform(n, seed);
            let speed = vec![1.0; n];
            let cost = vec![1.0; arcs.len()];
            let mut search = Search::new(&arcs, &choices, 300, root, &speed, &cost);
            search.walk(0);
            assert_eq!(search.screened.len(), 300, "{n} nodes");
            let want: Vec<Q> = search
                .screened
                .iter()
                .map(|(_, picked)| closed_form(&inst, &arcs, picked))
                .collect();
            for stride in [1, 7919] {
                let mut subtrees = Subtrees::new(&inst.platform, &arcs, &inst.data_in);
                for i in (0..300).map(|i| (i * stride) % 300) {
                    let picked = search.screened.get(i).1;
                    assert_eq!(
                        subtrees.throughput(root, picked),
                        want[i],
                        "{n} nodes, stride {stride}: {picked:?}"
                    );
                }
            }
        }
    }

    /// The screening values each tree from the last one: on random platforms, every value is
    /// the one a fresh evaluation of that tree alone gives, bit for bit.
    #[test]
    fn screening_from_the_last_tree_equals_fresh() {
        for (n, seed) in [(8, 4), (12, 5), (20, 6), (30, 7), (40, 8)] {
            let (inst, arcs, root, choices) = random_platform(n, seed);
            let speed: Vec<f64> = inst
                .platform
                .nodes
                .iter()
                .map(|v| v.w.as_ref().map_or(0.0, |w| to_f64(&w.recip())))
                .collect();
            let cost: Vec<f64> = arcs.iter().map(|a| to_f64(&a.c)).collect();
            let mut search = Search::new(&arcs, &choices, 500, root, &speed, &cost);
            search.walk(0);
            assert!(search.screened.len() > 10, "{n} nodes");
            for (value, picked) in search.screened.iter() {
                let alone: Vec<(usize, Vec<usize>)> = choices
                    .iter()
                    .zip(picked)
                    .map(|((v, _), &k)| (*v, vec![k]))
                    .collect();
                let mut fresh = Search::new(&arcs, &alone, 1, root, &speed, &cost);
                fresh.walk(0);
                assert_eq!(
                    value.to_bits(),
                    fresh.screened.get(0).0.to_bits(),
                    "{n} nodes: {picked:?}"
                );
            }
        }
    }

    /// Every reachable node gets exactly one parent and the parents lead back to the root.
    fn is_tree(n: usize, root: usize, arcs: &[Arc], picked: &[usize]) -> bool {
        let mut parent = vec![None; n];
        for &k in picked {
            parent[arcs[k].to] = Some(arcs[k].from);
        }
        picked.iter().all(|&k| {
            let mut v = arcs[k].to;
            for _ in 0..n {
                match parent[v] {
                    Some(u) if u == root => return true,
                    Some(u) => v = u,
                    None => return false,
                }
            }
            false
        })
    }

    #[test]
    fn limits_and_refusals() {
        let c = best_tree(&preset("example-1"), 2, None).unwrap();
        assert_eq!((c.trees, c.complete), (2, false));
        assert!(best_tree(&preset("two-masters-example-4"), 10, None).is_err());
    }
}
