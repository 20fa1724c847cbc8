//! Mutation testing of every family through the entry points the command line and the pages
//! use: `Instance::from_json`, then every algorithm the family offers for the instance
//! (`families::offered`, from the catalog) through `families::solve_within` with the page's
//! explanations, and the share-link codec.
//! Presets are taken from `presets::PRESETS`, so a family registered later is covered without
//! touching this file.
//!
//! `cargo test` runs a short, fixed-seed pass ([`SHORT_RUNS`] solve runs) of each mode
//! (structure and text; values only); `./run fuzz [COUNT] [SEED] [values]` runs [`fuzz_long`] in release mode and prints the count of each outcome. Only
//! this harness catches panics (`catch_unwind`), to count them: the product never does (the
//! browser build aborts on a panic). Every crash it ever found is a test in `regressions.rs`.

mod harness;
mod memory;
mod mutate;
mod regressions;

use harness::{Fuzz, Outcome};

/// Solve runs of the fixed-seed pass inside `cargo test` (debug build, a few seconds).
const SHORT_RUNS: u64 = 150;

#[test]
fn a_short_fixed_seed_fuzz_pass_finds_no_panic() {
    let mut fuzz = Fuzz::new(0x4e7_1ab);
    fuzz.run(SHORT_RUNS);
    eprintln!("{}", fuzz.summary());
    fuzz.assert_clean();
    // The pass must reach the solvers, not only the parser.
    assert!(fuzz.count(Outcome::Solved) > 0, "{}", fuzz.summary());
}

/// The value mode's fixed-seed pass: numbers changed to valid extremes (1, 10^12, 2^31, tiny
/// fractions) inside otherwise valid presets, so most runs reach a solver.
#[test]
fn a_short_value_mutation_pass_finds_no_panic() {
    let mut fuzz = Fuzz::new(0x34);
    fuzz.values = true;
    fuzz.run(SHORT_RUNS);
    eprintln!("{}", fuzz.summary());
    fuzz.assert_clean();
    // Most runs reach a solver and answer.
    assert!(
        2 * fuzz.count(Outcome::Solved) > fuzz.solves,
        "{}",
        fuzz.summary()
    );
}

/// The long run of `./run fuzz`: `HETLAB_FUZZ_COUNT` solve runs (default 100 000) from
/// `HETLAB_FUZZ_SEED` (default 1), mutating structure and text, or only numbers when
/// `HETLAB_FUZZ_MODE` is `values`. Prints the outcome counts; fails on any panic.
#[test]
#[ignore = "long; run by `./run fuzz`"]
fn fuzz_long() {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (count, seed) = (
        env("HETLAB_FUZZ_COUNT", 100_000),
        env("HETLAB_FUZZ_SEED", 1),
    );
    let mut fuzz = Fuzz::new(seed);
    fuzz.verbose = true;
    fuzz.values = std::env::var("HETLAB_FUZZ_MODE").is_ok_and(|m| m == "values");
    fuzz.run(count);
    println!("seed {seed}: {}", fuzz.summary());
    fuzz.assert_clean();
}
