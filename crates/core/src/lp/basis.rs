//! The exact vertex of a given basis, certified: for a column generation whose float master
//! ([`super::ColumnLp`]) already knows an optimal basis, this replaces the float solves of
//! [`super::solve`] (minilp's primal and dual from scratch, then the support solves) by two
//! square exact solves. Nothing is trusted: [`certify`] decides, and `None` sends the caller
//! back to [`super::solve`].

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};

use super::exact::Row;
use super::{certify, Cmp, Method, Problem, Solution};
use crate::rational::Q;

/// The point and dual of the basis `basic` of `p` (all rows `≤`; one basic variable per row:
/// `v < num_vars` is variable `v`, `num_vars + i` the slack of row `i`), if they certify as
/// optimal. `None` when `p` has another kind of row, the basis is singular or not one per row,
/// or its vertex is not optimal (infeasible point or dual).
///
/// # Complexity
/// Two exact fraction-free eliminations on the `k × k` system of the `k` basic variables of
/// `p` (slack rows drop out), then one [`certify`].
#[must_use]
pub fn solve_basis(p: &Problem, basic: &[usize]) -> Option<Solution> {
    let (n, m) = (p.num_vars(), p.num_rows());
    let (cols, tight) = split(p, basic)?;
    let mut index = vec![None; n];
    for (k, &j) in cols.iter().enumerate() {
        index[j] = Some(k);
    }
    // Primal: the tight rows hold with equality over the basic columns.
    let primal: Vec<Equation> = tight
        .iter()
        .map(|&i| {
            let r = &p.rows[i];
            let terms = r
                .terms
                .iter()
                .filter_map(|(j, a)| Some((index[*j]?, a.clone())))
                .collect();
            (terms, r.rhs.clone())
        })
        .collect();
    let xb = solve_square(primal, cols.len())?;
    let mut x = vec![Q::zero(); n];
    for (&j, v) in cols.iter().zip(xb) {
        x[j] = v;
    }
    // Dual: the basic columns have reduced cost 0, with prices only on the tight rows.
    let mut columns: Vec<Vec<(usize, Q)>> = vec![Vec::new(); cols.len()];
    for (k, &i) in tight.iter().enumerate() {
        for (j, a) in &p.rows[i].terms {
            if let Some(c) = index[*j] {
                columns[c].push((k, a.clone()));
            }
        }
    }
    let dual_eq: Vec<Equation> = columns
        .into_iter()
        .zip(&cols)
        .map(|(terms, &j)| (terms, p.objective[j].clone()))
        .collect();
    let yt = solve_square(dual_eq, cols.len())?;
    let mut dual = vec![Q::zero(); m];
    for (&i, v) in tight.iter().zip(yt) {
        dual[i] = v;
    }
    let value = certify(p, &x, &dual).ok()?;
    Some(Solution {
        value,
        x,
        dual,
        method: Method::FloatCertified,
    })
}

/// One equation `Σ a_j·z_j = r`: its terms `(j, a_j)` and `r`.
type Equation = (Vec<(usize, Q)>, Q);

/// The structural basic variables (sorted) and the tight rows (whose slack is non-basic) of
/// `basic`; `None` unless every row is `≤` and `basic` names one distinct variable per row.
fn split(p: &Problem, basic: &[usize]) -> Option<(Vec<usize>, Vec<usize>)> {
    let (n, m) = (p.num_vars(), p.num_rows());
    if basic.len() != m || p.rows.iter().any(|r| r.cmp != Cmp::Le) || p.bad_var.is_some() {
        return None;
    }
    let mut seen = vec![false; n + m];
    for &v in basic {
        if v >= n + m || seen[v] {
            return None;
        }
        seen[v] = true;
    }
    let cols: Vec<usize> = (0..n).filter(|&j| seen[j]).collect();
    let tight: Vec<usize> = (0..m).filter(|&i| !seen[n + i]).collect();
    (tight.len() == cols.len()).then_some((cols, tight))
}

