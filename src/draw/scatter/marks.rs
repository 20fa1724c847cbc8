//! What one Gantt chart of a figure shows about the stair, in numbers (scatter.md §7: "the
//! hatched stair before balancing, then its disappearance"): the marks of the chart, how many
//! hatched waits and whether the dashed stair is drawn, the spread of the end times and the
//! time of one item on the slowest processor. The page groups a chart's marks under one element
//! carrying these numbers, so that a test (native or in the browser) can check that the ends
//! form a stair before balancing and are equal within the rounding after it.

use std::ops::Range;

use hetlab_core::rational::{to_f64, Q};
use hetlab_core::scatter::Schedule;

use super::Shape;

/// One chart of a figure.
#[derive(Clone, Debug, PartialEq, nanoserde::SerBin, nanoserde::DeBin)]
pub struct ChartMarks {
    /// `before`, `rational`, `after` or `chart` (a chart alone).
    pub role: hetlab_core::intern::Name,
    /// Its marks in the figure's list.
    pub shapes: Range<usize>,
    /// Hatched waits of positive width (the stair's steps).
    pub idle: usize,
    /// The dashed stair line is drawn.
    pub stair: bool,
    /// `max end − min end` over the processors that receive items.
    pub spread: f64,
    /// One item's transfer and computation on the slowest contacted processor,
    /// `max_i (end_i − start_i) / x_i`: how far apart integer shares may leave the ends.
    pub item: f64,
}

impl ChartMarks {
    /// The summary of `sched` drawn as `out[shapes]`.
    #[must_use]
    pub fn new(
        role: &'static str,
        sched: &Schedule,
        out: &[Shape],
        shapes: Range<usize>,
    ) -> ChartMarks {
        let mine = out.get(shapes.clone()).unwrap_or_default();
        let idle = mine
            .iter()
            .filter(|s| matches!(s, Shape::Rect { class: "idle", w, .. } if *w > 0.0))
            .count();
        let stair = mine
            .iter()
            .any(|s| matches!(s, Shape::Poly { class: "stair", .. }));
        let (spread, item) = ends(sched);
        ChartMarks {
            role,
            shapes,
            idle,
            stair,
            spread,
            item,
        }
    }

    /// The end times are equal within one item (the stair is gone).
    #[must_use]
    pub fn balanced(&self) -> bool {
        self.spread <= self.item * (1.0 + 1e-9)
    }
}

/// `(max end − min end, max (end − start)/x)` over the processors with a positive share
/// (`(0, 0)` when none has one).
#[must_use]
pub fn ends(sched: &Schedule) -> (f64, f64) {
    let mut lo: Option<&Q> = None;
    let mut hi: Option<&Q> = None;
    let mut item = 0.0_f64;
    for (i, row) in sched.rows.iter().enumerate() {
        let (Some(r), Some(x)) = (row, sched.shares.get(i)) else {
            continue;
        };
        if !num_traits::Signed::is_positive(x) {
            continue;
        }
        lo = Some(lo.map_or(&r.end, |l| l.min(&r.end)));
        hi = Some(hi.map_or(&r.end, |h| h.max(&r.end)));
        item = item.max(to_f64(&((&r.end - &r.start) / x)));
    }
    match (lo, hi) {
        (Some(l), Some(h)) => (to_f64(&(h - l)), item),
        _ => (0.0, 0.0),
    }
}
