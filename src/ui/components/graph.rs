//! The platform figure as inline SVG: draws a [`Figure`] and, when editable, reports pointer
//! gestures (select, drag, link) and keys (Enter or Space picks the focused node or link, the
//! arrow keys move the focused node) to its owner. Every node and link can take the focus and
//! has a name in words ([`crate::draw::describe`]); a data table of the figure follows it. It
//! draws; it decides nothing.

use std::rc::Rc;

use hetlab_core::platform::Point;
use wasm_bindgen::JsCast as _;
use yew::prelude::*;

use crate::draw::{describe, from_px, note_at, Figure, HEIGHT, NODE_R, WIDTH};
use crate::editor::Selection;
use crate::ui::components::figure_data::FigureData;

/// Props of [`Graph`].
#[derive(Properties, PartialEq)]
pub struct GraphProps {
    /// What to draw.
    pub figure: Rc<Figure>,
    /// Accessible title.
    pub title: AttrValue,
    /// Highlighted selection (editor).
    #[prop_or_default]
    pub selected: Option<Selection>,
    /// Node picked as the first end of a new link (editor).
    #[prop_or_default]
    pub link_from: Option<usize>,
    /// Pointer gestures are reported.
    #[prop_or_default]
    pub editable: bool,
    /// A node was pressed.
    #[prop_or_default]
    pub on_node: Callback<usize>,
    /// A pressed node was dragged to a point.
    #[prop_or_default]
    pub on_drag: Callback<(usize, Point)>,
    /// A link was clicked.
    #[prop_or_default]
    pub on_link: Callback<usize>,
    /// The background was clicked.
    #[prop_or_default]
    pub on_background: Callback<()>,
    /// An arrow key on a focused node: move it by `(dx, dy)` in unit-square coordinates.
    #[prop_or_default]
    pub on_nudge: Callback<(usize, f64, f64)>,
}

/// How far one arrow key moves a node (Shift: five times as far), in unit-square coordinates.
const NUDGE: f64 = 0.02;

/// Enter or Space on a focused figure element calls `pick`; the arrow keys call `nudge` with
/// a direction (only when `nudge` is given).
fn on_keys(pick: Callback<()>, nudge: Option<Callback<(f64, f64)>>) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        let step = if e.shift_key() { 5.0 * NUDGE } else { NUDGE };
        let dir = match e.key().as_str() {
            "Enter" | " " => {
                e.prevent_default();
                pick.emit(());
                return;
            }
            "ArrowLeft" => (-step, 0.0),
            "ArrowRight" => (step, 0.0),
            "ArrowUp" => (0.0, -step),
            "ArrowDown" => (0.0, step),
            _ => return,
        };
        if let Some(n) = &nudge {
            e.prevent_default();
            e.stop_propagation();
            n.emit(dir);
        }
    })
}

/// The pointer position in figure units.
fn svg_point(e: &PointerEvent) -> Option<Point> {
    let svg: web_sys::Element = e.current_target()?.dyn_into().ok()?;
    let rect = svg.get_bounding_client_rect();
    if rect.width() <= 0.0 || rect.height() <= 0.0 {
        return None;
    }
    let x = (f64::from(e.client_x()) - rect.left()) * WIDTH / rect.width();
    let y = (f64::from(e.client_y()) - rect.top()) * HEIGHT / rect.height();
    Some(from_px(x, y))
}

