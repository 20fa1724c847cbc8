//! Subset Held–Karp (ring.md §5.2): one dynamic program over all subsets gives, for every
//! subset `S`, the shortest `d`-tour `L*(S)` and one optimal tour (rooted at the smallest index
//! of `S`). Then `UB = min(W·w_min, min_S T(tour*(S)))` and
//! `LB = min(W·w_min, min_S (W + H·L*(S))/inv(S))`; `LB = UB` certifies the optimum.
//!
//! The table holds exact `i128` lengths (scaled.rs), so the tours are exactly optimal; the
//! per-subset bounds are screened in `f64` and decided in rationals.

use num_traits::Zero;

use super::exhaustive::next_combination;
use super::model::{Model, SCREEN};
use super::scaled::Scaled;
use super::step::RingStep;
use super::{canonical, fastest, Bounds, Found, RingError, SizeBest, Status, Tour, MAX_EXACT};
use crate::rational::Q;

const NONE: i128 = i128::MAX;

/// The Held–Karp table: `f[mask·p + j]` = shortest path from the root (lowest bit of `mask`)
/// through `mask`, ending at `j`, with the predecessor of `j` on it.
pub(crate) struct Table {
    p: usize,
    f: Vec<i128>,
    parent: Vec<u8>,
}

impl Table {
    /// Fills the table.
    // Processors are bit positions of the masks and matrix indices at once: index loops read best.
    #[allow(clippy::needless_range_loop)]
    ///
    /// # Complexity
    /// `O(2^p·p²)` time, `O(2^p·p)` memory.
    pub(crate) fn new(d: &[Vec<i128>]) -> Table {
        let p = d.len();
        let size = 1usize << p;
        let mut f = vec![NONE; size * p];
        let mut parent = vec![0u8; size * p];
        for r in 0..p {
            f[(1 << r) * p + r] = 0;
        }
        for mask in 1..size {
            let root = mask.trailing_zeros() as usize;
            for j in 0..p {
                let here = f[mask * p + j];
                if here == NONE {
                    continue;
                }
                for k in root + 1..p {
                    if mask & (1 << k) != 0 {
                        continue;
                    }
                    let next = (mask | (1 << k)) * p + k;
                    let v = here + d[j][k];
                    if v < f[next] {
                        f[next] = v;
                        parent[next] = u8::try_from(j).unwrap_or(0);
                    }
                }
            }
        }
        Table { p, f, parent }
    }

    /// `(L*(S), an optimal tour)` of a subset of at least two processors.
    #[allow(clippy::needless_range_loop)] // As in `new`.
    pub(crate) fn tour(&self, mask: usize, d: &[Vec<i128>]) -> (i128, Vec<usize>) {
        let p = self.p;
        let root = mask.trailing_zeros() as usize;
        let mut best = (NONE, root);
        for j in 0..p {
            if j == root || mask & (1 << j) == 0 {
                continue;
            }
            let v = self.f[mask * p + j];
            if v != NONE && v + d[j][root] < best.0 {
                best = (v + d[j][root], j);
            }
        }
        let mut tour = Vec::with_capacity(p);
        let (mut m, mut j) = (mask, best.1);
        while j != root {
            tour.push(j);
            let pj = self.parent[m * p + j] as usize;
            m &= !(1 << j);
            j = pj;
        }
        tour.push(root);
        tour.reverse();
        (best.0, canonical(&tour))
    }
}

/// The optimal tour on all processors (§7: shown beside the heuristic's), when `p ≤ 16` and the
/// costs scale to exact integers.
pub(crate) fn full_tour(m: &Model<Q>) -> Option<Tour> {
    if m.p > MAX_EXACT || m.p < 2 {
        return None;
    }
    let s = Scaled::new(m)?;
    let (len, tour) = Table::new(&s.d).tour((1 << m.p) - 1, &s.d);
    Some(Tour {
        tour,
        length: s.l(len),
    })
}

fn mask_of(s: &[usize]) -> usize {
    s.iter().fold(0, |m, &i| m | (1 << i))
}

struct Best {
    t: Q,
    tf: f64,
    key: [i128; 3],
    ring: Vec<usize>,
}

