//! Seeded random ring instances (`hetlab gen ring`), identical on every platform.

use super::Ring;
use crate::rational::Q;

/// A random ring instance of `size` processors (clamped to `1..=`[`MAX_RING_PROCESSORS`]):
/// integer cycle times in `1..=9`, symmetric integer link costs in `1..=5` (with `clusters`:
/// two groups with links `1..=2` inside and `10..=20` between them), `W` in `1..=60`, `H = 1`.
/// Deterministic for a seed on every platform (ChaCha8, `u32` ranges only).
///
/// [`MAX_RING_PROCESSORS`]: crate::ring::MAX_RING_PROCESSORS
#[must_use]
#[allow(clippy::needless_range_loop)] // A symmetric matrix is filled by its index pairs.
pub fn generate(size: usize, clusters: bool, seed: u64) -> Ring {
    use rand::{Rng, SeedableRng};
    let p = size.clamp(1, crate::ring::MAX_RING_PROCESSORS);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut int = |lo: u32, hi: u32| Q::from_integer(rng.gen_range(lo..=hi).into());
    let w: Vec<Q> = (0..p).map(|_| int(1, 9)).collect();
    let mut c = vec![vec![Q::from_integer(0.into()); p]; p];
    let half = p.div_ceil(2);
    for i in 0..p {
        for j in i + 1..p {
            let v = match (clusters, (i < half) == (j < half)) {
                (false, _) => int(1, 5),
                (true, true) => int(1, 2),
                (true, false) => int(10, 20),
            };
            c[i][j] = v.clone();
            c[j][i] = v;
        }
    }
    let work = int(1, 60);
    Ring {
        w,
        c,
        work,
        h: Q::from_integer(1.into()),
    }
}
