//! The throughput plot (plotters on a canvas): tasks completed by the simulated periodic
//! schedule after each period, against the bound `ρ*·t` that no schedule can beat
//! (steady-state.md section 4.8). The ratio tends to 1: asymptotic optimality.

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

fn draw(
    canvas: web_sys::HtmlCanvasElement,
    points: &[(f64, f64)],
    rho: f64,
) -> Result<(), Box<dyn std::error::Error>> {
    let backend = CanvasBackend::with_canvas_object(canvas).ok_or("no canvas")?;
    let root = backend.into_drawing_area();
    root.fill(&WHITE)?;
    let t_max = points.last().map_or(1.0, |p| p.0).max(f64::MIN_POSITIVE);
    let y_max = (rho * t_max).max(1.0);
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(32)
        .y_label_area_size(64)
        .build_cartesian_2d(0f64..t_max, 0f64..y_max * 1.05)?;
    chart
        .configure_mesh()
        .x_desc("time")
        .y_desc("tasks completed")
        .light_line_style(RGBColor(235, 235, 235))
        .draw()?;
    chart
        .draw_series(LineSeries::new(
            [(0.0, 0.0), (t_max, rho * t_max)],
            RGBColor(200, 60, 40).stroke_width(2),
        ))?
        .label("bound ρ*·t (no schedule does better)")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 18, y)], RGBColor(200, 60, 40)));
    let mut series = vec![(0.0, 0.0)];
    series.extend_from_slice(points);
    chart
        .draw_series(LineSeries::new(
            series,
            RGBColor(31, 95, 191).stroke_width(2),
        ))?
        .label("periodic schedule with ramp-up")
        .legend(|(x, y)| PathElement::new([(x, y), (x + 18, y)], RGBColor(31, 95, 191)));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

/// The plot.
#[component]
pub fn ThroughputPlot(props: &PlotProps) -> Html {
    let canvas = use_node_ref();
    {
        let canvas = canvas.clone();
        use_effect_with(
            (props.points.clone(), props.rho.to_bits()),
            move |(points, rho)| {
                if let Some(c) = canvas.cast::<web_sys::HtmlCanvasElement>() {
                    // A drawing failure leaves the canvas blank; the numbers are in the table anyway.
                    let _ = draw(c, points, f64::from_bits(*rho));
                }
            },
        );
    }
    html! { <canvas ref={canvas} width="780" height="300" class="plot" data-testid="throughput-plot" aria-label="Tasks completed over time against the bound ρ*·t"></canvas> }
}
