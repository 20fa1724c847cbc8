//! Seeded platform generators: the same seed gives the same platform on every machine, native or
//! wasm (ChaCha8 and fixed-width integer sampling only; no `usize` ranges, no hash maps).
//!
//! Node ids are the integers `0..n`; node 0 is the master. Cycle times are integers in `1..=9`,
//! link costs integers in `1..=5` (slow links of the two-cluster shape cost `10..=20`), so that
//! every number reads easily and the exact solvers meet small denominators.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::instance::{
    Affine, Broadcast, Chains, Instance, Lu, Processors, RootTransfer, Scatter, ScatterProcessor,
    SquarePartition, SteadyState, MAX_LU_BLOCKS, MAX_PROCESSORS, MAX_SCATTER_PROCESSORS,
};
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

/// A random instance of `problem` (`hetlab gen`): graph families get a platform of `shape` with
/// node 0 as master or source; square partitions get `size` integer speeds in `1..=10`; LU
/// instances `size` integer cycle times in `1..=9`, slices of `B = 2·size` chunks and a matrix of
/// `n = 4·B` blocks (capped); chains instances `size` processors and `16·size` tasks from the
/// generators of chains.md §9; rings `size` processors as [`crate::ring::generate`] describes (two
/// groups for the `clusters` shape); divisible loads pick their variant from the shape (see
/// [`crate::divisible::random`]); master-slave and scatter instances as [`master_slave`] and
/// `scatter` describe. `None` for a family with no generator yet.
#[must_use]
pub fn instance(problem: &str, shape: Shape, size: usize, seed: u64) -> Option<Instance> {
    let list = |lo, hi, cap| {
        integers(size.clamp(1, cap), lo, hi, seed)
            .into_iter()
            .map(qi)
            .collect::<Vec<_>>()
    };
    Some(match problem {
        "steady-state" => Instance::SteadyState(SteadyState::new(platform(shape, size, seed))),
        "broadcast" => Instance::Broadcast(Broadcast::new(platform(shape, size, seed), 0)),
        "square-partition" => Instance::SquarePartition(SquarePartition::new(Processors::Speeds(
            list(1, 10, MAX_PROCESSORS),
        ))),
        "lu" => {
            let t = list(1, 9, crate::lu::MAX_PROCESSORS);
            let b = (2 * t.len()).min(MAX_LU_BLOCKS);
            Instance::Lu(Lu {
                processors: Processors::CycleTimes(t),
                b,
                n: Some((4 * b).min(MAX_LU_BLOCKS)),
                grid: None,
            })
        }
        "chains" => chains(size, seed),
        "ring" => Instance::Ring(crate::ring::generate(size, shape == Shape::Clusters, seed)),
        "master-slave" => Instance::MasterSlave(master_slave(shape, size, seed)),
        "divisible" => Instance::Divisible(crate::divisible::random::instance(shape, size, seed)),
        "scatter" => Instance::Scatter(scatter(shape, size, seed)),
        _ => return None,
    })
}

/// A `chains` instance (chains.md §9, SplitMix64 generators): `size` processors with speeds
/// `speeds(size, 8, seed)` and `16·size` tasks; the seed picks the workload shape among
/// uniform, heavy, bumps and spikes (weights 1..=100).
fn chains(size: usize, seed: u64) -> Instance {
    use crate::chains::workload::{bumps, heavy, speeds, spikes, uniform};
    let p = size.clamp(1, crate::chains::MAX_PROCESSORS);
    let n = 16 * p;
    let weights = match seed % 4 {
        0 => uniform(n, 1, 100, seed),
        1 => heavy(n, 1, 100, seed),
        2 => bumps(n, 1, 100, seed, 8),
        _ => spikes(n, 1, 100, seed, 5),
    };
    Instance::Chains(Chains::new(weights, speeds(p, 8, seed, 1)))
}

