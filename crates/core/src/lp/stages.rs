//! Two LPs in a row on the same variables and rows, the second with more rows and its own
//! objective (steady-state.md §2.5: stage 2 adds `Σx ≥ ρ*` and minimises communication). The
//! second starts from the first's float optimum: minilp adds the new rows to the solved
//! problem (dual simplex) and re-optimises the new objective from that basis (primal simplex),
//! instead of solving from the slack basis, far from feasible. Its answer is certified like
//! any other; when the warm start cannot be used or does not certify, the second problem is
//! solved from scratch.

use super::float::{self, Answer, Kept};
use super::{solve_with, Limits, LpError, Outcome, Problem, Solution};

/// Solves `first`, then the problem `then` builds from its optimum. `then` must keep the
/// first problem's variables and rows, in order, and may add rows after them and change the
/// objective; the second solve is then warm-started (see the module documentation).
///
/// # Errors
/// As [`solve_with`], for either problem; `then` is not called when the first one has no
/// optimum ([`Outcome::Infeasible`] or [`Outcome::Unbounded`] come back as an
/// [`LpError::Internal`] naming it).
pub fn solve_then(
    first: &Problem,
    limits: &Limits,
    then: impl FnOnce(&Solution) -> Problem,
) -> Result<(Solution, Solution), LpError> {
    super::solve::check(first, limits)?;
    let (answer, kept) = float::solve_keeping(first);
    let one = match answer {
        Answer::Certified(s) => s,
        Answer::Miss { .. } => optimal(solve_with(first, limits)?)?,
    };
    let second = then(&one);
    super::solve::check(&second, limits)?;
    if let Some(Answer::Certified(two)) = kept.and_then(|k| warm(k, first, &second)) {
        return Ok((one, two));
    }
    Ok((one, optimal(solve_with(&second, limits)?)?))
}

fn optimal(outcome: Outcome) -> Result<Solution, LpError> {
    match outcome {
        Outcome::Optimal(s) => Ok(s),
        other => Err(LpError::Internal(format!(
            "a staged LP has no optimum: {other:?}"
        ))),
    }
}

/// The second problem from the first's float optimum; `None` when the warm start does not
/// apply (either problem scaled, a shape that is not the first's plus rows) or minilp fails.
pub(super) fn warm(kept: Kept, first: &Problem, second: &Problem) -> Option<Answer> {
    let data = float::Doubles::new(second)?;
    let same_shape = second.num_vars() == first.num_vars()
        && second.num_rows() >= first.num_rows()
        && kept.data.scaling.is_identity()
        && data.scaling.is_identity();
    if !same_shape {
        return None;
    }
    let mut s = kept.solution;
    let vars: Vec<minilp::Variable> = s.iter().map(|(v, _)| v).collect();
    for (terms, cmp, rhs) in &data.rows[first.num_rows()..] {
        let expr: Vec<(minilp::Variable, f64)> = terms.iter().map(|&(j, a)| (vars[j], a)).collect();
        s = s.add_constraint(expr, float::op(*cmp), *rhs).ok()?;
    }
    let mut s = s.set_objective(&data.objective).ok()?;
    if !s.objective().is_finite() {
        return None;
    }
    let xs: Vec<f64> = s.iter().map(|(_, &x)| x).collect();
    let ys = s.dual_values();
    Some(data.settle(second, s.objective(), &xs, &ys))
}
