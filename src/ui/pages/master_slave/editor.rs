//! The instance fields of the master–slave page: the variant, then only the fields it reads
//! (read by [`crate::master_slave_entry`]), each with its message beside it. A bad entry never
//! replaces the instance shown.

use hetlab_core::master_slave::MsInput;
use yew::prelude::*;

use crate::ui::components::select::Select;

use crate::ui::hooks::form::use_entry_form;

use crate::master_slave_entry::{fields, read, Entry, VARIANTS};

/// Props of [`MsField`].
#[derive(Properties, PartialEq)]
pub struct FieldProps {
    /// The instance shown.
    pub instance: MsInput,
    /// Applies a parsed instance.
    pub on_apply: Callback<MsInput>,
}

fn label(key: &str) -> &'static str {
    match key {
        "t" => "Cycle times t ",
        "tcom" => "tcom ",
        "t1" => "t1 (to slave) ",
        "t2" => "t2 (back) ",
        "T" => "Horizon T ",
        "C" => "Tasks C (MinTime) ",
        "tree" => "Tree (JSON) ",
        "n" => "Tasks n (empty: ∞) ",
        _ => "Master w0 (empty: none) ",
    }
}

/// A value that lets a freshly chosen variant run at once.
fn default_of(key: &str, variant: &str) -> &'static str {
    match (key, variant) {
        ("tree", "spider") => r#"[[{"c": 1, "w": 3}, {"c": 2, "w": 2}], [{"c": 2, "w": 2}]]"#,
        ("tree", "tree") => {
            r#"[{"id": "A", "c": 1, "w": 3}, {"id": "B", "c": 1, "w": 5}, {"id": "C", "parent": "A", "c": 1, "w": 2}]"#
        }
        ("tree", _) => r#"[{"c": 1, "w": 3}, {"c": 2, "w": 2}]"#,
        ("t", _) => "5, 9",
        ("tcom" | "t1" | "t2", _) => "1",
        ("T", _) => "30",
        ("C", "fork" | "chain" | "spider" | "tree") => "",
        ("C", _) => "8",
        _ => "",
    }
}

/// The form.
#[component]
pub fn MsField(props: &FieldProps) -> Html {
    let (entry, problems, on_submit) = use_entry_form(
        &props.instance,
        Entry::of,
        |e, _| read(e).map_err(Box::new),
        &props.on_apply,
    );
    let on_variant = {
        let entry = entry.clone();
        Callback::from(move |e: Event| {
            let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let mut next = (*entry).clone();
            let was_tree = crate::master_slave_entry::fields(&next.variant).contains(&"tree");
            next.variant = s.value();
            let is_tree = fields(&next.variant).contains(&"tree");
            for key in fields(&next.variant) {
                // A tree with `C` runs MinTime: coming from a bus, it starts with `T` alone.
                let stale = (*key == "tree" || *key == "C") && was_tree != is_tree;
                if next.get(key).is_empty() || stale || (*key == "tree" && was_tree) {
                    next.values
                        .insert(key, default_of(key, &next.variant).to_owned());
                }
            }
            if was_tree && is_tree && !next.get("C").is_empty() {
                next.values.insert("T", String::new());
            }
            entry.set(next);
        })
    };
    let field = |key: &'static str| {
        let value = entry.get(key).to_owned();
        let entry = entry.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            let mut next = (*entry).clone();
            next.values.insert(key, i.value());
            entry.set(next);
        });
        let error = problems.get(key).cloned();
        let size = match key {
            "t" => "18",
            "tree" => "40",
            _ => "5",
        };
        let id = format!("ms-field-{key}");
        html! {
            <label class={classes!("ms-input", id.clone())}>{label(key)}
                <input type="text" {value} {oninput} {size} data-testid={id}
                       aria-invalid={error.is_some().to_string()} />
                if let Some(e) = error { <span class="field-error" role="alert">{e}</span> }
            </label>
        }
    };
    let variant_error = problems.get("variant").cloned();
    html! {
        <form class="ms-field" onsubmit={on_submit} data-testid="ms-form">
            <label class="ms-input">{"Variant "}
                <Select onchange={on_variant} testid="ms-variant" value={entry.variant.clone()}>
                    { for VARIANTS.iter().map(|v| html! { <option value={*v} selected={*v == entry.variant}>{*v}</option> }) }
                </Select>
                if let Some(e) = variant_error { <span class="field-error" role="alert">{e}</span> }
            </label>
            { for fields(&entry.variant).iter().map(|k| field(k)) }
            <button type="submit" data-testid="ms-apply">{"Apply"}</button>
            if let Some(e) = problems.get("") { <p class="field-error" role="alert" data-testid="field-error">{e.clone()}</p> }
        </form>
    }
}
