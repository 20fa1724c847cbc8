//! Pure geometry of the one-period Gantt chart (steady-state.md section 4.6): one row per lane
//! that has work (compute, send, receive of each node), one bar per group of identical
//! operations labelled `k × d`, and vertical guides at slot boundaries.

use hetlab_core::periodic::{Bar, Kind, Lane, Pattern};
use hetlab_core::platform::Platform;
use hetlab_core::rational::{frac, to_f64, Q};
use hetlab_core::sort;

/// Drawing width, SVG units.
pub const WIDTH: f64 = 800.0;
/// Room for the lane names on the left.
const LEFT: f64 = 120.0;
/// Height of one lane.
const ROW: f64 = 20.0;
/// Room for the time axis at the bottom.
const AXIS: f64 = 24.0;
/// Most bars drawn; beyond, the chart says how many were left out.
pub const MAX_BARS: usize = 2000;

/// One bar of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Rect {
    /// Left, SVG units.
    pub x: f64,
    /// Top.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// CSS class (`task`, `input`, `result`).
    pub class: &'static str,
    /// Text inside (`3 × 2`), empty when it would not fit.
    pub label: String,
    /// Tooltip: the full sentence.
    pub title: String,
    /// Fill colour, when the class does not give it (one colour per broadcast tree).
    pub fill: Option<&'static str>,
}

/// The chart.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Chart {
    /// Total height.
    pub height: f64,
    /// Lane names and their vertical positions.
    pub rows: Vec<(String, f64)>,
    /// The bars.
    pub rects: Vec<Rect>,
    /// Slot boundaries: x and the time they stand for.
    pub guides: Vec<(f64, String)>,
    /// Bars left out above [`MAX_BARS`].
    pub dropped: usize,
}

/// Lays out the chart of one period of a matching-based pattern (slot boundaries as guides).
#[must_use]
pub fn chart(p: &Platform, pat: &Pattern, bars: &[Bar]) -> Chart {
    let marks: Vec<Q> = pat
        .slots
        .iter()
        .map(hetlab_core::periodic::Slot::end)
        .collect();
    chart_over(p, &Q::from_integer(pat.length.clone()), &marks, bars)
}

/// Lays out the chart of one period `[0, length)` with vertical guides at `marks` (the tree
/// schedule of steady-state section 3.5 has no slots: its guides are the ends of transfers).
#[must_use]
pub fn chart_over(p: &Platform, length: &Q, marks: &[Q], bars: &[Bar]) -> Chart {
    let mut lanes: Vec<Lane> = bars.iter().map(|b| b.lane).collect();
    sort::by_key(&mut lanes, |l| match *l {
        Lane::Compute(i) => (i, 0),
        Lane::Send(i) => (i, 1),
        Lane::Recv(i) => (i, 2),
    });
    lanes.dedup();
    let id = |i: usize| {
        p.nodes
            .get(i)
            .map_or_else(String::new, |n| n.id.to_string())
    };
    let rows: Vec<(String, f64)> = lanes
        .iter()
        .enumerate()
        .map(|(k, lane)| {
            let name = match *lane {
                Lane::Compute(i) => format!("{} computes", id(i)),
                Lane::Send(i) => format!("{} sends", id(i)),
                Lane::Recv(i) => format!("{} receives", id(i)),
            };
            (name, 4.0 + ROW * k as f64)
        })
        .collect();
    let end = length.clone();
    let length = to_f64(length).max(f64::MIN_POSITIVE);
    let scale = (WIDTH - LEFT - 8.0) / length;
    let x_of = |t: &Q| LEFT + to_f64(t) * scale;
    let rects = bars
        .iter()
        .take(MAX_BARS)
        .filter_map(|b| {
            let row = lanes.iter().position(|l| *l == b.lane)?;
            let (x, w) = (x_of(&b.start), (x_of(&b.end) - x_of(&b.start)).max(1.0));
            let label = format!("{} × {}", frac(&b.count), frac(&b.each));
            let what = match b.kind {
                Kind::Task => "task(s)",
                Kind::Input => "input file(s)",
                Kind::Result => "result file(s)",
            };
            let peer = b
                .peer
                .map_or_else(String::new, |j| format!(" with {}", id(j)));
            let title = format!(
                "{}: {} {what}{peer}, {} each, from {} to {}",
                rows[row].0,
                frac(&b.count),
                frac(&b.each),
                frac(&b.start),
                frac(&b.end)
            );
            let class = match b.kind {
                Kind::Task => "task",
                Kind::Input => "input",
                Kind::Result => "result",
            };
            let label = if fits(&label, w) {
                label
            } else {
                String::new()
            };
            Some(Rect {
                x,
                y: rows[row].1,
                w,
                class,
                label,
                title,
                fill: None,
            })
        })
        .collect();
    let mut guides: Vec<(f64, String)> = vec![(x_of(&Q::from_integer(0.into())), "0".to_owned())];
    guides.extend(marks.iter().map(|t| (x_of(t), frac(t))));
    if guides.last().is_none_or(|g| g.1 != frac(&end)) {
        guides.push((x_of(&end), frac(&end)));
    }
    Chart {
        height: 4.0 + ROW * rows.len() as f64 + AXIS,
        rows,
        rects,
        guides,
        dropped: bars.len().saturating_sub(MAX_BARS),
    }
}

