//! The reference of chains.md §6.0: every separator vector `s_1 ≤ … ≤ s_{P−1}` in `[0, N]`,
//! `C(N+P−1, P−1)` of them, refused above [`EXHAUSTIVE_MAX`] vectors.

use super::chain::Chain;
use super::ratio::R;

/// Most separator vectors the exhaustive reference enumerates.
pub const EXHAUSTIVE_MAX: u128 = 200_000;

/// `C(N+P−1, P−1)`, saturating at `u128::MAX`.
#[must_use]
pub fn vectors(n: usize, p: usize) -> u128 {
    let k = p.saturating_sub(1) as u128;
    let top = (n as u128).saturating_add(k);
    let mut acc: u128 = 1;
    for i in 0..k {
        acc = match acc.checked_mul(top - i) {
            Some(v) => v / (i + 1),
            None => return u128::MAX,
        };
    }
    acc
}

/// The least bottleneck over all separator vectors and the first vector (in lexicographic
/// order) reaching it, or `None` above [`EXHAUSTIVE_MAX`] vectors.
#[must_use]
pub fn exhaustive(c: &Chain) -> Option<(R, Vec<usize>)> {
    let (n, pp) = (c.n(), c.p());
    if vectors(n, pp) > EXHAUSTIVE_MAX {
        return None;
    }
    let mut s = vec![0; pp + 1];
    s[pp] = n;
    let mut best = (R::INF, s.clone());
    go(c, 1, &mut s, &mut best);
    Some(best)
}

fn go(c: &Chain, p: usize, s: &mut Vec<usize>, best: &mut (R, Vec<usize>)) {
    let pp = c.p();
    if p == pp {
        let b = c.bottleneck(s);
        if b < best.0 {
            *best = (b, s.clone());
        }
        return;
    }
    for v in s[p - 1]..=c.n() {
        s[p] = v;
        go(c, p + 1, s, best);
    }
}
