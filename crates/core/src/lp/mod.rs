//! Exact linear programming for small problems: maximise `c·x` subject to rows
//! `a_i·x (≤ | = | ≥) b_i` and `x ≥ 0`, answered in rationals and certified (steady-state.md
//! section 2.6). This is the only module of HetLab that touches an LP crate; the steady-state LP
//! and later the broadcast LP are built on top of it.
//!
//! # Method
//! [`solve`] first checks the size ([`Limits`]), then:
//! 1. **Float, then certify** (`float.rs`): the LP is first scaled by powers of two (rows and
//!    columns equilibrated, exact in doubles and rationals); when some scaled coefficient is
//!    still outside `2^±`[`MAX_SCALED_EXP`] minilp is not called at all (it overflows its
//!    squared edge norms near `1e154` and calls a basis mixing `1e39` with `1` singular; our
//!    copy reports both as `Error::Numerical` instead of panicking, as it does any singular
//!    basis), and step 2 decides. Otherwise minilp solves the primal, and its dual
//!    is read from the optimal basis (`Solution::dual_values`, which HetLab's copy of minilp
//!    adds: crates/minilp/PATCHED.md); the dual LP is solved on its own only when that pair
//!    does not certify. Each value becomes the best rational with a denominator at
//!    most [`RECONSTRUCT_MAX_DENOM`] (continued fractions); if [`certify`] rejects that pair,
//!    the point and the dual are recomputed exactly from the float solution's supports (the
//!    rows tight at the float point, the variables above [`SUPPORT_TOL`], and symmetrically for
//!    the dual) by exact Gauss–Jordan elimination, and certified again. [`certify`] checks
//!    primal feasibility, dual feasibility and equal objectives, which proves optimality by
//!    weak duality: nothing the float solver says is returned unchecked.
//! 2. **Exact simplex** (`exact.rs`) when neither pair is certified, or the float solver claims
//!    infeasible/unbounded (claims it cannot prove) or fails numerically (a singular basis: the
//!    complete K5 of issue 34 with costs from 1 to `10^12`): a dense two-phase tableau with Bland's rule
//!    (smallest-index entering column; ratio-test ties to the smallest basic index), which
//!    cannot cycle. Its answer is certified too. [`solve_exact`] runs it alone.
//! 3. When the exact tableau is over [`Limits::exact_max_cells`], the answer is
//!    [`LpError::Uncertified`] carrying the float value, to show as "approximate, not verified".
//!
//! # Why minilp 0.2.2, not microlp 0.7.0
//! Measured natively (release build, this 2-core machine) on random LPs with `n` variables,
//! `n/2` dense-ish rows (one in five `≥`) and `n` bounds; mean time per solve, both crates
//! agreeing on every optimum:
//!
//! | n | density | microlp | minilp |
//! |---|---|---|---|
//! | 50 | 0.3 | 0.69 ms | 0.50 ms |
//! | 100 | 0.3 | 2.2 ms | 1.8 ms |
//! | 200 | 0.2 | 9.7 ms | 8.5 ms |
//! | 500 | 0.1 | 77 ms | 68 ms |
//!
//! On 200 000 random LPs of at most 6 variables and 6 rows neither crate panicked and they
//! agreed on every status and optimum, except that minilp returned 83 566 of the unbounded ones
//! as a "solution" with an infinite or NaN objective (read here as unbounded, and never trusted
//! anyway). minilp is faster, ten times smaller (4.5k lines against 35k, so a smaller wasm) and
//! pure arithmetic, while microlp reads a clock (`web-time`, which pulls `wasm-bindgen` into a
//! core that promises no clock and no web dependency). Its being unmaintained matters little
//! here since its answers are only proposals.
//!
//! # Measured on steady-state LPs (section 2.2, random connected platforms)
//! Costs `w`, `c` drawn from `1..=10`, or from `0.10..=9.99` ("decimals"); mean (max) per solve.
//!
//! | nodes, arcs | float + certify, native | wasm (Node) | exact simplex, native | wasm |
//! |---|---|---|---|---|
//! | 25, 100 | 1.0 ms | 1.4 ms | 5.2 (11) ms | 5.9 (15) ms |
//! | 25, 100, decimals | 2.6 ms | 3.0 ms | 13 (118) ms | 19 (180) ms |
//! | 40, 200 | 1.9 ms | 2.3 ms | 12 (18) ms | 13 (21) ms |
//! | 40, 200, decimals | 5.6 ms | 7.5 ms | 182 (1614) ms | 306 (2795) ms |
//! | 100, 600, decimals | 22 ms | 21 ms | 2.9 (8.3) s | 5.2 (14.7) s |
//!
//! The float path certified every one of these 226 LPs (same instances on both targets) (the support solve is what makes the
//! decimal ones pass: their optima have denominators far above 10^6); the exact simplex is the
//! fallback, e.g. for the huge numbers of section 6.7, where doubles lose the answer. The
//! default [`Limits::exact_max_cells`] (50 000 cells, about 25 nodes and 100 arcs with result
//! files) keeps that fallback well under a second in the browser on these measurements.
//!
//! # Determinism
//! The exact path is exact. The float path returns only values that [`certify`] accepted, so the
//! optimal *value* is the same everywhere; the optimal *point* (when the optimum is not unique)
//! is the one minilp found, and minilp is deterministic across wasm32 and native: it uses only
//! IEEE-754 `+ − × ÷ √` and comparisons (Rust never fuses them into FMAs), no clock, no hash-map
//! iteration, and `sprs` only to store matrices. Checked: the bits of minilp's primal and dual
//! values and the returned point agreed between wasm32 (Node) and x86-64 on 24 steady-state
//! LPs of up to 100 nodes and 600 arcs.
//!
//! # Tolerances
//! None reaches a returned number. minilp's internal tolerances only decide which float point
//! is proposed; [`RECONSTRUCT_MAX_DENOM`] and [`SUPPORT_TOL`] only decide which rationals are
//! tried; [`certify`] then decides exactly.

