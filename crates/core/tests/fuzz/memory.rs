//! The peak heap of one run: the fuzz binary's global allocator is `peakmem-alloc`'s
//! instrumented system allocator (the project forbids `unsafe`, so the counting wrapper comes
//! from that crate). The product has no such allocator.

use peakmem_alloc::{PeakMemAlloc, PeakMemAllocTrait, INSTRUMENTED_SYSTEM};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Starts a new peak measurement (the harness runs one solve at a time, on one thread).
pub fn reset_peak() {
    GLOBAL.reset_peak_memory();
}

/// The most heap bytes allocated at once since the last [`reset_peak`], above what was live
/// then.
pub fn peak() -> u64 {
    u64::try_from(GLOBAL.get_peak_memory()).unwrap_or(u64::MAX)
}
