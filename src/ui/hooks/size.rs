//! The width a figure is shown at and the type size (normal, or the large-type mode for
//! projectors), measured after mounting and again whenever the window is resized (the
//! large-type toggle fires a resize), so figures keep their text at least 11 CSS px.

use gloo::events::EventListener;
use yew::prelude::*;

/// The root element's class that turns the large-type mode on.
pub const LARGE_TYPE_CLASS: &str = "large-type";
/// Where the large-type choice is remembered.
pub const LARGE_TYPE_KEY: &str = "hetlab.large-type";

/// The large-type mode is on.
#[must_use]
pub fn large_type() -> bool {
    gloo::utils::document()
        .document_element()
        .is_some_and(|e| e.class_list().contains(LARGE_TYPE_CLASS))
}

/// `(width in CSS px, type scale)` of the element behind `node`; `(fallback, 1)` before it is
/// measured.
#[hook]
pub fn use_shown_width(node: NodeRef, fallback: f64) -> (f64, f64) {
    let (w, _, text) = use_shown_box(node, fallback);
    (w, text)
}

/// `(width, height the figure may take, type scale)` of the element behind `node`, in CSS px:
/// the height is the window's less the page's `--reserve` (www/style.css: what stands around
/// the figure on the first screen), `None` where no reserve is set (embeds, the editor).
#[hook]
pub fn use_shown_box(node: NodeRef, fallback: f64) -> (f64, Option<f64>, f64) {
    let measured = use_state(|| (fallback, None::<f64>, 1.0f64));
    {
        let measured = measured.clone();
        use_effect_with((), move |()| {
            let measure = move || {
                let Some(e) = node.cast::<web_sys::Element>() else {
                    return;
                };
                let w = e.client_width();
                let text = if large_type() { 1.4 } else { 1.0 };
                let now = (f64::from(w), available_height(&e), text);
                if w > 0 && now != *measured {
                    measured.set(now);
                }
            };
            measure();
            let listener = EventListener::new(&gloo::utils::window(), "resize", move |_| measure());
            move || drop(listener)
        });
    }
    *measured
}

/// The smallest height the first-screen rule leaves a figure (www/style.css's `max(240px, …)`).
const MIN_FIGURE_HEIGHT: f64 = 240.0;

/// The window's height less the `--reserve` (in px) that applies to `e`, at least
/// [`MIN_FIGURE_HEIGHT`]; `None` when no reserve applies.
fn available_height(e: &web_sys::Element) -> Option<f64> {
    let window = gloo::utils::window();
    let style = window.get_computed_style(e).ok().flatten()?;
    let reserve = style.get_property_value("--reserve").ok()?;
    let reserve: f64 = reserve.trim().strip_suffix("px")?.trim().parse().ok()?;
    let inner = window.inner_height().ok()?.as_f64()?;
    Some((inner - reserve).max(MIN_FIGURE_HEIGHT))
}
