//! Part A with one message per slave: `MaxTasks0` (§2, closed form) and `MaxTasks1` (§3: the
//! assignment, its fastest-first foil, the compaction of the slots), plus the schedule of any
//! "one message before, optionally one back after" allocation (variants 0–2).

use crate::sort;
use num_traits::{Signed, Zero};

use super::assign::{assign, floor_i64};
use super::model::{Activity, BusInput};
use super::solution::{Matching, MatchingView, MatrixName};
use super::step::{MsStep, Placement, Role};
use crate::family::SolveError;
use crate::rational::Q;

/// A one-shot allocation: the forward slot (1-based; variant 0: unused), the return slot
/// (variant 2 only) and the tasks of each slave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OneShot {
    /// Forward slot of each slave.
    pub sigma1: Vec<usize>,
    /// Return slot of each slave (variant 2), counted from the horizon backward.
    pub sigma2: Vec<usize>,
    /// Tasks per slave.
    pub counts: Vec<u64>,
}

impl OneShot {
    /// `Σ counts`.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// `max(0, floor(x))` as a task count.
pub(super) fn tasks(x: &Q) -> Result<u64, SolveError> {
    if x.is_negative() {
        return Ok(0);
    }
    floor_i64(x)
        .and_then(|v| u64::try_from(v).ok())
        .ok_or_else(too_large)
}

pub(super) fn too_large() -> SolveError {
    SolveError::TooLarge(format!(
        "the numbers are too large: a slave would run more than {} tasks; use a smaller horizon or longer cycle times",
        super::assign::MAX_WEIGHT
    ))
}

fn to_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// `MaxTasks0`: `c_i = floor(T / t_i)` (§2).
pub(super) fn counts0(t: &[Q], horizon: &Q) -> Result<OneShot, SolveError> {
    let counts = t
        .iter()
        .map(|ti| tasks(&(horizon / ti)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(OneShot {
        sigma1: vec![0; t.len()],
        sigma2: Vec::new(),
        counts,
    })
}

/// `W[i][j] = max(0, floor((T − j·tcom)/t_i))`, `j = 1..p` (§3.3).
pub(super) fn weights1(t: &[Q], tcom: &Q, horizon: &Q) -> Result<Vec<Vec<i64>>, SolveError> {
    let p = t.len();
    t.iter()
        .map(|ti| {
            (1..=p)
                .map(|j| {
                    Ok(to_i64(tasks(
                        &((horizon - tcom * Q::from_integer(j.into())) / ti),
                    )?))
                })
                .collect()
        })
        .collect()
}

/// The matching `sigma` (0-based columns) read as 1-based slots with their counts.
pub(super) fn matching(w: &[Vec<i64>], sigma: &[usize]) -> Matching {
    let counts: Vec<u64> = sigma
        .iter()
        .enumerate()
        .map(|(i, &j)| {
            let v = w.get(i).and_then(|r| r.get(j)).copied().unwrap_or(0);
            u64::try_from(v.max(0)).unwrap_or(0)
        })
        .collect();
    Matching {
        sigma: sigma.iter().map(|j| j + 1).collect(),
        total: counts.iter().map(|&c| to_i64(c)).sum(),
        counts,
    }
}

/// The fastest-first foil of §3.2: slaves sorted by `(t_i, i)` get slots `1..p`.
pub(super) fn fastest_first(t: &[Q], w: &[Vec<i64>]) -> Matching {
    let mut order: Vec<usize> = (0..t.len()).collect();
    sort::by(&mut order, |&a, &b| t[a].cmp(&t[b]).then(a.cmp(&b)));
    let mut sigma = vec![0; t.len()];
    for (rank, &i) in order.iter().enumerate() {
        sigma[i] = rank;
    }
    matching(w, &sigma)
}

/// Renumbers the slots of the slaves with tasks to `1..k` in their order; the others take
/// `k+1..p` by index (§3.3, "compaction"). Rows of `W` do not increase with `j`, so no count
/// drops; the counts are recomputed from `w` anyway.
pub(super) fn compact(w: &[Vec<i64>], m: &Matching) -> Matching {
    let p = m.sigma.len();
    let mut used: Vec<usize> = (0..p).filter(|&i| m.counts[i] > 0).collect();
    sort::by_key(&mut used, |&i| m.sigma[i]);
    let idle = (0..p).filter(|&i| m.counts[i] == 0);
    let mut sigma = vec![0; p];
    for (slot, i) in used.into_iter().chain(idle).enumerate() {
        sigma[i] = slot;
    }
    matching(w, &sigma)
}

/// `MaxTasks1` by assignment (exact) or by the fastest-first foil, with the matrices and
/// matchings the page shows.
pub(super) fn solve1(
    input: &BusInput,
    horizon: &Q,
    foil: bool,
    emit: &mut impl FnMut(MsStep),
) -> Result<(OneShot, MatchingView), SolveError> {
    let w = weights1(&input.t, &input.tcom(), horizon)?;
    emit(MsStep::Weighed {
        name: MatrixName::W,
        matrix: w.clone(),
    });
    let ff = fastest_first(&input.t, &w);
    emit(MsStep::Matched {
        role: Role::FastestFirst,
        matching: ff.clone(),
    });
    let a = assign(&w).map_err(SolveError::failed)?;
    let opt = matching(&w, &a.sigma);
    emit(MsStep::Matched {
        role: Role::Optimal,
        matching: opt.clone(),
    });
    // The foil is shown as the paper states it (no compaction, which could only add tasks).
    let fin = if foil { ff.clone() } else { compact(&w, &opt) };
    if !foil && fin.sigma != opt.sigma {
        emit(MsStep::Compacted {
            sigma: fin.sigma.clone(),
        });
    }
    let view = MatchingView {
        matrices: vec![(MatrixName::W, w)],
        fastest_first: Some(ff),
        optimal: Some(opt),
        ..MatchingView::default()
    };
    Ok((
        OneShot {
            sigma1: fin.sigma,
            sigma2: Vec::new(),
            counts: fin.counts,
        },
        view,
    ))
}

/// Removes tasks from the last slaves until `Σ counts = c` (the `MinTime` trim of §3.4).
pub(super) fn trim(a: &mut OneShot, c: u64) {
    let mut excess = a.total().saturating_sub(c);
    for k in a.counts.iter_mut().rev() {
        let cut = excess.min(*k);
        *k -= cut;
        excess -= cut;
    }
}

/// The Gantt chart of a one-shot allocation, one step per bus slot (variant 0: per slave).
/// Variant 1/2 message `j` runs on `[(j−1)·t1, j·t1)`; variant 2 return `k` on
/// `[T − k·t2, T − (k−1)·t2)`; each slave computes its tasks back-to-back after its message.
pub(super) fn schedule(
    input: &BusInput,
    horizon: &Q,
    a: &OneShot,
    emit: &mut impl FnMut(MsStep),
) -> Vec<Activity> {
    let (t1, t2) = input.t1_t2();
    let p = input.t.len();
    let mut order: Vec<usize> = (0..p).filter(|&i| a.counts[i] > 0).collect();
    sort::by_key(&mut order, |&i| (a.sigma1[i], i));
    let mut out = Vec::new();
    let mut total = 0;
    for i in order {
        let slot = Q::from_integer(a.sigma1[i].into());
        let mut acts = Vec::new();
        let begin = if input.variant == 0 {
            Q::zero()
        } else {
            acts.push(Activity::Send {
                slave: i,
                start: &slot * &t1 - &t1,
                end: &slot * &t1,
            });
            &slot * &t1
        };
        let ti = &input.t[i];
        let mut start = begin;
        for _ in 0..a.counts[i] {
            let end = &start + ti;
            acts.push(Activity::Compute {
                slave: i,
                start,
                end: end.clone(),
            });
            start = end;
        }
        if input.variant == 2 {
            let k = Q::from_integer(a.sigma2.get(i).copied().unwrap_or(0).into());
            acts.push(Activity::Return {
                slave: i,
                start: horizon - &k * &t2,
                end: horizon - &k * &t2 + &t2,
            });
        }
        total += a.counts[i];
        let placement = if input.variant == 0 {
            Placement::Slave { slave: i }
        } else {
            Placement::Slot {
                slot: a.sigma1[i],
                slave: i,
            }
        };
        emit(MsStep::Placed {
            placement,
            activities: acts.clone(),
            total,
        });
        out.extend(acts);
    }
    out
}
