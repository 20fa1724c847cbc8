//! The experiments page's logic (`#/experiments`, issue 37), pure so that it is tested on the
//! host: which sweep the address names, the rows that have come back from the workers (by
//! instance), the CSV `hetlab sweep` writes for them, their summary per grid point and
//! algorithm (the table and the plot), and the time left.
//!
//! The rows themselves come from the solver workers (`Job::SweepRows`, one job per instance,
//! `hetlab_core::sweep::Sweep::run_of`), as the CSV lines of their instance: joined in instance
//! order under the sweep's header they are, byte for byte, the file `hetlab sweep` writes.

use std::collections::BTreeMap;

use hetlab_core::sweep::{self, builtin, Sweep};

use crate::route::Query;

/// The built-in sweep an address without `sweep=` or `spec=` opens.
pub const DEFAULT_SWEEP: &str = "ring";

/// The sweep the address names: `?sweep=NAME` (a built-in sweep, `hetlab sweep builtin:NAME`)
/// or `?spec=PAYLOAD` (a spec's JSON as a share payload, `hetlab_core::share::encode_json`).
/// The address names a sweep, never its results: opening it runs nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// A built-in sweep, by its name.
    Builtin(&'static str),
    /// A spec written or edited by the user, as JSON text.
    Custom(String),
}

impl Choice {
    /// The sweep `query` names, and why the address could not be read (the default sweep is
    /// then chosen, so the page still opens).
    #[must_use]
    pub fn from_query(query: &Query) -> (Choice, Option<String>) {
        let (named, problem) = match query.get("sweep") {
            None => (DEFAULT_SWEEP, None),
            Some(name) => match builtin::BUILTIN.iter().find(|(n, _)| *n == name) {
                Some((n, _)) => (*n, None),
                None => (
                    DEFAULT_SWEEP,
                    Some(format!(
                        "There is no built-in sweep \"{name}\" (sweep= takes one of: {}).",
                        names().join(", ")
                    )),
                ),
            },
        };
        match query.get("spec").map(hetlab_core::share::decode_json) {
            Some(Ok(text)) => (Choice::Custom(text), None),
            // The decoder's sentence says what to do; the sweep the address names is shown.
            Some(Err(e)) => (
                Choice::Builtin(named),
                Some(format!(
                    "The address's spec= could not be read: {e}. The built-in sweep \"{named}\" is shown instead."
                )),
            ),
            None => (Choice::Builtin(named), problem),
        }
    }

    /// Writes the choice into `query` (and removes the other key).
    pub fn write(&self, query: &mut Query) {
        match self {
            Choice::Builtin(name) => {
                query.remove("spec");
                query.set("sweep", *name);
            }
            Choice::Custom(text) => {
                query.remove("sweep");
                query.set("spec", hetlab_core::share::encode_json(text));
            }
        }
    }

    /// The spec's JSON text.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Choice::Builtin(name) => builtin::spec(name).unwrap_or_default().to_owned(),
            Choice::Custom(text) => text.clone(),
        }
    }
}

/// The built-in sweeps' names, in the registry's family order.
#[must_use]
pub fn names() -> Vec<&'static str> {
    builtin::BUILTIN.iter().map(|(n, _)| *n).collect()
}

/// The rows of a sweep that have come back, by instance.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Results {
    header: String,
    total: usize,
    lines: BTreeMap<usize, String>,
    /// Every row of `lines`, read once as it came (in the order of arrival).
    rows: Vec<Row>,
}

impl Results {
    /// No rows yet of `sweep`.
    #[must_use]
    pub fn new(sweep: &Sweep) -> Results {
        Results {
            header: sweep::csv::header(sweep),
            total: sweep.instances(),
            lines: BTreeMap::new(),
            rows: Vec::new(),
        }
    }

    /// Instance `k`'s lines, as its job answered (a second answer for `k` is ignored).
    pub fn add(&mut self, k: usize, lines: String) {
        if k >= self.total || self.lines.contains_key(&k) {
            return;
        }
        let columns: Vec<&str> = self.header.trim_end().split(',').collect();
        self.rows
            .extend(lines.lines().filter_map(|line| Row::read(&columns, line)));
        self.lines.insert(k, lines);
    }

