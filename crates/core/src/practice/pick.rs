//! Small helpers the families' `practice.rs` files share: choosing by a pick, reading exact
//! numbers from a result document, and building a [`Posed`].

use serde_json::Value;

use crate::rational::{from_json_number, parse_q, Q};

use super::model::{AnswerForm, Expected, Posed};

/// Item `pick mod len` of `items`; `None` when empty.
#[must_use]
pub fn nth<T>(items: &[T], pick: u64) -> Option<&T> {
    let n = u64::try_from(items.len()).ok().filter(|&n| n > 0)?;
    items.get(usize::try_from(pick % n).ok()?)
}

/// `pick mod n` as an index; `None` when `n` is 0.
#[must_use]
pub fn index(n: usize, pick: u64) -> Option<usize> {
    let m = u64::try_from(n).ok().filter(|&m| m > 0)?;
    usize::try_from(pick % m).ok()
}

/// The exact number of a result document's value: a string (`"29/24"`, `"0.25"`) or a JSON
/// number.
#[must_use]
pub fn exact(v: &Value) -> Option<Q> {
    match v {
        Value::String(s) => parse_q(s).ok(),
        Value::Number(n) => from_json_number(n).ok(),
        _ => None,
    }
}

/// A number question.
#[must_use]
pub fn number(step: Option<usize>, prompt: String, explanation: String, values: Vec<Q>) -> Posed {
    Posed {
        step,
        prompt,
        answer_form: AnswerForm::number(),
        explanation,
        expected: Expected::Numbers(values),
    }
}

/// A choice among `options` whose correct ones are `right`; `None` unless some option is
/// right and some is wrong (a question whose every option is right teaches nothing).
#[must_use]
pub fn choice(
    step: Option<usize>,
    prompt: String,
    explanation: String,
    options: Vec<String>,
    right: Vec<String>,
) -> Option<Posed> {
    let wrong = options.iter().any(|o| !right.contains(o));
    let some = right.iter().any(|r| options.contains(r));
    (wrong && some).then_some(Posed {
        step,
        prompt,
        answer_form: AnswerForm::Choice { options },
        explanation,
        expected: Expected::Options(right),
    })
}

/// The options `P0`, `P1`, … for `n` elements with prefix `p` (`"P"`, `"node "`, ...).
#[must_use]
pub fn ids(prefix: &str, n: usize) -> Vec<String> {
    (0..n).map(|i| format!("{prefix}{i}")).collect()
}
