//! The exact optimality check of every LP answer ([`certify`]), in integers: the problem's
//! data are scaled once to integers by the least common multiple `L` of their denominators,
//! the point and the dual by the common denominators `D` and `E` of their values, so that each
//! row, each dual constraint and both objectives are sums of integer products compared
//! without a single gcd. With one `BigRational` per product, the sums' gcds took 55% of
//! a column generation on the Lyon platform (20-digit duals). The integers are `i128`s, every
//! operation checked, and big integers only when a number does not fit: a sixth of a 20-node
//! steady-state LP's time went to allocating big integers that held a few digits.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{CheckedAdd, CheckedMul, CheckedSub, Signed, ToPrimitive};

use super::{Cmp, Problem};
use crate::error::Violation;
use crate::rational::Q;

/// The integers the check runs in: `i128` with every operation checked (most problems fit,
/// and then no big number is allocated), else `BigInt`.
trait Int: Integer + Signed + Clone + CheckedAdd + CheckedSub + CheckedMul + Into<BigInt> {
    fn from_big(v: &BigInt) -> Option<Self>;
}

impl Int for i128 {
    fn from_big(v: &BigInt) -> Option<i128> {
        v.to_i128()
    }
}

impl Int for BigInt {
    fn from_big(v: &BigInt) -> Option<BigInt> {
        Some(v.clone())
    }
}

/// `v · scale` as an integer (`scale` is a multiple of the denominator of `v`).
fn scaled<T: Int>(v: &Q, scale: &T) -> Option<T> {
    (scale.clone() / T::from_big(v.denom())?).checked_mul(&T::from_big(v.numer())?)
}

/// The least common multiple of the denominators of `values`.
fn lcm_of<'a, T: Int>(values: impl IntoIterator<Item = &'a Q>) -> Option<T> {
    values.into_iter().try_fold(T::one(), |acc, v| {
        let d = T::from_big(v.denom())?;
        (acc.clone() / acc.gcd(&d)).checked_mul(&d)
    })
}

fn add<T: Int>(a: &T, b: &T) -> Option<T> {
    a.checked_add(b)
}

fn mul<T: Int>(a: &T, b: &T) -> Option<T> {
    a.checked_mul(b)
}

fn ratio<T: Int>(n: T, d: T) -> Q {
    Q::new(n.into(), d.into())
}

/// Checks exactly that `x` is optimal for `p` with `dual` as certificate, independently of how
/// they were found: `x ≥ 0` satisfies every row; `dual` has the sign its row type requires
/// (see [`super::Solution::dual`]) and `Σ_i dual_i·a_ij ≥ c_j` for every variable; and
/// `c·x = b·dual`. By weak duality no feasible point does better than `b·dual`, so `x` is
/// optimal. Returns the optimal value.
///
/// Reference: weak and strong LP duality (Dantzig 1963, ch. 6; A. Schrijver, *Theory of Linear
/// and Integer Programming*, 1986, ch. 7).
///
/// # Complexity
/// `O(nonzeros + rows + variables)` rational operations.
///
/// # Errors
/// A sentence naming the first condition that fails.
///
/// ```
/// use hetlab_core::lp::{certify, Cmp, Problem};
/// use hetlab_core::rational::{q, qi};
/// let mut p = Problem::new(1);
/// p.objective(0, qi(1));
/// p.constraint(vec![(0, qi(3))], Cmp::Le, qi(1));
/// assert_eq!(certify(&p, &[q(1, 3)], &[q(1, 3)]), Ok(q(1, 3)));
/// assert!(certify(&p, &[q(1, 4)], &[q(1, 3)]).is_err()); // feasible, not optimal
/// ```
pub fn certify(p: &Problem, x: &[Q], dual: &[Q]) -> Result<Q, Violation> {
    if x.len() != p.num_vars() || dual.len() != p.num_rows() {
        return Err(format!(
            "expected {} values and {} duals, got {} and {}",
            p.num_vars(),
            p.num_rows(),
            x.len(),
            dual.len()
        )
        .into());
    }
    if let Some(j) = x.iter().position(Signed::is_negative) {
        return Err(format!("x[{j}] = {} is negative", x[j]).into());
    }
    match certify_in::<i128>(p, x, dual) {
        Some(answer) => answer,
        None => certify_in::<BigInt>(p, x, dual).unwrap_or_else(|| {
            Err(
                "the certificate's numbers did not fit (a bug: big integers cannot overflow)"
                    .into(),
            )
        }),
    }
}

