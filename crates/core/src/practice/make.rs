//! Question sets over the registry: [`generate`] a question from (family, seed, difficulty,
//! index), and [`check`] an answer by solving again. Pure and deterministic: ChaCha8 only, as
//! in `crate::generate`, so the same arguments give the same question (byte-identical JSON)
//! on every machine, native or wasm.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::bench::{Measured, Timer};
use crate::families::{Instance, Registered};
use crate::family::run_offered;
use crate::generate::Shape;

use super::ask::{Asked, Objectives, Practice};
use super::code::Record;
use super::model::{AnswerForm, Difficulty, Expected, Kind, Posed, Question, Verdict};
use super::number::{self, parse_answer, MAX_ANSWER_CHARS};

/// Instances tried for a question's kind before the next kind is tried.
const ATTEMPTS: usize = 6;

/// Question number `index` of the set of `problem` questions generated from `seed` at
/// `difficulty`. The kinds cycle through the family's [`super::Practice::KINDS`].
///
/// # Errors
/// An unknown family, or (never seen in the tests) no question found on any instance tried.
pub fn generate(
    problem: &str,
    seed: u64,
    difficulty: Difficulty,
    index: u64,
) -> Result<Question, String> {
    with_problem!(problem, |F| question_of::<F>(seed, difficulty, index))
        .unwrap_or_else(|| Err(format!("unknown family \"{problem}\" (see `hetlab list`)")))
}

/// Question `index` of family `F`'s set, as [`generate`] gives it, for one family: a solver
/// worker binary links only its group's families.
///
/// # Errors
/// As [`generate`].
pub fn generate_for<F: Registered + Practice>(
    seed: u64,
    difficulty: Difficulty,
    index: u64,
) -> Result<Question, String> {
    question_of::<F>(seed, difficulty, index)
}

/// [`check`] for a question of family `F` (a solver worker's group): the verdict on `answer`
/// and every accepted answer, computed by solving again.
///
/// # Errors
/// A question of another family, or as [`pose_again`].
pub fn check_for<F: Registered + Practice>(
    question: &Question,
    answer: &str,
) -> Result<(Verdict, Expected), String> {
    if question.family != F::PROBLEM {
        return Err(format!(
            "the question is about {}, not {}",
            question.family,
            F::PROBLEM
        ));
    }
    let posed = again::<F>(question)?;
    Ok((
        judge(&posed.expected, &posed.answer_form, answer),
        posed.expected,
    ))
}

/// [`generate`] for family `F`.
fn question_of<F: Registered + Practice>(
    seed: u64,
    difficulty: Difficulty,
    index: u64,
) -> Result<Question, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    let kinds = F::KINDS;
    let first = usize::try_from(index % kinds.len().max(1) as u64).unwrap_or(0);
    for k in 0..kinds.len() {
        let kind = kinds[(first + k) % kinds.len()];
        for _ in 0..ATTEMPTS {
            if let Some(q) = attempt::<F>(&mut rng, seed, difficulty, index, kind) {
                return Ok(q);
            }
        }
    }
    Err(format!("no {} question found for seed {seed}", F::PROBLEM))
}

/// One instance drawn from `rng`, one algorithm, one pick: the question, if it has one.
fn attempt<F: Registered + Practice>(
    rng: &mut ChaCha8Rng,
    seed: u64,
    difficulty: Difficulty,
    index: u64,
    kind: Kind,
) -> Option<Question> {
    let below = |rng: &mut ChaCha8Rng, n: usize| {
        usize::try_from((rng.next_u64() >> 16) % (n.max(1) as u64)).unwrap_or(0)
    };
    let instance_seed = rng.next_u64();
    let shape = F::SHAPES
        .get(below(rng, F::SHAPES.len()))
        .copied()
        .unwrap_or(Shape::Random);
    let input = F::generate(shape, F::SIZES[difficulty.index()], instance_seed);
    let mut offered = F::offered(&input);
    if !F::ALGORITHMS.is_empty() {
        offered.retain(|a| F::ALGORITHMS.contains(a));
    }
    let first = below(rng, offered.len());
    let pick = rng.next_u64();
    let first = first.min(offered.len());
    offered.rotate_left(first);
    let (algorithm, posed) = first_posed::<F>(&input, &offered, kind, pick)?;
    Some(Question {
        family: F::PROBLEM.to_owned(),
        seed,
        difficulty,
        index,
        instance: F::to_value(&input),
        algorithm: algorithm.to_owned(),
        step: posed.step,
        prompt: posed.prompt,
        kind,
        pick,
        answer_form: posed.answer_form,
        explanation: posed.explanation,
    })
}

