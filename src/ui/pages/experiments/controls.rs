//! The experiments page's controls: the sweep menu, the number of workers, Run, Cancel and
//! Copy link. Picking a sweep and running an edited spec change the address, which names what
//! runs.

use hetlab_core::sweep;
use yew::prelude::*;

use super::run::{SweepRun, MAX_WORKERS};
use crate::experiments::{names, Choice};
use crate::route::{Page, Route};
use crate::ui::components::select::Select;
use crate::ui::{dom, Nav};

/// The value of the sweep menu's entry for a spec edited here.
const EDITED: &str = "edited";

/// What the controls act on.
pub(super) struct Controls<'a> {
    pub(super) nav: &'a Nav,
    /// The sweep the address names.
    pub(super) choice: &'a Choice,
    /// The spec in the editor.
    pub(super) text: &'a UseStateHandle<String>,
    pub(super) workers: &'a UseStateHandle<usize>,
    pub(super) run: &'a SweepRun,
    /// The spec in the editor is right.
    pub(super) can_run: bool,
}

/// The controls' bar.
pub(super) fn controls(c: &Controls<'_>) -> Html {
    let (text, workers, choice, run) = (c.text, c.workers, c.choice, c.run);
    let go = {
        let nav = c.nav.clone();
        Callback::from(move |(c, push): (Choice, bool)| {
            let r = route_of(&c);
            if push {
                nav.push(r);
            } else {
                nav.replace(r);
            }
        })
    };
    let on_pick = {
        let go = go.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            if let Some(name) = names().into_iter().find(|n| *n == value) {
                go.emit((Choice::Builtin(name), true));
            }
        })
    };
    let on_run = {
        let (run, text, workers, choice, go) = (
            run.clone(),
            text.clone(),
            workers.clone(),
            choice.clone(),
            go.clone(),
        );
        Callback::from(move |_| {
            let Ok(s) = sweep::parse(&text) else { return };
            if *text != choice.text() {
                // The address names what runs: a link to it reruns this spec.
                go.emit((meant(&choice, &text), false));
            }
            run.start((*text).clone(), s, *workers);
        })
    };
    let on_cancel = {
        let run = run.clone();
        Callback::from(move |_| run.cancel())
    };
    let on_workers = {
        let workers = workers.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<web_sys::HtmlInputElement>();
            // The field shows the number the run will use (1 to MAX_WORKERS).
            let n = (input.value().trim().parse::<usize>())
                .map_or(*workers, |n| n.clamp(1, MAX_WORKERS));
            input.set_value(&n.to_string());
            workers.set(n);
        })
    };
    let on_link = {
        let (text, choice) = (text.clone(), choice.clone());
        Callback::from(move |_| {
            let r = route_of(&meant(&choice, &text));
            dom::copy(&format!("{}{}", dom::base_url(), r.to_hash()));
        })
    };
    let running = run.running();
    let picked = match choice {
        Choice::Builtin(n) if **text == choice.text() => *n,
        _ => EDITED,
    };
    let parsed_ok = c.can_run;
    html! {
        <div class="sweep-controls">
            <label>{"Sweep "}
                <Select value={picked} onchange={on_pick} testid="sweep-pick" disabled={running}>
                    { for names().into_iter().map(|n| html! { <option value={n} selected={n == picked}>{n}</option> }) }
                    <option value={EDITED} disabled=true selected={picked == EDITED}>{"(edited spec)"}</option>
                </Select>
            </label>
            <label>{"Workers "}
                <input type="number" min="1" max={MAX_WORKERS.to_string()} value={workers.to_string()}
                       onchange={on_workers} disabled={running} data-testid="sweep-workers" />
            </label>
            <button type="button" class="primary" onclick={on_run} disabled={running || !parsed_ok} data-testid="sweep-run">{"Run"}</button>
            <button type="button" onclick={on_cancel} disabled={!running} data-testid="sweep-cancel">{"Cancel"}</button>
            <button type="button" onclick={on_link} disabled={!parsed_ok} data-testid="sweep-link"
                    title="The link reruns this sweep (the spec, not its results)">{"Copy link"}</button>
        </div>
    }
}

/// The sweep the editor's `text` means: the address's `choice` while unchanged, else the text.
fn meant(choice: &Choice, text: &str) -> Choice {
    if text == choice.text() {
        choice.clone()
    } else {
        Choice::Custom(text.to_owned())
    }
}

/// The page's address for sweep `c`.
fn route_of(c: &Choice) -> Route {
    let mut r = Route::new(Page::Family("experiments".into()));
    c.write(&mut r.query);
    r
}
