//! Master–slave tasking of identical independent tasks (master-slave.md): Part A on a shared
//! bus without overlap on the slaves (`MaxTasks0` … `MaxTasks4` and `MinTime`), Part B on
//! one-port trees with overlap (fork, chain, spider, tree).
//!
//! Module map:
//! * [`model`]: the validated input ([`MsInput`]) and the schedule's [`Activity`];
//! * [`solution`]: what a run returns, with everything the page shows beside the Gantt chart;
//! * [`assign`]: the assignment (Hungarian method from `pathfinding`, exact integer weights);
//! * [`hungarian`]: the Hungarian method's phases for the page (`p ≤ 6`);
//! * `bus`: `MaxTasks0`, `MaxTasks1` (assignment, fastest-first foil, compaction);
//! * `two_phase`: `MaxTasks2` (exact enumeration, approximation, identical slaves);
//! * `periodic` / `pertask`: `MaxTasks3` and `MaxTasks4` (bound, periodic pattern, greedy);
//! * `mintime`: the binary search of `MinTime`;
//! * `tree` / `forward`: Part B (reverse-time merge, Moore–Hodgson, forward schedule);
//! * [`verify()`]: the independent checker; `step` / `state`: the trace and the view model;
//! * [`extras`]: every algorithm of the variant side by side (the page and `--explain`).
//!
//! Everything is exact (rationals; task counts are integers). Slaves and nodes are 0-based in
//! the data, `P1..Pp` in captions.

pub mod about;
pub mod assign;
#[cfg(feature = "solve")]
pub mod bench;
mod bus;
pub mod extras;
pub mod family;
mod forward;
pub mod generate;
pub mod hungarian;
pub mod instance;
mod mintime;
pub mod model;
mod periodic;
mod pertask;
#[cfg(feature = "solve")]
mod practice;
pub mod report;
mod run;
pub mod solution;
#[cfg(feature = "solve")]
mod solver;
mod state;
mod step;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_instance;
#[cfg(test)]
mod tests_periodic;
#[cfg(test)]
mod tests_props;
#[cfg(test)]
mod tests_tree;
#[cfg(test)]
mod tests_tree_min_time;
pub mod timeline;
pub mod tree;
pub mod two_phase;
pub mod verify;

pub use model::{Activity, BusInput, Comm, Goal, Hop, MsInput, Shape, TreeInput, TreeNode};
pub use run::{check, offered};
#[cfg(feature = "solve")]
pub use run::{solve, solve_traced};
pub use solution::MsSolution;
pub use state::MsState;
pub use step::{MsStep, Placement, Role, PSEUDOCODE};
pub use verify::{verify, Violation};

/// Most slaves of a bus instance (the assignment is `O(p³)`; the drawings stay readable).
pub const MAX_SLAVES: usize = 64;

/// Most tree nodes below the master.
pub const MAX_NODES: usize = 64;

/// Most tasks in one schedule: a bus instance's `Σ floor(T/t_i)` (an upper bound of every
/// variant's count), a `MinTime` instance's `C`, a tree's candidate tasks. Every task is
/// listed and drawn, so this keeps every algorithm well under a second in the browser.
pub const MAX_TASKS: u64 = 20_000;
