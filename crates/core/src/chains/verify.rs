//! An independent checker of chain partitions: recomputes every load from the weights and
//! speeds (no prefix sums, no shared code with the solvers) and compares with the solution.

use num_bigint::BigInt;

use super::{ChainsInput, ChainsSolution};
use crate::rational::Q;

/// A violated property of a solution.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Violation(pub String);

fn fail<T>(msg: impl Into<String>) -> Result<T, Violation> {
    Err(Violation(msg.into()))
}

/// The chain speeds of `sol`: input order, or its CP order (a permutation of the processors).
fn chain_speeds(input: &ChainsInput, sol: &ChainsSolution) -> Result<Vec<u64>, Violation> {
    let Some(order) = &sol.order else {
        return Ok(input.speeds.clone());
    };
    let mut seen = vec![false; input.speeds.len()];
    for &k in order {
        match seen.get_mut(k) {
            Some(x) if !*x => *x = true,
            _ => return fail(format!("the order is not a permutation (processor {k})")),
        }
    }
    if order.len() != input.speeds.len() {
        return fail("the order does not list every processor");
    }
    Ok(order.iter().map(|&k| input.speeds[k]).collect())
}

/// Checks that `sol.separators` is a contiguous partition of every task (`0 = s_0 ≤ … ≤ s_P =
/// N`), that each reported load is the weight of its part over its speed, that the bottleneck
/// is their maximum, and that the ideal and (for exact CCP algorithms) the right-greedy
/// partition are consistent.
///
/// # Errors
/// A [`Violation`] naming the first problem found.
pub fn verify(input: &ChainsInput, sol: &ChainsSolution) -> Result<(), Violation> {
    let e = chain_speeds(input, sol)?;
    let (n, p) = (input.weights.len(), e.len());
    let s = &sol.separators;
    if s.len() != p + 1 {
        return fail(format!(
            "{} separators for {p} processors (expected {})",
            s.len(),
            p + 1
        ));
    }
    if s[0] != 0 || s[p] != n {
        return fail(format!("separators must start at 0 and end at N = {n}"));
    }
    if let Some(k) = (1..=p).find(|&k| s[k] < s[k - 1]) {
        return fail(format!(
            "separator s_{k} = {} is below s_{} = {}",
            s[k],
            k - 1,
            s[k - 1]
        ));
    }
    if sol.loads.len() != p {
        return fail(format!("{} loads for {p} processors", sol.loads.len()));
    }
    let mut max = Q::default();
    for k in 0..p {
        let w: u64 = input.weights[s[k]..s[k + 1]].iter().sum();
        let load = Q::new(BigInt::from(w), BigInt::from(e[k]));
        if load != sol.loads[k] {
            return fail(format!(
                "processor {k}: load {} reported, {load} recomputed",
                sol.loads[k]
            ));
        }
        if load > max {
            max = load;
        }
    }
    if max != sol.bottleneck {
        return fail(format!(
            "bottleneck {} reported, the largest load is {max}",
            sol.bottleneck
        ));
    }
    let ideal = Q::new(
        BigInt::from(input.weights.iter().sum::<u64>()),
        BigInt::from(input.speeds.iter().sum::<u64>()),
    );
    if ideal != sol.ideal || sol.bottleneck < ideal {
        return fail("the ideal B* = W_tot/E_tot is wrong or above the bottleneck");
    }
    if let Some(r) = &sol.right_separators {
        if r.len() != p + 1 {
            return fail("the right-greedy partition has the wrong length");
        }
        let rs = ChainsSolution {
            separators: r.clone(),
            right_separators: None,
            loads: (0..p)
                .map(|k| {
                    let w: u64 = input.weights[r[k].min(n)..r[k + 1].min(n).max(r[k].min(n))]
                        .iter()
                        .sum();
                    Q::new(BigInt::from(w), BigInt::from(e[k]))
                })
                .collect(),
            ..sol.clone()
        };
        verify(input, &rs).map_err(|v| Violation(format!("right-greedy partition: {v}")))?;
    }
    Ok(())
}
