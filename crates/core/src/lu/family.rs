//! The LU family behind the generic [`Family`] entry.

use super::instance::RawLu;
use crate::generate::{self, Shape};
use crate::instance::{Processors, MAX_LU_BLOCKS};
use crate::issue::Issues;
use crate::rational::qi;
use crate::sort;
use serde_json::Value;

use super::instance::Lu;
use super::{LuSolution, LuStep};
use crate::family::Family;
use crate::trace::Traced;

/// The LU family.
pub struct LuFamily;

impl Family for LuFamily {
    const PROBLEM: &'static str = "lu";
    const ABOUT: &'static crate::family::About = &super::about::ABOUT;
    type Input = Lu;
    type Run = Traced<LuSolution, LuStep>;
    type Raw = RawLu;

    fn validate(raw: RawLu) -> Result<Lu, Issues> {
        raw.validate()
    }

    fn to_value(input: &Lu) -> Value {
        input.to_value()
    }

    /// `size` integer cycle times in `1..=9` (any shape), slices of `B = 2·size` chunks and a
    /// matrix of `n = 4·B` blocks (both capped).
    fn generate(_shape: Shape, size: usize, seed: u64) -> Lu {
        let t = generate::integers(size.clamp(1, super::MAX_PROCESSORS), 1, 9, seed);
        let b = (2 * t.len()).min(MAX_LU_BLOCKS);
        Lu {
            processors: Processors::CycleTimes(t.into_iter().map(qi).collect()),
            b,
            n: Some((4 * b).min(MAX_LU_BLOCKS)),
            grid: None,
        }
    }

    /// Every scheme; with a `grid` in the instance, `grid-panels` (the only scheme that uses
    /// it) comes first, as the default.
    fn offered(input: &Lu) -> Vec<&'static str> {
        let mut names = crate::family::info(Self::PROBLEM)
            .map_or_else(Vec::new, crate::catalog::Family::available_names);
        if input.grid.is_some() {
            sort::by_key(&mut names, |n| *n != "grid-panels");
        }
        names
    }

    fn steps(run: &Self::Run) -> usize {
        run.trace.len()
    }
}
