//! One shape of the shared figure vocabulary ([`crate::draw::shapes`]) as a Yew SVG element:
//! the figures of chains, scatter, master–slave and divisible load on the page.

use yew::prelude::*;

use crate::draw::shapes::{points_attr, Shape};

fn n2(v: f64) -> String {
    format!("{v:.2}")
}

/// The element of `s` (a rectangle carries its tooltip as `<title>`).
pub fn shape(s: &Shape) -> Html {
    match s {
        Shape::Rect {
            x,
            y,
            w,
            h,
            class,
            fill,
            tip,
        } => html! {
            <rect class={*class} x={n2(*x)} y={n2(*y)} width={n2(*w)} height={n2(*h)} fill={fill.map(AttrValue::from)}>
                if let Some(t) = tip { <title>{t.clone()}</title> }
            </rect>
        },
        Shape::Line {
            x1,
            y1,
            x2,
            y2,
            class,
        } => html! { <line class={*class} x1={n2(*x1)} y1={n2(*y1)} x2={n2(*x2)} y2={n2(*y2)} /> },
        Shape::Poly { points, class } => {
            html! { <polyline class={*class} points={points_attr(points)} /> }
        }
        Shape::Text {
            x,
            y,
            text,
            class,
            anchor,
        } => html! {
            <text class={*class} x={n2(*x)} y={n2(*y)} text-anchor={anchor.css()}>{text.clone()}</text>
        },
    }
}