    /// How many instances have their rows.
    #[must_use]
    pub fn done(&self) -> usize {
        self.lines.len()
    }

    /// How many instances the sweep has.
    #[must_use]
    pub fn total(&self) -> usize {
        self.total
    }

    /// Whether every instance has its rows.
    #[must_use]
    pub fn complete(&self) -> bool {
        self.total > 0 && self.lines.len() == self.total
    }

    /// The number of instances `n` such that instances `0..n` all have their rows.
    #[must_use]
    pub fn prefix(&self) -> usize {
        self.lines
            .keys()
            .enumerate()
            .take_while(|(i, k)| i == *k)
            .count()
    }

    /// The CSV of the instances `0..n`, where `n` is the first instance still missing (every
    /// instance when complete): the file `hetlab sweep` writes, or the head of it, which
    /// `hetlab sweep SPEC -o FILE` resumes. With the number of instances it holds.
    #[must_use]
    pub fn csv(&self) -> (String, usize) {
        let mut out = self.header.clone();
        let mut n = 0;
        for (k, lines) in &self.lines {
            if *k != n {
                break;
            }
            out.push_str(lines);
            n += 1;
        }
        (out, n)
    }

    /// Every row that has come back, in the order they came.
    #[must_use]
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// Every row that has come back, in instance order (the CSV's).
    #[must_use]
    pub fn rows_in_order(&self) -> Vec<Row> {
        let mut rows = self.rows.clone();
        rows.sort_by_key(|r| r.instance);
        rows
    }
}

/// One row of a sweep's CSV, read back.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The instance.
    pub instance: usize,
    /// The generator's shape.
    pub shape: String,
    /// The generator's size.
    pub size: usize,
    /// The generator's seed.
    pub seed: u64,
    /// The algorithm.
    pub algorithm: String,
    /// `ok`, `refused` or `error`.
    pub status: String,
    /// The result's status (`optimal`, `heuristic`, …), when `ok`.
    pub result: String,
    /// The objective's name, when measured.
    pub objective: String,
    /// The objective's value, when measured and finite.
    pub value: Option<f64>,
    /// The ratio to the reference, when measured and defined.
    pub ratio: Option<f64>,
    /// The trace's length, when measured.
    pub steps: Option<u64>,
    /// Why the row is not `ok`.
    pub message: String,
}

impl Row {
    /// The row of `line` under the header's `columns` (only `message`, the last, can hold a
    /// comma); `None` for a line that is not a row.
    fn read(columns: &[&str], line: &str) -> Option<Row> {
        let fields: Vec<&str> = line.splitn(columns.len(), ',').collect();
        if fields.len() != columns.len() {
            return None;
        }
        let field = |name: &str| {
            columns
                .iter()
                .position(|c| *c == name)
                .map_or("", |i| fields[i])
        };
        let number = |name: &str| field(name).parse::<f64>().ok().filter(|v| v.is_finite());
        Some(Row {
            instance: field("instance").parse().ok()?,
            shape: field("shape").to_owned(),
            size: field("size").parse().ok()?,
            seed: field("seed").parse().ok()?,
            algorithm: field("algorithm").to_owned(),
            status: field("status").to_owned(),
            result: field("result").to_owned(),
            objective: field("objective").to_owned(),
            value: number("value"),
            ratio: number("ratio"),
            steps: field("steps").parse().ok(),
            message: sweep::csv::unquoted(field("message")),
        })
    }
}

/// What the summary and the plot measure: the ratio to the reference when the sweep has one,
/// else the objective's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The ratio column.
    Ratio,
    /// The value column.
    Value,
}

impl Measure {
    /// The measure of `sweep`'s rows.
    #[must_use]
    pub fn of(sweep: &Sweep) -> Measure {
        if sweep.measures.ratio {
            Measure::Ratio
        } else {
            Measure::Value
        }
    }

    fn read(self, row: &Row) -> Option<f64> {
        match self {
            Measure::Ratio => row.ratio,
            Measure::Value => row.value,
        }
    }
}