/// A random master-slave instance (`hetlab gen master-slave`): `star` gives `MaxTasks{v}` and
/// `random` gives `MinTime{v}` with `v = seed mod 5`; `tree` a general tree with equal links
/// below every node, `chain` a chain, `ring` a spider of two-node legs, `clusters` a fork graph;
/// `size` is the number of slaves or tree nodes. Cycle times in `1..=9`, communications in `1..=3`, horizons of a few
/// tens of units, so that every algorithm runs and the Gantt chart stays readable.
#[must_use]
pub fn master_slave(shape: Shape, size: usize, seed: u64) -> crate::master_slave::MsInput {
    use crate::master_slave::{
        BusInput, Comm, Goal, Hop, MsInput, Shape as Tree, TreeInput, TreeNode,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut int = |lo: u32, hi: u32| qi(i64::from(rng.gen_range(lo..=hi)));
    let variant = u8::try_from(seed % 5).unwrap_or(0);
    let hop = |int: &mut dyn FnMut(u32, u32) -> crate::rational::Q,
               c: Option<crate::rational::Q>| Hop {
        c: c.unwrap_or_else(|| int(1, 3)),
        w: Some(int(1, 9)),
    };
    match shape {
        Shape::Star | Shape::Random => {
            let p = size.clamp(1, crate::master_slave::MAX_SLAVES);
            let t: Vec<_> = (0..p).map(|_| int(1, 9)).collect();
            let comm = match variant {
                0 => Comm::None,
                1 | 3 => Comm::Single(int(1, 3)),
                _ => Comm::Pair(int(1, 2), int(1, 2)),
            };
            let floor = match &comm {
                Comm::Pair(a, b) if variant == 2 => (a + b) * qi(i64::try_from(p).unwrap_or(1)),
                _ => qi(0),
            };
            let goal = if shape == Shape::Star {
                Goal::Horizon(floor + int(10, 40))
            } else {
                let c = 3 * u32::try_from(p).unwrap_or(1) + 5;
                Goal::Tasks(u64::from(rng.gen_range(1..=c)))
            };
            MsInput::Bus(BusInput {
                variant,
                t,
                comm,
                goal,
            })
        }
        _ => {
            let n = size.clamp(1, crate::master_slave::MAX_NODES);
            let shape = match shape {
                Shape::Chain => Tree::Chain((0..n).map(|_| hop(&mut int, None)).collect()),
                Shape::Clusters => Tree::Fork((0..n).map(|_| hop(&mut int, None)).collect()),
                Shape::Ring => {
                    let legs = n.div_ceil(2);
                    Tree::Spider(
                        (0..legs)
                            .map(|k| {
                                (0..if 2 * k + 1 < n { 2 } else { 1 })
                                    .map(|_| hop(&mut int, None))
                                    .collect()
                            })
                            .collect(),
                    )
                }
                _ => {
                    // Equal child links below every non-root node (the polynomial case).
                    let link: Vec<_> = (0..n).map(|_| int(1, 3)).collect();
                    let mut nodes = Vec::new();
                    for k in 0..n {
                        let parent = rng_below(seed, k);
                        let c = parent.map(|p| link[p].clone());
                        nodes.push(TreeNode {
                            id: NodeId::Int(i64::try_from(k).unwrap_or(0)),
                            parent: parent.map(|p| NodeId::Int(i64::try_from(p).unwrap_or(0))),
                            hop: hop(&mut int, c),
                        });
                    }
                    Tree::Tree(nodes)
                }
            };
            MsInput::Tree(TreeInput {
                shape,
                horizon: int(5, 20),
                n: None,
                w0: None,
            })
        }
    }
}

/// The parent of tree node `k` (`None`: the master), drawn uniformly among the master and the
/// earlier nodes through a `u32` range.
fn rng_below(seed: u64, k: usize) -> Option<usize> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (0x9e37_79b9 + k as u64));
    let r = rng.gen_range(0..=u32::try_from(k).unwrap_or(u32::MAX));
    usize::try_from(r).ok().and_then(|r| r.checked_sub(1))
}

/// A random scatter instance (scatter.md §1): `size` processors (capped), the root last, `n`
/// in `5p..=12p` items, integer per-item costs (`β` in `1..=5`, `α` in `1..=9`); latencies in
/// `0..=3` except for the star shape (linear costs); the random shape adds a symmetric
/// `root_transfer` (per-item times `1..=5`, a random source) for the root choice.
#[must_use]
pub fn scatter(shape: Shape, size: usize, seed: u64) -> Scatter {
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
        processors.push(ScatterProcessor {
            comm: link,
            comp: work,
        });
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

    #[test]
    fn every_generated_instance_reads_back() {
        for problem in [
            "steady-state",
            "broadcast",
            "square-partition",
            "lu",
            "ring",
            "scatter",
        ] {
            for seed in 0..5 {
                let inst = instance(problem, Shape::Random, 6, seed).unwrap();
                assert_eq!(inst.problem(), problem);
                assert_eq!(
                    crate::instance::Instance::from_json(&inst.to_json()),
                    Ok(inst)
                );
            }
        }
        let Some(Instance::Lu(lu)) = instance("lu", Shape::Star, 200, 3) else {
            panic!("lu generates")
        };
        assert_eq!((lu.processors.len(), lu.b, lu.n), (32, 64, Some(256)));
        let text = instance("lu", Shape::Star, 40, 1)
            .map(|i| i.to_json())
            .unwrap_or_default();
        let read = crate::instance::Instance::from_json(&text).unwrap();
        assert!(
            crate::family::check_invariants(&read, "1d").is_ok(),
            "what gen writes, solve reads"
        );
        assert!(instance("no-such-family", Shape::Star, 4, 1).is_none());
        assert_eq!(integers(4, 1, 10, 9), integers(4, 1, 10, 9));
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
