//! The Share dialog: the URL that reopens exactly this view, and an iframe snippet for course
//! pages.

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
    let title = title.replace('"', "&quot;");
    format!(
        r#"<iframe src="{src}" title="HetLab: {title}" width="820" height="640" style="border:0" loading="lazy"></iframe>"#
    )
}

/// The dialog.
#[component]
pub fn ShareDialog(props: &ShareProps) -> Html {
    let autoplay = use_state(|| false);
    let controls = use_state(|| true);
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
    html! {
        <div class="dialog-backdrop">
            <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="share-title" data-testid="share-dialog">
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
