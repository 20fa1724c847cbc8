//! The table behind the scale factor `A` (steady-state.md §4.5 and §5.1 state 9): for every slot
//! and every arc of its matching, the files the arc sends in the slot before scaling
//! (`μ_k·m_ij/u_ij`, resp. `μ_k·r_ij/u_ij`), and the denominator of that count; `A` is the lcm
//! of the denominators. Read off a built [`Pattern`] (its slots hold the counts times `A`).

use num_bigint::BigInt;
use num_traits::Zero;

use super::Pattern;
use crate::rational::Q;

/// One line of the table: what one arc sends in one slot before scaling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScaleRow {
    /// Slot index (0-based; the page numbers slots from 1).
    pub slot: usize,
    /// Arc index in [`crate::platform::Platform::arcs`].
    pub arc: usize,
    /// Result files (`true`) or input files.
    pub results: bool,
    /// Files sent in the slot before scaling (`μ_k·m_ij/u_ij`).
    pub count: Q,
    /// The denominator of `count` in lowest terms.
    pub denominator: BigInt,
}

/// The table of §4.5: one row per slot, arc and kind of file with a nonzero count, in slot
/// order. The lcm of the denominators is `pat.scale_a`.
#[must_use]
pub fn scale_table(pat: &Pattern) -> Vec<ScaleRow> {
    let a = Q::from_integer(pat.scale_a.clone());
    let mut out = Vec::new();
    for (slot, s) in pat.slots.iter().enumerate() {
        for t in &s.arcs {
            for (results, scaled) in [(false, &t.inputs), (true, &t.results)] {
                if scaled.is_zero() || a.is_zero() {
                    continue;
                }
                let count = scaled / &a;
                out.push(ScaleRow {
                    slot,
                    arc: t.arc,
                    results,
                    denominator: count.denom().clone(),
                    count,
                });
            }
        }
    }
    out
}
