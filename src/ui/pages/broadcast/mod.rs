//! The steady-state broadcast page (broadcast.md §8): the instance comes from the URL (`i=`, or
//! `preset=`, or the platform saved in the editor with its first node as source); the run is
//! derived from it (broadcast, multicast or the unidirectional model, by the instance), and the
//! player shows one step of it.

pub mod views;

use hetlab_core::broadcast::dispatch::{self, Run};
use hetlab_core::broadcast::PortModel;
use hetlab_core::instance::{Broadcast, Instance};
use hetlab_core::platform::NodeId;
use hetlab_core::presets;
use hetlab_core::share;
use yew::prelude::*;

use crate::draw;
use crate::ui::components::graph::Graph;
use crate::ui::components::player_bar::PlayerBar;
use crate::ui::dom::{self, AUTOSAVE_KEY};
use crate::ui::hooks::stepper::{
    self, algo_select, preset_select, share_button, share_dialog, use_player, use_shareable_url,
    PageQuery, Pseudocode,
};
use crate::ui::pages::broadcast::views::{step_view, StepView};
use crate::ui::use_nav;

const DEFAULT_PRESET: &str = "broadcast-e2";

fn pick(i: Instance) -> Option<Broadcast> {
    match i {
        Instance::Broadcast(b) => Some(b),
        _ => None,
    }
}

fn resolve(payload: Option<&str>, preset: Option<&str>) -> Result<Broadcast, String> {
    let default = || presets::get(DEFAULT_PRESET).and_then(pick);
    stepper::resolve(
        payload,
        preset,
        "broadcast",
        "Your saved platform",
        pick,
        default,
    )
}

/// The page.
#[component]
pub fn BroadcastPage() -> Html {
    let nav = use_nav();
    let PageQuery {
        payload,
        preset,
        algo,
        embed,
        controls,
    } = PageQuery::of(&nav.route, "lp");
    let resolved = use_memo((payload.clone(), preset.clone()), |(p, s)| {
        resolve(p.as_deref(), s.as_deref())
    });
    let run = use_memo((resolved.clone(), algo.clone()), |(r, algo)| {
        (**r).as_ref().ok().map(|inst| dispatch::run(inst, algo))
    });
    use_shareable_url(
        (*resolved).clone().ok().map(Instance::Broadcast),
        "lp",
        None,
    );
    let share_open = use_state(|| false);
    let len = match &*run {
        Some(Ok(r)) => r.len(),
        _ => 0,
    };
    let (player, on_action) = use_player(len);

    let inst = match &*resolved {
        Ok(i) => i,
        Err(message) => return error_view(message, embed),
    };
    let view = match &*run {
        Some(Ok(r)) => step_view(inst, &algo, r, &player, &on_action),
        Some(Err(message)) => StepView {
            figure: std::rc::Rc::new(draw::plain(&inst.platform)),
            caption: format!("No result: {message}."),
            line: None,
            pseudocode: &[],
            results: html! { <p class="muted" data-testid="throughput">{"No result: see the message under the figure."}</p> },
            below: Html::default(),
        },
        None => return error_view("Nothing to show.", embed),
    };
    let title = inst
        .platform
        .name
        .clone()
        .unwrap_or_else(|| "Platform".to_owned());
    let failed = matches!(&*run, Some(Err(_)));
    let figure_html = html! {
        <figure class="figure" data-testid="figure">
            <Graph figure={view.figure.clone()} title={title.clone()} />
            <figcaption data-testid="caption" class={classes!("caption", failed.then_some("warning"))} aria-live="polite">{view.caption.clone()}</figcaption>
        </figure>
    };
    let bar = controls
        .then(|| html! { <PlayerBar player={player.clone()} on_action={on_action.clone()} /> });
    if embed {
        return html! { <section class="broadcast-page embed" data-testid="broadcast-page">{figure_html}{for bar}</section> };
    }
    let run_ok = match &*run {
        Some(Ok(r)) => Some(r),
        _ => None,
    };
    html! {
        <section class="broadcast-page" data-testid="broadcast-page">
            <h1>{"Steady-state broadcast"}</h1>
            <p class="lead">{"One source streams messages to every node. Several spanning trees used at once, each with its share of the stream, can beat any single tree."}</p>
            { toolbar(&nav, &algo, inst, &view, &title, &share_open, run_ok) }
            <div class="layout">
                <div class="figure-col">{figure_html}{for bar}{view.below.clone()}</div>
                <aside class="side" aria-label="Algorithm and results">
                    { view.results.clone() }
                    <Pseudocode lines={view.pseudocode} active={view.line} />
                    <h2>{"Legend"}</h2>
                    <ul class="legend">
                        <li><span class="swatch source"></span>{"source"}</li>
                        <li><span class="swatch tree"></span>{"tree being built / chosen arcs (labels: residual capacity or usage)"}</li>
                        <li><span class="swatch cut"></span>{"arcs of a minimum cut; shaded nodes: its sink side or a tight set"}</li>
                    </ul>
                </aside>
            </div>
            { share_dialog(&share_open, &nav, &title) }
        </section>
    }
}

fn error_view(message: &str, embed: bool) -> Html {
    stepper::error_view(
        "broadcast-page",
        message,
        embed,
        html! { <><a href="#/broadcast?preset=broadcast-e2">{"Open the two-relay example"}</a>{" · "}<a href="#/platform">{"Go to the platform editor"}</a></> },
    )
}

