//! The steady-state page's instance fields beside "Edit platform": the input file size
//! `data_in` and the result file size `data_out` (section 2.7), each with its message beside
//! it (read by [`crate::steady_entry`]). A bad entry never replaces the instance shown.

use hetlab_core::steady_state::SteadyState;
use yew::prelude::*;

use crate::steady_entry::{read, Entry};
use crate::ui::hooks::form::use_entry_form;

/// Props of [`DataFields`].
#[derive(Properties, PartialEq)]
pub struct FieldProps {
    /// The instance shown.
    pub instance: SteadyState,
    /// Applies a parsed instance.
    pub on_apply: Callback<SteadyState>,
}

/// The form.
#[component]
pub fn DataFields(props: &FieldProps) -> Html {
    let (entry, problems, on_submit) =
        use_entry_form(&props.instance, Entry::of, read, &props.on_apply);
    let input = |k: usize, label: &'static str, title: &'static str, id: &'static str| {
        let value = if k == 0 {
            entry.data_in.clone()
        } else {
            entry.data_out.clone()
        };
        let entry = entry.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            let mut next = (*entry).clone();
            *[&mut next.data_in, &mut next.data_out][k] = i.value();
            entry.set(next);
        });
        let bad = problems[k].clone();
        html! {
            <label class="ring-input" {title}>{label}
                <input type="text" {value} {oninput} size="6" data-testid={id}
                       aria-invalid={bad.is_some().to_string()} />
                if let Some(e) = bad { <span class="field-error" role="alert">{e}</span> }
            </label>
        }
    };
    html! {
        <form class="chains-field" onsubmit={on_submit} data-testid="steady-form">
            { input(0, "data_in ", "Size of a task's input file (time to send one over a link = data_in × c)", "steady-data-in") }
            { input(1, "data_out ", "Size of a task's result file; above 0, results must return to a master (section 2.7)", "steady-data-out") }
            <button type="submit" data-testid="steady-apply">{"Apply"}</button>
            if let Some(e) = &problems[2] { <p class="field-error" role="alert" data-testid="field-error">{e.clone()}</p> }
        </form>
    }
}
