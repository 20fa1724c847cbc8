//! Reading a sweep spec: every problem named by its field.

use serde_json::{Map, Value};

use super::spec::{Measures, Reference, Seeds, Sweep, FORMAT, MAX_INSTANCES, MAX_ROWS, VERSION};
use crate::catalog;
use crate::family::Limits;
use crate::generate::{Shape, MAX_SIZE};
use crate::issue::{quote, Issue, Issues};

/// Largest spec read, in bytes.
const MAX_BYTES: usize = 64 * 1024;
/// Most values in one list of the spec (shapes, sizes, algorithms).
const MAX_LIST: usize = 64;
/// Longest text field (`name`, `cites`, `differences`), in characters.
const MAX_TEXT: usize = 2_000;

/// The fields a spec may have.
const FIELDS: [&str; 12] = [
    "format",
    "version",
    "name",
    "family",
    "grid",
    "seeds",
    "algorithms",
    "reference",
    "measures",
    "limits",
    "cites",
    "differences",
];

/// Reads a sweep spec; every problem is listed with its field.
///
/// # Errors
/// [`Issues`] naming each field at fault: not JSON, another format or version, an unknown or
/// missing field, an unknown family, shape or algorithm, a size out of range, or a sweep past
/// [`MAX_INSTANCES`] instances or [`MAX_ROWS`] rows.
pub fn parse(text: &str) -> Result<Sweep, Issues> {
    if text.len() > MAX_BYTES {
        return Err(Issues::one(
            "",
            format!("{} bytes, at most {MAX_BYTES}", text.len()),
        ));
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| Issues::one("", format!("not JSON ({e})")))?;
    let Some(o) = value.as_object() else {
        return Err(Issues::one("", "must be a JSON object"));
    };
    let mut r = Reader::default();
    r.envelope(o);
    let family = r.family(o);
    let (shapes, sizes) = r.grid(o);
    let seeds = r.seeds(o);
    let algorithms = family.map(|f| r.algorithms(o, f)).unwrap_or_default();
    let reference = family.and_then(|f| r.reference(o, f));
    let measures = r.measures(o);
    let limits = r.limits(o);
    let name = r.text(o, "name");
    let cites = r.text(o, "cites");
    let differences = r.text(o, "differences");
    if measures.ratio && o.get("reference").is_none() {
        r.push(
            "reference",
            "missing: the ratio measure divides by a reference algorithm's value",
        );
    }
    if let Some(Reference::Algorithm(a)) = reference.as_ref().filter(|a| match a {
        Reference::Algorithm(a) => !algorithms.contains(a),
        Reference::Bound(_) => false,
    }) {
        r.push(
            "reference",
            format!("{} must be one of the algorithms", quote(a)),
        );
    }
    let (Some(family), Some(seeds)) = (family, seeds) else {
        return Err(r.done());
    };
    if !r.0.is_empty() || shapes.is_empty() || sizes.is_empty() || algorithms.is_empty() {
        return Err(r.done());
    }
    let sweep = Sweep {
        name,
        family: family.problem,
        shapes,
        sizes,
        seeds,
        algorithms,
        reference,
        measures,
        limits,
        cites,
        differences,
    };
    bounded(sweep)
}

/// `sweep` when it has at most [`MAX_INSTANCES`] instances and [`MAX_ROWS`] rows.
fn bounded(sweep: Sweep) -> Result<Sweep, Issues> {
    let n = sweep.instances();
    if n > MAX_INSTANCES {
        return Err(Issues::one(
            "seeds.count",
            format!(
                "the sweep has {n} instances (shapes × sizes × seeds), at most {MAX_INSTANCES}"
            ),
        ));
    }
    let rows = n.saturating_mul(sweep.algorithms.len());
    if rows > MAX_ROWS {
        return Err(Issues::one(
            "algorithms",
            format!("the sweep has {rows} rows (instances × algorithms), at most {MAX_ROWS}"),
        ));
    }
    Ok(sweep)
}

/// The issues found so far.
#[derive(Default)]
struct Reader(Vec<Issue>);

impl Reader {
    fn push(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.0.push(Issue::new(path, message));
    }

