//! The processor-list field of the square-partition and LU pages: how the numbers are meant
//! (speeds, cycle times, areas), the numbers themselves, and the message beside the field when
//! they cannot be read. A bad entry never replaces the instance shown.

use yew::prelude::*;

use crate::ui::components::select::Select;

use crate::procs;
use crate::ui::dom::{self, AUTOSAVE_KEY};
use hetlab_core::families::Instance;

/// Props of [`ProcsField`].
#[derive(Properties, PartialEq)]
pub struct ProcsFieldProps {
    /// The meanings offered: `(field, label)`, e.g. `("speeds", "relative speeds")`.
    pub kinds: &'static [(&'static str, &'static str)],
    /// The meaning of the instance shown.
    pub kind: AttrValue,
    /// Its numbers, as text.
    pub text: AttrValue,
    /// Small extra fields after the list: `(label, value)`, e.g. `("B", "10")`.
    #[prop_or_default]
    pub extras: Vec<(AttrValue, AttrValue)>,
    /// Checks a new entry (kind, text, extra values): `Ok` applies it, `Err` is shown beside
    /// the field.
    pub on_apply: Callback<Entry, Result<(), String>>,
}

/// What the user entered: the meaning, the numbers, the extra fields' values.
pub type Entry = (String, String, Vec<String>);

/// The field.
#[component]
pub fn ProcsField(props: &ProcsFieldProps) -> Html {
    let kind = use_state(|| props.kind.to_string());
    let text = use_state(|| props.text.to_string());
    let extras = use_state(|| {
        props
            .extras
            .iter()
            .map(|(_, v)| v.to_string())
            .collect::<Vec<_>>()
    });
    let error = use_state(|| None::<String>);
    {
        // A new instance (preset, link, Back) refills the fields.
        let (kind, text, extras, error) =
            (kind.clone(), text.clone(), extras.clone(), error.clone());
        use_effect_with(
            (props.kind.clone(), props.text.clone(), props.extras.clone()),
            move |(k, t, x)| {
                kind.set(k.to_string());
                text.set(t.to_string());
                extras.set(x.iter().map(|(_, v)| v.to_string()).collect());
                error.set(None);
            },
        );
    }
    let apply = {
        let (kind, text, extras, error, on_apply) = (
            kind.clone(),
            text.clone(),
            extras.clone(),
            error.clone(),
            props.on_apply.clone(),
        );
        move || match on_apply.emit(((*kind).clone(), (*text).clone(), (*extras).clone())) {
            Ok(()) => error.set(None),
            Err(e) => error.set(Some(e)),
        }
    };
    let on_submit = {
        let apply = apply.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            apply();
        })
    };
    let on_kind = {
        let kind = kind.clone();
        Callback::from(move |e: Event| {
            let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
            kind.set(s.value());
        })
    };
    let on_text = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            text.set(i.value());
        })
    };
    let on_platform = {
        let (kind, text, extras, error) =
            (kind.clone(), text.clone(), extras.clone(), error.clone());
        let on_apply = props.on_apply.clone();
        Callback::from(move |_: MouseEvent| {
            let saved = dom::load(AUTOSAVE_KEY).and_then(|t| Instance::from_json(&t).ok());
            let got = match saved.as_ref().and_then(Instance::platform) {
                Some(p) => procs::from_platform(p),
                None => Err(
                    "No platform is saved in this browser yet: draw one in the platform editor."
                        .to_owned(),
                ),
            };
            match got.and_then(|t| {
                on_apply
                    .emit(("cycle_times".to_owned(), t.clone(), (*extras).clone()))
                    .map(|()| t)
            }) {
                Ok(t) => {
                    kind.set("cycle_times".to_owned());
                    text.set(t);
                    error.set(None);
                }
                Err(e) => error.set(Some(e)),
            }
        })
    };
    let labels: Vec<&str> = props.extras.iter().map(|(l, _)| l.as_str()).collect();
    let at = (error.as_deref()).and_then(|e| procs::culprit(e, &labels));
    html! {
        <form class="procs-field" onsubmit={on_submit} data-testid="procs-form">
            <label>{"Processors given as "}
                <Select onchange={on_kind} testid="procs-kind" value={(*kind).clone()}>
                    { for props.kinds.iter().map(|(k, label)| html! {
                        <option value={*k} selected={*kind == *k}>{*label}</option>
                    }) }
                </Select>
            </label>
            <input type="text" value={(*text).clone()} oninput={on_text} data-testid="procs-text"
                   aria-label="Numbers, separated by commas" aria-invalid={(error.is_some() && at.is_none()).to_string()}
                   aria-describedby={(error.is_some() && at.is_none()).then_some(ERROR_ID)}
                   placeholder="e.g. 1, 2, 3.5, 1/3" size="40" />
            { for props.extras.iter().enumerate().map(|(k, (label, _))| {
                let value = extras.get(k).cloned().unwrap_or_default();
                let extras = extras.clone();
                let oninput = Callback::from(move |e: InputEvent| {
                    let i: web_sys::HtmlInputElement = e.target_unchecked_into();
                    let mut v = (*extras).clone();
                    if let Some(slot) = v.get_mut(k) {
                        *slot = i.value();
                    }
                    extras.set(v);
                });
                let bad = at == Some(k);
                html! {
                    <label>{format!("{label} ")}
                        <input type="text" size="4" {value} {oninput} data-testid={format!("procs-{label}")}
                               aria-invalid={bad.to_string()} aria-describedby={bad.then_some(ERROR_ID)} />
                    </label>
                }
            }) }
            <button type="submit" data-testid="procs-apply">{"Apply"}</button>
            if let Some(e) = &*error {
                <p class="field-error" id={ERROR_ID} role="alert" data-testid="field-error">{e.clone()}</p>
            }
            <button type="button" onclick={on_platform} data-testid="procs-platform"
                    title="Cycle times of the computing nodes of the platform saved in the editor">{"Use the platform's processors"}</button>
        </form>
    }
}

/// The id of the message, which the field it is about points to (`aria-describedby`).
const ERROR_ID: &str = "procs-field-error";
