//! One Gantt chart of a scatter (scatter.md §7): a row per processor in sending order, the root
//! at the bottom; for each contacted processor its hatched wait `[0, start]` (the stair), its
//! receive bar `[start, recv]` and its compute bar `[recv, end]`; the root's row shows one send
//! bar per receiver, then its own computation. A dashed polyline through the `recv` points draws
//! the stair, a vertical line marks `T`, the LP's `T_LP` and its guarantee band when known, and
//! a bar chart of the shares stands at the right of the rows.

use hetlab_core::rational::{to_f64, Q};
use hetlab_core::scatter::Schedule;

use super::{
    coloured, line, name, place_labels, rect, share_text, text, tick_text, time_text, Anchor,
    Scale, Shape, SHARE_W, SHARE_X0, X1,
};
use crate::draw::palette::colour;
use crate::draw::ticks::{ticks, ONE_TWO_FIVE};

/// Height of all rows together, at most (rows shrink for many processors).
const ROWS_H: f64 = 220.0;
/// Tallest row.
const ROW_MAX: f64 = 22.0;
/// Shortest row.
const ROW_MIN: f64 = 3.0;
/// Rows shorter than this carry no labels.
const LABEL_ROW: f64 = 9.0;
/// From the chart's top to its first row (title and two lanes of marker labels).
const HEAD: f64 = 50.0;

/// The vertical lines of a chart besides `T`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lines {
    /// The rational optimum `T_LP` (or `T_rat`).
    pub lp: Option<Q>,
    /// The guarantee `T_LP + Σ T_comm(j,1) + max T_comp(i,1)`: a band from `lp` to it.
    pub bound: Option<Q>,
}

/// One chart to draw.
pub struct Chart<'a> {
    /// The distribution and its rows.
    pub schedule: &'a Schedule,
    /// The heading.
    pub title: String,
    /// Extra lines.
    pub lines: Lines,
}

/// Row height for `p` processors.
#[must_use]
#[allow(clippy::cast_precision_loss)] // p ≤ 64.
pub fn row_height(p: usize) -> f64 {
    (ROWS_H / p.max(1) as f64).clamp(ROW_MIN, ROW_MAX)
}

/// Draws `c` from `top` down; returns the y below it.
#[allow(clippy::cast_precision_loss)]
pub fn gantt(out: &mut Vec<Shape>, c: &Chart<'_>, top: f64, scale: Scale) -> f64 {
    let sched = c.schedule;
    let p = sched.order.len();
    let row = row_height(p);
    let rows_top = top + HEAD;
    let rows_bottom = rows_top + row * p as f64;
    out.push(text(
        4.0,
        top + 14.0,
        c.title.clone(),
        "title",
        Anchor::Start,
    ));
    grid(out, scale, rows_top, rows_bottom);
    if let (Some(lp), Some(b)) = (&c.lines.lp, &c.lines.bound) {
        let (xa, xb) = (scale.x(to_f64(lp)), scale.x(to_f64(b)));
        out.push(rect(
            xa,
            rows_top - 2.0,
            xb - xa,
            rows_bottom - rows_top + 4.0,
            "band",
        ));
    }
    let y_of = |k: usize| rows_top + row * k as f64;
    for (k, &i) in sched.order.iter().enumerate() {
        let is_root = k + 1 == p;
        if row >= LABEL_ROW {
            // The root's name is bold (the legend says the bottom row is the root).
            let class = if is_root { "root-label" } else { "row-label" };
            out.push(text(
                super::X0 - 4.0,
                y_of(k) + row * 0.5 + 4.0,
                name(i),
                class,
                Anchor::End,
            ));
        }
        row_bars(out, sched, k, (y_of(k) + row * 0.15, row * 0.7), scale);
    }
    stair(out, sched, scale, |k| y_of(k) + row * 0.5);
    shares(out, sched, rows_top, row);
    markers(out, c, scale, (rows_top, rows_bottom));
    axis(out, scale, rows_bottom);
    rows_bottom + 20.0
}

fn grid(out: &mut Vec<Shape>, scale: Scale, y0: f64, y1: f64) {
    for t in ticks(scale.span, ONE_TWO_FIVE).into_iter().skip(1) {
        let x = scale.x(t);
        out.push(line(x, y0, x, y1, "grid"));
    }
}

