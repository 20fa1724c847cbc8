//! The throughput plot (plotters on a canvas): tasks completed by the simulated periodic
//! schedule after each period, against the bound `ρ*·t` that no schedule can beat
//! (steady-state.md section 4.8). The ratio tends to 1: asymptotic optimality. It, the chains
//! scaling view and LU's comparison curves draw through [`LinesPlot`] (named lines over one x
//! axis, framed by a [`Frame`]).

use gloo::timers::callback::Timeout;
use hetlab_core::sort;
use plotters::coord::types::RangedCoordf64;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use wasm_bindgen::JsCast as _;
use yew::prelude::*;

use crate::draw::plot_frame::{self, Corner};
use crate::ui::components::data_table::{data_table, num};
use crate::ui::hooks::size::use_shown_width;

/// The plot of `points`, `(time, tasks completed)` at the end of each period, against `rho`
/// (`ρ*`, tasks per time unit).
pub fn throughput_plot(points: &[(f64, f64)], rho: f64) -> Html {
    let mut series = vec![(0.0, 0.0)];
    series.extend_from_slice(points);
    // The bound at every period's end too: the data table then has both values on each row.
    let bound = series.iter().map(|&(t, _)| (t, rho * t)).collect();
    let lines = vec![
        Line {
            label: "bound ρ*·t (no schedule does better)".to_owned(),
            points: bound,
            rgb: (200, 60, 40),
        },
        Line {
            label: "periodic schedule with ramp-up".to_owned(),
            points: series,
            rgb: (31, 95, 191),
        },
    ];
    let axes = ("time".to_owned(), "tasks completed".to_owned());
    html! { <LinesPlot {lines} {axes} label="Tasks completed over time against the bound ρ*·t" testid="throughput-plot" /> }
}

/// The colours of a plot's lines, line by line (each line also has its own dash, [`dash`]).
pub const LINE_COLOURS: [(u8, u8, u8); 8] = [
    (31, 95, 191),
    (200, 60, 40),
    (120, 120, 120),
    (230, 140, 20),
    (40, 150, 80),
    (130, 60, 170),
    (20, 140, 150),
    (140, 90, 40),
];

/// One named line of a [`LinesPlot`]: `(x, y)` points and an RGB colour.
#[derive(Clone, PartialEq)]
pub struct Line {
    /// Legend label.
    pub label: String,
    /// Points, in x order.
    pub points: Vec<(f64, f64)>,
    /// Colour.
    pub rgb: (u8, u8, u8),
}

/// How a [`LinesPlot`] frames its lines. The default: the y axis from 0, the x axis over the
/// points' extent, plotters' tick labels, the legend at the upper left.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Frame {
    /// Where the y axis starts (ratios to a bound start at 1).
    pub y_from: f64,
    /// The x axis' range, when it is not the points' extent.
    pub x_range: Option<(f64, f64)>,
    /// Tick labels of the x axis as whole numbers (sizes, counts).
    pub whole_x: bool,
    /// The legend at the upper right (where rising lines leave room).
    pub legend_right: bool,
    /// A dashed vertical cursor at this x, labelled `name = x` (LU: the current matrix size).
    pub cursor: Option<(f64, &'static str)>,
    /// A logarithmic x axis (the points' x must be positive): for a parameter that spans
    /// orders of magnitude.
    pub log_x: bool,
}

/// Props of [`LinesPlot`].
#[derive(Properties, PartialEq)]
pub struct LinesProps {
    /// The lines.
    pub lines: Vec<Line>,
    /// Axis titles `(x, y)`.
    pub axes: (String, String),
    /// Axes' ranges, ticks and legend corner.
    #[prop_or_default]
    pub frame: Frame,
    /// Each line's spread, `(x, least, largest)` drawn as a bar at each x (the experiments'
    /// seeds); empty, or one list per line.
    #[prop_or_default]
    pub spreads: Vec<Vec<(f64, f64, f64)>>,
    /// Accessible name and `data-testid`.
    pub label: String,
    /// `data-testid` of the canvas.
    pub testid: String,
}

/// Width of a plot at its largest and in its SVG export, in CSS pixels.
const WIDTH: f64 = 780.0;

/// Height of a plot shown `width` CSS pixels wide: the SVG's 780 × 300 proportions, but never
/// so flat that the axes' labels leave no room for the lines.
fn height_at(width: f64) -> f64 {
    (width * 300.0 / WIDTH).clamp(220.0, 300.0)
}

