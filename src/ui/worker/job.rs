//! What the page asks the solver worker to do. Everything that runs a solver is a [`Job`]: the
//! page binaries have no solver in them (see `ui::worker`), so a run, an exported schedule, a
//! re-solve at another ratio, a table computed on demand and the benchmarks all travel here.
//!
//! A job crosses as [`wire`](crate::wire) bytes; its answer comes back as the `wire` bytes of
//! the type named on each variant (or a refusal, in a sentence).

use hetlab_core::wire::Json;

use crate::ui::pages::family_page::{FamilyPage, Run};

/// What a schedule is exported as ([`Job::Schedule`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, nanoserde::SerBin, nanoserde::DeBin)]
pub enum ScheduleFormat {
    /// A Paje trace (`formats::paje`).
    Paje,
    /// A CSV of the Gantt chart's bars (`formats::csv`).
    Csv,
    /// A Python program playing the schedule in SimGrid 3.32 (`hetlab export simgrid-run`).
    Simgrid,
}

impl ScheduleFormat {
    /// The downloaded file's extension and MIME type.
    #[must_use]
    pub fn file(self) -> (&'static str, &'static str) {
        match self {
            ScheduleFormat::Paje => ("paje", "text/plain"),
            ScheduleFormat::Csv => ("csv", "text/csv"),
            ScheduleFormat::Simgrid => ("py", "text/x-python"),
        }
    }
}

/// One job for the solver worker.
#[derive(Clone, Debug, PartialEq, nanoserde::SerBin, nanoserde::DeBin)]
pub enum Job {
    /// The page's run: a family's algorithm on an instance (JSON), with the family's extra
    /// results and result document. Answer: [`Payload`] of that family's page.
    Run {
        /// The family's route name (`"chains"`).
        problem: String,
        /// The algorithm.
        algorithm: String,
        /// The instance, as JSON.
        instance: String,
    },
    /// The schedule of a run as a file of another tool. Answer: `String`, the file's text.
    Schedule {
        /// The instance, as JSON.
        instance: String,
        /// The algorithm.
        algorithm: String,
        /// The file: a Paje trace, a CSV, or the SimGrid program that plays the schedule.
        format: ScheduleFormat,
    },
    /// A ring instance solved again with its work set to `ratio`·H (the `W/H` slider).
    /// Answer: `hetlab_core::ring::RingSolution`.
    RingAt {
        /// The ring instance, as JSON.
        instance: String,
        /// The algorithm.
        algorithm: String,
        /// The ratio as the slider shows it (`"65.52"`).
        ratio: String,
    },
    /// Rates typed on the steady-state page, checked against the LP's constraints and, when
    /// feasible, scheduled (`hetlab_core::steady_state::rates::check`). Answer:
    /// `hetlab_core::steady_state::rates::Checked`.
    SteadyRates {
        /// The steady-state instance, as JSON.
        instance: String,
        /// The rates as typed.
        rates: hetlab_core::steady_state::rates::Typed,
    },
    /// The chains §9.4 scaling table of a workload preset. Answer:
    /// `Vec<hetlab_core::chains::scaling::ScalingRow>`.
    Scaling {
        /// The workload preset's name.
        preset: String,
    },
    /// A figure's SVG as a standalone TikZ picture (`formats::tikz`, with the XML reader it
    /// needs: not in the page binaries). Answer: `String`, the `.tex` file.
    Tikz {
        /// The figure as an SVG document.
        svg: String,
    },
    /// A SimGrid platform file read with the task sizes typed in the editor
    /// (`formats::simgrid`). Answer: [`SimgridRead`].
    SimgridImport {
        /// The file's text.
        xml: String,
        /// Work of one task (`"1Gf"`).
        flops: String,
        /// Data of one message (`"1MB"`).
        bytes: String,
        /// The zone or cluster whose hosts are kept (empty: every host).
        zone: String,
        /// How many hosts are kept, the first in the file (empty: every host).
        first: String,
    },
    /// A platform as a SimGrid file. Answer: `Result<String, Vec<String>>`, the XML or the
    /// problems of the task sizes.
    SimgridExport {
        /// The platform, as JSON.
        platform: String,
        /// Work of one task.
        flops: String,
        /// Data of one message.
        bytes: String,
    },
    /// Question `index` of a practice set (`hetlab_core::practice::generate`). Answer:
    /// [`Asked`], without its answers.
    PracticeAsk {
        /// The family's `"problem"` name.
        problem: String,
        /// The set's seed.
        seed: u64,
        /// `small`, `medium` or `large`.
        difficulty: String,
        /// The question's index in its family's set.
        index: u64,
    },
    /// An answer to question `index` of a practice set, checked by generating the question
    /// again and solving its instance again (`hetlab_core::practice::check`): the page holds
    /// no question to tamper with. Answer: [`Checked`].
    PracticeCheck {
        /// The family's `"problem"` name.
        problem: String,
        /// The set's seed.
        seed: u64,
        /// `small`, `medium` or `large`.
        difficulty: String,
        /// The question's index in its family's set.
        index: u64,
        /// What the student typed or chose.
        answer: String,
    },
    /// A completion code graded by solving every question again
    /// (`hetlab_core::practice::grade`, what `hetlab practice check` prints). Answer:
    /// [`GradeSheet`].
    PracticeGrade {
        /// The code (`p1.…`).
        code: String,
    },
    /// The CSV lines of instance `instance` of a sweep (`hetlab_core::sweep`, docs/sweeps.md):
    /// the experiments page runs a sweep as one such job per instance, spread over several
    /// workers of the family's group, and joins the lines in instance order into the file
    /// `hetlab sweep` writes. Answer: `String`, the instance's lines.
    SweepRows {
        /// The sweep spec, as JSON.
        spec: String,
        /// The instance's index in the sweep's order.
        instance: u64,
    },
    /// The benchmarks of `#/bench` (only the chains rows when `only_chains`). Answer:
    /// `Vec<ui::pages::bench::Row>`.
    Bench {
        /// Only the chain-partitioning rows.
        only_chains: bool,
    },
}

