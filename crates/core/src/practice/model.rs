//! The question model: what a question says (its JSON, docs/practice.md), what it expects and
//! what a check answers. The correct answer is never stored in a [`Question`]: it is computed
//! again from the solver's run whenever an answer is checked ([`super::check`]).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::rational::{format_q, Q};

/// How large the generated instance is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// A few processors or nodes: solvable by hand.
    Small,
    /// About twice as many.
    Medium,
    /// The largest instances a question uses (still generated and solved in milliseconds).
    Large,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Small, Difficulty::Medium, Difficulty::Large];

    /// Stable name (`--difficulty`, the question's JSON).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Small => "small",
            Difficulty::Medium => "medium",
            Difficulty::Large => "large",
        }
    }

    /// The difficulty with this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.name() == name)
    }

    /// Its position in [`Difficulty::ALL`] (an index into a family's sizes).
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Difficulty::Small => 0,
            Difficulty::Medium => 1,
            Difficulty::Large => 2,
        }
    }
}

/// What sort of question it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// What the algorithm does at a step of its trace (which child, which processor, ...).
    NextStep,
    /// A number of the result or of a step, exact.
    Value,
    /// One of a few named options (which node is saturated, which algorithm is better, ...).
    Choice,
    /// Which element of the figure (a node, processor or bar id) a step changes.
    PredictFigure,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 4] = [
        Kind::NextStep,
        Kind::Value,
        Kind::Choice,
        Kind::PredictFigure,
    ];

    /// Stable name, as in the question's JSON.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::NextStep => "next-step",
            Kind::Value => "value",
            Kind::Choice => "choice",
            Kind::PredictFigure => "predict-figure",
        }
    }
}

/// What form of answer is expected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum AnswerForm {
    /// An exact number ([`super::number::parse_answer`] says which spellings).
    Number {
        /// The sentence shown to the student.
        hint: String,
    },
    /// One of these options, spelled as listed (case and surrounding blanks ignored).
    Choice {
        /// The options, in the order shown.
        options: Vec<String>,
    },
}

impl AnswerForm {
    /// A number, with the standard sentence.
    #[must_use]
    pub fn number() -> AnswerForm {
        AnswerForm::Number {
            hint: super::number::NUMBER_FORM.to_owned(),
        }
    }
}

/// The correct answers of a question, as the solver's run gives them (never stored).
#[derive(Clone, Debug, PartialEq)]
pub enum Expected {
    /// Any of these numbers (several when the problem has ties).
    Numbers(Vec<Q>),
    /// Any of these options (several when the problem has ties).
    Options(Vec<String>),
}

impl Expected {
    /// The accepted answers as text: numbers exactly (`7/4` or a short decimal), options as
    /// listed.
    #[must_use]
    pub fn texts(&self) -> Vec<String> {
        match self {
            Expected::Numbers(v) => v.iter().map(format_q).collect(),
            Expected::Options(v) => v.clone(),
        }
    }
}

/// What a family's [`super::Practice::pose`] returns: a question's text and its correct
/// answers, computed from one run.
#[derive(Clone, Debug, PartialEq)]
pub struct Posed {
    /// The step of the trace the question refers to (0: before the first step), if any.
    pub step: Option<usize>,
    /// The question, in plain English.
    pub prompt: String,
    /// What is expected.
    pub answer_form: AnswerForm,
    /// Why the answer is what it is, pointing to the step that shows it.
    pub explanation: String,
    /// The correct answers.
    pub expected: Expected,
}

/// One question (its JSON is documented in docs/practice.md). It holds everything needed to
/// compute its answer again (the instance, the algorithm, its kind and `pick`), never the
/// answer itself.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Question {
    /// The family's `"problem"` name.
    pub family: String,
    /// The seed the question set was generated from.
    pub seed: u64,
    /// The instance's size class.
    pub difficulty: Difficulty,
    /// The question's position in its set (same family, seed, difficulty and index: the same
    /// question, byte for byte).
    pub index: u64,
    /// The instance document (formats.md section 3).
    pub instance: Value,
    /// The algorithm whose run the question is about.
    pub algorithm: String,
    /// The step of the trace it refers to (0: before the first step), if any.
    pub step: Option<usize>,
    /// The question in plain English.
    pub prompt: String,
    /// Its kind.
    pub kind: Kind,
    /// Which question of its kind the family asks about this run (the family's own choice
    /// number, kept so that the answer can be computed again).
    pub pick: u64,
    /// What is expected.
    pub answer_form: AnswerForm,
    /// Why the answer is what it is, pointing to the step that shows it.
    pub explanation: String,
}

/// The outcome of checking one answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", content = "message", rename_all = "lowercase")]
pub enum Verdict {
    /// The answer is correct.
    Right,
    /// The answer is well formed but not correct; the sentence says so (without the answer).
    Wrong(String),
    /// The answer is not of the expected form; the sentence says what form is expected.
    Malformed(String),
}