/// What a [`LinesPlot`] draws: its lines, their spreads, the axes' titles and the frame.
#[derive(Clone, PartialEq)]
struct Plot {
    lines: Vec<Line>,
    spreads: Vec<Vec<(f64, f64, f64)>>,
    axes: (String, String),
    frame: Frame,
}

impl Plot {
    /// The plot with x on a log scale when the frame asks (x ↦ log10 x, spreads included).
    fn scaled(&self) -> Plot {
        let mut p = self.clone();
        if p.frame.log_x {
            let lg = |x: f64| x.max(f64::MIN_POSITIVE).log10();
            for pt in p.lines.iter_mut().flat_map(|l| l.points.iter_mut()) {
                pt.0 = lg(pt.0);
            }
            for pt in p.spreads.iter_mut().flatten() {
                pt.0 = lg(pt.0);
            }
            p.frame.x_range = p.frame.x_range.map(|(a, b)| (lg(a), lg(b)));
            p.frame.cursor = p.frame.cursor.map(|(x, n)| (lg(x), n));
        }
        p
    }
}

fn draw_lines<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    plot: &Plot,
    text: f64,
) -> Result<(), Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    let plot = plot.scaled();
    let (lines, axes, frame) = (&plot.lines, &plot.axes, plot.frame);
    root.fill(&WHITE)?;
    let all = || {
        lines.iter().flat_map(|l| l.points.iter().copied()).chain(
            plot.spreads
                .iter()
                .flatten()
                .flat_map(|&(x, lo, hi)| [(x, lo), (x, hi)]),
        )
    };
    let (x0, x1) = frame
        .x_range
        .unwrap_or_else(|| all().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0))));
    let (x0, x1) = if x0 < x1 { (x0, x1) } else { (0.0, 1.0) };
    // Spread bars at the axis' ends would be cut in half: a margin of 3 % each side.
    let pad = if plot.spreads.is_empty() {
        0.0
    } else {
        (x1 - x0) * 0.03
    };
    let (x0, x1) = (x0 - pad, x1 + pad);
    let y0 = frame.y_from;
    let y1 = all()
        .fold(y0, |m, p| m.max(p.1))
        .max(y0 + f64::MIN_POSITIVE);
    let mut chart = ChartBuilder::on(root)
        .margin(8)
        // The last x tick label is centred on the axis' end.
        .margin_right(18.0 * text)
        .x_label_area_size(52.0 * text)
        .y_label_area_size(76.0 * text)
        .build_cartesian_2d(x0..x1, y0..y1 * 1.05)?;
    let whole = |x: &f64| format!("{x:.0}");
    let power = |x: &f64| num(10f64.powf(*x));
    let x_tick = |x: &f64| plot_frame::tick_label(*x, x1 - x0);
    let y_tick = |y: &f64| plot_frame::tick_label(*y, y1 * 1.05 - y0);
    // The plot area, less the label areas and margins set above.
    let (w, h) = root.dim_in_pixel();
    let (area_w, area_h) = (
        f64::from(w) - (76.0 + 18.0) * text - 16.0,
        f64::from(h) - 52.0 * text - 16.0,
    );
    let mut mesh = chart.configure_mesh();
    if frame.log_x {
        mesh.x_label_formatter(&power);
    } else if frame.whole_x {
        mesh.x_label_formatter(&whole);
    } else {
        mesh.x_label_formatter(&x_tick);
    }
    // As many labels as the width holds (ten ran together on a phone).
    mesh.x_labels(plot_frame::tick_count(area_w, text))
        .y_labels(plot_frame::tick_count(area_h * 2.0, text))
        .y_label_formatter(&y_tick);
    mesh.x_desc(axes.0.as_str())
        .y_desc(axes.1.as_str())
        .label_style(("sans-serif", 13.0 * text))
        .axis_desc_style(("sans-serif", 14.0 * text))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()?;
    for (k, l) in lines.iter().enumerate() {
        let c = RGBColor(l.rgb.0, l.rgb.1, l.rgb.2);
        let style = c.stroke_width(2);
        let pts = l.points.clone();
        match dash(k) {
            None => chart.draw_series(LineSeries::new(pts, style))?,
            Some((d, g)) => chart.draw_series(DashedLineSeries::new(pts, d, g, style))?,
        }
        .label(l.label.as_str())
        .legend(move |at| legend_mark(k, c, at));
        if let Some(bars) = plot.spreads.get(k) {
            // Each line's bars a little aside from the others', so that they do not hide them.
            let dodge = (k as f64 - (lines.len() as f64 - 1.0) / 2.0) * (x1 - x0) * 0.006;
            let bar = |&(x, lo, hi): &(f64, f64, f64)| {
                PathElement::new(vec![(x + dodge, lo), (x + dodge, hi)], c.stroke_width(1))
            };
            chart.draw_series(bars.iter().map(bar))?;
        }
    }
    if let Some(c) = frame.cursor.filter(|c| (x0..=x1).contains(&c.0)) {
        draw_cursor(&mut chart, c, (y0, y1 * 1.05), text)?;
    }
    let corner = legend_corner(&plot, (x0, x1), (y0, y1 * 1.05), (area_w, area_h), text);
    chart
        .configure_series_labels()
        .position(corner)
        // 12 px (the figures' floor is 11): the steady-state bound's legend fits a phone's plot.
        .label_font(("sans-serif", 12.0 * text))
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

