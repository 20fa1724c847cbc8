//! The limits of the family: what an instance must satisfy (chains.md §13 and the sizes that
//! keep every exact value in `u128`), and what each algorithm refuses before running, with a
//! faster algorithm named (chains.md §7).

use super::chain::Chain;
use super::cp::{distinct_orders, lg, CP_EXACT_MAX_PROCESSORS, CP_WORK};
use super::exhaustive::{vectors, EXHAUSTIVE_MAX};
use super::{
    Algorithm, ChainsError, ChainsInput, DP_MAX_CELLS, EQ4_MAX_WORK, MAX_ORDERS, MAX_PROCESSORS,
    MAX_TASKS, MAX_TOTAL_SPEED, MAX_TOTAL_WEIGHT,
};

pub(super) fn invalid(msg: impl Into<String>) -> ChainsError {
    ChainsError::Invalid(msg.into())
}

/// Checks an instance against chains.md §13 and the limits, and prepares its prefix sums.
///
/// # Errors
/// [`ChainsError::Invalid`] naming the first broken rule.
pub fn check(input: &ChainsInput) -> Result<Chain, ChainsError> {
    let (n, p) = (input.weights.len(), input.speeds.len());
    if n == 0 {
        return Err(invalid("at least one task is required"));
    }
    if p == 0 {
        return Err(invalid("at least one processor is required"));
    }
    if n > MAX_TASKS {
        return Err(invalid(format!(
            "{n} tasks; at most {MAX_TASKS} are supported"
        )));
    }
    if p > MAX_PROCESSORS {
        return Err(invalid(format!(
            "{p} processors; at most {MAX_PROCESSORS} are supported"
        )));
    }
    if let Some(i) = input.weights.iter().position(|&w| w == 0) {
        return Err(invalid(format!("weights[{i}]: must be > 0, got 0")));
    }
    if let Some(i) = input.speeds.iter().position(|&e| e == 0) {
        return Err(invalid(format!("speeds[{i}]: must be > 0, got 0")));
    }
    let total = input
        .weights
        .iter()
        .try_fold(0u64, |a, &w| a.checked_add(w));
    if total.is_none_or(|t| t > MAX_TOTAL_WEIGHT) {
        return Err(invalid(format!(
            "the total weight must be at most 2^40 = {MAX_TOTAL_WEIGHT}"
        )));
    }
    let speed = input.speeds.iter().try_fold(0u64, |a, &e| a.checked_add(e));
    if speed.is_none_or(|t| t > MAX_TOTAL_SPEED) {
        return Err(invalid(format!(
            "the total speed must be at most 2^24 = {MAX_TOTAL_SPEED}"
        )));
    }
    if input.orders == 0 || input.orders > MAX_ORDERS {
        return Err(invalid(format!(
            "orders: between 1 and {MAX_ORDERS} random orders, got {}",
            input.orders
        )));
    }
    Ok(Chain::new(&input.weights, &input.speeds))
}

pub(super) fn too_large(algorithm: Algorithm, why: String, suggest: &'static str) -> ChainsError {
    ChainsError::TooLarge {
        algorithm: algorithm.name(),
        why,
        suggest,
    }
}

/// Refuses, before running, what would exceed an algorithm's size limit (chains.md §7).
pub(super) fn refuse(c: &Chain, input: &ChainsInput, alg: Algorithm) -> Result<(), ChainsError> {
    let (n, p) = (c.n(), c.p());
    let cells = (n + 1).saturating_mul(p);
    match alg {
        Algorithm::Dp if cells > DP_MAX_CELLS => Err(too_large(
            alg,
            format!("its table has (N+1)·P = {cells} cells, more than {DP_MAX_CELLS}"),
            "dp-plus or exact-bisection",
        )),
        Algorithm::DpEq4 if (n as u128 + 1).pow(2) * p as u128 / 2 > EQ4_MAX_WORK => Err(too_large(
            alg,
            format!("Eq. 4 takes about N²P/2 steps, more than {EQ4_MAX_WORK}"),
            "dp",
        )),
        Algorithm::Exhaustive if vectors(n, p) > EXHAUSTIVE_MAX => Err(too_large(
            alg,
            format!("C(N+P−1, P−1) separator vectors exceed {EXHAUSTIVE_MAX}"),
            "exact-bisection",
        )),
        Algorithm::CpRandom if input.orders as u128 * p as u128 * lg(n) > CP_WORK => Err(too_large(
            alg,
            format!("{} orders × {p} processors is too much work", input.orders),
            "fewer orders",
        )),
        Algorithm::CpExact if p > CP_EXACT_MAX_PROCESSORS => Err(too_large(
            alg,
            format!("exact CP enumerates P! orders and is limited to {CP_EXACT_MAX_PROCESSORS} processors"),
            "cp-random",
        )),
        Algorithm::CpExact if distinct_orders(&c.e) * p as u128 * lg(n) > CP_WORK => Err(too_large(
            alg,
            format!("{} orders of {n} tasks is too much work", distinct_orders(&c.e)),
            "cp-random",
        )),
        _ => Ok(()),
    }
}
