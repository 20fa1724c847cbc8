//! A `<select>` whose shown choice always follows its state.
//!
//! An `<option selected>` attribute only sets what a menu shows until the user has picked in it
//! once: after that, the browser keeps the user's pick on screen even when a render moves the
//! attribute to another option (a new example that forgets the algorithm, Back in the history,
//! a button that sets the menu's field). The menu then names one algorithm while another is
//! drawn (issue 32). [`Select`] sets the element's `value` after every render, so the shown
//! choice is the state's.

use yew::prelude::*;

/// Props of [`Select`].
#[derive(Properties, PartialEq)]
pub struct SelectProps {
    /// The option shown: the `value` of one of `children`.
    pub value: AttrValue,
    /// Called when the user picks an option (read `value` from the event's target).
    pub onchange: Callback<Event>,
    /// The `data-testid` of the `<select>`.
    pub testid: AttrValue,
    /// The accessible name, when no `<label>` wraps the menu.
    #[prop_or_default]
    pub aria_label: Option<AttrValue>,
    /// The menu is greyed out.
    #[prop_or_default]
    pub disabled: bool,
    /// The `<option>`s (their `selected` attributes give the first paint).
    pub children: Html,
}

/// A `<select>` that shows `value` after every render.
#[component]
pub fn Select(props: &SelectProps) -> Html {
    let node = use_node_ref();
    {
        let node = node.clone();
        let value = props.value.clone();
        use_effect(move || {
            if let Some(select) = node.cast::<web_sys::HtmlSelectElement>() {
                if select.value() != value.as_str() {
                    select.set_value(&value);
                }
            }
        });
    }
    html! {
        <select ref={node} data-testid={props.testid.clone()} onchange={props.onchange.clone()}
                aria-label={props.aria_label.clone()} disabled={props.disabled}>
            { props.children.clone() }
        </select>
    }
}
