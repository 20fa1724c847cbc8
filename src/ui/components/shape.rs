//! One shape of the shared figure vocabulary ([`crate::draw::shapes`]) as a Yew SVG element:
//! the figures of chains, scatter, master–slave, ring and divisible load on the page. A
//! rectangle with a tooltip takes the focus and is named by it; [`shapes_data`] is the figure
//! as a table (every tooltip and label), for who cannot see it.

use yew::prelude::*;

use crate::draw::shapes::{points_attr, Shape};
use crate::draw::svg::fixed2 as n2;
use crate::ui::components::data_table::data_table;

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
            <rect class={*class} x={n2(*x)} y={n2(*y)} width={n2(*w)} height={n2(*h)} fill={fill.map(AttrValue::from)}
                  tabindex={tip.is_some().then_some("0")} role={tip.is_some().then_some("img")} aria-label={tip.clone()}>
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

/// The elements of `list`, keyed so that a figure that grows from one step to the next only
/// adds elements. Each key is the shape's kind and class with its rank among the shapes of that
/// kind and class: a bar or a period line inserted before the others of another class leaves
/// their keys, so Yew moves nothing. Unkeyed, every later element took its predecessor's
/// attributes (measured on the divisible DL-18 Gantt chart: 1 764 `x` changes a step, 20–40 ms).
pub fn shapes(list: &[Shape]) -> Html {
    let mut ranks: Vec<(&'static str, &str, usize)> = Vec::new();
    list.iter()
        .map(|s| {
            let (kind, class) = match s {
                Shape::Rect { class, .. } => ("r", *class),
                Shape::Line { class, .. } => ("l", *class),
                Shape::Poly { class, .. } => ("p", *class),
                Shape::Text { class, .. } => ("t", *class),
            };
            let rank =
                if let Some(entry) = ranks.iter_mut().find(|(k, c, _)| (*k, *c) == (kind, class)) {
                    entry.2 += 1;
                    entry.2
                } else {
                    ranks.push((kind, class, 0));
                    0
                };
            let mut node = shape(s);
            if let Html::VTag(tag) = &mut node {
                std::rc::Rc::make_mut(tag).key = Some(format!("{kind}.{class}.{rank}").into());
            }
            node
        })
        .collect()
}

/// The figure's words as a table: each mark's tooltip, then each label, in drawing order.
pub fn shapes_data(shapes: &[Shape]) -> Html {
    let tips = shapes.iter().filter_map(|s| match s {
        Shape::Rect { tip: Some(t), .. } => Some(vec!["mark".to_owned(), t.clone()]),
        _ => None,
    });
    let labels = shapes.iter().filter_map(|s| match s {
        Shape::Text { text, .. } if !text.trim().is_empty() => {
            Some(vec!["label".to_owned(), text.clone()])
        }
        _ => None,
    });
    let rows: Vec<Vec<String>> = tips.chain(labels).collect();
    if rows.is_empty() {
        return Html::default();
    }
    data_table(
        "Data of this figure (table)",
        "Marks and labels of the figure",
        &["kind".to_owned(), "text".to_owned()],
        &rows,
    )
}
