//! Exhaustive search (ring.md §5.1): every size `q`, every subset in lexicographic order, every
//! distinct ring on it (first element fixed, reflections skipped), each valued exactly with §2.
//!
//! Each ring is first valued in `f64` and skipped when clearly worse than the best of its size
//! (model.rs documents why this screen is sound); the others are compared exactly, through the
//! integer keys of scaled.rs so that exact ties (symmetric platforms) cost no rational work.

use super::model::{Model, SCREEN};
use super::scaled::Scaled;
use super::step::RingStep;
use super::{fastest, Found, RingError, SizeBest, Status, MAX_EXHAUSTIVE};
use crate::rational::Q;

/// Exact evaluations allowed when the integer keys are unavailable (a work budget).
const EXACT_BUDGET: usize = 300_000;

/// Rings between two progress events.
const PROGRESS_EVERY: u64 = 16_384;

/// The next combination of `k` indices out of `0..n` in lexicographic order.
pub(crate) fn next_combination(c: &mut [usize], n: usize) -> bool {
    let k = c.len();
    let mut i = k;
    while i > 0 {
        i -= 1;
        if c[i] < n - k + i {
            c[i] += 1;
            for j in i + 1..k {
                c[j] = c[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// The next permutation in lexicographic order.
fn next_permutation(v: &mut [usize]) -> bool {
    let n = v.len();
    if n < 2 {
        return false;
    }
    let mut i = n - 1;
    while i > 0 && v[i - 1] >= v[i] {
        i -= 1;
    }
    if i == 0 {
        return false;
    }
    let mut j = n - 1;
    while v[j] <= v[i - 1] {
        j -= 1;
    }
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// The distinct rings on a sorted subset, in the order of §5.1.
fn for_each_ring(subset: &[usize], mut f: impl FnMut(&[usize]) -> bool) {
    let mut ring = subset.to_vec();
    loop {
        let q = ring.len();
        if (q < 3 || ring[1] < ring[q - 1]) && !f(&ring) {
            return;
        }
        if q < 3 || !next_permutation(&mut ring[1..]) {
            return;
        }
    }
}

struct Best {
    t: Q,
    tf: f64,
    /// Scaled `(L, Σ 1/w, max comm)`: equal keys are exact ties.
    key: Option<[i128; 3]>,
    ring: Vec<usize>,
}

/// The search state shared by every size.
struct Search<'a> {
    m: &'a Model<Q>,
    mf: Model<f64>,
    scaled: Option<Scaled>,
    done: u64,
    exact_evals: usize,
}

impl Search<'_> {
    /// The first best ring of size `q`, or `None` when the budget ran out.
    fn size(&mut self, q: usize, emit: &mut impl FnMut(RingStep)) -> Option<Best> {
        let p = self.m.p;
        let mut best: Option<Best> = None;
        let mut subset: Vec<usize> = (0..q).collect();
        loop {
            let inv = self.m.inv(&subset);
            let inv_key = self.scaled.as_ref().map(|s| s.inv_key(&subset));
            let mut cache: Option<((i128, i128), Q)> = None;
            let mut out_of_budget = false;
            for_each_ring(&subset, |ring| {
                self.done += 1;
                let tf = self.mf.value(ring);
                if best.as_ref().is_some_and(|b| tf > b.tf * (1.0 + SCREEN)) {
                    return true;
                }
                let mut full_key = None;
                let t = if let Some(s) = &self.scaled {
                    let key = s.key(ring);
                    full_key = inv_key.map(|v| [key.0, v, key.1]);
                    if full_key.is_some() && best.as_ref().is_some_and(|b| b.key == full_key) {
                        return true;
                    }
                    match &cache {
                        Some((k, t)) if *k == key => t.clone(),
                        _ => {
                            let t = s.t(self.m, key, &inv);
                            cache = Some((key, t.clone()));
                            t
                        }
                    }
                } else {
                    self.exact_evals += 1;
                    self.m.value(ring)
                };
                if best.as_ref().is_none_or(|b| t < b.t) {
                    best = Some(Best {
                        t,
                        tf,
                        key: full_key,
                        ring: ring.to_vec(),
                    });
                }
                if self.done.is_multiple_of(PROGRESS_EVERY) {
                    if let Some(b) = &best {
                        emit(RingStep::SearchProgress {
                            q,
                            rings_done: self.done,
                            best_t: b.t.clone(),
                            best_ring: b.ring.clone(),
                        });
                    }
                }
                out_of_budget = self.exact_evals > EXACT_BUDGET;
                !out_of_budget
            });
            if out_of_budget {
                return None;
            }
            if !next_combination(&mut subset, p) {
                return best;
            }
        }
    }
}

/// Runs the exhaustive search of §5.1.
///
/// # Errors
/// [`RingError::TooLarge`] above [`MAX_EXHAUSTIVE`] processors.
pub(super) fn run(m: &Model<Q>, emit: &mut impl FnMut(RingStep)) -> Result<Found, RingError> {
    let p = m.p;
    if p > MAX_EXHAUSTIVE {
        return Err(RingError::TooLarge(format!(
            "the exhaustive search takes at most {MAX_EXHAUSTIVE} processors (556 069 rings), got {p}; use exact (Held–Karp up to 16), greedy or tsp"
        )));
    }
    let start = fastest(&m.w);
    let mut per_size = vec![SizeBest {
        q: 1,
        ring: vec![start],
        t: m.value(&[start]),
    }];
    emit(RingStep::SizeBest {
        best: per_size[0].clone(),
        rings_done: 1,
    });
    let mut search = Search {
        m,
        mf: m.to_f64(),
        scaled: Scaled::new(m),
        done: 1,
        exact_evals: 0,
    };
    let mut budget_hit = false;
    for q in 2..=p {
        let Some(b) = search.size(q, emit) else {
            budget_hit = true;
            break;
        };
        let best = SizeBest {
            q,
            ring: b.ring,
            t: b.t,
        };
        emit(RingStep::SizeBest {
            best: best.clone(),
            rings_done: search.done,
        });
        per_size.push(best);
    }
    Ok(pick(per_size, budget_hit))
}

/// The overall best of the per-size bests (ties: the smallest size).
pub(super) fn pick(per_size: Vec<SizeBest>, budget_hit: bool) -> Found {
    let mut k = 0;
    for (j, s) in per_size.iter().enumerate() {
        if s.t < per_size[k].t {
            k = j;
        }
    }
    let ring = per_size[k].ring.clone();
    let mut found = Found::new(
        if budget_hit {
            Status::Heuristic
        } else {
            Status::Optimal
        },
        ring,
    );
    found.per_size = per_size;
    found.budget_hit = budget_hit;
    if budget_hit {
        found.notes.push(format!(
            "work budget reached ({EXACT_BUDGET} exact evaluations): the best ring found so far, not proven optimal"
        ));
    }
    found
}
