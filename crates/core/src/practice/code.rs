//! The completion code of a practice set (issue 35, docs/practice.md): what was asked (family,
//! difficulty, seed: question `i` is `generate(family, seed, difficulty, i)`) and what the
//! student answered, in one line a teacher can grade offline with `hetlab practice check`.
//!
//! A code is `p1.` and the unpadded base64url of the record's compact JSON in a zlib stream,
//! whose Adler-32 checksum refuses a code damaged or edited by hand. It holds no score and no
//! correct answer: grading always solves again ([`super::grade`]), so an edited answer is only
//! another submission, graded as such. Reading is bounded: the code's length, the inflated
//! size, the number of answers and each answer's length are capped before any work.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::{Deserialize, Serialize};

use super::model::Difficulty;
use super::number::MAX_ANSWER_CHARS;

/// The prefix of this version's codes.
pub const PREFIX: &str = "p1.";
/// Most questions a set records.
pub const MAX_QUESTIONS: usize = 200;
/// Longest code read (characters).
pub const MAX_CODE_CHARS: usize = 64 * 1024;
/// Largest record read once inflated (bytes).
const MAX_RECORD_BYTES: usize = 256 * 1024;

/// What a completion code holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The family asked (`"problem"` name).
    pub family: String,
    /// The difficulty asked.
    pub difficulty: Difficulty,
    /// The set's seed (question `i` is `generate(family, seed, difficulty, i)`).
    pub seed: u64,
    /// The answer given to each question, in order (empty when skipped).
    pub answers: Vec<String>,
    /// The name the student gave, when the set was a per-student variant (its seed is then
    /// the variant's). Absent from codes without one, so that they read as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// Longest name a code records (characters).
pub const MAX_NAME_CHARS: usize = 64;

/// Why a code was refused, in a sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// Not a code of this version.
    #[error("this is not a HetLab completion code (it should start with \"{PREFIX}\")")]
    Prefix,
    /// Longer than any code.
    #[error("the code is too long ({0} characters; at most {MAX_CODE_CHARS})")]
    TooLong(usize),
    /// Damaged, cut or edited: its bytes do not check (the decoder's reason, kept for
    /// debugging, is not shown: it means nothing to a teacher).
    #[error("the code is damaged or was edited: copy it again, whole")]
    Damaged(String),
    /// Checks, but does not hold a record this version writes.
    #[error("the code holds no practice record: {0}")]
    Record(String),
}

/// The completion code of `record`.
///
/// # Errors
/// A record the code could not hold: too many answers, or an answer longer than any answer
/// the page accepts.
pub fn encode(record: &Record) -> Result<String, CodeError> {
    bounded(record)?;
    let json = serde_json::to_vec(record).map_err(|e| CodeError::Record(e.to_string()))?;
    let zlib = miniz_oxide::deflate::compress_to_vec_zlib(&json, 9);
    Ok(format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(zlib)))
}

/// The record a code holds (blanks around and inside the code are ignored: mail and chat
/// clients break long lines).
///
/// # Errors
/// [`CodeError`]: not a code, too long, damaged or edited, or not a record.
pub fn decode(code: &str) -> Result<Record, CodeError> {
    let len = code.len();
    if len > MAX_CODE_CHARS {
        return Err(CodeError::TooLong(len));
    }
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    let body = code.strip_prefix(PREFIX).ok_or(CodeError::Prefix)?;
    let zlib = URL_SAFE_NO_PAD
        .decode(body)
        .map_err(|e| CodeError::Damaged(e.to_string()))?;
    let json = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&zlib, MAX_RECORD_BYTES)
        .map_err(|e| CodeError::Damaged(format!("{:?}", e.status)))?;
    let record: Record =
        serde_json::from_slice(&json).map_err(|e| CodeError::Record(e.to_string()))?;
    bounded(&record)?;
    Ok(record)
}

/// `Ok` when `record` is within the caps.
fn bounded(record: &Record) -> Result<(), CodeError> {
    if record.answers.len() > MAX_QUESTIONS {
        return Err(CodeError::Record(format!(
            "{} answers (at most {MAX_QUESTIONS})",
            record.answers.len()
        )));
    }
    if let Some(i) = record
        .answers
        .iter()
        .position(|a| a.chars().count() > MAX_ANSWER_CHARS)
    {
        return Err(CodeError::Record(format!(
            "answer {} is over {MAX_ANSWER_CHARS} characters",
            i + 1
        )));
    }
    if record
        .name
        .as_ref()
        .is_some_and(|n| n.chars().count() > MAX_NAME_CHARS)
    {
        return Err(CodeError::Record(format!(
            "the name is over {MAX_NAME_CHARS} characters"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> Record {
        Record {
            family: "chains".into(),
            difficulty: Difficulty::Medium,
            seed: 42,
            answers: vec!["29/2".into(), String::new(), "P3".into()],
            name: None,
        }
    }

    #[test]
    fn a_code_gives_its_record_back_even_broken_over_lines() {
        let code = encode(&record()).expect("encodes");
        assert!(code.starts_with(PREFIX));
        assert_eq!(decode(&code), Ok(record()));
        let (a, b) = code.split_at(code.len() / 2);
        assert_eq!(decode(&format!(" {a}\n  {b} ")), Ok(record()));
    }

    #[test]
    fn an_edited_or_cut_code_never_reads_as_another_record() {
        let code = encode(&record()).expect("encodes");
        for i in PREFIX.len()..code.len() {
            let mut chars: Vec<char> = code.chars().collect();
            chars[i] = if chars[i] == 'A' { 'B' } else { 'A' };
            let edited: String = chars.into_iter().collect();
            // Refused, or (an edit of bits base64url leaves unused) the same record: never
            // another one.
            if let Ok(r) = decode(&edited) {
                assert_eq!(r, record(), "edit at {i} read as another record: {edited}");
            }
        }
        assert!(decode(&code[..code.len() - 3]).is_err());
        assert_eq!(decode("v2.abc"), Err(CodeError::Prefix));
        assert!(matches!(
            decode(&"p1.A".repeat(20_000)),
            Err(CodeError::TooLong(_))
        ));
    }

    #[test]
    fn a_name_is_kept_and_a_code_without_one_reads_as_before() {
        let plain = encode(&record()).expect("encodes");
        let named = Record {
            name: Some("Ada".into()),
            ..record()
        };
        let code = encode(&named).expect("encodes");
        assert_ne!(code, plain);
        assert_eq!(decode(&code), Ok(named));
        assert_eq!(decode(&plain).map(|r| r.name), Ok(None));
        let long = Record {
            name: Some("x".repeat(MAX_NAME_CHARS + 1)),
            ..record()
        };
        assert!(matches!(encode(&long), Err(CodeError::Record(_))));
    }

    #[test]
    fn a_record_over_the_caps_is_neither_written_nor_read() {
        let mut r = record();
        r.answers = vec!["1".into(); MAX_QUESTIONS + 1];
        assert!(matches!(encode(&r), Err(CodeError::Record(_))));
        r.answers = vec!["9".repeat(MAX_ANSWER_CHARS + 1)];
        assert!(matches!(encode(&r), Err(CodeError::Record(_))));
    }
}
