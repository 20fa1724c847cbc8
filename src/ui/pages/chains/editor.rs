//! The instance fields of the chains page: task weights, processor speeds, and `cp-random`'s
//! number of orders and seed, each with its message beside it (read by [`crate::chains_entry`]).
//! A bad entry never replaces the instance shown.

use hetlab_core::chains::Chains;
use yew::prelude::*;

use crate::ui::hooks::form::use_entry_form;

use crate::chains_entry::{read, Entry, MAX_SHOWN};

/// Props of [`ChainsField`].
#[derive(Properties, PartialEq)]
pub struct FieldProps {
    /// The instance shown.
    pub instance: Chains,
    /// Applies a parsed instance.
    pub on_apply: Callback<Chains>,
}

/// The form.
#[component]
pub fn ChainsField(props: &FieldProps) -> Html {
    let (entry, problems, on_submit) =
        use_entry_form(&props.instance, Entry::of, read, &props.on_apply);
    let field = |k: usize,
                 label: &'static str,
                 value: &str,
                 size: &'static str,
                 id: &'static str| {
        let entry = entry.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            let mut next = (*entry).clone();
            *[
                &mut next.weights,
                &mut next.speeds,
                &mut next.orders,
                &mut next.seed,
            ][k] = i.value();
            entry.set(next);
        });
        let error = problems[k].clone();
        let placeholder = if k == 0 && props.instance.weights.len() > MAX_SHOWN {
            format!(
                "{} tasks kept: type a list to replace them",
                props.instance.weights.len()
            )
        } else {
            String::new()
        };
        html! {
            <label class={classes!("chains-input", id)}>{label}
                <input type="text" value={value.to_owned()} {oninput} {size} {placeholder} data-testid={id}
                       aria-invalid={error.is_some().to_string()} />
                if let Some(e) = error { <span class="field-error" role="alert">{e}</span> }
            </label>
        }
    };
    html! {
        <form class="chains-field" onsubmit={on_submit} data-testid="chains-form">
            { field(0, "Task weights ", &entry.weights, "30", "chains-weights") }
            { field(1, "Speeds ", &entry.speeds, "12", "chains-speeds") }
            { field(2, "Orders R ", &entry.orders, "4", "chains-orders") }
            { field(3, "Seed ", &entry.seed, "4", "chains-seed") }
            <button type="submit" data-testid="chains-apply">{"Apply"}</button>
            if let Some(e) = &problems[4] { <p class="field-error" role="alert" data-testid="field-error">{e.clone()}</p> }
        </form>
    }
}
