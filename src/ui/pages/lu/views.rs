//! What the LU page shows at one step: the owner matrix (canvas), the allocation table of
//! Algorithm 1, the column-based partition of the 2D schemes, the load bars of the current
//! factorisation step, and the comparison plot of every scheme against perfect balance.

use std::rc::Rc;

use hetlab_core::lu::extras::{Curves, SIZES};
use hetlab_core::lu::{self, LuState};
use hetlab_core::rational::{approx, format_q, frac};
use wasm_bindgen::JsCast as _;
use yew::prelude::*;

use crate::draw::lu::{load_bars, opacity, shade, SIDE};
use crate::draw::square::{self as square_draw, colour, Marks};
use crate::ui::components::data_table::data_table;
use crate::ui::components::plot::{Frame, Line, LinesPlot, LINE_COLOURS};
use crate::ui::components::square_svg::SquareSvg;

/// Working shown below the figure at this state.
pub fn working(s: &LuState) -> Html {
    html! {
        <>
            { loads(s) }
            { picks(s) }
            if !s.rects.is_empty() && s.owners.is_empty() {
                <div class="working">
                    <h3>{"Column-based partition (areas proportional to speeds)"}</h3>
                    <SquareSvg figure={square_draw::figure(&s.rects.iter().cloned().enumerate().collect::<Vec<_>>(), &Marks::default())} title="Partition of the unit square" />
                </div>
            }
            if !s.row_sequence.is_empty() || !s.column_sequence.is_empty() {
                <p class="sequences" data-testid="sequences">
                    {format!("Row sequence: {}", seq(&s.row_sequence))}<br/>
                    {format!("Column sequence: {}", seq(&s.column_sequence))}
                </p>
            }
        </>
    }
}

