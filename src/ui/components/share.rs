//! The Share dialog: the URL that reopens exactly this view, and an iframe snippet for course
//! pages.

use wasm_bindgen::JsCast as _;
use yew::prelude::*;

use crate::ui::dom;

/// Props of [`ShareDialog`].
#[derive(Properties, PartialEq)]
pub struct ShareProps {
    /// The share URL (instance, algorithm, step).
    pub url: AttrValue,
    /// Title of the figure, for the iframe's accessible name.
    pub title: AttrValue,
    /// Close the dialog.
    pub on_close: Callback<()>,
}

/// Width of the suggested iframe.
pub const EMBED_WIDTH: u32 = 820;
/// Height of the suggested iframe with the player.
pub const EMBED_HEIGHT: u32 = 640;
/// Height without the player (`controls=0`).
pub const EMBED_HEIGHT_BARE: u32 = 560;

/// The iframe snippet for `url` in embed mode.
#[must_use]
pub fn embed_snippet(url: &str, title: &str, autoplay: bool, controls: bool) -> String {
    let mut src = format!("{url}&embed=1");
    if autoplay {
        src.push_str("&autoplay=1");
    }
    if !controls {
        src.push_str("&controls=0");
    }
    let title = crate::draw::svg::escape(title);
    // The embedded page fits its drawing to the frame's height (www/style.css), keeping room for
    // the caption and the player: these heights always show everything.
    let height = if controls {
        EMBED_HEIGHT
    } else {
        EMBED_HEIGHT_BARE
    };
    format!(
        r#"<iframe src="{src}" title="HetLab: {title}" width="{EMBED_WIDTH}" height="{height}" style="border:0" loading="lazy"></iframe>"#
    )
}

/// The dialog: modal, it takes the focus when it opens (the URL, selected), keeps Tab and
/// Shift+Tab inside, closes on Escape, and gives the focus back to what had it.
#[component]
pub fn ShareDialog(props: &ShareProps) -> Html {
    let autoplay = use_state(|| false);
    let controls = use_state(|| true);
    let dialog = use_node_ref();
    let snippet = embed_snippet(&props.url, &props.title, *autoplay, *controls);
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
                <textarea readonly=true rows="4" value={snippet.clone()} data-testid="embed-code" aria-label="Embed code" />
                <div class="row">
                    <button onclick={copy(snippet)}>{"Copy embed code"}</button>
                    <button class="primary" onclick={close} data-testid="share-close">{"Close"}</button>
                </div>
            </div>
        </div>
    }
}