/// One bar of a lane chart built by [`lanes`].
#[derive(Clone, Debug, PartialEq)]
pub struct Span {
    /// Lane index.
    pub row: usize,
    /// Start time.
    pub start: Q,
    /// End time.
    pub end: Q,
    /// Text inside, when it fits.
    pub label: String,
    /// Tooltip.
    pub title: String,
    /// Fill colour.
    pub fill: &'static str,
}

/// A chart of named lanes over `[0, length]`, with guides at `marks` (slot boundaries): the
/// broadcast schedules (broadcast.md §4.5, §6.6) use it.
#[must_use]
pub fn lanes(names: &[String], spans: &[Span], length: &Q, marks: &[Q]) -> Chart {
    #[allow(clippy::cast_precision_loss)] // Lane counts are small.
    let rows: Vec<(String, f64)> = names
        .iter()
        .enumerate()
        .map(|(k, n)| (n.clone(), 4.0 + ROW * k as f64))
        .collect();
    let scale = (WIDTH - LEFT - 8.0) / to_f64(length).max(f64::MIN_POSITIVE);
    let x_of = |t: &Q| LEFT + to_f64(t) * scale;
    let rects = spans
        .iter()
        .take(MAX_BARS)
        .filter_map(|b| {
            let y = rows.get(b.row)?.1;
            let (x, w) = (x_of(&b.start), (x_of(&b.end) - x_of(&b.start)).max(1.0));
            Some(Rect {
                x,
                y,
                w,
                class: "span",
                label: if fits(&b.label, w) {
                    b.label.clone()
                } else {
                    String::new()
                },
                title: b.title.clone(),
                fill: Some(b.fill),
            })
        })
        .collect();
    let mut guides: Vec<(f64, String)> = vec![(LEFT, "0".to_owned())];
    guides.extend(marks.iter().map(|t| (x_of(t), frac(t))));
    if guides.last().is_none_or(|g| g.1 != frac(length)) {
        guides.push((x_of(length), frac(length)));
    }
    #[allow(clippy::cast_precision_loss)]
    let height = 4.0 + ROW * rows.len() as f64 + AXIS;
    Chart {
        height,
        rows,
        rects,
        guides,
        dropped: spans.len().saturating_sub(MAX_BARS),
    }
}

/// Height of a bar.
#[must_use]
pub fn bar_height() -> f64 {
    ROW - 4.0
}

/// Type size of the chart's time labels (www/style.css `.gantt text`).
const TEXT_PX: f64 = 11.0;
/// Narrowest drawing: the lane names and a readable time axis.
const MIN_WIDTH: f64 = 280.0;

