//! The processor-list families, with no platform graph: `square-partition`
//! (square-partitions.md §0) and `lu` (lu-distributions.md §0). Their processors are given by
//! relative speeds, cycle times or (square partitions only) areas, exactly one of them.

use num_traits::ToPrimitive;
use serde::Deserialize;

use crate::issue::{Issue, Issues};
use crate::platform::raw::{read_q, RawNum, Rule};
use crate::rational::{Cost, Q};

/// Most processors a square-partition instance may have (an LU instance: [`crate::lu::MAX_PROCESSORS`]) (the DP tables and the drawings
/// stay readable, and every solver stays well under a second in the browser).
pub const MAX_PROCESSORS: usize = 64;

/// Largest LU matrix, in blocks per side (the owner matrix has `n²` cells to draw and simulate).
pub const MAX_LU_BLOCKS: usize = 512;

/// How the processors were described; kept so that an instance is written back as it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Processors {
    /// Relative speeds `w_i > 0`.
    Speeds(Vec<Q>),
    /// Cycle times `t_i > 0` (time per unit of work; speed `1/t_i`).
    CycleTimes(Vec<Q>),
    /// Areas `s_i > 0` (normalised to sum 1 when they do not).
    Areas(Vec<Q>),
}

impl Processors {
    /// The JSON field name of this description.
    #[must_use]
    pub fn field(&self) -> &'static str {
        match self {
            Processors::Speeds(_) => "speeds",
            Processors::CycleTimes(_) => "cycle_times",
            Processors::Areas(_) => "areas",
        }
    }

    /// The values as given.
    #[must_use]
    pub fn values(&self) -> &[Q] {
        match self {
            Processors::Speeds(v) | Processors::CycleTimes(v) | Processors::Areas(v) => v,
        }
    }

    /// Number of processors.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values().len()
    }

    /// No processor (never true for a validated instance).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values().is_empty()
    }

    /// Relative speeds: speeds and areas as given, cycle times inverted.
    #[must_use]
    pub fn speeds(&self) -> Vec<Q> {
        match self {
            Processors::Speeds(v) | Processors::Areas(v) => v.clone(),
            Processors::CycleTimes(t) => t.iter().map(Q::recip).collect(),
        }
    }

    /// Cycle times `t_i = 1/s_i` (lu-distributions.md §0: only ratios matter).
    #[must_use]
    pub fn cycle_times(&self) -> Vec<Q> {
        match self {
            Processors::CycleTimes(t) => t.clone(),
            Processors::Speeds(v) | Processors::Areas(v) => v.iter().map(Q::recip).collect(),
        }
    }

    /// Normalised areas `s_i = w_i / Σ w_j` (square-partitions.md §0): positive, summing to 1
    /// (empty only for an unvalidated empty list).
    #[must_use]
    pub fn areas(&self) -> Vec<Q> {
        crate::square::areas_from_speeds(&self.speeds()).unwrap_or_default()
    }

    fn to_value(&self) -> serde_json::Value {
        let list: Vec<RawNum> = self
            .values()
            .iter()
            .map(|v| RawNum::from_cost(&Cost::Finite(v.clone())))
            .collect();
        serde_json::to_value(list).unwrap_or_default()
    }
}

/// Matrix size `N` (blocks per side) of the square-partition metrics of §5 when the instance
/// gives none (the spec's rounding example uses 10 and 25).
pub const DEFAULT_SQUARE_BLOCKS: usize = 10;

/// A `square-partition` instance (square-partitions.md §1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquarePartition {
    /// The processors.
    pub processors: Processors,
    /// `N`: the matrix size in blocks for the communication volume and the rounding of §5
    /// (optional field `"n"`; [`DEFAULT_SQUARE_BLOCKS`] when absent).
    pub n: Option<usize>,
    /// The columns of the Kalinov–Lastovetsky baseline (§3.3), chosen by the user: processors
    /// (0-based, as in results) from the top of each column (optional field `"columns"`).
    pub columns: Option<Vec<Vec<usize>>>,
}

impl SquarePartition {
    /// Normalised areas, in input order.
    #[must_use]
    pub fn areas(&self) -> Vec<Q> {
        self.processors.areas()
    }

    /// A square-partition instance of these processors, with no optional field.
    #[must_use]
    pub fn new(processors: Processors) -> SquarePartition {
        SquarePartition {
            processors,
            n: None,
            columns: None,
        }
    }

    /// `N` for the metrics of §5: the instance's `n`, else [`DEFAULT_SQUARE_BLOCKS`].
    #[must_use]
    pub fn blocks(&self) -> usize {
        self.n.unwrap_or(DEFAULT_SQUARE_BLOCKS)
    }

