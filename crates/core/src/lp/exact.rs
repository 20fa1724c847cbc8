//! The exact reference method of steady-state.md section 2.6: a dense-tableau two-phase simplex
//! over the rationals with Bland's rule (smallest-index entering column with a negative reduced
//! cost; ratio-test ties go to the row whose basic column has the smallest index), which
//! terminates without cycling (Bland 1977).
//!
//! Columns, in Bland order: the problem's variables, then one slack (`≤`) or surplus (`≥`) per
//! inequality row, then one artificial per `≥` or `=` row (after rows with a negative right-hand
//! side are negated, so that the starting basis is feasible). Phase 1 maximises `−Σ artificials`;
//! artificials never re-enter the basis once they leave. Phase 2 maximises `c·x`. The duals are
//! read from the objective row under each row's starting basis column (`y = c_B·B⁻¹`).
//!
//! Numbers: each row is stored as integer numerators over a positive denominator of its own,
//! divided by the gcd of the row after each update. A pivot then costs a few big-integer
//! products per non-zero entry and one gcd pass per changed row, instead of several gcds per
//! entry with `BigRational` cells; the values, hence every pivoting decision, are the same.
//! The gcd of the row starts with one Euclid step (`v mod g`), because num-bigint's binary gcd
//! is slow on operands of very different sizes. On 20 random steady-state LPs of 25 nodes and
//! 100 arcs with two-decimal costs, this took the mean solve from 506 ms (one `BigRational`
//! per cell) to 28 ms, and the worst from 8.0 s to 0.35 s (native).

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

use super::{certify, Cmp, Limits, LpError, Method, Outcome, Problem, Solution};
use crate::rational::{lcm_denominators, qi, Q};

/// Rows × columns of the tableau the exact simplex would build for `p` (objective row and
/// right-hand side column included).
pub(super) fn cells(p: &Problem) -> usize {
    let inequalities = p.rows.iter().filter(|r| r.cmp != Cmp::Eq).count();
    let artificials = p
        .rows
        .iter()
        .filter(|r| needs_artificial(r.cmp, &r.rhs))
        .count();
    let columns = p.num_vars() + inequalities + artificials + 1;
    columns.saturating_mul(p.num_rows() + 1)
}

/// Whether a row needs an artificial column once [`normalise`]d.
fn needs_artificial(cmp: Cmp, rhs: &Q) -> bool {
    normalise(cmp, rhs).0 != Cmp::Le
}

/// The relation of a row after it is negated, and whether it is: rows with a negative
/// right-hand side are negated so that the starting basis is feasible, and `a·x ≥ 0` becomes
/// `−a·x ≤ 0`, which starts from its slack and needs no artificial.
fn normalise(cmp: Cmp, rhs: &Q) -> (Cmp, bool) {
    let negate = rhs.is_negative() || (rhs.is_zero() && cmp == Cmp::Ge);
    let cmp = match (cmp, negate) {
        (Cmp::Le, true) => Cmp::Ge,
        (Cmp::Ge, true) => Cmp::Le,
        (c, _) => c,
    };
    (cmp, negate)
}

/// A tableau row: the value in column `j` is `num[j] / den`, with `den > 0`. Also the rows of
/// the float path's exact support solve (`float.rs`).
#[derive(Clone, Debug, Default)]
pub(super) struct Row {
    pub(super) num: Vec<BigInt>,
    den: BigInt,
}

impl Row {
    /// The row of `width + 1` columns holding `terms` and, in the last column, `rhs`.
    /// Only the non-zero entries are scaled (the zeros of a wide sparse row cost nothing).
    pub(super) fn from_terms(terms: &[(usize, Q)], rhs: &Q, width: usize) -> Row {
        let mut values: Vec<Option<&Q>> = vec![None; width + 1];
        for (k, a) in terms {
            values[*k] = Some(a);
        }
        values[width] = Some(rhs);
        let den = lcm_denominators(values.iter().flatten().copied());
        let num = values
            .iter()
            .map(|v| v.map_or_else(BigInt::zero, |v| v.numer() * (&den / v.denom())))
            .collect();
        Row { num, den }
    }

