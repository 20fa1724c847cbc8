//! Sweeps: one family's algorithms over a grid of seeded generated instances (docs/sweeps.md).
//!
//! A sweep spec (`{"format": "hetlab-sweep", "version": 1, ..}`, [`parse`]) names a family,
//! the grid of the generator's parameters (`shape` × `size`, what `hetlab gen` takes), the seeds
//! (`first`, `count`), the algorithms, an optional reference algorithm for the ratio and the
//! measures. It expands into an ordered list of instances ([`Sweep::point`]): shapes outermost,
//! then sizes, then seeds, instance `k` generated with seed `first + k`. Running instance `k`
//! ([`Sweep::run`], behind `solve`) gives its rows, one per algorithm, as CSV lines
//! ([`csv`] reads them back): they depend on the spec and `k` only, never on how a sweep is split or how many
//! workers run it, so shards merge into the bytes of a single run. Pure: no clock, no thread,
//! no I/O; the command line (`hetlab sweep`) times, parallelises and writes files.

pub mod builtin;
pub mod csv;
#[cfg(feature = "solve")]
mod run;
#[cfg(feature = "solve")]
pub use run::{lines, Outcome, Row};
mod read;
mod spec;
#[cfg(test)]
mod tests;

pub use read::parse;
pub use spec::{
    Measures, Point, Reference, Seeds, Sweep, FORMAT, MAX_INSTANCES, MAX_ROWS, VERSION,
};
