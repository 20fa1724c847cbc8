//! The toolbar's menus of an algorithm page: the algorithm and the example (preset); each
//! choice pushes a new history entry at step 0.

use hetlab_core::presets;
use yew::prelude::*;

use crate::ui::components::select::Select;
use crate::ui::Nav;

/// The algorithm menu: `(name, label)` options; choosing one pushes `algo=` at step 0.
pub fn algo_select(nav: &Nav, options: &[(&str, String)], current: &str) -> Html {
    let on_change = {
        let nav = nav.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let mut r = nav.route.clone();
            r.query.set("algo", select.value());
            r.query.set("step", "0");
            nav.push(r);
        })
    };
    html! {
        <label>{"Algorithm "}
            <Select testid="algo" value={current.to_owned()} onchange={on_change}>
                { for options.iter().map(|(name, label)| html! {
                    <option value={name.to_string()} selected={current == *name}>{label.clone()}</option>
                }) }
            </Select>
        </label>
    }
}

/// The presets menu of `problem`; choosing one pushes its instance at step 0, and forgets the
/// algorithm when the new instance does not offer it.
pub fn preset_select(nav: &Nav, problem: &str) -> Html {
    let on_change = {
        let nav = nav.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(inst) = presets::get(&select.value()) {
                nav.push_instance(&inst, nav.unoffered_algo(&inst));
            }
        })
    };
    html! {
        <label>{"Example "}
            <select data-testid="page-preset" onchange={on_change}>
                <option value="" selected=true disabled=true>{"load a preset…"}</option>
                { for presets::of(problem).map(|p| html! { <option value={p.name}>{p.title}</option> }) }
            </select>
        </label>
    }
}
