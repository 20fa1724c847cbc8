//! The fuzz loop: pick a preset round-robin, mutate it, read it, solve it with every offered
//! algorithm, and sort each run into an [`Outcome`]. Panics are caught here only to be counted
//! and reported with the input that caused them.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

use hetlab_core::families::Instance;
use hetlab_core::presets::PRESETS;
use hetlab_core::{families, family, share};
use rand::Rng as _;
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::{memory, mutate};

/// Most memory one solve run may hold at once (issue 10).
pub const MAX_RUN_BYTES: u64 = 1 << 30;

/// A run slower than this is reported (never a failure: the machine may be busy).
pub const SLOW: Duration = Duration::from_secs(5);

/// Longest single message line accepted from a refusal: a value is echoed as a short prefix.
pub const MAX_MESSAGE_LINE: usize = 400;

/// What one run (a parse, a solve or a decode) gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// The mutated document was refused by the parser, with a message.
    ParseRefused,
    /// An algorithm gave a result.
    Solved,
    /// An algorithm gave a result saying its work budget ran out.
    BudgetHit,
    /// An algorithm refused the instance with a message.
    SolveRefused,
    /// A share payload decoded to an instance.
    Decoded,
    /// A share payload was refused with a message.
    DecodeRefused,
    /// A panic: always a bug.
    Panic,
    /// A message too long or in serde's words, or a `null` where a number belongs: a bug.
    BadOutput,
}

/// The fuzz state: the generator, the counts and what went wrong.
pub struct Fuzz {
    rng: ChaCha8Rng,
    counts: BTreeMap<Outcome, u64>,
    /// Solve runs so far (the unit of `run`'s count).
    pub solves: u64,
    /// Problems: the outcome, the input and what was seen.
    pub failures: Vec<(Outcome, String, String)>,
    /// Runs slower than [`SLOW`]: what ran and how long.
    pub slow: Vec<(String, Duration)>,
    /// The slowest run.
    pub slowest: (Duration, String),
    /// The most heap one solve run held at once (bytes).
    pub biggest: (u64, String),
    /// Progress lines on stderr.
    pub verbose: bool,
    /// The value mode: only numbers change, to valid extremes (`mutate::mutate_numbers`).
    pub values: bool,
}

static PANIC_MESSAGE: Mutex<String> = Mutex::new(String::new());

thread_local! {
    /// Inside [`catch`]: a panic is recorded, not printed.
    static CATCHING: Cell<bool> = const { Cell::new(false) };
}

/// Records the panic messages of caught runs instead of printing them (the harness prints
/// them with the input); other panics (the test's own assertions) print as usual.
fn quiet_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if CATCHING.with(Cell::get) {
                if let Ok(mut m) = PANIC_MESSAGE.lock() {
                    *m = info.to_string();
                }
            } else {
                default(info);
            }
        }));
    });
}

fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    CATCHING.with(|c| c.set(true));
    let out = catch_unwind(AssertUnwindSafe(f));
    CATCHING.with(|c| c.set(false));
    out.map_err(|_| PANIC_MESSAGE.lock().map(|m| m.clone()).unwrap_or_default())
}

/// The first 300 characters of an input, for a report.
fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(300).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

impl Fuzz {
    /// A fuzz run from `seed`.
    pub fn new(seed: u64) -> Fuzz {
        quiet_panics();
        Fuzz {
            rng: ChaCha8Rng::seed_from_u64(seed),
            counts: BTreeMap::new(),
            solves: 0,
            failures: Vec::new(),
            slow: Vec::new(),
            slowest: (Duration::ZERO, String::new()),
            biggest: (0, String::new()),
            verbose: false,
            values: false,
        }
    }

    /// How many runs ended with `o`.
    pub fn count(&self, o: Outcome) -> u64 {
        self.counts.get(&o).copied().unwrap_or(0)
    }

    fn note(&mut self, o: Outcome) {
        *self.counts.entry(o).or_default() += 1;
    }

