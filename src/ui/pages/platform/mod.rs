//! The platform editor: draw, drag, link, edit `w` and `c` in tables, presets, generators,
//! JSON and SimGrid import/export, undo/redo, and autosave in localStorage (a reload loses nothing).

mod sources;
mod state;
mod tables;

use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use hetlab_core::families::Instance;
use hetlab_core::platform::{Platform, Point};
use hetlab_core::presets;
use hetlab_core::share;
use hetlab_core::steady_state::SteadyState;
use wasm_bindgen::JsCast as _;
use yew::prelude::*;

use crate::draw;
use crate::editor::{Edit, Editor, Selection};
use crate::route::{Page, Route};
use crate::ui::components::graph::Graph;
use crate::ui::components::simgrid_box::SimgridBox;
use crate::ui::dom::{self, AUTOSAVE_KEY};
use crate::ui::use_nav;
use sources::{sources, ImportBox};
use state::EditorState;
use tables::{link_table, node_table};

/// The saved platform, or a preset; the message says why the saved one was not used.
fn initial() -> (Platform, Option<String>) {
    let fallback = || {
        presets::get("example-1")
            .and_then(|i| i.platform().cloned())
            .unwrap_or_default()
    };
    match dom::load(AUTOSAVE_KEY) {
        None => (fallback(), None),
        Some(text) => match Instance::from_json(&text) {
            Ok(inst) => (inst.platform().cloned().unwrap_or_default(), None),
            Err(e) => (fallback(), Some(format!("The platform saved in this browser could not be read ({e}); it is kept until you edit this one."))),
        },
    }
}

/// The editor page.
#[component]
pub fn PlatformPage() -> Html {
    let nav = use_nav();
    let start = use_memo((), |()| initial());
    let editor = use_reducer(|| EditorState(Editor::new(start.0.clone())));
    let link_mode = use_state(|| false);
    let import_open = use_state(|| false);
    let e = &editor.0;

    use_autosave(&e.platform);
    use_edit_keys(editor.dispatcher());

    let figure = Rc::new(draw::plain(&e.platform));
    let events = use_graph_events(&editor, &link_mode);

    let issues = SteadyState::check_platform(&e.platform, "");
    let on_run = {
        let (nav, p) = (nav.clone(), e.platform.clone());
        Callback::from(move |_: MouseEvent| {
            let mut r = Route::new(Page::Family("steady-state".to_owned()));
            r.query.set(
                "i",
                share::encode(&Instance::SteadyState(SteadyState::new(p.clone()))),
            );
            r.query.set("algo", crate::editor::steady_algorithm(&p));
            r.query.set("step", "0");
            nav.push(r);
        })
    };

    html! {
        <section class="editor-page" data-testid="editor">
            <h1>{"Platform editor"}</h1>
            if let Some(m) = &start.1 { <p class="warning" role="alert">{m}</p> }
            <div class="layout">
                <div class="figure-col">
                    { tools(&editor, &link_mode, &import_open) }
                    <figure class="figure">
                        <Graph figure={figure} title={e.platform.name.clone().unwrap_or_else(|| "Platform".to_owned())}
                               editable=true selected={e.selected} link_from={e.link_from}
                               on_node={events.node} on_drag={events.drag} on_link={events.link}
                               on_background={events.background} on_nudge={events.nudge} />
                        <figcaption class="caption">
                            if *link_mode { {"Link mode: click two nodes to join them (cost 1; edit it in the table)."} }
                            else { {"Drag nodes to move them (or focus one with Tab and use the arrow keys); click a node or a link, or press Enter on it, to select it; Delete removes the selection."} }
                        </figcaption>
                    </figure>
                </div>
                <aside class="side" data-testid="editor-panel">
                    { sources(&editor) }
                    <SimgridBox platform={e.platform.clone()} on_load={{ let d = editor.dispatcher(); Callback::from(move |p| d.dispatch(Edit::Load(p))) }} />
                    if *import_open { <ImportBox on_load={{ let d = editor.dispatcher(); let open = import_open.clone(); Callback::from(move |p| { d.dispatch(Edit::Load(p)); open.set(false); }) }} /> }
                    <h2>{"Run"}</h2>
                    if issues.is_empty() {
                        <button class="primary" data-testid="run" onclick={on_run}>{"Run steady state ▶"}</button>
                    } else {
                        <ul class="issues" data-testid="platform-issues">{ for issues.iter().map(|i| html! { <li>{i.message.clone()}</li> }) }</ul>
                        <button class="primary" data-testid="run" disabled=true>{"Run steady state ▶"}</button>
                    }
                    { for e.platform.notes().into_iter().map(|n| html! { <p class="muted">{n}</p> }) }
                    { node_table(&editor) }
                    { link_table(&editor) }
                </aside>
            </div>
        </section>
    }
}

/// What the editable graph reports, as edits: a click selects (or, in link mode, picks an end
/// of the new link), a drag moves a node (one undo step per drag), a nudge moves it by the
/// arrow keys.
struct GraphEvents {
    node: Callback<usize>,
    drag: Callback<(usize, Point)>,
    link: Callback<usize>,
    background: Callback<()>,
    nudge: Callback<(usize, f64, f64)>,
}

