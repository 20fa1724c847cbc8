//! Every schedule HetLab draws as a Gantt chart, as one shape: named lanes of timed bars.
//! [`schedule`] builds it from a family's result (steady-state periods, broadcast periods,
//! scatter, master–slave and divisible-load schedules); the writers [`super::paje`] and
//! [`super::csv`] read only this shape.

// The `Gantt` implementations of the five families drawn as a Gantt chart, beside their builders.
mod build;

use crate::families::Instance;
use crate::family::{run_offered, Family, SolveError};
use crate::rational::Q;

/// A lane of the chart (a port or the processor of one node).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lane {
    /// The node the lane belongs to (`P1`, `master`).
    pub node: String,
    /// The lane's name, unique in the chart (`P1 sends`).
    pub name: String,
}

/// One bar: a lane busy with one kind of work over `[start, end)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bar {
    /// Index into [`Timeline::lanes`].
    pub lane: usize,
    /// Start time.
    pub start: Q,
    /// End time.
    pub end: Q,
    /// What the lane does (`task`, `input`, `tree 2`, `send`, `compute`): the trace's state.
    pub state: String,
    /// Details (`3 × 1/2`, `to P2`, `load 7/3`).
    pub label: String,
}

/// A schedule as lanes of timed bars, over `[0, end]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timeline {
    /// What it shows (`steady-state lp: one period`).
    pub title: String,
    /// The lanes, in drawing order.
    pub lanes: Vec<Lane>,
    /// The bars.
    pub bars: Vec<Bar>,
    /// The end of the chart (the period's length, or the makespan).
    pub end: Q,
    /// Times worth a guide (slot boundaries).
    pub marks: Vec<Q>,
}

impl Timeline {
    /// An empty chart titled `title`.
    #[must_use]
    pub fn new(title: String) -> Timeline {
        Timeline {
            title,
            lanes: Vec::new(),
            bars: Vec::new(),
            end: Q::default(),
            marks: Vec::new(),
        }
    }

    /// The index of lane `name` of `node`, added when new.
    pub fn lane(&mut self, node: &str, name: &str) -> usize {
        if let Some(k) = self.lanes.iter().position(|l| l.name == name) {
            return k;
        }
        self.lanes.push(Lane {
            node: node.to_owned(),
            name: name.to_owned(),
        });
        self.lanes.len() - 1
    }

    /// Adds a bar on lane `name` of `node`, and stretches `end` to cover it.
    pub fn push(
        &mut self,
        node: &str,
        name: &str,
        (start, end): (&Q, &Q),
        state: &str,
        label: String,
    ) {
        let lane = self.lane(node, name);
        if *end > self.end {
            self.end = end.clone();
        }
        self.bars.push(Bar {
            lane,
            start: start.clone(),
            end: end.clone(),
            state: state.to_owned(),
            label,
        });
    }

    /// The distinct states, in order of first appearance.
    #[must_use]
    pub fn states(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for b in &self.bars {
            if !out.contains(&b.state.as_str()) {
                out.push(&b.state);
            }
        }
        out
    }
}

/// Why a run has no schedule to export.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoSchedule {
    /// The solver refused the instance.
    #[error("{0}")]
    Solve(#[from] SolveError),
    /// The result has no Gantt chart (the sentence says why).
    #[error("{0}")]
    NotDrawn(String),
}

/// A family whose results HetLab draws as a Gantt chart (steady-state and broadcast periods,
/// scatter, master-slave and divisible-load schedules).
pub trait Gantt: Family {
    /// The chart of `run` (made by algorithm `name`), if this result has one.
    fn timeline(input: &Self::Input, name: &str, run: &Self::Run) -> Option<Timeline>;
}

/// The refusal of a family that draws no Gantt chart (`problem` names it), or of a result
/// without a schedule (`problem` is `None`).
#[must_use]
pub fn not_drawn(problem: Option<&str>) -> NoSchedule {
    let what = problem.map_or_else(
        || "this result has no schedule".to_owned(),
        |p| format!("the {p} family draws no Gantt chart"),
    );
    NoSchedule::NotDrawn(format!("{what}: nothing to export as a trace (only results drawn as a Gantt chart are: steady-state and broadcast periods, scatter, master-slave and divisible-load schedules)"))
}

/// [`schedule`] on an input of family `F`.
///
/// # Errors
/// As [`schedule`].
pub fn schedule_of<F: Gantt>(
    input: &F::Input,
    algorithm: Option<&str>,
) -> Result<Timeline, NoSchedule> {
    let (name, run) = run_offered::<F>(input, algorithm, false)?;
    F::timeline(input, name, &run)
        .filter(|t| !t.bars.is_empty())
        .ok_or_else(|| not_drawn(None))
}

/// The schedule of `algorithm` (the default when `None`) on `inst`, as HetLab draws it in its
/// Gantt chart: what `hetlab solve --format paje|csv` and the pages' exports write.
///
/// # Errors
/// [`NoSchedule::Solve`] when the solver refuses; [`NoSchedule::NotDrawn`] when the family
/// or the algorithm draws no Gantt chart (square partitions, LU, chains, ring, the `tree`
/// closed form, a multicast, an infeasible instance).
pub fn schedule(inst: &Instance, algorithm: Option<&str>) -> Result<Timeline, NoSchedule> {
    use crate::{broadcast, divisible, master_slave, scatter, steady_state};
    match inst {
        Instance::SteadyState(i) => {
            schedule_of::<steady_state::family::SteadyStateFamily>(i, algorithm)
        }
        Instance::Broadcast(i) => schedule_of::<broadcast::family::BroadcastFamily>(i, algorithm),
        Instance::Scatter(i) => schedule_of::<scatter::family::ScatterFamily>(i, algorithm),
        Instance::MasterSlave(i) => {
            schedule_of::<master_slave::family::MasterSlaveFamily>(i, algorithm)
        }
        Instance::Divisible(i) => schedule_of::<divisible::family::DivisibleFamily>(i, algorithm),
        other => Err(not_drawn(Some(other.problem()))),
    }
}

#[cfg(test)]
mod tests;
