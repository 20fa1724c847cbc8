//! Pure drawing model of the chains page (chains.md §10): the staircase of prefix sums with the
//! ideal guide lines and the separators, the task bar (height ∝ weight, coloured by owner), the
//! processor bar (width ∝ speed), the load chart (current `B`, dashed `B*`) and the `[LB, UB]`
//! interval on a number line, all computed from a replayed [`ChainsState`]. The Yew view and
//! the exported SVG both draw these shapes.

use hetlab_core::chains::{task_bins, ChainStep, ChainsState};
use hetlab_core::rational::{frac, to_f64, Q};

use super::chains_panels::{interval, loads};
use crate::draw::palette::colour;

/// Width of the drawing (SVG units); narrow so that text stays readable on a phone.
pub const WIDTH: f64 = 440.0;
/// Height of the drawing.
pub const HEIGHT: f64 = 506.0;
/// Left edge of the plots (room for the y labels).
pub const X0: f64 = 46.0;
/// Right edge of the plots.
pub const X1: f64 = 428.0;
const STAIR_TOP: f64 = 24.0;
const STAIR_BOTTOM: f64 = 196.0;
const TASK_TOP: f64 = 218.0;
const TASK_H: f64 = 34.0;
const PROC_TOP: f64 = 272.0;
const PROC_H: f64 = 24.0;
/// Most staircase points drawn (larger chains are sampled).
const MAX_POINTS: usize = 400;
/// Most task cells drawn (larger chains are binned).
const MAX_CELLS: usize = 240;

/// How a text is anchored at its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Starts at the point.
    Start,
    /// Centred on the point.
    Middle,
    /// Ends at the point.
    End,
}

impl Anchor {
    /// The SVG `text-anchor` value.
    #[must_use]
    pub fn css(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// One shape; `class` selects its style (www/style.css and [`EXPORT_CSS`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A rectangle, filled with a processor colour when `fill` is given.
    Rect {
        /// Left.
        x: f64,
        /// Top.
        y: f64,
        /// Width.
        w: f64,
        /// Height.
        h: f64,
        /// Style.
        class: &'static str,
        /// Processor colour.
        fill: Option<&'static str>,
    },
    /// A segment.
    Line {
        /// Start.
        x1: f64,
        /// Start.
        y1: f64,
        /// End.
        x2: f64,
        /// End.
        y2: f64,
        /// Style.
        class: &'static str,
    },
    /// An open polyline.
    Poly {
        /// The points.
        points: Vec<(f64, f64)>,
        /// Style.
        class: &'static str,
    },
    /// A label.
    Text {
        /// Anchor point.
        x: f64,
        /// Baseline.
        y: f64,
        /// The text.
        text: String,
        /// Style.
        class: &'static str,
        /// Anchoring.
        anchor: Anchor,
    },
}

/// Shorthand constructors (they keep the panel code short).
#[must_use]
pub fn rect(x: f64, y: f64, w: f64, h: f64, class: &'static str) -> Shape {
    Shape::Rect {
        x,
        y,
        w: w.max(0.0),
        h: h.max(0.0),
        class,
        fill: None,
    }
}

/// A segment.
#[must_use]
pub fn line(x1: f64, y1: f64, x2: f64, y2: f64, class: &'static str) -> Shape {
    Shape::Line {
        x1,
        y1,
        x2,
        y2,
        class,
    }
}

/// A label.
#[must_use]
pub fn text(x: f64, y: f64, t: impl Into<String>, class: &'static str, anchor: Anchor) -> Shape {
    Shape::Text {
        x,
        y,
        text: t.into(),
        class,
        anchor,
    }
}

fn filled(x: f64, y: f64, w: f64, h: f64, class: &'static str, fill: &'static str) -> Shape {
    Shape::Rect {
        x,
        y,
        w: w.max(0.0),
        h: h.max(0.0),
        class,
        fill: Some(fill),
    }
}

/// The figure at one step: shapes in drawing order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Drawing {
    /// The shapes.
    pub shapes: Vec<Shape>,
}

/// The processor (0-based, input order) running part `k` of the chain.
#[must_use]
pub fn owner(s: &ChainsState, k: usize) -> usize {
    s.order
        .as_ref()
        .and_then(|o| o.get(k).copied())
        .unwrap_or(k)
}

