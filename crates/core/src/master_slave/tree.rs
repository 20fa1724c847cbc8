//! Part B (§8.3): one-port trees with overlap, solved exactly by the reverse-time merge
//! (`READY` lists) and Moore–Hodgson at the master's port, for fork graphs, chains, spiders and
//! every tree whose non-root nodes have child links of equal cost.

use crate::sort;
use std::collections::BinaryHeap;

use num_traits::Zero;

use super::bus::tasks;
use super::model::{Node, TreeInput};
use super::solution::{Job, TreeView};
use super::step::MsStep;
use crate::family::SolveError;
use crate::rational::{frac, Q};

/// Most candidate tasks (`Σ_v min(n, floor(T/w_v))`, the master's own included).
pub const MAX_CANDIDATES: u64 = super::MAX_TASKS;

/// A task sitting at a node in reverse time: when, and which CPU computes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Ready {
    pub time: Q,
    pub origin: usize,
}

/// Children of every node (index order) and of the master.
pub(super) fn children(nodes: &[Node]) -> (Vec<Vec<usize>>, Vec<usize>) {
    let mut kids = vec![Vec::new(); nodes.len()];
    let mut top = Vec::new();
    for (k, n) in nodes.iter().enumerate() {
        match n.parent {
            Some(p) if p < nodes.len() => kids[p].push(k),
            _ => top.push(k),
        }
    }
    (kids, top)
}

/// Refuses the NP-hard case (a non-root node with child links of different costs) and
/// instances with more than [`MAX_CANDIDATES`] candidate tasks (`MinTime(C)`: `C` per CPU,
/// what a probe may list at a long horizon).
///
/// # Errors
/// [`SolveError::NotApplicable`] or [`SolveError::TooLarge`], in a sentence.
pub fn check(input: &TreeInput) -> Result<(), SolveError> {
    let nodes = input.shape.nodes();
    let (kids, _) = children(&nodes);
    for (v, list) in kids.iter().enumerate() {
        if let Some(other) = list.iter().find(|&&u| nodes[u].c != nodes[list[0]].c) {
            return Err(SolveError::NotApplicable(format!(
                "not supported (NP-hard case: heterogeneous links inside the tree): the links from {} to its children cost {} and {}",
                input.shape.label(v),
                frac(&nodes[list[0]].c),
                frac(&nodes[*other].c)
            )));
        }
    }
    let cap = input.n.unwrap_or(u64::MAX);
    let mut total = 0u64;
    for w in nodes
        .iter()
        .filter_map(|n| n.w.as_ref())
        .chain(input.w0.as_ref())
    {
        total = total.saturating_add(match input.tasks {
            Some(c) => c,
            None => tasks(&(&input.horizon / w))?.min(cap),
        });
    }
    if total > MAX_CANDIDATES && input.tasks.is_some() {
        return Err(SolveError::TooLarge(format!(
            "up to {total} candidate tasks (C on each CPU); at most {MAX_CANDIDATES} are supported: ask for fewer tasks"
        )));
    }
    if total > MAX_CANDIDATES {
        return Err(SolveError::TooLarge(format!(
            "{total} candidate tasks; at most {MAX_CANDIDATES} are supported: give a finite n or a smaller T"
        )));
    }
    Ok(())
}

/// Nodes in post-order (children before parents), from the master's children.
fn post_order(kids: &[Vec<usize>], top: &[usize]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut stack: Vec<(usize, bool)> = top.iter().rev().map(|&v| (v, false)).collect();
    while let Some((v, done)) = stack.pop() {
        if done {
            out.push(v);
        } else {
            stack.push((v, true));
            stack.extend(kids[v].iter().rev().map(|&u| (u, false)));
        }
    }
    out
}

