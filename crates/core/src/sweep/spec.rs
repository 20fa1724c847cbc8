//! The sweep spec's types, and its expansion into the ordered list of instances (`read.rs`
//! reads it).

use crate::family::Limits;
use crate::generate::Shape;

/// The `"format"` of a sweep spec.
pub const FORMAT: &str = "hetlab-sweep";
/// The version this code reads.
pub const VERSION: u64 = 1;
/// Most instances (grid points × seeds) a sweep may hold.
pub const MAX_INSTANCES: usize = 10_000;
/// Most rows (instances × algorithms) a sweep may write.
pub const MAX_ROWS: usize = 100_000;
/// The seeds of every grid point: `first`, `first + 1`, … (`count` of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seeds {
    /// The first seed.
    pub first: u64,
    /// How many instances per grid point.
    pub count: u64,
}

/// Which measures the rows carry beside the status (always written).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Measures {
    /// The objective's value (and its name).
    pub value: bool,
    /// The value divided by the reference algorithm's value on the same instance.
    pub ratio: bool,
    /// The length of the step trace (runs the algorithms traced).
    pub steps: bool,
}

/// What the ratio measure divides by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reference {
    /// The value of this algorithm (one of the sweep's) on the same instance: the exact
    /// optimum when it is an exact algorithm.
    Algorithm(&'static str),
    /// The number in this top-level field of each row's own result document (`"reference":
    /// "bound:perfect_balance"`): a bound the family computes beside its result.
    Bound(String),
}

/// A validated sweep spec.
#[derive(Clone, Debug, PartialEq)]
pub struct Sweep {
    /// Its title.
    pub name: String,
    /// The family's `"problem"` name.
    pub family: &'static str,
    /// The generator's shapes (`hetlab gen --shape`), in the spec's order.
    pub shapes: Vec<Shape>,
    /// The generator's sizes (`hetlab gen --size`), in the spec's order.
    pub sizes: Vec<usize>,
    /// The seeds of each grid point.
    pub seeds: Seeds,
    /// The algorithms run on every instance, in the spec's order.
    pub algorithms: Vec<&'static str>,
    /// What the ratio measure divides by.
    pub reference: Option<Reference>,
    /// The measures written.
    pub measures: Measures,
    /// The solvers' size limits.
    pub limits: Limits,
    /// The paper's figure or table the sweep mirrors.
    pub cites: String,
    /// How it differs from the paper's experiment.
    pub differences: String,
}

/// One instance of a sweep: `hetlab gen FAMILY --shape SHAPE --size SIZE --seed SEED`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    /// Its index in the sweep's order.
    pub k: usize,
    /// The generator's shape.
    pub shape: Shape,
    /// The generator's size.
    pub size: usize,
    /// The generator's seed.
    pub seed: u64,
}

impl Sweep {
    /// The number of instances: shapes × sizes × seeds.
    #[must_use]
    pub fn instances(&self) -> usize {
        let seeds = usize::try_from(self.seeds.count).unwrap_or(usize::MAX);
        self.shapes
            .len()
            .saturating_mul(self.sizes.len())
            .saturating_mul(seeds)
    }

    /// Instance `k`: shapes outermost, then sizes, then seeds; seed `first + k`. `None` past
    /// the last instance.
    #[must_use]
    pub fn point(&self, k: usize) -> Option<Point> {
        if k >= self.instances() {
            return None;
        }
        let per_shape = self.instances() / self.shapes.len();
        let per_size = per_shape / self.sizes.len();
        Some(Point {
            k,
            shape: self.shapes[k / per_shape],
            size: self.sizes[(k % per_shape) / per_size],
            seed: self.seeds.first.wrapping_add(k as u64),
        })
    }

    /// The indices of shard `index` of `count`: every `k` with `k mod count = index`.
    ///
    /// # Errors
    /// A sentence when `count` is 0 or `index` is not below it.
    pub fn shard(&self, index: usize, count: usize) -> Result<Vec<usize>, String> {
        if count == 0 || index >= count {
            return Err(format!(
                "shard {index}/{count} is out of range: shards are numbered 0 to N-1, with N ≥ 1"
            ));
        }
        Ok((index..self.instances()).step_by(count).collect())
    }
}
