//! The baselines of square-partitions.md section 3.3: horizontal slices, recursive bisection
//! (Crandall & Quinn) and balanced columns (Kalinov–Lastovetsky style: the user's columns, or
//! the most square grid's). All exact.

use crate::sort;
use num_traits::{One, Zero};

use super::{check_areas, stack_column, Rect};
use crate::error::SolveError;
use crate::rational::Q;

/// `p` full-width horizontal slices of height `s_i`, from the top in input order:
/// `Ĉ = p + 1`.
///
/// # Complexity
/// `O(p)`.
///
/// # Errors
/// A sentence when the areas are empty, not positive, or do not sum to 1.
///
/// ```
/// use hetlab_core::rational::q;
/// let rects = hetlab_core::square::baseline::slices(&[q(1, 2), q(1, 2)]).unwrap();
/// assert_eq!(rects[1].y, q(1, 2));
/// ```
pub fn slices(s: &[Q]) -> Result<Vec<Rect>, SolveError> {
    check_areas(s)?;
    let mut y = Q::zero();
    Ok(s.iter()
        .map(|a| {
            let r = Rect {
                x: Q::zero(),
                y: y.clone(),
                w: Q::one(),
                h: a.clone(),
            };
            y += a;
            r
        })
        .collect())
}

/// Recursive bisection (Crandall & Quinn): the largest `⌈q/2⌉` areas take a part of the
/// rectangle proportional to their total, cut across the longer side (the width when
/// `h ≤ w`, group 1 on the left or on top), and both parts recurse.
///
/// # Complexity
/// `O(p log² p)`.
///
/// # Errors
/// A sentence when the areas are empty, not positive, or do not sum to 1.
///
/// ```
/// use hetlab_core::rational::q;
/// let rects = hetlab_core::square::baseline::bisection(&vec![q(1, 4); 4]).unwrap();
/// assert_eq!(rects[3].x, q(1, 2));
/// ```
pub fn bisection(s: &[Q]) -> Result<Vec<Rect>, SolveError> {
    check_areas(s)?;
    let mut rects = vec![Rect::default(); s.len()];
    let square = Rect {
        x: Q::zero(),
        y: Q::zero(),
        w: Q::one(),
        h: Q::one(),
    };
    bisect(s, square, (0..s.len()).collect(), &mut rects);
    Ok(rects)
}

fn bisect(s: &[Q], r: Rect, mut ids: Vec<usize>, rects: &mut [Rect]) {
    if ids.len() == 1 {
        rects[ids[0]] = r;
        return;
    }
    sort::by(&mut ids, |&a, &b| s[b].cmp(&s[a]).then(a.cmp(&b)));
    let rest = ids.split_off(ids.len().div_ceil(2));
    let a1: Q = ids.iter().map(|&i| s[i].clone()).sum();
    let a: Q = &a1 + rest.iter().map(|&i| s[i].clone()).sum::<Q>();
    let (first, second) = if r.h <= r.w {
        let w1 = &r.w * &a1 / &a;
        let second = Rect {
            x: &r.x + &w1,
            w: &r.w - &w1,
            ..r.clone()
        };
        (Rect { w: w1, ..r }, second)
    } else {
        let h1 = &r.h * &a1 / &a;
        let second = Rect {
            y: &r.y + &h1,
            h: &r.h - &h1,
            ..r.clone()
        };
        (Rect { h: h1, ..r }, second)
    };
    bisect(s, first, ids, rects);
    bisect(s, second, rest, rects);
}

/// Full-height columns chosen by the user (`columns[k]` lists processors, 0-based, from the
/// top), each balanced independently: width = sum of its areas, height ∝ area.
///
/// # Complexity
/// `O(p)`.
///
/// # Errors
/// When the areas are invalid or `columns` is not a partition of the processors into
/// non-empty columns.
///
/// ```
/// use hetlab_core::rational::q;
/// let s = [q(1, 4), q(1, 4), q(1, 4), q(1, 4)];
/// let rects = hetlab_core::square::baseline::given_columns(&s, &[vec![0, 1], vec![2, 3]]).unwrap();
/// assert_eq!(rects[1], hetlab_core::square::Rect { x: q(0, 1), y: q(1, 2), w: q(1, 2), h: q(1, 2) });
/// ```
pub fn given_columns(s: &[Q], columns: &[Vec<usize>]) -> Result<Vec<Rect>, SolveError> {
    check_areas(s)?;
    let mut seen = vec![false; s.len()];
    for &i in columns.iter().flatten() {
        match seen.get_mut(i) {
            Some(flag) if !*flag => *flag = true,
            Some(_) => return Err(format!("P{} is in two columns", i + 1).into()),
            None => return Err(format!("there is no processor P{}", i + 1).into()),
        }
    }
    if let Some(i) = seen.iter().position(|f| !f) {
        return Err(format!("P{} is in no column", i + 1).into());
    }
    if columns.iter().any(Vec::is_empty) {
        return Err("a column is empty".into());
    }
    let mut rects = vec![Rect::default(); s.len()];
    let mut x = Q::zero();
    for col in columns {
        let (width, placed) = stack_column(s, col, &x);
        for (i, r) in placed {
            rects[i] = r;
        }
        x += width;
    }
    Ok(rects)
}

