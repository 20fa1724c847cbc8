//! What the practice session and its views share: the question being fetched and what the
//! card's buttons ask.

use std::rc::Rc;

use crate::ui::worker::Asked;

/// The question being fetched, shown, or why there is none.
#[derive(Clone, PartialEq)]
pub enum Fetch {
    /// Asked of the solver worker.
    Loading,
    /// The question, as the worker sent it.
    Ready(Rc<Asked>),
    /// Why there is no question, in a sentence.
    Failed(String),
}

/// What the card's buttons do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Check this answer.
    Check(String),
    /// Skip the question (recorded as skipped).
    Skip,
    /// The next question.
    Next,
    /// Show the hint.
    Hint,
    /// Forget this set's answers and start again.
    Restart,
}
