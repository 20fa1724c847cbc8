//! Seeded random master-slave instances (`hetlab gen master-slave`), identical on every platform
//! (ChaCha8, `u32` ranges only).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{BusInput, Comm, Goal, Hop, MsInput, Shape as Tree, TreeInput, TreeNode};
use crate::generate::Shape;
use crate::platform::NodeId;
use crate::rational::qi;

/// A random master-slave instance (`hetlab gen master-slave`): `star` gives `MaxTasks{v}` and
/// `random` gives `MinTime{v}` with `v = seed mod 5`; `tree` a general tree with equal links
/// below every node, `chain` a chain, `ring` a spider of two-node legs, `clusters` a fork graph;
/// `size` is the number of slaves or tree nodes. Cycle times in `1..=9`, communications in `1..=3`, horizons of a few
/// tens of units, so that every algorithm runs and the Gantt chart stays readable.
#[must_use]
pub fn random(shape: Shape, size: usize, seed: u64) -> MsInput {
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
                tasks: None,
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