/// The drawing width for a chart shown `shown` CSS px wide: the shown width itself (one unit
/// per pixel, so that 11 px text is 11 px: at 800 units on a 390 px phone it was 5 px), between
/// 280 and [`WIDTH`] (wider screens scale the drawing up).
#[must_use]
pub fn width_for(shown: f64) -> f64 {
    shown.clamp(MIN_WIDTH, WIDTH).round()
}

/// A bar's text fits a bar `w` units wide (about 7 units per character at 11 px).
fn fits(label: &str, w: f64) -> bool {
    #[allow(clippy::cast_precision_loss)] // Labels are short.
    let need = 7.0 * label.chars().count() as f64 + 4.0;
    w > need
}

impl Chart {
    /// The chart laid out `width` units wide (see [`width_for`]): bars and guides keep their
    /// times, bar labels that no longer fit are left to the tooltip and the data table, and time
    /// labels are thinned (`thin_guides`: none overlaps another or leaves the chart).
    #[must_use]
    pub fn fitted(&self, width: f64) -> Chart {
        let k = (width - LEFT - 8.0) / (WIDTH - LEFT - 8.0);
        let x = |x: f64| LEFT + (x - LEFT) * k;
        let rects = self
            .rects
            .iter()
            .map(|r| {
                let w = (r.w * k).max(1.0);
                let label = if fits(&r.label, w) {
                    r.label.clone()
                } else {
                    String::new()
                };
                Rect {
                    x: x(r.x),
                    w,
                    label,
                    ..r.clone()
                }
            })
            .collect();
        let guides = self
            .guides
            .iter()
            .map(|(g, t)| (x(*g), t.clone()))
            .collect();
        Chart {
            rects,
            guides: thin_guides(guides, width),
            ..self.clone()
        }
    }
}