/// One grid point and algorithm, summarised: the table's row and the plot's point.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The generator's shape.
    pub shape: String,
    /// The generator's size.
    pub size: usize,
    /// The algorithm.
    pub algorithm: String,
    /// Rows that came back.
    pub rows: usize,
    /// Rows with the measure.
    pub measured: usize,
    /// Rows refused (a size limit, an algorithm the instance does not offer).
    pub refused: usize,
    /// Rows whose solver failed.
    pub errors: usize,
    /// The measure's mean (when any row has it).
    pub mean: Option<f64>,
    /// The least value.
    pub min: Option<f64>,
    /// The largest value.
    pub max: Option<f64>,
}

/// The rows of one grid point and algorithm: how many, refused, failed, and the measures.
type Tally = (usize, usize, usize, Vec<f64>);

/// The rows summarised per grid point (in the sweep's order: shapes, then sizes) and algorithm
/// (in the spec's order); only points with rows. One pass over the rows.
#[must_use]
pub fn summarize(sweep: &Sweep, rows: &[Row]) -> Vec<Summary> {
    let measure = Measure::of(sweep);
    let mut acc: BTreeMap<(usize, usize, usize), Tally> = BTreeMap::new();
    for r in rows {
        let shape = sweep.shapes.iter().position(|s| s.name() == r.shape);
        let size = sweep.sizes.iter().position(|&s| s == r.size);
        let algorithm = sweep.algorithms.iter().position(|&a| a == r.algorithm);
        let (Some(a), Some(b), Some(c)) = (shape, size, algorithm) else {
            continue;
        };
        let e = acc.entry((a, b, c)).or_default();
        e.0 += 1;
        e.1 += usize::from(r.status == "refused");
        e.2 += usize::from(r.status == "error");
        e.3.extend(measure.read(r));
    }
    acc.into_iter()
        .map(|((a, b, c), (n, refused, errors, values))| Summary {
            shape: sweep.shapes[a].name().to_owned(),
            size: sweep.sizes[b],
            algorithm: sweep.algorithms[c].to_owned(),
            rows: n,
            measured: values.len(),
            refused,
            errors,
            #[allow(clippy::cast_precision_loss)] // at most 10 000 values
            mean: (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64),
            min: values.iter().copied().reduce(f64::min),
            max: values.iter().copied().reduce(f64::max),
        })
        .collect()
}

/// Whether the plot's size axis is logarithmic: the sizes span a factor of 10 or more.
#[must_use]
pub fn log_sizes(sweep: &Sweep) -> bool {
    let least = sweep.sizes.iter().copied().min().unwrap_or(1).max(1);
    let most = sweep.sizes.iter().copied().max().unwrap_or(1);
    most >= least.saturating_mul(10)
}

/// The time left, in milliseconds, after `done` of `total` instances in `elapsed_ms`: the
/// mean time per instance so far times the instances left (`None` before the first).
#[must_use]
pub fn time_left(elapsed_ms: f64, done: usize, total: usize) -> Option<f64> {
    #[allow(clippy::cast_precision_loss)] // at most 10 000 instances
    (done > 0).then(|| elapsed_ms / done as f64 * total.saturating_sub(done) as f64)
}

/// A duration in milliseconds in words: "under a second", "12 s", "3 min 20 s".
#[must_use]
pub fn duration(ms: f64) -> String {
    if !ms.is_finite() || ms < 1000.0 {
        return "under a second".to_owned();
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // finite, ≥ 1 s
    let s = (ms / 1000.0).round() as u64;
    if s < 60 {
        format!("{s} s")
    } else {
        format!("{} min {} s", s / 60, s % 60)
    }
}

/// The rows as the JSON export: the spec, then one object per row (the CSV's columns).
#[must_use]
pub fn json(spec_text: &str, rows: &[Row]) -> String {
    let spec = serde_json::from_str::<serde_json::Value>(spec_text).unwrap_or_default();
    let rows: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "instance": r.instance, "shape": r.shape, "size": r.size, "seed": r.seed,
                "algorithm": r.algorithm, "status": r.status, "result": r.result,
                "objective": r.objective, "value": r.value, "ratio": r.ratio,
                "steps": r.steps, "message": r.message,
            })
        })
        .collect();
    let doc = serde_json::json!({ "sweep": spec, "rows": rows });
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

#[cfg(test)]
mod tests;
