//! The instance fields of the ring page: cycle times, the link-cost matrix, `W` and `H`, each
//! with its message beside it (read by [`crate::ring_entry`]). A bad entry never replaces the
//! instance shown; [`apply`] shows an instance made here or by the `W/H` slider.

use hetlab_core::families::Instance;
use hetlab_core::ring::Ring;
use yew::prelude::*;

use crate::ring_entry::{read, Entry};
use crate::ui::hooks::form::use_entry_form;
use crate::ui::Nav;

/// Props of [`RingField`].
#[derive(Properties, PartialEq)]
pub struct FieldProps {
    /// The instance shown.
    pub instance: Ring,
    /// Applies a parsed instance.
    pub on_apply: Callback<Ring>,
}

fn error(e: Option<&String>) -> Html {
    e.map_or_else(
        Html::default,
        |e| html! { <span class="field-error" role="alert">{e.clone()}</span> },
    )
}

/// The form.
#[component]
pub fn RingField(props: &FieldProps) -> Html {
    let (entry, problems, on_submit) =
        use_entry_form(&props.instance, Entry::of, |e, _| read(e), &props.on_apply);
    let edit = |k: usize| {
        let entry = entry.clone();
        move |value: String| {
            let mut next = (*entry).clone();
            *[&mut next.w, &mut next.c, &mut next.work, &mut next.h][k] = value;
            entry.set(next);
        }
    };
    let input =
        |k: usize, label: &'static str, value: &str, size: &'static str, id: &'static str| {
            let set = edit(k);
            let oninput = Callback::from(move |e: InputEvent| {
                let i: web_sys::HtmlInputElement = e.target_unchecked_into();
                set(i.value());
            });
            let bad = problems[k].is_some();
            html! {
                <label class={classes!("ring-input", id)}>{label}
                    <input type="text" value={value.to_owned()} {oninput} {size} data-testid={id}
                           aria-invalid={bad.to_string()} />
                    { error(problems[k].as_ref()) }
                </label>
            }
        };
    let on_matrix = {
        let set = edit(1);
        Callback::from(move |e: InputEvent| {
            let t: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            set(t.value());
        })
    };
    let rows = entry.c.lines().count().clamp(2, 8).to_string();
    html! {
        <form class="chains-field ring-field" onsubmit={on_submit} data-testid="ring-form">
            { input(0, "Cycle times w ", &entry.w, "30", "ring-w") }
            <label class="ring-input ring-c">{"Link costs c (one row per line) "}
                <textarea value={entry.c.clone()} oninput={on_matrix} rows={rows} cols="34" data-testid="ring-c"
                          style="max-width:100%;font-family:monospace" aria-invalid={problems[1].is_some().to_string()} />
                { error(problems[1].as_ref()) }
            </label>
            { input(2, "W ", &entry.work, "8", "ring-work") }
            { input(3, "H ", &entry.h, "6", "ring-h") }
            <button type="submit" data-testid="ring-apply">{"Apply"}</button>
            if let Some(e) = &problems[4] { <p class="field-error" role="alert" data-testid="field-error">{e.clone()}</p> }
        </form>
    }
}

/// Pushes `r` as the page's new instance (a new history entry, step 0).
pub fn apply(nav: &Nav, r: Ring) {
    nav.push_instance(&Instance::Ring(r), ["preset"]);
}
