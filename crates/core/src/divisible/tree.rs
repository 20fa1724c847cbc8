//! TREELINEAR (divisible-load.md §3): relay leaves removed, every subtree collapsed bottom-up
//! into an equivalent processor `w_eq = 1/ρ(v)` (children served by non-decreasing link cost),
//! then expanded top-down from `T_f = W_total/ρ(root)`.

use num_traits::{Signed, Zero};
use serde::Serialize;

use super::schedule::{participating, Block, Kind};
use super::{Details, DivSolution, DivStep, Divisible, DivisibleError, Status, TreeNode};
use crate::rational::Q;

/// What TREELINEAR reports besides the common fields (indices are nodes).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TreeDetails {
    /// `w_eq(v)` of every node that gets load (`None`: removed relay).
    #[serde(serialize_with = "crate::rational::exact")]
    pub w_eq: Vec<Option<Q>>,
    /// `X_v`: each node's whole subtree load (the root: `W_total`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub subtree_load: Vec<Q>,
    /// `t_v`: when each node's data is complete (`None`: removed relay).
    #[serde(serialize_with = "crate::rational::exact")]
    pub ready: Vec<Option<Q>>,
    /// Each node's children in serving order.
    pub children_order: Vec<Vec<usize>>,
    /// Relay leaves removed before collapsing.
    pub removed: Vec<usize>,
}

/// Nodes in breadth-first order from the root (children in input order).
fn bfs(nodes: &[TreeNode], kids: &[Vec<usize>]) -> Vec<usize> {
    let Some(root) = nodes.iter().position(|n| n.parent.is_none()) else {
        return Vec::new();
    };
    let mut order = vec![root];
    let mut k = 0;
    while let Some(&v) = order.get(k) {
        order.extend(kids[v].iter().copied());
        k += 1;
        if order.len() > nodes.len() {
            break; // Not a tree; validation refuses these, this only bounds the loop.
        }
    }
    order
}

/// The collapse of §3 on a validated tree.
///
/// # Errors
/// [`DivisibleError::NotApplicable`] when no node has a CPU or the nodes are not a tree.
pub(super) fn tree_linear(
    inst: &Divisible,
    emit: &mut impl FnMut(DivStep),
) -> Result<DivSolution, DivisibleError> {
    let nodes = &inst.nodes;
    let n = nodes.len();
    let mut kids = vec![Vec::new(); n];
    for (v, node) in nodes.iter().enumerate() {
        if let Some(p) = node.parent.filter(|&p| p < n) {
            kids[p].push(v);
        }
    }
    let order = bfs(nodes, &kids);
    if order.len() != n {
        return Err(DivisibleError::NotApplicable(
            "platform must be a tree rooted at the master".to_owned(),
        ));
    }
    // Bottom-up: remove relay leaves, then collapse.
    let mut alive = vec![false; n];
    let mut removed = Vec::new();
    let mut rho: Vec<Option<Q>> = vec![None; n];
    let mut rates: Vec<Vec<Q>> = vec![Vec::new(); n];
    let mut served: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &v in order.iter().rev() {
        let mut ch: Vec<usize> = kids[v].iter().copied().filter(|&c| alive[c]).collect();
        if nodes[v].w.is_none() && ch.is_empty() {
            removed.push(v);
            emit(DivStep::Removed { node: v });
            continue;
        }
        alive[v] = true;
        ch.sort_by(|&a, &b| nodes[a].g.cmp(&nodes[b].g).then(a.cmp(&b)));
        let mut r = nodes[v].w.as_ref().map_or_else(Q::zero, Q::recip);
        let mut prev: Option<(Q, Q)> = None; // (a_{k−1}, w_eq(c_{k−1}))
        let mut a_list = Vec::new();
        for &c in &ch {
            let weq_c = rho[c].as_ref().map_or_else(Q::zero, Q::recip);
            let denom = &nodes[c].g + &weq_c;
            let a = match &prev {
                None => denom.recip(),
                Some((a_prev, weq_prev)) => a_prev * weq_prev / &denom,
            };
            r += &a;
            a_list.push(a.clone());
            prev = Some((a, weq_c));
        }
        emit(DivStep::Collapsed {
            node: v,
            children: ch.clone(),
            rates: a_list.clone(),
            rho: r.clone(),
            w_eq: r.recip(),
        });
        rho[v] = Some(r);
        rates[v] = a_list;
        served[v] = ch;
    }
    let root = order[0];
    let rho_root = rho[root]
        .clone()
        .ok_or_else(|| DivisibleError::NotApplicable("no node of the tree has a CPU".to_owned()))?;
    let makespan = &inst.w_total / &rho_root;
    let mut ready: Vec<Option<Q>> = vec![None; n];
    let mut subtree = vec![Q::zero(); n];
    let mut alpha = vec![Q::zero(); n];
    let mut schedule = Vec::new();
    ready[root] = Some(Q::zero());
    subtree[root] = inst.w_total.clone();
    for &v in &order {
        let Some(t_v) = ready[v].clone() else {
            continue;
        };
        let budget = &makespan - &t_v;
        let own = nodes[v].w.as_ref().map_or_else(Q::zero, |w| &budget / w);
        emit(DivStep::Expanded {
            node: v,
            ready: t_v.clone(),
            own: own.clone(),
            subtree: subtree[v].clone(),
        });
        let mut blocks = Vec::new();
        if own.is_positive() {
            blocks.push(Block {
                kind: Kind::Compute,
                from: None,
                node: Some(v),
                start: t_v.clone(),
                end: makespan.clone(),
                latency: Q::zero(),
                load: own.clone(),
                round: 0,
            });
        }
        alpha[v] = own;
        let mut t = t_v;
        for (c, a) in served[v].iter().zip(&rates[v]) {
            let x = a * &budget;
            let end = &t + &x * &nodes[*c].g;
            if x.is_positive() {
                blocks.push(Block {
                    kind: Kind::Send,
                    from: Some(v),
                    node: Some(*c),
                    start: t.clone(),
                    end: end.clone(),
                    latency: Q::zero(),
                    load: x.clone(),
                    round: 0,
                });
            }
            ready[*c] = Some(end.clone());
            subtree[*c] = x;
            t = end;
        }
        if !blocks.is_empty() {
            emit(DivStep::Drew {
                part: "node",
                index: v,
                blocks: blocks.clone(),
            });
        }
        schedule.extend(blocks);
    }
    let mut by_ready: Vec<usize> = (0..n).filter(|&v| subtree[v].is_positive()).collect();
    by_ready.sort_by(|&a, &b| ready[a].cmp(&ready[b]).then(a.cmp(&b)));
    emit(DivStep::Finished {
        makespan: makespan.clone(),
        alpha: alpha.clone(),
        alpha_master: None,
        order: by_ready.clone(),
    });
    Ok(DivSolution {
        method: "",
        status: Status::Optimal,
        makespan,
        tight: true,
        order: by_ready,
        participating: participating(&alpha),
        alpha,
        alpha_master: None,
        schedule,
        notes: Vec::new(),
        details: Details::Tree(TreeDetails {
            w_eq: rho.iter().map(|r| r.as_ref().map(Q::recip)).collect(),
            subtree_load: subtree,
            ready,
            children_order: served,
            removed,
        }),
    })
}