/// The Kalinov–Lastovetsky columns when the user gives none: the processors on the most square
/// grid `C × k` with `C ≤ k` (`C·k = p`; one column for a prime `p`), as `C` columns of `k`
/// processors each. Areas are dealt in decreasing order, each to the column with the smallest
/// total that still has room (ties: the leftmost), so the column widths are as even as this
/// greedy makes them; inside a column the largest area is on top. Any such choice costs
/// `Ĉ = C + k` (each column costs `1 + k·width`, and the widths sum to 1).
///
/// # Complexity
/// `O(p·C)`.
#[must_use]
pub fn default_columns(s: &[Q]) -> Vec<Vec<usize>> {
    let p = s.len();
    let c = (1..=p)
        .filter(|r| p.is_multiple_of(*r) && r * r <= p)
        .max()
        .unwrap_or(1);
    let k = p / c.max(1);
    let mut order: Vec<usize> = (0..p).collect();
    sort::by(&mut order, |&a, &b| s[b].cmp(&s[a]).then(a.cmp(&b)));
    let mut columns: Vec<Vec<usize>> = vec![Vec::with_capacity(k); c];
    let mut sums = vec![Q::zero(); c];
    for i in order {
        let best = (0..c)
            .filter(|&j| columns[j].len() < k)
            .min_by(|&a, &b| sums[a].cmp(&sums[b]).then(a.cmp(&b)));
        if let Some(j) = best {
            sums[j] += &s[i];
            columns[j].push(i);
        }
    }
    columns
}

/// The Kalinov–Lastovetsky style baseline (§3.3): full-height columns, each balanced
/// independently, with the user's `columns` or [`default_columns`]. Returns the rectangles and
/// the columns used.
///
/// # Complexity
/// `O(p·C)`.
///
/// # Errors
/// As [`given_columns`].
///
/// ```
/// use hetlab_core::rational::q;
/// let s = [q(1, 4), q(1, 4), q(1, 4), q(1, 4)];
/// let (rects, cols) = hetlab_core::square::baseline::kalinov_lastovetsky(&s, None).unwrap();
/// assert_eq!(cols, [vec![0, 2], vec![1, 3]]);
/// assert_eq!(rects[3].x, q(1, 2));
/// ```
pub fn kalinov_lastovetsky(
    s: &[Q],
    columns: Option<&[Vec<usize>]>,
) -> Result<(Vec<Rect>, Vec<Vec<usize>>), SolveError> {
    check_areas(s)?;
    let columns = columns.map_or_else(|| default_columns(s), <[Vec<usize>]>::to_vec);
    Ok((given_columns(s, &columns)?, columns))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;
    use crate::square::examples::{s7_1, weighted};
    use crate::square::{metrics::sum_half_perimeters, verify};

    /// Checks the tiling and `Ĉ`.
    fn check(s: &[Q], rects: &[Rect], cost: Q) {
        verify(s, rects).unwrap();
        assert_eq!(sum_half_perimeters(rects), cost);
    }

    #[test]
    fn section_7_1_baselines() {
        let s = s7_1();
        check(&s, &bisection(&s).unwrap(), q(139, 25));
        check(&s, &slices(&s).unwrap(), q(9, 1));
        let cols = [vec![0, 1, 4, 7], vec![2, 3, 5, 6]];
        check(&s, &given_columns(&s, &cols).unwrap(), q(6, 1));
        assert!(given_columns(&s, &[vec![0, 1, 2, 3, 4, 5, 6]]).is_err());
        assert!(given_columns(&s, &[vec![0, 0, 1, 2, 3, 4, 5, 6, 7]]).is_err());
        assert!(given_columns(&s, &[vec![0, 1, 2, 3, 4, 5, 6, 8]]).is_err());
        // §3.3: two columns of four areas summing to 0.5 each, Ĉ = 2·(1 + 4·0.5) = 6.
        let halves = [vec![7, 3, 0, 1], vec![6, 5, 4, 2]];
        let (rects, cols) = kalinov_lastovetsky(&s, Some(&halves)).unwrap();
        check(&s, &rects, q(6, 1));
        assert_eq!(cols, halves);
        assert_eq!(rects[7].w, q(1, 2));
        // The default choice: the most square grid (2 columns of 4), the same Ĉ.
        let (rects, cols) = kalinov_lastovetsky(&s, None).unwrap();
        check(&s, &rects, q(6, 1));
        assert_eq!(cols, [vec![7, 3, 2, 1], vec![6, 5, 4, 0]]);
    }

    #[test]
    fn default_columns_cost_c_plus_k() {
        for p in 1..=24usize {
            let s = weighted(&(1..=i64::try_from(p).unwrap()).collect::<Vec<_>>());
            let (rects, cols) = kalinov_lastovetsky(&s, None).unwrap();
            verify(&s, &rects).unwrap();
            let (c, k) = (cols.len(), cols[0].len());
            assert!(c <= k && c * k == p && cols.iter().all(|col| col.len() == k));
            let want = i64::try_from(c + k).unwrap();
            assert_eq!(sum_half_perimeters(&rects), q(want, 1), "p = {p}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// Both baselines tile the square; slices always cost p + 1.
        #[test]
        fn baselines_tile_the_square(weights in proptest::collection::vec(1i64..50, 1..20)) {
            let s = weighted(&weights);
            let b = bisection(&s).unwrap();
            verify(&s, &b).map_err(|e| proptest::test_runner::TestCaseError::fail(e.to_string()))?;
            let sl = slices(&s).unwrap();
            verify(&s, &sl).map_err(|e| proptest::test_runner::TestCaseError::fail(e.to_string()))?;
            let p = i64::try_from(s.len()).unwrap();
            proptest::prop_assert_eq!(sum_half_perimeters(&sl), q(p + 1, 1));
        }
    }
}
