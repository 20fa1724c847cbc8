//! The number of processors used against `W/H` (ring.md §10.2, paper Fig. 3), for the greedy and
//! for the exact method, with the transition points found by bisection — the data of the page's
//! `W/H` slider and step plot.
//!
//! Only the ratio `W/H` matters (`T_step` scales with `H`), so a point is computed with `H = 1`
//! and `W = W/H`, and reports `T_step/H`. This is display data: it is computed in `f64` with the
//! tie tolerance of model.rs ([`super::model::TIE`]); the exact method reuses one exact
//! Held–Karp table (independent of `W` and `H`) for every ratio.

use serde::Serialize;

use super::exhaustive::next_combination;
use super::greedy::{best_of, grow, Float};
use super::held_karp::Table;
use super::model::{Model, Val};
use super::scaled::Scaled;
use super::{fastest, RingError, MAX_EXACT};
use crate::rational::{qi, to_f64, Q};
use crate::ring::Ring;

/// Which method the curve follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// The greedy of §6.
    Greedy,
    /// The exact optimum (subset Held–Karp, §5.2).
    Exact,
}

/// One point of the curve.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Point {
    /// `W/H`.
    pub ratio: f64,
    /// Processors used.
    pub q: usize,
    /// `T_step/H`.
    pub t: f64,
    /// The exact method's bounds met (always true for the greedy).
    pub certified: bool,
}

/// A change of the number of processors used.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Transition {
    /// `W/H` where it happens (to a relative `1e-10`).
    pub ratio: f64,
    /// Processors used just below.
    pub from: usize,
    /// Processors used just above.
    pub to: usize,
}

/// One subset's Held–Karp data in `f64`: size, `L*`, `Σ 1/w`, `max comm` of its tour.
struct Subset {
    q: usize,
    l: f64,
    inv: f64,
    mc: f64,
}

/// Computes the curve of one method on one platform.
pub struct Sweeper {
    method: Method,
    model: Model<f64>,
    subsets: Vec<Subset>,
}

impl Sweeper {
    /// Prepares the curve (for the exact method: the Held–Karp table, `O(2^p·p²)`).
    ///
    /// # Errors
    /// For the exact method: more than [`MAX_EXACT`] processors, or costs that cannot be scaled
    /// to exact integers.
    pub fn new(r: &Ring, method: Method) -> Result<Sweeper, RingError> {
        let exact = Model::<Q>::with_ratio(r, &qi(1), &qi(1));
        let model = exact.to_f64();
        let mut subsets = Vec::new();
        if method == Method::Exact {
            let p = r.p();
            if p > MAX_EXACT {
                return Err(RingError::TooLarge(format!(
                    "the exact curve takes at most {MAX_EXACT} processors, got {p}"
                )));
            }
            let s = Scaled::new(&exact).ok_or_else(|| {
                RingError::NotApplicable(
                    "the costs cannot be scaled to exact integers for Held–Karp".to_owned(),
                )
            })?;
            let table = Table::new(&s.d);
            let unit = to_f64(&s.c_unit);
            for q in 2..=p {
                let mut subset: Vec<usize> = (0..q).collect();
                loop {
                    let mask = subset.iter().fold(0, |m, &i| m | (1 << i));
                    let (len, tour) = table.tour(mask, &s.d);
                    subsets.push(Subset {
                        q,
                        l: to_f64(&s.l(len)),
                        inv: model.inv(&subset),
                        mc: s.key(&tour).1 as f64 * unit,
                    });
                    if !next_combination(&mut subset, p) {
                        break;
                    }
                }
            }
        }
        Ok(Sweeper {
            method,
            model,
            subsets,
        })
    }

    /// The point at `W/H = ratio`.
    #[must_use]
    pub fn at(&self, ratio: f64) -> Point {
        let m = &self.model;
        let start = fastest(&m.w);
        let alone = ratio * m.w[start];
        match self.method {
            Method::Greedy => {
                let mut model = m.clone();
                model.work = ratio;
                let mut judge = Float(&model);
                let history = grow(&mut judge, m.p, start, alone, &mut ());
                let k = best_of(&judge, &history);
                Point {
                    ratio,
                    q: history[k].0.len(),
                    t: history[k].1,
                    certified: true,
                }
            }
            Method::Exact => {
                let (mut q, mut ub, mut lb) = (1, alone, alone);
                for s in &self.subsets {
                    let closed = (ratio + s.l) / s.inv;
                    let t = closed.max(s.mc);
                    if t.less(&ub) {
                        (q, ub) = (s.q, t);
                    }
                    if closed.less(&lb) {
                        lb = closed;
                    }
                }
                Point {
                    ratio,
                    q,
                    t: ub,
                    certified: !lb.less(&ub),
                }
            }
        }
    }

    /// The points at each ratio.
    #[must_use]
    pub fn series(&self, ratios: &[f64]) -> Vec<Point> {
        ratios.iter().map(|&x| self.at(x)).collect()
    }

    /// The transitions on `[lo, hi]`: `samples` log-spaced points, then a bisection (in log
    /// scale) of every interval whose ends use different numbers of processors, repeated from
    /// each change found until the interval's right end is reached (so that close changes are
    /// all listed).
    #[must_use]
    pub fn transitions(&self, lo: f64, hi: f64, samples: usize) -> Vec<Transition> {
        let grid = log_grid(lo, hi, samples);
        let mut out = Vec::new();
        let mut prev = self.at(grid[0]);
        for &x in &grid[1..] {
            let here = self.at(x);
            // Every change inside the interval, one bisection each (several can be close).
            let (mut a, mut qa) = (prev.ratio, prev.q);
            while qa != here.q {
                let (mut lo, mut hi, mut qhi) = (a, x, here.q);
                while hi / lo > 1.0 + 1e-12 {
                    let mid = (lo * hi).sqrt();
                    let qm = self.at(mid).q;
                    if qm == qa {
                        lo = mid;
                    } else {
                        (hi, qhi) = (mid, qm);
                    }
                }
                out.push(Transition {
                    ratio: hi,
                    from: qa,
                    to: qhi,
                });
                (a, qa) = (hi, qhi);
            }
            prev = here;
        }
        out
    }
}

/// `n ≥ 2` ratios spaced evenly in log scale from `lo` to `hi` (both positive). The logarithm
/// and the exponential are `libm`'s, the same code on wasm32 and on the host (the platform's
/// `f64::ln` may differ in the last bit): the grid is part of the explained document, which
/// the browser and the command line must write byte for byte alike.
#[must_use]
pub fn log_grid(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    let n = n.clamp(2, 100_000);
    let (a, b) = (libm::log(lo.max(f64::MIN_POSITIVE)), libm::log(hi.max(lo)));
    (0..n)
        .map(|k| libm::exp(a + (b - a) * k as f64 / (n - 1) as f64))
        .collect()
}
