//! The steps of the grid heuristic (square-partitions.md section 6.4), their captions, and the
//! view model [`GridState`]. All numbers are the heuristic's `f64` values.

use serde::Serialize;

use super::ExactGrid;
use crate::trace::{Phase, Replay, Step};

/// One evaluated arrangement.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Evaluation {
    /// `arrangement[i][j]` = processor (0-based) at row `i`, column `j`.
    pub arrangement: Vec<Vec<usize>>,
    /// Row fractions after scaling.
    pub r: Vec<f64>,
    /// Column fractions after scaling.
    pub c: Vec<f64>,
    /// Utilisation `u_ij = r_i t_ij c_j`.
    pub u: Vec<Vec<f64>>,
    /// `V = Σr · Σc`.
    pub v: f64,
    /// Efficiency `V / Σ 1/t`.
    pub e: f64,
}

/// One event of the grid heuristic (processors 0-based; cells `(row, column)` 0-based).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum GridStep {
    /// (a) An arrangement is about to be evaluated.
    Arranged {
        /// Evaluation number (0-based).
        iteration: usize,
        /// Processor per cell.
        arrangement: Vec<Vec<usize>>,
        /// Cycle time per cell.
        times: Vec<Vec<f64>>,
    },
    /// (b) The speed matrix's rank-1 factors `σ a bᵀ`.
    Factored {
        /// Leading singular value.
        sigma: f64,
        /// Left singular vector.
        a: Vec<f64>,
        /// Right singular vector.
        b: Vec<f64>,
    },
    /// (c) `r = σa`, `c = b`, then every column scaled so that its busiest cell is tight.
    ScaledColumns {
        /// Rows.
        r: Vec<f64>,
        /// Columns.
        c: Vec<f64>,
    },
    /// (d) Every row scaled so that its busiest cell is tight: a feasible solution.
    ScaledRows {
        /// Rows.
        r: Vec<f64>,
        /// Columns.
        c: Vec<f64>,
        /// Utilisation per cell.
        u: Vec<Vec<f64>>,
        /// `V`.
        v: f64,
        /// Efficiency.
        e: f64,
    },
    /// (e) The perfectly balanced cycle times `T_opt = 1/(r_i c_j)` and the cells' ranks.
    Ranked {
        /// `T_opt`.
        t_opt: Vec<Vec<f64>>,
        /// Rank of each cell (1 = smallest `T_opt`, gets the fastest processor).
        rank: Vec<Vec<usize>>,
    },
    /// (f) The new arrangement.
    Rearranged {
        /// Processor per cell.
        arrangement: Vec<Vec<usize>>,
        /// Cells whose processor changed.
        changed: Vec<(usize, usize)>,
        /// It was already evaluated: the heuristic stops.
        repeated: bool,
    },
    /// The best evaluated arrangement was chosen.
    Chose {
        /// Its evaluation number.
        iteration: usize,
        /// Its `V`.
        v: f64,
        /// Its efficiency.
        e: f64,
    },
    /// `grid-exact`: one evaluated arrangement solved exactly (§4.3, spanning trees of tight
    /// cells, rationals).
    SolvedExactly {
        /// The evaluation number of the arrangement.
        iteration: usize,
        /// Its exact optimum.
        exact: ExactGrid,
    },
    /// `grid-exact`: the arrangement with the largest exact `V` was kept.
    ChoseExact {
        /// Its evaluation number.
        iteration: usize,
        /// Its exact `V`, as a float for the caption.
        v: f64,
    },
}

/// Pseudocode shown beside the figure; [`Phase::line`] indexes it.
pub const GRID_PSEUDOCODE: &[&str] = &[
    "arrange the cycle times ascending, row by row",
    "S := (1/t_ij); leading singular triplet (σ, a, b) by power iteration",
    "r := σa, c := b; scale each column so its busiest cell is tight",
    "scale each row so its busiest cell is tight; V := Σr·Σc",
    "T_opt := 1/(r_i c_j); rank the cells (ties column-major)",
    "give the sorted cycle times to the cells in rank order; stop if seen before",
    "output the arrangement with the largest V",
    "exact (P·Q ≤ 16): best spanning tree of tight cells per arrangement (§4.3)",
];

