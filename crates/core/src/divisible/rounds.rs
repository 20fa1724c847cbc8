//! What the multi-round schemes (multi-installment §5, UMR §6, the periodic schedule §7) share:
//! the common worker of a homogeneous star and the empty schedule of `W_total = 0`.

use num_traits::Zero;

use super::{Details, DivSolution, DivStep, Divisible, DivisibleError, Status, Worker};
use crate::rational::Q;

/// The common worker of a homogeneous star.
///
/// # Errors
/// [`DivisibleError::NotApplicable`] when the workers differ or there is none.
pub(super) fn homogeneous(ws: &[Worker]) -> Result<&Worker, DivisibleError> {
    match ws.first() {
        Some(w) if ws.iter().all(|x| x == w) => Ok(w),
        _ => Err(DivisibleError::NotApplicable(
            "this multi-round scheme needs identical workers (a homogeneous star)".to_owned(),
        )),
    }
}

/// An empty schedule (`W_total = 0`: nothing to send).
pub(super) fn nothing(
    inst: &Divisible,
    details: Details,
    emit: &mut impl FnMut(DivStep),
) -> DivSolution {
    let p = inst.workers.len();
    emit(DivStep::Finished {
        makespan: Q::zero(),
        alpha: vec![Q::zero(); p],
        alpha_master: None,
        order: Vec::new(),
    });
    DivSolution {
        method: "",
        status: Status::Heuristic,
        makespan: Q::zero(),
        tight: true,
        order: Vec::new(),
        participating: Vec::new(),
        alpha: vec![Q::zero(); p],
        alpha_master: None,
        schedule: Vec::new(),
        notes: vec!["nothing to send: W_total = 0".to_owned()],
        details,
    }
}