#[hook]
fn use_graph_events(
    editor: &UseReducerHandle<EditorState>,
    link_mode: &UseStateHandle<bool>,
) -> GraphEvents {
    // Whether the current press has moved its node yet: the first move opens the undo step.
    let moved = use_mut_ref(|| false);
    let d = editor.dispatcher();
    let on_node = {
        let (d, link_mode, moved) = (d.clone(), link_mode.clone(), moved.clone());
        Callback::from(move |i: usize| {
            *moved.borrow_mut() = false;
            if *link_mode {
                d.dispatch(Edit::LinkClick(i));
            } else {
                d.dispatch(Edit::Select(Some(Selection::Node(i))));
            }
        })
    };
    let on_drag = {
        let (d, link_mode) = (d.clone(), link_mode.clone());
        Callback::from(move |(i, p): (usize, Point)| {
            if *link_mode {
                return;
            }
            if !std::mem::replace(&mut *moved.borrow_mut(), true) {
                d.dispatch(Edit::BeginMove);
            }
            d.dispatch(Edit::Move(i, p));
        })
    };
    let select = d.clone();
    let on_link = Callback::from(move |k: usize| {
        select.dispatch(Edit::Select(Some(Selection::Link(k))));
    });
    let deselect = d.clone();
    let on_background = Callback::from(move |()| deselect.dispatch(Edit::Select(None)));
    let on_nudge = Callback::from(move |(i, dx, dy)| d.dispatch(Edit::Nudge(i, dx, dy)));
    GraphEvents {
        node: on_node,
        drag: on_drag,
        link: on_link,
        background: on_background,
        nudge: on_nudge,
    }
}

/// Saves every change of `platform` after the first render (so that an unreadable save is never
/// overwritten before the user edits).
#[hook]
fn use_autosave(platform: &Platform) {
    let first = use_mut_ref(|| true);
    use_effect_with(platform.clone(), move |p| {
        if !std::mem::replace(&mut *first.borrow_mut(), false) {
            dom::save(
                AUTOSAVE_KEY,
                &Instance::SteadyState(SteadyState::new(p.clone())).to_json(),
            );
        }
    });
}

/// Delete removes the selection; Ctrl+Z / Ctrl+Y (or Ctrl+Shift+Z) undo and redo, unless the
/// focus is in a text field.
#[hook]
fn use_edit_keys(dispatch: UseReducerDispatcher<EditorState>) {
    use_effect_with((), move |()| {
        let l = EventListener::new_with_options(
            &gloo::utils::document(),
            "keydown",
            EventListenerOptions::enable_prevent_default(),
            move |ev| {
                let Some(k) = ev.dyn_ref::<web_sys::KeyboardEvent>() else {
                    return;
                };
                if dom::typing() {
                    return;
                }
                let ctrl = k.ctrl_key() || k.meta_key();
                match (k.key().as_str(), ctrl, k.shift_key()) {
                    ("Delete" | "Backspace", false, _) => dispatch.dispatch(Edit::DeleteSelected),
                    ("z" | "Z", true, false) => dispatch.dispatch(Edit::Undo),
                    ("y" | "Y", true, _) | ("z" | "Z", true, true) => dispatch.dispatch(Edit::Redo),
                    _ => return,
                }
                k.prevent_default();
            },
        );
        move || drop(l)
    });
}

fn tools(
    editor: &UseReducerHandle<EditorState>,
    link_mode: &UseStateHandle<bool>,
    import_open: &UseStateHandle<bool>,
) -> Html {
    let e = &editor.0;
    let act = |edit: Edit| {
        let d = editor.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(edit.clone()))
    };
    let toggle_link = {
        let m = link_mode.clone();
        Callback::from(move |_: MouseEvent| m.set(!*m))
    };
    let export = {
        let p = e.platform.clone();
        Callback::from(move |_: MouseEvent| {
            dom::download("platform.json", "application/json", &p.to_json(true));
        })
    };
    let toggle_import = {
        let o = import_open.clone();
        Callback::from(move |_: MouseEvent| o.set(!*o))
    };
    html! {
        <div class="toolbar" role="toolbar" aria-label="Edit the platform">
            <button data-testid="add-node" onclick={act(Edit::AddNode)}>{"+ Node"}</button>
            <button data-testid="link-mode" class={classes!((**link_mode).then_some("on"))} aria-pressed={link_mode.to_string()} onclick={toggle_link}>{"Link mode"}</button>
            <button data-testid="delete" disabled={e.selected.is_none()} onclick={act(Edit::DeleteSelected)}>{"Delete"}</button>
            <button data-testid="undo" disabled={!e.can_undo()} onclick={act(Edit::Undo)} title="Undo (Ctrl+Z)">{"Undo"}</button>
            <button data-testid="redo" disabled={!e.can_redo()} onclick={act(Edit::Redo)} title="Redo (Ctrl+Y)">{"Redo"}</button>
            <button data-testid="import-json" onclick={toggle_import}>{"Import JSON"}</button>
            <button data-testid="export-json" onclick={export}>{"Export JSON"}</button>
        </div>
    }
}