    /// Divides the row by its entry in column `e` (non-zero), so that entry becomes 1: the
    /// same numerators over that entry's numerator, signs flipped if it is negative.
    pub(super) fn make_unit(&mut self, e: usize) {
        self.den.clone_from(&self.num[e]);
        if self.den.is_negative() {
            self.den = -std::mem::take(&mut self.den);
            self.num.iter_mut().for_each(|v| *v = -std::mem::take(v));
        }
        self.reduce();
    }

    fn from_q(values: &[Q]) -> Row {
        let den = lcm_denominators(values);
        let num = values
            .iter()
            .map(|v| v.numer() * (&den / v.denom()))
            .collect();
        Row { num, den }
    }

    /// The common denominator (positive).
    pub(super) fn den(&self) -> &BigInt {
        &self.den
    }

    pub(super) fn value(&self, j: usize) -> Q {
        Q::new(self.num[j].clone(), self.den.clone())
    }

    /// Divides the numerators and the denominator by their gcd.
    fn reduce(&mut self) {
        let mut g = self.den.clone();
        for v in &self.num {
            if g.is_one() {
                return;
            }
            if !v.is_zero() {
                // One Euclid step first: num-bigint's binary gcd is slow on operands of very
                // different sizes, and g is usually much smaller than v.
                g = g.gcd(&(v % &g));
            }
        }
        if !g.is_one() {
            self.num
                .iter_mut()
                .filter(|v| !v.is_zero())
                .for_each(|v| *v /= &g);
            self.den /= &g;
        }
    }

    /// Estimated word operations of [`Row::eliminate`] on this row: scaling its non-zeros by the
    /// pivot's denominator, `support` products, and the gcd pass of [`Row::reduce`], each
    /// costing about the product of its operands' lengths in 64-bit words.
    fn cost(&self, e: usize, support: usize, pivot_words: u64) -> u64 {
        if self.num[e].is_zero() {
            return 0;
        }
        let own = words(&self.den) + words(&self.num[e]);
        // Products, then the gcd pass over numbers of about `own + pivot_words` words.
        let after = own + pivot_words;
        (self.nonzeros() + support as u64)
            .saturating_mul(own.saturating_mul(pivot_words))
            .saturating_add(self.nonzeros().saturating_mul(after.saturating_mul(after)))
    }

    /// Non-zero entries.
    pub(super) fn nonzeros(&self) -> u64 {
        self.num.iter().filter(|v| !v.is_zero()).count() as u64
    }

    /// `self −= self[e]·pivot`, where `pivot` has value 1 in column `e` and is non-zero only in
    /// `support`: `(a_j·π − a_e·p_j) / (δ·π)` for numerators `a`, `p` over `δ`, `π`.
    pub(super) fn eliminate(&mut self, e: usize, pivot: &Row, support: &[usize]) {
        let a_e = self.num[e].clone();
        if a_e.is_zero() {
            return;
        }
        if !pivot.den.is_one() {
            self.num
                .iter_mut()
                .filter(|v| !v.is_zero())
                .for_each(|v| *v *= &pivot.den);
            self.den *= &pivot.den;
        }
        for &j in support {
            self.num[j] -= &a_e * &pivot.num[j];
        }
        self.reduce();
    }
}

/// Length of `v` in 64-bit words (at least 1).
fn words(v: &BigInt) -> u64 {
    v.bits() / 64 + 1
}

/// The simplex tableau in canonical form for the current basis.
struct Tableau {
    /// Constraint rows; the last column is the right-hand side.
    rows: Vec<Row>,
    /// Reduced costs `z_j − c_j` of the current phase; the last column is the objective value.
    obj: Row,
    /// Basic column of each row.
    basis: Vec<usize>,
    /// Columns at or beyond this index are artificial.
    first_art: usize,
    /// The right-hand side column (the last).
    rhs: usize,
    /// Starting basis column of each row (slack or artificial), where `B⁻¹` is read.
    ident: Vec<usize>,
    /// Whether each row was negated to make its right-hand side non-negative.
    negated: Vec<bool>,
    pivots: usize,
    max_pivots: usize,
    /// Estimated word operations so far, and the budget.
    work: u64,
    max_work: u64,
}

/// How a phase ended.
enum End {
    Optimal,
    Unbounded,
}

