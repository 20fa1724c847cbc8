//! An `lu` instance (lu-distributions.md §0): the processors, the slice length `B`, the matrix
//! size `n` and the grid of the 2D schemes.

use serde::Deserialize;

use crate::instance::processors::{
    read_count, read_processors, Processors, MAX_LU_BLOCKS, MAX_PROCESSORS,
};
use crate::issue::{Issue, Issues};
use crate::platform::raw::RawNum;

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

    pub(crate) fn to_value(&self) -> serde_json::Value {
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

/// The document as read, before validation ([`crate::family::Family::Raw`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLu {
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

impl RawLu {
    pub(crate) fn validate(self) -> Result<Lu, Issues> {
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
