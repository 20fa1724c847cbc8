//! A `square-partition` instance (square-partitions.md §1): the processors, the matrix size `N`
//! of the metrics and the user's columns of the Kalinov–Lastovetsky baseline.

use num_traits::ToPrimitive;
use serde::Deserialize;

use crate::instance::processors::{
    read_count, read_processors, Processors, MAX_LU_BLOCKS, MAX_PROCESSORS,
};
use crate::issue::{Issue, Issues};
use crate::platform::raw::RawNum;
use crate::rational::Q;

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

    pub(crate) fn to_value(&self) -> serde_json::Value {
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

/// The document as read, before validation ([`crate::family::Family::Raw`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSquare {
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
    pub(crate) fn validate(self) -> Result<SquarePartition, Issues> {
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