/// The drawn algorithm (`offered[0]`), or the next one that runs on `input` and has a question
/// of `kind`: its name and the question.
fn first_posed<F: Registered + Practice>(
    input: &F::Input,
    offered: &[&'static str],
    kind: Kind,
    pick: u64,
) -> Option<(&'static str, Posed)> {
    let objectives = Objectives::default();
    // The objectives whose Choice question this instance lacks (see CHOICE_OF_OBJECTIVE).
    let mut failed: Vec<String> = Vec::new();
    let choice_of_objective = kind == Kind::Choice && F::CHOICE_OF_OBJECTIVE;
    offered.iter().find_map(|&a| {
        if choice_of_objective && !failed.is_empty() {
            let objective = objectives.of::<F>(input, a, None);
            if objective.is_some_and(|(name, _)| failed.contains(&name)) {
                return None;
            }
        }
        let run = F::run(input, a, true).ok()?;
        let asked = Asked::new(input, a, &run, &objectives);
        let posed = F::pose(&asked, kind, pick);
        if posed.is_none() && choice_of_objective {
            failed.extend(asked.doc["objective"]["name"].as_str().map(str::to_owned));
        }
        posed.map(|p| (a, framed::<F>(a, p)))
    })
}

/// `posed` with its prompt naming the algorithm when it is about one run (it has a step).
fn framed<F: Registered + Practice>(algorithm: &str, mut posed: Posed) -> Posed {
    if posed.step.is_some() {
        let title = super::common::title(F::PROBLEM, algorithm);
        posed.prompt = format!("Algorithm {algorithm} ({title}). {}", posed.prompt);
    }
    posed
}

/// The question posed again from its instance by the solver: its correct answers with it.
///
/// # Errors
/// A sentence when the question cannot be checked: an unknown family, an invalid instance, an
/// algorithm the instance does not offer, a solver refusal, or a question that is not the one
/// its instance, algorithm, kind and pick give (a changed prompt).
pub fn pose_again(question: &Question) -> Result<Posed, String> {
    with_problem!(question.family.as_str(), |F| again::<F>(question))
        .unwrap_or_else(|| Err(format!("unknown family \"{}\"", question.family)))
}

/// [`pose_again`] for family `F`.
fn again<F: Registered + Practice>(question: &Question) -> Result<Posed, String> {
    let text = serde_json::to_string(&question.instance).map_err(|e| e.to_string())?;
    let inst = Instance::from_json(&text)
        .map_err(|e| format!("the question's instance is not valid: {e}"))?;
    let input = F::input(&inst).ok_or_else(|| {
        format!(
            "the question is about {} but its instance is a {} instance",
            question.family,
            inst.problem()
        )
    })?;
    let (name, run) =
        run_offered::<F>(input, Some(&question.algorithm), true).map_err(|e| e.to_string())?;
    let objectives = Objectives::default();
    let posed = F::pose(
        &Asked::new(input, name, &run, &objectives),
        question.kind,
        question.pick,
    )
    .map(|p| framed::<F>(name, p))
    .ok_or("the question does not apply to its instance")?;
    if posed.prompt != question.prompt || posed.answer_form != question.answer_form {
        return Err("the question was changed: its instance gives another prompt".into());
    }
    Ok(posed)
}

/// Question `index` of family `F`'s set (as [`generate`]) with its correct answers (as
/// [`expected`]), as `hetlab practice` prints each: the question's keys, then `"answers"`,
/// every accepted spelling. For one family, so that a solver worker binary links only its
/// group's families.
///
/// # Errors
/// As [`generate`] and [`expected`].
pub fn with_answers<F: Registered + Practice>(
    seed: u64,
    difficulty: Difficulty,
    index: u64,
) -> Result<serde_json::Value, String> {
    let question = question_of::<F>(seed, difficulty, index)?;
    let answers = again::<F>(&question)?.expected;
    let mut v = serde_json::to_value(&question).map_err(|e| e.to_string())?;
    if let Some(o) = v.as_object_mut() {
        o.insert("answers".into(), answers.texts().into());
    }
    Ok(v)
}

/// The correct answers of `question`, computed by solving again (what `hetlab practice`
/// prints for teachers, and what the tests check).
///
/// # Errors
/// As [`pose_again`].
pub fn expected(question: &Question) -> Result<Expected, String> {
    pose_again(question).map(|p| p.expected)
}

/// Checks `answer` against `question` by solving its instance again; every correct answer is
/// accepted when there are ties. Numbers are read by [`number::parse_answer`] with its
/// tolerance rule; options by name, case and surrounding blanks ignored.
///
/// # Errors
/// As [`pose_again`]: the question itself cannot be checked.
pub fn check(question: &Question, answer: &str) -> Result<Verdict, String> {
    let posed = pose_again(question)?;
    Ok(judge(&posed.expected, &posed.answer_form, answer))
}

/// The verdict on `answer` when `expected` are the correct answers.
#[must_use]
pub fn judge(expected: &Expected, form: &AnswerForm, answer: &str) -> Verdict {
    match (expected, form) {
        (Expected::Numbers(values), _) => match parse_answer(answer) {
            Err(e) => Verdict::Malformed(e),
            Ok(a) if values.iter().any(|v| number::accepts(&a, v)) => Verdict::Right,
            Ok(a) if a.decimals.is_some_and(|d| d < number::MIN_DECIMALS) => Verdict::Wrong(
                "Not the value (a decimal with fewer than 3 places is read exactly; give the exact fraction).".into(),
            ),
            Ok(_) => Verdict::Wrong("Not the value: see the explanation.".into()),
        },
        (Expected::Options(right), form) => {
            let options = match form {
                AnswerForm::Choice { options } => options.as_slice(),
                AnswerForm::Number { .. } => right.as_slice(),
            };
            choose(right, options, answer)
        }
    }
}

/// The verdict on `answer` among `options` when `right` are the correct ones.
fn choose(right: &[String], options: &[String], answer: &str) -> Verdict {
    let listed = || {
        let shown: Vec<&str> = options.iter().take(40).map(String::as_str).collect();
        format!("expected one of: {}.", shown.join(", "))
    };
    if answer.len() > MAX_ANSWER_CHARS {
        return Verdict::Malformed(format!(
            "The answer is too long (at most {MAX_ANSWER_CHARS} characters); {}",
            listed()
        ));
    }
    let a = answer.trim();
    if a.is_empty() {
        return Verdict::Malformed(format!("The answer is empty; {}", listed()));
    }
    let same = |o: &String| o.eq_ignore_ascii_case(a);
    if !options.iter().any(same) {
        return Verdict::Malformed(format!("\"{a}\" is not an option; {}", listed()));
    }
    if right.iter().any(same) {
        Verdict::Right
    } else {
        Verdict::Wrong("Not this one: see the explanation.".into())
    }
}

/// Questions timed for `#/bench` (issue 35: under 50 ms each at the large difficulty in the
/// browser).
const BENCH_QUESTIONS: u64 = 24;

/// Family `F`'s practice rows for `#/bench`: generating one large question (indices 0, 1, …,
/// so that every kind is timed), each timed alone with the caller's clock: the median and the
/// slowest.
pub fn bench<F: Registered + Practice>(time: Timer<'_>) -> Vec<Measured> {
    let mut each: Vec<f64> = (0..BENCH_QUESTIONS)
        .map(|index| {
            time(1, &mut || {
                let _ = question_of::<F>(1, Difficulty::Large, index);
            })
        })
        .collect();
    crate::sort::by(&mut each, f64::total_cmp);
    let n = each.len();
    let runs = usize::try_from(BENCH_QUESTIONS).unwrap_or(0);
    vec![
        (
            format!("{}: one practice question, large (median)", F::PROBLEM),
            each.get(n / 2).copied().unwrap_or(0.0),
            runs,
        ),
        (
            format!("{}: one practice question, large (slowest)", F::PROBLEM),
            each.last().copied().unwrap_or(0.0),
            runs,
        ),
    ]
}

/// One graded answer of a completion code.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Graded {
    /// The question (generated again from the code's family, seed and difficulty).
    pub question: Question,
    /// The answer given.
    pub answer: String,
    /// Its verdict, by solving again.
    pub verdict: Verdict,
}