    fn fail(&mut self, o: Outcome, input: &str, what: String) {
        self.note(o);
        if self.verbose {
            eprintln!("{o:?}: {what}\n  input: {}", clip(input));
        }
        self.failures.push((o, clip(input), what));
    }

    /// Runs mutated cases until `solves` solve runs are done.
    pub fn run(&mut self, solves: u64) {
        let mut case = 0usize;
        let mut next_report = 1000;
        while self.solves < solves {
            let preset = &PRESETS[case % PRESETS.len()];
            case += 1;
            self.one_case(preset.json);
            if self.verbose && self.solves >= next_report {
                eprintln!("{} solve runs: {}", self.solves, self.summary());
                next_report += 1000.max(solves / 20);
            }
        }
    }

    /// One mutated document: read, solve with every offered algorithm, share round trip.
    fn one_case(&mut self, preset_json: &str) {
        let Ok(mut v) = serde_json::from_str::<Value>(preset_json) else {
            return;
        };
        if self.values {
            mutate::mutate_numbers(&mut v, &mut self.rng);
            return self.read_and_solve(&v.to_string());
        }
        for _ in 0..self.rng.gen_range(1..=3) {
            mutate::mutate_value(&mut v, &mut self.rng);
        }
        let text = v.to_string();
        if self.rng.gen_bool(0.1) {
            let bytes = mutate::mutate_text(&text, &mut self.rng);
            self.decode(&share_bytes(&bytes), &String::from_utf8_lossy(&bytes));
            let lossy = String::from_utf8_lossy(&bytes).into_owned();
            self.read_and_solve(&lossy);
            return;
        }
        if self.rng.gen_bool(0.05) {
            let payload = damage(&share::encode_json(&text), &mut self.rng);
            self.decode(&payload, &text);
        }
        self.read_and_solve(&text);
    }

