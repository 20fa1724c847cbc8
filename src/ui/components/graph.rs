//! The platform figure as inline SVG: fits a [`Figure`] to the width it is shown at (one SVG unit
//! per CSS pixel up to the desktop size, so text keeps its size on phones), zooms and pans
//! (Ctrl + wheel, pinch, drag on the background, `+` `-` arrows `0` when focused, buttons), and
//! when editable reports pointer gestures (select, drag, link) and keys (Enter or Space picks the
//! focused node or link, the arrow keys move the focused node) to its owner. Pointer positions
//! go through the SVG's own screen matrix, so a dragged node follows the pointer exactly at any
//! zoom. Every node and link can take the focus and has a name in words
//! ([`crate::draw::describe`]); a data table of the figure follows it. It draws; it decides
//! nothing.

use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use hetlab_core::platform::Point;
use wasm_bindgen::JsCast as _;
use yew::prelude::*;

use crate::draw::fit::{fit, Drawn, Frame};
use crate::draw::labels::Label;
use crate::draw::svg::fixed1 as fmt;
use crate::draw::zoom::View;
use crate::draw::{describe, Figure, WIDTH};
use crate::editor::Selection;
use crate::ui::components::figure_data::FigureData;
use crate::ui::hooks::size::use_shown_box;

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

/// The zoom state, changed through actions so that native listeners always see the latest.
#[derive(Clone, Copy, PartialEq, Default)]
struct Zoom(View);

enum ZoomAction {
    Set(View),
    At(f64, (f64, f64), (f64, f64)),
    Pan(f64, f64, (f64, f64)),
    Key(String, (f64, f64)),
}

impl Reducible for Zoom {
    type Action = ZoomAction;
    fn reduce(self: Rc<Self>, a: ZoomAction) -> Rc<Self> {
        let v = self.0;
        Rc::new(Zoom(match a {
            ZoomAction::Set(v) => v,
            ZoomAction::At(f, at, (w, h)) => v.zoom_at(f, at, w, h),
            ZoomAction::Pan(dx, dy, (w, h)) => v.pan(dx, dy, w, h),
            ZoomAction::Key(k, (w, h)) => v.key(&k, w, h).unwrap_or(v),
        }))
    }
}

/// Pointers down on the figure (client coordinates) and the node being dragged.
#[derive(Default)]
struct Gesture {
    drag: Option<usize>,
    pointers: Vec<(i32, f64, f64)>,
}

/// A client (screen) point in frame units, through the SVG's current screen matrix (viewBox,
/// zoom, letterboxing and CSS scaling included).
fn frame_point(svg: &NodeRef, x: f64, y: f64) -> Option<(f64, f64)> {
    let svg = svg.cast::<web_sys::SvgGraphicsElement>()?;
    let m = svg.get_screen_ctm()?.inverse().ok()?;
    let (a, b, c, d, e, f) = (
        f64::from(m.a()),
        f64::from(m.b()),
        f64::from(m.c()),
        f64::from(m.d()),
        f64::from(m.e()),
        f64::from(m.f()),
    );
    Some((a * x + c * y + e, b * x + d * y + f))
}

