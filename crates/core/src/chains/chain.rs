//! The primitives of chains.md §3–4 on one prepared instance: prefix sums, the three binary
//! searches (`LE`, `GE`, `CLOSEST`), loads and bids of a separator vector, and the closed-form
//! bounds. Processors are numbered `1..=P` here as in the spec, so that processor `p` holds
//! tasks `s[p−1]+1 ..= s[p]` of a separator vector `s = [s_0, …, s_P]`.

use super::ratio::R;

/// A task chain and a processor chain with their prefix sums (chains.md §3.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// `W[0..=N]`, `W[0] = 0`.
    pub w: Vec<u64>,
    /// Speeds `e_1..e_P`, stored at `e[p − 1]`.
    pub e: Vec<u64>,
    /// `Epre[0..=P]`, `Epre[p] = e_1 + … + e_p`.
    pub epre: Vec<u64>,
    /// Heaviest task.
    pub w_max: u64,
    /// Lightest task.
    pub w_min: u64,
    /// Slowest processor.
    pub e_min: u64,
}

impl Chain {
    /// Prefix sums of `weights` with `speeds` (checked by [`super::check`]: non-empty, positive,
    /// totals within the limits, so no sum overflows).
    #[must_use]
    pub fn new(weights: &[u64], speeds: &[u64]) -> Chain {
        Chain {
            w: prefix_sums(weights),
            e: speeds.to_vec(),
            epre: prefix_sums(speeds),
            w_max: weights.iter().copied().max().unwrap_or(1),
            w_min: weights.iter().copied().min().unwrap_or(1),
            e_min: speeds.iter().copied().min().unwrap_or(1),
        }
    }

    /// The same tasks on processors in another order (CP, §8).
    #[must_use]
    pub fn with_speeds(&self, speeds: &[u64]) -> Chain {
        Chain {
            w: self.w.clone(),
            e: speeds.to_vec(),
            epre: prefix_sums(speeds),
            w_max: self.w_max,
            w_min: self.w_min,
            e_min: speeds.iter().copied().min().unwrap_or(1),
        }
    }

    /// Number of tasks `N`.
    #[must_use]
    pub fn n(&self) -> usize {
        self.w.len() - 1
    }

    /// Number of processors `P`.
    #[must_use]
    pub fn p(&self) -> usize {
        self.e.len()
    }