    fn read_and_solve(&mut self, text: &str) {
        memory::reset_peak();
        let parsed = match catch(|| Instance::from_json(text)) {
            Err(p) => return self.fail(Outcome::Panic, text, format!("parse: {p}")),
            Ok(Err(issues)) => {
                self.check_message(text, &issues.to_string());
                return self.note(Outcome::ParseRefused);
            }
            Ok(Ok(inst)) => inst,
        };
        // A valid instance survives its share link.
        if share::decode(&share::encode(&parsed)).as_ref() != Ok(&parsed) {
            self.fail(
                Outcome::BadOutput,
                text,
                "share round trip changed it".into(),
            );
        }
        let algorithms = match catch(|| families::offered(&parsed)) {
            Ok(a) => a,
            Err(p) => return self.fail(Outcome::Panic, text, format!("offered: {p}")),
        };
        self.weigh(
            text,
            &format!("{} / reading and share link", parsed.problem()),
        );
        for algo in algorithms {
            let with_trace = self.rng.gen_bool(0.2);
            self.solves += 1;
            memory::reset_peak();
            #[allow(
                clippy::disallowed_methods,
                reason = "the fuzz report lists its slowest solves; nothing asserts on the time"
            )]
            let start = Instant::now();
            // With the page's explanations: the fuzz covers everything the site computes.
            let detail = family::Detail {
                trace: with_trace,
                explain: true,
            };
            let result = catch(|| {
                families::solve_within(&parsed, Some(algo), detail, family::Limits::Default)
            });
            let took = start.elapsed();
            let what = format!("{} / {algo}", parsed.problem());
            self.weigh(text, &what);
            if took > self.slowest.0 {
                self.slowest = (took, format!("{what}: {}", clip(text)));
            }
            if took > SLOW {
                if self.verbose {
                    eprintln!("slow ({took:?}): {what}\n  input: {}", clip(text));
                }
                self.slow.push((format!("{what}: {}", clip(text)), took));
            }
            match result {
                Err(p) => self.fail(Outcome::Panic, text, format!("{what}: {p}")),
                Ok(Err(e)) => {
                    self.check_message(text, &e.to_string());
                    self.note(Outcome::SolveRefused);
                }
                Ok(Ok(doc)) => self.check_result(text, &what, &doc),
            }
        }
    }

    /// Records the peak heap since the last reset for `what`, and fails over [`MAX_RUN_BYTES`].
    fn weigh(&mut self, text: &str, what: &str) {
        let bytes = memory::peak();
        if bytes > self.biggest.0 {
            self.biggest = (bytes, format!("{what}: {}", clip(text)));
        }
        if bytes > MAX_RUN_BYTES {
            self.fail(
                Outcome::BadOutput,
                text,
                format!("{what}: {} MiB of heap at once", bytes >> 20),
            );
        }
    }

    fn check_result(&mut self, text: &str, what: &str, doc: &Value) {
        let value = &doc["objective"]["value"];
        if value.is_null() {
            return self.fail(
                Outcome::BadOutput,
                text,
                format!("{what}: objective.value is null: {}", doc["objective"]),
            );
        }
        if hetlab_core::report::budget_hit(doc) {
            self.note(Outcome::BudgetHit);
        } else {
            self.note(Outcome::Solved);
        }
    }

    fn decode(&mut self, payload: &str, input: &str) {
        match catch(|| share::decode(payload)) {
            Err(p) => self.fail(Outcome::Panic, input, format!("decode: {p}")),
            Ok(Err(issues)) => {
                self.check_message(input, &issues.to_string());
                self.note(Outcome::DecodeRefused);
            }
            Ok(Ok(_)) => self.note(Outcome::Decoded),
        }
    }

    /// A refusal must be short per line and in the project's words.
    fn check_message(&mut self, input: &str, message: &str) {
        let long = message
            .lines()
            .find(|l| l.chars().count() > MAX_MESSAGE_LINE);
        if let Some(line) = long {
            self.fail(
                Outcome::BadOutput,
                input,
                format!("message line too long: {}", clip(line)),
            );
        } else if message.contains("untagged enum") || message.is_empty() {
            self.fail(
                Outcome::BadOutput,
                input,
                format!("message not in the project's words: {message}"),
            );
        }
    }

    /// One line: every outcome's count, the slowest run.
    pub fn summary(&self) -> String {
        let mut s = format!("{} solve runs;", self.solves);
        for (o, n) in &self.counts {
            let _ = write!(s, " {o:?} {n},");
        }
        let _ = write!(
            s,
            " slowest {:.2?} ({}); {} over {SLOW:?}; most heap in one run {} MiB ({})",
            self.slowest.0,
            clip(&self.slowest.1).chars().take(60).collect::<String>(),
            self.slow.len(),
            self.biggest.0 >> 20,
            clip(&self.biggest.1).chars().take(60).collect::<String>(),
        );
        s
    }

    /// Fails with every problem found (panics and bad outputs; slow runs are only reported).
    pub fn assert_clean(&self) {
        let report: Vec<String> = self
            .failures
            .iter()
            .map(|(o, input, what)| format!("{o:?}: {what}\n  input: {input}"))
            .collect();
        assert!(
            report.is_empty(),
            "{} problems:\n{}",
            report.len(),
            report.join("\n")
        );
    }
}

/// A share payload holding these bytes (maybe not UTF-8) as its JSON.
fn share_bytes(bytes: &[u8]) -> String {
    use base64::Engine as _;
    let deflated = miniz_oxide::deflate::compress_to_vec(bytes, 6);
    format!(
        "v1.{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(deflated)
    )
}

/// A share payload damaged as links get damaged: cut, a character changed, another version.
fn damage(payload: &str, rng: &mut ChaCha8Rng) -> String {
    let mut p = payload.to_owned();
    match rng.gen_range(0..4u32) {
        0 => p.truncate(rng.gen_range(0..p.len().max(1))),
        1 => {
            let i = rng.gen_range(3..p.len().max(4)).min(p.len());
            p.insert(i, '*');
        }
        2 => p.replace_range(0..2, "v9"),
        _ => p = format!("-{}", &p[3..]),
    }
    p
}
