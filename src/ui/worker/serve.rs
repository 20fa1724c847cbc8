//! The solver worker's side: a solver binary (`src/bin/solver_*.rs`, one per group of families)
//! calls [`serve`] with its group's [`Solvers`] inside a Web Worker, which runs one [`Job`] per
//! message and posts back progress, the answer, or a refusal. None of this is in the page
//! binaries.
//!
//! A message is `{id, job}` (the job's [`wire`](crate::wire) bytes). The answer is a plain
//! object: `{id, kind: "progress", steps, ms}` while an algorithm records steps (at most every
//! 100 ms), then `{id, kind: "done", payload}` (the `wire` bytes of the job's answer) or `{id,
//! kind: "failed", message}`. A panic posts `{kind: "panic", message}` before the worker
//! stops: the page says so and starts a new worker, instead of the whole site stopping.

use hetlab_core::families::{Instance, Registered};
use hetlab_core::family::{Family, SolveError};
use hetlab_core::formats::simgrid::{self, Conversion};
use hetlab_core::formats::timeline::{NoSchedule, Timeline};
use hetlab_core::formats::{csv, paje, tikz};
use hetlab_core::issue::Issues;
use hetlab_core::platform::Platform;
use hetlab_core::practice::{self as practice, Difficulty, Expected, Verdict};
use hetlab_core::ring::extras::solve_at;
use hetlab_core::sweep::Sweep;
use hetlab_core::trace;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::DedicatedWorkerGlobalScope;

use super::{Asked, Checked, GradeSheet, GradedRow, Job, ScheduleFormat, SimgridRead};
use crate::ui::pages::bench;
use crate::ui::pages::chains::scaling;
use crate::ui::pages::compute::{solve, Compute};
use crate::wire;

/// Least time between two progress messages.
const PROGRESS_MS: f64 = 100.0;

fn scope() -> Option<DedicatedWorkerGlobalScope> {
    js_sys::global()
        .dyn_into::<DedicatedWorkerGlobalScope>()
        .ok()
}

fn post(fields: &[(&str, JsValue)]) {
    let Some(scope) = scope() else { return };
    let msg = js_sys::Object::new();
    for (k, v) in fields {
        let _ = js_sys::Reflect::set(&msg, &JsValue::from_str(k), v);
    }
    let _ = scope.post_message(&msg);
}

/// A job's answer: its `wire` bytes, or why there is none.
pub type Answer = Result<Vec<u8>, String>;
/// A practice question with its answers (JSON), or why there is none.
pub type Question = Result<serde_json::Value, String>;
/// A result document, or why there is none.
pub type Document = Result<serde_json::Value, SolveError>;

/// What one solver worker binary serves: one group of families (`src/bundles.rs`), made by
/// `ui::pages::group!` from the group's page types. The jobs every group needs (TikZ,
/// SimGrid) are [`perform`]'s own.
pub struct Solvers {
    /// The group's name (`bundles::Bundle::name`).
    pub group: &'static str,
    /// A run for a family page of the group (`None`: not one of its families).
    pub run: fn(&str, &str, &str) -> Option<Answer>,
    /// The exported schedule of an instance of the group's families.
    pub schedule: fn(&Instance, &str) -> Option<Result<Timeline, NoSchedule>>,
    /// The SimGrid program (`hetlab export simgrid-run`) of an instance of the group's
    /// families under an algorithm, labelled with a name, or why there is none.
    pub simgrid_run: fn(&Instance, &str, &str) -> Option<Result<String, String>>,
    /// The `hetlab solve --explain` document of an instance of the group's families.
    pub document: fn(&Instance, Option<&str>) -> Option<Document>,
    /// The group's jobs that belong to one page (the ring's re-solve, the chains' table).
    pub page_job: fn(Job) -> Answer,
    /// The group's benchmark rows (only the chains' rows when asked).
    pub bench: fn(bool) -> Vec<bench::Row>,
    /// The CSV lines of one instance of a sweep of one of the group's families
    /// (`Sweep::run_of`; `None`: not one of its families).
    pub sweep: fn(&Sweep, usize) -> Option<String>,
    /// Question `index` of a practice set of one of the group's families, with its answers
    /// (`practice::with_answers`; `None`: not one of its families).
    pub practice: fn(&str, u64, Difficulty, u64) -> Option<Question>,
    /// Question `index` of a practice set of one of the group's families, without its answers
    /// (`practice::generate_for`; `None`: not one of its families).
    pub practice_ask: fn(&str, u64, Difficulty, u64) -> Option<Asking>,
    /// The verdict on an answer to a question of one of the group's families, and every
    /// accepted answer (`practice::check_for`; `None`: not one of its families).
    pub practice_check: fn(&practice::Question, &str) -> Option<Checking>,
    /// A completion code's record of one of the group's families, graded by solving again
    /// (`practice::grade_for`; `None`: not one of its families).
    pub practice_grade: fn(&practice::code::Record) -> Option<Grading>,
}

