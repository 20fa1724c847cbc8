//! The large-type toggle (for projectors): a class on the root element that scales the page's
//! text by 125 % and the figures' text by 1.4, remembered in this browser.

use yew::prelude::*;

use crate::ui::dom;
use crate::ui::hooks::size::{LARGE_TYPE_CLASS, LARGE_TYPE_KEY};

/// The header's "Large type" button.
#[component]
pub fn LargeTypeToggle() -> Html {
    let on = use_state(|| dom::load(LARGE_TYPE_KEY).as_deref() == Some("1"));
    use_effect_with(*on, |&on| {
        if let Some(root) = gloo::utils::document().document_element() {
            let list = root.class_list();
            let _ = if on {
                list.add_1(LARGE_TYPE_CLASS)
            } else {
                list.remove_1(LARGE_TYPE_CLASS)
            };
        }
        dom::save(LARGE_TYPE_KEY, if on { "1" } else { "0" });
        // Figures measure their type size on resize.
        if let Ok(e) = web_sys::Event::new("resize") {
            let _ = gloo::utils::window().dispatch_event(&e);
        }
    });
    let onclick = {
        let on = on.clone();
        Callback::from(move |_: MouseEvent| on.set(!*on))
    };
    html! {
        <button type="button" class="large-type-toggle" aria-pressed={on.to_string()} {onclick}
                title="Larger text on the page and in the figures (for projectors)" data-testid="large-type">
            {"Large type"}
        </button>
    }
}
