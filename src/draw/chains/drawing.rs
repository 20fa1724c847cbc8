//! The chains figure at one step (chains.md §10): the staircase of prefix sums with the ideal
//! guides, the separators and the latest search, the task bar and the processor bar under it,
//! then the two lower panels of [`super::panels`].

use hetlab_core::chains::{ChainStep, ChainsState, BAR_CELLS};
use hetlab_core::rational::{frac, to_f64};

use super::panels::{interval, loads};
use super::{filled, line, owner, placed, rect, text, Anchor, Drawing, Shape, WIDTH, X0, X1};
use crate::draw::palette::colour;

pub(super) const STAIR_TOP: f64 = 24.0;
const STAIR_BOTTOM: f64 = 196.0;
const TASK_TOP: f64 = 218.0;
const TASK_H: f64 = 34.0;
const PROC_TOP: f64 = 272.0;
const PROC_H: f64 = 24.0;
/// Most staircase points drawn (larger chains are sampled).
const MAX_POINTS: usize = 400;

/// Maps task index `i` (`0..=N`) to x.
#[allow(clippy::cast_precision_loss)] // N ≤ 2^20.
fn x_of(i: usize, n: usize) -> f64 {
    X0 + (X1 - X0) * i as f64 / n.max(1) as f64
}

/// Maps a prefix-sum value to y in the staircase.
fn y_of(w: f64, total: f64) -> f64 {
    let f = if total > 0.0 {
        (w / total).clamp(0.0, 1.05)
    } else {
        0.0
    };
    STAIR_BOTTOM - (STAIR_BOTTOM - STAIR_TOP) * f
}

/// The whole figure after the steps replayed into `s`; `last` is the latest step (its target
/// line is drawn), `range` the fixed span of the number line (see [`value_range`](super::value_range)).
#[must_use]
pub fn figure(s: &ChainsState, last: Option<&ChainStep>, range: (f64, f64)) -> Drawing {
    let mut out = Vec::new();
    staircase(s, last, &mut out);
    task_bar(s, &mut out);
    processor_bar(s, &mut out);
    loads(s, &mut out);
    interval(s, range, &mut out);
    Drawing { shapes: out }
}

#[allow(clippy::cast_precision_loss)] // prefix sums ≤ 2^40.
fn staircase(s: &ChainsState, last: Option<&ChainStep>, out: &mut Vec<Shape>) {
    let n = s.prefix.len().saturating_sub(1);
    let total = s.prefix.last().copied().unwrap_or(0) as f64;
    let y = |w: f64| y_of(w, total);
    out.push(text(
        X0,
        14.0,
        "Prefix sums W[i]: the work of tasks 1..i",
        "title",
        Anchor::Start,
    ));
    if placed(s) {
        for k in 0..s.separators.len().saturating_sub(1) {
            let (a, b) = (s.separators[k], s.separators[k + 1]);
            let (xa, xb) = (x_of(a, n), x_of(b, n));
            out.push(filled(
                xa,
                STAIR_TOP,
                xb - xa,
                STAIR_BOTTOM - STAIR_TOP,
                "part",
                colour(owner(s, k)),
            ));
        }
    }
    out.push(line(X0, STAIR_BOTTOM, X1, STAIR_BOTTOM, "axis"));
    out.push(line(X0, STAIR_TOP, X0, STAIR_BOTTOM, "axis"));
    out.push(text(
        X0 - 4.0,
        y(total) + 4.0,
        total.to_string(),
        "tick",
        Anchor::End,
    ));
    out.push(text(X0 - 4.0, STAIR_BOTTOM + 4.0, "0", "tick", Anchor::End));
    out.push(text(X0, STAIR_BOTTOM + 14.0, "0", "tick", Anchor::Middle));
    // Ends at the axis' end: centred there, a long count ran past the figure's edge.
    out.push(text(
        X1,
        STAIR_BOTTOM + 14.0,
        n.to_string(),
        "tick",
        Anchor::End,
    ));
    out.push(text(
        f64::midpoint(X0, X1),
        STAIR_BOTTOM + 14.0,
        "task i",
        "tick",
        Anchor::Middle,
    ));
    guides(s, total, out);
    let built = s.built.min(n);
    if built > 0 {
        let stride = n.div_ceil(MAX_POINTS).max(1);
        let mut points = vec![(x_of(0, n), y(0.0))];
        let tail = (!built.is_multiple_of(stride)).then_some(built);
        for i in (stride..=built).step_by(stride).chain(tail) {
            if stride == 1 {
                points.push((x_of(i, n), y(s.prefix[i - 1] as f64)));
            }
            points.push((x_of(i, n), y(s.prefix[i] as f64)));
        }
        out.push(Shape::Poly {
            points,
            class: "stair",
        });
    }
    if placed(s) {
        separators(s, n, out);
    }
    target(s, last, n, total, out);
    cell(s, last, n, total, out);
}