/// The figure.
#[component]
pub fn Graph(props: &GraphProps) -> Html {
    let dragging = use_state(|| None::<usize>);
    let fig = &props.figure;
    let onpointermove = {
        let (dragging, on_drag) = (dragging.clone(), props.on_drag.clone());
        Callback::from(move |e: PointerEvent| {
            if let (Some(i), Some(p)) = (*dragging, svg_point(&e)) {
                on_drag.emit((i, p));
            }
        })
    };
    let stop = {
        let dragging = dragging.clone();
        Callback::from(move |_: PointerEvent| dragging.set(None))
    };
    let onclick_bg = {
        let cb = props.on_background.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    // Editable elements are buttons (Enter picks them); elsewhere, named images.
    let role = if props.editable { "button" } else { "img" };
    let links = fig.links.iter().enumerate().map(|(k, l)| {
        let selected = props.selected == Some(Selection::Link(k));
        let onkeydown = {
            let cb = props.on_link.clone();
            on_keys(Callback::from(move |()| cb.emit(k)), None)
        };
        let onclick = {
            let cb = props.on_link.clone();
            Callback::from(move |e: MouseEvent| {
                e.stop_propagation();
                cb.emit(k);
            })
        };
        html! {
            <g class={classes!(l.class.clone(), selected.then_some("selected"))} data-testid={format!("link-{k}")} {onclick}
               tabindex="0" role={role} aria-label={describe::link_name(fig, k)} {onkeydown}>
                // A wide transparent stroke makes thin links easy to click.
                <line class="hit" x1={fmt(l.from.0)} y1={fmt(l.from.1)} x2={fmt(l.to.0)} y2={fmt(l.to.1)} />
                <line x1={fmt(l.from.0)} y1={fmt(l.from.1)} x2={fmt(l.to.0)} y2={fmt(l.to.1)}
                      stroke-width={fmt(l.width)} marker-end={l.arrow.then_some("url(#arrow)")} />
                <text aria-hidden="true" x={fmt(l.label_at.0)} y={fmt(l.label_at.1)} text-anchor="middle">{&l.label}</text>
            </g>
        }
    });
    let nodes = fig.nodes.iter().enumerate().map(|(i, n)| {
        let selected = props.selected == Some(Selection::Node(i)) || props.link_from == Some(i);
        let onkeydown = {
            let (cb, nudge) = (props.on_node.clone(), props.on_nudge.clone());
            let nudge = props.editable.then(|| Callback::from(move |(dx, dy): (f64, f64)| nudge.emit((i, dx, dy))));
            on_keys(Callback::from(move |()| cb.emit(i)), nudge)
        };
        let onpointerdown = {
            let (cb, dragging, editable) = (props.on_node.clone(), dragging.clone(), props.editable);
            Callback::from(move |e: PointerEvent| {
                e.stop_propagation();
                if editable {
                    dragging.set(Some(i));
                }
                cb.emit(i);
            })
        };
        // The trailing spaces keep the texts apart where they are read as one (the name
        // checkers compare "1 w=1" with the element's name).
        html! {
            <g class={classes!(n.class.clone(), selected.then_some("selected"))} data-testid={format!("node-{}", n.label)} {onpointerdown}
               tabindex="0" role={role} aria-label={describe::node_name(n)} {onkeydown}>
                <circle cx={fmt(n.at.0)} cy={fmt(n.at.1)} r={fmt(NODE_R)} />
                <text aria-hidden="true" class="id" x={fmt(n.at.0)} y={fmt(n.at.1 - 2.0)} text-anchor="middle">{&n.label}{" "}</text>
                <text aria-hidden="true" class="w" x={fmt(n.at.0)} y={fmt(n.at.1 + 12.0)} text-anchor="middle">{&n.sub}{" "}</text>
                if let Some(note) = &n.note {
                    <text aria-hidden="true" class="note" x={fmt(note_at(n.at).0)} y={fmt(note_at(n.at).1)} text-anchor={note_at(n.at).2}>{note}</text>
                }
            </g>
        }
    });
    html! {
        <>
        <svg data-testid="graph" class={classes!("graph", props.editable.then_some("editable"))}
             viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="group" aria-label={props.title.clone()}
             {onpointermove} onpointerup={stop.clone()} onpointerleave={stop}>
            <title>{props.title.clone()}</title>
            <defs>
                <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="12" markerHeight="12" orient="auto-start-reverse">
                    <path d="M0,0 L10,5 L0,10 z" />
                </marker>
            </defs>
            <rect class="bg" x="0" y="0" width={fmt(WIDTH)} height={fmt(HEIGHT)} onclick={onclick_bg} />
            { for links }
            { for nodes }
        </svg>
        <FigureData figure={props.figure.clone()} />
        </>
    }
}

fn fmt(v: f64) -> String {
    format!("{v:.1}")
}