/// What a [`Job::SimgridImport`] found.
#[derive(Clone, Debug, PartialEq, nanoserde::SerBin, nanoserde::DeBin)]
pub enum SimgridRead {
    /// The task sizes are not quantities: every problem.
    Sizes(Vec<String>),
    /// The file is not a platform HetLab reads: every problem.
    Refused(Vec<String>),
    /// The platform (as JSON) and the import's remarks.
    Read {
        /// The platform, as JSON.
        platform: String,
        /// Skipped elements, bare numbers, the master chosen.
        notes: Vec<String>,
    },
}

/// A practice question as the page shows it ([`Job::PracticeAsk`]): what the question's JSON
/// (docs/practice.md) says, without its answers, flat, so that the page reads it without
/// serde's machinery for the JSON's tagged enums.
#[derive(Clone, Debug, PartialEq, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Asked {
    /// The family's `"problem"` name.
    pub family: String,
    /// `small`, `medium` or `large`.
    pub difficulty: String,
    /// `next-step`, `value`, `choice` or `predict-figure`.
    pub kind: String,
    /// The question in plain English.
    pub prompt: String,
    /// The options, for a choice; empty for a number.
    pub options: Vec<String>,
    /// The sentence saying which forms of number are read, for a number.
    pub number_hint: String,
    /// Why the answer is what it is (which step shows it; never the answer).
    pub explanation: String,
    /// The algorithm whose run the question is about.
    pub algorithm: String,
    /// The step of the trace it refers to, if any.
    pub step: Option<u64>,
    /// The instance as a share link's payload (`v2.…`), for the figure.
    pub instance: String,
}

/// The verdict on a practice answer ([`Job::PracticeCheck`]).
#[derive(Clone, Debug, PartialEq, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Checked {
    /// `"right"`, `"wrong"` or `"malformed"` (`practice::Verdict`'s name).
    pub verdict: String,
    /// Why it is wrong or malformed, in a sentence (empty when right).
    pub message: String,
    /// Every accepted answer, as the solver's run gives them.
    pub answers: Vec<String>,
}

/// A completion code's grade ([`Job::PracticeGrade`]).
#[derive(Clone, Debug, PartialEq, nanoserde::SerBin, nanoserde::DeBin)]
pub struct GradeSheet {
    /// The family asked.
    pub family: String,
    /// The difficulty asked.
    pub difficulty: String,
    /// The set's seed.
    pub seed: u64,
    /// The student's name, when the set was a per-student variant (else empty).
    pub name: String,
    /// How many answers are right.
    pub right: u64,
    /// Each question, in order.
    pub rows: Vec<GradedRow>,
}

/// One graded answer of a [`GradeSheet`].
#[derive(Clone, Debug, PartialEq, nanoserde::SerBin, nanoserde::DeBin)]
pub struct GradedRow {
    /// The question.
    pub prompt: String,
    /// The answer given (empty: skipped).
    pub answer: String,
    /// Its verdict and why, as [`Checked`] says it (no accepted answers).
    pub checked: Checked,
}

/// What the page decodes: the run, the extra results, the result document (a JSON tree, each
/// number as the document holds it: no JSON text crosses) and
/// whether a search stopped at its budget.
pub type Payload<P> = (Run<P>, <P as FamilyPage>::Extra, Json, bool);
