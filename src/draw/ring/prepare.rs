//! What the ring page keeps beside the run for drawing (the generic page's `extra`): the core's
//! extras ([`hetlab_core::ring::extras`]: the evaluation of every ring the trace draws, the
//! `W/H` curves of paper Fig. 3, the other algorithms' results), with the presentation derived
//! from them here, without solving anything: the layout and the fixed axes. Pure, so it is
//! tested natively.

use std::rc::Rc;

use hetlab_core::rational::to_f64;
use hetlab_core::ring::extras::{RingExtras, Sweep};
use hetlab_core::ring::{Ring, RingState, RingStep};
use hetlab_core::trace::Trace;
use num_traits::Zero;

use super::{layout, Layout, Scale};

/// Everything the page shows beside the state at step `k`.
#[derive(Clone, Debug, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Prepared {
    /// Where the processors sit.
    pub layout: Layout,
    /// The fixed axes.
    pub scale: Scale,
    /// Paper Fig. 3 (`None` when `H = 0`), shared with the sweep panel's props.
    pub sweep: Option<Rc<Sweep>>,
    /// The core's extras (their `sweep` moved to [`Prepared::sweep`]).
    pub extras: RingExtras,
}

impl Prepared {
    /// The core's extras as computed, the sweep put back (the explained document's input).
    #[must_use]
    pub fn extras(&self) -> RingExtras {
        RingExtras {
            sweep: self.sweep.as_deref().cloned(),
            ..self.extras.clone()
        }
    }
}

/// The presentation of the extras `x` of the run `trace` on `r`.
#[must_use]
pub fn prepare(r: &Ring, trace: &Trace<RingStep>, mut x: RingExtras) -> Prepared {
    let end = trace.state_at(RingState::new(r.p()), usize::MAX);
    let scale = Scale::of(r.p(), x.evals.iter().chain(end.eval.iter()), &end);
    Prepared {
        layout: layout(r),
        scale,
        sweep: x.sweep.take().map(Rc::new),
        extras: x,
    }
}

/// `W/H` of `r` (`None` when `H = 0`).
#[must_use]
pub fn ratio(r: &Ring) -> Option<f64> {
    (!r.h.is_zero()).then(|| to_f64(&r.work) / to_f64(&r.h))
}

/// Most processors for which the `W/H` slider re-solves an exact method as it moves (above,
/// the page keeps the button: Held–Karp at 11+ processors takes longer than a frame).
pub const LIVE_EXACT_MAX: usize = 10;

/// The slider re-solves `algo` on `p` processors as it moves: the greedy, the TSP heuristic
/// and the closed form at any size, the exact methods up to [`LIVE_EXACT_MAX`].
#[must_use]
pub fn live(p: usize, algo: &str) -> bool {
    match algo {
        "exact" | "exhaustive" | "held-karp" => p <= LIVE_EXACT_MAX,
        _ => true,
    }
}
