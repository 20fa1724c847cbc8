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

use crate::platform::raw::RawNum;
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

mod read;
#[cfg(test)]
mod tests;

pub use read::RawScatter;