/// Keeps the first exact minimum, screening candidates in `f64`; equal integer keys
/// (`L`, `Σ 1/w`, `max comm`, scaled) are exact ties and never replace the best.
fn offer(
    best: &mut Option<Best>,
    (tf, key): (f64, [i128; 3]),
    ring: impl FnOnce() -> Vec<usize>,
    t: impl FnOnce() -> Q,
) {
    if best
        .as_ref()
        .is_some_and(|b| tf > b.tf * (1.0 + SCREEN) || b.key == key)
    {
        return;
    }
    let t = t();
    if best.as_ref().is_none_or(|b| t < b.t) {
        *best = Some(Best {
            t,
            tf,
            key,
            ring: ring(),
        });
    }
}

/// Runs §5.2: the certified optimum when `LB = UB`, else the best ring found (status heuristic)
/// with both bounds.
///
/// # Errors
/// [`RingError::TooLarge`] above [`MAX_EXACT`] processors, or when the costs cannot be scaled
/// to exact integers.
pub(super) fn run(m: &Model<Q>, emit: &mut impl FnMut(RingStep)) -> Result<Found, RingError> {
    let p = m.p;
    if p > MAX_EXACT {
        return Err(RingError::TooLarge(format!(
            "the exact methods take at most {MAX_EXACT} processors (Held–Karp over 2^p subsets), got {p}; use greedy or tsp"
        )));
    }
    let Some(s) = Scaled::new(m) else {
        return Err(RingError::NotApplicable(
            "the cycle times and link costs have too many distinct denominators for the exact Held–Karp (the scaled distances exceed 2^100); round them to fewer digits, or use greedy or tsp".to_owned(),
        ));
    };
    let table = Table::new(&s.d);
    emit(RingStep::HeldKarpTable {
        subsets: (1u64 << p) - 1,
    });
    let mf = m.to_f64();
    let (a_unit, c_unit) = (
        crate::rational::to_f64(&s.a_unit),
        crate::rational::to_f64(&s.c_unit),
    );
    let start = fastest(&m.w);
    let alone = m.value(&[start]);
    let mut per_size = vec![SizeBest {
        q: 1,
        ring: vec![start],
        t: alone.clone(),
    }];
    let mut lbs = vec![alone.clone()];
    let mut done = 1u64;
    let mut full_tour = None;
    for q in 2..=p {
        let (mut ub, mut lb): (Option<Best>, Option<Best>) = (None, None);
        let mut subset: Vec<usize> = (0..q).collect();
        loop {
            let (len, tour) = table.tour(mask_of(&subset), &s.d);
            let inv = || m.inv(&subset);
            let (l_f, inv_f) = (len as f64 * a_unit, mf.inv(&subset));
            let closed_f = mf.t_closed(l_f, inv_f);
            let key = s.key(&tour);
            let inv_key = s.inv_key(&subset);
            let ub_f = closed_f.max(mf.h * c_unit * key.1 as f64);
            let ub_key = [key.0, inv_key, key.1];
            offer(
                &mut ub,
                (ub_f, ub_key),
                || tour.clone(),
                || s.t(m, key, &inv()),
            );
            let lb_key = [len, inv_key, 0];
            offer(
                &mut lb,
                (closed_f, lb_key),
                || tour.clone(),
                || s.t_closed(m, len, &inv()),
            );
            if q == p {
                full_tour = Some(Tour {
                    tour: tour.clone(),
                    length: s.l(len),
                });
            }
            done += 1;
            if !next_combination(&mut subset, p) {
                break;
            }
        }
        let (Some(ub), Some(lb)) = (ub, lb) else {
            continue;
        };
        emit(RingStep::HeldKarpLayer {
            size: q,
            subsets_done: done,
            ub: ub.t.clone(),
            ub_ring: ub.ring.clone(),
            lb: lb.t.clone(),
        });
        lbs.push(lb.t);
        per_size.push(SizeBest {
            q,
            ring: ub.ring,
            t: ub.t,
        });
    }
    let lb = lbs.into_iter().min().unwrap_or_else(Q::zero);
    let mut found = super::exhaustive::pick(per_size, false);
    let ub = found
        .per_size
        .iter()
        .map(|b| b.t.clone())
        .min()
        .unwrap_or_else(Q::zero);
    let certified = lb == ub;
    emit(RingStep::Certified {
        lb: lb.clone(),
        ub: ub.clone(),
        certified,
    });
    if !certified {
        found.status = Status::Heuristic;
        found.notes.push(format!(
            "bounds only: LB = {} < UB = {} (not certified)",
            crate::rational::approx(&lb),
            crate::rational::approx(&ub)
        ));
    }
    found.bounds = Some(Bounds { lb, ub, certified });
    found.tour = full_tour;
    Ok(found)
}
