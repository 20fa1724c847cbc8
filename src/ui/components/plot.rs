//! The throughput plot: tasks completed by the simulated periodic schedule after each period,
//! against the bound `ρ*·t` that no schedule can beat (steady-state.md section 4.8). The ratio
//! tends to 1: asymptotic optimality. Both it and the chains scaling view draw through
//! [`LinesPlot`] (named lines over one x axis, `draw::plot`'s marks on a canvas).

use hetlab_core::sort;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

pub use crate::draw::plot::Line;
use crate::draw::plot::{marks, to_svg, Anchor, Frame, Mark};
use crate::ui::components::data_table::{data_table, num};
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

/// Draws `lines` in `frame` on `canvas`, and puts the same plot as SVG in its `data-svg` (for
/// the export menu). A canvas without a 2D context stays blank; the numbers are in the table.
pub fn draw(canvas: &web_sys::HtmlCanvasElement, lines: &[Line], frame: &Frame) {
    let marks = marks(lines, frame);
    if let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
    {
        paint(&ctx, &marks);
    }
    let _ = canvas.set_attribute("data-svg", &to_svg(&marks, frame.size));
}

fn paint(ctx: &web_sys::CanvasRenderingContext2d, marks: &[Mark]) {
    for m in marks {
        match m {
            Mark::Rect {
                at: (x, y, w, h),
                fill,
                opacity,
                stroke,
            } => {
                ctx.set_global_alpha(*opacity);
                ctx.set_fill_style_str(fill);
                ctx.fill_rect(*x, *y, *w, *h);
                ctx.set_global_alpha(1.0);
                if let Some(s) = stroke {
                    ctx.set_line_dash(&js_sys::Array::new()).ok();
                    ctx.set_stroke_style_str(s);
                    ctx.set_line_width(1.0);
                    ctx.stroke_rect(*x, *y, *w, *h);
                }
            }
            Mark::Path {
                points,
                stroke,
                width,
                dash,
            } => {
                let pattern = js_sys::Array::new();
                if let Some((d, g)) = dash {
                    pattern.push(&JsValue::from(*d));
                    pattern.push(&JsValue::from(*g));
                }
                ctx.set_line_dash(&pattern).ok();
                ctx.set_stroke_style_str(stroke);
                ctx.set_line_width(*width);
                ctx.begin_path();
                for (k, &(x, y)) in points.iter().enumerate() {
                    if k == 0 {
                        ctx.move_to(x, y);
                    } else {
                        ctx.line_to(x, y);
                    }
                }
                ctx.stroke();
            }
            Mark::Text {
                at: (x, y),
                text,
                size,
                anchor,
                up,
            } => {
                ctx.set_font(&format!("{size}px sans-serif"));
                ctx.set_fill_style_str("#000000");
                ctx.set_text_align(match anchor {
                    Anchor::Start => "start",
                    Anchor::Middle => "center",
                    Anchor::End => "end",
                });
                if *up {
                    ctx.save();
                    ctx.translate(*x, *y).ok();
                    ctx.rotate(-std::f64::consts::FRAC_PI_2).ok();
                    ctx.fill_text(text, 0.0, 0.0).ok();
                    ctx.restore();
                } else {
                    ctx.fill_text(text, *x, *y).ok();
                }
            }
        }
    }
}

/// Named lines over one x axis on a canvas, redrawn when the lines change, with the same plot
/// as SVG in the canvas's `data-svg` (for the export menu), and the numbers in a table.
#[component]
pub fn LinesPlot(props: &LinesProps) -> Html {
    let canvas = use_node_ref();
    {
        let canvas = canvas.clone();
        use_effect_with(
            (props.lines.clone(), props.axes.clone()),
            move |(lines, axes)| {
                if let Some(c) = canvas.cast::<web_sys::HtmlCanvasElement>() {
                    let frame = Frame {
                        size: (780.0, 300.0),
                        axes: axes.clone(),
                        y_from: 0.0,
                        x_from_zero: false,
                        legend_right: false,
                    };
                    draw(&c, lines, &frame);
                }
            },
        );
    }
    html! {
        <>
            <canvas ref={canvas} width="780" height="300" class="plot" data-testid={props.testid.clone()} role="img" aria-label={props.label.clone()}></canvas>
            { lines_table(&props.lines, &props.axes, &props.label) }
        </>
    }
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