/// Where the legend hides the fewest points of `plot` (x in `xs`, y in `ys`) on a plot area
/// `area` pixels wide and high: the frame's corner unless another hides fewer.
fn legend_corner(
    plot: &Plot,
    xs: (f64, f64),
    ys: (f64, f64),
    (area_w, area_h): (f64, f64),
    text: f64,
) -> SeriesLabelPosition {
    let longest = (plot.lines.iter())
        .map(|l| l.label.chars().count())
        .max()
        .unwrap_or(0);
    #[allow(clippy::cast_precision_loss)] // a few lines of a few dozen characters
    let size = (
        ((longest as f64 * 7.0 + 40.0) * text / area_w.max(1.0)).min(1.0),
        ((plot.lines.len() as f64 * 18.0 + 10.0) * text / area_h.max(1.0)).min(1.0),
    );
    let points: Vec<(f64, f64)> = (plot.lines.iter())
        .flat_map(|l| l.points.iter().copied())
        .collect();
    let first = if plot.frame.legend_right {
        Corner::UpperRight
    } else {
        Corner::UpperLeft
    };
    match plot_frame::emptiest_corner(&points, xs, ys, size, first) {
        Corner::UpperLeft => SeriesLabelPosition::UpperLeft,
        Corner::UpperRight => SeriesLabelPosition::UpperRight,
        Corner::LowerLeft => SeriesLabelPosition::LowerLeft,
        Corner::LowerRight => SeriesLabelPosition::LowerRight,
    }
}

/// A dashed vertical line at `x` from `y0` to `top`, labelled `name = x` at its top.
fn draw_cursor<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    (x, name): (f64, &str),
    (y0, top): (f64, f64),
    text: f64,
) -> Result<(), Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    let c = RGBColor(110, 40, 170);
    chart.draw_series(DashedLineSeries::new(
        vec![(x, y0), (x, top)],
        6,
        3,
        c.stroke_width(2),
    ))?;
    let style = ("sans-serif", 13.0 * text).into_font().color(&c);
    chart.draw_series(std::iter::once(Text::new(
        format!(" {name} = {x:.0}"),
        (x, top),
        style,
    )))?;
    Ok(())
}

/// Line `k`'s dash pattern `(dash, gap)` in pixels: the first is solid, the others dashed
/// each their own way, so that lines differ by more than their hue (WCAG 1.4.1).
fn dash(k: usize) -> Option<(u32, u32)> {
    [
        None,
        Some((9, 4)),
        Some((2, 3)),
        Some((16, 4)),
        Some((5, 2)),
    ][k % 5]
}

/// Line `k`'s sample in a legend at `(x, y)`: its colour and its dash pattern.
fn legend_mark(
    k: usize,
    c: RGBColor,
    (x, y): (i32, i32),
) -> DashedPathElement<std::vec::IntoIter<(i32, i32)>, u32> {
    let (d, g) = dash(k).unwrap_or((24, 1));
    DashedPathElement::new(vec![(x, y), (x + 24, y)], d, g, c.stroke_width(2))
}

