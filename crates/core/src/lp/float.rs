//! The fast path: minilp (floating point) solves the primal and its dual, each value is turned
//! into a rational by continued fractions, and [`certify`] decides exactly whether the pair
//! proves optimality. If it does not, the point and the dual are recomputed exactly on the
//! supports of the float solution (the rows tight at the float point and the variables it makes
//! positive, and symmetrically for the dual) by Gauss–Jordan elimination, and certified again.
//! An answer that is not certified is an [`Answer::Miss`], never a result.
//!
//! The dual of `max c·x, a_i·x (cmp_i) b_i, x ≥ 0` solved here is `min b·y` subject to
//! `Σ_i a_ij·y_i ≥ c_j` for every variable `j`, with `y_i ≥ 0` for `≤` rows, `y_i ≤ 0` for
//! `≥` rows and `y_i` free for `=` rows (the sign conventions of [`certify`]).

use minilp::{ComparisonOp, OptimizationDirection, Variable};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{CheckedAdd, CheckedMul, CheckedSub, Signed, Zero};

use super::exact::Row;
use super::scaling::{scaled, Scaling};
use super::{certify, Cmp, Method, Problem, Solution, RECONSTRUCT_MAX_DENOM, SUPPORT_TOL};
use crate::rational::Q;

/// What the float path produced.
#[derive(Debug)]
pub(super) enum Answer {
    /// A certified optimal solution.
    Certified(Solution),
    /// Nothing usable: the float optimum (if any) and why it was not certified.
    Miss {
        /// The primal float optimum, when minilp found one.
        float_value: Option<f64>,
        /// Why no certified answer came out (for the error message).
        reason: String,
    },
}

/// Runs the float path on `p`.
pub(super) fn solve(p: &Problem) -> Answer {
    solve_keeping(p).0
}

/// A float optimum kept to warm-start a follow-up problem (`stages.rs`): the problem in
/// doubles and minilp's solution.
pub(super) struct Kept {
    pub(super) data: Doubles,
    pub(super) solution: minilp::Solution,
}

/// [`solve`], also returning the float optimum when minilp found one.
pub(super) fn solve_keeping(p: &Problem) -> (Answer, Option<Kept>) {
    let Some(data) = Doubles::new(p) else {
        return (
            miss(
                None,
                "its coefficients span too many orders of magnitude for the float solver",
            ),
            None,
        );
    };
    let (mut solution, xs) = match data.primal_scaled() {
        Ok(found) => found,
        Err(e) => {
            // A numerical failure (minilp's singular basis, say) is no claim about the
            // problem: the exact simplex decides, like for infeasible and unbounded.
            let reason = match e {
                minilp::Error::Numerical => format!("{e}"),
                _ => format!("the float solver says the {e}"),
            };
            return (miss(None, &reason), None);
        }
    };
    let ys = solution.dual_values();
    let answer = data.settle(p, data.scaling.value(solution.objective()), &xs, &ys);
    (answer, Some(Kept { data, solution }))
}

fn miss(float_value: Option<f64>, reason: &str) -> Answer {
    Answer::Miss {
        float_value,
        reason: reason.to_owned(),
    }
}

fn certified(value: Q, x: Vec<Q>, dual: Vec<Q>) -> Answer {
    Answer::Certified(Solution {
        value,
        x,
        dual,
        method: Method::FloatCertified,
    })
}

/// [`reconstruct`] on every value (an empty vector, which [`certify`] rejects, on a NaN).
fn reconstruct_all(values: &[f64]) -> Vec<Q> {
    values
        .iter()
        .map(|&v| reconstruct(v))
        .collect::<Option<_>>()
        .unwrap_or_default()
}

/// Whether `Σ a·v` over the pairs `(a, v)` is within [`SUPPORT_TOL`] of `target`, relative to
/// the magnitudes involved.
fn tight(terms: impl Iterator<Item = (f64, f64)>, target: f64) -> bool {
    let (sum, size) = terms.fold((0.0, 0.0), |(s, m), (a, v)| (s + a * v, m + (a * v).abs()));
    (sum - target).abs() <= SUPPORT_TOL * (1.0 + target.abs() + size)
}

