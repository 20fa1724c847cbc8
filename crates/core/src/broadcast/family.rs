//! The broadcast family behind the generic [`Family`] entry: bidirectional broadcast (LP and
//! baselines), multicast and the unidirectional model, through [`dispatch`].

use super::instance::RawBroadcast;
use crate::formats::timeline::Timeline;
use crate::generate::{self, Shape};
use crate::issue::Issues;
use crate::platform::Platform;
use serde_json::Value;

use super::dispatch::{self, Run};
use super::BroadcastInput;
use crate::family::Family;

/// The broadcast family.
pub struct BroadcastFamily;

impl Family for BroadcastFamily {
    const PROBLEM: &'static str = "broadcast";
    const ABOUT: &'static crate::family::About = &super::about::ABOUT;
    type Input = BroadcastInput;
    type Run = Run;
    type Raw = RawBroadcast;
    const GANTT: bool = true;

    fn validate(raw: RawBroadcast) -> Result<BroadcastInput, Issues> {
        raw.validate()
    }

    fn to_value(input: &BroadcastInput) -> Value {
        input.to_value()
    }

    fn timeline(input: &BroadcastInput, name: &str, run: &Self::Run) -> Option<Timeline> {
        super::timeline::broadcast(input, name, run)
    }

    /// A platform of `shape` with node 0 as the source.
    fn generate(shape: Shape, size: usize, seed: u64) -> BroadcastInput {
        BroadcastInput::new(generate::platform(shape, size, seed), 0)
    }

    fn platform(input: &BroadcastInput) -> Option<&Platform> {
        Some(&input.platform)
    }

    fn offered(input: &BroadcastInput) -> Vec<&'static str> {
        dispatch::algorithms(input).to_vec()
    }

    fn over_limits(input: &BroadcastInput, algorithm: &str) -> Option<String> {
        dispatch::over_limits(input, algorithm)
    }

    fn steps(run: &Run) -> usize {
        run.len()
    }
}
