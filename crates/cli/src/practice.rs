//! `hetlab practice`: question sets with their answers for teachers, and `hetlab practice
//! answer`, which checks one answer with the page's parser (docs/practice.md). The questions,
//! answers and verdicts come from the core's `practice` module; this module only prints them.

use std::process::ExitCode;

use anyhow::{anyhow, bail, Result};
use hetlab_core::practice::{self, code, Difficulty, Question, Verdict};
use serde_json::json;
use serde_json::Value;

/// Most questions printed at once.
pub const MAX_COUNT: u64 = 1000;

/// `count` questions of `family` from `seed` at `difficulty`, each with its correct answers
/// (`"answers"`, every accepted spelling of the solver's values), as a JSON array.
///
/// # Errors
/// An unknown family or difficulty, a count outside `1..=1000`, or a question the core could
/// not generate.
pub fn questions(family: &str, seed: u64, count: u64, difficulty: &str) -> Result<String> {
    let d = Difficulty::from_name(difficulty).ok_or_else(|| {
        anyhow!("unknown difficulty \"{difficulty}\" (known: small, medium, large)")
    })?;
    if count == 0 || count > MAX_COUNT {
        bail!("--count must be between 1 and {MAX_COUNT}");
    }
    let out = (0..count)
        .map(|index| {
            hetlab_core::with_problem!(family, |F| practice::with_answers::<F>(seed, d, index))
                .unwrap_or_else(|| Err(format!("unknown family \"{family}\"")))
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| anyhow!("{e}"))?;
    Ok(serde_json::to_string_pretty(&Value::Array(out))?)
}

/// Checks `answer` against the question in `text` (one question object, as `hetlab practice`
/// prints them; its `"answers"` are ignored): the verdict as JSON, and the exit code 0 (right),
/// 1 (wrong) or 2 (malformed answer, or a question that cannot be checked, with the reason).
#[must_use]
pub fn answer(text: &str, answer: &str) -> (String, ExitCode) {
    let verdict = serde_json::from_str::<Question>(text)
        .map_err(|e| format!("the question is not a practice question: {e}"))
        .and_then(|q| practice::check(&q, answer));
    match verdict {
        Ok(v) => {
            let code = match v {
                Verdict::Right => 0,
                Verdict::Wrong(_) => 1,
                Verdict::Malformed(_) => 2,
            };
            let json = serde_json::to_string_pretty(&v).unwrap_or_default();
            (json, ExitCode::from(code))
        }
        Err(e) => {
            let v = Verdict::Malformed(format!("The question cannot be checked: {e}."));
            let json = serde_json::to_string_pretty(&v).unwrap_or_default();
            (json, ExitCode::from(2))
        }
    }
}

/// The grade of a completion code (`hetlab practice check`): the set, the number right, and
/// each question's prompt, the answer given and its verdict, as JSON.
///
/// # Errors
/// A code that is damaged, edited or not a code (in a sentence), or a question that cannot be
/// generated again.
pub fn grade(text: &str) -> Result<String> {
    let record = code::decode(text).map_err(|e| anyhow!("{e}"))?;
    let (graded, right) = practice::grade(&record).map_err(|e| anyhow!("{e}"))?;
    let answers: Vec<Value> = graded
        .iter()
        .map(|g| {
            // The verdict's own fields (`"verdict"`, and `"message"` when not right), as
            // `hetlab practice answer` prints them.
            let mut row = json!({
                "index": g.question.index,
                "prompt": g.question.prompt,
                "answer": g.answer,
            });
            if let (Some(o), Ok(Value::Object(v))) =
                (row.as_object_mut(), serde_json::to_value(&g.verdict))
            {
                o.extend(v);
            }
            row
        })
        .collect();
    let mut set = json!({
        "family": record.family,
        "difficulty": record.difficulty,
        "seed": record.seed,
        "right": right,
        "questions": graded.len(),
        "answers": answers,
    });
    if let (Some(o), Some(name)) = (set.as_object_mut(), &record.name) {
        o.insert("name".into(), name.clone().into());
    }
    Ok(serde_json::to_string_pretty(&set)?)
}
