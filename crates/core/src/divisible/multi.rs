//! Multi-installment with a fixed number of rounds `M` on a homogeneous star with affine costs
//! (divisible-load.md §5, with the corrected recursion of §10.4): every chunk is affine in
//! `γ_0`, `γ_j = A_j·γ_0 + B_j`, and the load fixes `γ_0`. Exact rationals throughout.

use num_traits::{One, Signed, Zero};

pub use super::details::{Chunk, MultiDetails};
use super::rounds::{homogeneous, nothing};
use super::schedule::{last_end, participating, Block};
use super::{Details, DivSolution, DivStep, Divisible, DivisibleError, Status, Worker};
use crate::rational::Q;

/// The recursion of §5: `(A_j, B_j)` for `j = 0..n−1`.
fn recursion(p: usize, n: usize, wk: &Worker, r: &Q) -> (Vec<Q>, Vec<Q>) {
    let pg = Q::from_integer(p.into()) * &wk.big_g;
    let (mut a, mut b) = (vec![Q::one()], vec![Q::zero()]);
    let (mut sa, mut sb) = (Q::zero(), Q::zero()); // window sums of the last P terms
    for j in 1..n {
        sa += &a[j - 1];
        sb += &b[j - 1];
        if j > p {
            sa -= &a[j - 1 - p];
            sb -= &b[j - 1 - p];
        }
        if j >= p {
            a.push(r * &sa);
            b.push(r * &sb + &pg - &wk.big_w);
        } else {
            a.push(r * &sa + Q::one());
            b.push(r * &sb + Q::from_integer(j.into()) * &wk.big_g);
        }
    }
    (a, b)
}

/// Multi-installment (§5).
///
/// # Errors
/// [`DivisibleError::NotApplicable`] without `rounds` or identical workers;
/// [`DivisibleError::Infeasible`] when some chunk is not positive.
pub(super) fn multi_installment(
    inst: &Divisible,
    emit: &mut impl FnMut(DivStep),
) -> Result<DivSolution, DivisibleError> {
    let ws = &inst.workers;
    let p = ws.len();
    let m = inst.rounds.ok_or_else(|| {
        DivisibleError::NotApplicable("multi-installment needs \"rounds\" (M)".to_owned())
    })?;
    let wk = homogeneous(ws)?;
    let n = m * p;
    if n > crate::divisible::MAX_CHUNKS {
        return Err(DivisibleError::TooLarge(format!(
            "{n} chunks; at most {}",
            crate::divisible::MAX_CHUNKS
        )));
    }
    let r = &wk.g / &wk.w;
    let (a, b) = recursion(p, n, wk, &r);
    for j in 0..n {
        emit(DivStep::Recurred {
            j,
            a: a[j].clone(),
            b: b[j].clone(),
        });
    }
    let sum_a: Q = a.iter().sum();
    let sum_b: Q = b.iter().sum();
    let gamma0 = (&inst.w_total * &wk.w - &sum_b) / &sum_a;
    let size: Vec<Q> = a
        .iter()
        .zip(&b)
        .map(|(a, b)| (a * &gamma0 + b) / &wk.w)
        .collect();
    let chunks: Vec<Chunk> = (0..n)
        .map(|s| Chunk {
            j: n - 1 - s,
            worker: s % p,
            round: s / p,
            size: size[n - 1 - s].clone(),
        })
        .collect();
    let formula: Q =
        size.iter().map(|x| &wk.big_g + &wk.g * x).sum::<Q>() + &wk.big_w + &wk.w * &size[0];
    let details = MultiDetails {
        rounds: m,
        a,
        b,
        gamma0: gamma0.clone(),
        chunks: chunks.clone(),
        makespan_formula: formula,
    };
    if inst.w_total.is_zero() {
        return Ok(nothing(inst, Details::Multi(details), emit));
    }
    if size.iter().any(|x| !x.is_positive()) {
        return Err(DivisibleError::Infeasible(format!(
            "{m} rounds infeasible (latencies too large): try fewer rounds"
        )));
    }
    emit(DivStep::Chunked {
        gamma0,
        chunks: chunks.iter().map(|c| c.size.clone()).collect(),
    });
    let mut bus = Q::zero();
    let mut free = vec![Q::zero(); p];
    let mut alpha = vec![Q::zero(); p];
    let mut schedule = Vec::new();
    for round in 0..m {
        let mut blocks = Vec::new();
        for c in &chunks[round * p..(round + 1) * p] {
            let send = Block::send(c.worker, bus.clone(), wk, c.size.clone(), round);
            bus = send.end.clone();
            let start = (&send.end).max(&free[c.worker]).clone();
            let comp = Block::compute(c.worker, start, wk, c.size.clone(), round);
            free[c.worker] = comp.end.clone();
            alpha[c.worker] += &c.size;
            blocks.push(send);
            blocks.push(comp);
        }
        emit(DivStep::Drew {
            part: "round",
            index: round,
            blocks: blocks.clone(),
        });
        schedule.extend(blocks);
    }
    let makespan = last_end(&schedule);
    let order: Vec<usize> = (0..p).collect();
    emit(DivStep::Finished {
        makespan: makespan.clone(),
        alpha: alpha.clone(),
        alpha_master: None,
        order: order.clone(),
    });
    Ok(DivSolution {
        method: "",
        status: Status::Heuristic,
        makespan,
        tight: true,
        order,
        participating: participating(&alpha),
        alpha,
        alpha_master: None,
        schedule,
        notes: vec![
            "M rounds as given: the best M for this scheme is an open problem (§8)".to_owned(),
        ],
        details: Details::Multi(details),
    })
}
