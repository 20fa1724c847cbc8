//! The Gantt chart as inline SVG, for any [`Chart`] (steady-state periods, broadcast periods).
//! Each bar takes the focus and is named by its tooltip; a data table lists the bars. The chart
//! is laid out at the width it is shown at, so its text keeps its size on a phone.

use yew::prelude::*;

use crate::draw::gantt::{self, Chart};
use crate::draw::svg::fixed1;
use crate::ui::components::data_table::data_table;
use crate::ui::hooks::size::use_shown_width;

/// The chart inside a figure with `caption` under it.
pub fn gantt_svg(chart: &Chart, caption: &str) -> Html {
    html! { <GanttFigure chart={chart.clone()} caption={caption.to_owned()} /> }
}

/// Props of [`GanttFigure`].
#[derive(Properties, PartialEq)]
struct GanttProps {
    chart: Chart,
    caption: AttrValue,
}

/// The chart, fitted to its shown width.
#[component]
fn GanttFigure(props: &GanttProps) -> Html {
    let wrap = use_node_ref();
    let (shown, _) = use_shown_width(wrap.clone(), gantt::WIDTH);
    let width = gantt::width_for(shown);
    let chart = use_memo((props.chart.clone(), width), |(c, w)| c.fitted(*w));
    let h = gantt::bar_height();
    html! {
        <figure class="figure gantt" data-testid="gantt">
            <div ref={wrap}>
            <svg viewBox={format!("0 0 {width} {:.0}", chart.height)} role="group" aria-label="Gantt chart of one period">
                { for chart.guides.iter().enumerate().map(|(k, (x, t))| {
                    // The last label ends at its guide so that it stays inside the drawing.
                    let anchor = if k + 1 == chart.guides.len() { "end" } else { "middle" };
                    html! {
                        <g class="guide"><line x1={fixed1(*x)} x2={fixed1(*x)} y1="0" y2={fixed1(chart.height - 16.0)} />
                            if !t.is_empty() { <text x={fixed1(*x)} y={fixed1(chart.height - 4.0)} text-anchor={anchor}>{t}</text> }
                        </g>
                    }
                }) }
                { for chart.rows.iter().map(|(name, y)| html! { <text class="lane" x="4" y={fixed1(y + h - 4.0)}>{name}</text> }) }
                { for chart.rects.iter().map(|r| html! {
                    <g class={classes!("bar", r.class)} tabindex="0" role="img" aria-label={r.title.clone()}>
                        <rect x={fixed1(r.x)} y={fixed1(r.y)} width={fixed1(r.w)} height={fixed1(h)} style={r.fill.map(|f| format!("fill:{f}"))}><title>{&r.title}</title></rect>
                        if !r.label.is_empty() { <text x={fixed1(r.x + r.w / 2.0)} y={fixed1(r.y + h - 4.0)} text-anchor="middle">{&r.label}</text> }
                    </g>
                }) }
            </svg>
            </div>
            { data_table("Data of this chart (table)", "Bars of the Gantt chart", &["bar".to_owned()],
                &chart.rects.iter().map(|r| vec![r.title.clone()]).collect::<Vec<_>>()) }
            <figcaption class="caption">
                {props.caption.clone()}
                if chart.dropped > 0 { {format!(" {} more bars are not drawn.", chart.dropped)} }
            </figcaption>
        </figure>
    }
}