/// One row in doubles: terms, relation, right-hand side.
pub(super) type FloatRow = (Vec<(usize, f64)>, Cmp, f64);

/// `p` scaled by powers of two (see [`Scaling`]) and in doubles, with its rows also listed by
/// column (for the dual).
pub(super) struct Doubles {
    pub(super) objective: Vec<f64>,
    pub(super) rows: Vec<FloatRow>,
    columns: Vec<Vec<(usize, f64)>>,
    pub(super) scaling: Scaling,
}

impl Doubles {
    /// `None` when the coefficients span too many orders of magnitude to be scaled into
    /// `2^±`[`MAX_SCALED_EXP`] (minilp is then never called; the exact simplex decides).
    pub(super) fn new(p: &Problem) -> Option<Doubles> {
        let scaling = Scaling::of(p)?;
        let objective: Vec<f64> = p
            .objective
            .iter()
            .zip(&scaling.cols)
            .map(|(c, &k)| scaled(c, k + scaling.obj))
            .collect();
        let mut columns = vec![Vec::new(); p.num_vars()];
        let mut rows = Vec::with_capacity(p.num_rows());
        for (i, (r, &ri)) in p.rows.iter().zip(&scaling.rows).enumerate() {
            let mut terms = Vec::with_capacity(r.terms.len());
            for (j, a) in &r.terms {
                let a = scaled(a, ri + *scaling.cols.get(*j)?);
                terms.push((*j, a));
                columns.get_mut(*j)?.push((i, a));
            }
            rows.push((terms, r.cmp, scaled(&r.rhs, ri + scaling.rhs)));
        }
        Some(Doubles {
            objective,
            rows,
            columns,
            scaling,
        })
    }

    /// The primal optimum and point of the original problem (tests compare them with the
    /// exact answer).
    #[cfg(test)]
    pub(super) fn primal(&self) -> Result<(f64, Vec<f64>), minilp::Error> {
        let (s, xs) = self.primal_scaled()?;
        Ok((self.scaling.value(s.objective()), self.scaling.point(&xs)))
    }

    /// minilp's optimum of the scaled problem, and its point.
    fn primal_scaled(&self) -> Result<(minilp::Solution, Vec<f64>), minilp::Error> {
        let mut lp = minilp::Problem::new(OptimizationDirection::Maximize);
        let vars: Vec<Variable> = self
            .objective
            .iter()
            .map(|&c| lp.add_var(c, (0.0, f64::INFINITY)))
            .collect();
        for (terms, cmp, rhs) in &self.rows {
            lp.add_constraint(terms.iter().map(|&(j, a)| (vars[j], a)), op(*cmp), *rhs);
        }
        let s = lp.solve()?;
        // minilp sometimes reports an unbounded problem as a solution with an infinite or NaN
        // objective.
        if !s.objective().is_finite() {
            return Err(minilp::Error::Unbounded);
        }
        let xs = vars.iter().map(|&v| *s.var_value(v)).collect();
        Ok((s, xs))
    }

    /// A dual optimum of the scaled problem (see the module documentation for the dual's form).
    fn dual_scaled(&self) -> Result<Vec<f64>, minilp::Error> {
        let mut lp = minilp::Problem::new(OptimizationDirection::Minimize);
        let ys: Vec<Variable> = self
            .rows
            .iter()
            .map(|(_, cmp, rhs)| {
                let bounds = match cmp {
                    Cmp::Le => (0.0, f64::INFINITY),
                    Cmp::Eq => (f64::NEG_INFINITY, f64::INFINITY),
                    Cmp::Ge => (f64::NEG_INFINITY, 0.0),
                };
                lp.add_var(*rhs, bounds)
            })
            .collect();
        for (column, &c) in self.columns.iter().zip(&self.objective) {
            if column.is_empty() && c <= 0.0 {
                continue; // 0 ≥ c_j holds; an empty row would only burden the solver.
            }
            lp.add_constraint(column.iter().map(|&(i, a)| (ys[i], a)), ComparisonOp::Ge, c);
        }
        let s = lp.solve()?;
        if !s.objective().is_finite() {
            return Err(minilp::Error::Unbounded);
        }
        Ok(ys.iter().map(|&v| *s.var_value(v)).collect())
    }

