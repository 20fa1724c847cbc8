//! What the steady page's run carries beside it, computed in the solver worker
//! ([`Compute`]; the `solve` feature).

use hetlab_core::steady_state::extras::{lp_extras, tree_check, PageExtras};
use hetlab_core::steady_state::family::SteadyRun;
use hetlab_core::steady_state::report;
use hetlab_core::steady_state::SteadyState;

use super::SteadyPage;
use crate::ui::pages::compute::Compute;

impl Compute for SteadyPage {
    fn extra(input: &SteadyState, _algorithm: &str, run: &SteadyRun) -> PageExtras {
        match run {
            SteadyRun::Lp(t) => PageExtras::Lp(lp_extras(input, &t.solution)),
            SteadyRun::Tree(t) => PageExtras::Tree(tree_check(input, &t.solution)),
        }
    }

    /// The explained document from the extras just computed (solving them once, not twice).
    fn document(
        input: &SteadyState,
        _algorithm: &str,
        run: &SteadyRun,
        extra: &PageExtras,
    ) -> serde_json::Value {
        match (run, extra) {
            (SteadyRun::Lp(t), PageExtras::Lp(x)) => {
                report::pipeline_result(input, &t.solution, Some(x), &t.trace, false)
            }
            (SteadyRun::Tree(t), PageExtras::Tree(check)) => {
                let mut doc = report::tree_result(input, &t.solution, &t.trace, false);
                doc["lp_check"] = report::tree_check_json(check);
                doc
            }
            (SteadyRun::Lp(t), _) => {
                report::pipeline_result(input, &t.solution, None, &t.trace, false)
            }
            (SteadyRun::Tree(t), _) => report::tree_result(input, &t.solution, &t.trace, false),
        }
    }
}
