//! The toolbar's Share button and the Share dialog: the URL that reopens exactly this view, and
//! an iframe snippet for course pages with every embed option of formats.md §5 (autoplay,
//! controls, start, end, speed; read and written by the pure [`crate::embed`]), and on a
//! family's page, a practice set on that family for the same course page.

use wasm_bindgen::JsCast as _;
use yew::prelude::*;

use hetlab_core::catalog::FAMILIES;
use hetlab_core::practice::Difficulty;

use crate::embed::{read_fields, snippet, EmbedOptions, FieldError};
use crate::practice::Set;
use crate::route::Page;
use crate::ui::{dom, Nav};

/// Questions in the practice set a family's Share dialog offers.
const PRACTICE_COUNT: usize = 10;

/// Props of [`ShareDialog`].
#[derive(Properties, PartialEq)]
pub struct ShareProps {
    /// The share URL (instance, algorithm, step).
    pub url: AttrValue,
    /// Title of the figure, for the iframe's accessible name.
    pub title: AttrValue,
    /// Close the dialog.
    pub on_close: Callback<()>,
    /// The family whose practice set is offered too (a family's page), if any.
    #[prop_or_default]
    pub practice: Option<&'static str>,
}

/// The dialog: modal, it takes the focus when it opens (the URL, selected), keeps Tab and
/// Shift+Tab inside, closes on Escape, and gives the focus back to what had it.
#[component]
pub fn ShareDialog(props: &ShareProps) -> Html {
    let autoplay = use_state(|| false);
    let controls = use_state(|| true);
    let start = use_state(String::new);
    let end = use_state(String::new);
    let speed = use_state(String::new);
    let dialog = use_node_ref();
    let seed = use_memo((), |()| dom::fresh_seed());
    // Fields that cannot be read are named next to themselves and left out of the snippet.
    let (options, errors) = match read_fields(*autoplay, *controls, &start, &end, &speed) {
        Ok(o) => (o, Vec::new()),
        Err(errors) => (
            EmbedOptions {
                autoplay: *autoplay,
                controls: *controls,
                ..EmbedOptions::default()
            },
            errors,
        ),
    };
    let snippet = snippet(&props.url, &props.title, &options);
    let field = |name: &'static str,
                 label: &'static str,
                 hint: &'static str,
                 state: &UseStateHandle<String>| {
        let on_input = {
            let state = state.clone();
            Callback::from(move |e: InputEvent| {
                if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                    state.set(input.value());
                }
            })
        };
        let error: Option<&FieldError> = errors.iter().find(|e| e.field == name);
        html! {
            <label class="embed-field">{label}
                <input type="text" inputmode="decimal" size="5" value={(**state).clone()} placeholder={hint}
                    oninput={on_input} data-testid={format!("embed-{name}")}
                    aria-invalid={error.is_some().to_string()} />
                if let Some(e) = error {
                    <span class="field-error" role="alert" data-testid={format!("embed-{name}-error")}>{e.message.clone()}</span>
                }
            </label>
        }
    };
    let copy = |text: String| Callback::from(move |_: MouseEvent| dom::copy(&text));
    let toggle = |state: &UseStateHandle<bool>| {
        let state = state.clone();
        Callback::from(move |_: Event| state.set(!*state))
    };
    let close = {
        let cb = props.on_close.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    {
        let dialog = dialog.clone();
        use_effect_with((), move |()| {
            let before = dom::focused();
            if let Some(first) = dom::focusable_in(&dialog).first() {
                let _ = first.focus();
                if let Some(input) = first.dyn_ref::<web_sys::HtmlInputElement>() {
                    input.select();
                }
            }
            move || {
                if let Some(e) = before {
                    let _ = e.focus();
                }
            }
        });
    }
    let on_key = {
        let (dialog, cb) = (dialog.clone(), props.on_close.clone());
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Escape" => {
                e.prevent_default();
                cb.emit(());
            }
            "Tab" => {
                let items = dom::focusable_in(&dialog);
                let (Some(first), Some(last)) = (items.first(), items.last()) else {
                    return;
                };
                let at = dom::focused();
                let wrap = if e.shift_key() {
                    (at.as_ref() == Some(first)).then_some(last)
                } else {
                    (at.as_ref() == Some(last)).then_some(first)
                };
                if let Some(target) = wrap {
                    e.prevent_default();
                    let _ = target.focus();
                }
            }
            _ => {}
        })
    };
    html! {
        <div class="dialog-backdrop">
            <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="share-title" data-testid="share-dialog" ref={dialog} onkeydown={on_key}>
                <h2 id="share-title">{"Share this view"}</h2>
                <p>{"This link reopens the same platform, algorithm and step."}</p>
                <div class="row">
                    <input readonly=true value={props.url.clone()} data-testid="share-url" aria-label="Share URL" />
                    <button onclick={copy(props.url.to_string())}>{"Copy link"}</button>
                </div>
                <h3>{"Embed in a course page"}</h3>
                <label><input type="checkbox" checked={*autoplay} onchange={toggle(&autoplay)} />{" play automatically"}</label>
                <label><input type="checkbox" checked={*controls} onchange={toggle(&controls)} />{" show the controls"}</label>
                <div class="row embed-fields">
                    { field("start", "first step ", "0", &start) }
                    { field("end", "last step ", "last", &end) }
                    { field("speed", "steps per second ", "2", &speed) }
                </div>
                <textarea readonly=true rows="4" value={snippet.clone()} data-testid="embed-code" aria-label="Embed code" />
                <div class="row">
                    <button onclick={copy(snippet)}>{"Copy embed code"}</button>
                </div>
                { props.practice.map_or_else(Html::default, |family| practice_section(family, *seed)) }
                <div class="row">
                    <button class="primary" onclick={close} data-testid="share-close">{"Close"}</button>
                </div>
            </div>
        </div>
    }
}

