//! Reading a `scatter` document (formats.md §3.1 and the cost tables of scatter.md §1.1): the
//! document as deserialised, then every field checked and each problem named at its path.

use num_traits::Zero;
use serde::Deserialize;

use super::{
    Affine, RootTransfer, Scatter, ScatterProcessor, MAX_ITEMS, MAX_SCATTER_PROCESSORS,
    MAX_TABLE_ITEMS,
};
use crate::issue::{Issue, Issues};
use crate::platform::raw::{read_q, RawNum, Rule};
use crate::rational::Q;

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
    pub(in crate::scatter) fn validate(self) -> Result<Scatter, Issues> {
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
