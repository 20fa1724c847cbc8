//! The ring family behind the generic [`Family`] entry.

use super::instance::RawRing;
use crate::generate::Shape;
use crate::issue::Issues;
use serde_json::Value;

use super::instance::Ring;
use super::{homogeneous, RingSolution, RingStep, MAX_EXACT, MAX_EXHAUSTIVE};
use crate::family::Family;
use crate::trace::Traced;

/// The ring family (SLICERING).
pub struct RingFamily;

impl Family for RingFamily {
    const PROBLEM: &'static str = "ring";
    const ABOUT: &'static crate::family::About = &super::about::ABOUT;
    type Input = Ring;
    type Run = Traced<RingSolution, RingStep>;
    type Raw = RawRing;

    fn validate(raw: RawRing) -> Result<Ring, Issues> {
        raw.validate()
    }

    fn to_value(input: &Ring) -> Value {
        input.to_value()
    }

    /// `size` processors as [`super::generate`] says; two groups for the `clusters` shape.
    fn generate(shape: Shape, size: usize, seed: u64) -> Ring {
        super::generate(size, shape == Shape::Clusters, seed)
    }

    /// Every available algorithm that applies: the exact ones up to their size limits, the
    /// homogeneous closed form only when every link costs the same.
    fn offered(input: &Ring) -> Vec<&'static str> {
        let p = input.p();
        let all = crate::family::info(Self::PROBLEM)
            .map_or_else(Vec::new, crate::catalog::Family::available_names);
        all.into_iter()
            .filter(|name| match *name {
                "exact" | "held-karp" => p <= MAX_EXACT,
                "exhaustive" => p <= MAX_EXHAUSTIVE,
                "homogeneous" => homogeneous::common_cost(input).is_some(),
                _ => true,
            })
            .collect()
    }

    fn steps(run: &Self::Run) -> usize {
        run.trace.len()
    }
}
