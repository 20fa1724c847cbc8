//! A node of the recursive algorithm's grouping hierarchy (a processor or a group of them):
//! built by `mod.rs`, laid out by `cr.rs`, shown by the trace (`step.rs`), so it sits below all
//! three.

use serde::Serialize;

use crate::rational::Q;

/// A node of the grouping hierarchy: a processor (uid `1..=p`) or a group (uid `> p`).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Node {
    /// Its uid (processors: 1-based input index; groups: `p + 1, p + 2, …` in creation order).
    pub uid: usize,
    /// Its area (the sum of its members).
    #[serde(serialize_with = "crate::rational::exact")]
    pub area: Q,
    /// Member uids sorted by `(−area, uid)` (empty for a processor).
    pub children: Vec<usize>,
}
