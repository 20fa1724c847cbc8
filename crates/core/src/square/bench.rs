//! The square-partition rows of `#/bench`: the column DP, the 7/4 recursion and PERI-MAX with
//! their traces on 8, 32 and 64 seeded integer speeds.

use super::{areas_from_speeds, run};
use crate::bench::{row, Measured, Timer};
use crate::generate::integers;
use crate::rational::qi;

/// The rows, timed with `time`.
pub fn rows(time: Timer<'_>) -> Vec<Measured> {
    let mut rows = Vec::new();
    for p in [8, 32, 64] {
        let speeds: Vec<_> = integers(p, 1, 10, 3).into_iter().map(qi).collect();
        let areas = areas_from_speeds(&speeds).unwrap_or_default();
        let times: Vec<_> = speeds.iter().map(num_traits::Inv::inv).collect();
        for algo in ["column-dp", "recursive", "peri-max"] {
            rows.push(row(
                time,
                format!("square {algo} + trace, {p} areas"),
                5,
                || drop(run::run(algo, &areas, &times, true)),
            ));
        }
    }
    rows
}
