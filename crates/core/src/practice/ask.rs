//! What a family provides to practice: the [`Practice`] trait, required of every registered
//! family (`make.rs` asks it of every family the registry names, so a new family cannot forget
//! it).

use serde_json::Value;

use crate::family::Solver;
use crate::generate::Shape;

use super::model::{Kind, Posed};

/// The run a question is asked about: the traced run of `algorithm` on `input`, and its result
/// document with the trace (formats.md section 4), which most questions read.
pub struct Asked<'a, F: Solver + ?Sized> {
    /// The instance.
    pub input: &'a F::Input,
    /// The algorithm run.
    pub algorithm: &'a str,
    /// Its traced run.
    pub run: &'a F::Run,
    /// `F::result(input, algorithm, run, true)`.
    pub doc: Value,
}

impl<'a, F: Solver + ?Sized> Asked<'a, F> {
    /// The run of `algorithm` on `input`, with its result document.
    #[must_use]
    pub fn new(input: &'a F::Input, algorithm: &'a str, run: &'a F::Run) -> Self {
        let doc = F::result(input, algorithm, run, true);
        Asked {
            input,
            algorithm,
            run,
            doc,
        }
    }
}

/// A family's questions, drawn from one run of one algorithm on one instance. Each family
/// implements it in `crates/core/src/<family>/practice.rs`.
pub trait Practice: Solver {
    /// The kinds it asks, in the order a question set cycles through them (at least four).
    const KINDS: &'static [Kind] = &Kind::ALL;

    /// The generator's size for each difficulty (small, medium, large), as
    /// [`Family::generate`](crate::family::Family::generate) reads `size`.
    const SIZES: [usize; 3];

    /// The algorithms questions are asked about (those the instance offers; every offered one
    /// when empty).
    const ALGORITHMS: &'static [&'static str] = &[];

    /// The shapes the generator is given (one is drawn per question).
    const SHAPES: &'static [Shape] = &[Shape::Random];

    /// The question of `kind` number `pick` (any `u64`: the family reduces it to its own
    /// choices) about the run `asked`, with its correct answers; `None` when this run has no
    /// such question (a trace too short, say). It must be a pure function of its arguments:
    /// the same arguments give the same question and answers.
    fn pose(asked: &Asked<'_, Self>, kind: Kind, pick: u64) -> Option<Posed>;
}
