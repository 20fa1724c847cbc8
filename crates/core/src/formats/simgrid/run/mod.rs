//! `hetlab export simgrid-run` (issue 33 item 3): a self-contained Python program that plays
//! the schedule HetLab computed in SimGrid 3.32 and prints measured against predicted
//! (`docs/simgrid.md` §8).
//!
//! Each program embeds the platform ([`to_xml`](super::to_xml), CM02) and the schedule as JSON,
//! and shares `common.py` (loading, running, the verdict line). Periodic schedules play whole
//! periods and measure a throughput: steady state (`steady.rs`, `steady.py`), broadcast
//! (`broadcast.rs`, `broadcast.py`). The makespan families become timed operations on lanes
//! (`dag.rs`, `dag.py`): scatter (`scatter.rs`), master–slave (`master_slave.rs`), divisible
//! load (`divisible.rs`).

mod broadcast;
mod common;
mod dag;
mod divisible;
mod master_slave;
mod scatter;
mod steady;
#[cfg(test)]
mod tests_families;
#[cfg(test)]
mod tests_steady;

pub use common::{RunError, MAX_EVENTS, MEASURED_PERIODS};
pub use steady::schedule;

use super::Conversion;
use crate::families::{self, Instance};

/// The Python program for `inst`'s schedule under `algorithm` (the family's default when
/// `None`), labelled `name` in its output: steady-state and broadcast periods (throughput),
/// scatter, master–slave and divisible-load schedules (makespan).
///
/// # Errors
/// [`RunError`]: another family, a solver error, no schedule (`ρ* = 0`, an empty schedule), a
/// schedule its costs do not give back, or one too long to simulate.
pub fn program(
    inst: &Instance,
    algorithm: Option<&str>,
    name: &str,
    conv: &Conversion,
) -> Result<String, RunError> {
    let offered = families::offered(inst);
    let algo = algorithm.or(offered.first().copied()).unwrap_or("");
    let (dag, family) = match inst {
        Instance::SteadyState(s) => return steady::program(s, algorithm, name, conv),
        Instance::Broadcast(b) => return broadcast::program(b, algo, name, conv),
        Instance::Scatter(s) => (scatter::dag(s, algo)?, "scatter"),
        Instance::MasterSlave(m) => (master_slave::dag(m, algo)?, "master-slave"),
        Instance::Divisible(d) => (divisible::dag(d, algo)?, "divisible"),
        _ => return Err(RunError::NotYet(inst.problem().to_owned())),
    };
    dag::program(&dag, [name, family, algo], conv)
}