/// The separators mean something yet (before the first placement every task sits on the last
/// processor only because the vector starts as `[0, …, 0, N]`).
#[must_use]
pub fn placed(s: &ChainsState) -> bool {
    let n = s.prefix.len().saturating_sub(1);
    let untouched =
        s.separators.iter().rev().skip(1).all(|&x| x == 0) && s.separators.last() == Some(&n);
    s.result.is_some() || s.probes > 0 || s.rounds > 0 || !s.splits.is_empty() || !untouched
}

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
/// line is drawn), `range` the fixed span of the number line (see [`value_range`]).
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
    out.push(text(
        X1,
        STAIR_BOTTOM + 14.0,
        n.to_string(),
        "tick",
        Anchor::Middle,
    ));
    out.push(text(
        (X0 + X1) / 2.0,
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
        let tail = (built % stride != 0).then_some(built);
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

/// Separator lines `s_1..s_{P−1}` across the staircase, labelled when few.
fn separators(s: &ChainsState, n: usize, out: &mut Vec<Shape>) {
    let inner = s.separators.len().saturating_sub(2);
    let mut stacked = 0.0;
    let mut prev: Option<usize> = None;
    for p in 1..=inner {
        let sp = s.separators[p];
        let x = x_of(sp, n);
        out.push(line(x, STAIR_TOP - 4.0, x, TASK_TOP + TASK_H, "sep"));
        if inner <= 16 {
            stacked = if prev == Some(sp) {
                stacked + 11.0
            } else {
                0.0
            };
            out.push(text(
                x + 2.0,
                STAIR_TOP + 8.0 + stacked,
                format!("s{p}"),
                "sep-label",
                Anchor::Start,
            ));
        }
        prev = Some(sp);
    }
}

/// The latest step's search: the target prefix a probe, RB or MP looks for (a horizontal line)
/// and the index a binary search compared.
#[allow(clippy::cast_precision_loss)]
fn target(s: &ChainsState, last: Option<&ChainStep>, n: usize, total: f64, out: &mut Vec<Shape>) {
    let goal = match last {
        Some(
            ChainStep::ProbeStep { target, .. }
            | ChainStep::RbSplit { target, .. }
            | ChainStep::MpSep { target, .. },
        ) => target,
        _ => return,
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

/// The task bar under the staircase: one cell per task (binned above [`MAX_CELLS`]), height ∝
/// weight, coloured by the processor that owns it once separators are placed.
#[allow(clippy::cast_precision_loss)]
fn task_bar(s: &ChainsState, out: &mut Vec<Shape>) {
    let n = s.prefix.len().saturating_sub(1);
    let weights: Vec<u64> = s.prefix.windows(2).map(|w| w[1] - w[0]).collect();
    let bins = if n > MAX_CELLS {
        task_bins(&weights, MAX_CELLS / 2)
    } else {
        (1..=n).map(|i| (i, i, weights[i - 1])).collect()
    };
    let per = |&(a, b, w): &(usize, usize, u64)| w as f64 / (b + 1 - a) as f64;
    let top = bins.iter().map(per).fold(0.0, f64::max);
    let show = placed(s);
    for bin in &bins {
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
                (xa + xb) / 2.0,
                TASK_TOP + TASK_H + 12.0,
                w.to_string(),
                "weight",
                Anchor::Middle,
            ));
        }
    }
    let label = if n > MAX_CELLS {
        "tasks (binned)"
    } else {
        "tasks"
    };
    out.push(text(
        X0 - 4.0,
        TASK_TOP + TASK_H - 2.0,
        label,
        "tick",
        Anchor::End,
    ));
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

/// The span of the number line over a whole run: from `B*` to the largest value the run
/// probes, bounds or returns, so that the interval visibly shrinks.
#[must_use]
pub fn value_range(ideal: &Q, steps: &[ChainStep]) -> (f64, f64) {
    let lo = to_f64(ideal);
    let hi = steps
        .iter()
        .filter_map(|st| match st {
            ChainStep::Bounds { ub, .. } => Some(to_f64(ub)),
            ChainStep::ProbeStart { b, .. }
            | ChainStep::BidRound { b, .. }
            | ChainStep::Result { b, .. } => Some(to_f64(b)),
            ChainStep::BisStep { mid, .. } => Some(to_f64(mid)),
            ChainStep::CpOrder { value, .. } | ChainStep::NicolCand { value, .. } => {
                Some(to_f64(value))
            }
            _ => None,
        })
        .filter(|v| v.is_finite())
        .fold(lo, f64::max);
    let pad = ((hi - lo) * 0.06).max(lo.abs() * 0.02).max(0.5);
    ((lo - pad).max(0.0), hi + pad)
}

/// Styles of the exported SVG (the page's www/style.css has the same rules).
pub const EXPORT_CSS: &str = "text{font:12px sans-serif;fill:#1d232a}.title{font-weight:600;font-size:13px}.tick,.weight,.guide-label{font-size:11px;fill:#495057}.axis{stroke:#495057;stroke-width:1.2}.part{fill-opacity:.35}.guide{stroke:#868e96;stroke-dasharray:4 3}.stair{fill:none;stroke:#1d232a;stroke-width:2}.sep{stroke:#1d232a;stroke-width:1.6}.sep-label{font-size:11px;font-weight:600}.target{stroke:#d6336c;stroke-width:1.6;stroke-dasharray:6 3}.target-label{fill:#a61e4d;font-size:11px}.window{fill:#d6336c;fill-opacity:.35}.mid{stroke:#d6336c;stroke-width:2}.task,.proc,.load{stroke:#495057;stroke-width:.6}.bottleneck{stroke:#d6336c;stroke-width:2.5}.bline{stroke:#d6336c;stroke-width:2}.ideal{stroke:#1d232a;stroke-dasharray:5 3}.bline-label{fill:#a61e4d;font-weight:600}.band{fill:#c3fae8;stroke:#0ca678}.probe-ok{stroke:#1b7f3b;stroke-width:3}.probe-fail{stroke:#b00020;stroke-width:3}.result{stroke:#1f5fbf;stroke-width:3}";

/// A standalone SVG document of the figure (the Export SVG button).
#[must_use]
pub fn to_svg_document(d: &Drawing, title: &str) -> String {
    use super::svg::escape;
    let mut s = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}"><title>{}</title><style>{EXPORT_CSS}</style><rect width="100%" height="100%" fill="#fff"/>"##,
        escape(title)
    );
    for shape in &d.shapes {
        s.push_str(&match shape {
            Shape::Rect { x, y, w, h, class, fill } => {
                let f = fill.map_or_else(String::new, |c| format!(r#" fill="{c}""#));
                format!(r#"<rect class="{class}" x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}"{f}/>"#)
            }
            Shape::Line { x1, y1, x2, y2, class } => {
                format!(r#"<line class="{class}" x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}"/>"#)
            }
            Shape::Poly { points, class } => format!(r#"<polyline class="{class}" points="{}"/>"#, points_attr(points)),
            Shape::Text { x, y, text, class, anchor } => format!(
                r#"<text class="{class}" x="{x:.2}" y="{y:.2}" text-anchor="{}">{}</text>"#,
                anchor.css(),
                escape(text)
            ),
        });
    }
    s.push_str("</svg>");
    s
}

/// `x,y x,y …` for a `points` attribute.
#[must_use]
pub fn points_attr(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|(x, y)| format!("{x:.2},{y:.2}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetlab_core::chains::{solve_traced, ChainsInput};

    fn ex2() -> ChainsInput {
        ChainsInput::new(vec![2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5], vec![3, 1, 2, 2])
    }

    fn texts(d: &Drawing) -> Vec<&str> {
        d.shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }

    fn count(d: &Drawing, class: &str) -> usize {
        d.shapes
            .iter()
            .filter(|s| match s {
                Shape::Rect { class: c, .. }
                | Shape::Line { class: c, .. }
                | Shape::Poly { class: c, .. } => *c == class,
                Shape::Text { .. } => false,
            })
            .count()
    }

    #[test]
    fn the_start_shows_no_partition_yet() {
        let input = ex2();
        let s = ChainsState::new(&input);
        assert!(!placed(&s));
        let d = figure(&s, None, (7.0, 15.0));
        assert_eq!(count(&d, "sep"), 0);
        assert_eq!(count(&d, "part"), 0);
        assert_eq!(count(&d, "stair"), 0, "nothing built yet");
        assert_eq!(count(&d, "task"), 12);
        assert_eq!(count(&d, "proc"), 4);
        assert!(texts(&d).contains(&"The loads appear once separators are placed."));
    }

    #[test]
    fn ex2_ends_on_the_optimal_partition() {
        let input = ex2();
        let t = solve_traced(&input, "exact-bisection").unwrap();
        let range = value_range(&t.solution.ideal, &t.trace.steps);
        assert!(range.0 < 7.0 && range.1 >= 15.0, "{range:?}");
        let s = t.trace.state_at(ChainsState::new(&input), usize::MAX);
        assert_eq!(s.separators, vec![0, 5, 6, 9, 12]);
        let d = figure(&s, t.trace.steps.last(), range);
        assert_eq!(count(&d, "sep"), 3);
        assert_eq!(count(&d, "part"), 4);
        assert_eq!(count(&d, "guide"), 3);
        assert_eq!(count(&d, "bottleneck"), 1);
        assert_eq!(count(&d, "result"), 1);
        let t = texts(&d);
        for want in ["B = 17/2", "B* = 7", "20/3", "11/2", "s1", "s3", "P1 (3)"] {
            assert!(t.contains(&want), "{want} missing from {t:?}");
        }
        assert!(
            t.iter().any(|x| x.contains("[LB, UB] = [17/2, 17/2]")),
            "{t:?}"
        );
    }

    #[test]
    fn a_probe_step_draws_its_target_and_search_window() {
        let input = ex2();
        let t = solve_traced(&input, "exact-bisection").unwrap();
        let k = t
            .trace
            .steps
            .iter()
            .position(|s| matches!(s, ChainStep::ProbeStep { .. }))
            .unwrap()
            + 1;
        let s = t.trace.state_at(ChainsState::new(&input), k);
        let d = figure(&s, t.trace.steps.get(k - 1), (6.0, 16.0));
        assert_eq!(count(&d, "target"), 1);
        assert_eq!(count(&d, "window"), 1);
        assert_eq!(count(&d, "mid"), 1);
        assert!(texts(&d).contains(&"target 33"));
    }

    #[test]
    fn every_shape_stays_inside_the_view_box() {
        let input = ChainsInput::new(
            (1..=3000).map(|i| 1 + i % 17).collect(),
            vec![1, 4, 2, 9, 3, 3, 1],
        );
        for algo in ["rb", "cp-random", "dp-plus"] {
            let t = solve_traced(&input, algo).unwrap();
            let range = value_range(&t.solution.ideal, &t.trace.steps);
            for k in [0, t.trace.len() / 2, t.trace.len()] {
                let s = t.trace.state_at(ChainsState::new(&input), k);
                let d = figure(
                    &s,
                    k.checked_sub(1).and_then(|i| t.trace.steps.get(i)),
                    range,
                );
                assert!(count(&d, "task") <= MAX_CELLS);
                for shape in &d.shapes {
                    let (x, y) = match shape {
                        Shape::Rect { x, y, .. } | Shape::Text { x, y, .. } => (*x, *y),
                        Shape::Line { x2, y2, .. } => (*x2, *y2),
                        Shape::Poly { points, .. } => points.last().copied().unwrap_or_default(),
                    };
                    assert!(
                        (0.0..=WIDTH).contains(&x) && (0.0..=HEIGHT).contains(&y),
                        "{algo} {k}: {shape:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn cp_colours_follow_the_processor_order() {
        let mut s = ChainsState::new(&ChainsInput::new(vec![1, 2, 3], vec![1, 2, 3]));
        s.order = Some(vec![2, 0, 1]);
        assert_eq!(owner(&s, 0), 2);
        assert_eq!(owner(&s, 5), 5, "out of range falls back to the position");
        assert_eq!(s.chain_speeds(), vec![3, 1, 2]);
    }

    #[test]
    fn the_svg_document_is_escaped_and_complete() {
        let input = ex2();
        let t = solve_traced(&input, "rb").unwrap();
        let s = t.trace.state_at(ChainsState::new(&input), usize::MAX);
        let d = figure(&s, None, value_range(&t.solution.ideal, &t.trace.steps));
        let svg = to_svg_document(&d, "rb <EX2> & co");
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("rb &lt;EX2&gt; &amp; co"));
        assert_eq!(svg.matches("<text").count(), texts(&d).len());
        assert!(svg.contains(&format!(r#"fill="{}""#, colour(0))));
        assert!(svg.contains(r#"viewBox="0 0 440 506""#));
    }
}
