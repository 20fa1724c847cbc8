//! The TSP-based heuristic (ring.md §7): all processors, on the tour that a deterministic local
//! search finds for the corrected distance `d_ij = c_ij/w_i + c_ji/w_j` (§4): a nearest-neighbour
//! tour from every start, improved by 2-opt and Or-opt passes until a round makes no move; the
//! shortest tour is then valued with §2.
//!
//! Moves are decided exactly (`δ < 0` in rationals); an `f64` screen skips the clearly
//! non-improving ones. The number of moves is bounded by [`TSP_MOVE_BUDGET`].

use num_traits::Zero;

use super::model::{Model, SCREEN};
use super::scaled::Scaled;
use super::step::RingStep;
use super::{canonical, Found, Status, Tour, TSP_MOVE_BUDGET};
use crate::rational::Q;

struct Search<'a> {
    d: &'a [Vec<Q>],
    df: Vec<Vec<f64>>,
    /// The distances as exact scaled integers, when they fit (then no rational work at all).
    scaled: Option<Scaled>,
    moves: usize,
}

/// `Σ d` over the cycle.
pub(crate) fn length(d: &[Vec<Q>], t: &[usize]) -> Q {
    let n = t.len();
    if n < 2 {
        return Q::zero();
    }
    (0..n).map(|k| &d[t[k]][t[(k + 1) % n]]).sum()
}

impl Search<'_> {
    /// `Σ plus − Σ minus < 0`, exactly, after an `f64` screen.
    fn improves(&self, plus: &[(usize, usize)], minus: &[(usize, usize)]) -> Option<Q> {
        if let Some(s) = &self.scaled {
            let f = |e: &[(usize, usize)]| e.iter().map(|&(a, b)| s.d[a][b]).sum::<i128>();
            let delta = f(plus) - f(minus);
            return (delta < 0).then(|| s.l(delta));
        }
        let f = |e: &[(usize, usize)]| e.iter().map(|&(a, b)| self.df[a][b]).sum::<f64>();
        let (fp, fm) = (f(plus), f(minus));
        if fp - fm > SCREEN * (fp + fm) {
            return None;
        }
        let q = |e: &[(usize, usize)]| e.iter().map(|&(a, b)| &self.d[a][b]).sum::<Q>();
        let delta = q(plus) - q(minus);
        (delta < Q::zero()).then_some(delta)
    }

    fn nearest_neighbour(&self, start: usize) -> Vec<usize> {
        let p = self.d.len();
        let mut tour = vec![start];
        let mut used = vec![false; p];
        used[start] = true;
        while tour.len() < p {
            let last = tour[tour.len() - 1];
            let mut next: Option<usize> = None;
            for j in (0..p).filter(|&j| !used[j]) {
                if next.is_none_or(|n| self.d[last][j] < self.d[last][n]) {
                    next = Some(j);
                }
            }
            let Some(j) = next else { break };
            used[j] = true;
            tour.push(j);
        }
        tour
    }

    /// One 2-opt pass (first improvement, keep scanning); returns whether a move was made.
    fn two_opt(&mut self, t: &mut [usize], l: &mut Q, emit: &mut impl FnMut(RingStep)) -> bool {
        let p = t.len();
        let mut moved = false;
        for i in 0..p.saturating_sub(1) {
            let last = if i > 0 { p - 1 } else { p - 2 };
            for j in i + 2..=last {
                if self.moves >= TSP_MOVE_BUDGET {
                    return moved;
                }
                let (a, b, c, e) = (t[i], t[i + 1], t[j], t[(j + 1) % p]);
                let Some(delta) = self.improves(&[(a, c), (b, e)], &[(a, b), (c, e)]) else {
                    continue;
                };
                t[i + 1..=j].reverse();
                *l += &delta;
                self.moves += 1;
                moved = true;
                emit(RingStep::TwoOpt {
                    i,
                    j,
                    delta,
                    l: l.clone(),
                    tour: t.to_vec(),
                });
            }
        }
        moved
    }

    /// One Or-opt pass for segments of length `g`.
    fn or_opt(
        &mut self,
        t: &mut Vec<usize>,
        g: usize,
        l: &mut Q,
        emit: &mut impl FnMut(RingStep),
    ) -> bool {
        let p = t.len();
        let mut moved = false;
        let mut i = 0;
        while i + g <= p && self.moves < TSP_MOVE_BUDGET {
            let seg: Vec<usize> = t[i..i + g].to_vec();
            let prev = t[(i + p - 1) % p];
            let next = t[(i + g) % p];
            let rest: Vec<usize> = t[..i].iter().chain(&t[i + g..]).copied().collect();
            let n = rest.len();
            let mut applied = None;
            'search: for k in 0..n {
                let (x, y) = (rest[k], rest[(k + 1) % n]);
                if x == prev && y == next {
                    continue;
                }
                for reversed in [false, true] {
                    let (first, last) = if reversed {
                        (seg[g - 1], seg[0])
                    } else {
                        (seg[0], seg[g - 1])
                    };
                    let plus = [(x, first), (last, y), (prev, next)];
                    let minus = [(x, y), (prev, seg[0]), (seg[g - 1], next)];
                    if let Some(delta) = self.improves(&plus, &minus) {
                        applied = Some((k, reversed, delta));
                        break 'search;
                    }
                }
            }
            let Some((k, reversed, delta)) = applied else {
                i += 1;
                continue;
            };
            let mut s = seg;
            if reversed {
                s.reverse();
            }
            *t = rest[..=k]
                .iter()
                .chain(&s)
                .chain(&rest[k + 1..])
                .copied()
                .collect();
            *l += &delta;
            self.moves += 1;
            moved = true;
            emit(RingStep::OrOpt {
                g,
                from: i,
                to: k,
                reversed,
                delta,
                l: l.clone(),
                tour: t.clone(),
            });
        }
        moved
    }
}

