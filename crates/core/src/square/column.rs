//! The optimal column-based partition of the unit square for the sum of half-perimeters
//! (square-partitions.md section 2): a dynamic programme over the areas sorted ascending, the
//! normative tie rules, the backtracking and the drawing convention — exact, in rationals.
//!
//! Reference: O. Beaumont, V. Boudet, F. Rastello, Y. Robert, *Matrix multiplication on
//! heterogeneous platforms*, IEEE TPDS 12(10), 2001 (in the HDR thesis appendix).

use num_traits::{One, Signed, Zero};

use super::Rect;
use crate::rational::Q;

/// The DP tables and the partition they give.
#[derive(Clone, Debug, PartialEq)]
pub struct ColumnPartition {
    /// Processor indices (0-based, input order) sorted by `(area, index)`.
    pub order: Vec<usize>,
    /// `f[C-1][q-1]` = best cost of the `q` smallest areas in exactly `C` columns (`None` when
    /// `C > q`).
    pub f: Vec<Vec<Option<Q>>>,
    /// `cut[C-1][q-1]` = rectangles in the first `C − 1` columns at that optimum.
    pub cut: Vec<Vec<Option<usize>>>,
    /// The optimal number of columns (the smallest on ties).
    pub columns: usize,
    /// Rectangles per DP column, DP column 1 (smallest areas) first.
    pub sizes: Vec<usize>,
    /// `Ĉ`, the sum of half-perimeters.
    pub cost: Q,
    /// The rectangle of each processor, by input index.
    pub rects: Vec<Rect>,
}

/// Solves COL-PERI-SUM exactly for areas `s` (positive, summing to 1).
///
/// # Complexity
/// `O(p³)` rational operations, `O(p²)` memory.
///
/// # Errors
/// A sentence when the areas are empty, not positive, or do not sum to 1.
///
/// ```
/// use hetlab_core::rational::q;
/// use hetlab_core::square::column::solve;
/// let part = solve(&[q(1, 4), q(1, 4), q(1, 2)]).unwrap();
/// assert_eq!(part.cost, q(7, 2));
/// ```
pub fn solve(s: &[Q]) -> Result<ColumnPartition, String> {
    let p = s.len();
    if p == 0 {
        return Err("at least one area is required".to_owned());
    }
    if s.iter().any(|a| !a.is_positive()) {
        return Err("every area must be > 0".to_owned());
    }
    if s.iter().sum::<Q>() != Q::one() {
        return Err("the areas must sum to 1".to_owned());
    }
    let mut order: Vec<usize> = (0..p).collect();
    order.sort_by(|&a, &b| s[a].cmp(&s[b]).then(a.cmp(&b)));
    let mut pre = vec![Q::zero()];
    for &i in &order {
        let next = pre[pre.len() - 1].clone() + &s[i];
        pre.push(next);
    }
    let (f, cut) = tables(p, &pre);
    // The smallest C reaching the minimum of f[C][p].
    let mut columns = 1;
    for c in 2..=p {
        if let (Some(v), Some(best)) = (&f[c - 1][p - 1], &f[columns - 1][p - 1]) {
            if v < best {
                columns = c;
            }
        }
    }
    let cost = f[columns - 1][p - 1].clone().unwrap_or_else(Q::zero);
    let sizes = backtrack(&cut, columns, p);
    let rects = geometry(s, &order, &sizes);
    Ok(ColumnPartition {
        order,
        f,
        cut,
        columns,
        sizes,
        cost,
        rects,
    })
}

/// The DP value table `f` and the argument table `cut`, indexed `[C-1][q-1]`.
type Tables = (Vec<Vec<Option<Q>>>, Vec<Vec<Option<usize>>>);

