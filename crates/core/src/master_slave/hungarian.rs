//! The Hungarian method's iterations for the page (master-slave.md §10.1 item 4: potentials and
//! augmenting paths, `p ≤ 6`). The assignment itself comes from `pathfinding`
//! ([`super::assign::assign`]); this is a textbook shortest-augmenting-path version (Kuhn 1955,
//! Munkres 1957, in the `O(p³)` form with potentials) run only to show its phases, and a test
//! checks that it reaches the same optimum.

/// Most slaves whose iterations are recorded (§10.1: `p ≤ 6`).
pub const MAX_SHOWN: usize = 6;

/// One phase: slave `row` enters the matching along an augmenting path.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Phase {
    /// The slave added (0-based).
    pub row: usize,
    /// The edges `(slave, slot)` (0-based) matched along the augmenting path, from the
    /// added slave to the free slot it reaches.
    pub path: Vec<(usize, usize)>,
    /// How many times the potentials were lowered before the path was found.
    pub adjustments: usize,
    /// Potentials of the slaves after the phase (for the slaves added so far,
    /// `u_i + v_j ≥ W[i][j]` for every slot, equal on matched edges; 0 for the others).
    pub u: Vec<i64>,
    /// Potentials of the slots after the phase.
    pub v: Vec<i64>,
    /// The slot of each slave matched so far.
    pub sigma: Vec<Option<usize>>,
}

/// The phases of the Hungarian method on the square matrix `w` (maximum weight), one per slave;
/// empty when `w` is not square or has more than [`MAX_SHOWN`] rows.
///
/// # Complexity
/// `O(p³)`.
#[must_use]
pub fn phases(w: &[Vec<i64>]) -> Vec<Phase> {
    let n = w.len();
    if n == 0 || n > MAX_SHOWN || w.iter().any(|r| r.len() != n) {
        return Vec::new();
    }
    // Minimum cost on a = −w, 1-based with a dummy column 0 (row of column j: p[j]).
    let inf = i64::MAX / 4;
    let (mut u, mut v) = (vec![0i64; n + 1], vec![0i64; n + 1]);
    let (mut p, mut way) = (vec![0usize; n + 1], vec![0usize; n + 1]);
    let mut out = Vec::new();
    for i in 1..=n {
        p[0] = i;
        let mut j0 = 0;
        let mut minv = vec![inf; n + 1];
        let mut used = vec![false; n + 1];
        let mut adjustments = 0;
        loop {
            used[j0] = true;
            let i0 = p[j0];
            let (mut delta, mut j1) = (inf, 0);
            for j in 1..=n {
                if !used[j] {
                    let cur = -w[i0 - 1][j - 1] - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            if delta != 0 {
                adjustments += 1;
            }
            for j in 0..=n {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        let mut path = Vec::new();
        while j0 != 0 {
            let j1 = way[j0];
            p[j0] = p[j1];
            path.push((p[j0] - 1, j0 - 1));
            j0 = j1;
        }
        path.reverse();
        let mut sigma = vec![None; n];
        for j in 1..=n {
            if p[j] != 0 {
                sigma[p[j] - 1] = Some(j - 1);
            }
        }
        out.push(Phase {
            row: i - 1,
            path,
            adjustments,
            u: u[1..].iter().map(|x| -x).collect(),
            v: v[1..].iter().map(|x| -x).collect(),
            sigma,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::assign::assign;
    use super::*;
    use proptest::prelude::*;

    fn check(w: &[Vec<i64>]) -> Vec<Phase> {
        let ph = phases(w);
        // After each phase, the slaves added so far (rows 0..=k) keep u_i + v_j ≥ W[i][j].
        for (k, f) in ph.iter().enumerate() {
            for (i, row) in w.iter().enumerate().take(k + 1) {
                assert!(row.iter().enumerate().all(|(j, x)| f.u[i] + f.v[j] >= *x));
            }
        }
        let last = ph.last().unwrap();
        let sigma: Vec<usize> = last.sigma.iter().map(|s| s.unwrap()).collect();
        let total: i64 = sigma.iter().enumerate().map(|(i, &j)| w[i][j]).sum();
        // The same optimum as pathfinding's kuhn_munkres.
        assert_eq!(total, assign(w).unwrap().total);
        // Dual feasibility, tight on the matching, and equal sums (LP duality).
        for (i, row) in w.iter().enumerate() {
            for (j, x) in row.iter().enumerate() {
                assert!(last.u[i] + last.v[j] >= *x);
            }
            assert_eq!(last.u[i] + last.v[sigma[i]], w[i][sigma[i]]);
        }
        assert_eq!(
            last.u.iter().sum::<i64>() + last.v.iter().sum::<i64>(),
            total
        );
        ph
    }

    #[test]
    fn ms1_and_ms2_reach_the_spec_optimum() {
        // master-slave.md §11, MS-1: W = [[5,5],[3,2]], C = 8, σ = (2,1).
        let ph = check(&[vec![5, 5], vec![3, 2]]);
        assert_eq!(ph.len(), 2);
        assert_eq!(ph[1].sigma, [Some(1), Some(0)]);
        // MS-2: W = [[3,3,3],[3,2,2],[2,2,1]], C = 8, the unique σ = (3,1,2).
        let ph = check(&[vec![3, 3, 3], vec![3, 2, 2], vec![2, 2, 1]]);
        assert_eq!(ph[2].sigma, [Some(2), Some(0), Some(1)]);
        // Every phase ends its path on a slot free before it and matches one more slave.
        for (k, f) in ph.iter().enumerate() {
            assert_eq!(f.sigma.iter().flatten().count(), k + 1);
            assert_eq!(f.path.first().map(|e| e.0), Some(f.row));
        }
        // Beyond p = 6: nothing recorded.
        assert!(phases(&vec![vec![1; 7]; 7]).is_empty());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn the_phases_reach_kuhn_munkres_optimum(
            w in (1usize..=6).prop_flat_map(|p| proptest::collection::vec(
                proptest::collection::vec(-20i64..40, p), p))
        ) {
            check(&w);
        }
    }
}
