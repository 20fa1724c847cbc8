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
use crate::families::Instance;
use crate::family::Family;

/// A family whose schedules `hetlab export simgrid-run` plays: the program of one of its
/// instances. Implemented by every registered family, so that a site's solver worker asks only
/// its own group's families (and links only their solvers); those without a schedule refuse.
pub trait SimgridRun: Family {
    /// The program playing `input`'s schedule under `algorithm` (the family's default when
    /// `None`), labelled `name`.
    ///
    /// # Errors
    /// [`RunError::NotYet`] for a family without a schedule to play; as [`program`] otherwise.
    fn simgrid_program(
        input: &Self::Input,
        algorithm: Option<&str>,
        name: &str,
        conv: &Conversion,
    ) -> Result<String, RunError> {
        let _ = (input, algorithm, name, conv);
        Err(RunError::NotYet(Self::PROBLEM.to_owned()))
    }
}

/// The family's default algorithm when `algorithm` is `None`.
fn chosen<F: Family>(input: &F::Input, algorithm: Option<&str>) -> String {
    let offered = F::offered(input);
    algorithm
        .or(offered.first().copied())
        .unwrap_or_default()
        .to_owned()
}

/// Implements [`SimgridRun`] for a family with a schedule: `$body` writes the program of `$input`
/// under `$algo` (the algorithm asked, or the family's default), labelled `$name`.
macro_rules! plays {
    ($family:ty; $input:ident, $algo:ident, $name:ident, $conv:ident => $body:expr) => {
        impl SimgridRun for $family {
            fn simgrid_program(
                $input: &Self::Input,
                algorithm: Option<&str>,
                $name: &str,
                $conv: &Conversion,
            ) -> Result<String, RunError> {
                let $algo = chosen::<Self>($input, algorithm);
                $body
            }
        }
    };
}

plays!(crate::steady_state::family::SteadyStateFamily; input, algo, name, conv =>
    steady::program(input, Some(&algo), name, conv));
plays!(crate::broadcast::family::BroadcastFamily; input, algo, name, conv =>
    broadcast::program(input, &algo, name, conv));
plays!(crate::scatter::family::ScatterFamily; input, algo, name, conv =>
    dag::program(&scatter::dag(input, &algo)?, [name, "scatter", &algo], conv));
plays!(crate::master_slave::family::MasterSlaveFamily; input, algo, name, conv =>
    dag::program(&master_slave::dag(input, &algo)?, [name, "master-slave", &algo], conv));
plays!(crate::divisible::family::DivisibleFamily; input, algo, name, conv =>
    dag::program(&divisible::dag(input, &algo)?, [name, "divisible", &algo], conv));

impl SimgridRun for crate::square::family::SquareFamily {}
impl SimgridRun for crate::lu::family::LuFamily {}
impl SimgridRun for crate::chains::family::ChainsFamily {}
impl SimgridRun for crate::ring::family::RingFamily {}

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
    use crate::families::Registered;
    fn of<F: SimgridRun + Registered>(
        inst: &Instance,
        args: (Option<&str>, &str, &Conversion),
    ) -> Option<Result<String, RunError>> {
        F::input(inst).map(|input| F::simgrid_program(input, args.0, args.1, args.2))
    }
    let args = (algorithm, name, conv);
    of::<crate::steady_state::family::SteadyStateFamily>(inst, args)
        .or_else(|| of::<crate::broadcast::family::BroadcastFamily>(inst, args))
        .or_else(|| of::<crate::scatter::family::ScatterFamily>(inst, args))
        .or_else(|| of::<crate::master_slave::family::MasterSlaveFamily>(inst, args))
        .or_else(|| of::<crate::divisible::family::DivisibleFamily>(inst, args))
        .unwrap_or_else(|| Err(RunError::NotYet(inst.problem().to_owned())))
}
