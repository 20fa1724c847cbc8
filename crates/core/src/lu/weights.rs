//! Cycle times as integer weights: `t_P = w_P / L` with `L` the least common multiple of the
//! denominators, so that the simulator and the greedy compare busy times `t_P·N` exactly with
//! integer arithmetic (no tolerance: the spec's `1e-9` tests are for `f64` implementations and
//! exact equality is what they approximate).
//!
//! Small weights use `u128` (fast, the usual case); weights too large for `u128` products at the
//! matrix size fall back to `BigInt`. Both implement [`Weight`], and the algorithms are generic.

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use crate::rational::{lcm_denominators, Q};

/// An exact integer busy time: a weight times a block count.
pub(crate) trait Weight: Clone + Ord + std::fmt::Debug {
    /// `self · k`.
    fn times(&self, k: u64) -> Self;
    /// `self + other`.
    fn plus(&self, other: &Self) -> Self;
    /// Zero.
    fn zero() -> Self;
    /// The value as an integer, to be divided by `L`.
    fn to_bigint(&self) -> BigInt;
}

impl Weight for u128 {
    fn times(&self, k: u64) -> u128 {
        self * u128::from(k)
    }
    fn plus(&self, other: &u128) -> u128 {
        self + other
    }
    fn zero() -> u128 {
        0
    }
    fn to_bigint(&self) -> BigInt {
        BigInt::from(*self)
    }
}

impl Weight for BigInt {
    fn times(&self, k: u64) -> BigInt {
        self * k
    }
    fn plus(&self, other: &BigInt) -> BigInt {
        self + other
    }
    fn zero() -> BigInt {
        BigInt::from(0)
    }
    fn to_bigint(&self) -> BigInt {
        self.clone()
    }
}

/// The integer weights of some cycle times, in the narrowest exact representation.
#[derive(Clone, Debug)]
pub(crate) enum Weights {
    /// Every product `w·n³` fits in `u128`.
    Small(Vec<u128>),
    /// Arbitrary precision.
    Big(Vec<BigInt>),
}

/// The weights of `cycle_times` and their common denominator `L`, choosing `u128` when every
/// weight times `n³` (the largest sum of block counts a simulation adds up) fits.
pub(crate) fn weights(cycle_times: &[Q], n: usize) -> (Weights, BigInt) {
    let l = lcm_denominators(cycle_times);
    let big: Vec<BigInt> = cycle_times
        .iter()
        .map(|t| (t * Q::from_integer(l.clone())).to_integer())
        .collect();
    let n_bits = u64::from(usize::BITS - n.max(1).leading_zeros());
    let fits = big.iter().all(|w| w.bits() + 3 * n_bits < 127);
    let small: Option<Vec<u128>> = if fits {
        big.iter().map(ToPrimitive::to_u128).collect()
    } else {
        None
    };
    match small {
        Some(w) => (Weights::Small(w), l),
        None => (Weights::Big(big), l),
    }
}

/// `value / l` as a rational.
pub(crate) fn scaled<W: Weight>(value: &W, l: &BigInt) -> Q {
    Q::new(value.to_bigint(), l.clone())
}