/// The targets typed in the field: node ids separated by commas or spaces (none: broadcast).
fn parse_targets(inst: &Broadcast, text: &str) -> Result<Option<Vec<usize>>, String> {
    let words: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return Ok(None);
    }
    words
        .iter()
        .map(|w| {
            inst.platform
                .index_of(&NodeId::from_text(w))
                .ok_or_else(|| format!("There is no node \"{w}\"."))
        })
        .collect::<Result<Vec<_>, _>>()
        .and_then(|t| {
            let mut seen = Vec::new();
            for (k, &i) in t.iter().enumerate() {
                if seen.contains(&i) {
                    return Err(format!("Node \"{}\" is listed twice.", words[k]));
                }
                seen.push(i);
            }
            Ok(Some(seen))
        })
}

/// Pushes `inst` as the page's new instance (step 0, default algorithm when `reset`).
fn go(nav: &crate::ui::Nav, inst: &Broadcast, reset: bool) {
    let mut r = nav.route.clone();
    r.query
        .set("i", share::encode(&Instance::Broadcast(inst.clone())));
    r.query.set("step", "0");
    if reset {
        r.query.set("algo", "lp");
    }
    nav.push(r);
}

fn toolbar(
    nav: &crate::ui::Nav,
    algo: &str,
    inst: &Broadcast,
    view: &StepView,
    title: &str,
    share_open: &UseStateHandle<bool>,
    run: Option<&Run>,
) -> Html {
    let select = |e: &Event| -> String {
        let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
        s.value()
    };
    let on_source = {
        let (nav, inst) = (nav.clone(), inst.clone());
        Callback::from(move |e: Event| {
            if let Ok(k) = select(&e).parse::<usize>() {
                let mut b = inst.clone();
                b.source = k;
                go(&nav, &b, false);
            }
        })
    };
    let on_model = {
        let (nav, inst) = (nav.clone(), inst.clone());
        Callback::from(move |e: Event| {
            let mut b = inst.clone();
            b.port_model = if select(&e) == "unidirectional" {
                PortModel::Unidirectional
            } else {
                PortModel::Bidirectional
            };
            go(&nav, &b, true);
        })
    };
    let on_targets = {
        let (nav, inst) = (nav.clone(), inst.clone());
        Callback::from(move |e: Event| {
            let field: web_sys::HtmlInputElement = e.target_unchecked_into();
            match parse_targets(&inst, &field.value()) {
                Ok(targets) => {
                    field.set_custom_validity("");
                    let mut b = inst.clone();
                    b.targets = targets;
                    go(&nav, &b, true);
                }
                Err(msg) => {
                    field.set_custom_validity(&msg);
                    field.report_validity();
                }
            }
        })
    };
    let on_saved = {
        let nav = nav.clone();
        Callback::from(move |_: MouseEvent| {
            let saved = dom::load(AUTOSAVE_KEY).and_then(|t| Instance::from_json(&t).ok());
            match saved.as_ref().and_then(Instance::platform) {
                Some(p) if !p.nodes.is_empty() => go(&nav, &Broadcast::new(p.clone(), 0), true),
                _ => {
                    dom::alert("No platform is saved in this browser yet: draw one in the platform editor first.");
                }
            }
        })
    };
    let on_svg = {
        let (figure, title) = (view.figure.clone(), title.to_owned());
        Callback::from(move |_: MouseEvent| {
            dom::download(
                "hetlab-broadcast.svg",
                "image/svg+xml",
                &draw::to_svg_document(&figure, &title),
            );
        })
    };
    let on_json = run.map(|r| {
        let text = serde_json::to_string_pretty(&dispatch::result(inst, algo, r, false))
            .unwrap_or_default();
        Callback::from(move |_: MouseEvent| {
            dom::download("hetlab-broadcast-result.json", "application/json", &text);
        })
    });
    let ids: Vec<NodeId> = inst.platform.ids();
    html! {
        <div class="toolbar" data-testid="editor-panel">
            { algo_select(nav, &dispatch::algorithms(inst).iter().map(|n| (*n, (*n).to_owned())).collect::<Vec<_>>(), algo) }
            { preset_select(nav, "broadcast") }
            <label>{"Source "}
                <select data-testid="source" onchange={on_source}>
                    { for ids.iter().enumerate().map(|(k, id)| html! {
                        <option value={k.to_string()} selected={k == inst.source}>{id.to_string()}</option>
                    }) }
                </select>
            </label>
            <label>{"Port model "}
                <select data-testid="port-model" onchange={on_model}>
                    <option value="bidirectional" selected={inst.port_model == PortModel::Bidirectional}>{"bidirectional one-port"}</option>
                    <option value="unidirectional" selected={inst.port_model == PortModel::Unidirectional}>{"unidirectional one-port"}</option>
                </select>
            </label>
            <button onclick={on_saved} data-testid="use-saved" title="Broadcast from the first node of the platform saved in the editor">{"Use my platform"}</button>
            { share_button(share_open) }
            <button onclick={on_svg} data-testid="export-svg">{"Export SVG"}</button>
            if let Some(cb) = on_json { <button onclick={cb} data-testid="export-json">{"Export JSON"}</button> }
            <label title="Multicast: the nodes that must receive the messages, by id, separated by commas; empty for a broadcast to every node">{"Targets "}
                <input type="text" size="14" data-testid="targets" placeholder="all nodes" onchange={on_targets}
                       value={inst.targets.as_ref().map(|t| t.iter().map(|&k| ids[k].to_string()).collect::<Vec<_>>().join(", ")).unwrap_or_default()} />
            </label>
        </div>
    }
}