mod basis;
mod certify;
mod columns;
mod exact;
mod float;
mod scaling;
mod solve;
mod stages;
mod warm;

pub use basis::solve_basis;
pub use certify::certify;
pub use columns::ColumnLp;
pub use solve::{solve, solve_exact, solve_with};
pub use stages::solve_then;
pub use warm::{dyadic, Warm};

pub use scaling::MAX_SCALED_EXP;
#[cfg(test)]
mod tests;

use num_traits::Zero;

use crate::rational::Q;

/// Largest denominator tried when turning a float into a rational (continued fractions).
pub const RECONSTRUCT_MAX_DENOM: u64 = 1_000_000;

/// A float value above this (relative to the magnitudes involved) counts as non-zero when the
/// float path reads which variables are positive and which rows are tight; it only chooses
/// which exact system is solved, never a returned number.
pub const SUPPORT_TOL: f64 = 1e-9;

/// The relation of a row: `a·x ≤ b`, `a·x = b` or `a·x ≥ b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `a·x ≤ b`; its dual value is `≥ 0`.
    Le,
    /// `a·x = b`; its dual value is free.
    Eq,
    /// `a·x ≥ b`; its dual value is `≤ 0`.
    Ge,
}

/// One row `a·x (cmp) b`, its terms sorted by variable, merged, without zeros.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    terms: Vec<(usize, Q)>,
    cmp: Cmp,
    rhs: Q,
}

/// A linear program: maximise `c·x` subject to the rows, all variables `≥ 0`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Problem {
    objective: Vec<Q>,
    rows: Vec<Row>,
    /// The first out-of-range variable index a builder call received; [`solve`] reports it.
    bad_var: Option<usize>,
}

impl Problem {
    /// An LP over `num_vars` variables with objective 0 and no rows.
    #[must_use]
    pub fn new(num_vars: usize) -> Self {
        Problem {
            objective: vec![Q::zero(); num_vars],
            rows: Vec::new(),
            bad_var: None,
        }
    }

    /// Number of variables.
    #[must_use]
    pub fn num_vars(&self) -> usize {
        self.objective.len()
    }

    /// Number of rows.
    #[must_use]
    pub fn num_rows(&self) -> usize {
        self.rows.len()
    }

    /// Sets the objective coefficient of `var` (replacing any earlier one). An index out of
    /// range is reported by [`solve`] as [`LpError::BadVariable`].
    pub fn objective(&mut self, var: usize, coef: Q) {
        match self.objective.get_mut(var) {
            Some(c) => *c = coef,
            None => self.note_bad(var),
        }
    }

    /// Adds the row `Σ coef·x_var (cmp) rhs` and returns its index (the index of its dual
    /// value). Repeated variables are summed. An index out of range is reported by [`solve`].
    pub fn constraint(&mut self, terms: Vec<(usize, Q)>, cmp: Cmp, rhs: Q) -> usize {
        let mut terms = terms;
        if let Some(&(var, _)) = terms.iter().find(|(var, _)| *var >= self.num_vars()) {
            self.note_bad(var);
            terms.retain(|(var, _)| *var < self.num_vars());
        }
        // By variable, the terms of one variable added up (a stable sort keeps their order).
        terms.sort_by_key(|&(var, _)| var);
        let mut merged: Vec<(usize, Q)> = Vec::with_capacity(terms.len());
        for (var, coef) in terms {
            match merged.last_mut() {
                Some((last, sum)) if *last == var => *sum += coef,
                _ => merged.push((var, coef)),
            }
        }
        merged.retain(|(_, c)| !c.is_zero());
        self.rows.push(Row {
            terms: merged,
            cmp,
            rhs,
        });
        self.rows.len() - 1
    }

