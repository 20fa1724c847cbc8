//! # nanoserde (HetLab's copy: the binary format only)
//!
//! Data serialization with a derive per format and no intermediate data model: `DeBin` and
//! `SerBin` write a value as its fields in order (enums: a `u16` variant index first).
//! See PATCHED.md for what HetLab changed from nanoserde 0.2.1.

#![cfg_attr(not(feature = "std"), no_std)]

extern crate alloc;

#[cfg(feature = "binary")]
pub use nanoserde_derive::*;

#[cfg(feature = "binary")]
mod serde_bin;
#[cfg(feature = "binary")]
pub use crate::serde_bin::*;

#[cfg(all(feature = "binary", feature = "num"))]
mod num;
