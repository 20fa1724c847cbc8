//! What the broadcast page's run carries beside it, computed in the solver worker
//! ([`Compute`]; the `solve` feature): both port models' optima (broadcast.md §8.2 U4).

use hetlab_core::broadcast::dispatch::Run;
use hetlab_core::broadcast::extras::{explained, extras, BroadcastExtras};
use hetlab_core::broadcast::Broadcast;

use super::BroadcastPage;
use crate::ui::pages::compute::Compute;

impl Compute for BroadcastPage {
    fn extra(input: &Broadcast, algorithm: &str, run: &Run) -> BroadcastExtras {
        extras(input, algorithm, run)
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
