//! The forward schedule of a Part B selection (§8.3): the master sends the selected tasks
//! back-to-back in EDD order; every node forwards first-in-first-out as soon as its port is
//! free and computes its own tasks first-in-first-out as soon as its CPU is free.

use num_traits::Zero;

use super::model::{Activity, Node, TreeInput};
use super::solution::TreeView;
use super::step::{MsStep, Placement};
use super::tree::children;
use crate::rational::Q;

/// The next hop from `v` toward `dest`: the ancestor of `dest` whose parent is `v`.
fn next_hop(nodes: &[Node], v: usize, dest: usize) -> Option<usize> {
    let mut x = dest;
    for _ in 0..=nodes.len() {
        match nodes.get(x)?.parent {
            Some(p) if p == v => return Some(x),
            Some(p) => x = p,
            None => return None,
        }
    }
    None
}

/// Runs node `v` on its arrivals `(time, destination)` (in arrival order) and, recursively,
/// its subtree. Appends activities to `out`.
fn run_node(
    nodes: &[Node],
    kids: &[Vec<usize>],
    v: usize,
    arrivals: &[(Q, usize)],
    out: &mut Vec<Activity>,
) {
    let (mut cpu, mut port) = (Q::zero(), Q::zero());
    let mut below: Vec<Vec<(Q, usize)>> = vec![Vec::new(); kids[v].len()];
    for (a, dest) in arrivals {
        if *dest == v {
            let Some(w) = &nodes[v].w else { continue };
            let start = a.clone().max(cpu);
            cpu = &start + w;
            out.push(Activity::Compute {
                slave: v,
                start,
                end: cpu.clone(),
            });
        } else if let Some(u) = next_hop(nodes, v, *dest) {
            let start = a.clone().max(port);
            port = &start + &nodes[u].c;
            out.push(Activity::Transfer {
                from: Some(v),
                to: u,
                start,
                end: port.clone(),
            });
            if let Some(k) = kids[v].iter().position(|&x| x == u) {
                below[k].push((port.clone(), *dest));
            }
        }
    }
    for (k, &u) in kids[v].iter().enumerate() {
        run_node(nodes, kids, u, &below[k], out);
    }
}

/// The forward schedule of `view` (one step for the master's own tasks, then one per child of
/// the master), as activities.
pub(super) fn schedule(
    input: &TreeInput,
    view: &TreeView,
    emit: &mut impl FnMut(MsStep),
) -> Vec<Activity> {
    let nodes = input.shape.nodes();
    let (kids, top) = children(&nodes);
    let mut out = Vec::new();
    let mut total = 0;
    if let (Some(w0), true) = (&input.w0, view.master_tasks > 0) {
        let acts: Vec<Activity> = (0..view.master_tasks)
            .map(|k| {
                let start = w0 * Q::from_integer(k.into());
                Activity::MasterCompute {
                    end: &start + w0,
                    start,
                }
            })
            .collect();
        total += view.master_tasks;
        emit(MsStep::Placed {
            placement: Placement::Subtree { child: None },
            activities: acts.clone(),
            total,
        });
        out.extend(acts);
    }
    // The master's port, in EDD order from time 0.
    let mut cursor = Q::zero();
    let mut sends: Vec<Vec<(Activity, (Q, usize))>> = vec![Vec::new(); top.len()];
    for &j in &view.selected {
        let Some(job) = view.jobs.get(j) else {
            continue;
        };
        let start = cursor.clone();
        cursor = &start + &job.length;
        if let Some(k) = top.iter().position(|&u| u == job.child) {
            let act = Activity::Transfer {
                from: None,
                to: job.child,
                start,
                end: cursor.clone(),
            };
            sends[k].push((act, (cursor.clone(), job.origin)));
        }
    }
    for (k, &u) in top.iter().enumerate() {
        let mut acts: Vec<Activity> = sends[k].iter().map(|(a, _)| a.clone()).collect();
        let arrivals: Vec<(Q, usize)> = sends[k].iter().map(|(_, r)| r.clone()).collect();
        run_node(&nodes, &kids, u, &arrivals, &mut acts);
        if acts.is_empty() {
            continue;
        }
        total += arrivals.len() as u64;
        emit(MsStep::Placed {
            placement: Placement::Subtree { child: Some(u) },
            activities: acts.clone(),
            total,
        });
        out.extend(acts);
    }
    out
}
