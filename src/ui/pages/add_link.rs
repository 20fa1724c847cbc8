//! The platform editor's add-link form: the keyboard way to join two nodes (choose both ends
//! and a cost, press Add link), beside the mouse's link mode. A refused link (same node twice,
//! a pair already linked, a bad cost) gets its reason beside the form
//! ([`crate::editor::link_problem`], [`crate::editor::parse_field`]).

use hetlab_core::platform::Platform;
use hetlab_core::rational::Cost;
use yew::prelude::*;

use crate::ui::components::select::Select;

use crate::editor::{link_problem, parse_field, FieldRule};

/// Props of [`AddLinkForm`].
#[derive(Properties, PartialEq)]
pub struct AddLinkProps {
    /// The platform being edited (its nodes are the choices).
    pub platform: Platform,
    /// Add a link `(from, to, c)`, already checked.
    pub on_add: Callback<(usize, usize, Cost)>,
}

/// The form.
#[component]
pub fn AddLinkForm(props: &AddLinkProps) -> Html {
    let from = use_state(|| 0usize);
    let to = use_state(|| 1usize);
    let cost = use_state(|| "1".to_owned());
    let error = use_state(|| None::<String>);
    let pick = |state: &UseStateHandle<usize>| {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let v = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            if let Ok(i) = v.parse() {
                state.set(i);
            }
        })
    };
    let on_cost = {
        let cost = cost.clone();
        Callback::from(move |e: InputEvent| {
            cost.set(
                e.target_unchecked_into::<web_sys::HtmlInputElement>()
                    .value(),
            );
        })
    };
    let onsubmit = {
        let (from, to, cost, error, p, cb) = (
            from.clone(),
            to.clone(),
            cost.clone(),
            error.clone(),
            props.platform.clone(),
            props.on_add.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let why = link_problem(&p, *from, *to).or_else(|| {
                parse_field(&cost, FieldRule::Cost)
                    .err()
                    .map(|m| format!("cost: {m}"))
            });
            match (why, parse_field(&cost, FieldRule::Cost)) {
                (None, Ok(c)) => {
                    error.set(None);
                    cb.emit((*from, *to, c));
                }
                (Some(m), _) | (None, Err(m)) => error.set(Some(m)),
            }
        })
    };
    let options = |chosen: usize| {
        props
            .platform
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| html! { <option value={i.to_string()} selected={i == chosen}>{n.id.to_string()}</option> })
            .collect::<Html>()
    };
    html! {
        <form class="add-link" data-testid="add-link" {onsubmit} aria-label="Add a link">
            <label>{"from "}<Select testid="add-link-from" value={from.to_string()} onchange={pick(&from)}>{ options(*from) }</Select></label>
            <label>{"to "}<Select testid="add-link-to" value={to.to_string()} onchange={pick(&to)}>{ options(*to) }</Select></label>
            <label>{"c "}<input class="short" data-testid="add-link-c" value={(*cost).clone()} oninput={on_cost}
                aria-invalid={error.is_some().to_string()} /></label>
            <button type="submit" data-testid="add-link-apply">{"Add link"}</button>
            if let Some(m) = &*error { <span class="field-error" data-testid="field-error" role="alert">{m}</span> }
        </form>
    }
}
