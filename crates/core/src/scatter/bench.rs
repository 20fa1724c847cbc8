//! The scatter rows of `#/bench`: the exact DP on the seismic platform scaled down (scatter.md
//! §6.4) at two sizes, LP + rounding on the full seismic instance, and the order search.

use super::{solve, solve_traced, Algorithm, Scatter};
use crate::bench::{row, Measured, Timer};
use crate::families::Instance;
use crate::presets;

fn preset(name: &str) -> Option<Scatter> {
    match presets::get(name)? {
        Instance::Scatter(s) => Some(s),
        _ => None,
    }
}

/// The rows, timed with `time` (none if a preset went missing).
pub fn rows(time: Timer<'_>) -> Vec<Measured> {
    let mut out = Vec::new();
    if let Some(base) = preset("scatter-seismic-400") {
        for n in [400, 2000] {
            let inst = Scatter { n, ..base.clone() };
            let runs = if n > 400 { 3 } else { 5 };
            out.push(row(
                time,
                format!("scatter dp (exact, O(p·n²)), p = 16, n = {n}"),
                runs,
                || drop(solve(&inst, Algorithm::Dp)),
            ));
        }
        let inst = base.clone();
        out.push(row(
            time,
            "scatter dp + trace, p = 16, n = 400".to_owned(),
            3,
            || drop(solve_traced(&inst, Algorithm::Dp)),
        ));
    }
    if let Some(inst) = preset("scatter-seismic") {
        out.push(row(
            time,
            "scatter lp-rounded + trace + order comparison, seismic p = 16, n = 817 101".to_owned(),
            10,
            || drop(solve_traced(&inst, Algorithm::LpRounded)),
        ));
    }
    if let Some(base) = preset("scatter-seismic-400") {
        let inst = Scatter {
            n: 60,
            processors: base.processors.iter().skip(9).cloned().collect(),
            root_transfer: None,
        };
        out.push(row(
            time,
            "scatter order-search (720 orders × DP), p = 7, n = 60".to_owned(),
            3,
            || drop(solve(&inst, Algorithm::OrderSearch)),
        ));
    }
    out
}
