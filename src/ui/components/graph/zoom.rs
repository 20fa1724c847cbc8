//! The figure's view: zoom and pan (Ctrl + wheel, pinch, drag on the background, `+` `-`
//! arrows `0` when the figure is focused, the zoom bar's buttons), and the drag of a node, all
//! through the SVG's own screen matrix.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use hetlab_core::platform::Point;
use wasm_bindgen::JsCast as _;
use yew::prelude::*;

use crate::draw::fit::Drawn;
use crate::draw::zoom::View;

/// The zoom state, changed through actions so that native listeners always see the latest.
#[derive(Clone, Copy, PartialEq, Default)]
pub(super) struct Zoom(pub(super) View);

pub(super) enum ZoomAction {
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
pub(super) struct Gesture {
    pub(super) drag: Option<usize>,
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

/// Native listeners on the SVG `svg` of frame `size`: the wheel must be able to cancel
/// scrolling, and the figure's keys must not reach the player's document-wide shortcuts.
#[hook]
pub(super) fn use_view_listeners(svg: NodeRef, zoom: UseReducerDispatcher<Zoom>, size: (f64, f64)) {
    // Native listeners on the SVG: the wheel must be able to cancel scrolling, and the
    // figure's keys must not reach the player's document-wide shortcuts.
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

/// The pointer handlers of the figure: press, move (drag a node, pan, pinch) and release.
pub(super) struct Pointers {
    pub(super) down: Callback<PointerEvent>,
    pub(super) moved: Callback<PointerEvent>,
    pub(super) stop: Callback<PointerEvent>,
}

/// [`Pointers`] of the SVG `svg`: a dragged node goes to `on_drag` in unit-square coordinates.
pub(super) fn pointers(
    gesture: &Rc<RefCell<Gesture>>,
    svg: &NodeRef,
    on_drag: &Callback<(usize, Point)>,
    drawn: &Rc<Drawn>,
    zoom: UseReducerDispatcher<Zoom>,
    size: (f64, f64),
) -> Pointers {
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
        let (gesture, svg, on_drag, drawn) =
            (gesture.clone(), svg.clone(), on_drag.clone(), drawn.clone());
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
    Pointers {
        down: onpointerdown,
        moved: onpointermove,
        stop,
    }
}

/// The zoom bar: in, out, and back to the whole figure (disabled when it shows).
pub(super) fn zoom_bar(zoom: &UseReducerDispatcher<Zoom>, size: (f64, f64), view: View) -> Html {
    let z = zoom.clone();
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
