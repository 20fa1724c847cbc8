//! An independent checker of ring solutions: recomputes every member's time from the instance
//! with Eq. 1 as written (not through the solver's model), checks that the shares are a
//! distribution, that the step time is their maximum, and that no other shares on the same
//! ring could do better (the optimality conditions of §2).

use crate::sort;
use num_traits::{One, Zero};

use super::{RingSolution, Status};
use crate::rational::Q;
use crate::ring::Ring;

/// What is wrong with a solution, in a sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Violation(pub String);

fn fail<T>(m: impl Into<String>) -> Result<T, Violation> {
    Err(Violation(m.into()))
}

/// Checks `sol` against `input`.
///
/// # Errors
/// A [`Violation`] naming the first problem.
pub fn verify(input: &Ring, sol: &RingSolution) -> Result<(), Violation> {
    let p = input.p();
    let ring = &sol.ring;
    let q = ring.len();
    if q == 0 || q != sol.q || sol.alpha.len() != q {
        return fail("the ring, its size and its shares do not agree");
    }
    let mut seen = vec![false; p];
    for &i in ring {
        if i >= p || std::mem::replace(&mut seen[i], true) {
            return fail(format!(
                "processor {i} is not a valid, distinct ring member"
            ));
        }
    }
    if sol.alpha.iter().any(|a| *a < Q::zero()) || sol.alpha.iter().sum::<Q>() != Q::one() {
        return fail("the shares are not non-negative with sum 1");
    }
    // Eq. 1, member by member.
    let comm: Vec<Q> = (0..q)
        .map(|k| {
            if q == 1 {
                Q::zero()
            } else {
                let i = ring[k];
                &input.c[i][ring[(k + q - 1) % q]] + &input.c[i][ring[(k + 1) % q]]
            }
        })
        .collect();
    let times: Vec<Q> = (0..q)
        .map(|k| &sol.alpha[k] * &input.work * &input.w[ring[k]] + &input.h * &comm[k])
        .collect();
    let Some(t) = times.iter().max() else {
        return fail("empty ring");
    };
    if *t != sol.t_step || sol.eval.t != sol.t_step {
        return fail(format!(
            "the step time is {} by Eq. 1, not the reported {}",
            crate::rational::frac(t),
            crate::rational::frac(&sol.t_step)
        ));
    }
    // Optimal shares: either a member's communication alone takes T, or every member with work
    // ends exactly at T and every member without work communicates for at least T.
    let comm_bound = (0..q).any(|k| &input.h * &comm[k] == *t);
    let balanced = (0..q).all(|k| {
        if sol.alpha[k].is_zero() {
            &input.h * &comm[k] >= *t
        } else {
            times[k] == *t
        }
    });
    if !comm_bound && !balanced {
        return fail("another split of the work on this ring would finish earlier");
    }
    if let Some(b) = &sol.bounds {
        if b.lb > sol.t_step || b.ub != sol.t_step || b.certified != (b.lb == b.ub) {
            return fail("the Held–Karp bounds do not enclose the returned ring");
        }
        if b.certified != (sol.status == Status::Optimal) {
            return fail("the status does not follow the certification");
        }
    }
    for tour in sol.tour.iter().chain(&sol.exact_tour) {
        let n = tour.tour.len();
        let mut sorted = tour.tour.clone();
        sort::sort(&mut sorted);
        if sorted != (0..p).collect::<Vec<_>>() {
            return fail("the tour does not visit every processor once");
        }
        let l: Q = (0..n)
            .map(|k| {
                let (i, j) = (tour.tour[k], tour.tour[(k + 1) % n]);
                if n < 2 {
                    Q::zero()
                } else {
                    &input.c[i][j] / &input.w[i] + &input.c[j][i] / &input.w[j]
                }
            })
            .sum();
        if l != tour.length {
            return fail("the tour length is not the sum of its corrected distances");
        }
    }
    if let (Some(t), Some(e)) = (&sol.tour, &sol.exact_tour) {
        if e.length > t.length {
            return fail("the optimal tour is longer than the heuristic's");
        }
    }
    for s in &sol.per_size {
        if s.ring.len() != s.q {
            return fail("a per-size entry has the wrong size");
        }
    }
    if let Some(min) = sol.per_size.iter().map(|s| &s.t).min() {
        if *min != sol.t_step {
            return fail("the returned ring is not the best of the per-size rings");
        }
    }
    Ok(())
}
