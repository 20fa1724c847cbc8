//! HetLab's pure core: instance formats and validation, the share-URL codec, seeded
//! generators, presets, the trace framework, and the solvers of every algorithm family.
//!
//! No web dependency, no I/O, no clock: the web app and the command line both call into this
//! crate, and every number either of them shows comes from here.

// No I/O: the core returns what it found and its callers (the CLI, the page, the worker)
// decide where it goes; a print here would reach the CLI's JSON output or the browser console.
// The clock is banned by `disallowed-methods` in the workspace's clippy.toml.
#![deny(clippy::print_stdout, clippy::print_stderr)]
// Without the `solve` feature (the site's page binaries) the solving entries are compiled out;
// the private helpers only they reach, and the imports only they use, are then dead: allowed in
// that configuration only (the default one, with `solve`, denies both).
#![cfg_attr(not(feature = "solve"), allow(dead_code, unused_imports))]

pub mod bench;
pub mod broadcast;
pub mod catalog;
pub mod chains;
pub mod divisible;
pub mod error;
#[macro_use]
pub mod families;
pub mod family;
pub mod formats;
pub mod generate;
pub mod graph;
pub mod instance;
pub mod intern;
pub mod issue;
pub mod lesson;
pub mod lp;
pub mod lu;
pub mod master_slave;
pub mod periodic;
pub mod platform;
pub mod practice;
pub mod presets;
pub mod rational;
pub mod report;
pub mod ring;
pub mod scatter;
pub mod share;
pub mod shared;
pub mod sort;
pub mod square;
pub mod steady_state;
pub mod sweep;
pub mod trace;
pub mod wire;