    /// The answer from a float optimum `xs` of the scaled problem (objective `value`, in the
    /// original problem's units) and the dual `ys` read from its basis: that pair certified
    /// first; the dual LP solved on its own only when it does not certify (a basis dual that
    /// tolerances left slightly infeasible).
    pub(super) fn settle(&self, p: &Problem, value: f64, xs: &[f64], ys: &[f64]) -> Answer {
        let first = match self.certify_pair(p, xs, ys) {
            Ok(answer) => return answer,
            Err(e) => e,
        };
        let Ok(ys) = self.dual_scaled() else {
            return miss(Some(value), "the float solver found no dual optimum");
        };
        match self.certify_pair(p, xs, &ys) {
            Ok(answer) => answer,
            Err(_) => miss(
                Some(value),
                &format!("the rounded float answer is not optimal: {first}"),
            ),
        }
    }

    /// The float pair `(xs, ys)` of the scaled problem turned into a certified answer: rounded
    /// to rationals by continued fractions, else recomputed exactly on the supports the floats
    /// found (for optima whose denominators are too large for continued fractions). The error
    /// is why the rounded pair failed.
    fn certify_pair(&self, p: &Problem, xs: &[f64], ys: &[f64]) -> Result<Answer, String> {
        let x = reconstruct_all(&self.scaling.point(xs));
        let dual = reconstruct_all(&self.scaling.dual(ys));
        let first = match certify(p, &x, &dual) {
            Ok(value) => return Ok(certified(value, x, dual)),
            Err(e) => e.to_string(),
        };
        let refined = self
            .primal_on_support(p, xs, &x)
            .zip(self.dual_on_support(p, ys, &dual));
        if let Some((x, dual)) = refined {
            if let Ok(value) = certify(p, &x, &dual) {
                return Ok(certified(value, x, dual));
            }
        }
        Err(first)
    }

    /// The exact solution of the rows that are tight at `xs` (and the equalities), with
    /// variables outside the support of `xs` at 0 and any left free at their `guess`.
    fn primal_on_support(&self, p: &Problem, xs: &[f64], guess: &[Q]) -> Option<Vec<Q>> {
        let support: Vec<usize> = (0..xs.len()).filter(|&j| xs[j] > SUPPORT_TOL).collect();
        let index = positions(&support, xs.len());
        let equations = p
            .rows
            .iter()
            .zip(&self.rows)
            .filter(|(_, (terms, cmp, rhs))| {
                *cmp == Cmp::Eq || tight(terms.iter().map(|&(j, a)| (a, xs[j])), *rhs)
            })
            .map(|(r, _)| {
                let terms = r
                    .terms
                    .iter()
                    .filter_map(|(j, a)| Some((index[*j]?, a.clone())));
                (terms.collect(), r.rhs.clone())
            })
            .collect();
        solve_on_support(equations, &support, guess, xs.len())
    }

    /// The exact dual on the support of `ys` that makes tight (at `ys`) dual constraints
    /// equalities, rows outside the support at 0 and any left free at their `guess`.
    fn dual_on_support(&self, p: &Problem, ys: &[f64], guess: &[Q]) -> Option<Vec<Q>> {
        let support: Vec<usize> = (0..ys.len())
            .filter(|&i| ys[i].abs() > SUPPORT_TOL)
            .collect();
        let index = positions(&support, ys.len());
        let mut exact_columns: Vec<Vec<(usize, Q)>> = vec![Vec::new(); p.num_vars()];
        for (i, r) in p.rows.iter().enumerate() {
            for (j, a) in &r.terms {
                if let Some(k) = index[i] {
                    exact_columns[*j].push((k, a.clone()));
                }
            }
        }
        let equations = exact_columns
            .into_iter()
            .zip(&self.columns)
            .zip(&p.objective)
            .zip(&self.objective)
            .filter(|(((_, column), _), &c)| tight(column.iter().map(|&(i, a)| (a, ys[i])), c))
            .map(|(((terms, _), c), _)| (terms, c.clone()))
            .collect();
        solve_on_support(equations, &support, guess, ys.len())
    }
}

