//! `MinTime(C)` for the one-message variants (§3.4): a binary search on the horizon over the
//! grid `k / L` (`L` = lcm of the denominators of the data: scaled to integers the optimal
//! makespan is an integer, §0), calling `MaxTasks` at each probe.

use num_bigint::BigInt;
use num_traits::One;

use super::bus::too_large;
use super::model::BusInput;
use super::solution::Probe;
use super::step::MsStep;
use crate::family::SolveError;
use crate::rational::{lcm_denominators, Q};

/// Most doublings of `hi` when the count at the first `hi` is short (heuristic counts need not
/// reach `C` at the single-slave bound).
const MAX_DOUBLINGS: usize = 64;

/// Most halvings of the search interval (grid points up to `2^MAX_HALVINGS`): each costs one
/// `MaxTasks` run, and values with hundreds of digits would ask for thousands (the fuzz run
/// found 6.7 s with one communication time of `1e154`).
const MAX_HALVINGS: u64 = 128;

/// The least horizon `T` on the grid with `count(T) ≥ c`, searched in `[lo, hi]` (`hi` is
/// doubled while `count(hi) < c`), with every probe.
///
/// # Errors
/// The counting function's errors; [`SolveError::TooLarge`] when `hi` cannot be reached.
pub(super) fn bisect(
    input: &BusInput,
    c: u64,
    lo: &Q,
    hi: &Q,
    count: &mut impl FnMut(&Q) -> Result<u64, SolveError>,
    emit: &mut impl FnMut(MsStep),
) -> Result<(Q, Vec<Probe>), SolveError> {
    let (t1, t2) = input.t1_t2();
    let scale = lcm_denominators(input.t.iter().chain([&t1, &t2]));
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
