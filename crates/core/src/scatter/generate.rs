//! Seeded random scatter instances (`hetlab gen scatter`), identical on every platform (ChaCha8,
//! `u32` ranges only).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Affine, RootTransfer, Scatter, ScatterProcessor, MAX_SCATTER_PROCESSORS};
use crate::generate::Shape;
use crate::rational::qi;

/// A random scatter instance (scatter.md §1): `size` processors (capped), the root last, `n`
/// in `5p..=12p` items, integer per-item costs (`β` in `1..=5`, `α` in `1..=9`); latencies in
/// `0..=3` except for the star shape (linear costs); the random shape adds a symmetric
/// `root_transfer` (per-item times `1..=5`, a random source) for the root choice.
#[must_use]
pub fn random(shape: Shape, size: usize, seed: u64) -> Scatter {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let p = size.clamp(1, MAX_SCATTER_PROCESSORS);
    let mut draw = |lo: u32, hi: u32| qi(i64::from(rng.gen_range(lo..=hi)));
    let linear = shape == Shape::Star;
    let lat = |draw: &mut dyn FnMut(u32, u32) -> crate::rational::Q| {
        if linear {
            qi(0)
        } else {
            draw(0, 3)
        }
    };
    let p32 = u32::try_from(p).unwrap_or(1);
    let n = u64::from(rng_range(seed, 5 * p32, 12 * p32));
    let mut processors = Vec::with_capacity(p);
    for k in 0..p {
        let link = if k + 1 == p {
            Affine::default()
        } else {
            Affine {
                lat: lat(&mut draw),
                per_item: draw(1, 5),
            }
        };
        let work = Affine {
            lat: lat(&mut draw),
            per_item: draw(1, 9),
        };
        processors.push(ScatterProcessor::affine(link, work));
    }
    let root_transfer = (shape == Shape::Random).then(|| {
        let mut m = vec![vec![qi(0); p]; p];
        // Symmetric: each pair is drawn once, in a fixed order, and written twice.
        #[allow(clippy::needless_range_loop)]
        for a in 0..p {
            for b in a + 1..p {
                let v = draw(1, 5);
                m[a][b] = v.clone();
                m[b][a] = v;
            }
        }
        let source = usize::try_from(rng_range(seed ^ 0x5ca7, 0, p32 - 1)).unwrap_or(0);
        RootTransfer {
            source,
            per_item: m,
        }
    });
    Scatter {
        n,
        processors,
        root_transfer,
    }
}

/// One draw in `lo..=hi` from its own seeded stream.
fn rng_range(seed: u64, lo: u32, hi: u32) -> u32 {
    ChaCha8Rng::seed_from_u64(seed.wrapping_add(0x9e37_79b9)).gen_range(lo..=hi.max(lo))
}