/// A DP cell's last part (tasks `j+1..i` on `P_p`) or the end index NICOL examined, marked on
/// the staircase.
#[allow(clippy::cast_precision_loss)]
fn cell(s: &ChainsState, last: Option<&ChainStep>, n: usize, total: f64, out: &mut Vec<Shape>) {
    let w = |i: usize| s.prefix.get(i).copied().unwrap_or(0) as f64;
    let label = match last {
        Some(ChainStep::DpCell { p, i, j, .. }) if j < i => {
            let (xa, xb, ya, yb) = (
                x_of(*j, n),
                x_of(*i, n),
                y_of(w(*j), total),
                y_of(w(*i), total),
            );
            out.push(rect(xa, yb, xb - xa, ya - yb, "window"));
            format!("P{p} takes tasks {}..{i}", j + 1)
        }
        Some(ChainStep::NicolStep { b, imid, .. }) => {
            let x = x_of(*imid, n);
            out.push(line(x, STAIR_BOTTOM, x, y_of(w(*imid), total), "mid"));
            format!("P{b} up to task {imid}?")
        }
        _ => return,
    };
    out.push(text(
        X0 + 4.0,
        STAIR_TOP + 14.0,
        label,
        "target-label",
        Anchor::Start,
    ));
}

/// Dashed guides at `B*·E(1..p)`: where the staircase would cross if every processor finished
/// together (labelled with `p` when there is room).
#[allow(clippy::cast_precision_loss)]
fn guides(s: &ChainsState, total: f64, out: &mut Vec<Shape>) {
    let g = s.guides();
    if g.len() > 64 {
        return;
    }
    let labels = g.len() <= 16;
    for (p, v) in g.iter().enumerate().take(g.len().saturating_sub(1)) {
        let y = y_of(to_f64(v), total);
        out.push(line(X0, y, X1, y, "guide"));
        if labels {
            out.push(text(
                X1 + 2.0,
                y + 4.0,
                format!("{}", p + 1),
                "guide-label",
                Anchor::Start,
            ));
        }
    }
}

/// Separator lines `s_1..s_{P−1}` across the staircase, labelled when few (see
/// [`separator_labels`]).
fn separators(s: &ChainsState, n: usize, out: &mut Vec<Shape>) {
    let inner = s.separators.len().saturating_sub(2);
    for p in 1..=inner {
        let x = x_of(s.separators[p], n);
        out.push(line(x, STAIR_TOP - 4.0, x, TASK_TOP + TASK_H, "sep"));
    }
    if inner <= 16 {
        let at: Vec<f64> = (1..=inner).map(|p| x_of(s.separators[p], n)).collect();
        out.extend(separator_labels(&at));
    }
}

/// Rows of separator labels under the staircase's top edge.
pub(super) const SEP_ROWS: usize = 4;

/// The labels of separators at `at[p − 1]` (x of `s_p`), by one rule: separators at the same
/// place share one label (`s3–s8`); a label sits right of its line, or left of it where it would
/// cross the figure's right edge; labels that would overlap go one row down, and a label with no
/// free row among the four (`SEP_ROWS`) is dropped (the Data table lists every separator).
#[must_use]
pub fn separator_labels(at: &[f64]) -> Vec<Shape> {
    const PX: f64 = 13.0;
    const GAP: f64 = 3.0;
    let mut rows: Vec<Vec<(f64, f64)>> = vec![Vec::new(); SEP_ROWS];
    let mut out = Vec::new();
    let mut p = 0;
    while p < at.len() {
        let x = at[p];
        let q = p + at[p..]
            .iter()
            .take_while(|&&y| (y - x).abs() < 1e-9)
            .count()
            - 1;
        let name = match q - p {
            0 => format!("s{}", p + 1),
            1 => format!("s{},s{}", p + 1, q + 1),
            _ => format!("s{}–s{}", p + 1, q + 1),
        };
        let w = crate::draw::labels::width(&name, PX, true);
        let (tx, anchor, left) = if x + 2.0 + w <= WIDTH {
            (x + 2.0, Anchor::Start, x + 2.0)
        } else {
            (x - 2.0, Anchor::End, x - 2.0 - w)
        };
        let span = (left - GAP, left + w + GAP);
        let free = rows
            .iter()
            .position(|row| row.iter().all(|&(a, b)| span.1 <= a || b <= span.0));
        if let Some(r) = free {
            rows[r].push(span);
            #[allow(clippy::cast_precision_loss)] // r < SEP_ROWS.
            let y = STAIR_TOP + 10.0 + 14.0 * r as f64;
            out.push(text(tx, y, name, "sep-label", anchor));
        }
        p = q + 1;
    }
    out
}

