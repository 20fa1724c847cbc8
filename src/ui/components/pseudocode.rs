//! The pseudocode pane of an algorithm page, with the line of the current step highlighted.

use yew::prelude::*;

/// The pseudocode pane: `lines`, with the line of the current step (`active`) highlighted.
pub fn pseudocode(lines: &'static [&'static str], active: Option<usize>) -> Html {
    html! {
        <>
            <h2>{"Pseudocode"}</h2>
            <ol class="pseudocode" data-testid="pseudocode" start="0">
                { for lines.iter().enumerate().map(|(k, line)| html! {
                    <li class={classes!((active == Some(k)).then_some("active"))}><code>{*line}</code></li>
                }) }
            </ol>
        </>
    }
}
