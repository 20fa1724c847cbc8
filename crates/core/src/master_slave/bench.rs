//! The master–slave rows of `#/bench`: the assignment (`MaxTasks1`), the exhaustive search and
//! the approximation (`MaxTasks2`), the periodic pattern with its greedy and series
//! (`MaxTasks3`), each traced.

use super::{solve_traced, BusInput, Comm, Goal, MsInput};
use crate::bench::{row, Measured, Timer};
use crate::generate::integers;
use crate::rational::qi;

/// The rows, timed with `time`.
pub fn rows(time: Timer<'_>) -> Vec<Measured> {
    let bus = |variant: u8, p: usize, comm: Comm, t: i64| {
        let times = integers(p, 3, 30, 5).into_iter().map(qi).collect();
        MsInput::Bus(BusInput {
            variant,
            t: times,
            comm,
            goal: Goal::Horizon(qi(t)),
        })
    };
    let cases = [
        ("MaxTasks1 exact (assignment)", 1, 16, "exact", 200),
        ("MaxTasks1 exact (assignment)", 1, 64, "exact", 1000),
        ("MaxTasks2 exact (p! orders)", 2, 7, "exact", 200),
        ("MaxTasks2 approx", 2, 64, "approx", 1000),
        (
            "MaxTasks3 periodic + greedy + series",
            3,
            8,
            "periodic",
            1000,
        ),
    ];
    cases
        .into_iter()
        .map(|(what, v, p, algo, t)| {
            let comm = if v == 2 {
                Comm::Pair(qi(1), qi(1))
            } else {
                Comm::Single(qi(1))
            };
            let input = bus(v, p, comm, t);
            row(
                time,
                format!("master-slave {what} + trace, p = {p}, T = {t}"),
                5,
                || drop(solve_traced(&input, algo)),
            )
        })
        .collect()
}
