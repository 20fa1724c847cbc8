//! SimGrid platforms (the XML of `<platform version="4.1">`) in and out of HetLab.
//!
//! # The conversion
//! HetLab's numbers are times per task and per message; SimGrid's are rates. A task is
//! `flops` of work and `bytes` of data ([`Conversion`], by default 1 Gf and 1 MB), so:
//! * a host of speed `s` (times `core` cores) gets `w = flops / (s · core)`; a router gets
//!   `w = inf` (it only forwards);
//! * a route from `a` to `b` over links `l1 … lk` becomes one HetLab link `a–b` with
//!   `c = bytes / min(bandwidth)` and `lcomm = Σ latency` (a symmetrical route gives both
//!   directions; two one-way routes with different costs give `c` and `c_back`).
//!
//! HetLab models each link as its own resource, so links that SimGrid shares between routes
//! are not contended for in HetLab: with `Floyd`/`Dijkstra` zones (routes are single hops)
//! the two models agree; with `Full` zones multi-hop routes become direct links.
//!
//! What is read: one flat zone (`Full`, `Floyd`, `Dijkstra`, `DijkstraCache`) of hosts,
//! routers, links and routes, as it is; anything else (clusters of every topology, nested
//! zones, zone routes, bypass routes, Wifi cells) as SimGrid's zone tree, flattened: every pair
//! of hosts joined by the route SimGrid resolves (`zones`, `net`, `cluster`, `topology`,
//! `nested`, `wifi`, `flatten`).
//! Vivaldi zones, storage and includes are refused with the element's line; configuration,
//! deployment and traces (`config`, `actor`, `trace`) are skipped with a note (except the
//! configuration HetLab writes).
//!
//! # The export (issue 33)
//! SimGrid times an exported file as HetLab does, and HetLab reads back exactly what it wrote:
//! * the file asks for SimGrid's `CM02` network model without cross-traffic
//!   ([`MODEL_CONFIG`]): under the default `LV08` a message takes `c / 0.97` (`c × 105/97` when
//!   its acknowledgements share the link) and a latency counts 13.01 times;
//! * every node is a `<host>`; a node with `w = inf` (a master that only sends, or a relay)
//!   has speed [`NO_COMPUTE_SPEED`] and `hetlab:w = inf`. A relay is a host, not a `<router>`:
//!   HetLab's relays store and forward with their own one-port, where a router pipelines with
//!   no port limit (a comment in the file says so); an actor on it reproduces HetLab's relay;
//! * each direction of a link is its own SimGrid link and one-way route, so opposite
//!   messages do not share bandwidth (as in HetLab); a one-way link (`hetlab:one-way`) gets a
//!   way back marked `hetlab:ack-only` for SimGrid's acknowledgements, which the importer
//!   drops;
//! * what SimGrid ignores rides in `hetlab:` properties: the master, positions, exact `w`
//!   and `c`, `lcalc`, a missing `w` (`none`), a platform without a name or without a master.

mod cluster;
mod export;
mod export_nodes;
mod flatten;
mod hosts;
mod nested;
mod net;
mod only;
mod read;
mod routes;
#[cfg(feature = "solve")]
mod run;
mod select;
mod shortest;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_round_trip;
#[cfg(test)]
mod tests_routes;
mod topology;
mod wifi;
mod zone;
mod zones;

pub use export::{to_xml, MODEL_CONFIG, UNNAMED};
pub use export_nodes::NO_COMPUTE_SPEED;
pub use only::Only;
pub use read::{from_xml, from_xml_in};
#[cfg(feature = "solve")]
pub use run::{program, schedule, RunError, SimgridRun, MAX_EVENTS, MEASURED_PERIODS};

use crate::issue::Issues;
use crate::platform::Platform;
use crate::rational::Q;

use super::units::{self, Quantity};

/// The task's size by default: 1 Gflop of work.
pub const DEFAULT_FLOPS: &str = "1Gf";
/// The task's data by default: 1 MB per message.
pub const DEFAULT_BYTES: &str = "1MB";

/// The size of one task, which turns SimGrid's rates into HetLab's times.
#[derive(Clone, Debug, PartialEq)]
pub struct Conversion {
    /// Work of one task, flops (`w = flops / speed`).
    pub flops: Q,
    /// Data of one message, bytes (`c = bytes / bandwidth`).
    pub bytes: Q,
}

impl Conversion {
    /// Reads the two sizes as typed (`"1Gf"`, `"100MB"`; bare numbers are flops and bytes).
    ///
    /// # Errors
    /// One issue per field (`flops`, `bytes`) that is not a positive amount.
    pub fn parse(flops: &str, bytes: &str) -> Result<Conversion, Issues> {
        let mut issues = Vec::new();
        let mut read = |field: &str, text: &str, q: Quantity| match units::parse(text, q) {
            Ok(v) if v.value > Q::default() => Some(v.value),
            Ok(_) => {
                issues.push(crate::issue::Issue::new(field, "must be > 0"));
                None
            }
            Err(e) => {
                issues.push(crate::issue::Issue::new(field, e.to_string()));
                None
            }
        };
        let flops = read("flops", flops, Quantity::Work);
        let bytes = read("bytes", bytes, Quantity::Size);
        match (flops, bytes) {
            (Some(flops), Some(bytes)) => Ok(Conversion { flops, bytes }),
            _ => Err(Issues(issues)),
        }
    }
}

impl Default for Conversion {
    fn default() -> Self {
        Conversion {
            flops: Q::from_integer(1_000_000_000.into()),
            bytes: Q::from_integer(1_000_000.into()),
        }
    }
}

/// `exact` when it is a faithful reading of `rate` (within a double's precision: SimGrid's
/// numbers are doubles, so an exported `w = 3` is written `333333333.33333333f` and comes back
/// through the exact `hetlab:w` property, unless the rate was edited since).
fn exact_hint(exact: Option<&str>, rate: &Q, size: &Q) -> Option<Q> {
    use num_traits::{Signed, Zero};
    let v = crate::rational::parse_q(exact?)
        .ok()
        .filter(Q::is_positive)?;
    let back = size / &v;
    let tolerance = rate.abs() * Q::new(1.into(), 1_000_000_000_000i64.into());
    ((&back - rate).abs() <= tolerance && !rate.is_zero()).then_some(v)
}

/// A platform read from SimGrid, with what was skipped or assumed.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    /// The platform (well formed, like every [`Platform`]).
    pub platform: Platform,
    /// Remarks: skipped elements, bare numbers, the master chosen.
    pub notes: Vec<String>,
}