/// Grades a completion code's record (`hetlab practice check`, the page's field): question `i`
/// generated again, its answer checked by solving again. Returns each graded answer and the
/// number right.
///
/// # Errors
/// An unknown family, or a question that cannot be generated or checked, in a sentence.
pub fn grade(record: &Record) -> Result<(Vec<Graded>, usize), String> {
    with_problem!(record.family.as_str(), |F| grade_for::<F>(record))
        .unwrap_or_else(|| Err(format!("unknown family \"{}\"", record.family)))
}

/// [`grade`] for a record of family `F` (a solver worker's group).
///
/// # Errors
/// A record of another family, or as [`grade`].
pub fn grade_for<F: Registered + Practice>(
    record: &Record,
) -> Result<(Vec<Graded>, usize), String> {
    if record.family != F::PROBLEM {
        return Err(format!(
            "the code is about {}, not {}",
            record.family,
            F::PROBLEM
        ));
    }
    let mut graded = Vec::with_capacity(record.answers.len());
    for (index, answer) in (0u64..).zip(&record.answers) {
        let question = question_of::<F>(record.seed, record.difficulty, index)?;
        let verdict = check_for::<F>(&question, answer)?.0;
        graded.push(Graded {
            question,
            answer: answer.clone(),
            verdict,
        });
    }
    let right = graded
        .iter()
        .filter(|g| g.verdict == Verdict::Right)
        .count();
    Ok((graded, right))
}
