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

/// Refuses, before running, what would exceed an algorithm's size limit (chains.md §7); the
/// advice names only algorithms that accept the instance.
pub(super) fn refuse(c: &Chain, input: &ChainsInput, alg: Algorithm) -> Result<(), ChainsError> {
    match limit(c, input, alg) {
        None => Ok(()),
        Some(why) => Err(too_large(alg, why, advice(c, input, alg))),
    }
}

/// Why `alg` refuses the instance, or `None` when it runs it.
fn limit(c: &Chain, input: &ChainsInput, alg: Algorithm) -> Option<String> {
    let (n, p) = (c.n(), c.p());
    let cells = (n + 1).saturating_mul(p);
    match alg {
        Algorithm::Dp if cells > DP_MAX_CELLS => Some(format!(
            "its table has (N+1)·P = {cells} cells, more than {DP_MAX_CELLS} (the default \
             limit; `hetlab solve --no-limits` lifts it)"
        )),
        Algorithm::DpEq4 if (n as u128 + 1).pow(2) * p as u128 / 2 > EQ4_MAX_WORK => Some(format!(
            "Eq. 4 takes about N²P/2 steps, more than {EQ4_MAX_WORK}"
        )),
        Algorithm::Exhaustive if vectors(n, p) > EXHAUSTIVE_MAX => Some(format!(
            "C(N+P−1, P−1) separator vectors exceed {EXHAUSTIVE_MAX}"
        )),
        Algorithm::CpRandom if input.orders as u128 * p as u128 * lg(n) > CP_WORK => Some(format!(
            "{} orders × {p} processors is too much work",
            input.orders
        )),
        Algorithm::CpExact if p > CP_EXACT_MAX_PROCESSORS => Some(format!(
            "exact CP enumerates P! orders and is limited to {CP_EXACT_MAX_PROCESSORS} processors"
        )),
        Algorithm::CpExact if distinct_orders(&c.e) * p as u128 * lg(n) > CP_WORK => Some(format!(
            "{} orders of {n} tasks is too much work",
            distinct_orders(&c.e)
        )),
        _ => None,
    }
}

/// What to use instead of `alg`: a faster algorithm for the same problem when it accepts the
/// instance, else ones with no size limit before they run (dp-plus, whose band is checked as it
/// runs, and exact-bisection, which has none), else a smaller setting.
fn advice(c: &Chain, input: &ChainsInput, alg: Algorithm) -> &'static str {
    let runs = |other: Algorithm| limit(c, input, other).is_none();
    match alg {
        Algorithm::DpEq4 if runs(Algorithm::Dp) => "dp",
        Algorithm::Dp | Algorithm::DpEq4 => "dp-plus or exact-bisection",
        Algorithm::CpExact if runs(Algorithm::CpRandom) => "cp-random",
        Algorithm::CpExact => "cp-random with fewer orders",
        Algorithm::CpRandom => "fewer orders",
        _ => "exact-bisection",
    }
}

/// The limits of [`check`] on a chain built directly with [`Chain::new`] (the benchmarks and
/// [`super::optimum`]), so that no algorithm meets an empty or oversized chain.
pub(super) fn check_chain(c: &Chain) -> Result<(), ChainsError> {
    let ok = (1..=MAX_TASKS).contains(&c.n())
        && (1..=MAX_PROCESSORS).contains(&c.p())
        && c.w_min > 0
        && c.e_min > 0
        && c.total() <= MAX_TOTAL_WEIGHT
        && c.e_tot() <= MAX_TOTAL_SPEED;
    if ok {
        Ok(())
    } else {
        Err(invalid(
            "the chain needs 1 to 2^20 positive weights (total at most 2^40) and 1 to 4096 positive speeds (total at most 2^24)",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The advice of every refusal names an algorithm that accepts the instance (issue 32: it
    /// named ones that refused it too).
    #[test]
    fn advice_names_an_algorithm_that_runs() {
        let cases: [(usize, u64, usize); 5] = [
            (5_000, 8, 1),
            (1 << 20, 16, 1),
            (40, 9, 1),
            (40, 9, 200_000),
            (200, 6, 1),
        ];
        for (n, p, orders) in cases {
            let input = ChainsInput {
                orders,
                ..ChainsInput::new(vec![3; n], (1..=p).collect())
            };
            let c = Chain::new(&input.weights, &input.speeds);
            let mut refused = 0;
            for alg in Algorithm::ALL {
                let Err(ChainsError::TooLarge { suggest, .. }) = refuse(&c, &input, alg) else {
                    continue;
                };
                refused += 1;
                let named: Vec<Algorithm> = suggest
                    .split([' ', ','])
                    .filter_map(|w| Algorithm::ALL.into_iter().find(|a| a.name() == w))
                    .collect();
                let name = alg.name();
                assert!(
                    !named.is_empty() || suggest.contains("fewer orders"),
                    "{name}: {suggest}"
                );
                // "cp-random with fewer orders" names a setting, not this instance.
                for other in named
                    .into_iter()
                    .filter(|_| !suggest.contains("fewer orders"))
                {
                    let why = limit(&c, &input, other);
                    assert!(
                        why.is_none(),
                        "{name} on N={n}, P={p}: {suggest}, but {why:?}"
                    );
                }
            }
            assert!(
                refused > 0,
                "N={n}, P={p}, R={orders}: nothing refused, the case tests nothing"
            );
        }
    }
}
