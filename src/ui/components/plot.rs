//! The throughput plot (plotters on a canvas): tasks completed by the simulated periodic
//! schedule after each period, against the bound `ρ*·t` that no schedule can beat
//! (steady-state.md section 4.8). The ratio tends to 1: asymptotic optimality. Both it and
//! the chains scaling view draw through [`LinesPlot`] (named lines over one x axis).

use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use yew::prelude::*;

/// Props of [`ThroughputPlot`].
#[derive(Properties, PartialEq)]
pub struct PlotProps {
    /// `(time, tasks completed)` at the end of each period.
    pub points: Vec<(f64, f64)>,
    /// `ρ*`, tasks per time unit.
    pub rho: f64,
}

/// The plot.
#[component]
pub fn ThroughputPlot(props: &PlotProps) -> Html {
    let t_max = props
        .points
        .last()
        .map_or(1.0, |p| p.0)
        .max(f64::MIN_POSITIVE);
    let mut series = vec![(0.0, 0.0)];
    series.extend_from_slice(&props.points);
    let lines = vec![
        Line {
            label: "bound ρ*·t (no schedule does better)".to_owned(),
            points: vec![(0.0, 0.0), (t_max, props.rho * t_max)],
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

/// Props of [`LinesPlot`].
#[derive(Properties, PartialEq)]
pub struct LinesProps {
    /// The lines.
    pub lines: Vec<Line>,
    /// Axis titles `(x, y)`.
    pub axes: (String, String),
    /// Accessible name and `data-testid`.
    pub label: String,
    /// `data-testid` of the canvas.
    pub testid: String,
}

fn draw_lines(
    canvas: web_sys::HtmlCanvasElement,
    lines: &[Line],
    axes: &(String, String),
) -> Result<(), Box<dyn std::error::Error>> {
    let backend = CanvasBackend::with_canvas_object(canvas).ok_or("no canvas")?;
    let root = backend.into_drawing_area();
    root.fill(&WHITE)?;
    let all = || lines.iter().flat_map(|l| l.points.iter());
    let (x0, x1) = all().fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let y1 = all().fold(0f64, |m, p| m.max(p.1)).max(f64::MIN_POSITIVE);
    let (x0, x1) = if x0 < x1 { (x0, x1) } else { (0.0, 1.0) };
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(52)
        .y_label_area_size(92)
        .build_cartesian_2d(x0..x1, 0f64..y1 * 1.05)?;
    chart
        .configure_mesh()
        .x_desc(axes.0.as_str())
        .y_desc(axes.1.as_str())
        .label_style(("sans-serif", 13))
        .axis_desc_style(("sans-serif", 14))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()?;
    for l in lines {
        let c = RGBColor(l.rgb.0, l.rgb.1, l.rgb.2);
        chart
            .draw_series(LineSeries::new(l.points.clone(), c.stroke_width(2)))?
            .label(l.label.as_str())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 18, y)], c));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

/// Named lines over one x axis (plotters on a canvas), redrawn when the lines change.
#[component]
pub fn LinesPlot(props: &LinesProps) -> Html {
    let canvas = use_node_ref();
    {
        let canvas = canvas.clone();
        use_effect_with(
            (props.lines.clone(), props.axes.clone()),
            move |(lines, axes)| {
                if let Some(c) = canvas.cast::<web_sys::HtmlCanvasElement>() {
                    // A drawing failure leaves the canvas blank; the numbers are in the table.
                    let _ = draw_lines(c, lines, axes);
                }
            },
        );
    }
    html! { <canvas ref={canvas} width="780" height="300" class="plot" data-testid={props.testid.clone()} aria-label={props.label.clone()}></canvas> }
}