/// Each graded answer of a completion code and the number right, or why it cannot be graded.
pub type Grading = Result<(Vec<practice::Graded>, usize), String>;

/// A practice question (without its answers), or why there is none.
pub type Asking = Result<practice::Question, String>;
/// A practice answer's verdict and the accepted answers, or why the question cannot be checked.
pub type Checking = Result<(Verdict, Expected), String>;

/// Serves `solvers`' jobs until the page terminates the worker (outside a worker: nothing).
pub fn serve(solvers: &'static Solvers) {
    let Some(scope) = scope() else { return };
    std::panic::set_hook(Box::new(|info| {
        let message: String = info.to_string().chars().take(600).collect();
        post(&[("kind", "panic".into()), ("message", message.into())]);
    }));
    let handler = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|e: web_sys::MessageEvent| {
        let data = e.data();
        let id = js_sys::Reflect::get(&data, &"id".into()).unwrap_or(JsValue::NULL);
        let bytes = js_sys::Reflect::get(&data, &"job".into())
            .ok()
            .filter(JsCast::is_instance_of::<js_sys::Uint8Array>)
            .map(|b| js_sys::Uint8Array::new(&b).to_vec());
        let Some(job) = bytes.and_then(|b| wire::decode::<Job>(&b).ok()) else {
            post(&[
                ("id", id),
                ("kind", "failed".into()),
                ("message", "the page sent an unreadable job".into()),
            ]);
            return;
        };
        let started = js_sys::Date::now();
        let mut last = started;
        let progress_id = id.clone();
        let _watch = trace::watch(move |steps| {
            let now = js_sys::Date::now();
            if now - last >= PROGRESS_MS {
                last = now;
                post(&[
                    ("id", progress_id.clone()),
                    ("kind", "progress".into()),
                    (
                        "steps",
                        JsValue::from(u32::try_from(steps).unwrap_or(u32::MAX)),
                    ),
                    ("ms", JsValue::from(now - started)),
                ]);
            }
        });
        match perform(solvers, job) {
            Ok(bytes) => {
                let payload = js_sys::Uint8Array::from(bytes.as_slice());
                post(&[
                    ("id", id),
                    ("kind", "done".into()),
                    ("payload", payload.into()),
                ]);
            }
            Err(message) => post(&[
                ("id", id),
                ("kind", "failed".into()),
                ("message", message.into()),
            ]),
        }
    });
    scope.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    handler.forget();
    post(&[("kind", "ready".into())]);
}

/// Runs `job`; the answer's `wire` bytes, or why there is none.
fn perform(solvers: &Solvers, job: Job) -> Answer {
    match job {
        Job::Run {
            problem,
            algorithm,
            instance,
        } => (solvers.run)(&problem, &algorithm, &instance)
            .unwrap_or_else(|| Err(elsewhere(solvers, &problem))),
        Job::Schedule {
            instance,
            algorithm,
            format,
        } => {
            let inst = Instance::from_json(&instance).map_err(|e| e.to_string())?;
            if format == ScheduleFormat::Simgrid {
                let name = format!("hetlab-{}-{algorithm}", inst.problem());
                let text = (solvers.simgrid_run)(&inst, &algorithm, &name)
                    .unwrap_or_else(|| Err(elsewhere(solvers, inst.problem())))?;
                return Ok(wire::encode(&text));
            }
            let t = (solvers.schedule)(&inst, &algorithm)
                .unwrap_or_else(|| Err(NoSchedule::NotDrawn(elsewhere(solvers, inst.problem()))))
                .map_err(|e| e.to_string())?;
            Ok(wire::encode(&if format == ScheduleFormat::Paje {
                paje::write(&t)
            } else {
                csv::write(&t)
            }))
        }
        job @ (Job::RingAt { .. } | Job::Scaling { .. } | Job::SteadyRates { .. }) => {
            (solvers.page_job)(job)
        }
        Job::PracticeAsk {
            problem,
            seed,
            difficulty,
            index,
        } => {
            let question = ask(solvers, &problem, seed, &difficulty, index)?;
            Ok(wire::encode(&asked(&question)))
        }
        Job::PracticeCheck {
            problem,
            seed,
            difficulty,
            index,
            answer,
        } => {
            let question = ask(solvers, &problem, seed, &difficulty, index)?;
            let (verdict, expected) = (solvers.practice_check)(&question, &answer)
                .unwrap_or_else(|| Err(elsewhere(solvers, &problem)))?;
            Ok(wire::encode(&checked(&verdict, &expected)))
        }
        Job::PracticeGrade { code } => {
            let record = practice::code::decode(&code).map_err(|e| e.to_string())?;
            let (graded, right) = (solvers.practice_grade)(&record)
                .unwrap_or_else(|| Err(elsewhere(solvers, &record.family)))?;
            Ok(wire::encode(&sheet(&record, &graded, right)))
        }
        Job::Bench { only_chains } => Ok(wire::encode(&(solvers.bench)(only_chains))),
        Job::SweepRows { spec, instance } => {
            Ok(wire::encode(&sweep_rows(solvers, &spec, instance)?))
        }
        Job::Tikz { svg } => Ok(wire::encode(
            &tikz::to_tikz(&svg).map_err(|e| e.to_string())?,
        )),
        Job::SimgridImport {
            xml,
            flops,
            bytes,
            zone,
            first,
        } => Ok(wire::encode(&simgrid_import(
            &xml, &flops, &bytes, &zone, &first,
        ))),
        Job::SimgridExport {
            platform,
            flops,
            bytes,
        } => {
            let p = Platform::from_json(&platform).map_err(|e| e.to_string())?;
            let xml = Conversion::parse(&flops, &bytes)
                .map(|conv| simgrid::to_xml(&p, &conv))
                .map_err(|e| sentences(&e));
            Ok(wire::encode(&xml))
        }
    }
}

