//! The two small panels of the scatter figure: the DP's candidate curve for the current cell
//! (scatter.md §7 event 2: `e ↦ T_comm(i,e) + max(T_comp(i,e), cost[d−e][i+1])`, the chosen `e`
//! marked) and the root choice (§7 event 6: one bar per candidate root, the data transfer
//! hatched, then the scatter's execution, the best outlined).

use hetlab_core::rational::{to_f64, Q};
use hetlab_core::scatter::{Cell, ScatterState};

use super::{line, name, rect, text, tick_text, time_text, Anchor, Shape, X0, X1};

/// Height of the candidate plot.
const PLOT_H: f64 = 80.0;
/// Height of one root bar row.
const ROOT_ROW: f64 = 20.0;

/// The candidate curve of `cell`, from `top`; returns the y below it.
#[allow(clippy::cast_precision_loss)] // d ≤ 60 (DP_CELL_LIMIT).
pub fn candidates(out: &mut Vec<Shape>, cell: &Cell, s: &ScatterState, top: f64) -> f64 {
    let who = s
        .order
        .get(cell.position)
        .map_or_else(|| format!("position {}", cell.position + 1), |&i| name(i));
    out.push(text(
        4.0,
        top + 14.0,
        format!(
            "cost[{}][{}]: makespan if {who} takes e of the {} items",
            cell.d,
            cell.position + 1,
            cell.d
        ),
        "title",
        Anchor::Start,
    ));
    let (y0, y1) = (top + 24.0, top + 24.0 + PLOT_H);
    let values: Vec<f64> = cell.candidates.iter().map(to_f64).collect();
    let hi = values.iter().copied().fold(0.0, f64::max);
    let lo = values.iter().copied().fold(hi, f64::min);
    let range = if hi > lo { hi - lo } else { 1.0 };
    let d = cell.candidates.len().saturating_sub(1).max(1) as f64;
    let x = |e: usize| X0 + (X1 - X0) * e as f64 / d;
    let y = |v: f64| y1 - 8.0 - (PLOT_H - 16.0) * (v - lo) / range;
    out.push(line(X0, y1, X1, y1, "axis"));
    out.push(line(X0, y0, X0, y1, "axis"));
    let points: Vec<(f64, f64)> = values
        .iter()
        .enumerate()
        .map(|(e, &v)| (x(e), y(v)))
        .collect();
    if points.len() >= 2 {
        out.push(Shape::Poly {
            points: points.clone(),
            class: "curve",
        });
    }
    let chosen = usize::try_from(cell.choice).unwrap_or(usize::MAX);
    for (e, &(px, py)) in points.iter().enumerate() {
        let class = if e == chosen { "chosen" } else { "dot" };
        let r = if e == chosen { 4.0 } else { 2.0 };
        out.push(rect(px - r, py - r, 2.0 * r, 2.0 * r, class));
    }
    // The best candidate in words under the axis, where the curve never passes.
    if let Some(v) = cell.candidates.get(chosen) {
        out.push(text(
            f64::midpoint(X0, X1),
            y1 + 13.0,
            format!("best: e = {chosen}, cost {}", time_text(v)),
            "tline-label",
            Anchor::Middle,
        ));
    }
    out.push(text(X0, y1 + 13.0, "e = 0", "tick", Anchor::Start));
    out.push(text(
        X1,
        y1 + 13.0,
        format!("e = {}", cell.d),
        "tick",
        Anchor::End,
    ));
    out.push(text(
        X0 - 3.0,
        y(hi) + 4.0,
        tick_text(hi),
        "tick",
        Anchor::End,
    ));
    if hi > lo {
        out.push(text(
            X0 - 3.0,
            y(lo) + 4.0,
            tick_text(lo),
            "tick",
            Anchor::End,
        ));
    }
    y1 + 18.0
}

/// The roots tried so far, from `top`; returns the y below.
#[allow(clippy::cast_precision_loss)]
pub fn roots(out: &mut Vec<Shape>, s: &ScatterState, top: f64) -> f64 {
    out.push(text(
        4.0,
        top + 14.0,
        "Root choice: moving the data (hatched) + the scatter",
        "title",
        Anchor::Start,
    ));
    let total = |t: &Q, e: &Q| to_f64(t) + to_f64(e);
    let hi = s
        .roots
        .iter()
        .map(|r| total(&r.transfer, &r.execution))
        .fold(0.0, f64::max);
    let w = |v: f64| if hi > 0.0 { (X1 - X0) * v / hi } else { 0.0 };
    let mut y = top + 22.0;
    for r in &s.roots {
        let (wt, we) = (w(to_f64(&r.transfer)), w(to_f64(&r.execution)));
        out.push(text(
            X0 - 4.0,
            y + 14.0,
            name(r.root),
            "row-label",
            Anchor::End,
        ));
        out.push(rect(X0, y + 3.0, wt, ROOT_ROW - 6.0, "transfer"));
        out.push(rect(X0 + wt, y + 3.0, we, ROOT_ROW - 6.0, "exec"));
        if s.best_root == Some(r.root) {
            out.push(rect(
                X0 - 1.0,
                y + 2.0,
                wt + we + 2.0,
                ROOT_ROW - 4.0,
                "best",
            ));
        }
        let t = &r.transfer + &r.execution;
        out.push(text(
            X0 + wt + we + 4.0,
            y + 14.0,
            time_text(&t),
            "tick",
            Anchor::Start,
        ));
        y += ROOT_ROW;
    }
    y + 4.0
}
