//! What the broadcast page's run carries beside it, computed in the solver worker
//! ([`Compute`]; the `solve` feature): both port models' optima (broadcast.md §8.2 U4).

use hetlab_core::broadcast::dispatch::Run;
use hetlab_core::broadcast::extras::{explained, extras_within, BroadcastExtras};
use hetlab_core::broadcast::Broadcast;

use super::BroadcastPage;
use crate::ui::pages::compute::Compute;

/// The most nodes on which the page solves the other port model beside every run (the
/// presets have at most 6; a unidirectional LP of 20 nodes takes 0.6 s natively).
const COMPARED_NODES: usize = 12;

impl Compute for BroadcastPage {
    fn extra(input: &Broadcast, algorithm: &str, run: &Run) -> BroadcastExtras {
        extras_within(input, algorithm, run, COMPARED_NODES)
    }

    /// The explained document from the extras just computed (solving them once, not twice).
    fn document(
        input: &Broadcast,
        algorithm: &str,
        run: &Run,
        x: &BroadcastExtras,
    ) -> serde_json::Value {
        explained(input, algorithm, run, x, false)
    }
}