/// The dialog's practice section: the iframe snippet of a set of questions on `family`, the
/// same for every student (its seed is in the address).
fn practice_section(family: &'static str, seed: u64) -> Html {
    let set = Set {
        families: vec![family],
        difficulty: Difficulty::Small,
        seed,
        count: Some(PRACTICE_COUNT),
        name: None,
    };
    let (url, snippet) = set.course_links(&dom::base_url(), false);
    let copy = {
        let snippet = snippet.clone();
        Callback::from(move |_: MouseEvent| dom::copy(&snippet))
    };
    html! {
        <>
        <h3>{"Practice questions for a course page"}</h3>
        <p>{format!("{PRACTICE_COUNT} small questions on this family, checked by the solvers; every student gets the same ones (seed {seed}) and a completion code at the end. The ")}
            <a href={url} data-testid="share-practice-link">{"practice page"}</a>
            {" sets the number, difficulty and one variant per student."}</p>
        <textarea readonly=true rows="3" value={snippet} data-testid="share-practice-code" aria-label="Practice embed code" />
        <div class="row"><button onclick={copy}>{"Copy practice embed code"}</button></div>
        </>
    }
}

/// The toolbar's Share button, which opens the dialog of [`share_dialog`].
pub fn share_button(open: &UseStateHandle<bool>) -> Html {
    let onclick = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(true))
    };
    html! { <button {onclick} data-testid="share">{"Share"}</button> }
}

/// The Share dialog with the URL of what the page shows now, when open.
pub fn share_dialog(open: &UseStateHandle<bool>, nav: &Nav, title: &str) -> Html {
    if !**open {
        return Html::default();
    }
    let url = format!("{}{}", dom::base_url(), nav.route.to_hash());
    let on_close = {
        let open = open.clone();
        Callback::from(move |()| open.set(false))
    };
    let practice = match &nav.route.page {
        Page::Family(p) => FAMILIES.iter().find(|f| f.problem == p).map(|f| f.problem),
        _ => None,
    };
    html! { <ShareDialog {url} title={title.to_owned()} {on_close} {practice} /> }
}