fn client(e: &PointerEvent) -> (f64, f64) {
    (f64::from(e.client_x()), f64::from(e.client_y()))
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
    {
        // Native listeners on the SVG: the wheel must be able to cancel scrolling, and the
        // figure's keys must not reach the player's document-wide shortcuts.
        let (svg, zoom) = (svg.clone(), zoom.dispatcher());
        use_effect_with(size, move |&size| {
            let el = svg.cast::<web_sys::Element>();
            let listeners = el.map(|el| {
                let (s1, z1, s2) = (svg.clone(), zoom.clone(), svg.clone());
                let wheel = EventListener::new_with_options(
                    &el,
                    "wheel",
                    EventListenerOptions::enable_prevent_default(),
                    move |e| {
                        let Some(e) = e.dyn_ref::<web_sys::WheelEvent>() else {
                            return;
                        };
                        if !(e.ctrl_key() || e.meta_key()) {
                            return;
                        }
                        e.prevent_default();
                        if let Some(at) =
                            frame_point(&s1, f64::from(e.client_x()), f64::from(e.client_y()))
                        {
                            z1.dispatch(ZoomAction::At((-e.delta_y() * 0.002).exp(), at, size));
                        }
                    },
                );
                let key = EventListener::new_with_options(
                    &el,
                    "keydown",
                    EventListenerOptions::enable_prevent_default(),
                    move |e| {
                        let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                            return;
                        };
                        // Keys on a focused node or link are theirs (pick, nudge), not the view's.
                        let on_svg = e.target().zip(s2.get()).is_some_and(|(t, s)| {
                            t.dyn_ref::<web_sys::Node>()
                                .is_some_and(|t| t.is_same_node(Some(&s)))
                        });
                        if !on_svg || e.ctrl_key() || e.meta_key() || e.alt_key() {
                            return;
                        }
                        let k = e.key();
                        let view = |v: View| v.key(&k, size.0, size.1);
                        if view(View::HOME).is_some() {
                            e.prevent_default();
                            e.stop_propagation();
                            zoom.dispatch(ZoomAction::Key(k, size));
                        }
                    },
                );
                (wheel, key)
            });
            move || drop(listeners)
        });
    }
    let view = zoom.0;
    let onpointerdown = {
        let gesture = gesture.clone();
        Callback::from(move |e: PointerEvent| {
            // No pointer capture here: a click on a link or the background must still reach it.
            let mut g = gesture.borrow_mut();
            let (x, y) = client(&e);
            g.pointers.retain(|p| p.0 != e.pointer_id());
            g.pointers.push((e.pointer_id(), x, y));
        })
    };
    let onpointermove = {
        let (gesture, svg, on_drag, drawn) = (
            gesture.clone(),
            svg.clone(),
            props.on_drag.clone(),
            drawn.clone(),
        );
        let zoom = zoom.dispatcher();
        Callback::from(move |e: PointerEvent| {
            let (x, y) = client(&e);
            let mut g = gesture.borrow_mut();
            if let Some(i) = g.drag {
                if let Some(p) = frame_point(&svg, x, y) {
                    on_drag.emit((i, drawn.to_unit(p.0, p.1)));
                }
                return;
            }
            pointer_moved(&mut g, &svg, &zoom, e.pointer_id(), (x, y), size);
        })
    };
    let stop = {
        let gesture = gesture.clone();
        Callback::from(move |e: PointerEvent| {
            let mut g = gesture.borrow_mut();
            g.pointers.retain(|p| p.0 != e.pointer_id());
            if g.pointers.is_empty() {
                g.drag = None;
            }
        })
    };
    let onclick_bg = {
        let cb = props.on_background.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let buttons = {
        let z = zoom.dispatcher();
        let act = move |f: f64| {
            let z = z.clone();
            Callback::from(move |_: MouseEvent| {
                z.dispatch(if f == 0.0 {
                    ZoomAction::Set(View::HOME)
                } else {
                    let c = (size.0 / 2.0, size.1 / 2.0);
                    ZoomAction::At(f, c, size)
                });
            })
        };
        html! {
            <div class="zoom-bar" role="group" aria-label="Zoom">
                <button type="button" onclick={act(1.25)} data-testid="zoom-in" title="Zoom in (+, Ctrl + wheel, pinch)" aria-label="Zoom in">{"+"}</button>
                <button type="button" onclick={act(0.8)} data-testid="zoom-out" title="Zoom out (-)" aria-label="Zoom out">{"−"}</button>
                <button type="button" onclick={act(0.0)} data-testid="zoom-reset" title="Show the whole figure (0)" disabled={!view.zoomed()}>{"Reset view"}</button>
            </div>
        }
    };
    // Editable elements are buttons (Enter picks them); elsewhere, named images.
    let role = if props.editable { "button" } else { "img" };
    let fig = &props.figure;
    let links = drawn.links.iter().enumerate().map(|(k, l)| {
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
                <title>{&l.title}</title>
                // A wide transparent stroke makes thin links easy to click.
                <line class="hit" x1={fmt(l.from.0)} y1={fmt(l.from.1)} x2={fmt(l.to.0)} y2={fmt(l.to.1)} />
                <line x1={fmt(l.from.0)} y1={fmt(l.from.1)} x2={fmt(l.to.0)} y2={fmt(l.to.1)}
                      stroke-width={fmt(l.width)} marker-end={l.arrow.then_some("url(#arrow)")} />
                { for l.label.as_ref().map(|t| text(t, "label")) }
            </g>
        }
    });
    let nodes = drawn.nodes.iter().enumerate().map(|(i, n)| {
        let selected = props.selected == Some(Selection::Node(i)) || props.link_from == Some(i);
        let onkeydown = {
            let (cb, nudge) = (props.on_node.clone(), props.on_nudge.clone());
            let nudge = props.editable.then(|| Callback::from(move |(dx, dy): (f64, f64)| nudge.emit((i, dx, dy))));
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
               tabindex="0" role={role} aria-label={fig.nodes.get(i).map(describe::node_name)} {onkeydown}>
                <title>{&n.title}</title>
                <circle cx={fmt(n.at.0)} cy={fmt(n.at.1)} r={fmt(drawn.r)} />
                { text(&n.id, "id") }
                { for n.sub.as_ref().map(|t| text(t, "w")) }
                { for n.note.as_ref().map(|t| text(t, "note")) }
            </g>
        }
    });
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

/// One pointer moved on the background: pans with one pointer, pinches with two.
fn pointer_moved(
    g: &mut Gesture,
    svg: &NodeRef,
    zoom: &UseReducerDispatcher<Zoom>,
    id: i32,
    now: (f64, f64),
    size: (f64, f64),
) {
    let Some(k) = g.pointers.iter().position(|p| p.0 == id) else {
        return;
    };
    let before = (g.pointers[k].1, g.pointers[k].2);
    match g.pointers.len() {
        1 => {
            if let (Some(a), Some(b)) = (
                frame_point(svg, before.0, before.1),
                frame_point(svg, now.0, now.1),
            ) {
                zoom.dispatch(ZoomAction::Pan(a.0 - b.0, a.1 - b.1, size));
            }
        }
        2 => {
            let other = g.pointers[1 - k];
            let d0 = (before.0 - other.1).hypot(before.1 - other.2);
            let d1 = (now.0 - other.1).hypot(now.1 - other.2);
            let mid = (f64::midpoint(now.0, other.1), f64::midpoint(now.1, other.2));
            if d0 > 1.0 && d1 > 1.0 {
                if let Some(at) = frame_point(svg, mid.0, mid.1) {
                    zoom.dispatch(ZoomAction::At(d1 / d0, at, size));
                }
            }
        }
        _ => {}
    }
    g.pointers[k] = (id, now.0, now.1);
}

/// A placed text. The trailing space keeps texts apart where they are read as one (the name
/// checkers compare "1 w=1" with the element's name).
fn text(l: &Label, class: &'static str) -> Html {
    html! {
        <text aria-hidden="true" class={class} x={fmt(l.x)} y={fmt(l.y)} text-anchor={l.anchor} style={format!("font-size:{:.1}px", l.px)}>{&l.text}{" "}</text>
    }
}