    pub(super) fn to_value(&self) -> serde_json::Value {
        let mut v = serde_json::json!({"problem": "square-partition", "version": 1});
        v[self.processors.field()] = self.processors.to_value();
        if let Some(n) = self.n {
            v["n"] = n.into();
        }
        if let Some(c) = &self.columns {
            v["columns"] = serde_json::json!(c);
        }
        v
    }
}

/// An `lu` instance (lu-distributions.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lu {
    /// The processors (speeds or cycle times).
    pub processors: Processors,
    /// Slice length `B` (chunks per allocation slice, 1D scheme).
    pub b: usize,
    /// Matrix size in blocks, when given.
    pub n: Option<usize>,
    /// Grid `[rows, cols]` for the 2D schemes, when given.
    pub grid: Option<(usize, usize)>,
}

impl Lu {
    /// The solver's input: cycle times (speeds inverted), `B`, `n`, `grid`.
    #[must_use]
    pub fn input(&self) -> crate::lu::LuInput {
        crate::lu::LuInput {
            cycle_times: self.processors.cycle_times(),
            b: self.b,
            n: self.n,
            grid: self.grid,
        }
    }

    pub(super) fn to_value(&self) -> serde_json::Value {
        let mut v = serde_json::json!({"problem": "lu", "version": 1, "B": self.b});
        v[self.processors.field()] = self.processors.to_value();
        if let Some(n) = self.n {
            v["n"] = n.into();
        }
        if let Some((r, c)) = self.grid {
            v["grid"] = serde_json::json!([r, c]);
        }
        v
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSquare {
    #[allow(dead_code)] // Checked from the header; kept so that deny_unknown_fields accepts it.
    problem: String,
    #[allow(dead_code)]
    version: serde_json::Value,
    #[serde(default)]
    speeds: Option<Vec<RawNum>>,
    #[serde(default)]
    cycle_times: Option<Vec<RawNum>>,
    #[serde(default)]
    areas: Option<Vec<RawNum>>,
    #[serde(default)]
    n: Option<serde_json::Value>,
    #[serde(default)]
    columns: Option<Vec<Vec<serde_json::Value>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawLu {
    #[allow(dead_code)]
    problem: String,
    #[allow(dead_code)]
    version: serde_json::Value,
    #[serde(default)]
    speeds: Option<Vec<RawNum>>,
    #[serde(default)]
    cycle_times: Option<Vec<RawNum>>,
    #[serde(rename = "B")]
    b: Option<serde_json::Value>,
    #[serde(default)]
    n: Option<serde_json::Value>,
    #[serde(default)]
    grid: Option<Vec<serde_json::Value>>,
}

/// Reads exactly one of the given lists of positive numbers.
fn read_processors(
    max: usize,
    given: [(&'static str, Option<Vec<RawNum>>); 3],
    issues: &mut Vec<Issue>,
) -> Option<Processors> {
    let present: Vec<_> = given.into_iter().filter(|(_, v)| v.is_some()).collect();
    let names = "\"speeds\", \"cycle_times\" or \"areas\"";
    let [(field, Some(raw))] = present.as_slice() else {
        let msg = if present.is_empty() {
            format!("missing: give the processors as {names}")
        } else {
            let fields: Vec<&str> = present.iter().map(|(f, _)| *f).collect();
            format!("give exactly one of {names}, not {}", fields.join(" and "))
        };
        issues.push(Issue::new("", msg));
        return None;
    };
    if raw.is_empty() {
        issues.push(Issue::new(*field, "at least one processor is required"));
        return None;
    }
    if raw.len() > max {
        issues.push(Issue::new(
            *field,
            format!("{} processors; at most {max} are supported", raw.len()),
        ));
        return None;
    }
    let before = issues.len();
    let values: Vec<Q> = raw
        .iter()
        .enumerate()
        .filter_map(|(k, v)| read_q(v, &format!("{field}[{k}]"), Rule::POSITIVE, issues))
        .collect();
    if issues.len() > before {
        return None;
    }
    Some(match *field {
        "speeds" => Processors::Speeds(values),
        "cycle_times" => Processors::CycleTimes(values),
        _ => Processors::Areas(values),
    })
}

/// Reads a positive integer field at most `max`.
fn read_count(
    v: &serde_json::Value,
    path: &str,
    max: usize,
    issues: &mut Vec<Issue>,
) -> Option<usize> {
    match v.as_u64().and_then(|n| n.to_usize()) {
        Some(n) if (1..=max).contains(&n) => Some(n),
        Some(n) if n > max => {
            issues.push(Issue::new(path, format!("at most {max}, got {n}")));
            None
        }
        _ => {
            issues.push(Issue::new(
                path,
                format!("must be a whole number >= 1, got {v}"),
            ));
            None
        }
    }
}

/// Reads the user's columns: every processor `0..p` exactly once, no empty column.
fn read_columns(
    raw: &[Vec<serde_json::Value>],
    p: usize,
    issues: &mut Vec<Issue>,
) -> Option<Vec<Vec<usize>>> {
    let before = issues.len();
    let mut seen = vec![false; p];
    let mut out = Vec::with_capacity(raw.len());
    for (k, col) in raw.iter().enumerate() {
        if col.is_empty() {
            issues.push(Issue::new(
                format!("columns[{k}]"),
                "a column needs at least one processor",
            ));
        }
        let mut list = Vec::with_capacity(col.len());
        for (j, v) in col.iter().enumerate() {
            let path = format!("columns[{k}][{j}]");
            match v.as_u64().and_then(|i| i.to_usize()) {
                Some(i) if i < p && !seen[i] => {
                    seen[i] = true;
                    list.push(i);
                }
                Some(i) if i < p => issues.push(Issue::new(
                    path,
                    format!("processor {i} is already in a column"),
                )),
                _ => issues.push(Issue::new(
                    path,
                    format!(
                        "a processor number from 0 to {} (0-based, input order), got {}",
                        p.saturating_sub(1),
                        crate::issue::clip(&v.to_string(), crate::issue::ECHO_CHARS)
                    ),
                )),
            }
        }
        out.push(list);
    }
    if issues.len() == before && p > 0 {
        if let Some(i) = seen.iter().position(|s| !s) {
            issues.push(Issue::new(
                "columns",
                format!("processor {i} is in no column"),
            ));
        }
    }
    (issues.len() == before).then_some(out)
}

impl RawSquare {
    pub(super) fn validate(self) -> Result<SquarePartition, Issues> {
        let mut issues = Vec::new();
        let processors = read_processors(
            MAX_PROCESSORS,
            [
                ("speeds", self.speeds),
                ("cycle_times", self.cycle_times),
                ("areas", self.areas),
            ],
            &mut issues,
        );
        let n = self
            .n
            .as_ref()
            .and_then(|v| read_count(v, "n", MAX_LU_BLOCKS, &mut issues));
        let p = processors.as_ref().map_or(0, Processors::len);
        let columns = self
            .columns
            .as_ref()
            .and_then(|c| read_columns(c, p, &mut issues));
        match processors {
            Some(processors) if issues.is_empty() => Ok(SquarePartition {
                processors,
                n,
                columns,
            }),
            _ => Err(Issues(issues)),
        }
    }
}

impl RawLu {
    pub(super) fn validate(self) -> Result<Lu, Issues> {
        let mut issues = Vec::new();
        let processors = read_processors(
            crate::lu::MAX_PROCESSORS,
            [
                ("speeds", self.speeds),
                ("cycle_times", self.cycle_times),
                ("areas", None),
            ],
            &mut issues,
        );
        let b = if let Some(v) = &self.b {
            read_count(v, "B", MAX_LU_BLOCKS, &mut issues)
        } else {
            issues.push(Issue::new(
                "B",
                "missing: the slice length (chunks per slice), e.g. 10",
            ));
            None
        };
        let n = self
            .n
            .as_ref()
            .map(|v| read_count(v, "n", MAX_LU_BLOCKS, &mut issues));
        let grid = self.grid.as_ref().map(|g| read_grid(g, &mut issues));
        if let (Some(p), Some(Some((r, c)))) = (&processors, &grid) {
            if r * c != p.len() {
                issues.push(Issue::new(
                    "grid",
                    format!(
                        "a {r} × {c} grid has {} cells but there are {} processors",
                        r * c,
                        p.len()
                    ),
                ));
            }
        }
        match (processors, b, n, grid) {
            (Some(processors), Some(b), n, grid) if issues.is_empty() => Ok(Lu {
                processors,
                b,
                n: n.flatten(),
                grid: grid.flatten(),
            }),
            _ => Err(Issues(issues)),
        }
    }
}

fn read_grid(g: &[serde_json::Value], issues: &mut Vec<Issue>) -> Option<(usize, usize)> {
    let [r, c] = g else {
        issues.push(Issue::new(
            "grid",
            format!("must be [rows, cols], got {} numbers", g.len()),
        ));
        return None;
    };
    let r = read_count(r, "grid[0]", MAX_PROCESSORS, issues);
    let c = read_count(c, "grid[1]", MAX_PROCESSORS, issues);
    Some((r?, c?))
}

#[cfg(test)]
mod tests {
    use super::super::Instance;
    use super::*;
    use crate::rational::{q, qi};

    fn read(text: &str) -> Result<Instance, String> {
        Instance::from_json(text).map_err(|e| e.to_string())
    }

    #[test]
    fn square_partitions_normalise_speeds_cycle_times_and_areas() {
        for (field, values, want) in [
            ("speeds", "[1, 3]", [q(1, 4), q(3, 4)]),
            ("cycle_times", "[3, \"1\"]", [q(1, 4), q(3, 4)]),
            ("areas", "[\"0.25\", 0.75]", [q(1, 4), q(3, 4)]),
            ("areas", "[2, 6]", [q(1, 4), q(3, 4)]),
        ] {
            let text =
                format!(r#"{{"problem":"square-partition","version":1,"{field}":{values}}}"#);
            let Ok(Instance::SquarePartition(s)) = read(&text) else {
                panic!("{text} should read")
            };
            assert_eq!(s.areas(), want, "{text}");
            assert_eq!(s.processors.field(), field);
            let back = Instance::SquarePartition(s.clone());
            assert_eq!(read(&back.to_json()), Ok(back), "round trip of {text}");
        }
    }

    #[test]
    fn square_partition_bad_inputs_name_their_field() {
        let cases = [
            (
                r#""speeds":[]"#,
                "speeds: at least one processor is required",
            ),
            (r#""speeds":[1,0,-2]"#, "speeds[1]: must be > 0, got 0"),
            (r#""speeds":[1,0,-2]"#, "speeds[2]: must be > 0, got -2"),
            (r#""areas":[1,"inf"]"#, "areas[1]: must be finite"),
            (r#""cycle_times":["x"]"#, "cycle_times[0]: "),
            (r#""speeds":[1],"areas":[1]"#, "give exactly one of"),
            (r#""speed":[1]"#, "unknown field \"speed\""),
            ("", "missing: give the processors as"),
        ];
        for (body, want) in cases {
            let sep = if body.is_empty() { "" } else { "," };
            let text = format!(r#"{{"problem":"square-partition","version":1{sep}{body}}}"#);
            let e = read(&text).unwrap_err();
            assert!(e.contains(want), "want {want:?} in {e:?} for {text}");
        }
        let many = vec!["1"; MAX_PROCESSORS + 1].join(",");
        let text = format!(r#"{{"problem":"square-partition","version":1,"speeds":[{many}]}}"#);
        assert!(read(&text).unwrap_err().contains("at most 64"));
    }

    #[test]
    fn lu_instances_read_and_round_trip() {
        let text = r#"{"problem":"lu","version":1,"cycle_times":[3,5,8],"B":10}"#;
        let Ok(Instance::Lu(lu)) = read(text) else {
            panic!("should read")
        };
        assert_eq!(lu.b, 10);
        assert_eq!(lu.processors.cycle_times(), [qi(3), qi(5), qi(8)]);
        assert_eq!(lu.processors.speeds(), [q(1, 3), q(1, 5), q(1, 8)]);
        let text = r#"{"problem":"lu","version":1,"speeds":[1,2,3,4],"B":4,"n":8,"grid":[2,2]}"#;
        let Ok(inst @ Instance::Lu(_)) = read(text) else {
            panic!("should read")
        };
        assert_eq!(read(&inst.to_json()), Ok(inst.clone()));
        let Instance::Lu(lu) = inst else {
            unreachable!()
        };
        assert_eq!((lu.n, lu.grid), (Some(8), Some((2, 2))));
    }

    #[test]
    fn lu_bad_inputs_name_their_field() {
        let cases = [
            (r#""speeds":[1,2]"#, "B: missing"),
            (
                r#""speeds":[1,2],"B":0"#,
                "B: must be a whole number >= 1, got 0",
            ),
            (
                r#""speeds":[1,2],"B":2.5"#,
                "B: must be a whole number >= 1, got 2.5",
            ),
            (
                r#""speeds":[1,2],"B":4,"n":100000"#,
                "n: at most 512, got 100000",
            ),
            (
                r#""speeds":[1,2],"B":4,"grid":[2,2]"#,
                "grid: a 2 × 2 grid has 4 cells but there are 2 processors",
            ),
            (
                r#""speeds":[1,2],"B":4,"grid":[2]"#,
                "grid: must be [rows, cols]",
            ),
            (r#""areas":[1,2],"B":4"#, "unknown field \"areas\""),
        ];
        for (body, want) in cases {
            let text = format!(r#"{{"problem":"lu","version":1,{body}}}"#);
            let e = read(&text).unwrap_err();
            assert!(e.contains(want), "want {want:?} in {e:?} for {text}");
        }
    }
}