/// Named lines over one x axis (plotters on a canvas), redrawn when the lines or the width it
/// is shown at change, with the same plot as SVG in the canvas's `data-svg` (for the export
/// menu). The canvas is drawn at its shown size in device pixels, so that its text stays at 13
/// CSS pixels (more in the large-type mode) on a phone as on a wide screen. Both are drawn in a task
/// of their own after the page has shown the step: plotters measures legend and label text
/// through the DOM (a forced layout per text), which made a step that mounts a plot miss its
/// frame; the plot now follows a moment later.
#[component]
pub fn LinesPlot(props: &LinesProps) -> Html {
    let canvas = use_node_ref();
    let (shown, text) = use_shown_width(canvas.clone(), WIDTH);
    {
        let canvas = canvas.clone();
        let plot = Plot {
            lines: props.lines.clone(),
            spreads: props.spreads.clone(),
            axes: props.axes.clone(),
            frame: props.frame,
        };
        use_effect_with((plot, shown, text), move |(plot, shown, text)| {
            let plot = plot.clone();
            let (width, text) = (shown.min(WIDTH), *text);
            let later = Timeout::new(0, move || {
                let Some(c) = canvas.cast::<web_sys::HtmlCanvasElement>() else {
                    return;
                };
                // A drawing failure leaves the canvas blank; the numbers are in the table.
                let _ = draw_shown(&c, &plot, (width, text));
                let _ = c.set_attribute("data-svg", &svg_of(&plot));
            });
            // A newer drawing (or leaving the page) cancels a pending one.
            move || drop(later)
        });
    }
    html! {
        <>
            <canvas ref={canvas} width="780" height="300" class="plot" data-testid={props.testid.clone()} role="img" aria-label={props.label.clone()}
                    data-cursor={props.frame.cursor.map(|c| format!("{:.0}", c.0))}></canvas>
            { lines_table(&props.lines, &props.axes, &props.label) }
        </>
    }
}

/// Draws on `canvas` shown `width` CSS pixels wide with the type scale `text`: plotters lays
/// the plot out in CSS pixels (its text measured in CSS pixels in the page), the canvas holds
/// it in device pixels (sharp on high-density screens).
fn draw_shown(
    canvas: &web_sys::HtmlCanvasElement,
    plot: &Plot,
    (width, text): (f64, f64),
) -> Result<(), Box<dyn std::error::Error>> {
    let height = height_at(width);
    canvas.set_width(whole_pixels(width));
    canvas.set_height(whole_pixels(height));
    // The drawing area takes the canvas' size now, in CSS pixels ...
    let area = CanvasBackend::with_canvas_object(canvas.clone())
        .ok_or("no canvas")?
        .into_drawing_area();
    // ... then the canvas grows to device pixels, and its context scales CSS pixels to them.
    let px = gloo::utils::window().device_pixel_ratio().max(1.0);
    canvas.set_width(whole_pixels(width * px));
    canvas.set_height(whole_pixels(height * px));
    let context: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .ok_or("no 2D context")?
        .dyn_into()
        .map_err(|_| "not a 2D context")?;
    context
        .scale(px, px)
        .map_err(|_| "the context does not scale")?;
    draw_lines(&area, plot, text)
}

/// `x` rounded to whole pixels.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // a canvas' size, positive
fn whole_pixels(x: f64) -> u32 {
    x.round().max(1.0) as u32
}

/// The plot as an SVG document (drawing, not solving: the points are given).
fn svg_of(plot: &Plot) -> String {
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (780, 300)).into_drawing_area();
        let _ = draw_lines(&root, plot, 1.0);
    }
    text
}

/// The lines as a table: one row per x value of any line, one column per line (empty where a
/// line has no point at that x).
fn lines_table(lines: &[Line], axes: &(String, String), label: &str) -> Html {
    let mut xs: Vec<f64> = lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.0))
        .collect();
    sort::by(&mut xs, f64::total_cmp);
    xs.dedup();
    let mut headers = vec![axes.0.clone()];
    headers.extend(lines.iter().map(|l| format!("{}: {}", axes.1, l.label)));
    let rows: Vec<Vec<String>> = xs
        .iter()
        .map(|&x| {
            let mut row = vec![num(x)];
            row.extend(lines.iter().map(|l| {
                l.points
                    .iter()
                    .find(|p| p.0.total_cmp(&x).is_eq())
                    .map(|p| num(p.1))
                    .unwrap_or_default()
            }));
            row
        })
        .collect();
    data_table("Data of this plot (table)", label, &headers, &rows)
}