/// The time labels with those that would overlap a label kept before them (or leave the
/// drawing) blanked: left to right, the first kept, each next one kept when there are 4 units
/// between them; the last (anchored at its end) always kept, its neighbour blanked instead.
/// Every guide line stays; each bar's times are in its tooltip and the data table.
fn thin_guides(mut guides: Vec<(f64, String)>, width: f64) -> Vec<(f64, String)> {
    let n = guides.len();
    let span = |k: usize, g: &(f64, String)| {
        let w = super::labels::width(&g.1, TEXT_PX, false);
        if k + 1 == n {
            (g.0 - w, g.0)
        } else {
            (g.0 - w / 2.0, g.0 + w / 2.0)
        }
    };
    let mut kept: Option<(usize, f64)> = None; // (index, right edge)
    for k in 0..n {
        let (x0, x1) = span(k, &guides[k]);
        let clear = kept.is_none_or(|(_, edge)| x0 >= edge + 4.0) && x0 >= 0.0 && x1 <= width;
        if clear {
            kept = Some((k, x1));
        } else if k + 1 == n {
            if let Some((j, _)) = kept.filter(|&(j, _)| j > 0) {
                guides[j].1.clear();
            }
        } else {
            guides[k].1.clear();
        }
    }
    guides
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fitted_chart_keeps_its_times_and_its_labels_apart() {
        // 60 slots of one 60th: at 800 units the labels already crowd; at a phone's 370 they
        // would overlap everywhere. Kept labels never overlap or leave the drawing.
        let names = vec!["P0 sends".to_owned(), "P1 receives".to_owned()];
        let length = Q::from_integer(1.into());
        let marks: Vec<Q> = (1..60).map(|k| Q::new(k.into(), 60.into())).collect();
        let spans = vec![Span {
            row: 0,
            start: Q::from_integer(0.into()),
            end: Q::new(1.into(), 2.into()),
            label: "30 × 1/60".to_owned(),
            title: "P0 sends".to_owned(),
            fill: "#fff",
        }];
        let chart = lanes(&names, &spans, &length, &marks);
        for shown in [370.0, 800.0] {
            let w = width_for(shown);
            let c = chart.fitted(w);
            assert_eq!(c.guides.len(), chart.guides.len(), "every guide line stays");
            let kept: Vec<(f64, f64)> = c
                .guides
                .iter()
                .enumerate()
                .filter(|(_, g)| !g.1.is_empty())
                .map(|(k, g)| {
                    let tw = crate::draw::labels::width(&g.1, TEXT_PX, false);
                    if k + 1 == c.guides.len() {
                        (g.0 - tw, g.0)
                    } else {
                        (g.0 - tw / 2.0, g.0 + tw / 2.0)
                    }
                })
                .collect();
            assert!(kept.len() >= 2, "at {shown}: {kept:?}");
            assert_eq!(c.guides.last().map(|g| g.1.as_str()), Some("1"));
            for pair in kept.windows(2) {
                assert!(pair[1].0 >= pair[0].1 + 4.0, "at {shown}: {pair:?}");
            }
            assert!(kept.iter().all(|&(a, b)| a >= 0.0 && b <= w));
            // The bar keeps its times: it starts at the lanes' edge and ends half way.
            let r = &c.rects[0];
            assert!(
                (r.x - LEFT).abs() < 1e-9
                    && (r.x + r.w - (LEFT + (w - LEFT - 8.0) / 2.0)).abs() < 1e-6
            );
        }
    }

    #[test]
    fn lane_charts_place_spans_on_their_rows() {
        use hetlab_core::rational::{q, qi};
        let names = vec!["s sends".to_owned(), "a receives".to_owned()];
        let spans = vec![
            Span {
                row: 0,
                start: qi(0),
                end: qi(2),
                label: "T1 ×1".into(),
                title: "t".into(),
                fill: "#fff",
            },
            Span {
                row: 1,
                start: qi(2),
                end: qi(4),
                label: "x".into(),
                title: "u".into(),
                fill: "#000",
            },
            Span {
                row: 7,
                start: qi(0),
                end: qi(1),
                label: String::new(),
                title: String::new(),
                fill: "#000",
            },
        ];
        let c = lanes(&names, &spans, &qi(4), &[qi(2), q(7, 2)]);
        assert_eq!(c.rects.len(), 2, "a span on a missing lane is dropped");
        assert!((c.rects[0].x - LEFT).abs() < 1e-9 && c.rects[1].y > c.rects[0].y);
        assert!((c.rects[0].w - c.rects[1].w).abs() < 1e-9);
        assert_eq!(c.rects[1].fill, Some("#000"));
        let labels: Vec<&str> = c.guides.iter().map(|g| g.1.as_str()).collect();
        assert_eq!(labels, ["0", "2", "7/2", "4"]);
    }
    use hetlab_core::families::Instance;
    use hetlab_core::periodic::bars;
    use hetlab_core::steady_state::pipeline;

    #[test]
    fn the_papers_platform_has_one_row_per_busy_lane() {
        let Some(Instance::SteadyState(inst)) = hetlab_core::presets::get("example-1") else {
            panic!()
        };
        let pipe = pipeline::solve(&inst).unwrap();
        let pat = pipe.pattern.as_ref().unwrap();
        let arcs = inst.platform.arcs();
        let fl = pipe.lp.flows(&inst, &arcs);
        let b = bars(pat, &fl);
        let c = chart(&inst.platform, pat, &b);
        // 4 compute lanes; senders 1, 3, 4; receivers 2, 3, 4.
        assert_eq!(c.rows.len(), 10);
        assert_eq!(c.rows[0].0, "1 computes");
        // Slot guides at 0, 6, 9, 12.
        let times: Vec<&str> = c.guides.iter().map(|g| g.1.as_str()).collect();
        assert_eq!(times, ["0", "6", "9", "12"]);
        // Node 1 computes 12 tasks of 1 over the whole period.
        let r = &c.rects[0];
        assert!((r.x - LEFT).abs() < 1e-9 && (r.x + r.w - (WIDTH - 8.0)).abs() < 1e-6);
        assert_eq!(r.label, "12 × 1");
    }
}
