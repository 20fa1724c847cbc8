//! The theme switch in the header: follow the system (`prefers-color-scheme`), or light, or
//! dark on this device. The choice is kept in `localStorage` ([`THEME_KEY`]); index.html
//! applies it before the first paint (as `<html data-theme>`), and www/style.css's theme
//! section maps the attribute and the system setting to colours.

use yew::prelude::*;

use crate::ui::dom;

/// localStorage key of the chosen theme (`"light"` or `"dark"`; absent: follow the system).
pub const THEME_KEY: &str = "hetlab.theme";

/// The choices, as (value, label).
const CHOICES: [(&str, &str); 3] = [("system", "System"), ("light", "Light"), ("dark", "Dark")];

/// The stored choice, `"system"` when none (or an unknown value) is stored.
fn stored() -> String {
    match dom::load(THEME_KEY).as_deref() {
        Some(t @ ("light" | "dark")) => t.to_owned(),
        _ => "system".to_owned(),
    }
}

/// Applies `choice` to the page (`<html data-theme>`) and remembers it on this device.
fn apply(choice: &str) {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element());
    if choice == "light" || choice == "dark" {
        dom::save(THEME_KEY, choice);
        if let Some(r) = root {
            let _ = r.set_attribute("data-theme", choice);
        }
    } else {
        dom::forget(THEME_KEY);
        if let Some(r) = root {
            let _ = r.remove_attribute("data-theme");
        }
    }
}

/// The switch: a labelled menu (System, Light, Dark).
#[component]
pub fn ThemeSwitch() -> Html {
    let choice = use_state(stored);
    let onchange = {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            let v = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            apply(&v);
            choice.set(v);
        })
    };
    html! {
        <label class="theme-switch">{"Theme "}
            <select data-testid="theme" {onchange}>
                { for CHOICES.iter().map(|(v, label)| html! {
                    <option value={*v} selected={*choice == *v}>{*label}</option>
                }) }
            </select>
        </label>
    }
}
