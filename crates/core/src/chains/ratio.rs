//! Bottleneck values as small exact fractions `num/den` in `u128` (chains.md §2), and the one
//! operation the probes need from them: `floor(B·e)`, the integer capacity of a processor.
//!
//! Every value an exact algorithm of this family produces is a load `W(a..b)/e_p`, a closed-form
//! bound, or a bisection midpoint. With the instance limits of [`super::MAX_TOTAL_WEIGHT`]
//! (`2^40`) and [`super::MAX_TOTAL_SPEED`] (`2^24`) their numerators stay below `2^115` and their
//! denominators below `2^75`, so sums and midpoints fit `u128`; comparisons multiply crosswise
//! into 256 bits and never overflow. [`R::to_q`] converts to the crate's [`Q`] for results.

use std::cmp::Ordering;

use num_bigint::BigInt;

use crate::rational::Q;

/// A non-negative fraction `num/den` (in lowest terms except for loads, see [`R::load`]);
/// `den = 0` is `+∞` (a bid that does not exist). Ordered and compared exactly.
#[derive(Clone, Copy, Debug)]
pub struct R {
    num: u128,
    den: u128,
}

/// `a·b` as `(high, low)` 128-bit halves.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    const M: u128 = u64::MAX as u128;
    let (a1, a0) = (a >> 64, a & M);
    let (b1, b0) = (b >> 64, b & M);
    let lo = a0 * b0;
    let mid1 = a1 * b0;
    let mid2 = a0 * b1;
    let hi = a1 * b1;
    let (mid, carry) = mid1.overflowing_add(mid2);
    let carry = if carry { 1u128 << 64 } else { 0 };
    let (lo, c2) = lo.overflowing_add(mid << 64);
    let hi = hi + (mid >> 64) + carry + u128::from(c2);
    (hi, lo)
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl R {
    /// `+∞`.
    pub const INF: R = R { num: 1, den: 0 };
    /// `0`.
    pub const ZERO: R = R { num: 0, den: 1 };

    /// `num/den`, reduced (`den > 0`).
    #[must_use]
    pub fn new(num: u128, den: u128) -> R {
        debug_assert!(den > 0);
        let g = gcd(num, den).max(1);
        R {
            num: num / g,
            den: den / g,
        }
    }

    /// The integer `n`.
    #[must_use]
    pub fn int(n: u64) -> R {
        R {
            num: u128::from(n),
            den: 1,
        }
    }

    /// The load `w / e` (`e > 0`), not reduced: comparisons multiply crosswise and never need
    /// lowest terms, and skipping the gcd is what makes the DP tables and probes fast.
    #[must_use]
    pub fn load(w: u64, e: u64) -> R {
        debug_assert!(e > 0);
        R {
            num: u128::from(w),
            den: u128::from(e),
        }
    }

    /// Is `+∞`.
    #[must_use]
    pub fn is_inf(self) -> bool {
        self.den == 0
    }

    /// Numerator.
    #[must_use]
    pub fn num(self) -> u128 {
        self.num
    }

    /// Denominator (0 for `+∞`).
    #[must_use]
    pub fn den(self) -> u128 {
        self.den
    }

    /// `self + other` (finite values).
    #[must_use]
    pub fn plus(self, other: R) -> R {
        let g = gcd(self.den, other.den).max(1);
        let den = self.den / g * other.den;
        R::new(self.num * (other.den / g) + other.num * (self.den / g), den)
    }

    /// `(self + other) / 2` (finite values).
    #[must_use]
    pub fn midpoint(self, other: R) -> R {
        let s = self.plus(other);
        if s.num.is_multiple_of(2) {
            R::new(s.num / 2, s.den)
        } else {
            R::new(s.num, s.den * 2)
        }
    }

    /// `floor(self·e)`, saturating at `u64::MAX` (and for `+∞`).
    #[must_use]
    pub fn cap(self, e: u64) -> u64 {
        if self.den == 0 {
            return u64::MAX;
        }
        let e = u128::from(e);
        // Fast path: the product fits u128, and usually u64 (one hardware division).
        if self.num >> 64 == 0 {
            let prod = self.num * e;
            if (prod | self.den) >> 64 == 0 {
                #[allow(clippy::cast_possible_truncation)] // Both checked below 2^64 just above.
                return (prod as u64) / (self.den as u64);
            }
            return u64::try_from(prod / self.den).unwrap_or(u64::MAX);
        }
        let whole = (self.num / self.den).saturating_mul(e);
        let part = (self.num % self.den).checked_mul(e).map_or_else(
            || {
                let big =
                    BigInt::from(self.num % self.den) * BigInt::from(e) / BigInt::from(self.den);
                u128::try_from(big).unwrap_or(u128::MAX)
            },
            |x| x / self.den,
        );
        u64::try_from(whole.saturating_add(part)).unwrap_or(u64::MAX)
    }

    /// The exact rational (`+∞` has none: `None`).
    #[must_use]
    pub fn to_q(self) -> Option<Q> {
        (self.den != 0).then(|| Q::new(BigInt::from(self.num), BigInt::from(self.den)))
    }

    /// As `f64`, for display.
    #[must_use]
    pub fn to_f64(self) -> f64 {
        if self.den == 0 {
            f64::INFINITY
        } else {
            self.num as f64 / self.den as f64
        }
    }

    /// The value of a finite [`Q`] in this representation, if it fits.
    #[must_use]
    pub fn from_q(v: &Q) -> Option<R> {
        let num = u128::try_from(v.numer()).ok()?;
        let den = u128::try_from(v.denom()).ok()?;
        (den > 0).then(|| R::new(num, den))
    }
}

