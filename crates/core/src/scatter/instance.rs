//! The `scatter` instance (scatter.md §1, formats.md §3.1): `n` identical items on the root,
//! the processors in sending order with the root last, each with affine `comm` and `comp` costs
//! `{"lat", "per_item"}`, and an optional `root_transfer` (per-item transfer times between
//! every pair of machines, and the machine holding the data) for the root choice of §5.
//!
//! A cost may instead be a general table (scatter.md §1.1), `{"table": [T(0), T(1), …, T(n)]}`:
//! the cost of each number of items, `T(0) = 0` (§1.2: a zero share costs nothing), any
//! non-negative values (not even monotone). HetLab's extension of formats.md §3.1, which
//! names no field for them: only the exact DP reads tables (§1.1), so an instance with one is
//! solved by `dp` and `order-search`, at most [`MAX_TABLE_ITEMS`] items, and no `root_transfer`.

use serde::Deserialize;

use crate::issue::{Issue, Issues};
use crate::platform::raw::{read_q, RawNum, Rule};
use crate::rational::{Cost, Q};
use num_traits::Zero;

/// Most processors of a scatter instance (tables, Gantt rows and the `O(p²)` rounding stay
/// small; every algorithm stays well under a second in the browser).
pub const MAX_SCATTER_PROCESSORS: usize = 64;

/// Most items `n` (the rational methods are `O(p²)` whatever `n`; the exact DP has its own
/// limit `p·n² ≤` [`crate::scatter::MAX_DP_WORK`]).
pub const MAX_ITEMS: u64 = 1_000_000_000;

/// An affine cost `x ↦ lat + per_item·x` for `x ≥ 1`, and 0 for `x = 0` (scatter.md §1.1–1.2).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Affine {
    /// The latency (`λ_i` for communications, `μ_i` for computations), `≥ 0`.
    pub lat: Q,
    /// The cost per item (`β_i` or `α_i`), `≥ 0`.
    pub per_item: Q,
}

impl Affine {
    /// A linear cost `per_item·x`.
    #[must_use]
    pub fn linear(per_item: Q) -> Affine {
        Affine {
            lat: Q::zero(),
            per_item,
        }
    }

    /// The cost of `x` items: 0 for no item (not contacted), else `lat + per_item·x`.
    #[must_use]
    pub fn at(&self, x: &Q) -> Q {
        if x.is_zero() {
            Q::zero()
        } else {
            &self.lat + &self.per_item * x
        }
    }

    /// The cost of `x` items with the latency always paid (the LP's "all contacted" reading).
    #[must_use]
    pub fn contacted(&self, x: &Q) -> Q {
        &self.lat + &self.per_item * x
    }

    fn to_value(&self) -> serde_json::Value {
        serde_json::json!({"lat": num(&self.lat), "per_item": num(&self.per_item)})
    }
}

/// Most items `n` of an instance with a cost table (`n + 1` numbers per table; the DP's
/// `p·n²` work then stays within [`crate::scatter::MAX_DP_WORK`] for 64 processors).
pub const MAX_TABLE_ITEMS: u64 = 3_000;

/// One processor: the cost of receiving its items from the root, and of computing them.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ScatterProcessor {
    /// `T_comm(i, x)` (ignored for the root, which holds the data).
    pub comm: Affine,
    /// `T_comp(i, x)`.
    pub comp: Affine,
    /// A general table `T_comm(i, x)` for `x = 0..=n`, given instead of `comm` (then zero).
    pub comm_table: Option<Vec<Q>>,
    /// A general table `T_comp(i, x)` for `x = 0..=n`, given instead of `comp` (then zero).
    pub comp_table: Option<Vec<Q>>,
}

impl ScatterProcessor {
    /// Affine costs.
    #[must_use]
    pub fn affine(send: Affine, work: Affine) -> ScatterProcessor {
        ScatterProcessor {
            comm: send,
            comp: work,
            comm_table: None,
            comp_table: None,
        }
    }
}

/// Per-item transfer times between every pair of machines and the machine holding the data
/// (scatter.md §5, root choice). Indices are positions in `processors`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootTransfer {
    /// The machine `C` on which the data starts.
    pub source: usize,
    /// `per_item[r][i]`: seconds per item from `r` to `i` (the diagonal is ignored).
    pub per_item: Vec<Vec<Q>>,
}

