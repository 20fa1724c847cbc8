//! The peak memory of one run, read from Linux's `/proc/self/status` (`VmHWM`, the resident
//! set's high-water mark), reset before each run by writing `5` to `/proc/self/clear_refs`.
//! The project forbids `unsafe`, so no counting allocator: the kernel counts instead, which also
//! sees what the allocator keeps. Elsewhere than Linux both calls give `None`.

/// Resets the high-water mark to the memory resident now; returns it in bytes.
pub fn reset_peak() -> Option<u64> {
    std::fs::write("/proc/self/clear_refs", "5").ok()?;
    field("VmRSS:")
}

/// The most memory resident at once since the last [`reset_peak`], in bytes.
pub fn peak() -> Option<u64> {
    field("VmHWM:")
}

fn field(name: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(name))?;
    let kib: u64 = line[name.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}
