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
