//! Synthetic workloads of chains.md §9: the SplitMix64 generator (normative, identical in Rust
//! and Python and on every target), the four weight generators, integer speeds, the nine
//! stand-ins for the paper's datasets, and the percent imbalance the experiments measure (the
//! §9.4 experiment itself is [`super::scaling`]).

use crate::rational::Q;

/// SplitMix64 (§9.1).
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi` by modulo (bias accepted, §9.1).
    pub fn int_in(&mut self, lo: u64, hi: u64) -> u64 {
        let span = hi - lo;
        if span == u64::MAX {
            return self.next_u64();
        }
        lo + self.next_u64() % (span + 1)
    }

    /// Uniform in `[0, 1)` with 53 bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Fisher–Yates as in §9.1.
    pub fn shuffle<T>(&mut self, a: &mut [T]) {
        for i in (1..a.len()).rev() {
            let j = usize::try_from(self.next_u64() % (i as u64 + 1)).unwrap_or(0);
            a.swap(i, j);
        }
    }
}

/// Truncation of a non-negative float (the spec's `int(x)`), saturating.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn trunc(x: f64) -> u64 {
    if x <= 0.0 {
        0
    } else {
        x as u64
    }
}

/// `uniform(N, wmin, wmax, seed)` (§9.2).
#[must_use]
pub fn uniform(n: usize, wmin: u64, wmax: u64, seed: u64) -> Vec<u64> {
    let mut g = SplitMix64::new(seed);
    (0..n).map(|_| g.int_in(wmin, wmax)).collect()
}

/// `heavy(N, wmin, wmax, seed)` (§9.2): a Pareto tail of index 1.
#[must_use]
pub fn heavy(n: usize, wmin: u64, wmax: u64, seed: u64) -> Vec<u64> {
    let mut g = SplitMix64::new(seed);
    (0..n)
        .map(|_| {
            let u = 1.0 - g.unit();
            trunc(wmin as f64 / u).clamp(wmin, wmax)
        })
        .collect()
}

/// `bumps(N, wmin, wmax, seed, k)` (§9.2): smooth, volume-rendering-like.
#[must_use]
pub fn bumps(n: usize, wmin: u64, wmax: u64, seed: u64, k: usize) -> Vec<u64> {
    let mut g = SplitMix64::new(seed);
    let nf = n as f64;
    let list: Vec<(f64, f64, f64)> = (0..k)
        .map(|_| {
            let c = g.unit() * nf;
            let rad = (0.02 + 0.13 * g.unit()) * nf;
            let h = g.unit();
            (c, rad, h)
        })
        .collect();
    let span = (wmax - wmin) as f64;
    (0..n)
        .map(|i| {
            let x = i as f64 + 0.5;
            let mut f = 0.0;
            for &(c, rad, h) in &list {
                let t = (x - c) / rad;
                if t * t < 1.0 {
                    f += h * (1.0 - t * t);
                }
            }
            f = f.min(1.0);
            let noise = g.unit() * 0.05;
            (wmin + trunc(span * (f + noise).min(1.0))).clamp(wmin, wmax)
        })
        .collect()
}

/// `spikes(N, wmin, wmax, seed, spike_per_mille)` (§9.2) with the default `base_hi`.
#[must_use]
pub fn spikes(n: usize, wmin: u64, wmax: u64, seed: u64, per_mille: u64) -> Vec<u64> {
    let mut g = SplitMix64::new(seed);
    let base_hi = wmin.max(wmax.min(4 * wmin + 3));
    (0..n)
        .map(|_| {
            if g.int_in(0, 999) < per_mille {
                g.int_in(wmin.max(wmax / 2), wmax)
            } else {
                g.int_in(wmin, base_hi)
            }
        })
        .collect()
}

/// `speeds(P, emax, seed, resolution)` (§9.3): integers in `resolution..=emax·resolution`.
#[must_use]
pub fn speeds(p: usize, emax: u64, seed: u64, resolution: u64) -> Vec<u64> {
    let mut g = SplitMix64::new(seed);
    (0..p)
        .map(|_| g.int_in(resolution, emax * resolution))
        .collect()
}

/// A weight generator of §9.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generator {
    /// [`uniform`].
    Uniform,
    /// [`heavy`].
    Heavy,
    /// [`bumps`] with `k = 8`.
    Bumps,
    /// [`spikes`] with 5 spikes per mille.
    Spikes,
}

/// A stand-in for one of the paper's datasets (§9.4).
#[derive(Clone, Copy, Debug)]
pub struct Workload {
    /// Stable name (`blunt-like`, ...).
    pub name: &'static str,
    /// Generator.
    pub generator: Generator,
    /// Tasks.
    pub n: usize,
    /// Lightest task.
    pub w_min: u64,
    /// Heaviest task.
    pub w_max: u64,
    /// The paper's dataset it stands for.
    pub paper: &'static str,
}

const fn wl(
    name: &'static str,
    generator: Generator,
    n: usize,
    w_min: u64,
    w_max: u64,
    paper: &'static str,
) -> Workload {
    Workload {
        name,
        generator,
        n,
        w_min,
        w_max,
        paper,
    }
}

/// The nine presets of §9.4, in the spec's order.
pub const WORKLOADS: [Workload; 9] = [
    wl("blunt-like", Generator::Bumps, 20_600, 36, 171, "blunt"),
    wl("comb-like", Generator::Bumps, 32_200, 14, 149, "comb"),
    wl("post-like", Generator::Bumps, 49_000, 33, 199, "post"),
    wl(
        "g7jac050sc-like",
        Generator::Heavy,
        14_700,
        2,
        149,
        "g7jac050sc",
    ),
    wl(
        "mark3jac060-like",
        Generator::Uniform,
        27_400,
        2,
        44,
        "mark3jac060",
    ),
    wl("torso1-like", Generator::Heavy, 116_200, 9, 3_263, "torso1"),
    wl(
        "language-like",
        Generator::Spikes,
        399_100,
        1,
        11_555,
        "language",
    ),
    wl(
        "Stanford-like",
        Generator::Heavy,
        261_600,
        1,
        38_606,
        "Stanford",
    ),
    wl(
        "Stanford_Berkeley-like",
        Generator::Heavy,
        615_400,
        1,
        83_448,
        "Stanford_Berkeley",
    ),
];

impl Workload {
    /// The workload with this name.
    #[must_use]
    pub fn named(name: &str) -> Option<&'static Workload> {
        WORKLOADS.iter().find(|w| w.name == name)
    }

    /// Its weights for `seed` (the spec's tables use seed 1).
    #[must_use]
    pub fn weights(&self, seed: u64) -> Vec<u64> {
        let (n, lo, hi) = (self.n, self.w_min, self.w_max);
        match self.generator {
            Generator::Uniform => uniform(n, lo, hi, seed),
            Generator::Heavy => heavy(n, lo, hi, seed),
            Generator::Bumps => bumps(n, lo, hi, seed, 8),
            Generator::Spikes => spikes(n, lo, hi, seed, 5),
        }
    }
}

/// Percent imbalance `100·(B − B*)/B*` (§1.3), exact.
#[must_use]
pub fn imbalance(b: &Q, ideal: &Q) -> Q {
    (b - ideal) * Q::from_integer(100.into()) / ideal
}
