//! The grid heuristic of section 4.4: rank-1 approximation of the speed matrix by power
//! iteration, feasibility scaling, and re-arrangement by the ranking of the perfectly balanced
//! cycle times, until an arrangement recurs.
//!
//! Floating point, as the spec defines it: power iteration to [`POWER_TOL`] (at most
//! [`POWER_MAX_ITER`] rounds) and ties in the ranking within the relative [`TIE_REL`]. The
//! results are deterministic (no randomness, fixed iteration order).

use crate::sort;
use serde::Serialize;

use super::{Evaluation, GridStep};
use crate::error::SolveError;
use crate::rational::{to_f64, Q};
use crate::trace::{Trace, Traced};

/// Power iteration stops when `‖b_new − b‖` is below this.
pub const POWER_TOL: f64 = 1e-14;
/// Power iteration never runs more rounds than this.
pub const POWER_MAX_ITER: usize = 10_000;
/// Values of `T_opt` within this relative distance of a run's first value are tied.
pub const TIE_REL: f64 = 1e-9;
/// Most arrangements evaluated.
const MAX_EVALUATIONS: usize = 100;

/// The heuristic's result: every arrangement evaluated, and the best.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct GridHeuristic {
    /// Grid rows `P`.
    pub rows: usize,
    /// Grid columns `Q`.
    pub cols: usize,
    /// The evaluations in order.
    pub evaluations: Vec<Evaluation>,
    /// Index of the best (largest `V`, first on ties).
    pub best: usize,
    /// `V` of the block-cyclic baseline (equal rows and columns): `P·Q / max t`.
    pub block_cyclic: f64,
}

/// Runs the grid heuristic for `rows × cols` processors with cycle times `times` (the
/// `rows·cols` fastest are used when more are given).
///
/// # Complexity
/// At most 100 evaluations, each `O(PQ)` per power-iteration round plus an `O(PQ log PQ)`
/// ranking.
///
/// # Errors
/// When the grid is empty, fewer than `rows·cols` cycle times are given, or one is not
/// positive.
///
/// ```
/// use hetlab_core::rational::q;
/// use hetlab_core::square::grid::heuristic;
/// let h = heuristic(&[q(1, 1), q(2, 1), q(3, 1), q(6, 1)], 2, 2).unwrap();
/// assert!((h.evaluations[h.best].v - 2.0).abs() < 1e-9);
/// ```
pub fn heuristic(times: &[Q], rows: usize, cols: usize) -> Result<GridHeuristic, SolveError> {
    run(times, rows, cols, &mut |_| {})
}

/// As [`heuristic`], with the steps of section 6.4.
///
/// # Errors
/// As [`heuristic`].
pub fn heuristic_traced(
    times: &[Q],
    rows: usize,
    cols: usize,
) -> Result<Traced<GridHeuristic, GridStep>, SolveError> {
    let mut trace = Trace::default();
    let solution = run(times, rows, cols, &mut |s| trace.push(s))?;
    Ok(Traced { solution, trace })
}

pub(super) fn run(
    times: &[Q],
    rows: usize,
    cols: usize,
    emit: &mut impl FnMut(GridStep),
) -> Result<GridHeuristic, SolveError> {
    let n = rows * cols;
    if n == 0 {
        return Err("the grid needs at least one row and one column".into());
    }
    if times.len() < n {
        return Err(format!(
            "a {rows} × {cols} grid needs {n} cycle times, got {}",
            times.len()
        )
        .into());
    }
    if times.iter().any(|t| !num_traits::Signed::is_positive(t)) {
        return Err("cycle times must be > 0".into());
    }
    // The processors by increasing cycle time (ties by index); the n fastest are used.
    let mut fastest: Vec<usize> = (0..times.len()).collect();
    sort::by(&mut fastest, |&a, &b| {
        times[a].cmp(&times[b]).then(a.cmp(&b))
    });
    fastest.truncate(n);
    let t: Vec<f64> = times.iter().map(to_f64).collect();
    let mut arrangement: Vec<Vec<usize>> = fastest.chunks(cols).map(<[usize]>::to_vec).collect();
    let mut evaluations: Vec<Evaluation> = Vec::new();
    loop {
        emit(GridStep::Arranged {
            iteration: evaluations.len(),
            arrangement: arrangement.clone(),
            times: cell_times(&arrangement, &t),
        });
        let eval = evaluate(&arrangement, &t, emit);
        let next = rearrange(&eval, &fastest, rows, cols, emit);
        evaluations.push(eval);
        let repeated = evaluations.iter().any(|e| e.arrangement == next);
        let changed = (0..rows)
            .flat_map(|i| (0..cols).map(move |j| (i, j)))
            .filter(|&(i, j)| next[i][j] != arrangement[i][j])
            .collect();
        emit(GridStep::Rearranged {
            arrangement: next.clone(),
            changed,
            repeated,
        });
        if repeated || evaluations.len() >= MAX_EVALUATIONS {
            break;
        }
        arrangement = next;
    }
    let mut best = 0;
    for (k, e) in evaluations.iter().enumerate() {
        if e.v > evaluations[best].v {
            best = k;
        }
    }
    emit(GridStep::Chose {
        iteration: best,
        v: evaluations[best].v,
        e: evaluations[best].e,
    });
    let slowest = fastest.iter().map(|&k| t[k]).fold(0.0, f64::max);
    Ok(GridHeuristic {
        rows,
        cols,
        evaluations,
        best,
        block_cyclic: n as f64 / slowest,
    })
}

