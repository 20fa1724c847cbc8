//! The instance fields of the divisible-load page: the variant, the load, then the columns the
//! variant needs (stars: `g`, `w`, latencies `G`, `W`; homogeneous stars: the number of workers
//! and one value per column; trees: ids, parents, `g`, `w`), `w0` and the rounds, each with its
//! message beside it (read by [`crate::divisible_entry`]). A bad entry never replaces the
//! instance shown.

use hetlab_core::divisible::{Divisible, Variant};
use yew::prelude::*;

use crate::ui::components::select::Select;

use crate::ui::hooks::form::use_entry_form;

use crate::divisible_entry::{read, Entry, Field};

/// The form's layout (scoped to this page, so that the site's stylesheet needs no rule).
const FORM_CSS: &str = ".dl-field{display:flex;flex-wrap:wrap;gap:.4rem .8rem;align-items:flex-start;flex-basis:100%}.dl-field label{display:flex;flex-wrap:wrap;gap:.3rem;align-items:center;max-width:100%}.dl-field input{max-width:100%}.dl-field input[aria-invalid=true]{border-color:#b00020}.dl-field .field-error{flex-basis:100%;max-width:28rem}.divisible-page .toolbar label{max-width:100%;min-width:0}.divisible-page .toolbar select{max-width:100%}.divisible-page .layout>*{min-width:0}.divisible-page pre{white-space:pre-wrap;font-size:.8rem}";

/// Props of [`DivisibleField`].
#[derive(Properties, PartialEq)]
pub struct FieldProps {
    /// The instance shown.
    pub instance: Divisible,
    /// Applies a parsed instance.
    pub on_apply: Callback<Divisible>,
}

/// The text of `f` in an entry.
fn slot(e: &mut Entry, f: Field) -> &mut String {
    match f {
        Field::Load => &mut e.load,
        Field::G => &mut e.g,
        Field::W => &mut e.w,
        Field::BigG => &mut e.big_g,
        Field::BigW => &mut e.big_w,
        Field::P => &mut e.p,
        Field::W0 => &mut e.w0,
        Field::Rounds => &mut e.rounds,
        Field::Ids => &mut e.ids,
        Field::Parents => &mut e.parents,
        Field::Rest => &mut e.variant,
    }
}

/// The fields a variant shows: `(field, label, size, test id)`.
fn fields(v: Option<Variant>) -> Vec<(Field, &'static str, &'static str, &'static str)> {
    let mut out = vec![(Field::Load, "W_total ", "6", "dl-load")];
    match v {
        Some(Variant::TreeLinear) => out.extend([
            (Field::Ids, "ids ", "16", "dl-ids"),
            (Field::Parents, "parents ", "16", "dl-parents"),
            (Field::G, "g ", "16", "dl-g"),
            (Field::W, "w ", "16", "dl-w"),
        ]),
        Some(h) if h.homogeneous() => {
            out.extend([
                (Field::P, "workers P ", "3", "dl-p"),
                (Field::G, "g ", "4", "dl-g"),
                (Field::W, "w ", "4", "dl-w"),
                (Field::BigG, "G ", "4", "dl-big-g"),
                (Field::BigW, "W ", "4", "dl-big-w"),
            ]);
            if h == Variant::MultiInstallment {
                out.push((Field::Rounds, "rounds M ", "3", "dl-rounds-field"));
            }
        }
        Some(Variant::StarLinear) => out.extend([
            (Field::G, "g ", "14", "dl-g"),
            (Field::W, "w ", "14", "dl-w"),
            (Field::W0, "w0 (master) ", "4", "dl-w0"),
        ]),
        _ => out.extend([
            (Field::G, "g ", "14", "dl-g"),
            (Field::W, "w ", "14", "dl-w"),
            (Field::BigG, "G ", "14", "dl-big-g"),
            (Field::BigW, "W ", "14", "dl-big-w"),
        ]),
    }
    out
}

/// The form.
#[component]
pub fn DivisibleField(props: &FieldProps) -> Html {
    let (entry, problems, on_submit) =
        use_entry_form(&props.instance, Entry::of, |e, _| read(e), &props.on_apply);
    let field = |(f, label, size, id): (Field, &'static str, &'static str, &'static str)| {
        let mut copy = (*entry).clone();
        let value = slot(&mut copy, f).clone();
        let entry = entry.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            let mut next = (*entry).clone();
            *slot(&mut next, f) = i.value();
            entry.set(next);
        });
        let error = problems.get(f).map(str::to_owned);
        html! {
            <label class={classes!("dl-input", id)}>{label}
                <input type="text" {value} {oninput} {size} data-testid={id}
                       aria-invalid={error.is_some().to_string()} />
                if let Some(e) = error { <span class="field-error" role="alert">{e}</span> }
            </label>
        }
    };
    let on_variant = {
        let entry = entry.clone();
        Callback::from(move |e: Event| {
            let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let mut next = (*entry).clone();
            next.variant = s.value();
            entry.set(next);
        })
    };
    let current = entry.variant();
    html! {
        <form class="dl-field" onsubmit={on_submit} data-testid="dl-form">
            <style>{FORM_CSS}</style>
            <label>{"Variant "}
                <Select testid="dl-variant" value={current.map_or("", |v| v.name())} onchange={on_variant}>
                    { for Variant::ALL.iter().map(|v| html! { <option value={v.name()} selected={current == Some(*v)}>{v.name()}</option> }) }
                </Select>
            </label>
            { for fields(current).into_iter().map(field) }
            <button type="submit" data-testid="dl-apply">{"Apply"}</button>
            if let Some(e) = problems.get(Field::Rest) { <p class="field-error" role="alert" data-testid="field-error">{e.to_owned()}</p> }
        </form>
    }
}
