//! The steady-state family behind the generic [`Family`] entry: `lp` (the pipeline on any
//! platform) and `tree` (the closed form on trees and stars).

use super::instance::RawSteadyState;
use crate::formats::timeline::Timeline;
use crate::generate::{self, Shape};
use crate::issue::Issues;
use crate::platform::Platform;
use serde_json::Value;

use super::instance::SteadyState;
use super::pipeline::{PipeStep, Pipeline};
use super::tree::{TreeSolution, TreeStep};
use crate::family::Family;
use crate::trace::Traced;

/// The steady-state family.
pub struct SteadyStateFamily;

/// One run of a steady-state algorithm.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[allow(clippy::large_enum_variant)] // One per page; boxing buys nothing.
pub enum SteadyRun {
    /// The general pipeline (`lp`).
    Lp(Traced<Pipeline, PipeStep>),
    /// The closed form (`tree`).
    Tree(Traced<TreeSolution, TreeStep>),
}

impl Family for SteadyStateFamily {
    const PROBLEM: &'static str = "steady-state";
    const ABOUT: &'static crate::family::About = &super::about::ABOUT;
    type Input = SteadyState;
    type Run = SteadyRun;
    type Raw = RawSteadyState;
    const GANTT: bool = true;

    fn validate(raw: RawSteadyState) -> Result<SteadyState, Issues> {
        raw.validate()
    }

    fn to_value(input: &SteadyState) -> Value {
        input.to_value()
    }

    fn timeline(input: &SteadyState, name: &str, run: &SteadyRun) -> Option<Timeline> {
        match run {
            SteadyRun::Lp(t) => super::timeline::steady(input, name, &t.solution),
            SteadyRun::Tree(_) => None,
        }
    }

    /// A platform of `shape` with node 0 as the master.
    fn generate(shape: Shape, size: usize, seed: u64) -> SteadyState {
        SteadyState::new(generate::platform(shape, size, seed))
    }

    fn platform(input: &SteadyState) -> Option<&Platform> {
        Some(&input.platform)
    }

    fn over_limits(input: &SteadyState, algorithm: &str) -> Option<String> {
        (algorithm == "lp")
            .then(|| super::lp::check_size(input).err())
            .flatten()
            .map(|e| e.to_string())
    }

    fn steps(run: &SteadyRun) -> usize {
        match run {
            SteadyRun::Lp(t) => t.trace.len(),
            SteadyRun::Tree(t) => t.trace.len(),
        }
    }
}
