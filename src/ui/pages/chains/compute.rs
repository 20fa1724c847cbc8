//! What the chains page's run carries beside it, computed in the solver worker
//! ([`Compute`]; the `solve` feature).

use std::rc::Rc;

use hetlab_core::chains::extras::{explained, timed};
use hetlab_core::chains::family::ChainsFamily;
use hetlab_core::chains::{cp, Chains};
use hetlab_core::family::RunOf;

use super::ChainsExtra;
use super::ChainsPage;
use crate::draw::chains::histogram::cp_histogram;
use crate::draw::chains::value_range;
use crate::ui::pages::compute::Compute;

impl Compute for ChainsPage {
    /// The core's extras, each compared algorithm timed in this browser (in the solver worker).
    fn extra(input: &Chains, algorithm: &str, run: &RunOf<ChainsFamily>) -> ChainsExtra {
        let (core, times) = timed(input, &mut crate::ui::dom::now_ms);
        ChainsExtra {
            range: value_range(&run.solution.ideal, &run.trace.steps),
            core,
            times,
            cp: (algorithm == "cp-random")
                .then(|| Rc::new(cp_histogram(&cp::imbalances(&run.solution)))),
        }
    }

    /// The explained document from the extras just computed (solving them once, not twice).
    fn document(
        input: &Chains,
        algorithm: &str,
        run: &RunOf<ChainsFamily>,
        x: &ChainsExtra,
    ) -> serde_json::Value {
        explained(input, algorithm, run, &x.core, false)
    }
}
