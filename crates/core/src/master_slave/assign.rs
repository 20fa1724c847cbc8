//! Maximum-weight perfect matching in a complete bipartite graph `K_{p,p}` (the "assignment" of
//! master-slave.md §0), on exact integer weights.
//!
//! The Hungarian method comes from the `pathfinding` crate (`kuhn_munkres`, `O(p³)`): the
//! project's `graph` module only decomposes bipartite graphs into matchings, it has no
//! assignment solver. Weights are task counts (`floor` of exact rationals), converted to `i64`
//! only after the caller has bounded them by [`MAX_WEIGHT`], so that every sum inside the
//! algorithm stays far from overflow (the crate's documented condition for termination).

use num_bigint::BigInt;
use num_traits::ToPrimitive;
use pathfinding::kuhn_munkres::kuhn_munkres;
use pathfinding::matrix::Matrix;

use crate::error::SolveError;
use crate::rational::Q;

/// Largest absolute weight accepted (`p·MAX_WEIGHT` stays far below `i64::MAX`).
pub const MAX_WEIGHT: i64 = 1_000_000_000_000;

/// `floor(x)` as an `i64` bounded by [`MAX_WEIGHT`], or `None` when it does not fit.
#[must_use]
pub fn floor_i64(x: &Q) -> Option<i64> {
    let f: BigInt = x.floor().to_integer();
    f.to_i64().filter(|v| v.abs() <= MAX_WEIGHT)
}

/// An optimal assignment: `sigma[i]` = the column (0-based) of row `i`, and its total weight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    /// Column of each row.
    pub sigma: Vec<usize>,
    /// `Σ_i w[i][sigma[i]]`.
    pub total: i64,
}

/// The maximum-weight perfect matching of the square matrix `w` (rows = left vertices).
///
/// Reference: H. W. Kuhn, *The Hungarian method for the assignment problem*, Naval Research
/// Logistics Quarterly 2, 1955; J. Munkres, 1957.
///
/// # Complexity
/// `O(p³)`.
///
/// # Errors
/// A sentence when `w` is not square or a weight exceeds [`MAX_WEIGHT`] in absolute value.
pub fn assign(w: &[Vec<i64>]) -> Result<Assignment, SolveError> {
    let p = w.len();
    if p == 0 {
        return Ok(Assignment {
            sigma: Vec::new(),
            total: 0,
        });
    }
    if w.iter().any(|r| r.len() != p) {
        return Err("the weight matrix is not square".into());
    }
    if w.iter().flatten().any(|v| v.abs() > MAX_WEIGHT) {
        return Err(format!("a weight exceeds {MAX_WEIGHT} tasks").into());
    }
    let m = Matrix::from_rows(w.iter().cloned()).map_err(|e| e.to_string())?;
    let (total, sigma) = kuhn_munkres(&m);
    Ok(Assignment { sigma, total })
}

/// The sum of `w[i][sigma[i]]` (0 for an index out of range, which never happens for a
/// permutation of the right size).
#[must_use]
pub fn weight(w: &[Vec<i64>], sigma: &[usize]) -> i64 {
    sigma
        .iter()
        .enumerate()
        .map(|(i, &j)| w.get(i).and_then(|r| r.get(j)).copied().unwrap_or(0))
        .sum()
}

/// Every permutation of `0..p` in lexicographic order (`p!` of them; callers bound `p`).
#[must_use]
pub fn permutations(p: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur: Vec<usize> = (0..p).collect();
    loop {
        out.push(cur.clone());
        // Next permutation in lexicographic order.
        let Some(i) = (1..cur.len()).rev().find(|&i| cur[i - 1] < cur[i]) else {
            return out;
        };
        let j = (i..cur.len())
            .rev()
            .find(|&j| cur[j] > cur[i - 1])
            .unwrap_or(i);
        cur.swap(i - 1, j);
        cur[i..].reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn permutations_are_lexicographic() {
        assert_eq!(permutations(0), vec![Vec::<usize>::new()]);
        let p3 = permutations(3);
        assert_eq!(p3.len(), 6);
        assert_eq!(p3[0], [0, 1, 2]);
        assert_eq!(p3[1], [0, 2, 1]);
        assert_eq!(p3[5], [2, 1, 0]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]
        #[test]
        fn the_assignment_is_as_good_as_every_permutation(
            w in (1usize..6).prop_flat_map(|p| proptest::collection::vec(
                proptest::collection::vec(-20i64..40, p), p))
        ) {
            let a = assign(&w).unwrap();
            let best = permutations(w.len()).iter().map(|s| weight(&w, s)).max().unwrap();
            prop_assert_eq!(a.total, best);
            prop_assert_eq!(weight(&w, &a.sigma), best);
            let mut seen = a.sigma.clone();
            seen.sort_unstable();
            prop_assert_eq!(seen, (0..w.len()).collect::<Vec<_>>());
        }
    }
}
