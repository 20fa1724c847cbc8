//! The unit square with its rectangles as inline SVG: the square-partition figure, also drawn
//! by the LU page for the column-based partition of its 2D schemes.

use yew::prelude::*;

use crate::draw::square::{SquareFigure, MARGIN, SIDE};
use crate::draw::svg::fixed2;
use crate::ui::components::data_table::data_table;
use crate::ui::hooks::size::use_shown_width;

/// Props of [`SquareSvg`].
#[derive(Properties, PartialEq)]
pub struct SquareSvgProps {
    /// What to draw.
    pub figure: SquareFigure,
    /// Accessible name.
    pub title: AttrValue,
}

/// The square as inline SVG. Text is scaled up where the square is shown smaller than its
/// units (phones), so that it stays at least 11 CSS px; it is placed without overlap.
#[component]
pub fn SquareSvg(props: &SquareSvgProps) -> Html {
    let full = SIDE + 2.0 * MARGIN;
    let wrap = use_node_ref();
    let (width, text) = use_shown_width(wrap.clone(), full);
    let k = (full / width).max(1.0) * text;
    let texts = props.figure.texts(k);
    let rows: Vec<Vec<String>> = props
        .figure
        .tiles
        .iter()
        .map(|t| vec![t.label.clone(), t.sub.clone()])
        .collect();
    html! {
        <>
        <div class="square-wrap" ref={wrap}>
        <svg class="square" viewBox={format!("0 0 {full} {full}")} role="group" aria-label={props.title.clone()} data-testid="square">
            <rect class="frame" x={MARGIN.to_string()} y={MARGIN.to_string()} width={SIDE.to_string()} height={SIDE.to_string()} />
            if props.figure.tiles.is_empty() && props.figure.outlines.is_empty() {
                <text class="empty" text-anchor="middle" x={(MARGIN + SIDE / 2.0).to_string()} y={(MARGIN + SIDE / 2.0).to_string()} style={format!("font-size:{:.1}px", 15.0 * k)}>{"The rectangles appear here once they are placed."}</text>
            }
            { for props.figure.tiles.iter().map(|t| html! {
                <g class={t.class.clone()} data-testid={format!("rect-{}", t.proc + 1)} tabindex="0" role="img" aria-label={format!("{}: {}", t.label, t.sub)}>
                    <rect x={fixed2(t.x)} y={fixed2(t.y)} width={fixed2(t.w)} height={fixed2(t.h)} fill={t.fill}>
                        <title>{format!("{}: {}", t.label, t.sub)}</title>
                    </rect>
                </g>
            }) }
            { for props.figure.outlines.iter().map(|o| html! {
                <g class="outline">
                    <rect x={fixed2(o.x)} y={fixed2(o.y)} width={fixed2(o.w)} height={fixed2(o.h)}>
                        <title>{o.label.clone()}</title>
                    </rect>
                </g>
            }) }
            { for props.figure.separators.iter().map(|x| html! {
                <line class="separator" x1={fixed2(*x)} y1={MARGIN.to_string()} x2={fixed2(*x)} y2={(MARGIN + SIDE).to_string()} />
            }) }
            { for texts.into_iter().map(|(l, class)| html! {
                <text aria-hidden="true" class={class} x={fixed2(l.x)} y={fixed2(l.y)} text-anchor={l.anchor} style={format!("font-size:{:.1}px", l.px)}>{l.text}</text>
            }) }
        </svg>
        </div>
        if !rows.is_empty() {
            { data_table("Data of this figure (table)", "Rectangles", &["rectangle".to_owned(), "values".to_owned()], &rows) }
        }
        </>
    }
}