/// The local search from every start; returns the best tour and whether the budget was hit.
pub(crate) fn best_tour(m: &Model<Q>, emit: &mut impl FnMut(RingStep)) -> (Tour, bool) {
    let p = m.p;
    let mut s = Search {
        d: &m.d,
        df: m.to_f64().d,
        scaled: Scaled::new(m),
        moves: 0,
    };
    let mut best: Option<Tour> = None;
    for start in 0..p {
        let mut t = s.nearest_neighbour(start);
        let mut l = length(&m.d, &t);
        emit(RingStep::NearestNeighbour {
            start,
            tour: t.clone(),
            l: l.clone(),
        });
        if p >= 4 {
            loop {
                let mut moved = s.two_opt(&mut t, &mut l, emit);
                for g in (1..=3).filter(|&g| g + 1 < p) {
                    moved |= s.or_opt(&mut t, g, &mut l, emit);
                }
                if !moved || s.moves >= TSP_MOVE_BUDGET {
                    break;
                }
            }
        }
        if best.as_ref().is_none_or(|b| l < b.length) {
            best = Some(Tour {
                tour: canonical(&t),
                length: l,
            });
        }
    }
    let best = best.unwrap_or(Tour {
        tour: Vec::new(),
        length: Q::zero(),
    });
    emit(RingStep::TspBest {
        tour: best.tour.clone(),
        l: best.length.clone(),
    });
    (best, s.moves >= TSP_MOVE_BUDGET)
}

/// Runs §7: the ring is the best tour found.
pub(super) fn run(m: &Model<Q>, emit: &mut impl FnMut(RingStep)) -> Found {
    let (tour, budget_hit) = best_tour(m, emit);
    let mut found = Found::new(Status::Heuristic, tour.tour.clone());
    found.tour = Some(tour);
    found.exact_tour = super::held_karp::full_tour(m);
    found.budget_hit = budget_hit;
    if budget_hit {
        found.notes.push(format!(
            "the local search stopped at its budget of {TSP_MOVE_BUDGET} moves"
        ));
    }
    found
}