fn list(v: &[f64]) -> String {
    v.iter()
        .map(|x| format!("{x:.4}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Step for GridStep {
    type Context<'a> = ();

    fn caption(&self, (): &()) -> String {
        match self {
            GridStep::Arranged { iteration, times, .. } => {
                let rows: Vec<String> = times.iter().map(|r| format!("[{}]", list(r))).collect();
                format!("Arrangement {}: cycle times by row {}.", iteration + 1, rows.join(" "))
            }
            GridStep::Factored { sigma, a, b } => format!(
                "Approximated the speed matrix by the rank-1 matrix σ·a·bᵀ with σ = {sigma:.4}, a = ({}), b = ({}).",
                list(a), list(b)
            ),
            GridStep::ScaledColumns { c, .. } => format!(
                "Took r = σ·a and c = b, then shrank each column until its busiest processor is exactly saturated: c = ({}).",
                list(c)
            ),
            GridStep::ScaledRows { r, v, e, .. } => format!(
                "Shrank each row likewise: r = ({}). Every constraint holds; V = Σr·Σc = {v:.4}, efficiency {e:.4}.",
                list(r)
            ),
            GridStep::Ranked { .. } => "Computed the cycle times T_opt = 1/(r_i·c_j) that these rows and columns would balance perfectly, and ranked the cells by them.".to_owned(),
            GridStep::Rearranged { changed, repeated, .. } => {
                if *repeated {
                    format!("Gave the fastest processors to the lowest-ranked cells ({} cell(s) change): this arrangement was already evaluated, so the heuristic stops.", changed.len())
                } else {
                    format!("Gave the fastest processors to the lowest-ranked cells: {} cell(s) change; the new arrangement is evaluated next.", changed.len())
                }
            }
            GridStep::Chose { iteration, v, e } => format!(
                "Kept arrangement {} with the largest V = {v:.4} (efficiency {e:.4}).",
                iteration + 1
            ),
            GridStep::SolvedExactly { iteration, exact } => format!(
                "Solved arrangement {} exactly: of {} spanning trees of tight cells, {} satisfy every constraint; the best gives V = {} ≈ {:.6} (efficiency {:.6}).",
                iteration + 1,
                exact.trees,
                exact.acceptable,
                crate::rational::frac(&exact.v),
                crate::rational::to_f64(&exact.v),
                crate::rational::to_f64(&exact.e),
            ),
            GridStep::ChoseExact { iteration, v } => format!(
                "Kept arrangement {} with the largest exact V ≈ {v:.6}.",
                iteration + 1
            ),
        }
    }

    fn phase(&self) -> Phase {
        let (name, line) = match self {
            GridStep::Arranged { .. } => ("arrange", 0),
            GridStep::Factored { .. } => ("factor", 1),
            GridStep::ScaledColumns { .. } => ("scale", 2),
            GridStep::ScaledRows { .. } => ("scale", 3),
            GridStep::Ranked { .. } => ("rank", 4),
            GridStep::Rearranged { .. } => ("rearrange", 5),
            GridStep::Chose { .. } => ("choose", 6),
            GridStep::SolvedExactly { .. } | GridStep::ChoseExact { .. } => ("exact", 7),
        };
        Phase { name, line }
    }
}

/// What the figure shows after some steps of the grid heuristic.
#[derive(Clone, Debug, PartialEq, Default, Serialize)]
pub struct GridState {
    /// Evaluation in progress (0-based).
    pub iteration: usize,
    /// Processor per cell of the current arrangement.
    pub arrangement: Vec<Vec<usize>>,
    /// Cycle time per cell.
    pub times: Vec<Vec<f64>>,
    /// `(σ, a, b)` once factored.
    pub factors: Option<(f64, Vec<f64>, Vec<f64>)>,
    /// Current row fractions.
    pub r: Vec<f64>,
    /// Current column fractions.
    pub c: Vec<f64>,
    /// Utilisation heat-map, once feasible.
    pub u: Vec<Vec<f64>>,
    /// `(V, E)` once feasible.
    pub value: Option<(f64, f64)>,
    /// `T_opt` and ranks, once ranked.
    pub t_opt: Vec<Vec<f64>>,
    /// Rank per cell.
    pub rank: Vec<Vec<usize>>,
    /// The proposed next arrangement.
    pub next: Option<Vec<Vec<usize>>>,
    /// The cells whose processor changes in it.
    pub changed: Vec<(usize, usize)>,
    /// Every evaluation completed so far (the last frame draws `evaluations[best]`).
    pub evaluations: Vec<Evaluation>,
    /// The chosen evaluation, at the end.
    pub best: Option<usize>,
    /// `grid-exact`: the exact optimum of each arrangement solved so far, by evaluation number.
    pub exact: Vec<(usize, ExactGrid)>,
    /// `grid-exact`: the arrangement kept, at the end.
    pub best_exact: Option<usize>,
}

impl Replay for GridState {
    type Step = GridStep;

    fn apply(&mut self, step: &GridStep) {
        match step {
            GridStep::Arranged {
                iteration,
                arrangement,
                times,
            } => {
                *self = GridState {
                    iteration: *iteration,
                    arrangement: arrangement.clone(),
                    times: times.clone(),
                    evaluations: std::mem::take(&mut self.evaluations),
                    ..GridState::default()
                };
            }
            GridStep::Factored { sigma, a, b } => {
                self.factors = Some((*sigma, a.clone(), b.clone()));
            }
            GridStep::ScaledColumns { r, c } => {
                self.r.clone_from(r);
                self.c.clone_from(c);
            }
            GridStep::ScaledRows { r, c, u, v, e } => {
                self.r.clone_from(r);
                self.c.clone_from(c);
                self.u.clone_from(u);
                self.value = Some((*v, *e));
                self.evaluations.push(Evaluation {
                    arrangement: self.arrangement.clone(),
                    r: r.clone(),
                    c: c.clone(),
                    u: u.clone(),
                    v: *v,
                    e: *e,
                });
            }
            GridStep::Ranked { t_opt, rank } => {
                self.t_opt.clone_from(t_opt);
                self.rank.clone_from(rank);
            }
            GridStep::Rearranged {
                arrangement,
                changed,
                ..
            } => {
                self.next = Some(arrangement.clone());
                self.changed.clone_from(changed);
            }
            GridStep::Chose { iteration, .. } => self.best = Some(*iteration),
            GridStep::SolvedExactly { iteration, exact } => {
                self.exact.push((*iteration, exact.clone()));
            }
            GridStep::ChoseExact { iteration, .. } => self.best_exact = Some(*iteration),
        }
    }
}