    fn note_bad(&mut self, var: usize) {
        self.bad_var.get_or_insert(var);
    }

    /// `c·x` (terms beyond either length are ignored).
    #[cfg(test)]
    fn value_of(&self, x: &[Q]) -> Q {
        self.objective.iter().zip(x).map(|(c, v)| c * v).sum()
    }
}

/// How an optimal solution was obtained (both ways are certified exactly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The exact rational simplex.
    Exact,
    /// The float solver, then rational reconstruction and [`certify`].
    FloatCertified,
}

/// An optimal solution, certified by [`certify`].
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The optimal value `c·x` (equal to `b·dual`).
    pub value: Q,
    /// An optimal point, one value per variable.
    pub x: Vec<Q>,
    /// An optimal dual, one value per row: `≥ 0` for `≤` rows, `≤ 0` for `≥` rows, free for
    /// `=` rows, with `Σ_i dual_i·a_ij ≥ c_j` for every variable `j`.
    pub dual: Vec<Q>,
    /// How it was obtained.
    pub method: Method,
}

/// The exact answer to an LP.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// An optimum exists.
    Optimal(Solution),
    /// No point satisfies every row.
    Infeasible,
    /// The objective grows without limit.
    Unbounded,
}

/// Size budgets, so that a solve in the browser never hangs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// More variables than this are refused outright.
    pub max_vars: usize,
    /// More rows than this are refused outright.
    pub max_rows: usize,
    /// The exact simplex is not started when its tableau would hold more cells than this
    /// (rows × columns, slack and artificial columns included).
    pub exact_max_cells: usize,
    /// The exact simplex gives up after this many pivots.
    pub max_pivots: usize,
    /// The exact simplex gives up once its estimated arithmetic work passes this many 64-bit
    /// word operations. Pivots alone do not bound time: with 40-digit inputs the tableau's
    /// numbers grow with every pivot, and a few hundred pivots could take minutes.
    pub max_work: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_vars: 2000,
            max_rows: 1000,
            exact_max_cells: 50_000,
            max_pivots: 10_000,
            max_work: MAX_WORK,
        }
    }
}

/// Default [`Limits::max_work`]: about a second of big-integer arithmetic in a native release
/// build (measured on dense LPs of 40-digit fractions: 40 M word operations took 0.2 s), a few
/// seconds in the browser.
pub const MAX_WORK: u64 = 200_000_000;

/// Why no exact answer was given.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LpError {
    /// A builder call named a variable that does not exist.
    #[error("variable {var} does not exist (the problem has {num_vars} variables)")]
    BadVariable {
        /// The index given.
        var: usize,
        /// Variables in the problem.
        num_vars: usize,
    },
    /// Above [`Limits::max_vars`] or [`Limits::max_rows`].
    #[error(
        "the LP is too large ({vars} variables, {rows} rows; at most {max_vars} and {max_rows})"
    )]
    TooLarge {
        /// Variables in the problem.
        vars: usize,
        /// Rows in the problem.
        rows: usize,
        /// The variable limit.
        max_vars: usize,
        /// The row limit.
        max_rows: usize,
    },
    /// The float answer could not be certified and the exact simplex is over its budget.
    #[error("approximate, not verified ({reason}); the float optimum is {}", .float_value.map_or_else(|| "unknown".to_owned(), |v| format!("≈ {v}")))]
    Uncertified {
        /// The float optimum, if the float solver found one.
        float_value: Option<f64>,
        /// Why no exact answer was obtained.
        reason: String,
    },
    /// The exact simplex stopped after [`Limits::max_pivots`] pivots.
    #[error("the exact simplex stopped after {0} pivots")]
    PivotLimit(usize),
    /// The exact simplex stopped when its arithmetic passed [`Limits::max_work`] (its numbers
    /// grew too long); the value is the number of pivots done.
    #[error("the exact simplex stopped after {0} pivots: its numbers grew too long to finish in time (the input's values have too many digits)")]
    WorkLimit(usize),
    /// An exact answer failed its own certificate: a bug.
    #[error("internal error: {0}")]
    Internal(String),
}
