//! The master–slave family behind the generic [`Family`] entry.

use super::instance::RawMasterSlave;
use crate::formats::timeline::Timeline;
use crate::generate::Shape;
use crate::issue::Issues;
use serde_json::Value;

use super::{offered, MsInput, MsSolution, MsStep};
use crate::family::Family;
use crate::trace::Traced;

/// The master–slave family.
pub struct MasterSlaveFamily;

impl Family for MasterSlaveFamily {
    const PROBLEM: &'static str = "master-slave";
    const ABOUT: &'static crate::family::About = &super::about::ABOUT;
    type Input = MsInput;
    type Run = Traced<MsSolution, MsStep>;
    type Raw = RawMasterSlave;
    const GANTT: bool = true;

    fn validate(raw: RawMasterSlave) -> Result<MsInput, Issues> {
        raw.validate()
    }

    fn to_value(input: &MsInput) -> Value {
        input.to_value()
    }

    fn timeline(_input: &MsInput, name: &str, run: &Self::Run) -> Option<Timeline> {
        Some(super::timeline::master_slave(name, &run.solution))
    }

    /// A bus or tree variant picked by `shape`, as [`super::generate::random`] says.
    fn generate(shape: Shape, size: usize, seed: u64) -> MsInput {
        super::generate::random(shape, size, seed)
    }

    fn offered(input: &MsInput) -> Vec<&'static str> {
        offered(input)
    }

    fn steps(run: &Self::Run) -> usize {
        run.trace.len()
    }
}
