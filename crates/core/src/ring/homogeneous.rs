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

/// Intervals of the panel's `W/H` grid (so `PANEL_STEPS + 1` sampled ratios).
pub const PANEL_STEPS: usize = 8;

/// One ratio of the homogeneous panel: `T/H` of each line at `W/H = ratio`, exact.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct PanelPoint {
    /// `W/H`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub ratio: Q,
    /// `(W/H)·w_min`: the fastest processor alone.
    #[serde(serialize_with = "crate::rational::exact")]
    pub alone: Q,
    /// `(W/H)·w_cumul + 2c`: every processor, any ring order.
    #[serde(serialize_with = "crate::rational::exact")]
    pub all: Q,
}

impl PanelPoint {
    /// Both lines at `W/H = ratio`.
    #[must_use]
    pub fn at(lines: &Lines, ratio: Q) -> PanelPoint {
        let alone = &ratio * &lines.w_min;
        let all = &ratio * &lines.w_cumul + Q::from_integer(2.into()) * &lines.c;
        PanelPoint { ratio, alone, all }
    }

    /// `T_opt/H = min(alone, all)` (§3).
    #[must_use]
    pub fn best(&self) -> &Q {
        (&self.alone).min(&self.all)
    }
}

/// The homogeneous panel of §11: the two lines `T/H = (W/H)·w_min` and
/// `T/H = (W/H)·w_cumul + 2c` against `W/H`, crossing at the threshold of §3.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Panel {
    /// Slopes, intercept and threshold.
    pub lines: Lines,
    /// Both lines at `PANEL_STEPS + 1` evenly spaced ratios from 0 to twice the threshold (or
    /// to 5/4 of the instance's ratio when that is further).
    pub points: Vec<PanelPoint>,
    /// Both lines at the instance's own `W/H`.
    pub here: PanelPoint,
    /// The fastest processor (the one that runs alone below the threshold).
    pub fastest: usize,
}

/// The panel for `r`: `None` unless the links all cost the same, there are two processors or
/// more, and `H > 0` (with `H = 0` every processor joins at every `W`, §13).
#[must_use]
pub fn panel(r: &Ring) -> Option<Panel> {
    if r.h.is_zero() || r.p() < 2 {
        return None;
    }
    let lines = lines(r)?;
    let threshold = lines.threshold.clone()?;
    let here = &r.work / &r.h;
    let two = Q::from_integer(2.into());
    let end = (&threshold * &two).max(&here * Q::new(5.into(), 4.into()));
    let steps = Q::from_integer(PANEL_STEPS.into());
    let points = (0..=PANEL_STEPS)
        .map(|k| PanelPoint::at(&lines, &end * Q::from_integer(k.into()) / &steps))
        .collect();
    Some(Panel {
        here: PanelPoint::at(&lines, here),
        points,
        fastest: fastest(&r.w),
        lines,
    })
}
