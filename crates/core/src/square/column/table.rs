//! The DP table of section 2.2, filled in integers: every prefix sum is a multiple of
//! `1/D` (`D` = lcm of the denominators), so `D·f[C][q]` is an integer. Integer arithmetic
//! avoids a gcd per operation; `i128` is used when `D·(2p + 2)` fits comfortably, `BigInt`
//! otherwise. Results are converted back to exact rationals, so nothing is approximated.

use std::ops::{Add, Mul, Sub};

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, ToPrimitive};

use super::{Candidate, ColumnStep};
use crate::rational::Q;

/// The DP value table `f` and the argument table `cut`, indexed `[C-1][q-1]`.
pub(super) type Tables = (Vec<Vec<Option<Q>>>, Vec<Vec<Option<usize>>>);

/// An exact integer type for the scaled table.
trait Int: Clone + Ord + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> {
    fn of(n: usize) -> Self;
    fn big(&self) -> BigInt;
}

impl Int for i128 {
    fn of(n: usize) -> Self {
        n as i128
    }
    fn big(&self) -> BigInt {
        BigInt::from(*self)
    }
}

impl Int for BigInt {
    fn of(n: usize) -> Self {
        BigInt::from(n)
    }
    fn big(&self) -> BigInt {
        self.clone()
    }
}

/// Fills `f` and `cut` with the normative tie rule: `r` scanned downward, replaced only when
/// strictly better, so the largest `r` among tied minima is kept. Emits one step per cell
/// when `traced` (building the candidate lists in rationals costs more than the DP itself).
pub(super) fn tables(
    p: usize,
    pre: &[Q],
    traced: bool,
    emit: &mut impl FnMut(ColumnStep),
) -> Tables {
    let d = pre.iter().fold(BigInt::one(), |acc, v| acc.lcm(v.denom()));
    let scaled: Vec<BigInt> = pre.iter().map(|v| v.numer() * (&d / v.denom())).collect();
    // Every intermediate value is at most D·(2p + 2) in absolute value.
    let bound = &d * BigInt::from(2 * p + 2);
    if bound.bits() < 120 {
        let small: Vec<i128> = scaled.iter().map(|v| v.to_i128().unwrap_or(0)).collect();
        let di = d.to_i128().unwrap_or(1);
        fill(p, &small, &di, &d, traced, emit)
    } else {
        fill(p, &scaled, &d, &d, traced, emit)
    }
}

fn fill<T: Int>(
    p: usize,
    pre: &[T],
    d: &T,
    d_big: &BigInt,
    traced: bool,
    emit: &mut impl FnMut(ColumnStep),
) -> Tables {
    let to_q = |v: &T| Q::new(v.big(), d_big.clone());
    let mut f: Vec<Vec<Option<T>>> = vec![vec![None; p]; p];
    let mut cut = vec![vec![None; p]; p];
    for q in 1..=p {
        let value = d.clone() + T::of(q) * pre[q].clone();
        if traced {
            emit(ColumnStep::FilledCell {
                c: 1,
                q,
                candidates: Vec::new(),
                value: to_q(&value),
                cut: 0,
            });
        }
        f[0][q - 1] = Some(value);
        cut[0][q - 1] = Some(0);
    }
    let mut candidates: Vec<(usize, T)> = Vec::with_capacity(p);
    for c in 2..=p {
        for q in c..=p {
            candidates.clear();
            let mut best: Option<(T, usize)> = None;
            for r in (c - 1..q).rev() {
                let Some(prev) = &f[c - 2][r - 1] else {
                    continue;
                };
                let v = d.clone() + T::of(q - r) * (pre[q].clone() - pre[r].clone()) + prev.clone();
                if best.as_ref().is_none_or(|(b, _)| &v < b) {
                    best = Some((v.clone(), r));
                }
                if traced {
                    candidates.push((r, v));
                }
            }
            let Some((value, r)) = best else { continue };
            if traced {
                emit(ColumnStep::FilledCell {
                    c,
                    q,
                    candidates: candidates
                        .iter()
                        .map(|(r, v)| Candidate {
                            r: *r,
                            value: to_q(v),
                        })
                        .collect(),
                    value: to_q(&value),
                    cut: r,
                });
            }
            f[c - 1][q - 1] = Some(value);
            cut[c - 1][q - 1] = Some(r);
        }
    }
    let f = f
        .iter()
        .map(|row| row.iter().map(|v| v.as_ref().map(&to_q)).collect())
        .collect();
    (f, cut)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;

    #[test]
    fn the_i128_and_bigint_tables_agree() {
        let w = [3i64, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7];
        let mut sorted = w.to_vec();
        sorted.sort_unstable();
        let total: i64 = w.iter().sum();
        let mut pre = vec![q(0, 1)];
        for x in sorted {
            let next = pre[pre.len() - 1].clone() + q(x, total);
            pre.push(next);
        }
        let d = BigInt::from(total);
        let big: Vec<BigInt> = pre.iter().map(|v| v.numer() * (&d / v.denom())).collect();
        let small: Vec<i128> = big.iter().map(|v| v.to_i128().unwrap()).collect();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let p = w.len();
        let one = fill(p, &small, &i128::from(total), &d, true, &mut |s| a.push(s));
        let two = fill(p, &big, &d, &d, true, &mut |s| b.push(s));
        assert_eq!(one, two);
        assert_eq!(a, b);
    }
}
