//! Practice (issue 35): questions generated from any family's seeded instances, answered by a
//! student and checked exactly by solving again (never against a stored answer).
//!
//! * [`model`]: the [`Question`] (its JSON is documented in docs/practice.md), [`Kind`],
//!   [`Difficulty`], [`AnswerForm`], [`Expected`], [`Verdict`];
//! * [`number`]: the exact answer parser for numbers and its tolerance rule;
//! * [`ask`]: the [`Practice`] trait each family implements in
//!   `crates/core/src/<family>/practice.rs` (required by the registry);
//! * [`make`]: [`generate`] a question, [`check`] an answer, the [`expected`] answers;
//! * [`pick`] and [`common`]: helpers and questions the families' files share;
//! * [`code`]: a practice set's completion code (what was asked and answered), which `grade`
//!   grades by solving again.

#[cfg(feature = "solve")]
pub mod ask;
pub mod code;
#[cfg(feature = "solve")]
pub mod common;
#[cfg(feature = "solve")]
pub mod make;
pub mod model;
pub mod number;
#[cfg(feature = "solve")]
pub mod pick;

#[cfg(feature = "solve")]
pub use ask::{Asked, Objective, Objectives, Practice};
#[cfg(feature = "solve")]
pub use make::{
    bench, check, check_for, expected, generate, generate_for, grade, grade_for, judge, pose_again,
    with_answers, Graded,
};
pub use model::{AnswerForm, Difficulty, Expected, Kind, Posed, Question, Verdict};
