//! The view model of the master–slave pages (master-slave.md §10): what the figures show after
//! step `k` — weight matrices and matchings, the pattern and the bound, the binary search, the
//! READY lists and Moore–Hodgson's selection, and the Gantt chart built so far.

use num_traits::Zero;

use super::model::Activity;
use super::solution::{Job, Matching, MatrixName, Pattern, Probe};
use super::step::{MsStep, Role};
use crate::rational::Q;
use crate::trace::Replay;

/// What the figures show after some steps.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MsState {
    /// The weight matrices shown so far.
    pub matrices: Vec<(MatrixName, Vec<Vec<i64>>)>,
    /// The matchings shown so far (the last one is highlighted).
    pub matchings: Vec<(Role, Matching)>,
    /// The final slots after compaction.
    pub compacted: Option<Vec<usize>>,
    /// The approximation's `C_app`.
    pub c_app: Option<i64>,
    /// The exhaustive search's best so far `(σ1, σ2, total)`.
    pub best: Option<(Vec<usize>, Vec<usize>, u64)>,
    /// The exhaustive search's count of permutations, once finished.
    pub permutations: Option<u64>,
    /// The periodic pattern.
    pub pattern: Option<Pattern>,
    /// `UB(T)`.
    pub ub: Option<u64>,
    /// The `MinTime` probes so far (the last is the current interval).
    pub probes: Vec<Probe>,
    /// `READY(v)` per node, as computed so far.
    pub ready: Vec<(usize, Vec<Q>)>,
    /// The master's jobs (EDD).
    pub jobs: Vec<Job>,
    /// Moore–Hodgson's current selection (job indices, EDD order).
    pub selected: Vec<usize>,
    /// Jobs struck out so far.
    pub rejected: Vec<usize>,
    /// The current load of the selection.
    pub load: Q,
    /// The Gantt chart so far.
    pub schedule: Vec<Activity>,
    /// The activities added by the latest step (highlighted).
    pub latest: Vec<Activity>,
    /// Tasks on the chart.
    pub total: u64,
    /// The final counts, once known.
    pub counts: Option<Vec<u64>>,
}

impl Replay for MsState {
    type Step = MsStep;

    fn apply(&mut self, step: &MsStep) {
        match step {
            MsStep::Weighed { name, matrix } => self.matrices.push((*name, matrix.clone())),
            MsStep::Matched { role, matching } => self.matchings.push((*role, matching.clone())),
            MsStep::Compacted { sigma } => self.compacted = Some(sigma.clone()),
            MsStep::Approximated { c_app, .. } => self.c_app = Some(*c_app),
            MsStep::Improved {
                sigma1,
                sigma2,
                total,
            } => self.best = Some((sigma1.clone(), sigma2.clone(), *total)),
            MsStep::Enumerated { permutations, .. } => self.permutations = Some(*permutations),
            MsStep::Patterned { pattern } => self.pattern = Some(pattern.clone()),
            MsStep::Bounded { ub } => self.ub = Some(*ub),
            MsStep::Probed { probe } => self.probes.push(probe.clone()),
            MsStep::Readied { node, times } => self.ready.push((*node, times.clone())),
            MsStep::Listed { jobs } => {
                self.jobs.clone_from(jobs);
                self.selected.clear();
                self.load = Q::zero();
            }
            MsStep::Admitted { job, load } => {
                self.selected.push(*job);
                self.load.clone_from(load);
            }
            MsStep::Rejected { job, load } => {
                self.selected.retain(|j| j != job);
                self.rejected.push(*job);
                self.load.clone_from(load);
            }
            MsStep::Selected { selected } => self.selected.clone_from(selected),
            MsStep::Placed {
                activities, total, ..
            } => {
                self.schedule.extend(activities.iter().cloned());
                self.latest.clone_from(activities);
                self.total = *total;
            }
            MsStep::Counted { counts, total } => {
                self.counts = Some(counts.clone());
                self.total = *total;
                self.latest.clear();
            }
        }
    }
}