/// A `scatter` instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scatter {
    /// The number of items `n`.
    pub n: u64,
    /// The processors in sending order, the root last.
    pub processors: Vec<ScatterProcessor>,
    /// The data for the root choice, when given.
    pub root_transfer: Option<RootTransfer>,
}

fn num(v: &Q) -> RawNum {
    RawNum::from_cost(&Cost::Finite(v.clone()))
}

impl Scatter {
    /// A linear instance: `(α_i, β_i)` per processor in sending order (the root's `β` is ignored).
    #[must_use]
    pub fn linear(n: u64, alpha_beta: &[(Q, Q)]) -> Scatter {
        Scatter {
            n,
            processors: alpha_beta
                .iter()
                .map(|(a, b)| {
                    ScatterProcessor::affine(Affine::linear(b.clone()), Affine::linear(a.clone()))
                })
                .collect(),
            root_transfer: None,
        }
    }

    /// Some cost is a general table (scatter.md §1.1): only the DP reads the instance.
    #[must_use]
    pub fn has_tables(&self) -> bool {
        self.processors
            .iter()
            .any(|p| p.comm_table.is_some() || p.comp_table.is_some())
    }

    pub(super) fn to_value(&self) -> serde_json::Value {
        let cost = |a: &Affine, t: &Option<Vec<Q>>| match t {
            Some(t) => serde_json::json!({"table": t.iter().map(num).collect::<Vec<_>>()}),
            None => a.to_value(),
        };
        let procs: Vec<serde_json::Value> = self
            .processors
            .iter()
            .map(|p| {
                serde_json::json!({
                    "comm": cost(&p.comm, &p.comm_table),
                    "comp": cost(&p.comp, &p.comp_table),
                })
            })
            .collect();
        let mut v = serde_json::json!({
            "problem": "scatter", "version": 1, "n": self.n, "processors": procs,
        });
        if let Some(r) = &self.root_transfer {
            let rows: Vec<Vec<RawNum>> = r
                .per_item
                .iter()
                .map(|row| row.iter().map(num).collect())
                .collect();
            v["root_transfer"] = serde_json::json!({"source": r.source, "per_item": rows});
        }
        v
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAffine {
    #[serde(default)]
    lat: Option<RawNum>,
    per_item: Option<RawNum>,
    #[serde(default)]
    table: Option<Vec<RawNum>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProcessor {
    #[serde(default)]
    comm: Option<RawAffine>,
    comp: Option<RawAffine>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRootTransfer {
    source: Option<serde_json::Value>,
    per_item: Option<Vec<Vec<RawNum>>>,
}

/// The document as read, before validation ([`crate::family::Family::Raw`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawScatter {
    #[allow(dead_code)] // Checked from the header; kept so that deny_unknown_fields accepts it.
    problem: String,
    #[allow(dead_code)]
    version: serde_json::Value,
    n: Option<serde_json::Value>,
    processors: Option<Vec<RawProcessor>>,
    #[serde(default)]
    root_transfer: Option<RawRootTransfer>,
}

/// A cost as read: affine, or a general table (then the affine part is zero).
type ReadCost = (Affine, Option<Vec<Q>>);

fn read_cost(
    raw: Option<&RawAffine>,
    path: &str,
    n: Option<u64>,
    issues: &mut Vec<Issue>,
) -> Option<ReadCost> {
    let Some(raw) = raw else {
        issues.push(Issue::new(
            path,
            "missing: give {\"lat\": .., \"per_item\": ..} or {\"table\": [..]}",
        ));
        return None;
    };
    if let Some(table) = &raw.table {
        if raw.lat.is_some() || raw.per_item.is_some() {
            issues.push(Issue::new(
                path,
                "give either a table or lat and per_item, not both",
            ));
            return None;
        }
        return read_table(table, &format!("{path}.table"), n?, issues)
            .map(|t| (Affine::default(), Some(t)));
    }
    let lat = match &raw.lat {
        Some(v) => read_q(v, &format!("{path}.lat"), Rule::NON_NEGATIVE, issues),
        None => Some(Q::zero()),
    };
    let per_item = if let Some(v) = &raw.per_item {
        read_q(v, &format!("{path}.per_item"), Rule::NON_NEGATIVE, issues)
    } else {
        issues.push(Issue::new(
            format!("{path}.per_item"),
            "missing: the time per item",
        ));
        None
    };
    Some((
        Affine {
            lat: lat?,
            per_item: per_item?,
        },
        None,
    ))
}

/// A general cost table (scatter.md §1.1): `n + 1` non-negative values, the first 0.
fn read_table(raw: &[RawNum], path: &str, n: u64, issues: &mut Vec<Issue>) -> Option<Vec<Q>> {
    if n > MAX_TABLE_ITEMS {
        issues.push(Issue::new(
            path,
            format!("cost tables are read for at most {MAX_TABLE_ITEMS} items (n = {n}): give lat and per_item"),
        ));
        return None;
    }
    if raw.len() as u64 != n + 1 {
        issues.push(Issue::new(
            path,
            format!(
                "must have n + 1 = {} values, the cost of 0, 1, …, {n} items; got {}",
                n + 1,
                raw.len()
            ),
        ));
        return None;
    }
    let before = issues.len();
    let table: Vec<Q> = raw
        .iter()
        .enumerate()
        .map(|(x, v)| {
            read_q(v, &format!("{path}[{x}]"), Rule::NON_NEGATIVE, issues).unwrap_or_default()
        })
        .collect();
    if issues.len() == before && !table[0].is_zero() {
        issues.push(Issue::new(
            format!("{path}[0]"),
            "the cost of 0 items must be 0 (a processor given nothing is not contacted, scatter.md §1.2)",
        ));
    }
    (issues.len() == before).then_some(table)
}

fn read_n(v: Option<&serde_json::Value>, issues: &mut Vec<Issue>) -> Option<u64> {
    let Some(v) = v else {
        issues.push(Issue::new("n", "missing: the number of items, e.g. 100"));
        return None;
    };
    match v.as_u64() {
        Some(n) if n <= MAX_ITEMS => Some(n),
        Some(n) => {
            issues.push(Issue::new(
                "n",
                format!("at most {MAX_ITEMS} items, got {n}"),
            ));
            None
        }
        None => {
            issues.push(Issue::new(
                "n",
                format!("must be a whole number >= 0, got {}", short(v)),
            ));
            None
        }
    }
}

/// The first characters of a bad value (messages quote a short prefix only).
fn short(v: &serde_json::Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 24 {
        format!("{}…", s.chars().take(24).collect::<String>())
    } else {
        s
    }
}

fn read_processors(
    raw: Option<&[RawProcessor]>,
    n: Option<u64>,
    issues: &mut Vec<Issue>,
) -> Option<Vec<ScatterProcessor>> {
    let Some(raw) = raw else {
        issues.push(Issue::new(
            "processors",
            "missing: the processors in sending order, the root last",
        ));
        return None;
    };
    if raw.is_empty() || raw.len() > MAX_SCATTER_PROCESSORS {
        issues.push(Issue::new(
            "processors",
            format!(
                "between 1 and {MAX_SCATTER_PROCESSORS} processors are supported, got {}",
                raw.len()
            ),
        ));
        return None;
    }
    let last = raw.len() - 1;
    let before = issues.len();
    let mut out = Vec::with_capacity(raw.len());
    for (k, p) in raw.iter().enumerate() {
        let path = format!("processors[{k}]");
        // The root holds the data: its `comm` may be left out (formats.md §3.1: it is ignored).
        let send = if k == last && p.comm.is_none() {
            Some((Affine::default(), None))
        } else {
            read_cost(p.comm.as_ref(), &format!("{path}.comm"), n, issues)
        };
        let work = read_cost(p.comp.as_ref(), &format!("{path}.comp"), n, issues);
        if let (Some((comm, comm_table)), Some((comp, comp_table))) = (send, work) {
            out.push(ScatterProcessor {
                comm,
                comp,
                comm_table,
                comp_table,
            });
        }
    }
    (issues.len() == before).then_some(out)
}

fn read_root_transfer(
    raw: &RawRootTransfer,
    p: Option<usize>,
    issues: &mut Vec<Issue>,
) -> Option<RootTransfer> {
    let before = issues.len();
    let source = match &raw.source {
        None => {
            issues.push(Issue::new(
                "root_transfer.source",
                "missing: the index of the processor holding the data",
            ));
            None
        }
        Some(v) => match (v.as_u64(), p) {
            (Some(s), Some(p)) if s < p as u64 => usize::try_from(s).ok(),
            (Some(_), None) => None,
            _ => {
                issues.push(Issue::new(
                    "root_transfer.source",
                    format!(
                        "must be a processor index from 0 to {}, got {}",
                        p.unwrap_or(1).saturating_sub(1),
                        short(v)
                    ),
                ));
                None
            }
        },
    };
    let Some(rows) = &raw.per_item else {
        issues.push(Issue::new(
            "root_transfer.per_item",
            "missing: the p × p matrix of per-item transfer times",
        ));
        return None;
    };
    let p = p?;
    if rows.len() != p || rows.iter().any(|r| r.len() != p) {
        issues.push(Issue::new(
            "root_transfer.per_item",
            format!("must be a {p} × {p} matrix (one row and one column per processor)"),
        ));
        return None;
    }
    let mut matrix = Vec::with_capacity(p);
    for (r, row) in rows.iter().enumerate() {
        let mut out = Vec::with_capacity(p);
        for (c, v) in row.iter().enumerate() {
            let path = format!("root_transfer.per_item[{r}][{c}]");
            out.push(read_q(v, &path, Rule::NON_NEGATIVE, issues).unwrap_or_default());
        }
        matrix.push(out);
    }
    (issues.len() == before).then_some(RootTransfer {
        source: source?,
        per_item: matrix,
    })
}

impl RawScatter {
    pub(super) fn validate(self) -> Result<Scatter, Issues> {
        let mut issues = Vec::new();
        let n = read_n(self.n.as_ref(), &mut issues);
        let processors = read_processors(self.processors.as_deref(), n, &mut issues);
        let p = self
            .processors
            .as_ref()
            .map(Vec::len)
            .filter(|&p| (1..=MAX_SCATTER_PROCESSORS).contains(&p));
        let root_transfer = self
            .root_transfer
            .as_ref()
            .map(|r| read_root_transfer(r, p, &mut issues));
        let tables = processors
            .iter()
            .flatten()
            .any(|p| p.comm_table.is_some() || p.comp_table.is_some());
        if tables && root_transfer.is_some() {
            issues.push(Issue::new(
                "root_transfer",
                "the root choice reads per-item costs: leave it out with cost tables (only the DP reads tables, scatter.md §1.1)",
            ));
        }
        match (n, processors, root_transfer) {
            (Some(n), Some(processors), rt) if issues.is_empty() => Ok(Scatter {
                n,
                processors,
                root_transfer: rt.flatten(),
            }),
            _ => Err(Issues(issues)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::Instance;
    use crate::rational::{q, qi};

    fn read(text: &str) -> Result<Instance, String> {
        Instance::from_json(text).map_err(|e| e.to_string())
    }

    const P: &str = r#"{"comm": {"lat": 0, "per_item": 1}, "comp": {"lat": 0, "per_item": 2}}"#;

    #[test]
    fn reads_numbers_exactly_and_round_trips() {
        let text = r#"{"problem": "scatter", "version": 1, "n": 60, "processors": [
            {"comm": {"lat": "0.5", "per_item": "1/3"}, "comp": {"per_item": 0.25}},
            {"comp": {"lat": 1, "per_item": 7}}],
            "root_transfer": {"source": 1, "per_item": [[0, "1/2"], ["1/2", 0]]}}"#;
        let Ok(Instance::Scatter(s)) = read(text) else {
            panic!("should read")
        };
        assert_eq!(s.n, 60);
        assert_eq!(s.processors[0].comm.lat, q(1, 2));
        assert_eq!(s.processors[0].comm.per_item, q(1, 3));
        assert_eq!(s.processors[0].comp.lat, qi(0));
        assert_eq!(s.processors[0].comp.per_item, q(1, 4));
        assert_eq!(
            s.processors[1].comm,
            Affine::default(),
            "the root may omit comm"
        );
        assert_eq!(s.root_transfer.as_ref().map(|r| r.source), Some(1));
        let inst = Instance::Scatter(s);
        assert_eq!(read(&inst.to_json()), Ok(inst));
    }

    #[test]
    fn every_bad_field_is_named_with_its_value() {
        let cases: Vec<(String, &str)> = vec![
            (format!(r#""processors": [{P}]"#), "n: missing"),
            (format!(r#""n": -3, "processors": [{P}]"#), "n: must be a whole number >= 0, got -3"),
            (format!(r#""n": 2.5, "processors": [{P}]"#), "n: must be a whole number >= 0, got 2.5"),
            (format!(r#""n": 2000000000, "processors": [{P}]"#), "n: at most 1000000000 items, got 2000000000"),
            (r#""n": 3"#.into(), "processors: missing"),
            (r#""n": 3, "processors": []"#.into(), "processors: between 1 and 64 processors"),
            (
                r#""n": 3, "processors": [{"comm": {"per_item": -1}, "comp": {"per_item": 1}}, {"comp": {"per_item": 1}}]"#.into(),
                "processors[0].comm.per_item: must be >= 0, got -1",
            ),
            (
                r#""n": 3, "processors": [{"comm": {"per_item": "NaN"}, "comp": {"per_item": 1}}, {"comp": {"per_item": 1}}]"#.into(),
                "processors[0].comm.per_item: ",
            ),
            (
                r#""n": 3, "processors": [{"comp": {"per_item": 1}}, {"comp": {"per_item": 1}}]"#.into(),
                "processors[0].comm: missing",
            ),
            (
                r#""n": 3, "processors": [{"comm": {"lat": 1}, "comp": {"lat": "-1/2", "per_item": 1}}, {"comp": {"per_item": 1}}]"#.into(),
                "processors[0].comm.per_item: missing",
            ),
            (
                r#""n": 3, "processors": [{"comm": {"lat": 1}, "comp": {"lat": "-1/2", "per_item": 1}}, {"comp": {"per_item": 1}}]"#.into(),
                "processors[0].comp.lat: must be >= 0, got \"-1/2\"",
            ),
            (
                r#""n": 3, "processors": [{"comp": {"per_item": "inf"}}]"#.into(),
                "processors[0].comp.per_item: must be finite",
            ),
            (format!(r#""n": 3, "processors": [{P}], "speed": 1"#), "unknown field \"speed\""),
            (
                format!(r#""n": 3, "processors": [{P}, {P}], "root_transfer": {{"source": 5, "per_item": [[0, 1], [1, 0]]}}"#),
                "root_transfer.source: must be a processor index from 0 to 1, got 5",
            ),
            (
                format!(r#""n": 3, "processors": [{P}, {P}], "root_transfer": {{"source": 0, "per_item": [[0, 1]]}}"#),
                "root_transfer.per_item: must be a 2 × 2 matrix",
            ),
            (
                format!(r#""n": 3, "processors": [{P}, {P}], "root_transfer": {{"source": 0, "per_item": [[0, 1], [-2, 0]]}}"#),
                "root_transfer.per_item[1][0]: must be >= 0, got -2",
            ),
        ];
        for (body, want) in cases {
            let text = format!(r#"{{"problem": "scatter", "version": 1, {body}}}"#);
            let e = read(&text).unwrap_err();
            assert!(e.contains(want), "want {want:?} in {e:?} for {text}");
        }
        // Every problem is listed, not only the first.
        let text = r#"{"problem": "scatter", "version": 1, "n": -1, "processors": [
            {"comm": {"per_item": -1}, "comp": {"per_item": 1}}, {"comp": {"per_item": -2}}]}"#;
        let e = read(text).unwrap_err();
        for want in [
            "n: ",
            "processors[0].comm.per_item",
            "processors[1].comp.per_item",
        ] {
            assert!(e.contains(want), "want {want:?} in {e:?}");
        }
        let many = vec![P; MAX_SCATTER_PROCESSORS + 1].join(",");
        let text =
            format!(r#"{{"problem": "scatter", "version": 1, "n": 1, "processors": [{many}]}}"#);
        assert!(read(&text)
            .unwrap_err()
            .contains("between 1 and 64 processors are supported, got 65"));
    }
}
