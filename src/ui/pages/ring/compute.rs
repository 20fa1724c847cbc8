//! What the ring page's run carries beside it, computed in the solver worker
//! ([`Compute`]; the `solve` feature).

use std::cell::RefCell;
use std::rc::Rc;

use hetlab_core::family::Family;
use hetlab_core::ring::extras::{explained, extras, sweep, Sweep};
use hetlab_core::ring::family::RingFamily;
use hetlab_core::ring::Ring;

use super::RingPage;
use crate::draw::ring::prepare::{prepare, Prepared};
use crate::ui::pages::compute::Compute;

thread_local! {
    /// The last instance's curves: they do not depend on the algorithm, so switching algorithms
    /// on one instance reuses them.
    static LAST_SWEEP: RefCell<Option<(Ring, Option<Sweep>)>> = const { RefCell::new(None) };
}

impl Compute for RingPage {
    fn extra(input: &Ring, algorithm: &str, run: &<RingFamily as Family>::Run) -> Rc<Prepared> {
        let offered = RingFamily::offered(input);
        let x = extras(input, &offered, algorithm, run, sweep_cached(input));
        Rc::new(prepare(input, &run.trace, x))
    }

    /// The explained document from the extras just computed (solving them once, not twice).
    fn document(
        _input: &Ring,
        _algorithm: &str,
        run: &<RingFamily as Family>::Run,
        x: &Rc<Prepared>,
    ) -> serde_json::Value {
        explained(run, &x.extras(), false)
    }
}

/// The core's [`sweep`], reusing the last instance's curves.
fn sweep_cached(r: &Ring) -> Option<Sweep> {
    LAST_SWEEP.with_borrow_mut(|cell| match cell {
        Some((seen, curves)) if seen == r => curves.clone(),
        _ => {
            let curves = sweep(r);
            *cell = Some((r.clone(), curves.clone()));
            curves
        }
    })
}