pub(super) fn op(cmp: Cmp) -> ComparisonOp {
    match cmp {
        Cmp::Le => ComparisonOp::Le,
        Cmp::Eq => ComparisonOp::Eq,
        Cmp::Ge => ComparisonOp::Ge,
    }
}

/// The best rational approximation of the double `v` with a denominator at most
/// [`RECONSTRUCT_MAX_DENOM`]; `None` for NaN or an infinity.
pub(super) fn reconstruct(v: f64) -> Option<Q> {
    if let Some(q) = reconstruct_i128(v) {
        return Some(q);
    }
    Some(best_rational(
        &Q::from_float(v)?,
        &BigInt::from(RECONSTRUCT_MAX_DENOM),
    ))
}

/// [`reconstruct`] in 128-bit integers: [`closest_within`] on the exact binary fraction of
/// `v`; `None` (the big-integer path decides) when `v` is not finite or an operation would
/// overflow. Most of a float optimum's values take this path,
/// which was a third of a small steady-state solve in big integers.
pub(super) fn reconstruct_i128(v: f64) -> Option<Q> {
    if !v.is_finite() {
        return None;
    }
    if v == 0.0 {
        return Some(Q::zero());
    }
    // v = ±m·2^e exactly, then reduced: n / 2^k in lowest terms.
    let bits = v.to_bits();
    let biased = i32::try_from((bits >> 52) & 0x7ff).ok()?;
    let fraction = i128::from(bits & ((1u64 << 52) - 1));
    let (m, e) = if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), biased - 1075)
    };
    let m = if v < 0.0 { -m } else { m };
    let (n0, d0) = if e >= 0 {
        (
            m.checked_mul(1i128.checked_shl(u32::try_from(e).ok()?)?)?,
            1i128,
        )
    } else {
        let shift = (-e).min(i32::try_from(m.trailing_zeros()).ok()?);
        let k = u32::try_from(-e - shift).ok()?;
        (m >> shift, if k < 127 { 1i128 << k } else { return None })
    };
    let max_den = i128::from(RECONSTRUCT_MAX_DENOM);
    if d0 <= max_den {
        return Some(Q::new_raw(BigInt::from(n0), BigInt::from(d0)));
    }
    let (p, q) = closest_within(&n0, &d0, &max_den)?;
    Some(Q::new_raw(BigInt::from(p), BigInt::from(q)))
}

/// The rational closest to `v` among those with a denominator at most `max_den` (`≥ 1`): the
/// nearer of the last continued-fraction convergent within the bound and the best
/// semiconvergent after it (the method of Python's `Fraction.limit_denominator`).
///
/// Reference: A. Ya. Khinchin, *Continued Fractions*, 1964, ch. II (best approximations).
pub(super) fn best_rational(v: &Q, max_den: &BigInt) -> Q {
    if v.denom() <= max_den {
        return v.clone();
    }
    // Big integers never overflow: `None` cannot come back.
    closest_within(v.numer(), v.denom(), max_den)
        .map_or_else(|| v.clone(), |(p, q)| Q::new_raw(p, q))
}

