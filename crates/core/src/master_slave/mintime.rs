//! `MinTime(C)` for the one-message variants and the trees (§3.4): a binary search on the
//! horizon over the grid `k / L` (`L` = lcm of the denominators of the data: scaled to integers
//! the optimal makespan is an integer, §0), calling `MaxTasks` at each probe.

use num_bigint::BigInt;
use num_traits::One;

use super::bus::too_large;
use super::model::TreeInput;
use super::solution::Probe;
use super::step::MsStep;
use super::tree;
use crate::family::SolveError;
use crate::rational::{lcm_denominators, Q};

/// Most doublings of `hi` when the count at the first `hi` is short (heuristic counts need not
/// reach `C` at the single-slave bound).
const MAX_DOUBLINGS: usize = 64;

/// Most halvings of the search interval (grid points up to `2^MAX_HALVINGS`): each costs one
/// `MaxTasks` run, and values with hundreds of digits would ask for thousands (the fuzz run
/// found 6.7 s with one communication time of `1e154`).
const MAX_HALVINGS: u64 = 128;

/// The least horizon `T` on the grid `k / scale` with `count(T) ≥ c`, searched in `[lo, hi]`
/// (`hi` is doubled while `count(hi) < c`), with every probe.
///
/// # Errors
/// The counting function's errors; [`SolveError::TooLarge`] when `hi` cannot be reached.
pub(super) fn bisect(
    scale: &BigInt,
    c: u64,
    lo: &Q,
    hi: &Q,
    count: &mut impl FnMut(&Q) -> Result<u64, SolveError>,
    emit: &mut impl FnMut(MsStep),
) -> Result<(Q, Vec<Probe>), SolveError> {
    let at = |k: &BigInt| Q::new(k.clone(), scale.clone());
    let grid = |x: &Q| (x * Q::from_integer(scale.clone())).ceil().to_integer();
    let mut lo = grid(lo);
    let mut hi = grid(hi).max(lo.clone());
    let mut probes = Vec::new();
    let mut probe =
        |lo: &BigInt, hi: &BigInt, mid: &BigInt, n: u64, emit: &mut dyn FnMut(MsStep)| {
            let p = Probe {
                lo: at(lo),
                hi: at(hi),
                mid: at(mid),
                count: n,
            };
            emit(MsStep::Probed { probe: p.clone() });
            probes.push(p);
        };
    let mut doublings = 0;
    loop {
        let n = count(&at(&hi))?;
        probe(&lo, &hi, &hi, n, emit);
        if n >= c {
            break;
        }
        doublings += 1;
        if doublings > MAX_DOUBLINGS {
            return Err(too_large());
        }
        lo = &hi + BigInt::one();
        hi = (&hi * BigInt::from(2)).max(BigInt::one());
    }
    if (&hi - &lo).bits() > MAX_HALVINGS {
        return Err(SolveError::TooLarge(format!(
            "the binary search on T would need over {MAX_HALVINGS} probes: the times have too many digits for this search (use values with fewer digits)"
        )));
    }
    while lo < hi {
        let mid: BigInt = (&lo + &hi) / 2;
        let n = count(&at(&mid))?;
        probe(&lo, &hi, &mid, n, emit);
        if n >= c {
            hi = mid;
        } else {
            lo = mid + BigInt::one();
        }
    }
    Ok((at(&lo), probes))
}

/// `TreeInput` at horizon `h` holding exactly `c` tasks: the `MaxTasks` instance a probe runs.
#[must_use]
pub(super) fn tree_at(t: &TreeInput, c: u64, h: &Q) -> TreeInput {
    TreeInput {
        horizon: h.clone(),
        n: Some(c),
        tasks: None,
        ..t.clone()
    }
}

/// `MinTime(C)` on a tree (§3.4 over §8.3, whose count is non-decreasing in `T`): the least
/// horizon at which the master's `C` tasks are all done, and the probes. The search starts
/// from `[0, hi]` with `hi` = every task sent alone to the first CPU of the input order and
/// computed there (`Σ c` along its path plus `w`, `C` times; or `C·w0` when the master
/// computes): a schedule that does them all one after the other, so `count(hi) = C`.
///
/// # Errors
/// A tree without any CPU ([`SolveError::NotApplicable`]: no task can be done); the probes'
/// errors ([`tree::check`]).
pub(super) fn tree_min_time(
    t: &TreeInput,
    c: u64,
    emit: &mut impl FnMut(MsStep),
) -> Result<(Q, Vec<Probe>), SolveError> {
    let nodes = t.shape.nodes();
    let one = |v: usize| -> Option<Q> {
        let mut cost = nodes[v].w.clone()?;
        let mut at = Some(v);
        while let Some(u) = at {
            cost += &nodes[u].c;
            at = nodes[u].parent;
        }
        Some(cost)
    };
    let Some(each) = t.w0.clone().or_else(|| (0..nodes.len()).find_map(one)) else {
        return Err(SolveError::NotApplicable(
            "no node of the tree computes (every node is a relay and the master does not compute): no task can be done".to_owned(),
        ));
    };
    let hi = each * Q::from_integer(c.into());
    let scale = lcm_denominators(
        nodes
            .iter()
            .flat_map(|n| std::iter::once(&n.c).chain(n.w.as_ref()))
            .chain(t.w0.as_ref()),
    );
    let mut count = |h: &Q| {
        tree::select(&tree_at(t, c, h), &mut |_| {})
            .map(|v| v.selected.len() as u64 + v.master_tasks)
    };
    bisect(&scale, c, &Q::default(), &hi, &mut count, emit)
}
