//! Questions most families ask the same way, read from a run's result document with its trace
//! (formats.md section 4): the objective's value, one element's number, the element with the
//! largest (or smallest) number, the algorithm that does better, and a question about one step
//! of the trace. The families' `practice.rs` files choose the fields and the words.

use serde_json::Value;

use crate::catalog;
use crate::family::Solver;
use crate::rational::{format_q, Q};

use super::ask::Asked;
use super::model::Posed;
use super::pick::{self, exact};

/// How a family names its elements in prompts and options: `prefix` then the index plus `base`
/// (`P1`, `P2`, … for `{ "P", 1 }`; node ids `0`, `1`, … for `{ "", 0 }`).
#[derive(Clone, Copy, Debug)]
pub struct Ids {
    /// Written before the number.
    pub prefix: &'static str,
    /// Added to the 0-based index.
    pub base: usize,
}

impl Ids {
    /// The name of element `i`.
    #[must_use]
    pub fn name(self, i: usize) -> String {
        format!("{}{}", self.prefix, i + self.base)
    }

    /// The names of elements `0..n`.
    #[must_use]
    pub fn all(self, n: usize) -> Vec<String> {
        (0..n).map(|i| self.name(i)).collect()
    }
}

/// Processors named `P1`, `P2`, … (the figures of most families).
pub const P1: Ids = Ids {
    prefix: "P",
    base: 1,
};

/// Processors named `P0`, `P1`, … (the ring's figure).
pub const P0: Ids = Ids {
    prefix: "P",
    base: 0,
};

/// Nodes named by their ids, `0`, `1`, … (the graph families' figures).
pub const NODE: Ids = Ids {
    prefix: "",
    base: 0,
};

/// The trace's steps (empty when there is none).
#[must_use]
pub fn trace(doc: &Value) -> &[Value] {
    doc["trace"].as_array().map_or(&[], Vec::as_slice)
}

/// The steps of kind `kind`, with their 0-based index in the trace.
#[must_use]
pub fn steps_of<'a>(doc: &'a Value, kind: &str) -> Vec<(usize, &'a Value)> {
    trace(doc)
        .iter()
        .enumerate()
        .filter(|(_, s)| s["kind"] == kind)
        .collect()
}

/// One step of kind `kind`, chosen by `pick`.
#[must_use]
pub fn step_of<'a>(doc: &'a Value, kind: &str, pick: u64) -> Option<(usize, &'a Value)> {
    pick::nth(&steps_of(doc, kind), pick).copied()
}

/// The title of `algorithm` in `problem`'s catalog entry (its name when it has none).
#[must_use]
pub fn title(problem: &str, algorithm: &str) -> String {
    catalog::family(problem)
        .and_then(|f| f.algorithm(algorithm))
        .map_or_else(|| algorithm.to_owned(), |a| a.title.to_owned())
}

/// Where the player shows the end of the run, for explanations.
fn last_step(doc: &Value) -> usize {
    trace(doc).len()
}

/// "What is the objective?": the value of `doc`'s `objective`, in `words` ("the throughput
/// ρ*").
#[must_use]
pub fn objective(doc: &Value, words: &str) -> Option<Posed> {
    let v = exact(&doc["objective"]["value_exact"])?;
    let n = last_step(doc);
    Some(pick::number(
        Some(n),
        format!("On this instance, what is {words}?"),
        format!("The last step of the run (step {n}) states it; the result document's objective holds it exactly."),
        vec![v],
    ))
}

/// The exact numbers of a result field: an array (element `i` at index `i`, `null`s skipped)
/// or an object keyed by element index.
#[must_use]
pub fn numbers(v: &Value) -> Vec<(usize, Q)> {
    match v {
        Value::Array(a) => a
            .iter()
            .enumerate()
            .filter_map(|(i, x)| exact(x).map(|q| (i, q)))
            .collect(),
        Value::Object(o) => o
            .iter()
            .filter_map(|(k, x)| Some((k.parse().ok()?, exact(x)?)))
            .collect(),
        _ => Vec::new(),
    }
}

