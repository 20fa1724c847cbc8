//! The Gantt chart of a baseline tree under the unidirectional one-port model (broadcast.md
//! §6.6 applied to §7.1): the tree's transfers, coloured into weighted matchings of the
//! conflict graph (`baseline_uni`), become the slots of one period of one time unit. A
//! matching that takes `w` time per message runs for `x_M = w·ρ` of each time unit (`ρ = 1/χ`,
//! so `Σ x_M = 1`), and the tree's `ρ` messages per time unit are water-filled into the slots
//! of each arc by the unidirectional pipeline's builder, whose independent `verify` checks the
//! result (no node in two transfers at once, every arc moving exactly `ρ`).
//!
//! A tree is bipartite, so König's weighted edge-colouring theorem gives matchings of total
//! time `χ = max_v (out(v) + in(v))` at any size: [`super::baseline_uni::konig`] builds them with the exact
//! decomposition of steady-state.md §4.4 (`graph::matching`) on the tree's 2-colouring, where
//! the exact matching program of the column generation is limited to 20 nodes.

use num_traits::{Signed, Zero};

use super::baseline_uni::{net_of, Colouring};
use super::unidirectional::{gantt, Period, WeightedMatching};
use super::WeightedTree;
use crate::platform::Arc;

/// One period (one time unit) of the unidirectional schedule of a baseline `tree` (weight
/// `ρ`) from its colouring `c` (§6.6): `None` when the colouring has no matchings or sends
/// nothing.
#[must_use]
pub fn tree_period(
    n: usize,
    arcs: &[Arc],
    source: usize,
    tree: &WeightedTree,
    c: &Colouring,
) -> Option<Period> {
    if c.matchings.is_empty() || !c.chi.is_positive() {
        return None;
    }
    let rho = c.chi.recip();
    let slots: Vec<WeightedMatching> = c
        .matchings
        .iter()
        .filter(|m| m.weight.is_positive())
        .map(|m| WeightedMatching {
            arcs: m.arcs.clone(),
            weight: &m.weight * &rho,
        })
        .collect();
    let period = gantt::build(&net_of(n, arcs), source, std::slice::from_ref(tree), &slots);
    (!period.length.is_zero()).then_some(period)
}

/// Checks a baseline tree's unidirectional period independently ([`gantt::verify`]): a valid
/// unidirectional one-port schedule that delivers `ρ`, the tree's weight.
///
/// # Errors
/// A sentence naming the first violation.
pub fn verify(
    n: usize,
    arcs: &[Arc],
    source: usize,
    tree: &WeightedTree,
    period: &Period,
) -> Result<(), crate::error::Violation> {
    let delivered = gantt::verify(&net_of(n, arcs), source, std::slice::from_ref(tree), period)?;
    if delivered == tree.weight {
        Ok(())
    } else {
        Err(format!(
            "the unidirectional period delivers {delivered}, not the tree's {}",
            tree.weight
        )
        .into())
    }
}
