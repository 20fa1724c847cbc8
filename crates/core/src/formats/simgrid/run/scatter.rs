//! A scatter's schedule (scatter.md §1.3) as operations for `dag.py`: the root sends each
//! processor its share in the sending order (one port), each processor computes after its
//! message. The costs are affine: `T_comm(i, x) = λ_i + β_i·x` is the link root → `P_i` with
//! latency `λ_i` and `c = β_i` per item, `T_comp(i, x) = μ_i + α_i·x` the host `P_i` with
//! `w = α_i` and a wait of `μ_i` before the execution. With the root choice (§5) and a root
//! other than the data's machine `C`, the `n` items first go `C → root` (`c = β[C][root]`).

use num_traits::{Signed, Zero};

use super::common::RunError;
use super::dag::{Dag, Op, Work};
use crate::family::{Limits, Solver as _};
use crate::rational::Q;
use crate::scatter::family::ScatterFamily;
use crate::scatter::model::{evaluate, Model};
use crate::scatter::{Algorithm, Scatter, ScatterSolution};

/// The operations of `inst`'s scatter under `algorithm`, and the algorithm's name.
///
/// # Errors
/// A solver error, or a model that does not give back the solution's schedule.
pub(super) fn dag(inst: &Scatter, algorithm: &str) -> Result<Dag, RunError> {
    if inst.has_tables() {
        return Err(RunError::Unplayable(
            "a cost table has no SimGrid equivalent (SimGrid times a message by its latency and bandwidth, a task by its flops): give lat and per_item to play it".to_owned(),
        ));
    }
    let run = ScatterFamily::run_within(inst, algorithm, false, Limits::Default)?;
    let sol = &run.solution;
    let model = if sol.algorithm == Algorithm::RootChoice {
        Model::for_root(inst, sol.root)
    } else {
        Some(Model::of(inst))
    };
    let s = &sol.schedule;
    let model = model
        .filter(|m| evaluate(m, &s.order, &s.shares) == *s)
        .ok_or_else(|| {
            RunError::Unplayable(
                "the scatter's costs do not give back its schedule: nothing to play".to_owned(),
            )
        })?;
    let ids = (0..model.len())
        .map(|i| (format!("P{}", i + 1), Some(model.comp[i].per_item.clone())))
        .collect();
    let mut dag = Dag::new(ids, sol.root, sol.makespan.clone());
    let shift = transfer(&mut dag, inst, sol)?;
    for &i in &s.order {
        let (Some(Some(row)), Some(x)) = (s.rows.get(i), s.shares.get(i)) else {
            continue;
        };
        if i != sol.root {
            dag.link(sol.root, i, &model.comm[i].per_item, &model.comm[i].lat);
            dag.ops.push(Op {
                host: sol.root,
                lane: "port",
                work: Work::Send {
                    to: i,
                    to_lane: "cpu",
                },
                units: x.clone(),
                start: &row.start + &shift,
                end: &row.recv + &shift,
            });
        }
        dag.ops.push(Op {
            host: i,
            lane: "cpu",
            work: Work::Compute {
                delay: model.comp[i].lat.clone(),
            },
            units: x.clone(),
            start: &row.recv + &shift,
            end: &row.end + &shift,
        });
    }
    Ok(dag)
}

/// The root choice's transfer of the `n` items from the data's machine to the root, when they
/// differ; returns its length (0 without one).
fn transfer(dag: &mut Dag, inst: &Scatter, sol: &ScatterSolution) -> Result<Q, RunError> {
    let shift = &sol.makespan - &sol.schedule.makespan;
    if !shift.is_positive() {
        return Ok(Q::zero());
    }
    let rt = inst
        .root_transfer
        .as_ref()
        .filter(|rt| rt.source != sol.root);
    let c = rt.and_then(|rt| rt.per_item.get(rt.source)?.get(sol.root));
    let (Some(rt), Some(c)) = (rt, c) else {
        return Err(RunError::Unplayable(format!(
            "the scatter's makespan {} exceeds its schedule's {} with no transfer to the root",
            sol.makespan, sol.schedule.makespan
        )));
    };
    dag.link(rt.source, sol.root, c, &Q::zero());
    dag.ops.push(Op {
        host: rt.source,
        lane: "port",
        work: Work::Send {
            to: sol.root,
            to_lane: "in",
        },
        units: Q::from_integer(inst.n.into()),
        start: Q::zero(),
        end: shift.clone(),
    });
    Ok(shift)
}
