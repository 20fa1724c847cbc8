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
    let measured = use_state(|| (fallback, 1.0f64));
    {
        let measured = measured.clone();
        use_effect_with((), move |()| {
            let measure = move || {
                let w = node
                    .cast::<web_sys::Element>()
                    .map_or(0, |e| e.client_width());
                let text = if large_type() { 1.4 } else { 1.0 };
                if w > 0 && (f64::from(w), text) != *measured {
                    measured.set((f64::from(w), text));
                }
            };
            measure();
            let listener = EventListener::new(&gloo::utils::window(), "resize", move |_| measure());
            move || drop(listener)
        });
    }
    *measured
}
