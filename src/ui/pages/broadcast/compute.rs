//! What the broadcast page's run carries beside it, computed in the solver worker
//! ([`Compute`]; the `solve` feature).

use hetlab_core::broadcast::dispatch::Run;
use hetlab_core::broadcast::Broadcast;

use super::BroadcastPage;
use crate::ui::pages::compute::Compute;

impl Compute for BroadcastPage {
    fn extra(_input: &Broadcast, _algorithm: &str, _run: &Run) {}
}
