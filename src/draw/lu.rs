//! Pure drawing model of the LU page: the owner matrix (which processor holds each block, what
//! the current step has already factored, the pivot row and column) and the per-processor load
//! bars of one step. The canvas and the SVG export both draw from here.

use hetlab_core::lu::LuState;
use hetlab_core::rational::{frac, to_f64};

use crate::draw::palette::colour;

/// Side of the drawn matrix, in pixels / SVG units.
pub const SIDE: f64 = 480.0;

/// How one block is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shade {
    /// Factored already (row or column before the pivot): faded.
    Done,
    /// The pivot row or column of the current step.
    Pivot,
    /// In the trailing matrix: updated at this step.
    Trailing,
}

/// The shade of block `(i, j)` (0-based) at LU step `k` (1-based, `None` before the run).
#[must_use]
pub fn shade(i: usize, j: usize, k: Option<usize>) -> Shade {
    match k {
        Some(k) if i + 1 < k || j + 1 < k => Shade::Done,
        Some(k) if i + 1 == k || j + 1 == k => Shade::Pivot,
        _ => Shade::Trailing,
    }
}

/// Opacity of a shade.
#[must_use]
pub fn opacity(s: Shade) -> f64 {
    match s {
        Shade::Done => 0.18,
        Shade::Pivot => 0.55,
        Shade::Trailing => 1.0,
    }
}

/// A standalone SVG of the owner matrix at step `k` (the "Export SVG" button).
#[must_use]
pub fn matrix_svg(owners: &[Vec<usize>], k: Option<usize>, title: &str) -> String {
    let n = owners.len().max(1);
    #[allow(clippy::cast_precision_loss)] // n ≤ 512.
    let cell = SIDE / n as f64;
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIDE} {SIDE}" width="{SIDE}" height="{SIDE}" shape-rendering="crispEdges"><title>{}</title>"#,
        super::svg::escape(title)
    );
    for (i, row) in owners.iter().enumerate() {
        for (j, &p) in row.iter().enumerate() {
            #[allow(clippy::cast_precision_loss)]
            let (x, y) = (j as f64 * cell, i as f64 * cell);
            s.push_str(&format!(
                r#"<rect x="{x:.3}" y="{y:.3}" width="{cell:.3}" height="{cell:.3}" fill="{}" fill-opacity="{}"/>"#,
                colour(p),
                opacity(shade(i, j, k))
            ));
        }
    }
    s.push_str("</svg>");
    s
}

/// One processor's bar at the current step.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadBar {
    /// Processor (0-based).
    pub proc: usize,
    /// Busy time `t_P·N_P(k)` as a fraction of the step's cost (`0..=1`).
    pub fraction: f64,
    /// `12 blocks · 5 = 60`.
    pub label: String,
    /// Finishes last (its busy time is the step's cost).
    pub slowest: bool,
}

/// The load bars of the current step, and the perfect-balance line as a fraction of the cost.
#[must_use]
pub fn load_bars(s: &LuState) -> (Vec<LoadBar>, f64) {
    let cost = to_f64(&s.cost);
    let of = |v: f64| if cost > 0.0 { v / cost } else { 0.0 };
    let bars = s
        .busy
        .iter()
        .enumerate()
        .map(|(i, b)| LoadBar {
            proc: i,
            fraction: of(to_f64(b)),
            label: format!(
                "{} blocks → {}",
                s.blocks.get(i).copied().unwrap_or(0),
                frac(b)
            ),
            slowest: *b == s.cost && cost > 0.0,
        })
        .collect();
    (bars, of(to_f64(&s.perfect)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetlab_core::lu::{solve_traced, LuInput};
    use hetlab_core::rational::qi;

    #[test]
    fn shades_follow_the_pivot() {
        assert_eq!(shade(0, 0, None), Shade::Trailing);
        assert_eq!(shade(0, 5, Some(2)), Shade::Done);
        assert_eq!(shade(1, 5, Some(2)), Shade::Pivot);
        assert_eq!(shade(3, 1, Some(2)), Shade::Pivot);
        assert_eq!(shade(3, 4, Some(2)), Shade::Trailing);
        assert!(opacity(Shade::Done) < opacity(Shade::Pivot));
    }

    #[test]
    fn the_reference_example_draws_its_owners_and_loads() {
        let input = LuInput {
            cycle_times: vec![qi(3), qi(5), qi(8)],
            b: 10,
            n: None,
            grid: None,
        };
        let t = solve_traced("1d", &input).unwrap();
        let s = t.trace.state_at(LuState::new(3, 10), usize::MAX);
        let svg = matrix_svg(&s.owners, s.k, "1d <t>");
        assert_eq!(svg.matches("<rect").count(), 100);
        assert!(svg.contains("1d &lt;t&gt;"));
        // The last column belongs to P1 (owner(j) = A((n − j) mod B + 1), A(1) = P1).
        assert!(svg.contains(&format!(r#"fill="{}""#, colour(0))));
        let (bars, perfect) = load_bars(&s);
        assert_eq!(bars.len(), 3);
        assert!(bars
            .iter()
            .any(|b| b.slowest && (b.fraction - 1.0).abs() < 1e-12));
        assert!(bars.iter().all(|b| b.fraction <= 1.0 + 1e-12));
        assert!(perfect > 0.0 && perfect <= 1.0 + 1e-12, "{perfect}");
    }
}
