//! What the STARAFFINE methods report besides the common fields: shared by the searches of
//! `affine.rs` and the LP method of `program.rs` (§4.3), so it sits below both.

use serde::Serialize;

use super::ef::SortedEf;
use super::step::Tried;

/// What the STARAFFINE methods report besides the common fields.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct AffineDetails {
    /// `EF` of all workers by `g`.
    pub sorted: Option<SortedEf>,
    /// Every ordered subset in enumeration order (`p ≤ 4`), or the `p` prefixes (heuristic).
    pub table: Vec<Tried>,
    /// Prefixes examined by the search.
    pub visited: u64,
    /// Subtrees cut by the bounds.
    pub pruned: u64,
    /// The search finished (false: stopped by [`super::affine::NODE_BUDGET`]).
    pub complete: bool,
    /// The mixed integer program of §4.4, as text.
    pub program: Vec<String>,
}

impl AffineDetails {
    /// No search (nothing to schedule).
    #[must_use]
    pub fn empty() -> AffineDetails {
        AffineDetails::new(None, Vec::new(), Vec::new())
    }

    pub(super) fn new(
        sorted: Option<SortedEf>,
        table: Vec<Tried>,
        program: Vec<String>,
    ) -> AffineDetails {
        AffineDetails {
            sorted,
            table,
            visited: 0,
            pruned: 0,
            complete: true,
            program,
        }
    }
}
