//! Seeded random divisible-load instances (`hetlab gen divisible`): the shape picks the variant —
//! star: star-linear; random: star-affine; tree and chain: tree-linear; ring: multi-installment
//! (even seeds) or UMR (odd seeds) on a homogeneous star; clusters: the periodic schedule. Costs
//! are small integers (`g` in `1..=5`, `w` in `1..=9`, latencies in `0..=3`) so that exact results
//! keep small denominators; every draw goes through a `u32` range (same on wasm32 and 64-bit).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Divisible, TreeNode, Variant, Worker};
use crate::divisible::{MAX_CHUNKS, MAX_TREE_NODES, MAX_WORKERS};
use crate::generate::Shape;
use crate::platform::NodeId;
use crate::rational::{qi, Q};

struct Draw(ChaCha8Rng);

impl Draw {
    fn int(&mut self, lo: u32, hi: u32) -> Q {
        qi(i64::from(self.0.gen_range(lo..=hi)))
    }

    fn below(&mut self, k: usize) -> usize {
        let k = u32::try_from(k).unwrap_or(u32::MAX).max(1);
        self.0.gen_range(0..k) as usize
    }

    fn worker(&mut self, affine: bool) -> Worker {
        let g = self.int(1, 5);
        let w = self.int(1, 9);
        if affine {
            Worker {
                g,
                w,
                big_g: self.int(0, 3),
                big_w: self.int(0, 3),
            }
        } else {
            Worker::linear(g, w)
        }
    }
}

/// A random instance of `size` workers (or tree nodes), deterministic in `seed`.
#[must_use]
pub fn random(shape: Shape, size: usize, seed: u64) -> Divisible {
    let mut d = Draw(ChaCha8Rng::seed_from_u64(seed));
    let p = size.clamp(1, MAX_WORKERS);
    match shape {
        Shape::Star => {
            let ws = (0..p).map(|_| d.worker(false)).collect();
            let w_total = d.int(10, 100);
            Divisible::star(Variant::StarLinear, ws, w_total)
        }
        Shape::Random => {
            let ws = (0..p).map(|_| d.worker(true)).collect();
            let w_total = d.int(5, 60);
            Divisible::star(Variant::StarAffine, ws, w_total)
        }
        Shape::Tree | Shape::Chain => {
            tree(&mut d, size.clamp(1, MAX_TREE_NODES), shape == Shape::Chain)
        }
        Shape::Ring => {
            let p = size.clamp(1, 16);
            let wk = d.worker(true);
            let w_total = d.int(20, 200);
            if seed.is_multiple_of(2) {
                let mut inst = Divisible::star(Variant::MultiInstallment, vec![wk; p], w_total);
                let m = 1 + d.below(3);
                inst.rounds = Some(m.min(MAX_CHUNKS / p).max(1));
                inst
            } else {
                Divisible::star(Variant::Umr, vec![wk; p], w_total)
            }
        }
        Shape::Clusters => {
            let ws = (0..p).map(|_| d.worker(true)).collect();
            let w_total = d.int(1000, 10_000);
            Divisible::star(Variant::Periodic, ws, w_total)
        }
    }
}

/// A random recursive tree (or a chain) rooted at node 0; about one node in five is a relay.
fn tree(d: &mut Draw, n: usize, chain: bool) -> Divisible {
    let mut nodes = Vec::with_capacity(n);
    for k in 0..n {
        let parent = match k {
            0 => None,
            _ if chain => Some(k - 1),
            _ => Some(d.below(k)),
        };
        let relay = d.below(5) == 0;
        let w = d.int(1, 9);
        nodes.push(TreeNode {
            id: NodeId::Int(i64::try_from(k).unwrap_or(0)),
            parent,
            g: if k == 0 { qi(0) } else { d.int(1, 5) },
            w: (!relay || n == 1).then_some(w),
        });
    }
    if nodes.iter().all(|x| x.w.is_none()) {
        nodes[0].w = Some(qi(1));
    }
    Divisible {
        variant: Variant::TreeLinear,
        w_total: d.int(10, 100),
        workers: Vec::new(),
        w0: None,
        nodes,
        rounds: None,
    }
}