fn seq(list: &[usize]) -> String {
    list.iter()
        .map(|r| (r + 1).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The iterations of Algorithm 1 on the current axis (the table of lu-distributions.md §1.2).
fn picks(s: &LuState) -> Html {
    let Some(axis) = s.axis else {
        return Html::default();
    };
    let who = match axis {
        lu::Axis::Chunks => "processor",
        lu::Axis::Rows => "virtual row",
        lu::Axis::Columns => "virtual column",
    };
    let shown = s.picks.len().saturating_sub(12);
    html! {
        <div class="working">
            <h3>{format!("Algorithm 1: each chunk goes to the {who} that would finish it first")}</h3>
            <table class="dp" data-testid="picks">
                <thead><tr><th>{"chunk"}</th><th>{"finishing times (c + 1)/s"}</th><th>{"chosen"}</th><th>{"makespan"}</th></tr></thead>
                <tbody>
                    { for s.picks.iter().skip(shown).map(|p| html! {
                        <tr>
                            <td>{p.b}</td>
                            <td class="left">{ p.finishing.iter().map(format_q).collect::<Vec<_>>().join(", ") }</td>
                            <td class="chosen">{p.chosen + 1}</td>
                            <td>{frac(&p.makespan)}</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}

/// The load bars of the current step: each processor's busy time against the step's cost.
fn loads(s: &LuState) -> Html {
    let Some(k) = s.k else {
        return Html::default();
    };
    let (bars, perfect) = load_bars(s);
    html! {
        <div class="working" data-testid="loads">
            <h3>{format!("Step {k}: busy time of each processor on the {m} × {m} trailing matrix", m = s.n - k)}</h3>
            <div class="loads">
                { for bars.iter().map(|b| html! {
                    <div class="load-row">
                        <span class="who">{format!("P{}", b.proc + 1)}</span>
                        <span class="track">
                            <span class={classes!("fill", b.slowest.then_some("slowest"))} style={format!("width:{:.1}%;background:{}", 100.0 * b.fraction, colour(b.proc))}></span>
                            <span class="perfect" style={format!("left:{:.1}%", 100.0 * perfect)} title="perfect balance"></span>
                        </span>
                        <span class="what">{b.label.clone()}</span>
                    </div>
                }) }
            </div>
            <p class="muted">{format!("Step cost {} (the slowest), perfect balance {}; total so far {} against {} (ratio {}).",
                frac(&s.cost), approx(&s.perfect), frac(&s.total), approx(&s.perfect_total),
                s.ratio().map(|r| approx(&r)).unwrap_or_default())}</p>
            <p data-testid="comm">{"Communication comm(k) (§3.2: Σ over processors of the trailing rows and columns in which it owns a block): "}<strong data-testid="comm-value">{s.comm}</strong></p>
        </div>
    }
}

/// Props of [`OwnerMatrix`].
#[derive(Properties, PartialEq)]
pub struct MatrixProps {
    /// `owners[i][j]`, empty before the distribution is built.
    pub owners: Rc<Vec<Vec<usize>>>,
    /// Current LU step (1-based).
    pub k: Option<usize>,
    /// Accessible name.
    pub title: AttrValue,
    /// Side of the canvas in pixels (the main figure's when absent).
    #[prop_or_default]
    pub side: Option<u32>,
    /// Test id of the canvas.
    #[prop_or(AttrValue::from("owner-matrix"))]
    pub testid: AttrValue,
}

/// The owner matrix on a canvas (up to 512 × 512 blocks).
#[component]
pub fn OwnerMatrix(props: &MatrixProps) -> Html {
    let canvas = use_node_ref();
    let side = props.side.map_or(SIDE, f64::from);
    {
        let canvas = canvas.clone();
        use_effect_with(
            (props.owners.clone(), props.k, props.side),
            move |(owners, k, _)| {
                if let Some(c) = canvas.cast::<web_sys::HtmlCanvasElement>() {
                    paint(&c, owners, *k, side);
                }
            },
        );
    }
    let px = format!("{side}");
    html! {
        <>
        <div class="matrix-wrap">
            <canvas ref={canvas} width={px.clone()} height={px} class="matrix" data-testid={props.testid.clone()} role="img" aria-label={props.title.clone()}></canvas>
            if props.owners.is_empty() {
                <p class="matrix-empty">{"The blocks are coloured by owner once the distribution is built."}</p>
            }
        </div>
        { owners_table(&props.owners, props.k) }
        </>
    }
}

/// Matrices up to this many blocks a side are listed block by block; larger ones by owner.
const LISTED: usize = 40;

/// The owner matrix as a table: the owner of every block (small matrices), or how many blocks
/// each processor owns, with the current step's trailing block named.
fn owners_table(owners: &[Vec<usize>], k: Option<usize>) -> Html {
    let n = owners.len();
    if n == 0 {
        return Html::default();
    }
    let step = k.map_or_else(String::new, |k| {
        format!("; step {k} works on rows and columns {k} to {n}")
    });
    if n <= LISTED {
        let mut headers = vec!["block row".to_owned()];
        headers.extend((1..=n).map(|j| format!("column {j}")));
        let rows: Vec<Vec<String>> = owners
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let mut r = vec![(i + 1).to_string()];
                r.extend(row.iter().map(|p| format!("P{}", p + 1)));
                r
            })
            .collect();
        return data_table(
            "Data of this figure (table)",
            &format!("Owner of each block{step}"),
            &headers,
            &rows,
        );
    }
    let procs = owners.iter().flatten().max().map_or(0, |m| m + 1);
    let mut count = vec![0usize; procs];
    for &p in owners.iter().flatten() {
        count[p] += 1;
    }
    let headers = vec!["processor".to_owned(), "blocks owned".to_owned()];
    let rows: Vec<Vec<String>> = count
        .iter()
        .enumerate()
        .map(|(p, c)| vec![format!("P{}", p + 1), c.to_string()])
        .collect();
    data_table(
        "Data of this figure (table)",
        &format!("Blocks of the {n} × {n} matrix per owner{step}"),
        &headers,
        &rows,
    )
}

fn paint(c: &web_sys::HtmlCanvasElement, owners: &[Vec<usize>], k: Option<usize>, side: f64) {
    let Ok(Some(ctx)) = c.get_context("2d") else {
        return;
    };
    let Ok(ctx) = ctx.dyn_into::<web_sys::CanvasRenderingContext2d>() else {
        return;
    };
    ctx.set_global_alpha(1.0);
    ctx.clear_rect(0.0, 0.0, side, side);
    let n = owners.len();
    if n == 0 {
        return;
    }
    #[allow(clippy::cast_precision_loss)] // n ≤ 512.
    let cell = side / n as f64;
    for (i, row) in owners.iter().enumerate() {
        for (j, &p) in row.iter().enumerate() {
            ctx.set_global_alpha(opacity(shade(i, j, k)));
            ctx.set_fill_style_str(colour(p));
            #[allow(clippy::cast_precision_loss)]
            ctx.fill_rect(j as f64 * cell, i as f64 * cell, cell.ceil(), cell.ceil());
        }
    }
    ctx.set_global_alpha(1.0);
    if cell >= 14.0 {
        ctx.set_fill_style_str("#222");
        ctx.set_font(&format!("{}px sans-serif", (cell * 0.45).min(14.0).floor()));
        ctx.set_text_align("center");
        ctx.set_text_baseline("middle");
        for (i, row) in owners.iter().enumerate() {
            for (j, &p) in row.iter().enumerate() {
                #[allow(clippy::cast_precision_loss)]
                let _ = ctx.fill_text(
                    &(p + 1).to_string(),
                    (j as f64 + 0.5) * cell,
                    (i as f64 + 0.5) * cell,
                );
            }
        }
    }
    if let Some(k) = k {
        #[allow(clippy::cast_precision_loss)]
        let at = (k - 1) as f64 * cell;
        ctx.set_stroke_style_str("#d6336c");
        ctx.set_line_width(2.0);
        ctx.stroke_rect(at, at, side - at, side - at);
    }
}

/// Total time / perfect-balance time against the matrix size, one curve per scheme
/// (lu-distributions.md §3.3), under `title`, with a cursor at the current size `n` (§4.2
/// frame 6) and its table; the error when there are none.
pub fn compare_plot(series: &Curves, title: &str, testid: &str, n: usize) -> Html {
    let last = SIZES[SIZES.len() - 1];
    #[allow(clippy::cast_precision_loss)] // n ≤ 512.
    let at_x = n as f64;
    let body = match series {
        Ok(s) => {
            let lines = s
                .iter()
                .enumerate()
                .map(|(k, s)| Line {
                    label: s.scheme.name().to_owned(),
                    points: s.points.iter().map(|p| (p.n as f64, p.ratio)).collect(),
                    rgb: LINE_COLOURS[k % LINE_COLOURS.len()],
                })
                .collect::<Vec<_>>();
            let axes = (
                "matrix size n (blocks)".to_owned(),
                "time / perfect balance".to_owned(),
            );
            let frame = Frame {
                y_from: 1.0,
                x_range: Some((0.0, SIZES[SIZES.len() - 1] as f64)),
                whole_x: true,
                legend_right: true,
                cursor: Some((at_x, "n")),
                log_x: false,
            };
            html! { <LinesPlot {lines} {axes} {frame} label="Ratio of the simulated LU time to perfect balance against the matrix size" testid={testid.to_owned()} /> }
        }
        Err(e) => html! { <p class="muted">{e.to_string()}</p> },
    };
    let at = if n <= last {
        format!("Dashed line: this instance's n = {n}.")
    } else {
        format!("This instance's n = {n} is past the plot's last size, {last}.")
    };
    html! {
        <div class="working">
            <h3>{title.to_owned()}</h3>
            { body }
            <p class="muted" data-testid={format!("{testid}-cursor")}>{at}</p>
        </div>
    }
}
