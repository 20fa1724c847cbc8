//! Seeded platform generators: the same seed gives the same platform on every machine, native or
//! wasm (ChaCha8 and fixed-width integer sampling only; no `usize` ranges, no hash maps).
//!
//! Node ids are the integers `0..n`; node 0 is the master. Cycle times are integers in `1..=9`,
//! link costs integers in `1..=5` (slow links of the two-cluster shape cost `10..=20`), so that
//! every number reads easily and the exact solvers meet small denominators.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::platform::{Link, Node, NodeId, Platform};
use crate::rational::{qi, Cost};

/// Largest size a generator accepts (the platform limit).
pub const MAX_SIZE: usize = crate::platform::MAX_NODES;

/// The shapes the generators draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A master linked to every other node.
    Star,
    /// A random recursive tree rooted at the master.
    Tree,
    /// A path starting at the master.
    Chain,
    /// A cycle through every node.
    Ring,
    /// A random connected graph with about twice as many links as nodes.
    Random,
    /// Two random connected clusters with cheap links, joined by one slow link.
    Clusters,
}

impl Shape {
    /// Every shape, in menu order.
    pub const ALL: [Shape; 6] = [
        Shape::Star,
        Shape::Tree,
        Shape::Chain,
        Shape::Ring,
        Shape::Random,
        Shape::Clusters,
    ];

    /// Stable name (`--shape`, menus).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Shape::Star => "star",
            Shape::Tree => "tree",
            Shape::Chain => "chain",
            Shape::Ring => "ring",
            Shape::Random => "random",
            Shape::Clusters => "clusters",
        }
    }

    /// The shape with this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A platform of `n` nodes (clamped to `1..=MAX_SIZE`) of the given shape.
///
/// # Complexity
/// `O(n²)` at worst (the random shapes reject duplicate links).
///
/// ```
/// use hetlab_core::generate::{platform, Shape};
/// let a = platform(Shape::Random, 20, 7);
/// assert_eq!(a, platform(Shape::Random, 20, 7));
/// assert_eq!((a.nodes.len(), a.links.len()), (20, 40));
/// ```
#[must_use]
pub fn platform(shape: Shape, n: usize, seed: u64) -> Platform {
    let n = n.clamp(1, MAX_SIZE);
    let mut g = Gen {
        rng: ChaCha8Rng::seed_from_u64(seed),
        p: Platform::default(),
    };
    g.p.name = Some(format!("{} platform, {n} nodes, seed {seed}", shape.name()));
    for k in 0..n {
        let w = g.int(1, 9);
        g.p.nodes.push(Node {
            id: NodeId::Int(i64::try_from(k).unwrap_or(i64::MAX)),
            w: Some(Cost::Finite(qi(w))),
            master: k == 0,
            lcalc: None,
            pos: None,
        });
    }
    match shape {
        Shape::Star => (1..n).for_each(|k| g.link(0, k, 1, 5)),
        Shape::Chain => (1..n).for_each(|k| g.link(k - 1, k, 1, 5)),
        Shape::Ring => {
            (1..n).for_each(|k| g.link(k - 1, k, 1, 5));
            if n > 2 {
                g.link(n - 1, 0, 1, 5);
            }
        }
        Shape::Tree => (1..n).for_each(|k| {
            let parent = g.below(k);
            g.link(parent, k, 1, 5);
        }),
        Shape::Random => g.connected(0, n, 2 * n, 1, 5),
        Shape::Clusters => {
            let half = n.div_ceil(2);
            g.connected(0, half, half + half / 2, 1, 2);
            g.connected(half, n, (n - half) + (n - half) / 2, 1, 2);
            if n > half {
                let (a, b) = (g.below(half), half + g.below(n - half));
                g.link(a, b, 10, 20);
            }
        }
    }
    g.p
}

/// Integers drawn uniformly in `lo..=hi`, `n` of them (relative speeds, cycle times).
#[must_use]
pub fn integers(n: usize, lo: i64, hi: i64, seed: u64) -> Vec<i64> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n).map(|_| rng.gen_range(lo..=hi)).collect()
}

struct Gen {
    rng: ChaCha8Rng,
    p: Platform,
}

impl Gen {
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        self.rng.gen_range(lo..=hi)
    }

    /// Uniform in `0..k` through a `u32`, so that wasm32 and 64-bit hosts draw the same.
    fn below(&mut self, k: usize) -> usize {
        let k = u32::try_from(k).unwrap_or(u32::MAX).max(1);
        self.rng.gen_range(0..k) as usize
    }

    fn link(&mut self, a: usize, b: usize, lo: i64, hi: i64) {
        let c = self.int(lo, hi);
        self.p.links.push(Link {
            from: a,
            to: b,
            c: Cost::Finite(qi(c)),
            c_back: None,
            directed: false,
            lcomm: None,
        });
    }

    /// A random spanning tree of nodes `lo..hi` plus random extra links up to `target` links
    /// (or the complete graph, whichever is smaller).
    fn connected(&mut self, lo: usize, hi: usize, target: usize, cmin: i64, cmax: i64) {
        let n = hi - lo;
        for k in 1..n {
            let parent = self.below(k);
            self.link(lo + parent, lo + k, cmin, cmax);
        }
        let target = target.min(n * n.saturating_sub(1) / 2);
        let mut have = n.saturating_sub(1);
        while have < target {
            let (a, b) = (lo + self.below(n), lo + self.below(n));
            if a != b && self.p.link_between(a, b).is_none() {
                self.link(a.min(b), a.max(b), cmin, cmax);
                have += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_is_valid_connected_and_deterministic() {
        for shape in Shape::ALL {
            for n in [1, 2, 3, 10, 37] {
                for seed in 0..5 {
                    let p = platform(shape, n, seed);
                    assert_eq!(p, platform(shape, n, seed));
                    assert_eq!(p.nodes.len(), n);
                    // Reading back its JSON validates it (no duplicate arcs, no self-loops).
                    let again = Platform::from_json(&p.to_json(false)).unwrap();
                    assert_eq!(again, p);
                    assert!(connected(&p), "{shape:?} n={n} seed={seed}");
                }
            }
        }
        assert_eq!(platform(Shape::Tree, 12, 1).links.len(), 11);
        assert_ne!(
            platform(Shape::Random, 12, 1),
            platform(Shape::Random, 12, 2)
        );
    }

    /// The generated values are pinned: a change of RNG or of sampling would silently change
    /// every seed users have shared, so it must show up here.
    #[test]
    fn seeds_are_stable() {
        let p = platform(Shape::Tree, 5, 42);
        assert_eq!(
            p.to_json(false),
            concat!(
                r#"{"format":"hetlab-platform","version":1,"name":"tree platform, 5 nodes, seed 42","#,
                r#""nodes":[{"id":0,"w":7,"master":true},{"id":1,"w":9},{"id":2,"w":2},{"id":3,"w":8},{"id":4,"w":3}],"#,
                r#""links":[{"from":0,"to":1,"c":5},{"from":1,"to":2,"c":3},{"from":0,"to":3,"c":2},{"from":1,"to":4,"c":4}]}"#
            )
        );
    }

    fn connected(p: &Platform) -> bool {
        let mut seen = vec![false; p.nodes.len()];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(v) = stack.pop() {
            for l in &p.links {
                for (a, b) in [(l.from, l.to), (l.to, l.from)] {
                    if a == v && !seen[b] {
                        seen[b] = true;
                        stack.push(b);
                    }
                }
            }
        }
        seen.into_iter().all(|s| s)
    }
}
