//! The toolbar's menus of an algorithm page: the algorithm and the example (preset); each
//! choice pushes a new history entry at step 0.

use std::cell::RefCell;
use std::rc::Rc;

use hetlab_core::families::Instance;
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
                // A link's algorithm this instance does not offer stays named (the page says why).
                if !options.iter().any(|(name, _)| *name == current) {
                    <option value={current.to_owned()} selected=true disabled=true>{format!("{current} (not offered here)")}</option>
                }
                { for options.iter().map(|(name, label)| html! {
                    <option value={name.to_string()} selected={current == *name}>{label.clone()}</option>
                }) }
            </Select>
        </label>
    }
}

/// Presets longer than this are not matched with the instance shown (the large chains and
/// scatter instances: reading them to compare would cost more than the menu is worth).
const MATCHED_BYTES: usize = 1 << 16;

thread_local! {
    /// The last instance matched and its preset: the toolbar is drawn at every step.
    static LAST: RefCell<Option<(Rc<Instance>, Option<&'static str>)>> = const { RefCell::new(None) };
}

/// The preset of `problem` whose instance is `shown`, if one is.
fn preset_of(problem: &str, shown: &Rc<Instance>) -> Option<&'static str> {
    if let Some(hit) = LAST.with_borrow(|last| {
        (last.as_ref())
            .filter(|(i, _)| Rc::ptr_eq(i, shown))
            .map(|(_, p)| *p)
    }) {
        return hit;
    }
    let json = shown.to_json();
    let found = presets::of(problem)
        .filter(|p| p.json.len() <= MATCHED_BYTES && json.len() <= MATCHED_BYTES)
        .find(|p| Instance::from_json(p.json).is_ok_and(|i| i.to_json() == json))
        .map(|p| p.name);
    LAST.set(Some((Rc::clone(shown), found)));
    found
}

/// The presets menu of `problem`, showing the preset the page shows (when it shows one);
/// choosing one pushes its instance at step 0, and forgets the algorithm when the new instance
/// does not offer it.
pub fn preset_select(nav: &Nav, problem: &str, shown: &Rc<Instance>) -> Html {
    let current = preset_of(problem, shown);
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
                <option value="" selected={current.is_none()} disabled=true>{"load a preset…"}</option>
                { for presets::of(problem).map(|p| html! { <option value={p.name} selected={current == Some(p.name)}>{p.title}</option> }) }
            </select>
        </label>
    }
}
