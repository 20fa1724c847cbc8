//! Benchmark rows, the same in the browser (`#/bench`, each group's solver worker) and natively:
//! each family lists its own in `<family>/bench.rs` behind `Solver::bench`, and the caller
//! passes the clock (the core has none): `time(runs, work)` returns the median milliseconds of
//! `runs` calls of `work`. Nothing asserts a time; the rows are reported in the notes.

/// A measured row: `(name, median ms, runs)`.
pub type Measured = (String, f64, usize);

/// The caller's clock: the median milliseconds of `runs` calls of the work.
pub type Timer<'a> = &'a dyn Fn(usize, &mut dyn FnMut()) -> f64;

/// One row: `work` timed `runs` times.
pub fn row(time: Timer<'_>, name: String, runs: usize, mut work: impl FnMut()) -> Measured {
    let ms = time(runs, &mut work);
    (name, ms, runs)
}
