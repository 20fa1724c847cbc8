//! A float LP that grows by columns and is re-optimised from its last basis by the primal
//! simplex: the restricted master of a column generation, `max c·x` subject to `A x ≤ b`,
//! `x ≥ 0`, with `b ≥ 0` (the slack basis is feasible). Like [`super::Warm`], its numbers are
//! never a result, only good guesses (dual prices) for an exact loop that decides again.
//!
//! Method: a revised simplex with a dense explicit basis inverse (`m × m`), updated by one
//! Gauss–Jordan step per pivot and recomputed from the basis every `max(`[`REFACTOR`]`, m)` pivots; Dantzig's
//! entering rule; the ratio test on a right-hand side perturbed by tiny distinct amounts, so
//! that the many rows with `b_i = 0` of a column-generation master do not make it stall (the
//! duals of a basis do not depend on `b`). Pure `f64` arithmetic in a fixed order: the same
//! answers on every target.
//!
//! Why not [`super::Warm`] on the dual (one row per column): its basis has one row per column
//! found, so every re-solve grows dearer; on the unidirectional broadcast of the Lyon cluster
//! (183 rows, ~700 columns) its dual simplex took 1.1 s of the 2.1 s solve.

/// Reduced costs above this enter the basis.
const ENTER_TOL: f64 = 1e-9;

/// Pivot elements must exceed this in absolute value.
const PIVOT_TOL: f64 = 1e-9;

/// The basis inverse is recomputed from scratch after this many updates, or `m` if more (so
/// that its `O(m³)` cost stays `O(m²)` a pivot, like an update).
const REFACTOR: usize = 100;

/// The primal simplex gives up after this many pivots per [`ColumnLp::solve`] call, times
/// `rows + columns`.
const PIVOTS_PER_VAR: usize = 20;

/// A float LP `max c·x, A x ≤ b, x ≥ 0` (`b ≥ 0`) whose columns are added one at a time.
#[derive(Clone, Debug)]
pub struct ColumnLp {
    /// Rows.
    m: usize,
    /// Perturbed right-hand side.
    rhs: Vec<f64>,
    /// Objective coefficient of each column.
    cost: Vec<f64>,
    /// Sparse columns: `(row, coefficient)`.
    cols: Vec<Vec<(usize, f64)>>,
    /// Basic variable of each row: `v < m` is the slack of row `v`, `m + j` is column `j`.
    basic: Vec<usize>,
    /// Values of the basic variables.
    xb: Vec<f64>,
    /// The basis inverse, row-major.
    binv: Vec<f64>,
    /// The dual prices `c_B B⁻¹`, updated with each pivot.
    pi: Vec<f64>,
    /// Updates since the last recomputation of `binv`.
    updates: usize,
}

impl ColumnLp {
    /// An LP with the rows `· ≤ rhs[i]` and no column yet; `None` if some `rhs[i]` is negative
    /// or not finite.
    #[must_use]
    pub fn new(rhs: &[f64]) -> Option<ColumnLp> {
        if rhs.iter().any(|b| !b.is_finite() || *b < 0.0) {
            return None;
        }
        let m = rhs.len();
        // Distinct tiny perturbations (relative to the right-hand side's scale) break ties in
        // the ratio test.
        let scale = rhs.iter().fold(1.0f64, |a, b| a.max(*b));
        let rhs: Vec<f64> = rhs
            .iter()
            .enumerate()
            .map(|(i, b)| b + scale * 1e-7 * (1.0 + (i % 61) as f64 / 61.0))
            .collect();
        let mut binv = vec![0.0; m * m];
        for i in 0..m {
            binv[i * m + i] = 1.0;
        }
        Some(ColumnLp {
            m,
            xb: rhs.clone(),
            rhs,
            cost: Vec::new(),
            cols: Vec::new(),
            basic: (0..m).collect(),
            binv,
            pi: vec![0.0; m],
            updates: 0,
        })
    }

    /// Adds the column `(cost, terms)` (terms `(row, coefficient)`, rows in range) at 0; it
    /// enters the basis at the next [`ColumnLp::solve`] if it pays. Returns its index.
    pub fn add_column(&mut self, cost: f64, terms: &[(usize, f64)]) -> usize {
        self.cost.push(cost);
        self.cols
            .push(terms.iter().copied().filter(|&(i, _)| i < self.m).collect());
        self.cols.len() - 1
    }