/// The unique solution of `k` equations `Σ a_j·z_j = r` in `k` unknowns, `None` when they are
/// singular. Fraction-free elimination ([`Row`], as the float path's support solve) with
/// Markowitz's pivot choice (the non-zero whose row and column have the fewest other non-zeros,
/// ties to the first row and column), which keeps the fill-in and the numbers small on the
/// sparse bases of a column generation, then back substitution. A non-singular system has one
/// solution, so the pivot order changes the work, never the answer.
///
/// Reference: H. M. Markowitz, *The elimination form of the inverse and its application to
/// linear programming*, Management Science 3(3), 1957.
fn solve_square(equations: Vec<Equation>, k: usize) -> Option<Vec<Q>> {
    if equations.len() != k {
        return None;
    }
    let mut rows: Vec<Row> = equations
        .into_iter()
        .map(|(terms, rhs)| Row::from_terms(&terms, &rhs, k))
        .collect();
    let mut active = vec![true; k];
    let mut free = vec![true; k];
    let mut order: Vec<(usize, usize)> = Vec::with_capacity(k);
    for _ in 0..k {
        let mut col_count = vec![0usize; k];
        let mut row_count = vec![0usize; k];
        for (r, row) in rows.iter().enumerate().filter(|(r, _)| active[*r]) {
            for (j, v) in row.num[..k].iter().enumerate() {
                if free[j] && !v.is_zero() {
                    col_count[j] += 1;
                    row_count[r] += 1;
                }
            }
        }
        let mut best: Option<(usize, usize, usize)> = None;
        for (r, row) in rows.iter().enumerate().filter(|(r, _)| active[*r]) {
            for (j, v) in row.num[..k].iter().enumerate() {
                if free[j] && !v.is_zero() {
                    let cost = (row_count[r] - 1) * (col_count[j] - 1);
                    if best.is_none_or(|(b, _, _)| cost < b) {
                        best = Some((cost, r, j));
                    }
                }
            }
        }
        let (_, r, c) = best?;
        let mut prow = std::mem::take(&mut rows[r]);
        prow.make_unit(c);
        let support: Vec<usize> = (0..=k).filter(|&j| !prow.num[j].is_zero()).collect();
        for (i, row) in rows.iter_mut().enumerate() {
            if active[i] && i != r {
                row.eliminate(c, &prow, &support);
            }
        }
        rows[r] = prow;
        active[r] = false;
        free[c] = false;
        order.push((r, c));
    }
    let mut z = vec![Q::zero(); k];
    for &(r, c) in order.iter().rev() {
        z[c] = back_substitute(&rows[r], c, &z);
    }
    Some(z)
}

/// `z_c` from its pivot row `row` (value 1 in column `c`, the right-hand side in the last
/// column) and the unknowns already known: `(r − Σ_j a_j·z_j)`, summed in integers over a
/// common denominator (the `z_j` of one system mostly share theirs), reduced once.
fn back_substitute(row: &Row, c: usize, z: &[Q]) -> Q {
    let k = z.len();
    let (mut num, mut den) = (BigInt::zero(), BigInt::one());
    for j in (0..k).filter(|&j| j != c && !row.num[j].is_zero() && !z[j].is_zero()) {
        let (p, q) = (z[j].numer(), z[j].denom());
        if *q == den {
            num += &row.num[j] * p;
        } else {
            let g = den.gcd(q);
            let (to_q, to_den) = (q / &g, &den / &g);
            num = num * &to_q + &row.num[j] * p * to_den;
            den *= to_q;
        }
    }
    // r/δ − num/(δ·den), with δ the row's denominator.
    Q::new(&row.num[k] * &den - num, row.den() * den)
}

#[cfg(test)]
mod tests {
    use super::solve_basis;
    use crate::lp::{Cmp, Problem};
    use crate::rational::{q, qi};

    #[test]
    fn the_optimal_basis_certifies_and_others_do_not() {
        // max x + y, x + 2y ≤ 4, 3x + y ≤ 6: (8/5, 6/5) at the basis {x, y}.
        let mut p = Problem::new(2);
        p.objective(0, qi(1));
        p.objective(1, qi(1));
        p.constraint(vec![(0, qi(1)), (1, qi(2))], Cmp::Le, qi(4));
        p.constraint(vec![(0, qi(3)), (1, qi(1))], Cmp::Le, qi(6));
        let s = solve_basis(&p, &[1, 0]).unwrap();
        assert_eq!(s.value, q(14, 5));
        assert_eq!(s.x, vec![q(8, 5), q(6, 5)]);
        assert_eq!(s.dual, vec![q(2, 5), q(1, 5)]);
        // The slack basis (x = y = 0) is feasible, not optimal; {x, slack 1} is infeasible.
        assert!(solve_basis(&p, &[2, 3]).is_none());
        assert!(solve_basis(&p, &[0, 3]).is_none());
        // Malformed bases.
        assert!(solve_basis(&p, &[0]).is_none());
        assert!(solve_basis(&p, &[0, 9]).is_none());
        assert!(solve_basis(&p, &[0, 0]).is_none());
    }
}