/// Fills `f` and `cut` (section 2.2) with the normative tie rule: `r` scanned downward, replaced
/// only when strictly better, so the largest `r` among tied minima is kept.
fn tables(p: usize, pre: &[Q]) -> Tables {
    let mut f = vec![vec![None; p]; p];
    let mut cut = vec![vec![None; p]; p];
    for q in 1..=p {
        f[0][q - 1] = Some(Q::one() + Q::from_integer(q.into()) * &pre[q]);
        cut[0][q - 1] = Some(0);
    }
    for c in 2..=p {
        for q in c..=p {
            let mut best: Option<(Q, usize)> = None;
            for r in (c - 1..q).rev() {
                let Some(prev) = &f[c - 2][r - 1] else {
                    continue;
                };
                let v = Q::one() + Q::from_integer((q - r).into()) * (&pre[q] - &pre[r]) + prev;
                if best.as_ref().is_none_or(|(b, _)| &v < b) {
                    best = Some((v, r));
                }
            }
            if let Some((v, r)) = best {
                f[c - 1][q - 1] = Some(v);
                cut[c - 1][q - 1] = Some(r);
            }
        }
    }
    (f, cut)
}

/// Section 2.3: rectangles per DP column, DP column 1 first.
fn backtrack(cut: &[Vec<Option<usize>>], columns: usize, p: usize) -> Vec<usize> {
    let mut sizes = vec![0; columns];
    let mut q = p;
    for c in (2..=columns).rev() {
        let r = cut[c - 1][q - 1].unwrap_or(0);
        sizes[c - 1] = q - r;
        q = r;
    }
    sizes[0] = q;
    sizes
}