/// Solves `p` (already size-checked) and certifies the answer.
pub(super) fn solve(p: &Problem, limits: &Limits) -> Result<Outcome, LpError> {
    let mut t = Tableau::new(p, limits)?;
    let rhs = t.rhs();
    let width = rhs + 1;
    if t.first_art < rhs {
        // Phase 1: maximise −Σ artificials, i.e. reduced costs −Σ over artificial rows.
        let mut obj = vec![Q::zero(); width];
        // The sum's denominators grow to the lcm of the rows': charge for that, row by row.
        let mut sum_words = 1;
        for i in 0..t.rows.len() {
            if t.basis[i] >= t.first_art {
                let den = words(&t.rows[i].den);
                sum_words += den;
                let cost = t.rows[i]
                    .nonzeros()
                    .saturating_mul(den.saturating_mul(sum_words));
                t.charge(cost)?;
                let row = &t.rows[i];
                for j in (0..t.first_art).chain([rhs]) {
                    obj[j] -= row.value(j);
                }
            }
        }
        t.obj = Row::from_q(&obj);
        t.run()?;
        if t.obj.num[rhs].is_negative() {
            return Ok(Outcome::Infeasible);
        }
        t.drive_out_artificials()?;
    }
    // Phase 2: reduced costs of c·x for the current basis.
    let cost = |j: usize| p.objective.get(j).cloned().unwrap_or_else(Q::zero);
    let mut obj: Vec<Q> = (0..width)
        .map(|j| if j == rhs { Q::zero() } else { -cost(j) })
        .collect();
    for (i, row) in t.rows.iter().enumerate() {
        let cb = cost(t.basis[i]);
        if !cb.is_zero() {
            for (j, o) in obj.iter_mut().enumerate() {
                if !row.num[j].is_zero() {
                    *o += &cb * row.value(j);
                }
            }
        }
    }
    t.obj = Row::from_q(&obj);
    if let End::Unbounded = t.run()? {
        return Ok(Outcome::Unbounded);
    }
    let mut x = vec![Q::zero(); p.num_vars()];
    for (i, &b) in t.basis.iter().enumerate() {
        if let Some(v) = x.get_mut(b) {
            *v = t.rows[i].value(rhs);
        }
    }
    let dual: Vec<Q> = (0..p.num_rows())
        .map(|i| {
            let y = t.obj.value(t.ident[i]);
            if t.negated[i] {
                -y
            } else {
                y
            }
        })
        .collect();
    let value =
        certify(p, &x, &dual).map_err(|e| LpError::Internal(format!("exact simplex: {e}")))?;
    Ok(Outcome::Optimal(Solution {
        value,
        x,
        dual,
        method: Method::Exact,
    }))
}

impl Tableau {
    /// The starting tableau, or [`LpError::WorkLimit`] when reading the input's numbers into it
    /// (least common denominators of its rows) already costs more than the budget.
    fn new(p: &Problem, limits: &Limits) -> Result<Tableau, LpError> {
        let n = p.num_vars();
        let slacks = p.rows.iter().filter(|r| r.cmp != Cmp::Eq).count();
        let first_art = n + slacks;
        let artificials = p
            .rows
            .iter()
            .filter(|r| needs_artificial(r.cmp, &r.rhs))
            .count();
        let width = first_art + artificials + 1;
        let m = p.num_rows();
        let mut t = Tableau {
            rows: Vec::with_capacity(m),
            obj: Row::default(),
            basis: Vec::with_capacity(m),
            first_art,
            rhs: width - 1,
            ident: Vec::with_capacity(m),
            negated: Vec::with_capacity(m),
            pivots: 0,
            max_pivots: limits.max_pivots,
            work: 0,
            max_work: limits.max_work,
        };
        let (mut next_slack, mut next_art) = (n, first_art);
        for r in &p.rows {
            let (cmp, neg) = normalise(r.cmp, &r.rhs);
            let sign = |v: &Q| if neg { -v } else { v.clone() };
            let mut row = vec![Q::zero(); width];
            for (j, a) in &r.terms {
                row[*j] = sign(a);
            }
            row[width - 1] = sign(&r.rhs);
            // The starting basis column: the slack of a `≤` row, else a new artificial.
            let start = if cmp == Cmp::Le {
                row[next_slack] = qi(1);
                next_slack += 1;
                next_slack - 1
            } else {
                if cmp == Cmp::Ge {
                    row[next_slack] = qi(-1);
                    next_slack += 1;
                }
                row[next_art] = qi(1);
                next_art += 1;
                next_art - 1
            };
            // The row's lcm grows term by term: about Σ_j words(den so far)·words(d_j).
            let input_words: u64 = row
                .iter()
                .map(|v| words(v.denom()) + words(v.numer()))
                .sum();
            t.charge(input_words.saturating_mul(input_words))?;
            t.rows.push(Row::from_q(&row));
            t.basis.push(start);
            t.ident.push(start);
            t.negated.push(neg);
        }
        Ok(t)
    }

