//! The steps of the master–slave algorithms (master-slave.md §10), with their English captions
//! and phases. Slaves and nodes are 0-based in the data and `P1..Pp` in captions.

use serde::Serialize;

use super::model::Activity;
use super::solution::{Job, Matching, MatrixName, Pattern, Probe};
use crate::rational::{frac, Q};
use crate::trace::{Phase, Step};

/// Which matching a [`MsStep::Matched`] shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The fastest-first foil of §3.2 (dashed).
    FastestFirst,
    /// The optimal assignment (bold).
    Optimal,
    /// The approximation's left assignment `σ1` on `A1`.
    Left,
    /// The approximation's right assignment `σ2` on `A2`.
    Right,
    /// The exact optimum of variant 2 (enumeration or identical slaves).
    Exact,
}

/// What a [`MsStep::Placed`] adds to the Gantt chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(tag = "unit", rename_all = "snake_case")]
pub enum Placement {
    /// One bus slot (1-based) and its slave's tasks.
    Slot {
        /// The slot.
        slot: usize,
        /// The slave.
        slave: usize,
    },
    /// One slave's tasks (variant 0).
    Slave {
        /// The slave.
        slave: usize,
    },
    /// One period `r` of a periodic pattern.
    Period {
        /// The period.
        r: u64,
    },
    /// Tasks `first..=last` (1-based) of an event-driven schedule.
    Tasks {
        /// First task.
        first: u64,
        /// Last task.
        last: u64,
    },
    /// What one child of the master receives and computes (Part B), or the master's own
    /// tasks (`child: None`).
    Subtree {
        /// The child.
        child: Option<usize>,
    },
}

/// One event of a master–slave algorithm.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum MsStep {
    /// A weight matrix was computed.
    Weighed {
        /// Which.
        name: MatrixName,
        /// Rows = slaves, columns = slots.
        matrix: Vec<Vec<i64>>,
    },
    /// A matching was chosen.
    Matched {
        /// Which.
        role: Role,
        /// Slots, counts and total.
        matching: Matching,
    },
    /// The used slots were renumbered `1..k` in their order (§3.3 compaction).
    Compacted {
        /// The final slots.
        sigma: Vec<usize>,
    },
    /// The approximation's exact per-slave counts for the chosen slots were computed.
    Approximated {
        /// `C_app`.
        c_app: i64,
        /// Final counts.
        counts: Vec<u64>,
        /// Their sum.
        total: u64,
    },
    /// The exhaustive search over `σ1` improved its best value.
    Improved {
        /// Forward slots.
        sigma1: Vec<usize>,
        /// Return slots.
        sigma2: Vec<usize>,
        /// Tasks.
        total: u64,
    },
    /// The exhaustive search finished.
    Enumerated {
        /// Permutations examined.
        permutations: u64,
        /// The optimum.
        optimum: u64,
    },
    /// The periodic pattern was built.
    Patterned {
        /// The pattern.
        pattern: Pattern,
    },
    /// The upper bound `UB(T)` was computed.
    Bounded {
        /// The bound.
        ub: u64,
    },
    /// One probe of the `MinTime` binary search.
    Probed {
        /// The probe.
        probe: Probe,
    },
    /// `READY(v)` was computed (reverse times).
    Readied {
        /// The node.
        node: usize,
        /// Its ready list.
        #[serde(serialize_with = "crate::rational::exact")]
        times: Vec<Q>,
    },
    /// The master's candidate jobs were listed in EDD order.
    Listed {
        /// The jobs.
        jobs: Vec<Job>,
    },
    /// Moore–Hodgson added a job.
    Admitted {
        /// The job (index into the list).
        job: usize,
        /// The load after adding it.
        #[serde(serialize_with = "crate::rational::exact")]
        load: Q,
    },
    /// Moore–Hodgson removed the longest job after an overflow.
    Rejected {
        /// The removed job.
        job: usize,
        /// The load after removing it.
        #[serde(serialize_with = "crate::rational::exact")]
        load: Q,
    },
    /// Moore–Hodgson's final selection (job indices in EDD order).
    Selected {
        /// The on-time jobs.
        selected: Vec<usize>,
    },
    /// Activities were added to the Gantt chart.
    Placed {
        /// What they are.
        placement: Placement,
        /// The activities.
        activities: Vec<Activity>,
        /// Tasks on the chart so far.
        total: u64,
    },
    /// The result: tasks per slave and their sum.
    Counted {
        /// Per slave or node.
        counts: Vec<u64>,
        /// The sum.
        total: u64,
    },
}

/// Pseudocode shown beside the figure; [`Phase::line`] indexes it.
pub const PSEUDOCODE: &[&str] = &[
    "W[i][j] := max(0, floor((T − j·tcom)/t_i))      (A1, A2 unclamped; B for identical slaves)",
    "σ := argmax over perfect matchings of Σ W[i][σ(i)]   (Hungarian method)",
    "c_i := W[i][σ(i)];  C := Σ c_i",
    "for σ1 in all permutations: best σ2 by assignment; keep the best",
    "order slaves by t_i; S := Σ tcom/tc_k; Tpat := lcm(tc); nb_k := Tpat/tc_k",
    "UB(T) := min(Σ floor(T/tc_i), floor(T/tcom))",
    "MinTime: lo, hi := 0, tcom + C·min t; bisect on MaxTasks(mid) ≥ C",
    "READY(v) := own ticks k·w_v ∪ children's tasks forwarded FIFO (reverse time)",
    "Moore–Hodgson: EDD order; on overflow drop the longest job",
    "build the schedule slot by slot; count the tasks done by T",
];

