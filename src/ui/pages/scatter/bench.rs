//! The scatter rows of `#/bench`: the exact DP on the seismic platform scaled down (scatter.md
//! §6.4) at two sizes, LP + rounding on the full seismic instance, and the order search.

use hetlab_core::families::Instance;
use hetlab_core::presets;
use hetlab_core::scatter::Scatter;
use hetlab_core::scatter::{solve, solve_traced, Algorithm};

/// One benchmark: its name, how many runs, and the work.
pub type Case = (String, usize, Box<dyn FnMut()>);

fn preset(name: &str) -> Option<Scatter> {
    match presets::get(name)? {
        Instance::Scatter(s) => Some(s),
        _ => None,
    }
}

/// The cases (none if a preset went missing).
#[must_use]
pub fn cases() -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    if let Some(base) = preset("scatter-seismic-400") {
        for n in [400, 2000] {
            let inst = Scatter { n, ..base.clone() };
            let runs = if n > 400 { 3 } else { 5 };
            out.push((
                format!("scatter dp (exact, O(p·n²)), p = 16, n = {n}"),
                runs,
                Box::new(move || drop(solve(&inst, Algorithm::Dp))),
            ));
        }
        let inst = base.clone();
        out.push((
            "scatter dp + trace, p = 16, n = 400".to_owned(),
            3,
            Box::new(move || drop(solve_traced(&inst, Algorithm::Dp))),
        ));
    }
    if let Some(inst) = preset("scatter-seismic") {
        out.push((
            "scatter lp-rounded + trace + order comparison, seismic p = 16, n = 817 101".to_owned(),
            10,
            Box::new(move || drop(solve_traced(&inst, Algorithm::LpRounded))),
        ));
    }
    if let Some(base) = preset("scatter-seismic-400") {
        let inst = Scatter {
            n: 60,
            processors: base.processors.iter().skip(9).cloned().collect(),
            root_transfer: None,
        };
        out.push((
            "scatter order-search (720 orders × DP), p = 7, n = 60".to_owned(),
            3,
            Box::new(move || drop(solve(&inst, Algorithm::OrderSearch))),
        ));
    }
    out
}