/// `READY(v)` for every node (§8.3), emitting one step per node in post-order.
pub(super) fn ready_lists(
    input: &TreeInput,
    nodes: &[Node],
    emit: &mut impl FnMut(MsStep),
) -> Result<Vec<Vec<Ready>>, SolveError> {
    let (kids, top) = children(nodes);
    let horizon = &input.horizon;
    let cap = usize::try_from(input.n.unwrap_or(u64::MAX)).unwrap_or(usize::MAX);
    let mut ready: Vec<Vec<Ready>> = vec![Vec::new(); nodes.len()];
    for v in post_order(&kids, &top) {
        let mut list = Vec::new();
        if let Some(w) = &nodes[v].w {
            let own = tasks(&(horizon / w))?.min(cap as u64);
            for k in 1..=own {
                list.push(Ready {
                    time: w * Q::from_integer(k.into()),
                    origin: v,
                });
            }
        }
        if let Some(&first) = kids[v].first() {
            let c = &nodes[first].c;
            let mut incoming: Vec<(Q, usize, usize, usize)> = Vec::new();
            for &u in &kids[v] {
                for (rank, r) in ready[u].iter().enumerate() {
                    incoming.push((r.time.clone(), u, rank, r.origin));
                }
            }
            sort::sort(&mut incoming);
            let mut d = Q::zero();
            for (a, _, _, origin) in incoming {
                d = a.max(d) + c;
                if d > *horizon {
                    break;
                }
                list.push(Ready {
                    time: d.clone(),
                    origin,
                });
            }
        }
        sort::by(&mut list, |a, b| a.time.cmp(&b.time));
        list.truncate(cap);
        emit(MsStep::Readied {
            node: v,
            times: list.iter().map(|r| r.time.clone()).collect(),
        });
        ready[v] = list;
    }
    Ok(ready)
}

/// The master's jobs in EDD order `(deadline, length, child, rank)`, with each job's origin.
pub(super) fn jobs(
    input: &TreeInput,
    nodes: &[Node],
    ready: &[Vec<Ready>],
) -> (Vec<Job>, Vec<usize>) {
    let (_, top) = children(nodes);
    let mut jobs: Vec<Job> = Vec::new();
    for &u in &top {
        let c = &nodes[u].c;
        for (rank, r) in ready[u].iter().enumerate() {
            if &r.time + c <= input.horizon {
                jobs.push(Job {
                    child: u,
                    origin: r.origin,
                    rank,
                    length: c.clone(),
                    deadline: &input.horizon - &r.time,
                });
            }
        }
    }
    sort::by(&mut jobs, |a, b| {
        (&a.deadline, &a.length, a.child, a.rank).cmp(&(&b.deadline, &b.length, b.child, b.rank))
    });
    (jobs, top)
}

/// Most jobs whose Moore–Hodgson additions and removals are traced one by one; beyond it only
/// the final selection is (the trace stays under its cap).
pub const MAX_TRACED_JOBS: usize = 4_000;

/// Moore–Hodgson on jobs already in EDD order: the largest on-time set, in EDD order (indices).
pub(super) fn moore_hodgson(jobs: &[Job], emit: &mut impl FnMut(MsStep)) -> Vec<usize> {
    let traced = jobs.len() <= MAX_TRACED_JOBS;
    let mut quiet = |_| {};
    let emit: &mut dyn FnMut(MsStep) = if traced { emit } else { &mut quiet };
    // A max-heap on (length, index): the longest job, among equals the one added last.
    let mut heap: BinaryHeap<(&Q, usize)> = BinaryHeap::new();
    let mut removed = vec![false; jobs.len()];
    let mut load = Q::zero();
    for (k, j) in jobs.iter().enumerate() {
        heap.push((&j.length, k));
        load += &j.length;
        emit(MsStep::Admitted {
            job: k,
            load: load.clone(),
        });
        if load > j.deadline {
            if let Some((len, out)) = heap.pop() {
                load -= len;
                removed[out] = true;
                emit(MsStep::Rejected {
                    job: out,
                    load: load.clone(),
                });
            }
        }
    }
    (0..jobs.len()).filter(|&k| !removed[k]).collect()
}

/// The whole selection of §8.3: READY lists, jobs, Moore–Hodgson, the master's own tasks and
/// the cut to `n`.
pub(super) fn select(
    input: &TreeInput,
    emit: &mut impl FnMut(MsStep),
) -> Result<TreeView, SolveError> {
    check(input)?;
    let nodes = input.shape.nodes();
    let ready = ready_lists(input, &nodes, emit)?;
    let (jobs, _) = jobs(input, &nodes, &ready);
    emit(MsStep::Listed { jobs: jobs.clone() });
    let mut selected = moore_hodgson(&jobs, emit);
    let cap = input.n.unwrap_or(u64::MAX);
    let own = match &input.w0 {
        Some(w) => tasks(&(&input.horizon / w))?.min(cap),
        None => 0,
    };
    let room = usize::try_from(cap - own).unwrap_or(usize::MAX);
    selected.truncate(room);
    emit(MsStep::Selected {
        selected: selected.clone(),
    });
    Ok(TreeView {
        ready: ready
            .iter()
            .map(|l| l.iter().map(|r| r.time.clone()).collect())
            .collect(),
        jobs,
        selected,
        master_tasks: own,
    })
}