    fn done(mut self) -> Issues {
        if self.0.is_empty() {
            self.push("", "the sweep is incomplete");
        }
        Issues(self.0)
    }

    fn envelope(&mut self, o: &Map<String, Value>) {
        if o.get("format").and_then(Value::as_str) != Some(FORMAT) {
            self.push("format", format!("must be \"{FORMAT}\""));
        }
        match o.get("version").and_then(Value::as_u64) {
            Some(VERSION) => {}
            Some(v) if v > VERSION => self.push(
                "version",
                format!("{v} is newer than this HetLab reads ({VERSION})"),
            ),
            _ => self.push("version", format!("must be {VERSION}")),
        }
        for key in o.keys().filter(|k| !FIELDS.contains(&k.as_str())) {
            self.push(
                key.as_str(),
                format!("unknown field (the fields are {})", FIELDS.join(", ")),
            );
        }
    }

    fn family(&mut self, o: &Map<String, Value>) -> Option<&'static catalog::Family> {
        let Some(name) = o.get("family").and_then(Value::as_str) else {
            self.push("family", "must be a family's name (see `hetlab list`)");
            return None;
        };
        let found = catalog::family(name);
        if found.is_none() {
            let names: Vec<&str> = catalog::FAMILIES.iter().map(|f| f.problem).collect();
            self.push(
                "family",
                format!(
                    "{} is not a family: one of {}",
                    quote(name),
                    names.join(", ")
                ),
            );
        }
        found
    }

    /// A list of at most [`MAX_LIST`] values at `path`, each read by `item` (which reports its
    /// own problems); `None` when absent.
    fn list<T>(
        &mut self,
        value: Option<&Value>,
        path: &str,
        mut item: impl FnMut(&mut Self, &Value, String) -> Option<T>,
    ) -> Option<Vec<T>> {
        let value = value?;
        let Some(items) = value
            .as_array()
            .filter(|a| !a.is_empty() && a.len() <= MAX_LIST)
        else {
            self.push(path, format!("must be a list of 1 to {MAX_LIST} values"));
            return Some(Vec::new());
        };
        let mut out = Vec::new();
        for (i, v) in items.iter().enumerate() {
            if let Some(x) = item(self, v, format!("{path}[{i}]")) {
                out.push(x);
            }
        }
        Some(out)
    }

    fn grid(&mut self, o: &Map<String, Value>) -> (Vec<Shape>, Vec<usize>) {
        let Some(g) = o.get("grid").and_then(Value::as_object) else {
            self.push("grid", "must be an object such as {\"size\": [8, 16]}");
            return (Vec::new(), Vec::new());
        };
        for key in g.keys().filter(|k| *k != "shape" && *k != "size") {
            self.push(
                format!("grid.{key}"),
                "unknown field (the fields are shape, size: what `hetlab gen` takes)",
            );
        }
        let shapes = self
            .list(g.get("shape"), "grid.shape", |r, v, path| {
                let found = v.as_str().and_then(Shape::from_name);
                if found.is_none() {
                    let names: Vec<&str> = Shape::ALL.iter().map(|s| s.name()).collect();
                    r.push(
                        path,
                        format!("must be a shape: one of {}", names.join(", ")),
                    );
                }
                found
            })
            .unwrap_or_else(|| vec![Shape::Random]);
        let sizes = self
            .list(g.get("size"), "grid.size", |r, v, path| {
                let found = v
                    .as_u64()
                    .and_then(|s| usize::try_from(s).ok())
                    .filter(|s| (1..=MAX_SIZE).contains(s));
                if found.is_none() {
                    r.push(path, format!("must be an integer from 1 to {MAX_SIZE}"));
                }
                found
            })
            .unwrap_or_else(|| {
                self.push(
                    "grid.size",
                    "missing: the list of sizes (`hetlab gen --size`)",
                );
                Vec::new()
            });
        (shapes, sizes)
    }

    fn seeds(&mut self, o: &Map<String, Value>) -> Option<Seeds> {
        let Some(s) = o.get("seeds").and_then(Value::as_object) else {
            self.push(
                "seeds",
                "must be an object such as {\"first\": 1, \"count\": 5}",
            );
            return None;
        };
        for key in s.keys().filter(|k| *k != "first" && *k != "count") {
            self.push(
                format!("seeds.{key}"),
                "unknown field (the fields are first, count)",
            );
        }
        let first = s.get("first").and_then(Value::as_u64);
        if first.is_none() {
            self.push("seeds.first", "must be an integer ≥ 0");
        }
        let count = s
            .get("count")
            .and_then(Value::as_u64)
            .filter(|c| (1..=MAX_INSTANCES as u64).contains(c));
        if count.is_none() {
            self.push(
                "seeds.count",
                format!("must be an integer from 1 to {MAX_INSTANCES}"),
            );
        }
        Some(Seeds {
            first: first?,
            count: count?,
        })
    }

    fn algorithm(&mut self, v: &Value, path: String, f: &catalog::Family) -> Option<&'static str> {
        let name = v.as_str().unwrap_or("");
        let found = f
            .algorithms
            .iter()
            .find(|a| a.available && a.name == name)
            .map(|a| a.name);
        if found.is_none() {
            self.push(
                path,
                format!(
                    "{} is not an algorithm of {}: one of {}",
                    quote(name),
                    f.problem,
                    f.available_names().join(", ")
                ),
            );
        }
        found
    }

    fn algorithms(&mut self, o: &Map<String, Value>, f: &catalog::Family) -> Vec<&'static str> {
        let got = self
            .list(o.get("algorithms"), "algorithms", |r, v, path| {
                r.algorithm(v, path, f)
            })
            .unwrap_or_else(|| {
                self.push(
                    "algorithms",
                    "missing: the algorithms to run (see `hetlab list`)",
                );
                Vec::new()
            });
        for (i, a) in got.iter().enumerate() {
            if got[..i].contains(a) {
                self.push(
                    format!("algorithms[{i}]"),
                    format!("{} is listed twice", quote(a)),
                );
            }
        }
        got
    }

    fn reference(&mut self, o: &Map<String, Value>, f: &catalog::Family) -> Option<Reference> {
        let v = o.get("reference")?;
        if let Some(field) = v.as_str().and_then(|s| s.strip_prefix("bound:")) {
            let ok = !field.is_empty()
                && field.len() <= 40
                && field.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
            if !ok {
                self.push(
                    "reference",
                    "after \"bound:\" must come a result field's name (lower case and _)",
                );
                return None;
            }
            return Some(Reference::Bound(field.to_owned()));
        }
        self.algorithm(v, "reference".into(), f)
            .map(Reference::Algorithm)
    }

    fn measures(&mut self, o: &Map<String, Value>) -> Measures {
        let mut m = Measures::default();
        let Some(list) = self.list(o.get("measures"), "measures", |r, v, path| {
            let name = v.as_str().unwrap_or("");
            if !["value", "ratio", "steps"].contains(&name) {
                r.push(
                    path,
                    format!(
                        "{} is not a measure: one of value, ratio, steps",
                        quote(name)
                    ),
                );
            }
            Some(name.to_owned())
        }) else {
            return Measures {
                value: true,
                ratio: o.get("reference").is_some(),
                steps: false,
            };
        };
        for name in list {
            match name.as_str() {
                "value" => m.value = true,
                "ratio" => m.ratio = true,
                "steps" => m.steps = true,
                _ => {}
            }
        }
        m
    }

    fn limits(&mut self, o: &Map<String, Value>) -> Limits {
        match o.get("limits").map(|v| v.as_str()) {
            None | Some(Some("default")) => Limits::Default,
            Some(Some("lifted")) => Limits::Lifted,
            Some(_) => {
                self.push("limits", "must be \"default\" or \"lifted\"");
                Limits::Default
            }
        }
    }

    fn text(&mut self, o: &Map<String, Value>, key: &str) -> String {
        match o.get(key) {
            None => String::new(),
            Some(Value::String(s)) if s.chars().count() <= MAX_TEXT => s.clone(),
            Some(_) => {
                self.push(
                    key,
                    format!("must be text of at most {MAX_TEXT} characters"),
                );
                String::new()
            }
        }
    }
}
