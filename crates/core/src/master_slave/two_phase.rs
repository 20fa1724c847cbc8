//! `MaxTasks2` (§4): one message before and one back after. The exact enumeration over the
//! forward order for small `p` (§4.3), the approximation within `p` tasks by two assignments on
//! half-horizon weights (§4.4), and the exact assignment for identical slaves (§4.5).

use super::assign::{assign, floor_i64, permutations};
use super::bus::{tasks, too_large, OneShot};
use super::model::BusInput;
use super::solution::{Matching, MatchingView, MatrixName};
use super::step::{MsStep, Role};
use crate::family::SolveError;
use crate::rational::Q;

/// Most slaves for the exhaustive search (`p!` assignments).
pub const MAX_EXACT_SLAVES: usize = 7;

fn qn(n: usize) -> Q {
    Q::from_integer(n.into())
}

/// All cycle times equal (§4.5 applies).
#[must_use]
pub fn identical(t: &[Q]) -> bool {
    t.windows(2).all(|w| w[0] == w[1])
}

/// The exact method can run: identical slaves, or at most [`MAX_EXACT_SLAVES`].
#[must_use]
pub fn exact_available(t: &[Q]) -> bool {
    identical(t) || t.len() <= MAX_EXACT_SLAVES
}

/// `c_i = max(0, floor((T − σ1(i)·t1 − σ2(i)·t2)/t_i))` for 1-based slots.
fn counts_for(
    input: &BusInput,
    horizon: &Q,
    sigma1: &[usize],
    sigma2: &[usize],
) -> Result<Vec<u64>, SolveError> {
    let (t1, t2) = input.t1_t2();
    input
        .t
        .iter()
        .enumerate()
        .map(|(i, ti)| {
            let (a, b) = (
                sigma1.get(i).copied().unwrap_or(0),
                sigma2.get(i).copied().unwrap_or(0),
            );
            tasks(&((horizon - &t1 * qn(a) - &t2 * qn(b)) / ti))
        })
        .collect()
}

/// `max(0, floor((T − f(i)·t1 − k·t2)/t_i))` for `k = 1..p` with forward slots `f` (1-based).
fn return_weights(
    input: &BusInput,
    horizon: &Q,
    forward: &[usize],
) -> Result<Vec<Vec<i64>>, SolveError> {
    let (t1, t2) = input.t1_t2();
    let p = input.t.len();
    input
        .t
        .iter()
        .zip(forward)
        .map(|(ti, &f)| {
            (1..=p)
                .map(|k| {
                    let v = tasks(&((horizon - &t1 * qn(f) - &t2 * qn(k)) / ti))?;
                    i64::try_from(v).map_err(|_| too_large())
                })
                .collect()
        })
        .collect()
}

fn one_based(sigma: &[usize]) -> Vec<usize> {
    sigma.iter().map(|j| j + 1).collect()
}

/// The exact optimum of `MaxTasks2`: identical slaves by one assignment (§4.5), otherwise the
/// enumeration of §4.3 (refused above [`MAX_EXACT_SLAVES`]).
pub(super) fn exact(
    input: &BusInput,
    horizon: &Q,
    emit: &mut impl FnMut(MsStep),
) -> Result<(OneShot, MatchingView), SolveError> {
    let p = input.t.len();
    let mut view = MatchingView::default();
    let (sigma1, sigma2) = if identical(&input.t) {
        let forward: Vec<usize> = (1..=p).collect();
        let b = return_weights(input, horizon, &forward)?;
        emit(MsStep::Weighed {
            name: MatrixName::B,
            matrix: b.clone(),
        });
        let a = assign(&b).map_err(SolveError::failed)?;
        view.matrices.push((MatrixName::B, b));
        (forward, one_based(&a.sigma))
    } else if p <= MAX_EXACT_SLAVES {
        enumerate(input, horizon, emit)?
    } else {
        return Err(SolveError::TooLarge(format!(
            "the exact MaxTasks2 search tries all p! forward orders and is limited to {MAX_EXACT_SLAVES} slaves (got {p}); \"approx\" runs at any size"
        )));
    };
    let counts = counts_for(input, horizon, &sigma1, &sigma2)?;
    let total: u64 = counts.iter().sum();
    emit(MsStep::Matched {
        role: Role::Exact,
        matching: Matching {
            sigma: sigma2.clone(),
            counts: counts.clone(),
            total: i64::try_from(total).unwrap_or(i64::MAX),
        },
    });
    view.exact_optimum = Some(total);
    view.exact_sigma = Some((sigma1.clone(), sigma2.clone()));
    Ok((
        OneShot {
            sigma1,
            sigma2,
            counts,
        },
        view,
    ))
}