/// "What is element k's number?": one element of `field` (chosen by `pick`), `what` naming
/// the number ("the load α_i of").
#[must_use]
pub fn element_value(doc: &Value, field: &str, ids: Ids, what: &str, pick: u64) -> Option<Posed> {
    let all = numbers(&doc[field]);
    let (i, v) = pick::nth(&all, pick)?;
    let n = last_step(doc);
    Some(pick::number(
        Some(n),
        format!("In the solution, what is {what} {}?", ids.name(*i)),
        format!("The solution (step {n}, the end of the run) gives it: field \"{field}\" of the result."),
        vec![v.clone()],
    ))
}

/// "Which element has the largest (or smallest) number?" over `field`, options every element
/// of `0..count` (or of the listed ones, when more); every element that attains it is
/// accepted.
#[must_use]
pub fn extreme(
    doc: &Value,
    field: &str,
    ids: Ids,
    count: usize,
    what: &str,
    largest: bool,
) -> Option<Posed> {
    let all = numbers(&doc[field]);
    let best = if largest {
        all.iter().map(|(_, v)| v).max()
    } else {
        all.iter().map(|(_, v)| v).min()
    }?
    .clone();
    let right = all
        .iter()
        .filter(|(_, v)| *v == best)
        .map(|(i, _)| ids.name(*i))
        .collect();
    let count = all.iter().map(|(i, _)| i + 1).max().unwrap_or(0).max(count);
    let n = last_step(doc);
    let word = if largest { "largest" } else { "smallest" };
    pick::choice(
        Some(n),
        format!("Which one has the {word} {what} in the solution?"),
        format!("The solution (step {n}, the end of the run) shows every {what}: field \"{field}\" of the result ({word}: {}).", format_q(&best)),
        ids.all(count),
        right,
    )
}

/// "Which algorithm gives the better objective on this instance?" among `candidates` (every
/// offered one when empty; those that run on it under the default limits and report the same
/// objective as the run asked about); every algorithm attaining the best value is accepted.
#[must_use]
pub fn better<F: Solver>(asked: &Asked<'_, F>, candidates: &[&str]) -> Option<Posed> {
    let name = asked.doc["objective"]["name"].as_str()?;
    let larger = matches!(name, "throughput" | "max_tasks");
    let offered = F::offered(asked.input);
    let mut values: Vec<(&str, Q)> = Vec::new();
    let candidates = if candidates.is_empty() {
        offered.as_slice()
    } else {
        candidates
    };
    for &a in candidates.iter().filter(|a| offered.contains(a)) {
        if let Some((objective, value)) = asked.objective_of(a) {
            if objective == name {
                values.push((a, value?));
            }
        }
    }
    let best = if larger {
        values.iter().map(|(_, v)| v).max()
    } else {
        values.iter().map(|(_, v)| v).min()
    }?
    .clone();
    let right = values
        .iter()
        .filter(|(_, v)| *v == best)
        .map(|(a, _)| (*a).to_owned())
        .collect();
    let options = values.iter().map(|(a, _)| (*a).to_owned()).collect();
    let goal = if larger { "largest" } else { "smallest" };
    pick::choice(
        None,
        format!(
            "On this instance, which of these algorithms gives the {goal} {}?",
            name.replace('_', " ")
        ),
        format!(
            "Run each of them (the algorithm menu): the best {} is {}.",
            name.replace('_', " "),
            format_q(&best)
        ),
        options,
        right,
    )
}

/// A question about trace step `i` (0-based): the player opens just before it (at step `i`),
/// and the answer is what step `i + 1` shows.
#[must_use]
pub fn about_step(
    i: usize,
    prompt: String,
    options: Vec<String>,
    right: Vec<String>,
) -> Option<Posed> {
    pick::choice(
        Some(i),
        prompt,
        format!(
            "Step {} of the trace shows it (play one step from step {i}).",
            i + 1
        ),
        options,
        right,
    )
}

/// [`about_step`] with a number for answer.
#[must_use]
pub fn step_number(i: usize, prompt: String, value: Q) -> Posed {
    pick::number(
        Some(i),
        prompt,
        format!(
            "Step {} of the trace shows it (play one step from step {i}).",
            i + 1
        ),
        vec![value],
    )
}

/// The element index in `v` (a JSON unsigned integer).
#[must_use]
pub fn id(v: &Value) -> Option<usize> {
    v.as_u64().and_then(|x| usize::try_from(x).ok())
}

/// The length of the array `field` of `v` (an instance document's processor list, say).
#[must_use]
pub fn count(v: &Value, field: &str) -> usize {
    v[field].as_array().map_or(0, Vec::len)
}
