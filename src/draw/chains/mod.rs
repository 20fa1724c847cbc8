//! Pure drawing model of the chains page (chains.md §10): the staircase of prefix sums with the
//! ideal guide lines and the separators, the task bar (height ∝ weight, coloured by owner), the
//! processor bar (width ∝ speed), the load chart (current `B`, dashed `B*`) and the `[LB, UB]`
//! interval on a number line, all computed from a replayed [`ChainsState`]. The Yew view and
//! the exported SVG both draw these shapes.

use hetlab_core::chains::ChainsState;

mod drawing;
pub mod histogram;
mod panels;
mod shapes;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_histogram;
#[cfg(test)]
mod tests_tree;
pub mod tree;

pub use drawing::{figure, separator_labels};
pub use panels::{current, summary, value_range};
pub use shapes::*;

/// Width of the drawing (SVG units); narrow so that text stays readable on a phone.
pub const WIDTH: f64 = 440.0;
/// Height of the drawing.
pub const HEIGHT: f64 = 514.0;
/// Left edge of the plots (room for the y labels).
pub const X0: f64 = 46.0;
/// Right edge of the plots.
pub const X1: f64 = 428.0;
/// The processor (0-based, input order) running part `k` of the chain.
#[must_use]
pub fn owner(s: &ChainsState, k: usize) -> usize {
    s.order
        .as_ref()
        .and_then(|o| o.get(k).copied())
        .unwrap_or(k)
}

/// The separators mean something yet (before the first placement every task sits on the last
/// processor only because the vector starts as `[0, …, 0, N]`).
#[must_use]
pub fn placed(s: &ChainsState) -> bool {
    let n = s.prefix.len().saturating_sub(1);
    let untouched =
        s.separators.iter().rev().skip(1).all(|&x| x == 0) && s.separators.last() == Some(&n);
    s.result.is_some() || s.probes > 0 || s.rounds > 0 || !s.rb.nodes.is_empty() || !untouched
}