impl PartialEq for R {
    fn eq(&self, other: &R) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for R {}

impl PartialOrd for R {
    fn partial_cmp(&self, other: &R) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for R {
    fn cmp(&self, other: &R) -> Ordering {
        // Both sides below 2^64: the products fit u128 (the common case, DP tables and loads).
        if (self.num | self.den | other.num | other.den) >> 64 == 0 {
            return (self.num * other.den).cmp(&(other.num * self.den));
        }
        mul_wide(self.num, other.den).cmp(&mul_wide(other.num, self.den))
    }
}

/// A bottleneck value a probe can use: [`R`] for the exact algorithms, [`Q`] for the
/// ε-bisection, whose dyadic midpoints outgrow `u128`.
pub trait Value {
    /// `floor(B·e)`, saturating.
    fn cap(&self, e: u64) -> u64;
    /// The exact rational, for traces and results.
    fn exact(&self) -> Q;
}

impl Value for R {
    fn cap(&self, e: u64) -> u64 {
        R::cap(*self, e)
    }
    fn exact(&self) -> Q {
        self.to_q().unwrap_or_default()
    }
}

impl Value for Q {
    fn cap(&self, e: u64) -> u64 {
        let v = (self * Q::from_integer(BigInt::from(e)))
            .floor()
            .to_integer();
        u64::try_from(v).unwrap_or(if self.numer().sign() == num_bigint::Sign::Minus {
            0
        } else {
            u64::MAX
        })
    }
    fn exact(&self) -> Q {
        self.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;

    #[test]
    fn orders_adds_and_caps_exactly() {
        assert!(R::new(1, 3) < R::new(1, 2));
        assert_eq!(R::new(2, 4), R::new(1, 2));
        assert!(R::INF > R::int(u64::MAX));
        assert_eq!(R::INF, R::INF);
        let big = R::new(u128::MAX / 3, (1 << 100) + 1);
        let big2 = R::new(u128::MAX / 3 - 1, (1 << 100) + 1);
        assert!(big2 < big);
        assert_eq!(R::int(7).midpoint(R::int(15)), R::int(11));
        assert_eq!(R::int(7).midpoint(R::new(17, 2)).to_q(), Some(q(31, 4)));
        assert_eq!(R::new(17, 2).cap(3), 25);
        assert_eq!(R::new(u128::MAX, 3).cap(5), u64::MAX);
        assert_eq!(Value::cap(&q(17, 2), 3), 25);
        assert_eq!(Value::cap(&q(-1, 2), 3), 0);
        let (hi, lo) = mul_wide(u128::MAX, u128::MAX);
        assert_eq!((hi, lo), (u128::MAX - 1, 1));
    }
}
