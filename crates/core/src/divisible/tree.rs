//! TREELINEAR (divisible-load.md §3): relay leaves removed, every subtree collapsed bottom-up
//! into an equivalent processor `w_eq = 1/ρ(v)` (children served by non-decreasing link cost),
//! then expanded top-down from `T_f = W_total/ρ(root)`.

use crate::sort;
use num_traits::{Signed, Zero};

pub use super::details::TreeDetails;
use super::schedule::{participating, Block, Kind};
use super::{Details, DivSolution, DivStep, Divisible, DivisibleError, Status, TreeNode};
use crate::rational::Q;

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

/// The bottom-up pass: relay leaves removed, `ρ(v)` and the children's rates of every node.
struct Collapse {
    removed: Vec<usize>,
    rho: Vec<Option<Q>>,
    rates: Vec<Vec<Q>>,
    served: Vec<Vec<usize>>,
}

fn collapse(
    nodes: &[TreeNode],
    kids: &[Vec<usize>],
    order: &[usize],
    emit: &mut impl FnMut(DivStep),
) -> Collapse {
    let n = nodes.len();
    let mut c = Collapse {
        removed: Vec::new(),
        rho: vec![None; n],
        rates: vec![Vec::new(); n],
        served: vec![Vec::new(); n],
    };
    for &v in order.iter().rev() {
        let mut ch: Vec<usize> = kids[v]
            .iter()
            .copied()
            .filter(|&k| c.rho[k].is_some())
            .collect();
        if nodes[v].w.is_none() && ch.is_empty() {
            c.removed.push(v);
            emit(DivStep::Removed { node: v });
            continue;
        }
        sort::by(&mut ch, |&a, &b| {
            nodes[a].g.cmp(&nodes[b].g).then(a.cmp(&b))
        });
        let mut r = nodes[v].w.as_ref().map_or_else(Q::zero, Q::recip);
        let mut prev: Option<(Q, Q)> = None; // (a_{k−1}, w_eq(c_{k−1}))
        let mut a_list = Vec::new();
        for &k in &ch {
            let weq = c.rho[k].as_ref().map_or_else(Q::zero, Q::recip);
            let denom = &nodes[k].g + &weq;
            let a = match &prev {
                None => denom.recip(),
                Some((a_prev, weq_prev)) => a_prev * weq_prev / &denom,
            };
            r += &a;
            a_list.push(a.clone());
            prev = Some((a, weq));
        }
        emit(DivStep::Collapsed {
            node: v,
            children: ch.clone(),
            rates: a_list.clone(),
            rho: r.clone(),
            w_eq: r.recip(),
        });
        c.rho[v] = Some(r);
        c.rates[v] = a_list;
        c.served[v] = ch;
    }
    c
}

/// The top-down pass: each node's data-ready time, own share, subtree load and blocks.
struct Expansion {
    ready: Vec<Option<Q>>,
    subtree: Vec<Q>,
    alpha: Vec<Q>,
    schedule: Vec<Block>,
}

fn expand(
    inst: &Divisible,
    c: &Collapse,
    order: &[usize],
    makespan: &Q,
    emit: &mut impl FnMut(DivStep),
) -> Expansion {
    let nodes = &inst.nodes;
    let n = nodes.len();
    let mut e = Expansion {
        ready: vec![None; n],
        subtree: vec![Q::zero(); n],
        alpha: vec![Q::zero(); n],
        schedule: Vec::new(),
    };
    e.ready[order[0]] = Some(Q::zero());
    e.subtree[order[0]] = inst.w_total.clone();
    for &v in order {
        let Some(t_v) = e.ready[v].clone() else {
            continue;
        };
        let budget = makespan - &t_v;
        let own = nodes[v].w.as_ref().map_or_else(Q::zero, |w| &budget / w);
        emit(DivStep::Expanded {
            node: v,
            ready: t_v.clone(),
            own: own.clone(),
            subtree: e.subtree[v].clone(),
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
        e.alpha[v] = own;
        let mut t = t_v;
        for (k, a) in c.served[v].iter().zip(&c.rates[v]) {
            let x = a * &budget;
            let end = &t + &x * &nodes[*k].g;
            if x.is_positive() {
                blocks.push(Block {
                    kind: Kind::Send,
                    from: Some(v),
                    node: Some(*k),
                    start: t.clone(),
                    end: end.clone(),
                    latency: Q::zero(),
                    load: x.clone(),
                    round: 0,
                });
            }
            e.ready[*k] = Some(end.clone());
            e.subtree[*k] = x;
            t = end;
        }
        if !blocks.is_empty() {
            emit(DivStep::Drew {
                part: "node",
                index: v,
                blocks: blocks.clone(),
            });
        }
        e.schedule.extend(blocks);
    }
    e
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
    if order.len() != n || n == 0 {
        return Err(DivisibleError::NotApplicable(
            "platform must be a tree rooted at the master".to_owned(),
        ));
    }
    let c = collapse(nodes, &kids, &order, emit);
    let rho_root = c.rho[order[0]]
        .clone()
        .ok_or_else(|| DivisibleError::NotApplicable("no node of the tree has a CPU".to_owned()))?;
    let makespan = &inst.w_total / &rho_root;
    let e = expand(inst, &c, &order, &makespan, emit);
    let mut by_ready: Vec<usize> = (0..n).filter(|&v| e.subtree[v].is_positive()).collect();
    sort::by(&mut by_ready, |&a, &b| {
        e.ready[a].cmp(&e.ready[b]).then(a.cmp(&b))
    });
    emit(DivStep::Finished {
        makespan: makespan.clone(),
        alpha: e.alpha.clone(),
        alpha_master: None,
        order: by_ready.clone(),
    });
    Ok(DivSolution {
        method: "",
        status: Status::Optimal,
        makespan,
        tight: true,
        order: by_ready,
        participating: participating(&e.alpha),
        alpha: e.alpha,
        alpha_master: None,
        schedule: e.schedule,
        notes: Vec::new(),
        details: Details::Tree(TreeDetails {
            w_eq: c.rho.iter().map(|r| r.as_ref().map(Q::recip)).collect(),
            subtree_load: e.subtree,
            ready: e.ready,
            children_order: c.served,
            removed: c.removed,
        }),
    })
}