    /// `W_tot`.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.w[self.n()]
    }

    /// `E_tot`.
    #[must_use]
    pub fn e_tot(&self) -> u64 {
        self.epre[self.p()]
    }

    /// Speed of processor `p` (1-based).
    #[must_use]
    pub fn speed(&self, p: usize) -> u64 {
        self.e[p - 1]
    }

    /// `W(a+1..b)`: the weight of the tasks after index `a` up to `b` (0 when `b ≤ a`).
    #[must_use]
    pub fn seg(&self, a: usize, b: usize) -> u64 {
        self.w[b].saturating_sub(self.w[a])
    }

    /// The load of processor `p` under `s`.
    #[must_use]
    pub fn load(&self, s: &[usize], p: usize) -> R {
        R::load(self.seg(s[p - 1], s[p]), self.speed(p))
    }

    /// Every load of `s`, processor order.
    #[must_use]
    pub fn loads(&self, s: &[usize]) -> Vec<R> {
        (1..=self.p()).map(|p| self.load(s, p)).collect()
    }

    /// `B(s)`, the bottleneck of `s`.
    #[must_use]
    pub fn bottleneck(&self, s: &[usize]) -> R {
        (1..=self.p())
            .map(|p| self.load(s, p))
            .max()
            .unwrap_or(R::ZERO)
    }

    /// `bid_p(s)` (§3.3) for `p` in `1..P`: `W(s_{p−1}+1 .. s_p+1)/e_p`, `+∞` when `s_p = N`.
    #[must_use]
    pub fn bid(&self, s: &[usize], p: usize) -> R {
        if s[p] >= self.n() {
            R::INF
        } else {
            R::load(self.seg(s[p - 1], s[p] + 1), self.speed(p))
        }
    }

    /// `B* = W_tot / E_tot`.
    #[must_use]
    pub fn ideal(&self) -> R {
        R::load(self.total(), self.e_tot())
    }

    /// `B* + x/y` for the closed-form bounds, exactly.
    fn ideal_plus(&self, x: u128, y: u128) -> R {
        self.ideal().plus(R::new(x, y))
    }

    /// `UB_greedy = B* + (P−1)·w_max/E_tot` (§4).
    #[must_use]
    pub fn ub_greedy(&self) -> R {
        let p1 = self.p() as u128 - 1;
        self.ideal_plus(p1 * u128::from(self.w_max), u128::from(self.e_tot()))
    }

    /// `UB_eq6 = B* + w_max/e_min − w_max/(P·e_min)` (paper Eq. 6).
    #[must_use]
    pub fn ub_eq6(&self) -> R {
        let p = self.p() as u128;
        self.ideal_plus(u128::from(self.w_max) * (p - 1), p * u128::from(self.e_min))
    }

    /// `UB_nicol = B* + w_max·(1/e_min − 1/E_tot)` (paper Fig. 4b).
    #[must_use]
    pub fn ub_nicol(&self) -> R {
        let (et, em) = (u128::from(self.e_tot()), u128::from(self.e_min));
        self.ideal_plus(u128::from(self.w_max) * (et - em), et * em)
    }

    /// `UB_bis = B* + w_max/e_min` (paper Fig. 6).
    #[must_use]
    pub fn ub_bis(&self) -> R {
        self.ideal_plus(u128::from(self.w_max), u128::from(self.e_min))
    }

    /// `LE(t, lo, hi)`: the largest `m` in `[lo, hi]` with `W[m] ≤ t` (`lo` when none).
    #[must_use]
    pub fn le(&self, t: u64, lo: usize, hi: usize) -> usize {
        let (mut lo, mut hi) = (lo, hi);
        if self.w[lo] > t {
            return lo;
        }
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if self.w[mid] <= t {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    /// `LE(t, 0, N)` when `W[start] ≤ t` is known: the same answer, found near `start`. At
    /// least `c/w_max` more tasks fit in the capacity `c = t − W[start]` and at most `c/w_min`;
    /// the search starts at the guess `c/w_avg` and gallops up or down from it, `O(lg error)`
    /// steps with good locality.
    #[must_use]
    pub fn le_from(&self, t: u64, start: usize) -> usize {
        let n = self.n();
        let c = t - self.w[start];
        let count = |div: u64| usize::try_from(c / div.max(1)).unwrap_or(n);
        let lo = start.saturating_add(count(self.w_max)).min(n);
        let hi = start.saturating_add(count(self.w_min)).min(n);
        let avg = self.total() / n as u64;
        self.gallop(t, start.saturating_add(count(avg)), lo, hi)
    }

    /// [`Chain::le_from`] when the answer is also known to lie in `[floor, ceil]` and to be
    /// about `width` tasks after `start` (a bracket and a part size from earlier probes:
    /// LR-PROBE's separators grow with `B`, and its parts change little between close values
    /// of `B`), so the search gallops from `start + width` inside the bracket.
    #[must_use]
    pub fn le_between(
        &self,
        t: u64,
        start: usize,
        (floor, ceil): (usize, usize),
        width: usize,
    ) -> usize {
        let n = self.n();
        let lo = floor.max(start).min(n);
        let hi = ceil.min(n).max(lo);
        self.gallop(t, start.saturating_add(width), lo, hi)
    }

    /// `LE(t, lo, hi)` when `W[lo] ≤ t`, galloping from `guess` (clamped into `[lo, hi]`):
    /// `O(lg |answer − guess|)` steps, all near the guess.
    fn gallop(&self, t: u64, guess: usize, lo: usize, hi: usize) -> usize {
        let guess = guess.clamp(lo, hi);
        let mut step = 1;
        if self.w[guess] <= t {
            let mut a = guess;
            loop {
                let b = a.saturating_add(step).min(hi);
                if b == a || self.w[b] > t {
                    return self.le(t, a, b);
                }
                a = b;
                step *= 2;
            }
        }
        // W[guess] > t: the answer lies in [lo, guess − 1], and W[lo] ≤ t.
        let mut b = guess;
        loop {
            let a = b.saturating_sub(step).max(lo);
            if self.w[a] <= t {
                return self.le(t, a, b - 1);
            }
            b = a;
            step *= 2;
        }
    }

    /// `GE(t, lo, hi)`: the smallest `m` in `[lo, hi]` with `W[m] ≥ t` (`hi` when none).
    #[must_use]
    pub fn ge(&self, t: u64, lo: usize, hi: usize) -> usize {
        let (mut lo, mut hi) = (lo, hi);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.w[mid] >= t {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        hi
    }

    /// `GE(t, 0, N)` when `W[end] ≥ t` is known: the mirror image of [`Chain::le_from`].
    #[must_use]
    pub fn ge_before(&self, t: u64, end: usize) -> usize {
        let c = self.w[end] - t;
        let near = end.saturating_sub(usize::try_from(c / self.w_max).unwrap_or(end));
        let far = end.saturating_sub(usize::try_from(c / self.w_min).unwrap_or(end));
        let mut step = 1;
        let mut b = near;
        loop {
            let a = b.saturating_sub(step).max(far);
            if a == b || self.w[a] < t {
                return self.ge(t, a, b);
            }
            b = a;
            step *= 2;
        }
    }

    /// `CLOSEST(t, lo, hi)` for `t = num/den` (§3.2): the `m` in `[lo, hi]` minimising
    /// `|W[m] − t|`, ties to the smaller index.
    #[must_use]
    pub fn closest(&self, num: u128, den: u128, lo: usize, hi: usize) -> usize {
        let floor = u64::try_from(num / den).unwrap_or(u64::MAX);
        let m = self.le(floor, lo, hi);
        // W[m+1] − t < t − W[m]  ⇔  (W[m+1] + W[m])·den < 2·num.
        if m < hi && (u128::from(self.w[m + 1]) + u128::from(self.w[m])) * den < 2 * num {
            m + 1
        } else {
            m
        }
    }
}

/// `S[0] = 0`, `S[i] = x_1 + … + x_i`.
#[must_use]
pub fn prefix_sums(x: &[u64]) -> Vec<u64> {
    let mut out = Vec::with_capacity(x.len() + 1);
    let mut acc = 0u64;
    out.push(0);
    for &v in x {
        acc = acc.saturating_add(v);
        out.push(acc);
    }
    out
}