/// §4.3: for each forward order (lexicographic), the best return order by assignment; the
/// first best is kept. The `p³` counts `floor((T − f·t1 − k·t2)/t_i)` are computed once.
fn enumerate(
    input: &BusInput,
    horizon: &Q,
    emit: &mut impl FnMut(MsStep),
) -> Result<(Vec<usize>, Vec<usize>), SolveError> {
    let p = input.t.len();
    // table[f][i][k]: slave i with forward slot f+1 and return slot k+1.
    let table = (1..=p)
        .map(|f| return_weights(input, horizon, &vec![f; p]))
        .collect::<Result<Vec<_>, _>>()?;
    let mut best: Option<(i64, Vec<usize>, Vec<usize>)> = None;
    let perms = permutations(p);
    for perm in &perms {
        let w: Vec<Vec<i64>> = perm
            .iter()
            .enumerate()
            .map(|(i, &f)| table[f][i].clone())
            .collect();
        let a = assign(&w).map_err(SolveError::failed)?;
        if best.as_ref().is_none_or(|(v, _, _)| a.total > *v) {
            let (forward, back) = (one_based(perm), one_based(&a.sigma));
            emit(MsStep::Improved {
                sigma1: forward.clone(),
                sigma2: back.clone(),
                total: u64::try_from(a.total).unwrap_or(0),
            });
            best = Some((a.total, forward, back));
        }
    }
    let (v, s1, s2) = best.unwrap_or_default();
    emit(MsStep::Enumerated {
        permutations: perms.len() as u64,
        optimum: u64::try_from(v).unwrap_or(0),
    });
    Ok((s1, s2))
}

/// Unclamped half-horizon weights `floor((T/2 − j·t_x)/t_i)` (§4.4).
fn half_weights(t: &[Q], tx: &Q, horizon: &Q) -> Result<Vec<Vec<i64>>, SolveError> {
    let half = horizon / Q::from_integer(2.into());
    t.iter()
        .map(|ti| {
            (1..=t.len())
                .map(|j| floor_i64(&((&half - tx * qn(j)) / ti)).ok_or_else(too_large))
                .collect()
        })
        .collect()
}

/// The approximation of §4.4, with the exact optimum beside it when it can be computed.
pub(super) fn approx(
    input: &BusInput,
    horizon: &Q,
    with_optimum: bool,
    emit: &mut impl FnMut(MsStep),
) -> Result<(OneShot, MatchingView), SolveError> {
    let (t1, t2) = input.t1_t2();
    let p = input.t.len();
    let a1 = half_weights(&input.t, &t1, horizon)?;
    let a2 = half_weights(&input.t, &t2, horizon)?;
    let mut halves = Vec::new();
    for (name, w, role) in [
        (MatrixName::A1, &a1, Role::Left),
        (MatrixName::A2, &a2, Role::Right),
    ] {
        emit(MsStep::Weighed {
            name,
            matrix: w.clone(),
        });
        let a = assign(w).map_err(SolveError::failed)?;
        let m = Matching {
            sigma: one_based(&a.sigma),
            counts: Vec::new(),
            total: a.total,
        };
        emit(MsStep::Matched {
            role,
            matching: m.clone(),
        });
        halves.push(m);
    }
    let [left, right] = <[Matching; 2]>::try_from(halves).map_err(|_| too_large())?;
    let c_app = left.total + right.total;
    let counts = counts_for(input, horizon, &left.sigma, &right.sigma)?;
    let total = counts.iter().sum();
    emit(MsStep::Approximated {
        c_app,
        counts: counts.clone(),
        total,
    });
    let big = if t1 > t2 { &t1 } else { &t2 };
    let mut view = MatchingView {
        matrices: vec![(MatrixName::A1, a1), (MatrixName::A2, a2)],
        c_app: Some(c_app),
        guarantee_proven: Some(*horizon >= big * qn(2 * p)),
        ..MatchingView::default()
    };
    if with_optimum && exact_available(&input.t) {
        let (_, ex) = exact(input, horizon, &mut |_| {})?;
        view.exact_optimum = ex.exact_optimum;
        view.exact_sigma = ex.exact_sigma;
    }
    let shot = OneShot {
        sigma1: left.sigma.clone(),
        sigma2: right.sigma.clone(),
        counts,
    };
    view.left = Some(left);
    view.right = Some(right);
    Ok((shot, view))
}

/// The RN-3DM reduction of §4.2 (the "why it is hard" panel): from integers `u_1..u_p` and `e`
/// with `Σ u_i + p(p+1) = p·e`, the `MaxTasks2` instance `t1 = t2 = 1`, `t_i = u_i + e + m`
/// (`m = max u_i`), `T = 2e + m`, and the target `K = p`: it has `p` tasks exactly when
/// RN-3DM has a solution. `None` when the numbers do not satisfy the equation (or are not
/// positive).
///
/// # Complexity
/// `O(p)`.
///
/// ```
/// use hetlab_core::master_slave::two_phase::reduction;
/// use hetlab_core::rational::qi;
/// let (input, k) = reduction(&[7, 5, 6], 10).unwrap();
/// assert_eq!((input.t, k), (vec![qi(24), qi(22), qi(23)], 3));
/// ```
#[must_use]
pub fn reduction(u: &[i64], e: i64) -> Option<(BusInput, u64)> {
    let p = i64::try_from(u.len()).ok()?;
    let m = *u.iter().max()?;
    let sum = u.iter().try_fold(0i64, |a, &x| a.checked_add(x))?;
    if u.iter().any(|&x| x <= 0)
        || e <= 0
        || sum.checked_add(p.checked_mul(p + 1)?)? != p.checked_mul(e)?
    {
        return None;
    }
    let q = |v: i64| Q::from_integer(v.into());
    let t = u
        .iter()
        .map(|&x| Some(q(x.checked_add(e)?.checked_add(m)?)))
        .collect::<Option<Vec<_>>>()?;
    let input = BusInput {
        variant: 2,
        t,
        comm: super::model::Comm::Pair(q(1), q(1)),
        goal: super::model::Goal::Horizon(q(2i64.checked_mul(e)?.checked_add(m)?)),
    };
    Some((input, u64::try_from(p).ok()?))
}
