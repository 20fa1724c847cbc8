//! What the square page's run carries beside it, computed in the solver worker
//! ([`Compute`]; the `solve` feature).

use hetlab_core::square::extras::{self as square_extras, SquareExtras};
use hetlab_core::square::run::SquareRun;
use hetlab_core::square::SquarePartition;

use super::SquarePage;
use crate::ui::pages::compute::Compute;

impl Compute for SquarePage {
    fn extra(input: &SquarePartition, algorithm: &str, run: &SquareRun) -> SquareExtras {
        square_extras::extras(input, algorithm, run)
    }

    /// The explained document from the extras just computed (solving them once, not twice).
    fn document(
        _input: &SquarePartition,
        _algorithm: &str,
        run: &SquareRun,
        x: &SquareExtras,
    ) -> serde_json::Value {
        square_extras::explained(run, x, false)
    }
}
