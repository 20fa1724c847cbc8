//! The CP view's histogram (chains.md §8.2, §10 "CP"): the percent imbalance of the CCP
//! optimum of each of the R random orders, in equal bins (the core's `cp::histogram`), one bar
//! per bin, the best order's bin highlighted.

use hetlab_core::chains::cp;

use super::shapes::{coloured, line, text, Anchor, Drawing};

/// Width of the histogram (SVG units).
pub const HIST_WIDTH: f64 = 440.0;
/// Height of the histogram.
pub const HIST_HEIGHT: f64 = 200.0;
/// Bins drawn.
pub const HIST_BINS: usize = 12;
const LEFT: f64 = 40.0;
const RIGHT: f64 = 428.0;
const TOP: f64 = 34.0;
const BOTTOM: f64 = 166.0;
const BAR: &str = "#74c0fc";
const BEST: &str = "#1f5fbf";

/// The histogram of `imbalances` (percent, one per order tried) in [`HIST_BINS`] bins; the bin
/// holding the smallest value (the order CP keeps) is drawn darker. Each bar's tooltip starts
/// with its count. Empty input: an empty drawing.
#[must_use]
#[allow(clippy::cast_precision_loss)] // Counts ≤ 10 000.
pub fn cp_histogram(imbalances: &[f64]) -> Drawing {
    let bins = cp::histogram(imbalances, HIST_BINS);
    let Some(top) = bins.iter().map(|b| b.2).max().filter(|&m| m > 0) else {
        return Drawing::default();
    };
    let r = imbalances.len();
    let slot = (RIGHT - LEFT) / bins.len() as f64;
    let mut shapes = vec![
        text(
            LEFT,
            18.0,
            format!("Imbalance of the CCP optimum over R = {r} random orders"),
            "title",
            Anchor::Start,
        ),
        line(LEFT, BOTTOM, RIGHT, BOTTOM, "axis"),
        line(LEFT, TOP, LEFT, BOTTOM, "axis"),
        text(LEFT - 4.0, TOP + 4.0, top.to_string(), "tick", Anchor::End),
        text(LEFT - 4.0, BOTTOM, "0", "tick", Anchor::End),
    ];
    for (k, &(lo, hi, count)) in bins.iter().enumerate() {
        let h = (BOTTOM - TOP) * count as f64 / top as f64;
        let x = LEFT + slot * k as f64 + 1.0;
        let fill = if k == 0 { BEST } else { BAR };
        let tip = format!("{count} of {r} orders: imbalance {lo:.3} – {hi:.3} %");
        shapes.push(coloured(
            (x, BOTTOM - h, (slot - 2.0).max(0.5), h),
            "load",
            fill,
            tip,
        ));
    }
    let (lo, hi) = (bins[0].0, bins[bins.len() - 1].1);
    shapes.push(text(
        LEFT,
        BOTTOM + 16.0,
        format!("{lo:.3} %"),
        "tick",
        Anchor::Start,
    ));
    shapes.push(text(
        RIGHT,
        BOTTOM + 16.0,
        format!("{hi:.3} %"),
        "tick",
        Anchor::End,
    ));
    shapes.push(text(
        f64::midpoint(LEFT, RIGHT),
        BOTTOM + 30.0,
        "imbalance (%); dark: the best order's bin",
        "tick",
        Anchor::Middle,
    ));
    Drawing { shapes }
}
