//! The master–worker steady-state page: the instance comes from the URL (`i=`, or `preset=`,
//! or the autosaved platform), the trace is derived from it, and the player shows one step of it.
//! The step lives in the URL; scrubbing replaces the history entry, changing the instance or the
//! algorithm pushes a new one.

pub mod views;

use std::rc::Rc;

use hetlab_core::instance::{Instance, SteadyState};
use hetlab_core::presets;
use yew::prelude::*;

use crate::draw;
use crate::route::{Page, Route};
use crate::ui::components::graph::Graph;
use crate::ui::components::player_bar::PlayerBar;
use crate::ui::dom::{self, AUTOSAVE_KEY};
use crate::ui::hooks::stepper::{
    self, algo_select, preset_select, share_button, share_dialog, use_player, use_shareable_url,
    PageQuery, Pseudocode,
};
use crate::ui::pages::steady::views::{step_view, Run, StepView};
use crate::ui::use_nav;

/// Preset used when nothing else is given and nothing is saved.
const DEFAULT_PRESET: &str = "star-example-2";

/// Where the instance came from and what the algorithm made of it.
struct Model {
    inst: SteadyState,
    run: Result<Run, String>,
}

/// The instance named by the URL, or the message to show instead.
fn pick(i: Instance) -> Option<SteadyState> {
    match i {
        Instance::SteadyState(s) => Some(s),
        _ => None,
    }
}

/// The instance named by the URL, or the message to show instead.
fn resolve(payload: Option<&str>, preset: Option<&str>) -> Result<SteadyState, String> {
    let saved = || {
        let saved = dom::load(AUTOSAVE_KEY).and_then(|text| SteadyState::from_json(&text).ok());
        Some(
            saved
                .or_else(|| presets::steady_state(DEFAULT_PRESET))
                .unwrap_or_else(|| SteadyState::new(hetlab_core::platform::Platform::default())),
        )
    };
    stepper::resolve(
        payload,
        preset,
        "steady-state",
        "Your saved platform",
        pick,
        saved,
    )
}

fn run(inst: SteadyState, algo: &str) -> Model {
    let run = Run::new(&inst, algo);
    Model { inst, run }
}

/// The page.
#[component]
pub fn SteadyPage() -> Html {
    let nav = use_nav();
    let PageQuery {
        payload,
        preset,
        algo,
        embed,
        controls,
    } = PageQuery::of(&nav.route, "lp");
    let resolved = use_memo((payload.clone(), preset.clone()), |(payload, preset)| {
        resolve(payload.as_deref(), preset.as_deref())
    });
    let model = use_memo((resolved.clone(), algo.clone()), |(resolved, algo)| {
        (**resolved).clone().map(|inst| run(inst, algo))
    });

    // Fill the URL in: a preset name or the saved platform becomes an `i=` payload, so that the
    // address bar can always be shared as it is.
    use_shareable_url(
        (*resolved).clone().ok().map(Instance::SteadyState),
        "lp",
        None,
    );

    let share_open = use_state(|| false);
    let len = match &*model {
        Ok(Model { run: Ok(r), .. }) => r.len(),
        _ => 0,
    };
    let (player, on_action) = use_player(len);

    let model = match &*model {
        Err(message) => return error_view(message, embed),
        Ok(m) => m,
    };
    let title = model
        .inst
        .platform
        .name
        .clone()
        .unwrap_or_else(|| "Platform".to_owned());
    let view = match &model.run {
        Ok(r) => step_view(&model.inst, r, &player, &on_action),
        Err(message) => StepView {
            figure: Rc::new(draw::plain(&model.inst.platform)),
            caption: message.clone(),
            line: None,
            pseudocode: &[],
            results: html! { <p class="muted" data-testid="throughput">{"No result: see the message under the figure."}</p> },
            below: Html::default(),
        },
    };
    let figure = view.figure.clone();
    let active_line = view.line;
    let caption = view.caption.clone();
    let figure_html = html! {
        <figure class="figure" data-testid="figure">
            <Graph figure={figure.clone()} title={title.clone()} />
            <figcaption data-testid="caption" class={classes!("caption", model.run.is_err().then_some("warning"))} aria-live="polite">{caption}</figcaption>
        </figure>
    };
    let bar = controls
        .then(|| html! { <PlayerBar player={player.clone()} on_action={on_action.clone()} /> });
    if embed {
        return html! { <section class="steady-page embed" data-testid="steady-page">{figure_html}{for bar}</section> };
    }

    let toolbar = toolbar(
        &nav,
        &algo,
        model,
        &figure,
        &title,
        &share_open,
        player.step,
    );
    html! {
        <section class="steady-page" data-testid="steady-page">
            <h1>{"Master–worker steady state"}</h1>
            {toolbar}
            <div class="layout">
                <div class="figure-col">{figure_html}{for bar}{view.below}</div>
                <aside class="side" aria-label="Algorithm and results">
                    { view.results }
                    <Pseudocode lines={view.pseudocode} active={active_line} />
                    <h2>{"Legend"}</h2>
                    <ul class="legend">
                        <li><span class="swatch saturated"></span>{"computes all the time"}</li>
                        <li><span class="swatch partial"></span>{"computes part of the time / partially fed child"}</li>
                        <li><span class="swatch idle"></span>{"idle"}</li>
                        <li><span class="swatch full"></span>{"child fed at full capacity"}</li>
                        <li><span class="swatch focus"></span>{"node being processed"}</li>
                    </ul>
                </aside>
            </div>
            { share_dialog(&share_open, &nav, &title) }
        </section>
    }
}

