//! What the lu page's run carries beside it, computed in the solver worker
//! ([`Compute`]; the `solve` feature).

use hetlab_core::lu::extras::{explained, extras, LuExtras};
use hetlab_core::lu::Lu;

use super::LuPage;
use crate::ui::pages::compute::Compute;
use crate::ui::pages::family_page::Run;

impl Compute for LuPage {
    fn extra(input: &Lu, algorithm: &str, run: &Run<Self>) -> LuExtras {
        extras(input, algorithm, run)
    }

    /// The explained document from the extras just computed (solving them once, not twice).
    fn document(_input: &Lu, _algorithm: &str, run: &Run<Self>, x: &LuExtras) -> serde_json::Value {
        explained(run, x, false)
    }
}