/// The CSV lines of instance `k` of the sweep `spec`.
fn sweep_rows(solvers: &Solvers, spec: &str, k: u64) -> Result<String, String> {
    let sweep = hetlab_core::sweep::parse(spec).map_err(|e| sentences(&e).join("; "))?;
    let last = sweep.instances();
    let k = usize::try_from(k)
        .ok()
        .filter(|&k| k < last)
        .ok_or_else(|| format!("the sweep has {last} instances: there is no instance {k}"))?;
    (solvers.sweep)(&sweep, k).ok_or_else(|| elsewhere(solvers, sweep.family))
}

/// Question `index` of `problem`'s set from `seed` at `difficulty`.
fn ask(
    solvers: &Solvers,
    problem: &str,
    seed: u64,
    difficulty: &str,
    index: u64,
) -> Result<practice::Question, String> {
    let d = Difficulty::from_name(difficulty).ok_or("a difficulty is small, medium or large")?;
    (solvers.practice_ask)(problem, seed, d, index)
        .unwrap_or_else(|| Err(elsewhere(solvers, problem)))
}

/// A question as the page shows it.
fn asked(q: &practice::Question) -> Asked {
    let (options, number_hint) = match &q.answer_form {
        practice::AnswerForm::Choice { options } => (options.clone(), String::new()),
        practice::AnswerForm::Number { hint } => (Vec::new(), hint.clone()),
    };
    Asked {
        family: q.family.clone(),
        difficulty: q.difficulty.name().to_owned(),
        kind: q.kind.name().to_owned(),
        prompt: q.prompt.clone(),
        options,
        number_hint,
        explanation: q.explanation.clone(),
        algorithm: q.algorithm.clone(),
        step: q.step.map(|s| s as u64),
        instance: hetlab_core::share::encode_json(&q.instance.to_string()),
    }
}

/// A graded completion code, as the page reads it.
fn sheet(record: &practice::code::Record, graded: &[practice::Graded], right: usize) -> GradeSheet {
    GradeSheet {
        family: record.family.clone(),
        difficulty: record.difficulty.name().to_owned(),
        seed: record.seed,
        name: record.name.clone().unwrap_or_default(),
        right: right as u64,
        rows: graded
            .iter()
            .map(|g| GradedRow {
                prompt: g.question.prompt.clone(),
                answer: g.answer.clone(),
                checked: checked(&g.verdict, &Expected::Options(Vec::new())),
            })
            .collect(),
    }
}

/// A verdict and the accepted answers, as the page reads them.
fn checked(verdict: &Verdict, expected: &Expected) -> Checked {
    let (name, message) = match verdict {
        Verdict::Right => ("right", String::new()),
        Verdict::Wrong(m) => ("wrong", m.clone()),
        Verdict::Malformed(m) => ("malformed", m.clone()),
    };
    Checked {
        verdict: name.to_owned(),
        message,
        answers: expected.texts(),
    }
}

/// Every problem of `issues`, one sentence each.
fn sentences(issues: &Issues) -> Vec<String> {
    issues.0.iter().map(ToString::to_string).collect()
}

/// A SimGrid file read with the task sizes, the zone and the number of hosts typed.
fn simgrid_import(xml: &str, flops: &str, bytes: &str, zone: &str, first: &str) -> SimgridRead {
    let conv = match Conversion::parse(flops, bytes) {
        Ok(c) => c,
        Err(e) => return SimgridRead::Sizes(sentences(&e)),
    };
    let only = match simgrid::Only::parse(zone, first) {
        Ok(o) => o,
        Err(e) => return SimgridRead::Sizes(sentences(&e)),
    };
    match simgrid::from_xml_in(xml, &conv, &only) {
        Ok(got) => SimgridRead::Read {
            platform: got.platform.to_json(false),
            notes: got.notes,
        },
        Err(e) => SimgridRead::Refused(sentences(&e)),
    }
}