fn error_view(message: &str, embed: bool) -> Html {
    stepper::error_view(
        "steady-page",
        message,
        embed,
        html! { <><a href="#/steady-state">{"Open your saved platform"}</a>{" · "}<a href="#/platform">{"Go to the platform editor"}</a></> },
    )
}

fn toolbar(
    nav: &crate::ui::Nav,
    algo: &str,
    model: &Model,
    figure: &Rc<draw::Figure>,
    title: &str,
    share_open: &UseStateHandle<bool>,
    step: usize,
) -> Html {
    let on_edit = {
        let (nav, inst) = (nav.clone(), model.inst.clone());
        Callback::from(move |_: MouseEvent| {
            let json = Instance::SteadyState(inst.clone()).to_json();
            let saved = dom::load(AUTOSAVE_KEY).and_then(|t| Instance::from_json(&t).ok());
            let same = saved.as_ref() == Some(&Instance::SteadyState(inst.clone()));
            if same || dom::confirm(
                "Open this platform in the editor? It replaces the platform saved in this browser.",
            ) {
                dom::save(AUTOSAVE_KEY, &json);
                nav.push(Route::new(Page::Platform));
            }
        })
    };
    let on_svg = {
        let (figure, title) = (figure.clone(), title.to_owned());
        Callback::from(move |_: MouseEvent| {
            dom::download(
                &format!("hetlab-steady-state-step-{step}.svg"),
                "image/svg+xml",
                &draw::to_svg_document(&figure, &title),
            );
        })
    };
    let on_json = match &model.run {
        Ok(t) => {
            let text =
                serde_json::to_string_pretty(&t.result_json(&model.inst)).unwrap_or_default();
            Some(Callback::from(move |_: MouseEvent| {
                dom::download("hetlab-steady-state-result.json", "application/json", &text);
            }))
        }
        Err(_) => None,
    };
    html! {
        <div class="toolbar" data-testid="editor-panel">
            { algo_select(nav, &[("lp", "lp: linear program, routes, periodic schedule".to_owned()), ("tree", "tree: bandwidth-centric closed form (trees and stars)".to_owned())], algo) }
            { preset_select(nav, "steady-state") }
            <button onclick={on_edit} data-testid="edit-platform">{"Edit platform"}</button>
            { share_button(share_open) }
            <button onclick={on_svg} data-testid="export-svg">{"Export SVG"}</button>
            if let Some(cb) = on_json { <button onclick={cb} data-testid="export-json">{"Export JSON"}</button> }
        </div>
    }
}
