//! A figure drawn in fixed units that narrows on a phone instead of shrinking its text
//! (issue 32): it measures the width its card gives it and, where its smallest text would fall
//! under 11 px, draws the shapes narrowed to that width ([`crate::draw::narrow`]); the Data
//! table under it lists the labels of the shapes before narrowing.

use std::rc::Rc;

use yew::prelude::*;

use crate::draw::narrow::{narrowed, width_for};
use crate::draw::shapes::Shape;
use crate::ui::components::shape::shapes_data;
use crate::ui::hooks::size::use_shown_width;

/// Narrowest a figure is drawn (units): under it, it shrinks as before.
const FLOOR: f64 = 300.0;

/// A figure `width` units wide whose labels start right of `x0`.
#[derive(Properties, PartialEq)]
pub struct NarrowProps {
    /// The shapes, drawn `width` units wide.
    pub shapes: Rc<Vec<Shape>>,
    /// The width they are drawn at.
    pub width: f64,
    /// Left of it nothing moves (row and axis labels).
    pub x0: f64,
    /// The figure's smallest text size (units).
    pub text: f64,
    /// The SVG of some shapes at a width.
    pub draw: Callback<(Rc<Vec<Shape>>, f64), Html>,
}

/// The figure at the width its card gives it.
#[function_component(Narrow)]
pub fn narrow(p: &NarrowProps) -> Html {
    let node = use_node_ref();
    let (card, _) = use_shown_width(node.clone(), p.width);
    let to = width_for(card, p.width, p.text, FLOOR);
    let shapes = if to < p.width {
        Rc::new(narrowed(&p.shapes, p.x0, p.width, to))
    } else {
        p.shapes.clone()
    };
    html! {
        <div ref={node} class="narrow-figure">
            { p.draw.emit((shapes, to)) }
            { shapes_data(&p.shapes) }
        </div>
    }
}