fn p(i: usize) -> String {
    format!("P{}", i + 1)
}

fn list<T: ToString>(v: &[T]) -> String {
    let items: Vec<String> = v.iter().map(ToString::to_string).collect();
    format!("({})", items.join(","))
}

/// What a [`MsStep::Placed`] drew, in words.
fn placed(placement: &Placement) -> String {
    match placement {
        Placement::Slot { slot, slave } => format!("Slot {slot} went to {}", p(*slave)),
        Placement::Slave { slave } => format!("{} computed alone", p(*slave)),
        Placement::Period { r } => format!("Period {r} was drawn"),
        Placement::Tasks { first, last } => format!("Tasks {first} to {last} were drawn"),
        Placement::Subtree { child: Some(c) } => {
            format!("The tasks sent through {} were drawn", p(*c))
        }
        Placement::Subtree { child: None } => "The master's own tasks were drawn".to_owned(),
    }
}

impl Step for MsStep {
    type Context<'a> = ();

    fn caption(&self, (): &()) -> String {
        match self {
            MsStep::Weighed { name, matrix } => format!(
                "Computed the {}×{} weight matrix {name:?}: entry (i, j) is the number of tasks P_i runs with slot j.",
                matrix.len(),
                matrix.len()
            ),
            MsStep::Matched { role, matching } => {
                let what = match role {
                    Role::FastestFirst => "The fastest-first matching",
                    Role::Optimal => "The optimal assignment",
                    Role::Left => "The left assignment σ1 (on A1)",
                    Role::Right => "The right assignment σ2 (on A2)",
                    Role::Exact => "The exact optimum",
                };
                format!(
                    "{what} gave slots σ = {} and {} tasks.",
                    list(&matching.sigma),
                    matching.total
                )
            }
            MsStep::Compacted { sigma } => format!(
                "Renumbered the used slots in their order: σ = {}.",
                list(sigma)
            ),
            MsStep::Approximated { c_app, total, .. } => format!(
                "With these slots every slave runs as many tasks as fit: {total} tasks (C_app = {c_app})."
            ),
            MsStep::Improved { sigma1, sigma2, total } => format!(
                "Best so far: σ1 = {}, σ2 = {} with {total} tasks.",
                list(sigma1),
                list(sigma2)
            ),
            MsStep::Enumerated { permutations, optimum } => format!(
                "Examined {permutations} forward orders: the optimum is {optimum} tasks."
            ),
            MsStep::Patterned { pattern } => format!(
                "Built the periodic pattern: S = {}, Tpat = {}, nb = {}.",
                frac(&pattern.s),
                frac(&pattern.tpat),
                list(&pattern.nb)
            ),
            MsStep::Bounded { ub } => format!("No schedule does more than UB = {ub} tasks."),
            MsStep::Probed { probe } => format!(
                "Probed T = {} in [{}, {}]: {} tasks.",
                frac(&probe.mid),
                frac(&probe.lo),
                frac(&probe.hi),
                probe.count
            ),
            MsStep::Readied { node, times } => format!(
                "{} has {} tasks ready in reverse time.",
                p(*node),
                times.len()
            ),
            MsStep::Listed { jobs } => format!(
                "Listed {} candidate jobs at the master in deadline order.",
                jobs.len()
            ),
            MsStep::Admitted { job, load } => {
                format!("Added job {}: load {}.", job + 1, frac(load))
            }
            MsStep::Rejected { job, load } => format!(
                "The load passed the deadline: removed the longest job {} (load {}).",
                job + 1,
                frac(load)
            ),
            MsStep::Selected { selected } => format!(
                "Moore–Hodgson kept {} jobs that all meet their deadlines.",
                selected.len()
            ),
            MsStep::Placed {
                placement,
                activities,
                total,
            } => format!(
                "{} ({} activities); {total} tasks on the chart.",
                placed(placement),
                activities.len()
            ),
            MsStep::Counted { counts, total } => {
                format!("Done: {total} tasks, {} per slave.", list(counts))
            }
        }
    }

    fn phase(&self) -> Phase {
        let (name, line) = match self {
            MsStep::Weighed { .. } => ("weights", 0),
            MsStep::Matched { .. } | MsStep::Compacted { .. } => ("matching", 1),
            MsStep::Approximated { .. } => ("counts", 2),
            MsStep::Improved { .. } | MsStep::Enumerated { .. } => ("enumerate", 3),
            MsStep::Patterned { .. } => ("pattern", 4),
            MsStep::Bounded { .. } => ("bound", 5),
            MsStep::Probed { .. } => ("search", 6),
            MsStep::Readied { .. } | MsStep::Listed { .. } => ("reverse", 7),
            MsStep::Admitted { .. } | MsStep::Rejected { .. } | MsStep::Selected { .. } => {
                ("select", 8)
            }
            MsStep::Placed { .. } | MsStep::Counted { .. } => ("schedule", 9),
        };
        Phase { name, line }
    }
}