    /// Re-optimises from the current basis; `false` when the LP looks unbounded, the basis
    /// became singular, a number stopped being finite, or the pivot cap was reached (the
    /// values are then unreliable).
    #[must_use]
    pub fn solve(&mut self) -> bool {
        let cap = PIVOTS_PER_VAR * (self.m + self.cols.len());
        for _ in 0..cap {
            let Some((q, d)) = self.entering() else {
                return self.xb.iter().chain(&self.pi).all(|v| v.is_finite());
            };
            let alpha = self.column(q);
            let Some(r) = self.leaving(&alpha) else {
                return false;
            };
            self.pivot(r, q, d, &alpha);
            if self.updates >= REFACTOR.max(4 * self.m) && !self.refactor() {
                return false;
            }
        }
        false
    }

    /// The dual prices of the rows (`≥ 0` at an optimum): `c_B B⁻¹`.
    #[must_use]
    pub fn duals(&self) -> &[f64] {
        &self.pi
    }

    /// `c_B B⁻¹` from the basis inverse.
    fn prices(&self) -> Vec<f64> {
        let m = self.m;
        let mut pi = vec![0.0; m];
        for (k, &v) in self.basic.iter().enumerate() {
            let c = self.var_cost(v);
            if c != 0.0 {
                let row = &self.binv[k * m..(k + 1) * m];
                for (p, b) in pi.iter_mut().zip(row) {
                    *p += c * b;
                }
            }
        }
        pi
    }

    /// The basic variable of each row: `v < rows` is the slack of row `v`, `rows + j` is
    /// column `j`.
    #[must_use]
    pub fn basis(&self) -> &[usize] {
        &self.basic
    }

    /// [`Self::basis`] in [`super::solve_basis`]'s numbering, for an exact problem over
    /// `num_vars` variables in which column `j` is variable `var(j)`: the slack of row `i` is
    /// `num_vars + i`.
    #[must_use]
    pub fn basis_as(&self, num_vars: usize, var: impl Fn(usize) -> usize) -> Vec<usize> {
        self.basic
            .iter()
            .map(|&v| {
                if v < self.m {
                    num_vars + v
                } else {
                    var(v - self.m)
                }
            })
            .collect()
    }

    /// The value of each column.
    #[must_use]
    pub fn x(&self) -> Vec<f64> {
        let mut x = vec![0.0; self.cols.len()];
        for (k, &v) in self.basic.iter().enumerate() {
            if v >= self.m {
                x[v - self.m] = self.xb[k];
            }
        }
        x
    }

    fn var_cost(&self, v: usize) -> f64 {
        if v < self.m {
            0.0
        } else {
            self.cost[v - self.m]
        }
    }

    /// Dantzig's rule: the variable of largest reduced cost above [`ENTER_TOL`] (ties: the
    /// smallest index).
    fn entering(&self) -> Option<(usize, f64)> {
        let pi = &self.pi;
        // A basic variable has reduced cost 0 up to rounding: never take it.
        let mut basic = vec![false; self.m + self.cols.len()];
        for &v in &self.basic {
            basic[v] = true;
        }
        let mut best: Option<(usize, f64)> = None;
        let mut consider = |v: usize, d: f64| {
            if !basic[v] && d > ENTER_TOL && best.is_none_or(|(_, b)| d > b) {
                best = Some((v, d));
            }
        };
        for (i, p) in pi.iter().enumerate() {
            consider(i, -p);
        }
        for (j, col) in self.cols.iter().enumerate() {
            let d = self.cost[j] - col.iter().map(|&(i, a)| pi[i] * a).sum::<f64>();
            consider(self.m + j, d);
        }
        best
    }

    /// `B⁻¹ a_v`.
    fn column(&self, v: usize) -> Vec<f64> {
        let m = self.m;
        if v < m {
            return (0..m).map(|k| self.binv[k * m + v]).collect();
        }
        let col = &self.cols[v - m];
        (0..m)
            .map(|k| {
                let row = &self.binv[k * m..(k + 1) * m];
                col.iter().map(|&(i, a)| row[i] * a).sum()
            })
            .collect()
    }

    /// The ratio test: the row of smallest `x_B / α` among `α > `[`PIVOT_TOL`] (ties: the
    /// larger `α`, then the smaller row).
    fn leaving(&self, alpha: &[f64]) -> Option<usize> {
        let mut best: Option<(usize, f64, f64)> = None;
        for (k, (&a, &x)) in alpha.iter().zip(&self.xb).enumerate() {
            if a > PIVOT_TOL {
                let t = x.max(0.0) / a;
                let better = best.is_none_or(|(_, bt, ba)| match t.total_cmp(&bt) {
                    std::cmp::Ordering::Less => true,
                    std::cmp::Ordering::Equal => a > ba,
                    std::cmp::Ordering::Greater => false,
                });
                if better {
                    best = Some((k, t, a));
                }
            }
        }
        best.map(|(k, _, _)| k)
    }