/// The refusal of a job for a family this worker does not hold (a page of one group sent it to
/// another group's worker: a bug).
fn elsewhere(solvers: &Solvers, problem: &str) -> String {
    format!(
        "the {} solver worker holds no solver for \"{problem}\"",
        solvers.group
    )
}

/// The ring's re-solve at another ratio ([`Job::RingAt`]) and the chains' scaling table
/// ([`Job::Scaling`]): the partitioning group's page jobs.
pub(crate) fn partitioning_page_job(job: Job) -> Answer {
    match job {
        Job::RingAt {
            instance,
            algorithm,
            ratio,
        } => {
            let inst = Instance::from_json(&instance).map_err(|e| e.to_string())?;
            let Instance::Ring(ring) = inst else {
                return Err("the instance is not a ring instance".to_owned());
            };
            Ok(wire::encode(
                &solve_at(&ring, &algorithm, &ratio).map_err(|e| e.to_string())?,
            ))
        }
        Job::Scaling { preset } => Ok(wire::encode(&scaling::compute(&preset)?)),
        _ => Err("not a page job of the partitioning families".to_owned()),
    }
}

/// The distribution group has no page job of its own.
pub(crate) fn no_page_job(_: Job) -> Answer {
    Err("not a page job of the distribution families".to_owned())
}

/// Typed steady-state rates checked and scheduled ([`Job::SteadyRates`]): the communication
/// group's page job.
pub(crate) fn communication_page_job(job: Job) -> Answer {
    let Job::SteadyRates { instance, rates } = job else {
        return Err("not a page job of the communication families".to_owned());
    };
    let Instance::SteadyState(inst) = Instance::from_json(&instance).map_err(|e| e.to_string())?
    else {
        return Err("the instance is not a steady-state instance".to_owned());
    };
    Ok(wire::encode(&hetlab_core::steady_state::rates::check(
        &inst, &rates,
    )))
}

/// `solve_json` of a solver worker binary (`src/bin/solver_*.rs`): the document `hetlab solve --explain` prints for `instance_json` (pretty JSON), or `error: ` and
/// the message; the same `family::solve_family_within` as the CLI.
#[must_use]
pub fn solve_json(solvers: &Solvers, instance_json: &str, algorithm: &str) -> String {
    let algorithm = (!algorithm.is_empty()).then_some(algorithm);
    let inst = match Instance::from_json(instance_json) {
        Ok(inst) => inst,
        Err(e) => return format!("error: {e}"),
    };
    match (solvers.document)(&inst, algorithm) {
        Some(Ok(doc)) => {
            serde_json::to_string_pretty(&doc).unwrap_or_else(|e| format!("error: {e}"))
        }
        Some(Err(e)) => format!("error: {e}"),
        None => format!("error: {}", elsewhere(solvers, inst.problem())),
    }
}

/// `practice_json` of a solver worker binary: `count` questions of `problem`'s practice set
/// from `seed` at `difficulty`, with their answers, as the pretty JSON array `hetlab practice`
/// prints (the same text: the browser's wasm and the native build must agree), or `error: `
/// and the message.
#[must_use]
pub fn practice_json(
    solvers: &Solvers,
    problem: &str,
    seed: &str,
    count: u32,
    difficulty: &str,
) -> String {
    let (Ok(seed), Some(d)) = (seed.parse::<u64>(), Difficulty::from_name(difficulty)) else {
        return "error: a seed is a whole number, a difficulty small, medium or large".to_owned();
    };
    let questions: Result<Vec<_>, String> = (0..u64::from(count))
        .map(|index| {
            (solvers.practice)(problem, seed, d, index)
                .unwrap_or_else(|| Err(elsewhere(solvers, problem)))
        })
        .collect();
    match questions.and_then(|q| {
        serde_json::to_string_pretty(&serde_json::Value::Array(q)).map_err(|e| e.to_string())
    }) {
        Ok(text) => text,
        Err(e) => format!("error: {e}"),
    }
}

/// The answer to a [`Job::Run`] for family page `P`: its [`Payload`](super::Payload)'s `wire` bytes.
pub(crate) fn solve_encoded<P: Compute>(algorithm: &str, instance: &str) -> Answer {
    let inst = Instance::from_json(instance).map_err(|e| e.to_string())?;
    let input = P::F::input(&inst)
        .ok_or_else(|| format!("the instance is not a {} instance", P::F::PROBLEM))?;
    Ok(wire::encode(&solve::<P>(input, algorithm)?))
}