/// The bars of the row at sending position `k`; `(y, h)` is the bar band of the row.
fn row_bars(out: &mut Vec<Shape>, sched: &Schedule, k: usize, (y, h): (f64, f64), scale: Scale) {
    let Some(&i) = sched.order.get(k) else {
        return;
    };
    let is_root = k + 1 == sched.order.len();
    let x = |v: &Q| scale.x(to_f64(v));
    if is_root {
        for &j in &sched.order[..k] {
            if let Some(Some(r)) = sched.rows.get(j) {
                let tip = format!(
                    "the root sends to {} from {} to {}",
                    name(j),
                    time_text(&r.start),
                    time_text(&r.recv)
                );
                out.push(coloured(
                    (x(&r.start), y, x(&r.recv) - x(&r.start), h),
                    "send",
                    "#868e96",
                    tip,
                ));
            }
        }
    }
    let Some(Some(r)) = sched.rows.get(i) else {
        return;
    };
    let share = sched.shares.get(i).map(share_text).unwrap_or_default();
    if !is_root {
        let tip = format!("{} waits from 0 to {}", name(i), time_text(&r.start));
        out.push(Shape::Rect {
            x: x(&Q::default()),
            y,
            w: (x(&r.start) - x(&Q::default())).max(0.0),
            h,
            class: "idle",
            fill: None,
            tip: Some(tip),
        });
        let tip = format!(
            "{} receives {share} items from {} to {}",
            name(i),
            time_text(&r.start),
            time_text(&r.recv)
        );
        out.push(coloured(
            (x(&r.start), y, x(&r.recv) - x(&r.start), h),
            "recv",
            "#495057",
            tip,
        ));
    }
    let tip = format!(
        "{} computes {share} items from {} to {}",
        name(i),
        time_text(&r.recv),
        time_text(&r.end)
    );
    out.push(coloured(
        (x(&r.recv), y, x(&r.end) - x(&r.recv), h),
        "comp",
        colour(i),
        tip,
    ));
}

/// The dashed stair through the `recv` points of the contacted processors.
fn stair(out: &mut Vec<Shape>, sched: &Schedule, scale: Scale, mid: impl Fn(usize) -> f64) {
    let points: Vec<(f64, f64)> = sched
        .order
        .iter()
        .enumerate()
        .filter_map(|(k, &i)| {
            let r = sched.rows.get(i)?.as_ref()?;
            Some((scale.x(to_f64(&r.recv)), mid(k)))
        })
        .collect();
    if points.len() >= 2 {
        out.push(Shape::Poly {
            points,
            class: "stair",
        });
    }
}

/// The bar chart of the shares, one bar per row.
#[allow(clippy::cast_precision_loss)]
fn shares(out: &mut Vec<Shape>, sched: &Schedule, rows_top: f64, row: f64) {
    let top = sched.shares.iter().map(to_f64).fold(0.0, f64::max);
    for (k, &i) in sched.order.iter().enumerate() {
        let v = sched.shares.get(i).cloned().unwrap_or_default();
        let w = if top > 0.0 {
            SHARE_W * to_f64(&v) / top
        } else {
            0.0
        };
        let y = rows_top + row * k as f64;
        let tip = format!("{} gets {} items", name(i), share_text(&v));
        out.push(coloured(
            (SHARE_X0, y + row * 0.15, w, row * 0.7),
            "share",
            colour(i),
            tip,
        ));
        if row >= LABEL_ROW {
            out.push(text(
                SHARE_X0 + SHARE_W + 3.0,
                y + row * 0.5 + 4.0,
                share_text(&v),
                "share-label",
                Anchor::Start,
            ));
        }
    }
}

/// The vertical lines (`T`, `T_LP`, the bound) and their labels on two lanes above the rows.
fn markers(out: &mut Vec<Shape>, c: &Chart<'_>, scale: Scale, (y0, y1): (f64, f64)) {
    let t = &c.schedule.makespan;
    let mut labels: Vec<(f64, String, &'static str)> =
        vec![(SHARE_X0 + SHARE_W / 2.0 + 8.0, "items".to_owned(), "tick")];
    let xt = scale.x(to_f64(t));
    out.push(line(xt, y0 - 4.0, xt, y1, "tline"));
    labels.push((xt, format!("T = {}", time_text(t)), "tline-label"));
    if let Some(lp) = &c.lines.lp {
        let x = scale.x(to_f64(lp));
        out.push(line(x, y0 - 4.0, x, y1, "lpline"));
        labels.push((x, format!("T_LP ≈ {}", tick_text(to_f64(lp))), "lp-label"));
    }
    if let Some(b) = &c.lines.bound {
        let x = scale.x(to_f64(b));
        labels.push((x, format!("bound ≈ {}", tick_text(to_f64(b))), "band-label"));
    }
    // Keep every label inside the figure before choosing lanes, so that the lanes see the
    // positions the labels are drawn at.
    for (x, words, _) in &mut labels {
        #[allow(clippy::cast_precision_loss)]
        let half = super::CHAR_W * words.chars().count() as f64 / 2.0;
        *x = x.clamp(half + 2.0, super::WIDTH - half - 2.0);
    }
    let lanes = place_labels(
        &labels
            .iter()
            .map(|(x, t, _)| (*x, t.as_str()))
            .collect::<Vec<_>>(),
        2,
    );
    for ((x, words, class), lane) in labels.into_iter().zip(lanes) {
        let Some(lane) = lane else { continue };
        #[allow(clippy::cast_precision_loss)]
        let y = y0 - 8.0 - 13.0 * lane as f64;
        out.push(text(x, y, words, class, Anchor::Middle));
    }
}

/// The time axis under the rows.
fn axis(out: &mut Vec<Shape>, scale: Scale, y: f64) {
    out.push(line(super::X0, y, X1, y, "axis"));
    for t in ticks(scale.span, ONE_TWO_FIVE) {
        let x = scale.x(t);
        out.push(line(x, y, x, y + 3.0, "axis"));
        out.push(text(x, y + 14.0, tick_text(t), "tick", Anchor::Middle));
    }
}
