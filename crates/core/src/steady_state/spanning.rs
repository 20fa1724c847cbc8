//! Best spanning tree versus the whole graph (steady-state.md section 3.6): every spanning tree
//! rooted at the master (each reachable node picks one incoming arc, no cycle) is evaluated with
//! the closed form, up to a limit. Finding the best tree is NP-hard, and it can be arbitrarily
//! worse than the graph (Example 5: 1/3 against 1): the page shows both numbers.
//!
//! Reference: C. Banino et al., IEEE TPDS 2004, section 5.2.

use num_traits::Zero;

use super::tree;
use crate::error::SolveError;
use crate::instance::SteadyState;
use crate::platform::{Arc, Link, Platform};
use crate::rational::{Cost, Q};

/// Default number of trees evaluated at most.
pub const MAX_TREES: usize = 20_000;

/// The outcome of the enumeration.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
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
/// # Complexity
/// `O(limit · |V| log |V|)`.
///
/// # Errors
/// A sentence when the comparison does not apply (several masters, result files).
pub fn best_tree(inst: &SteadyState, limit: usize) -> Result<Comparison, SolveError> {
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
    let choices: Vec<(usize, Vec<usize>)> = (0..p.nodes.len())
        .filter(|&v| reach[v] && v != root)
        .map(|v| {
            (
                v,
                (0..arcs.len())
                    .filter(|&k| arcs[k].to == v && reach[arcs[k].from])
                    .collect(),
            )
        })
        .collect();
    let mut search = Search {
        p,
        arcs: &arcs,
        choices: &choices,
        limit,
        picked: Vec::new(),
        parent: vec![None; p.nodes.len()],
        trees: 0,
        best: None,
        data_in: &inst.data_in,
    };
    search.walk(0);
    Ok(Comparison {
        trees: search.trees,
        complete: search.trees < limit,
        best: search.best,
    })
}

fn reachable(n: usize, arcs: &[Arc], root: usize) -> Vec<bool> {
    let mut seen = vec![false; n];
    let mut stack = vec![root];
    seen[root] = true;
    while let Some(v) = stack.pop() {
        for a in arcs.iter().filter(|a| a.from == v) {
            if !seen[a.to] {
                seen[a.to] = true;
                stack.push(a.to);
            }
        }
    }
    seen
}

struct Search<'a> {
    p: &'a Platform,
    arcs: &'a [Arc],
    choices: &'a [(usize, Vec<usize>)],
    limit: usize,
    picked: Vec<usize>,
    /// Parent chosen so far for each node (to refuse a cycle as soon as it closes).
    parent: Vec<Option<usize>>,
    trees: usize,
    best: Option<(Q, Vec<usize>)>,
    data_in: &'a Q,
}

impl Search<'_> {
    fn walk(&mut self, depth: usize) {
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
    /// closed form.
    fn evaluate(&mut self) {
        self.trees += 1;
        let links = self
            .picked
            .iter()
            .map(|&k| Link {
                from: self.arcs[k].from,
                to: self.arcs[k].to,
                c: Cost::Finite(self.arcs[k].c.clone()),
                c_back: None,
                directed: true,
                lcomm: None,
            })
            .collect();
        let tree_platform = Platform {
            name: None,
            nodes: self.p.nodes.clone(),
            links,
        };
        let inst = SteadyState {
            platform: tree_platform,
            data_in: self.data_in.clone(),
            data_out: Q::zero(),
        };
        if let Ok(rho) = tree::throughput(&inst) {
            if self.best.as_ref().is_none_or(|(b, _)| rho > *b) {
                self.best = Some((rho, self.picked.clone()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;

    fn preset(name: &str) -> SteadyState {
        crate::presets::steady_state(name).unwrap()
    }

    #[test]
    fn example_1_best_tree_drops_link_2_4() {
        let inst = preset("example-1");
        let c = best_tree(&inst, MAX_TREES).unwrap();
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
        let c = best_tree(&preset("gadget-example-5"), MAX_TREES).unwrap();
        assert_eq!(c.best.unwrap().0, q(1, 3));
        assert!(c.complete);
    }

    #[test]
    fn limits_and_refusals() {
        let c = best_tree(&preset("example-1"), 2).unwrap();
        assert_eq!((c.trees, c.complete), (2, false));
        assert!(best_tree(&preset("two-masters-example-4"), 10).is_err());
    }
}
