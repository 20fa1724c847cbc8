//! The homogeneous network (ring.md §3, paper Prop. 1): when every link costs the same `c`,
//! `T_opt = min(W·w_min, W·w_cumul + 2·H·c)`: the fastest processor alone, or all processors in
//! any ring order (index order here), with the threshold `W/H = 2c/(w_min − w_cumul)`.

use num_traits::Zero;

use super::model::Model;
use super::step::{Lines, RingStep};
use super::{fastest, Found, RingError, Status};
use crate::rational::Q;
use crate::ring::Ring;

/// The common off-diagonal link cost, if every link costs the same.
#[must_use]
pub fn common_cost(r: &Ring) -> Option<Q> {
    let p = r.p();
    let mut first: Option<&Q> = None;
    for i in 0..p {
        for j in (0..p).filter(|&j| j != i) {
            match first {
                None => first = Some(&r.c[i][j]),
                Some(f) if *f != r.c[i][j] => return None,
                Some(_) => {}
            }
        }
    }
    Some(first.cloned().unwrap_or_else(Q::zero))
}

/// The lines of §3 for a homogeneous instance.
#[must_use]
pub fn lines(r: &Ring) -> Option<Lines> {
    let c = common_cost(r)?;
    let w_min = r.w.iter().min()?.clone();
    let w_cumul = r.w.iter().map(Q::recip).sum::<Q>().recip();
    let threshold = (r.p() > 1).then(|| Q::from_integer(2.into()) * &c / (&w_min - &w_cumul));
    Some(Lines {
        w_min,
        w_cumul,
        c,
        threshold,
    })
}

/// Runs §3.
///
/// # Errors
/// [`RingError::NotApplicable`] when the links do not all cost the same.
pub(super) fn run(
    r: &Ring,
    m: &Model<Q>,
    emit: &mut impl FnMut(RingStep),
) -> Result<Found, RingError> {
    let Some(lines) = lines(r) else {
        return Err(RingError::NotApplicable(
            "the homogeneous closed form (ring.md §3) needs every link c_ij (i ≠ j) to cost the same; use exact, greedy or tsp".to_owned(),
        ));
    };
    let alone = &m.work * &lines.w_min;
    let all = &m.work * &lines.w_cumul + Q::from_integer(2.into()) * &m.h * &lines.c;
    let use_all = r.p() > 1 && all < alone;
    emit(RingStep::Homogeneous {
        lines: lines.clone(),
        alone: alone.clone(),
        all: all.clone(),
    });
    let ring = if use_all {
        (0..r.p()).collect()
    } else {
        vec![fastest(&m.w)]
    };
    let mut found = Found::new(Status::Optimal, ring);
    if let Some(t) = &lines.threshold {
        found.notes.push(format!(
            "homogeneous network: the fastest processor alone is optimal iff W/H ≤ {}",
            crate::rational::frac(t)
        ));
    }
    Ok(found)
}
