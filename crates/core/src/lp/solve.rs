//! Solving a [`Problem`]: the float path certified exactly ([`solve`], [`solve_with`]), or the
//! exact rational simplex alone ([`solve_exact`]), within [`Limits`].

use super::{exact, float, Limits, LpError, Outcome, Problem};

/// Solves `p` exactly with the default [`Limits`]; see the module documentation for the method.
///
/// Reference: G. B. Dantzig, *Linear Programming and Extensions*, 1963 (simplex, duality);
/// R. G. Bland, *New finite pivoting rules for the simplex method*, Math. Oper. Res. 2(2), 1977.
///
/// # Complexity
/// The float path is minilp's sparse simplex on the primal (and on the dual when the basis's
/// dual does not certify). The exact fallback does
/// at most [`Limits::max_pivots`] pivots of `O(rows·columns)` rational operations each.
///
/// # Errors
/// See [`solve_with`].
///
/// ```
/// use hetlab_core::lp::{solve, Cmp, Outcome, Problem};
/// use hetlab_core::rational::{q, qi};
/// // Maximise x + y subject to 2x + y ≤ 4 and x + 3y ≤ 6: optimum 14/5 at (6/5, 8/5).
/// let mut p = Problem::new(2);
/// p.objective(0, qi(1));
/// p.objective(1, qi(1));
/// p.constraint(vec![(0, qi(2)), (1, qi(1))], Cmp::Le, qi(4));
/// p.constraint(vec![(0, qi(1)), (1, qi(3))], Cmp::Le, qi(6));
/// let Ok(Outcome::Optimal(s)) = solve(&p) else { panic!() };
/// assert_eq!(s.value, q(14, 5));
/// assert_eq!(s.x, vec![q(6, 5), q(8, 5)]);
/// assert_eq!(s.dual, vec![q(2, 5), q(1, 5)]);
/// ```
pub fn solve(p: &Problem) -> Result<Outcome, LpError> {
    solve_with(p, &Limits::default())
}

/// [`solve`] with explicit [`Limits`].
///
/// Reference, complexity: as [`solve`].
///
/// # Errors
/// [`LpError::BadVariable`] if a builder call named a missing variable; [`LpError::TooLarge`]
/// above the size limits; [`LpError::Uncertified`] when the float answer is not certified and
/// the exact tableau would exceed [`Limits::exact_max_cells`]; [`LpError::PivotLimit`] and
/// [`LpError::WorkLimit`] when the exact simplex runs past its budget;
/// [`LpError::Internal`] on a bug.
///
/// ```
/// use hetlab_core::lp::{solve_with, Cmp, Limits, LpError, Problem};
/// use hetlab_core::rational::qi;
/// let mut p = Problem::new(3);
/// p.constraint(vec![(0, qi(1))], Cmp::Le, qi(1));
/// let tiny = Limits { max_vars: 2, ..Limits::default() };
/// assert!(matches!(solve_with(&p, &tiny), Err(LpError::TooLarge { .. })));
/// ```
pub fn solve_with(p: &Problem, limits: &Limits) -> Result<Outcome, LpError> {
    check(p, limits)?;
    let miss = match float::solve(p) {
        float::Answer::Certified(s) => return Ok(Outcome::Optimal(s)),
        float::Answer::Miss {
            float_value,
            reason,
        } => (float_value, reason),
    };
    if exact::cells(p) > limits.exact_max_cells {
        return Err(LpError::Uncertified {
            float_value: miss.0,
            reason: miss.1,
        });
    }
    exact::solve(p, limits)
}

/// Solves `p` with the exact rational simplex alone (no float solver).
///
/// Reference: Dantzig 1963, two-phase method; Bland 1977, smallest-index rule (no cycling).
///
/// # Complexity
/// At most [`Limits::max_pivots`] pivots, each `O(rows·columns)` rational operations on a dense
/// tableau (zero entries of the pivot row and column are skipped), and at most about
/// [`Limits::max_work`] word operations in all.
///
/// # Errors
/// As [`solve_with`], with [`LpError::TooLarge`] also when the tableau exceeds
/// [`Limits::exact_max_cells`].
///
/// ```
/// use hetlab_core::lp::{solve_exact, Cmp, Limits, Outcome, Problem};
/// use hetlab_core::rational::qi;
/// // x ≥ 2 and x ≤ 1 cannot both hold.
/// let mut p = Problem::new(1);
/// p.constraint(vec![(0, qi(1))], Cmp::Ge, qi(2));
/// p.constraint(vec![(0, qi(1))], Cmp::Le, qi(1));
/// assert_eq!(solve_exact(&p, &Limits::default()), Ok(Outcome::Infeasible));
/// ```
pub fn solve_exact(p: &Problem, limits: &Limits) -> Result<Outcome, LpError> {
    check(p, limits)?;
    if exact::cells(p) > limits.exact_max_cells {
        return Err(too_large(p, limits));
    }
    exact::solve(p, limits)
}

fn too_large(p: &Problem, limits: &Limits) -> LpError {
    LpError::TooLarge {
        vars: p.num_vars(),
        rows: p.num_rows(),
        max_vars: limits.max_vars,
        max_rows: limits.max_rows,
    }
}

pub(super) fn check(p: &Problem, limits: &Limits) -> Result<(), LpError> {
    if let Some(var) = p.bad_var {
        return Err(LpError::BadVariable {
            var,
            num_vars: p.num_vars(),
        });
    }
    if p.num_vars() > limits.max_vars || p.num_rows() > limits.max_rows {
        return Err(too_large(p, limits));
    }
    Ok(())
}
