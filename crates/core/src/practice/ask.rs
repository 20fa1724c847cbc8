//! What a family provides to practice: the [`Practice`] trait, required of every registered
//! family (`make.rs` asks it of every family the registry names, so a new family cannot forget
//! it).

use std::cell::RefCell;

use serde_json::Value;

use crate::family::Solver;
use crate::generate::Shape;
use crate::rational::Q;

use super::model::{Kind, Posed};
use super::pick::exact;

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
    /// The other algorithms' objectives on `input`, each computed once for all the runs
    /// questions are asked about on this instance.
    objectives: &'a Objectives,
}

/// The objective (its name and exact value) of each algorithm run on one instance, or `None`
/// when the algorithm refuses it: "which algorithm does better" questions compare them, and a
/// question generator that tries several algorithms on one instance solves each only once.
#[derive(Default)]
pub struct Objectives(RefCell<Vec<(String, Option<Objective>)>>);

/// An objective's name and its exact value (`None` when the result gives none).
pub type Objective = (String, Option<Q>);

impl<'a, F: Solver + ?Sized> Asked<'a, F> {
    /// The run of `algorithm` on `input`, with its result document; `objectives` are those
    /// known on `input` so far.
    #[must_use]
    pub fn new(
        input: &'a F::Input,
        algorithm: &'a str,
        run: &'a F::Run,
        objectives: &'a Objectives,
    ) -> Self {
        let doc = F::result(input, algorithm, run, true);
        Asked {
            input,
            algorithm,
            run,
            doc,
            objectives,
        }
    }

    /// The objective of `algorithm` on this instance, as [`Objectives::of`] gives it (this
    /// run's own document for `algorithm` itself).
    #[must_use]
    pub fn objective_of(&self, algorithm: &str) -> Option<Objective> {
        let own = (algorithm == self.algorithm).then_some(&self.doc);
        self.objectives.of::<F>(self.input, algorithm, own)
    }
}

impl Objectives {
    /// The objective's name and exact value of `algorithm` on `input` (read from `doc`, its
    /// result document, when given; else from its untraced run), `None` when it refuses the
    /// instance or names no objective. Each algorithm is solved at most once per
    /// `Objectives`, which holds one instance's.
    #[must_use]
    pub fn of<F: Solver + ?Sized>(
        &self,
        input: &F::Input,
        algorithm: &str,
        doc: Option<&Value>,
    ) -> Option<Objective> {
        if let Some((_, known)) = self.0.borrow().iter().find(|(a, _)| a == algorithm) {
            return known.clone();
        }
        let of = |d: &Value| {
            let name = d["objective"]["name"].as_str()?.to_owned();
            Some((name, exact(&d["objective"]["value_exact"])))
        };
        let found = match doc {
            Some(d) => of(d),
            None => F::run(input, algorithm, false)
                .ok()
                .and_then(|run| of(&F::result(input, algorithm, &run, false))),
        };
        self.0
            .borrow_mut()
            .push((algorithm.to_owned(), found.clone()));
        found
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

    /// Whether this family's [`Kind::Choice`] question depends only on the instance and the
    /// objective the run reports (true when it is [`super::common::better`] alone): then an
    /// instance whose Choice question failed for one algorithm (every option right, say) is
    /// not tried again with another algorithm reporting the same objective.
    const CHOICE_OF_OBJECTIVE: bool = true;

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
