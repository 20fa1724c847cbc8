//! The steady-state broadcast page (broadcast.md §8): the instance comes from the URL (`i=`, or
//! `preset=`, or the platform saved in the editor with its first node as source); the run is
//! derived from it (broadcast, multicast or the unidirectional model, by the instance), and the
//! player shows one step of it.

mod compare;
#[cfg(feature = "solve")]
mod compute;
mod explain;
pub mod views;

use hetlab_core::broadcast::extras::BroadcastExtras;
use hetlab_core::broadcast::family::BroadcastFamily;
use hetlab_core::broadcast::Broadcast;
use hetlab_core::broadcast::PortModel;
use hetlab_core::families::Instance;
use hetlab_core::platform::NodeId;
use hetlab_core::presets;
use yew::prelude::*;

use crate::ui::components::select::Select;

use crate::ui::dom::{self, AUTOSAVE_KEY};
use crate::ui::pages::family_page::{Ctx, FamilyPage, Shown};
use crate::ui::pages::graph_view;
use crate::ui::Nav;
use explain::go;
use views::step_view;

const DEFAULT_PRESET: &str = "broadcast-e2";

/// The broadcast page.
pub struct BroadcastPage;

impl FamilyPage for BroadcastPage {
    type F = BroadcastFamily;
    /// Both port models' optima (§8.2 U4); the comparison with single trees comes with the
    /// trace.
    type Extra = BroadcastExtras;
    const CLASS: &'static str = "broadcast-page";
    const TITLE: &'static str = "Steady-state broadcast";
    const LEAD: &'static str = "One source streams messages to every node. Several spanning trees used at once, each with its share of the stream, can beat any single tree.";
    const KEEPS: &'static str = "Your saved platform";

    fn fallback() -> Option<Broadcast> {
        presets::get(DEFAULT_PRESET).and_then(|i| match i {
            Instance::Broadcast(b) => Some(b),
            _ => None,
        })
    }

    fn view(ctx: &Ctx<'_, Self>) -> Shown {
        let inst = ctx.input;
        let view = step_view(inst, ctx.run, ctx.extra, ctx.player, ctx.on_action);
        let legend = html! {
            <>
                <h2>{"Legend"}</h2>
                <ul class="legend">
                    <li><span class="swatch source"></span>{"source"}</li>
                    <li><span class="swatch tree"></span>{"tree being built / chosen arcs (labels: residual capacity or usage)"}</li>
                    <li><span class="swatch cut"></span>{"arcs of a minimum cut; shaded nodes: its sink side or a tight set"}</li>
                </ul>
            </>
        };
        graph_view::shown(
            &inst.platform,
            view,
            legend,
            "hetlab-broadcast.svg".to_owned(),
        )
    }

    fn refused(input: &Broadcast) -> Html {
        graph_view::refused(&input.platform)
    }

    fn editor(nav: &Nav, inst: &Broadcast) -> Html {
        editor(nav, inst)
    }

    fn error_links() -> Html {
        html! { <><a href="#/broadcast?preset=broadcast-e2">{"Open the two-relay example"}</a>{" · "}<a href="#/platform">{"Go to the platform editor"}</a></> }
    }
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

/// The instance fields: source, port model, targets, and "Use my platform".
fn editor(nav: &Nav, inst: &Broadcast) -> Html {
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
    let ids: Vec<NodeId> = inst.platform.ids();
    html! {
        <>
            <label>{"Source "}
                <Select testid="source" value={inst.source.to_string()} onchange={on_source}>
                    { for ids.iter().enumerate().map(|(k, id)| html! {
                        <option value={k.to_string()} selected={k == inst.source}>{id.to_string()}</option>
                    }) }
                </Select>
            </label>
            <label>{"Port model "}
                <Select testid="port-model" value={if inst.port_model == PortModel::Bidirectional { "bidirectional" } else { "unidirectional" }} onchange={on_model}>
                    <option value="bidirectional" selected={inst.port_model == PortModel::Bidirectional}>{"bidirectional one-port"}</option>
                    <option value="unidirectional" selected={inst.port_model == PortModel::Unidirectional}>{"unidirectional one-port"}</option>
                </Select>
            </label>
            <button onclick={on_saved} data-testid="use-saved" title="Broadcast from the first node of the platform saved in the editor">{"Use my platform"}</button>
            <label title="Multicast: the nodes that must receive the messages, by id, separated by commas; empty for a broadcast to every node">{"Targets "}
                <input type="text" size="14" data-testid="targets" placeholder="all nodes" onchange={on_targets}
                       value={inst.targets.as_ref().map(|t| t.iter().map(|&k| ids[k].to_string()).collect::<Vec<_>>().join(", ")).unwrap_or_default()} />
            </label>
        </>
    }
}
