//! A float LP that grows by rows and is re-solved from its last basis (minilp's dual simplex)
//! after each one: for cutting-plane loops that only need good guesses quickly. Its numbers
//! are never a result: whatever it suggests is decided again exactly by [`super::solve`].

use minilp::{OptimizationDirection, Variable};

use super::float::op;
use super::{Cmp, Problem};
use crate::rational::to_f64;

/// The float optimum of a [`Problem`] kept with its basis; rows added later are solved from it.
pub struct Warm {
    solution: minilp::Solution,
    vars: Vec<Variable>,
}

impl Warm {
    /// Solves `p` in floating point (`None`: infeasible, unbounded, or a solver error).
    #[must_use]
    pub fn new(p: &Problem) -> Option<Warm> {
        let mut lp = minilp::Problem::new(OptimizationDirection::Maximize);
        let vars: Vec<Variable> = p
            .objective
            .iter()
            .map(|c| lp.add_var(to_f64(c), (0.0, f64::INFINITY)))
            .collect();
        for row in &p.rows {
            let terms = row.terms.iter().map(|(j, a)| (vars[*j], to_f64(a)));
            lp.add_constraint(terms.collect::<Vec<_>>(), op(row.cmp), to_f64(&row.rhs));
        }
        let solution = lp.solve().ok()?;
        solution
            .objective()
            .is_finite()
            .then_some(Warm { solution, vars })
    }

    /// Adds the row `Σ a_j·x_j (cmp) rhs` and re-solves from the current basis (`None` when
    /// the problem became infeasible or the solver failed).
    #[must_use]
    pub fn add(self, terms: &[(usize, f64)], cmp: Cmp, rhs: f64) -> Option<Warm> {
        let expr: Vec<(Variable, f64)> = terms.iter().map(|&(j, a)| (self.vars[j], a)).collect();
        let Warm { solution, vars } = self;
        let solution = solution.add_constraint(expr, op(cmp), rhs).ok()?;
        solution
            .objective()
            .is_finite()
            .then_some(Warm { solution, vars })
    }

    /// The variables' values at the optimum.
    #[must_use]
    pub fn x(&self) -> Vec<f64> {
        self.vars
            .iter()
            .map(|&v| *self.solution.var_value(v))
            .collect()
    }
}

/// A float price as a short binary fraction (nearest multiple of `2^-30`, negatives as 0), so
/// that exact pricing with such prices stays cheap.
#[must_use]
pub fn dyadic(v: f64) -> crate::rational::Q {
    let scale = f64::from(1u32 << 30);
    crate::rational::Q::from_float((v.max(0.0) * scale).round() / scale).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::Warm;
    use crate::lp::{Cmp, Problem};
    use crate::rational::qi;

    #[test]
    fn rows_added_later_are_solved_from_the_basis() {
        // max x + y, x + 2y ≤ 4, 3x + y ≤ 6: (8/5, 6/5); then x ≤ 1: (1, 3/2).
        let mut p = Problem::new(2);
        p.objective(0, qi(1));
        p.objective(1, qi(1));
        p.constraint(vec![(0, qi(1)), (1, qi(2))], Cmp::Le, qi(4));
        p.constraint(vec![(0, qi(3)), (1, qi(1))], Cmp::Le, qi(6));
        let w = Warm::new(&p).unwrap();
        let x = w.x();
        assert!((x[0] - 1.6).abs() < 1e-9 && (x[1] - 1.2).abs() < 1e-9);
        let w = w.add(&[(0, 1.0)], Cmp::Le, 1.0).unwrap();
        let x = w.x();
        assert!((x[0] - 1.0).abs() < 1e-9 && (x[1] - 1.5).abs() < 1e-9);
        // x ≥ 5 contradicts 3x + y ≤ 6.
        assert!(w.add(&[(0, 1.0)], Cmp::Ge, 5.0).is_none());
    }
}