/// [`certify`] after its shape checks, in the integers `T`; `None` when a number does not fit.
fn certify_in<T: Int>(p: &Problem, x: &[Q], dual: &[Q]) -> Option<Result<Q, Violation>> {
    // L: every coefficient, right-hand side and objective value times L is an integer.
    let data = p
        .rows
        .iter()
        .flat_map(|r| r.terms.iter().map(|(_, a)| a).chain([&r.rhs]))
        .chain(&p.objective);
    let l: T = lcm_of(data)?;
    let (d, e): (T, T) = (lcm_of(x)?, lcm_of(dual)?);
    let xs: Vec<T> = x.iter().map(|v| scaled(v, &d)).collect::<Option<_>>()?;
    let ys: Vec<T> = dual.iter().map(|v| scaled(v, &e)).collect::<Option<_>>()?;
    // reduced[j]·L·E = Σ_i a_ij·L·Y_i − c_j·L·E; dual value·L·E = Σ_i b_i·L·Y_i.
    let le = mul(&l, &e)?;
    let mut reduced: Vec<T> = p
        .objective
        .iter()
        .map(|c| T::zero().checked_sub(&scaled(c, &le)?))
        .collect::<Option<_>>()?;
    let mut dual_value = T::zero();
    for (i, (row, (y, yi))) in p.rows.iter().zip(dual.iter().zip(&ys)).enumerate() {
        // lhs·L·D = Σ_j a_ij·L·X_j, compared with b_i·L·D.
        let mut lhs = T::zero();
        for (j, a) in &row.terms {
            let a = scaled(a, &l)?;
            lhs = add(&lhs, &mul(&a, &xs[*j])?)?;
            if !yi.is_zero() {
                reduced[*j] = add(&reduced[*j], &mul(&a, yi)?)?;
            }
        }
        let rhs = mul(&scaled(&row.rhs, &l)?, &d)?;
        let (holds, sign_ok) = match row.cmp {
            Cmp::Le => (lhs <= rhs, !y.is_negative()),
            Cmp::Eq => (lhs == rhs, true),
            Cmp::Ge => (lhs >= rhs, !y.is_positive()),
        };
        if !holds {
            let value = ratio(lhs, mul(&l, &d)?);
            let fails = format!("row {i}: {value} {:?} {} fails", row.cmp, row.rhs);
            return Some(Err(fails.into()));
        }
        if !sign_ok {
            let wrong = format!("dual of row {i} ({:?}) has the wrong sign: {y}", row.cmp);
            return Some(Err(wrong.into()));
        }
        if !yi.is_zero() {
            dual_value = add(&dual_value, &mul(&scaled(&row.rhs, &l)?, yi)?)?;
        }
    }
    if let Some(j) = reduced.iter().position(Signed::is_negative) {
        let by = ratio(T::zero().checked_sub(&reduced[j])?, le);
        return Some(Err(
            format!("dual constraint of x[{j}] fails by {by}").into()
        ));
    }
    // c·x·L·D = Σ_j c_j·L·X_j; equal objectives: (c·x·L·D)·E = (b·y·L·E)·D.
    let mut primal = T::zero();
    for (c, xj) in p.objective.iter().zip(&xs) {
        if !xj.is_zero() {
            primal = add(&primal, &mul(&scaled(c, &l)?, xj)?)?;
        }
    }
    if mul(&primal, &e)? != mul(&dual_value, &d)? {
        let value = ratio(primal, mul(&l, &d)?);
        let dual_value = ratio(dual_value, le);
        return Some(Err(format!(
            "objectives differ: primal {value}, dual {dual_value}"
        )
        .into()));
    }
    Some(Ok(ratio(primal, mul(&l, &d)?)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::{q, qi};

    /// The `i128` path and the big-integer path give the same verdict, word for word, on
    /// right and wrong certificates; numbers past `i128` go to big integers.
    #[test]
    fn machine_and_big_integers_agree() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let draw =
            |rng: &mut rand_chacha::ChaCha8Rng| q(rng.gen_range(-9..=9), rng.gen_range(1..=6));
        let (mut ok, mut failed) = (0, 0);
        for _ in 0..2000 {
            let n = rng.gen_range(1..=4);
            let mut p = Problem::new(n);
            for j in 0..n {
                p.objective(j, draw(&mut rng));
            }
            for _ in 0..rng.gen_range(1..=4) {
                let terms = (0..n).map(|j| (j, draw(&mut rng))).collect();
                let cmp = [Cmp::Le, Cmp::Eq, Cmp::Ge][rng.gen_range(0..3)];
                p.constraint(terms, cmp, draw(&mut rng));
            }
            let guess: Vec<Q> = (0..n).map(|_| draw(&mut rng).abs()).collect();
            let prices: Vec<Q> = (0..p.num_rows()).map(|_| draw(&mut rng)).collect();
            let solved = match super::super::solve(&p) {
                Ok(super::super::Outcome::Optimal(s)) => Some((s.x, s.dual)),
                _ => None,
            };
            for (x, y) in solved.into_iter().chain([(guess, prices)]) {
                let small = certify_in::<i128>(&p, &x, &y).expect("small numbers fit");
                assert_eq!(small, certify_in::<BigInt>(&p, &x, &y).unwrap());
                if small.is_ok() {
                    ok += 1;
                } else {
                    failed += 1;
                }
            }
        }
        assert!(
            ok > 300 && failed > 1000,
            "{ok} certified, {failed} refused"
        );
        // 1/3 · x ≤ 10^40: the right-hand side does not fit in i128.
        let big = Q::from_integer(BigInt::from(10).pow(40));
        let mut p = Problem::new(1);
        p.objective(0, qi(1));
        p.constraint(vec![(0, q(1, 3))], Cmp::Le, big.clone());
        let (x, y) = (vec![&big * qi(3)], vec![qi(3)]);
        assert!(certify_in::<i128>(&p, &x, &y).is_none());
        assert_eq!(certify(&p, &x, &y), Ok(&big * qi(3)));
    }
}
