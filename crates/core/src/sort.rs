//! Stable sorting through one compiled sort (the site's wasm size, issue 15).
//!
//! `slice::sort_by` is generic over the comparator, so each call site with its own closure
//! compiles its own copy of the standard library's sort: about 60 copies, 4–5 KB each, in the
//! site's wasm. On wasm32 these functions sort a list of indices with a comparator behind a
//! `dyn` reference, one compiled sort for the whole program, then move the elements into that
//! order. Natively (the command line, benchmarks) they call `slice::sort_by` directly.
//!
//! Both ways give the same order: a stable sort by a comparator that is a total preorder has
//! exactly one result. Every comparator passed here must be one (the standard library asks the
//! same).

use std::cmp::Ordering;

/// Sorts `v` stably by `cmp`, like [`slice::sort_by`].
pub fn by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    #[cfg(target_arch = "wasm32")]
    by_indices(v, &mut cmp);
    #[cfg(not(target_arch = "wasm32"))]
    v.sort_by(&mut cmp);
}

/// Sorts `v` stably by the key `key` gives, like [`slice::sort_by_key`].
pub fn by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `v` in its natural order, like [`slice::sort`].
pub fn sort<T: Ord>(v: &mut [T]) {
    by(v, T::cmp);
}

/// The wasm32 way of [`by`]: the order as a permutation of indices, found by the one compiled
/// sort, then applied in place (natively, only the tests call it).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn by_indices<T>(v: &mut [T], cmp: &mut dyn FnMut(&T, &T) -> Ordering) {
    let order = {
        let items: &[T] = v;
        permutation(items.len(), &mut |a, b| cmp(&items[a], &items[b]))
    };
    apply(v, &order);
}

/// `0..n` sorted stably by `cmp` on indices: the one instance of the standard library's sort.
fn permutation(n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

/// Rearranges `v` so that position `i` holds the element that was at `order[i]`, one cycle of
/// the permutation at a time (each element moves once; `order` is a permutation of `0..len`).
fn apply<T>(v: &mut [T], order: &[usize]) {
    let mut placed = vec![false; v.len()];
    for start in 0..v.len() {
        if placed[start] {
            continue;
        }
        let mut at = start;
        loop {
            placed[at] = true;
            let from = order[at];
            if from == start {
                break;
            }
            v.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The index way (the site's) and the standard library's sort agree, ties included
        /// (the pairs' second field tells equal keys apart, so stability is checked too).
        #[test]
        fn the_index_way_is_the_standard_sort(keys in proptest::collection::vec(0u8..6, 0..200)) {
            let pairs: Vec<(u8, usize)> = keys.iter().copied().zip(0..).collect();
            let mut want = pairs.clone();
            want.sort_by_key(|a| a.0);
            let mut got = pairs.clone();
            by_indices(&mut got, &mut |a: &(u8, usize), b: &(u8, usize)| a.0.cmp(&b.0));
            prop_assert_eq!(&got, &want);
            let mut down = pairs;
            by(&mut down, |a, b| b.0.cmp(&a.0));
            want.sort_by_key(|a| std::cmp::Reverse(a.0));
            prop_assert_eq!(down, want);
        }
    }

    #[test]
    fn keys_and_natural_order() {
        let mut v = vec!["pear", "fig", "apple", "kiwi"];
        by_key(&mut v, |s| s.len());
        assert_eq!(v, ["fig", "pear", "kiwi", "apple"]);
        sort(&mut v);
        assert_eq!(v, ["apple", "fig", "kiwi", "pear"]);
        let mut empty: Vec<u8> = Vec::new();
        sort(&mut empty);
        assert!(empty.is_empty());
    }
}
