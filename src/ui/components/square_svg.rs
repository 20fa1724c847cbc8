//! The unit square with its rectangles as inline SVG: the square-partition figure, also drawn
//! by the LU page for the column-based partition of its 2D schemes.

use yew::prelude::*;

use crate::draw::square::{SquareFigure, MARGIN, SIDE};
use crate::ui::components::data_table::data_table;

/// Props of [`SquareSvg`].
#[derive(Properties, PartialEq)]
pub struct SquareSvgProps {
    /// What to draw.
    pub figure: SquareFigure,
    /// Accessible name.
    pub title: AttrValue,
}

/// The square as inline SVG.
#[component]
pub fn SquareSvg(props: &SquareSvgProps) -> Html {
    let full = SIDE + 2.0 * MARGIN;
    let rows: Vec<Vec<String>> = props
        .figure
        .tiles
        .iter()
        .map(|t| vec![t.label.clone(), t.sub.clone()])
        .collect();
    html! {
        <>
        <svg class="square" viewBox={format!("0 0 {full} {full}")} role="group" aria-label={props.title.clone()} data-testid="square">
            <rect class="frame" x={MARGIN.to_string()} y={MARGIN.to_string()} width={SIDE.to_string()} height={SIDE.to_string()} />
            if props.figure.tiles.is_empty() && props.figure.outlines.is_empty() {
                <text class="empty" x={(MARGIN + SIDE / 2.0).to_string()} y={(MARGIN + SIDE / 2.0).to_string()}>{"The rectangles appear here once they are placed."}</text>
            }
            { for props.figure.tiles.iter().map(|t| {
                let (cx, cy) = (t.x + t.w / 2.0, t.y + t.h / 2.0);
                html! {
                    <g class={t.class.clone()} data-testid={format!("rect-{}", t.proc + 1)} tabindex="0" role="img" aria-label={format!("{}: {}", t.label, t.sub)}>
                        <rect x={format!("{:.2}", t.x)} y={format!("{:.2}", t.y)} width={format!("{:.2}", t.w)} height={format!("{:.2}", t.h)} fill={t.fill}>
                            <title>{format!("{}: {}", t.label, t.sub)}</title>
                        </rect>
                        if t.shows_label() {
                            <text x={format!("{cx:.2}")} y={format!("{:.2}", cy + 4.0)} class="label">{t.label.clone()}</text>
                        }
                        if t.shows_sub() {
                            <text x={format!("{cx:.2}")} y={format!("{:.2}", cy + 18.0)} class="sub">{t.sub.clone()}</text>
                        }
                    </g>
                }
            }) }
            { for props.figure.outlines.iter().map(|o| html! {
                <g class="outline">
                    <rect x={format!("{:.2}", o.x)} y={format!("{:.2}", o.y)} width={format!("{:.2}", o.w)} height={format!("{:.2}", o.h)} />
                    <text x={format!("{:.2}", o.x + 6.0)} y={format!("{:.2}", o.y + 16.0)}>{o.label.clone()}</text>
                </g>
            }) }
            { for props.figure.separators.iter().map(|x| html! {
                <line class="separator" x1={format!("{x:.2}")} y1={MARGIN.to_string()} x2={format!("{x:.2}")} y2={(MARGIN + SIDE).to_string()} />
            }) }
        </svg>
        if !rows.is_empty() {
            { data_table("Data of this figure (table)", "Rectangles", &["rectangle".to_owned(), "values".to_owned()], &rows) }
        }
        </>
    }
}
