//! The platform figure as inline SVG: fits a [`Figure`] to the width it is shown at (one SVG unit
//! per CSS pixel up to the desktop size, so text keeps its size on phones), zooms and pans
//! (Ctrl + wheel, pinch, drag on the background, `+` `-` arrows `0` when focused, buttons), and
//! when editable reports pointer gestures (select, drag, link) and keys (Enter or Space picks the
//! focused node or link, the arrow keys move the focused node) to its owner. Pointer positions
//! go through the SVG's own screen matrix, so a dragged node follows the pointer exactly at any
//! zoom. Every node and link can take the focus and has a name in words
//! ([`crate::draw::describe`]); a data table of the figure follows it. It draws; it decides
//! nothing.

mod zoom;

use std::cell::RefCell;
use std::rc::Rc;

use hetlab_core::platform::Point;
use yew::prelude::*;

use crate::draw::fit::{fit, Drawn, DrawnLink, DrawnNode, Frame};
use crate::draw::labels::Label;
use crate::draw::svg::fixed1 as fmt;
use crate::draw::{describe, Figure, WIDTH};
use crate::editor::Selection;
use crate::ui::components::figure_data::FigureData;
use crate::ui::hooks::size::use_shown_box;
use zoom::{pointers, use_view_listeners, zoom_bar, Gesture, Pointers, Zoom};

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

/// The figure.
#[component]
pub fn Graph(props: &GraphProps) -> Html {
    let wrap = use_node_ref();
    let svg = use_node_ref();
    let (width, height, type_scale) = use_shown_box(wrap.clone(), WIDTH);
    let frame = Frame::for_box(width, height, props.figure.nodes.len(), type_scale);
    let drawn: Rc<Drawn> = use_memo((props.figure.clone(), frame), |(f, fr)| fit(f, *fr));
    let size = (frame.w, frame.h);
    let zoom = use_reducer(Zoom::default);
    let gesture = use_mut_ref(Gesture::default);
    use_view_listeners(svg.clone(), zoom.dispatcher(), size);
    let view = zoom.0;
    let Pointers {
        down: onpointerdown,
        moved: onpointermove,
        stop,
    } = pointers(
        &gesture,
        &svg,
        &props.on_drag,
        &drawn,
        zoom.dispatcher(),
        size,
    );
    let onclick_bg = {
        let cb = props.on_background.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let buttons = zoom_bar(&zoom.dispatcher(), size, view);
    let links = (drawn.links.iter().enumerate()).map(|(k, l)| link_view(props, k, l));
    let nodes = (drawn.nodes.iter().enumerate())
        .map(|(i, n)| node_view(props, i, n, drawn.r, &gesture, &svg));
    html! {
        <>
        <div class="graph-wrap" ref={wrap}>
            <svg ref={svg.clone()} data-testid="graph" class={classes!("graph", props.editable.then_some("editable"), view.zoomed().then_some("zoomed"))}
                 viewBox={view.view_box(frame.w, frame.h)} role="group" aria-label={props.title.clone()} tabindex="0"
                 data-frame={format!("{} {}", frame.w, frame.h)}
                 {onpointerdown} {onpointermove} onpointerup={stop.clone()} onpointercancel={stop.clone()} onpointerleave={stop}>
                <title>{props.title.clone()}</title>
                <defs>
                    <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="12" markerHeight="12" orient="auto-start-reverse">
                        <path d="M0,0 L10,5 L0,10 z" />
                    </marker>
                </defs>
                <rect class="bg" x="0" y="0" width={fmt(frame.w)} height={fmt(frame.h)} onclick={onclick_bg} />
                { for links }
                { for nodes }
            </svg>
            { buttons }
        </div>
        <FigureData figure={props.figure.clone()} />
        </>
    }
}

/// Editable elements are buttons (Enter picks them); elsewhere, named images.
fn role(props: &GraphProps) -> &'static str {
    if props.editable {
        "button"
    } else {
        "img"
    }
}

/// Link `k`, drawn as `l`: clicked or picked by keys, it goes to `on_link`.
fn link_view(props: &GraphProps, k: usize, l: &DrawnLink) -> Html {
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
           tabindex="0" role={role(props)} aria-label={describe::link_name(&props.figure, k)} {onkeydown}>
            <title>{&l.title}</title>
            // A wide transparent stroke makes thin links easy to click.
            <line class="hit" x1={fmt(l.from.0)} y1={fmt(l.from.1)} x2={fmt(l.to.0)} y2={fmt(l.to.1)} />
            <line x1={fmt(l.from.0)} y1={fmt(l.from.1)} x2={fmt(l.to.0)} y2={fmt(l.to.1)}
                  stroke-width={fmt(l.width)} marker-end={l.arrow.then_some("url(#arrow)")} />
            { for l.label.as_ref().map(|t| text(t, "label")) }
        </g>
    }
}

/// Node `i`, drawn as `n` with radius `r`: pressed (then dragged, when editable) or picked by
/// keys, it goes to `on_node`; the arrow keys nudge it when editable.
fn node_view(
    props: &GraphProps,
    i: usize,
    n: &DrawnNode,
    r: f64,
    gesture: &Rc<RefCell<Gesture>>,
    svg: &NodeRef,
) -> Html {
    let selected = props.selected == Some(Selection::Node(i)) || props.link_from == Some(i);
    let onkeydown = {
        let (cb, nudge) = (props.on_node.clone(), props.on_nudge.clone());
        let nudge = (props.editable)
            .then(|| Callback::from(move |(dx, dy): (f64, f64)| nudge.emit((i, dx, dy))));
        on_keys(Callback::from(move |()| cb.emit(i)), nudge)
    };
    let onpointerdown = {
        let (cb, gesture, editable) = (props.on_node.clone(), gesture.clone(), props.editable);
        let svg = svg.clone();
        Callback::from(move |e: PointerEvent| {
            if !editable {
                return;
            }
            e.stop_propagation();
            e.prevent_default();
            gesture.borrow_mut().drag = Some(i);
            if let Some(el) = svg.cast::<web_sys::Element>() {
                let _ = el.set_pointer_capture(e.pointer_id());
            }
            cb.emit(i);
        })
    };
    html! {
        <g class={classes!(n.class.clone(), selected.then_some("selected"))} data-testid={format!("node-{}", n.full)} {onpointerdown}
           tabindex="0" role={role(props)} aria-label={props.figure.nodes.get(i).map(describe::node_name)} {onkeydown}>
            <title>{&n.title}</title>
            <circle cx={fmt(n.at.0)} cy={fmt(n.at.1)} r={fmt(r)} />
            { text(&n.id, "id") }
            { for n.sub.as_ref().map(|t| text(t, "w")) }
            { for n.note.as_ref().map(|t| text(t, "note")) }
        </g>
    }
}

/// A placed text. The trailing space keeps texts apart where they are read as one (the name
/// checkers compare "1 w=1" with the element's name).
fn text(l: &Label, class: &'static str) -> Html {
    html! {
        <text aria-hidden="true" class={class} x={fmt(l.x)} y={fmt(l.y)} text-anchor={l.anchor} style={format!("font-size:{:.1}px", l.px)}>{&l.text}{" "}</text>
    }
}
