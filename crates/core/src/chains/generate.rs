//! Seeded random chains instances (`hetlab gen chains`), from the generators of chains.md §9.

use super::workload::{bumps, heavy, speeds, spikes, uniform};
use super::Chains;

/// A `chains` instance (chains.md §9, SplitMix64 generators): `size` processors with speeds
/// `speeds(size, 8, seed)` and `16·size` tasks; the seed picks the workload shape among
/// uniform, heavy, bumps and spikes (weights 1..=100).
#[must_use]
pub fn random(size: usize, seed: u64) -> Chains {
    let p = size.clamp(1, super::MAX_PROCESSORS);
    let n = 16 * p;
    let weights = match seed % 4 {
        0 => uniform(n, 1, 100, seed),
        1 => heavy(n, 1, 100, seed),
        2 => bumps(n, 1, 100, seed, 8),
        _ => spikes(n, 1, 100, seed, 5),
    };
    Chains::new(weights, speeds(p, 8, seed, 1))
}
