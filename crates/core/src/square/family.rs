//! The square-partition family behind the generic [`Family`] entry.

use super::instance::RawSquare;
use crate::generate::{self, Shape};
use crate::instance::{Processors, MAX_PROCESSORS};
use crate::issue::Issues;
use crate::rational::qi;
use serde_json::Value;

use super::instance::SquarePartition;
use super::run::SquareRun;
use crate::family::Family;

/// The square-partition family.
pub struct SquareFamily;

impl Family for SquareFamily {
    const PROBLEM: &'static str = "square-partition";
    const ABOUT: &'static crate::family::About = &super::about::ABOUT;
    type Input = SquarePartition;
    type Run = SquareRun;
    type Raw = RawSquare;

    fn validate(raw: RawSquare) -> Result<SquarePartition, Issues> {
        raw.validate()
    }

    fn to_value(input: &SquarePartition) -> Value {
        input.to_value()
    }

    /// `size` integer speeds in `1..=10` (any shape).
    fn generate(_shape: Shape, size: usize, seed: u64) -> SquarePartition {
        let speeds = generate::integers(size.clamp(1, MAX_PROCESSORS), 1, 10, seed);
        SquarePartition::new(Processors::Speeds(speeds.into_iter().map(qi).collect()))
    }

    fn steps(run: &SquareRun) -> usize {
        run.len()
    }
}