fn cell_times(arrangement: &[Vec<usize>], t: &[f64]) -> Vec<Vec<f64>> {
    arrangement
        .iter()
        .map(|row| row.iter().map(|&k| t[k]).collect())
        .collect()
}

/// Step 2 of section 4.4: leading singular triplet of the speed matrix, then column and row
/// scaling to feasibility.
fn evaluate(arrangement: &[Vec<usize>], t: &[f64], emit: &mut impl FnMut(GridStep)) -> Evaluation {
    let tt = cell_times(arrangement, t);
    let speed: Vec<Vec<f64>> = tt
        .iter()
        .map(|row| row.iter().map(|x| 1.0 / x).collect())
        .collect();
    let (sigma, a, b) = leading_triplet(&speed);
    emit(GridStep::Factored {
        sigma,
        a: a.clone(),
        b: b.clone(),
    });
    let (rows, cols) = (tt.len(), tt[0].len());
    let mut r: Vec<f64> = a.iter().map(|x| sigma * x).collect();
    let mut c = b;
    for j in 0..cols {
        let m = (0..rows)
            .map(|i| r[i] * tt[i][j] * c[j])
            .fold(0.0, f64::max);
        c[j] /= m;
    }
    emit(GridStep::ScaledColumns {
        r: r.clone(),
        c: c.clone(),
    });
    for i in 0..rows {
        let m = (0..cols)
            .map(|j| r[i] * tt[i][j] * c[j])
            .fold(0.0, f64::max);
        r[i] /= m;
    }
    let u: Vec<Vec<f64>> = (0..rows)
        .map(|i| (0..cols).map(|j| r[i] * tt[i][j] * c[j]).collect())
        .collect();
    let v = r.iter().sum::<f64>() * c.iter().sum::<f64>();
    let e = v / speed.iter().flatten().sum::<f64>();
    emit(GridStep::ScaledRows {
        r: r.clone(),
        c: c.clone(),
        u: u.clone(),
        v,
        e,
    });
    Evaluation {
        arrangement: arrangement.to_vec(),
        r,
        c,
        u,
        v,
        e,
    }
}

/// `(σ, a, b)` by power iteration on `SᵀS` from the uniform unit vector.
fn leading_triplet(s: &[Vec<f64>]) -> (f64, Vec<f64>, Vec<f64>) {
    let (rows, cols) = (s.len(), s[0].len());
    let times = |b: &[f64]| -> Vec<f64> {
        (0..rows)
            .map(|i| (0..cols).map(|j| s[i][j] * b[j]).sum())
            .collect()
    };
    let norm = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>().sqrt();
    let mut b = vec![1.0 / (cols as f64).sqrt(); cols];
    for _ in 0..POWER_MAX_ITER {
        let y = times(&b);
        let z: Vec<f64> = (0..cols)
            .map(|j| (0..rows).map(|i| s[i][j] * y[i]).sum())
            .collect();
        let nz = norm(&z);
        let next: Vec<f64> = z.iter().map(|x| x / nz).collect();
        let diff = norm(&next.iter().zip(&b).map(|(x, y)| x - y).collect::<Vec<_>>());
        b = next;
        if diff < POWER_TOL {
            break;
        }
    }
    let sb = times(&b);
    let sigma = norm(&sb);
    let a = sb.iter().map(|x| x / sigma).collect();
    (sigma, a, b)
}

/// Step 3: rank the cells by `T_opt = 1/(r_i c_j)` (ties within [`TIE_REL`] column-major)
/// and give them the cycle times in increasing order.
fn rearrange(
    eval: &Evaluation,
    fastest: &[usize],
    rows: usize,
    cols: usize,
    emit: &mut impl FnMut(GridStep),
) -> Vec<Vec<usize>> {
    let t_opt: Vec<Vec<f64>> = (0..rows)
        .map(|i| (0..cols).map(|j| 1.0 / (eval.r[i] * eval.c[j])).collect())
        .collect();
    let mut cells: Vec<(usize, usize)> = (0..rows)
        .flat_map(|i| (0..cols).map(move |j| (i, j)))
        .collect();
    sort::by(&mut cells, |&(a, b), &(c, d)| {
        t_opt[a][b].total_cmp(&t_opt[c][d])
    });
    let mut ranked = Vec::with_capacity(cells.len());
    let mut k = 0;
    while k < cells.len() {
        let first = t_opt[cells[k].0][cells[k].1];
        let mut end = k + 1;
        while end < cells.len() && t_opt[cells[end].0][cells[end].1] <= first * (1.0 + TIE_REL) {
            end += 1;
        }
        let mut run = cells[k..end].to_vec();
        sort::by_key(&mut run, |&(i, j)| (j, i));
        ranked.extend(run);
        k = end;
    }
    let mut next = vec![vec![0; cols]; rows];
    let mut rank = vec![vec![0; cols]; rows];
    for (pos, &(i, j)) in ranked.iter().enumerate() {
        next[i][j] = fastest[pos];
        rank[i][j] = pos + 1;
    }
    emit(GridStep::Ranked { t_opt, rank });
    next
}
