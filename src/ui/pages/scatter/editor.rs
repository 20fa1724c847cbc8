//! The instance fields of the scatter page: the number of items and the per-processor costs
//! (`α`, `β`, `λ`, `μ`, root last), each with its message beside it (read by
//! [`crate::scatter_entry`]). A bad entry never replaces the instance shown.

use hetlab_core::scatter::Scatter;
use yew::prelude::*;

use crate::ui::hooks::form::use_entry_form;

use crate::scatter_entry::{read, Entry, ALPHA, BETA, LAMBDA, MU, N, REST};

/// Props of [`ScatterField`].
#[derive(Properties, PartialEq)]
pub struct FieldProps {
    /// The instance shown.
    pub instance: Scatter,
    /// Applies a parsed instance.
    pub on_apply: Callback<Scatter>,
}

fn slot(e: &mut Entry, k: usize) -> &mut String {
    match k {
        N => &mut e.n,
        ALPHA => &mut e.alpha,
        BETA => &mut e.beta,
        LAMBDA => &mut e.lambda,
        _ => &mut e.mu,
    }
}

/// The form.
#[component]
pub fn ScatterField(props: &FieldProps) -> Html {
    let (entry, problems, on_submit) =
        use_entry_form(&props.instance, Entry::of, read, &props.on_apply);
    let field = |k: usize,
                 text: &'static str,
                 title: &'static str,
                 size: &'static str,
                 id: &'static str| {
        let value = slot(&mut (*entry).clone(), k).clone();
        let entry = entry.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            let mut next = (*entry).clone();
            *slot(&mut next, k) = i.value();
            entry.set(next);
        });
        let error = problems[k].clone();
        html! {
            <label class={classes!("scatter-input", id)} {title}>{text}
                <input type="text" {value} {oninput} {size} data-testid={id}
                       aria-invalid={error.is_some().to_string()} />
                if let Some(e) = error { <span class="field-error" role="alert">{e}</span> }
            </label>
        }
    };
    html! {
        <form class="scatter-field" onsubmit={on_submit} data-testid="scatter-form">
            { field(N, "Items n ", "number of identical items on the root", "7", "scatter-n") }
            { field(ALPHA, "α (compute/item) ", "compute time per item, one per processor, root last", "18", "scatter-alpha") }
            { field(BETA, "β (transfer/item) ", "transfer time per item, one per processor (the root's is ignored)", "18", "scatter-beta") }
            { field(LAMBDA, "λ (transfer latency) ", "optional: one per processor, empty for none", "12", "scatter-lambda") }
            { field(MU, "μ (compute latency) ", "optional: one per processor, empty for none", "12", "scatter-mu") }
            <button type="submit" data-testid="scatter-apply">{"Apply"}</button>
            if let Some(e) = &problems[REST] { <p class="field-error" role="alert" data-testid="field-error">{e.clone()}</p> }
        </form>
    }
}
