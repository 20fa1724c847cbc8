//! What the steady page's run carries beside it, computed in the solver worker
//! ([`Compute`]; the `solve` feature).

use hetlab_core::family::Solver as _;
use hetlab_core::steady_state::extras::{lp_extras, LpExtras};
use hetlab_core::steady_state::family::{SteadyRun, SteadyStateFamily};
use hetlab_core::steady_state::report;
use hetlab_core::steady_state::SteadyState;

use super::SteadyPage;
use crate::ui::pages::compute::Compute;

impl Compute for SteadyPage {
    fn extra(input: &SteadyState, _algorithm: &str, run: &SteadyRun) -> Option<LpExtras> {
        match run {
            SteadyRun::Lp(t) => Some(lp_extras(input, &t.solution)),
            SteadyRun::Tree(_) => None,
        }
    }

    /// The explained document from the extras just computed (solving them once, not twice).
    fn document(
        input: &SteadyState,
        algorithm: &str,
        run: &SteadyRun,
        extra: &Option<LpExtras>,
    ) -> serde_json::Value {
        match (run, extra) {
            (SteadyRun::Lp(t), Some(x)) => {
                report::pipeline_result(input, &t.solution, Some(x), &t.trace, false)
            }
            _ => SteadyStateFamily::explained(input, algorithm, run, false),
        }
    }
}