/// The drawing convention of section 2.3: DP column `C` at the left, DP column 1 at the right;
/// inside a column, decreasing sorted index from the top.
fn geometry(s: &[Q], order: &[usize], sizes: &[usize]) -> Vec<Rect> {
    let mut rects = vec![Rect::default(); s.len()];
    let mut starts = Vec::with_capacity(sizes.len());
    let mut k = 0;
    for &n in sizes {
        starts.push(k);
        k += n;
    }
    let mut x = Q::zero();
    for (col, &n) in sizes.iter().enumerate().rev() {
        let members = &order[starts[col]..starts[col] + n];
        let width: Q = members.iter().map(|&i| s[i].clone()).sum();
        let mut y = Q::zero();
        for &i in members.iter().rev() {
            let h = &s[i] / &width;
            rects[i] = Rect {
                x: x.clone(),
                y: y.clone(),
                w: width.clone(),
                h: h.clone(),
            };
            y += h;
        }
        x += width;
    }
    rects
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::{parse_q, q};
    use crate::square::verify;

    fn areas(text: &[&str]) -> Vec<Q> {
        text.iter().map(|t| parse_q(t).unwrap()).collect()
    }

    /// The table as printed in the spec: `value/cut` per row `C`, for `q = C..=p`.
    fn table(part: &ColumnPartition) -> Vec<String> {
        part.f
            .iter()
            .zip(&part.cut)
            .map(|(fs, cs)| {
                fs.iter()
                    .zip(cs)
                    .filter_map(|(v, c)| {
                        Some(format!(
                            "{}/{}",
                            crate::rational::format_q(v.as_ref()?),
                            c.as_ref()?
                        ))
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn section_7_1_source_example() {
        let s = areas(&["0.05", "0.05", "0.08", "0.1", "0.1", "0.12", "0.2", "0.3"]);
        let part = solve(&s).unwrap();
        assert_eq!(
            table(&part),
            [
                "1.05/0 1.2/0 1.54/0 2.12/0 2.9/0 4/0 5.9/0 9/0",
                "2.1/1 2.28/2 2.56/2 2.94/3 3.5/3 4.38/4 5.76/5",
                "3.18/2 3.38/3 3.66/4 4/4 4.58/5 5.5/6",
                "4.28/3 4.48/4 4.78/5 5.2/6 5.88/7",
                "5.38/4 5.6/5 5.98/6 6.5/7",
                "6.5/5 6.8/6 7.28/7",
                "7.7/6 8.1/7",
                "9/7",
            ]
        );
        assert_eq!(
            (part.columns, part.cost.clone(), part.sizes.clone()),
            (3, q(11, 2), vec![3, 3, 2])
        );
        let want = [
            (q(41, 50), q(13, 18), q(9, 50), q(5, 18)),
            (q(41, 50), q(4, 9), q(9, 50), q(5, 18)),
            (q(41, 50), q(0, 1), q(9, 50), q(4, 9)),
            (q(1, 2), q(11, 16), q(8, 25), q(5, 16)),
            (q(1, 2), q(3, 8), q(8, 25), q(5, 16)),
            (q(1, 2), q(0, 1), q(8, 25), q(3, 8)),
            (q(0, 1), q(3, 5), q(1, 2), q(2, 5)),
            (q(0, 1), q(0, 1), q(1, 2), q(3, 5)),
        ];
        for (i, (x, y, w, h)) in want.into_iter().enumerate() {
            assert_eq!(part.rects[i], Rect { x, y, w, h }, "R{}", i + 1);
        }
        verify(&s, &part.rects).unwrap();
    }

    #[test]
    fn section_7_2_toy_example_with_a_tie() {
        let s = areas(&["0.02", "0.04", "0.06", "0.08", "0.2", "0.2", "0.2", "0.2"]);
        let part = solve(&s).unwrap();
        assert_eq!(
            table(&part)[1],
            "2.06/1 2.18/2 2.4/2 2.92/3 3.6/4 4.6/4 5.8/5"
        );
        assert_eq!(table(&part)[2], "3.12/2 3.26/3 3.6/4 4.12/5 4.72/5 5.4/6");
        assert_eq!((part.columns, part.cost.clone()), (3, q(27, 5)));
        verify(&s, &part.rects).unwrap();
    }

    #[test]
    fn one_processor_gets_the_square_and_bad_input_is_refused() {
        let part = solve(&[q(1, 1)]).unwrap();
        assert_eq!(part.cost, q(2, 1));
        assert_eq!(
            part.rects[0],
            Rect {
                x: q(0, 1),
                y: q(0, 1),
                w: q(1, 1),
                h: q(1, 1)
            }
        );
        assert!(solve(&[]).is_err());
        assert!(solve(&[q(1, 2), q(1, 4)]).is_err());
        assert!(solve(&[q(3, 2), q(-1, 2)]).is_err());
    }

    /// Best column-based cost by brute force over every set partition into columns (no
    /// well-ordered lemma assumed): cost = C + Σ over columns of k·width.
    fn brute_force(s: &[Q]) -> Q {
        fn go(s: &[Q], next: usize, cols: &mut Vec<(usize, Q)>, best: &mut Option<Q>) {
            if next == s.len() {
                let cost: Q = cols
                    .iter()
                    .map(|(k, w)| Q::one() + Q::from_integer((*k).into()) * w)
                    .sum();
                if best.as_ref().is_none_or(|b| &cost < b) {
                    *best = Some(cost);
                }
                return;
            }
            for c in 0..cols.len() {
                cols[c].0 += 1;
                cols[c].1 += &s[next];
                go(s, next + 1, cols, best);
                cols[c].0 -= 1;
                cols[c].1 -= &s[next];
            }
            cols.push((1, s[next].clone()));
            go(s, next + 1, cols, best);
            cols.pop();
        }
        let mut best = None;
        go(s, 0, &mut Vec::new(), &mut best);
        best.unwrap_or_else(Q::zero)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// The DP is optimal among all column-based partitions, and its layout tiles the square.
        #[test]
        fn the_dp_matches_brute_force(weights in proptest::collection::vec(1i64..20, 1..8)) {
            let total: i64 = weights.iter().sum();
            let s: Vec<Q> = weights.iter().map(|&w| q(w, total)).collect();
            let part = solve(&s).unwrap();
            proptest::prop_assert_eq!(part.cost.clone(), brute_force(&s));
            let sum: Q = part.rects.iter().map(Rect::half_perimeter).sum();
            proptest::prop_assert_eq!(sum, part.cost.clone());
            verify(&s, &part.rects).map_err(proptest::test_runner::TestCaseError::fail)?;
        }
    }
}