    /// Pivots `q` (reduced cost `d`) into row `r`; the prices move by `d` times the new row
    /// `r` of `B⁻¹`.
    fn pivot(&mut self, r: usize, q: usize, d: f64, alpha: &[f64]) {
        let m = self.m;
        let theta = self.xb[r].max(0.0) / alpha[r];
        for (k, x) in self.xb.iter_mut().enumerate() {
            if k != r {
                *x = (*x - theta * alpha[k]).max(0.0);
            }
        }
        self.xb[r] = theta;
        let inv = 1.0 / alpha[r];
        let pivot_row: Vec<f64> = self.binv[r * m..(r + 1) * m]
            .iter()
            .map(|v| v * inv)
            .collect();
        for (k, &a) in alpha.iter().enumerate() {
            if k != r && a != 0.0 {
                let row = &mut self.binv[k * m..(k + 1) * m];
                for (b, p) in row.iter_mut().zip(&pivot_row) {
                    *b -= a * p;
                }
            }
        }
        for (p, b) in self.pi.iter_mut().zip(&pivot_row) {
            *p += d * b;
        }
        self.binv[r * m..(r + 1) * m].copy_from_slice(&pivot_row);
        self.basic[r] = q;
        self.updates += 1;
    }

    /// Recomputes `B⁻¹` (Gauss–Jordan with partial pivoting) and `x_B = B⁻¹ b`; `false` when
    /// the basis is singular.
    fn refactor(&mut self) -> bool {
        let m = self.m;
        // Dense B, then [B | I] → [I | B⁻¹].
        let mut a = vec![0.0; m * m];
        for (k, &v) in self.basic.iter().enumerate() {
            if v < m {
                a[v * m + k] = 1.0;
            } else {
                for &(i, c) in &self.cols[v - m] {
                    a[i * m + k] = c;
                }
            }
        }
        let mut inv = vec![0.0; m * m];
        for i in 0..m {
            inv[i * m + i] = 1.0;
        }
        for c in 0..m {
            let Some(p) = (c..m).max_by(|&x, &y| a[x * m + c].abs().total_cmp(&a[y * m + c].abs()))
            else {
                return false;
            };
            if a[p * m + c].abs() <= PIVOT_TOL {
                return false;
            }
            swap_rows(&mut a, m, p, c);
            swap_rows(&mut inv, m, p, c);
            let d = 1.0 / a[c * m + c];
            for j in 0..m {
                a[c * m + j] *= d;
                inv[c * m + j] *= d;
            }
            for k in 0..m {
                let f = a[k * m + c];
                if k != c && f != 0.0 {
                    for j in 0..m {
                        a[k * m + j] -= f * a[c * m + j];
                        inv[k * m + j] -= f * inv[c * m + j];
                    }
                }
            }
        }
        self.xb = (0..m)
            .map(|k| {
                let row = &inv[k * m..(k + 1) * m];
                row.iter()
                    .zip(&self.rhs)
                    .map(|(b, r)| b * r)
                    .sum::<f64>()
                    .max(0.0)
            })
            .collect();
        self.binv = inv;
        self.pi = self.prices();
        self.updates = 0;
        self.xb.iter().all(|v| v.is_finite())
    }
}

fn swap_rows(a: &mut [f64], m: usize, i: usize, j: usize) {
    if i != j {
        for c in 0..m {
            a.swap(i * m + c, j * m + c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ColumnLp;

    #[test]
    fn columns_added_later_are_priced_from_the_basis() {
        // max x + y, x + 2y ≤ 4, 3x + y ≤ 6: (8/5, 6/5), duals (2/5, 1/5).
        let mut lp = ColumnLp::new(&[4.0, 6.0]).unwrap();
        lp.add_column(1.0, &[(0, 1.0), (1, 3.0)]);
        assert!(lp.solve());
        assert!((lp.x()[0] - 2.0).abs() < 1e-5);
        lp.add_column(1.0, &[(0, 2.0), (1, 1.0)]);
        assert!(lp.solve());
        let (x, pi) = (lp.x(), lp.duals());
        assert!((x[0] - 1.6).abs() < 1e-5 && (x[1] - 1.2).abs() < 1e-5);
        assert!((pi[0] - 0.4).abs() < 1e-9 && (pi[1] - 0.2).abs() < 1e-9);
        // A column with no positive entry and a positive cost: unbounded.
        lp.add_column(1.0, &[(0, -1.0)]);
        assert!(!lp.solve());
        assert!(ColumnLp::new(&[-1.0]).is_none());
    }
}
