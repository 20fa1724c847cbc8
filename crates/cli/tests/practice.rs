//! `hetlab practice`: question sets with answers, and `hetlab practice answer` with its exit
//! codes (0 right, 1 wrong, 2 malformed).

mod common;

use common::{hetlab, quiet as ok};

/// The questions `hetlab practice` prints for `family`.
fn questions(family: &str, seed: &str, count: &str, difficulty: &str) -> Vec<serde_json::Value> {
    let out = ok(
        &[
            "practice",
            "--family",
            family,
            "--seed",
            seed,
            "--count",
            count,
            "--difficulty",
            difficulty,
        ],
        None,
    );
    serde_json::from_str(&out).unwrap()
}

/// Runs `hetlab practice answer` on `question` (through standard input) with `answer`.
fn answer(question: &serde_json::Value, answer: &str) -> (i32, serde_json::Value) {
    let text = question.to_string();
    let out = hetlab(
        &["practice", "answer", "--question", "-", "--answer", answer],
        Some(&text),
    );
    let v = serde_json::from_slice(&out.stdout).unwrap_or_default();
    (out.status.code().unwrap_or(-1), v)
}

#[test]
fn every_family_prints_questions_with_answers_that_check() {
    for family in hetlab_core::families::PROBLEMS {
        let qs = questions(family, "3", "4", "small");
        assert_eq!(qs.len(), 4);
        let again = questions(family, "3", "4", "small");
        assert_eq!(qs, again, "{family}: reproducible");
        for q in &qs {
            let right = q["answers"][0].as_str().unwrap();
            let (code, v) = answer(q, right);
            assert_eq!((code, &v["verdict"]), (0, &"right".into()), "{family}: {q}");
            let (code, v) = answer(q, "3//4");
            assert_eq!(code, 2, "{family}: {v}");
            assert_eq!(v["verdict"], "malformed");
            assert!(v["message"].as_str().unwrap().contains("expected"));
        }
    }
}

#[test]
fn a_wrong_number_exits_with_one() {
    let qs = questions("chains", "5", "8", "medium");
    let q = qs.iter().find(|q| q["kind"] == "value").unwrap();
    let right: hetlab_core::rational::Q =
        hetlab_core::rational::parse_q(q["answers"][0].as_str().unwrap()).unwrap();
    let wrong = hetlab_core::rational::format_q(&(right + hetlab_core::rational::qi(1)));
    let (code, v) = answer(q, &wrong);
    assert_eq!((code, v["verdict"].as_str()), (1, Some("wrong")));
    let (code, _) = answer(q, "");
    assert_eq!(code, 2);
    let (code, _) = answer(q, &"9".repeat(100_000));
    assert_eq!(code, 2);
}

#[test]
fn an_edited_question_or_bad_arguments_are_refused() {
    let mut q = questions("ring", "1", "1", "small").remove(0);
    q["prompt"] = "What is 1 + 1?".into();
    let (code, v) = answer(&q, "2");
    assert_eq!(code, 2);
    assert!(v["message"].as_str().unwrap().contains("cannot be checked"));
    let (code, _) = answer(&serde_json::json!({"not": "a question"}), "2");
    assert_eq!(code, 2);
    for args in [
        vec!["practice", "--family", "nope", "--seed", "1"],
        vec![
            "practice",
            "--family",
            "chains",
            "--seed",
            "1",
            "--difficulty",
            "huge",
        ],
        vec![
            "practice", "--family", "chains", "--seed", "1", "--count", "0",
        ],
        vec!["practice", "--family", "chains"],
    ] {
        let out = hetlab(&args, None);
        assert!(!out.status.success(), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}

/// A completion code of a lu set at seed 5: the first answer right (the first accepted answer
/// `hetlab practice` prints), the second `3//4` (malformed), the third skipped.
fn lu_code() -> String {
    let qs = questions("lu", "5", "1", "small");
    let right = qs[0]["answers"][0].as_str().unwrap().to_owned();
    let record = hetlab_core::practice::code::Record {
        family: "lu".into(),
        difficulty: hetlab_core::practice::Difficulty::Small,
        seed: 5,
        answers: vec![right, "3//4".into(), String::new()],
        name: None,
    };
    hetlab_core::practice::code::encode(&record).unwrap()
}

#[test]
fn a_completion_code_is_graded_by_solving_again() {
    let code = lu_code();
    let out = ok(&["practice", "check", &code], None);
    let grade: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(grade["family"], "lu");
    assert_eq!(grade["questions"], 3);
    assert_eq!(grade["right"], 1, "{out}");
    assert_eq!(grade["answers"][0]["verdict"], "right");
    assert_eq!(grade["answers"][1]["verdict"], "malformed", "{out}");
    assert!(grade["answers"][1]["message"].is_string(), "{out}");
    // The same through standard input, broken over lines as a mail client would.
    let (a, b) = code.split_at(code.len() / 2);
    let again = ok(&["practice", "check", "-"], Some(&format!("{a}\n{b}\n")));
    assert_eq!(again, out);
}

#[test]
fn an_edited_or_foreign_completion_code_is_refused() {
    let code = lu_code();
    let mut edited: Vec<char> = code.chars().collect();
    let i = edited.len() / 2;
    edited[i] = if edited[i] == 'x' { 'y' } else { 'x' };
    let edited: String = edited.into_iter().collect();
    for bad in [edited.as_str(), "v2.abc", "p1.", &code[..code.len() - 4]] {
        let out = hetlab(&["practice", "check", bad], None);
        assert_eq!(out.status.code(), Some(1), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("code"), "{bad}: {err}");
    }
}