/// The latest step's search: the target prefix a probe, RB or MP looks for (a horizontal line)
/// and the index a binary search compared.
#[allow(clippy::cast_precision_loss)]
fn target(s: &ChainsState, last: Option<&ChainStep>, n: usize, total: f64, out: &mut Vec<Shape>) {
    let Some(
        ChainStep::ProbeStep { target: goal, .. }
        | ChainStep::RbSplit { target: goal, .. }
        | ChainStep::MpSep { target: goal, .. },
    ) = last
    else {
        return;
    };
    let y = y_of(to_f64(goal), total);
    out.push(line(X0, y, X1, y, "target"));
    out.push(text(
        X0 + 4.0,
        y - 4.0,
        format!("target {}", frac(goal)),
        "target-label",
        Anchor::Start,
    ));
    if let Some((_, lo, hi, mid)) = s.search {
        let (xl, xh) = (x_of(lo, n), x_of(hi, n));
        out.push(rect(xl, STAIR_BOTTOM - 3.0, xh - xl, 6.0, "window"));
        if let Some(&w) = s.prefix.get(mid) {
            let xm = x_of(mid, n);
            out.push(line(xm, STAIR_BOTTOM, xm, y_of(w as f64, total), "mid"));
        }
    }
}

/// The task bar under the staircase: one cell per task (binned above [`BAR_CELLS`]: the
/// state's `bar`, computed once per instance), height ∝ weight, coloured by the processor that
/// owns it once separators are placed.
#[allow(clippy::cast_precision_loss)]
fn task_bar(s: &ChainsState, out: &mut Vec<Shape>) {
    let n = s.prefix.len().saturating_sub(1);
    let bins = &s.bar;
    let per = |&(a, b, w): &(usize, usize, u64)| w as f64 / (b + 1 - a) as f64;
    let top = bins.iter().map(per).fold(0.0, f64::max);
    let show = placed(s);
    for bin in bins.iter() {
        let (a, b, w) = *bin;
        let (xa, xb) = (x_of(a - 1, n), x_of(b, n));
        let h = if top > 0.0 {
            TASK_H * per(bin) / top
        } else {
            0.0
        };
        let fill = if show {
            colour(owner_of_task(s, b))
        } else {
            "#ced4da"
        };
        out.push(filled(xa, TASK_TOP + TASK_H - h, xb - xa, h, "task", fill));
        if n <= 40 && xb - xa >= 12.0 {
            out.push(text(
                f64::midpoint(xa, xb),
                TASK_TOP + TASK_H + 12.0,
                w.to_string(),
                "weight",
                Anchor::Middle,
            ));
        }
    }
    // Two short lines: the left margin holds about six characters.
    let lines: &[&str] = if n > BAR_CELLS {
        &["tasks", "binned"]
    } else {
        &["tasks"]
    };
    for (k, l) in lines.iter().rev().enumerate() {
        out.push(text(
            X0 - 4.0,
            TASK_TOP + TASK_H - 2.0 - 12.0 * k as f64,
            *l,
            "tick",
            Anchor::End,
        ));
    }
}

/// The part holding task `i` (1-based), as a processor index.
fn owner_of_task(s: &ChainsState, i: usize) -> usize {
    let k = s
        .separators
        .iter()
        .skip(1)
        .position(|&x| x >= i)
        .unwrap_or(0);
    owner(s, k)
}

/// The processor bar: one slot per processor in chain order, width ∝ speed.
#[allow(clippy::cast_precision_loss)]
fn processor_bar(s: &ChainsState, out: &mut Vec<Shape>) {
    let speeds = s.chain_speeds();
    let total: u64 = speeds.iter().sum();
    let mut x = X0;
    for (k, &e) in speeds.iter().enumerate() {
        let w = (X1 - X0) * e as f64 / total.max(1) as f64;
        let p = owner(s, k);
        out.push(filled(x, PROC_TOP, w, PROC_H, "proc", colour(p)));
        let label = if w >= 50.0 {
            format!("P{} ({e})", p + 1)
        } else if w >= 22.0 {
            format!("P{}", p + 1)
        } else {
            String::new()
        };
        if !label.is_empty() {
            out.push(text(
                x + w / 2.0,
                PROC_TOP + 16.0,
                label,
                "proc-label",
                Anchor::Middle,
            ));
        }
        x += w;
    }
    out.push(text(
        X0 - 4.0,
        PROC_TOP + 16.0,
        "speed",
        "tick",
        Anchor::End,
    ));
}