/// [`best_rational`]'s steps on `n0/d0` (`d0 > max_den ≥ 1`) in any integer type, every
/// operation checked: the answer's numerator and denominator, in lowest terms (convergents and
/// semiconvergents are) with a positive denominator; `None` on an overflow.
fn closest_within<T>(n0: &T, d0: &T, max_den: &T) -> Option<(T, T)>
where
    T: Integer + Signed + Clone + CheckedAdd + CheckedSub + CheckedMul,
{
    let (mut p0, mut q0, mut p1, mut q1) = (T::zero(), T::one(), T::one(), T::zero());
    let (mut n, mut d) = (n0.clone(), d0.clone());
    while !d.is_zero() {
        let a = n.div_floor(&d);
        let q2 = q0.checked_add(&a.checked_mul(&q1)?)?;
        if &q2 > max_den {
            break;
        }
        let p2 = p0.checked_add(&a.checked_mul(&p1)?)?;
        let r = n.checked_sub(&a.checked_mul(&d)?)?;
        (p0, q0, p1, q1) = (p1, q1, p2, q2);
        (n, d) = (d, r);
    }
    // The first step always passes (its denominator is 1), so q1 ≥ 1 here.
    let k = max_den.checked_sub(&q0)?.div_floor(&q1);
    let ps = p0.checked_add(&k.checked_mul(&p1)?)?;
    let qs = q0.checked_add(&k.checked_mul(&q1)?)?;
    // |p/q − n0/d0| for both candidates, over the common denominator d0, cross-multiplied.
    let gap = |p: &T, q: &T| {
        let g = p.checked_mul(d0)?.checked_sub(&n0.checked_mul(q)?)?;
        if g.is_negative() {
            T::zero().checked_sub(&g)
        } else {
            Some(g)
        }
    };
    let (conv, semi) = (gap(&p1, &q1)?, gap(&ps, &qs)?);
    Some(if conv.checked_mul(&qs)? <= semi.checked_mul(&q1)? {
        (p1, q1)
    } else {
        (ps, qs)
    })
}

/// `index[i]` = position of `i` in `support` (`None` outside it).
fn positions(support: &[usize], n: usize) -> Vec<Option<usize>> {
    let mut index = vec![None; n];
    for (k, &i) in support.iter().enumerate() {
        index[i] = Some(k);
    }
    index
}

/// Solves `equations` over the variables of `support` (free ones at their `guess`) and spreads
/// the answer back to a vector of length `n`, zero outside the support.
fn solve_on_support(
    equations: Vec<(Vec<(usize, Q)>, Q)>,
    support: &[usize],
    guess: &[Q],
    n: usize,
) -> Option<Vec<Q>> {
    let guess: Vec<Q> = support
        .iter()
        .map(|&i| guess.get(i).cloned())
        .collect::<Option<_>>()?;
    let z = solve_system(equations, &guess)?;
    let mut out = vec![Q::zero(); n];
    support.iter().zip(z).for_each(|(&i, v)| out[i] = v);
    Some(out)
}

/// Solves `Σ_k a_ek·z_k = r_e` exactly (Gauss–Jordan; unknowns the equations leave free take
/// their `guess`); `None` if the equations are inconsistent. Fraction-free: each equation is
/// one integer row over a denominator of its own ([`exact::Row`], the exact simplex's rows),
/// and eliminating a column multiplies a row by the pivot instead of dividing, then divides the
/// row by its gcd. Pivot columns are taken in order (so which unknowns stay free, hence the
/// answer, does not depend on the row chosen); among the rows that can pivot, the sparsest is
/// chosen, which keeps the fill-in and the numbers small.
fn solve_system(equations: Vec<(Vec<(usize, Q)>, Q)>, guess: &[Q]) -> Option<Vec<Q>> {
    let width = guess.len();
    let mut rows: Vec<Row> = equations
        .into_iter()
        .map(|(terms, rhs)| Row::from_terms(&terms, &rhs, width))
        .collect();
    let mut pivots = Vec::new();
    for col in 0..width {
        let rank = pivots.len();
        let Some(r) = (rank..rows.len())
            .filter(|&r| !rows[r].num[col].is_zero())
            .min_by_key(|&r| rows[r].nonzeros())
        else {
            continue;
        };
        rows.swap(rank, r);
        let mut prow = std::mem::take(&mut rows[rank]);
        prow.make_unit(col);
        let support: Vec<usize> = (0..=width).filter(|&j| !prow.num[j].is_zero()).collect();
        for (i, row) in rows.iter_mut().enumerate() {
            if i != rank {
                row.eliminate(col, &prow, &support);
            }
        }
        rows[rank] = prow;
        pivots.push(col);
    }
    if rows[pivots.len()..]
        .iter()
        .any(|row| !row.num[width].is_zero())
    {
        return None;
    }
    let mut z = guess.to_vec();
    for (row, &col) in rows.iter().zip(&pivots) {
        let free: Q = (0..width)
            .filter(|&k| k != col && !row.num[k].is_zero())
            .map(|k| row.value(k) * &guess[k])
            .sum();
        z[col] = row.value(width) - free;
    }
    Some(z)
}