    /// Adds `cost` word operations to the work done, or stops at the budget.
    fn charge(&mut self, cost: u64) -> Result<(), LpError> {
        self.work = self.work.saturating_add(cost);
        if self.work > self.max_work {
            return Err(LpError::WorkLimit(self.pivots));
        }
        Ok(())
    }

    fn rhs(&self) -> usize {
        self.rhs
    }

    /// Bland's rule until optimal or unbounded.
    fn run(&mut self) -> Result<End, LpError> {
        let rhs = self.rhs();
        loop {
            let Some(e) = (0..self.first_art).find(|&j| self.obj.num[j].is_negative()) else {
                return Ok(End::Optimal);
            };
            // The smallest ratio rhs_i / a_ie over a_ie > 0 (the row denominators cancel),
            // compared by cross-multiplication; ties go to the smallest basic column.
            let mut best: Option<usize> = None;
            for (i, row) in self.rows.iter().enumerate() {
                if !row.num[e].is_positive() {
                    continue;
                }
                let better = best.is_none_or(|k| {
                    let other = &self.rows[k];
                    let (lhs, rhs_) =
                        (&row.num[rhs] * &other.num[e], &other.num[rhs] * &row.num[e]);
                    lhs < rhs_ || (lhs == rhs_ && self.basis[i] < self.basis[k])
                });
                if better {
                    best = Some(i);
                }
            }
            let Some(r) = best else {
                return Ok(End::Unbounded);
            };
            self.pivot(r, e)?;
        }
    }

    /// After phase 1 at value 0, pivots every basic artificial out on the smallest non-zero
    /// non-artificial column of its row (degenerate pivots: the row's value is 0). A row with
    /// no such column is redundant; its artificial stays basic at 0 and, the row being zero
    /// outside artificial columns, it is never chosen by a later ratio test.
    fn drive_out_artificials(&mut self) -> Result<(), LpError> {
        for r in 0..self.rows.len() {
            if self.basis[r] < self.first_art {
                continue;
            }
            if let Some(e) = (0..self.first_art).find(|&j| !self.rows[r].num[j].is_zero()) {
                self.pivot(r, e)?;
            }
        }
        Ok(())
    }

    /// Makes column `e` basic in row `r` (its entry there is non-zero).
    fn pivot(&mut self, r: usize, e: usize) -> Result<(), LpError> {
        self.pivots += 1;
        if self.pivots > self.max_pivots {
            return Err(LpError::PivotLimit(self.max_pivots));
        }
        let mut prow = std::mem::take(&mut self.rows[r]);
        prow.make_unit(e);
        let support: Vec<usize> = (0..prow.num.len())
            .filter(|&j| !prow.num[j].is_zero())
            .collect();
        let pivot_words = words(&prow.den)
            + support
                .iter()
                .map(|&j| words(&prow.num[j]))
                .max()
                .unwrap_or(1);
        for (i, row) in self.rows.iter_mut().enumerate() {
            if i != r {
                self.work = self
                    .work
                    .saturating_add(row.cost(e, support.len(), pivot_words));
                if self.work > self.max_work {
                    return Err(LpError::WorkLimit(self.pivots));
                }
                row.eliminate(e, &prow, &support);
            }
        }
        self.obj.eliminate(e, &prow, &support);
        self.rows[r] = prow;
        self.basis[r] = e;
        Ok(())
    }
}
