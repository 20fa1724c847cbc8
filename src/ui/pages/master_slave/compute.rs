//! What the master slave page's run carries beside it, computed in the solver worker
//! ([`Compute`]; the `solve` feature).

use hetlab_core::family::RunOf;
use hetlab_core::master_slave::extras::{explained, extras};
use hetlab_core::master_slave::family::MasterSlaveFamily;
use hetlab_core::master_slave::MsInput;

use super::MasterSlavePage;
use super::MsExtra;
use crate::draw::master_slave::frame;
use crate::ui::pages::compute::Compute;

impl Compute for MasterSlavePage {
    fn extra(input: &MsInput, algorithm: &str, run: &RunOf<MasterSlaveFamily>) -> MsExtra {
        MsExtra {
            frame: frame(input, &run.solution),
            core: extras(input, algorithm, run),
        }
    }

    /// The explained document from the extras just computed (solving them once, not twice).
    fn document(
        _input: &MsInput,
        _algorithm: &str,
        run: &RunOf<MasterSlaveFamily>,
        x: &MsExtra,
    ) -> serde_json::Value {
        explained(run, &x.core, false)
    }
}
