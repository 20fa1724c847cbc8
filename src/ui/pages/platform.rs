//! The platform editor: draw, drag, link, edit `w` and `c` in tables, presets, generators,
//! JSON and SimGrid import/export, undo/redo, and autosave in localStorage (a reload loses nothing).

use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use hetlab_core::generate::{self, Shape};
use hetlab_core::instance::{Instance, SteadyState};
use hetlab_core::platform::{NodeId, Platform, Point};
use hetlab_core::presets;
use hetlab_core::rational::{format_q, Cost};
use hetlab_core::share;
use wasm_bindgen::JsCast as _;
use yew::prelude::*;

use crate::draw;
use crate::editor::{parse_field, parse_latency, Edit, Editor, FieldRule, Selection};
use crate::route::{Page, Route};
use crate::ui::components::graph::Graph;
use crate::ui::components::simgrid_box::SimgridBox;
use crate::ui::dom::{self, AUTOSAVE_KEY};
use crate::ui::pages::add_link::AddLinkForm;
use crate::ui::use_nav;

/// The reducer's state: the pure [`Editor`].
#[derive(PartialEq)]
struct EditorState(Editor);

impl Reducible for EditorState {
    type Action = Edit;
    fn reduce(self: Rc<Self>, action: Edit) -> Rc<Self> {
        Rc::new(EditorState(self.0.apply(action)))
    }
}

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
    let moved = use_mut_ref(|| false);
    let e = &editor.0;

    {
        // Autosave every change after the first render (so an unreadable save is never
        // overwritten before the user edits).
        let first = use_mut_ref(|| true);
        use_effect_with(e.platform.clone(), move |p| {
            if !std::mem::replace(&mut *first.borrow_mut(), false) {
                dom::save(
                    AUTOSAVE_KEY,
                    &Instance::SteadyState(SteadyState::new(p.clone())).to_json(),
                );
            }
        });
    }
    {
        // Delete removes the selection; Ctrl+Z / Ctrl+Y undo and redo.
        let dispatch = editor.dispatcher();
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
                        ("Delete" | "Backspace", false, _) => {
                            dispatch.dispatch(Edit::DeleteSelected);
                        }
                        ("z" | "Z", true, false) => dispatch.dispatch(Edit::Undo),
                        ("y" | "Y", true, _) | ("z" | "Z", true, true) => {
                            dispatch.dispatch(Edit::Redo);
                        }
                        _ => return,
                    }
                    k.prevent_default();
                },
            );
            move || drop(l)
        });
    }

    let figure = Rc::new(draw::plain(&e.platform));
    let on_node = {
        let (d, link_mode, moved) = (editor.dispatcher(), link_mode.clone(), moved.clone());
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
        let (d, link_mode, moved) = (editor.dispatcher(), link_mode.clone(), moved.clone());
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
    let on_link = {
        let d = editor.dispatcher();
        Callback::from(move |k: usize| d.dispatch(Edit::Select(Some(Selection::Link(k)))))
    };
    let on_bg = {
        let d = editor.dispatcher();
        Callback::from(move |()| d.dispatch(Edit::Select(None)))
    };
    let on_nudge = {
        let d = editor.dispatcher();
        Callback::from(move |(i, dx, dy)| d.dispatch(Edit::Nudge(i, dx, dy)))
    };

    let issues = SteadyState::check_platform(&e.platform, "");
    let on_run = {
        let (nav, p) = (nav.clone(), e.platform.clone());
        Callback::from(move |_: MouseEvent| {
            let mut r = Route::new(Page::Family("steady-state".to_owned()));
            r.query.set(
                "i",
                share::encode(&Instance::SteadyState(SteadyState::new(p.clone()))),
            );
            r.query.set("algo", "tree");
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
                               {on_node} {on_drag} {on_link} on_background={on_bg} {on_nudge} />
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

fn sources(editor: &UseReducerHandle<EditorState>) -> Html {
    let on_preset = {
        let d = editor.dispatcher();
        Callback::from(move |ev: Event| {
            let s: web_sys::HtmlSelectElement = ev.target_unchecked_into();
            if let Some(p) = presets::get(&s.value()).and_then(|i| i.platform().cloned()) {
                d.dispatch(Edit::Load(p));
            }
        })
    };
    html! {
        <>
            <h2>{"Start from"}</h2>
            <label>{"Preset "}
                <select data-testid="preset" onchange={on_preset}>
                    <option value="" selected=true disabled=true>{"choose…"}</option>
                    { for presets::with_platform().map(|p| html! { <option value={p.name}>{p.title}</option> }) }
                </select>
            </label>
            <Generator on_load={{ let d = editor.dispatcher(); Callback::from(move |p| d.dispatch(Edit::Load(p))) }} />
        </>
    }
}

/// Props of the generator and import boxes.
#[derive(Properties, PartialEq)]
struct LoadProps {
    on_load: Callback<Platform>,
}

#[component]
fn Generator(props: &LoadProps) -> Html {
    let shape = use_state(|| "random".to_owned());
    let size = use_state(|| "10".to_owned());
    let seed = use_state(|| "1".to_owned());
    let error = use_state(|| None::<String>);
    let text_input = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |ev: InputEvent| {
            state.set(
                ev.target_unchecked_into::<web_sys::HtmlInputElement>()
                    .value(),
            );
        })
    };
    let on_shape = {
        let s = shape.clone();
        Callback::from(move |ev: Event| {
            s.set(
                ev.target_unchecked_into::<web_sys::HtmlSelectElement>()
                    .value(),
            );
        })
    };
    let apply = {
        let (shape, size, seed, error, cb) = (
            shape.clone(),
            size.clone(),
            seed.clone(),
            error.clone(),
            props.on_load.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let n = size
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=generate::MAX_SIZE).contains(n));
            let s = seed.trim().parse::<u64>().ok();
            match (Shape::from_name(&shape), n, s) {
                (Some(shape), Some(n), Some(s)) => {
                    error.set(None);
                    cb.emit(generate::platform(shape, n, s));
                }
                (_, None, _) => error.set(Some(format!(
                    "size: a whole number from 1 to {}",
                    generate::MAX_SIZE
                ))),
                _ => error.set(Some("seed: a whole number ≥ 0".to_owned())),
            }
        })
    };
    html! {
        <div class="generator">
            <label>{"Generate "}
                <select data-testid="gen-shape" onchange={on_shape} aria-label="Shape">
                    { for Shape::ALL.iter().map(|s| html! { <option value={s.name()} selected={*shape == s.name()}>{s.name()}</option> }) }
                </select>
            </label>
            <label>{"nodes "}<input data-testid="gen-size" class="short" value={(*size).clone()} oninput={text_input(&size)} /></label>
            <label>{"seed "}<input data-testid="gen-seed" class="short" value={(*seed).clone()} oninput={text_input(&seed)} /></label>
            <button data-testid="gen-apply" onclick={apply}>{"Generate"}</button>
            if let Some(m) = &*error { <p class="field-error" data-testid="field-error">{m}</p> }
        </div>
    }
}

#[component]
fn ImportBox(props: &LoadProps) -> Html {
    let text = use_state(String::new);
    let errors = use_state(Vec::<String>::new);
    let on_input = {
        let t = text.clone();
        Callback::from(move |ev: InputEvent| {
            t.set(
                ev.target_unchecked_into::<web_sys::HtmlTextAreaElement>()
                    .value(),
            );
        })
    };
    let on_file = {
        let t = text.clone();
        let reader = use_mut_ref(|| None::<gloo::file::callbacks::FileReader>);
        Callback::from(move |ev: Event| {
            let input: web_sys::HtmlInputElement = ev.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            let t = t.clone();
            let task =
                gloo::file::callbacks::read_as_text(&gloo::file::File::from(file), move |r| {
                    if let Ok(s) = r {
                        t.set(s);
                    }
                });
            *reader.borrow_mut() = Some(task);
        })
    };
    let load = {
        let (text, errors, cb) = (text.clone(), errors.clone(), props.on_load.clone());
        Callback::from(move |_: MouseEvent| {
            // An instance holding a platform, or a bare platform.
            let parsed = Instance::from_json(&text)
                .map(|i| i.platform().cloned().unwrap_or_default())
                .or_else(|e1| {
                    Platform::from_json(&text).map_err(|e2| {
                        if text.contains("\"problem\"") {
                            e1
                        } else {
                            e2
                        }
                    })
                });
            match parsed {
                Ok(p) => {
                    errors.set(Vec::new());
                    cb.emit(p);
                }
                Err(issues) => errors.set(issues.0.iter().map(ToString::to_string).collect()),
            }
        })
    };
    html! {
        <div class="import" data-testid="import-box">
            <h2>{"Import JSON"}</h2>
            <p class="muted">{"Paste a platform or a steady-state instance, or choose a file. Your current platform stays until the import succeeds (and Undo brings it back)."}</p>
            <input type="file" accept=".json,application/json" onchange={on_file} aria-label="JSON file" />
            <textarea rows="8" value={(*text).clone()} oninput={on_input} data-testid="import-text" aria-label="JSON text" />
            <button class="primary" onclick={load} data-testid="import-load">{"Load"}</button>
            if !errors.is_empty() {
                <ul class="issues" data-testid="import-errors">{ for errors.iter().map(|m| html! { <li>{m}</li> }) }</ul>
            }
        </div>
    }
}

/// Props of [`Field`].
#[derive(Properties, PartialEq)]
struct FieldProps {
    value: String,
    testid: String,
    label: String,
    on_commit: Callback<String>,
    /// Checks the text; the error is shown beside the field.
    check: Callback<String, Result<(), String>>,
}

/// A text field that commits on Enter or blur and shows its error beside itself.
#[component]
fn Field(props: &FieldProps) -> Html {
    let draft = use_state(|| None::<(String, String)>);
    let onchange = {
        let (draft, commit, check) = (draft.clone(), props.on_commit.clone(), props.check.clone());
        Callback::from(move |ev: Event| {
            let text = ev
                .target_unchecked_into::<web_sys::HtmlInputElement>()
                .value();
            match check.emit(text.clone()) {
                Ok(()) => {
                    draft.set(None);
                    commit.emit(text);
                }
                Err(m) => draft.set(Some((text, m))),
            }
        })
    };
    let (value, error) = match &*draft {
        Some((t, m)) => (t.clone(), Some(m.clone())),
        None => (props.value.clone(), None),
    };
    html! {
        <span class="field">
            <input value={value} data-testid={props.testid.clone()} aria-label={props.label.clone()} {onchange}
                   aria-invalid={error.is_some().to_string()} class={classes!(error.is_some().then_some("invalid"))} />
            if let Some(m) = error { <span class="field-error" data-testid="field-error" role="alert">{m}</span> }
        </span>
    }
}

fn latency_check() -> Callback<String, Result<(), String>> {
    Callback::from(|t: String| parse_latency(&t).map(|_| ()))
}

fn cost_check() -> Callback<String, Result<(), String>> {
    Callback::from(|t: String| parse_field(&t, FieldRule::Cost).map(|_| ()))
}

fn node_table(editor: &UseReducerHandle<EditorState>) -> Html {
    let p = &editor.0.platform;
    let rows = p.nodes.iter().enumerate().map(|(i, v)| {
        let d = editor.dispatcher();
        let on_w = Callback::from(move |t: String| {
            if let Ok(w) = parse_field(&t, FieldRule::Cost) {
                d.dispatch(Edit::SetW(i, w));
            }
        });
        let d = editor.dispatcher();
        let on_id = Callback::from(move |t: String| d.dispatch(Edit::SetId(i, NodeId::from_text(&t))));
        let ids: Vec<NodeId> = p.ids();
        let id_check = Callback::from(move |t: String| {
            let id = NodeId::from_text(&t);
            if t.trim().is_empty() {
                Err("an id is required".to_owned())
            } else if ids.iter().enumerate().any(|(j, x)| *x == id && j != i) {
                Err(format!("id \"{id}\" is taken"))
            } else {
                Ok(())
            }
        });
        let d = editor.dispatcher();
        let on_master = Callback::from(move |_: Event| d.dispatch(Edit::ToggleMaster(i)));
        let d = editor.dispatcher();
        let on_lcalc = Callback::from(move |t: String| {
            if let Ok(v) = parse_latency(&t) {
                d.dispatch(Edit::SetLcalc(i, v));
            }
        });
        let selected = editor.0.selected == Some(Selection::Node(i));
        html! {
            <tr class={classes!(selected.then_some("selected"))} key={i}>
                <td><Field value={v.id.to_string()} testid={format!("id-{}", v.id)} label={format!("id of node {}", v.id)} on_commit={on_id} check={id_check} /></td>
                <td><Field value={v.w.as_ref().map(Cost::to_text).unwrap_or_default()} testid={format!("w-{}", v.id)} label={format!("w of node {}", v.id)} on_commit={on_w} check={cost_check()} /></td>
                <td><input type="checkbox" checked={v.master} onchange={on_master} aria-label={format!("node {} is a master", v.id)} /></td>
                <td><Field value={v.lcalc.as_ref().map(format_q).unwrap_or_default()} testid={format!("lcalc-{}", v.id)} label={format!("start-up latency of node {} (empty: none)", v.id)} on_commit={on_lcalc} check={latency_check()} /></td>
            </tr>
        }
    });
    html! {
        <>
            <h2>{"Nodes"}</h2>
            <p class="muted">{"w: time to compute one task (inf: the node only forwards); lcalc: start-up latency of a batch of computations (optional)."}</p>
            <table class="edit" data-testid="node-table">
                <thead><tr><th>{"id"}</th><th>{"w"}</th><th>{"master"}</th><th>{"lcalc"}</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        </>
    }
}

fn link_table(editor: &UseReducerHandle<EditorState>) -> Html {
    let p = &editor.0.platform;
    let rows = p.links.iter().enumerate().map(|(k, l)| {
        let d = editor.dispatcher();
        let on_c = Callback::from(move |t: String| {
            if let Ok(c) = parse_field(&t, FieldRule::Cost) {
                d.dispatch(Edit::SetC(k, c));
            }
        });
        let d = editor.dispatcher();
        let on_back = Callback::from(move |t: String| {
            let c = if t.trim().is_empty() { None } else { parse_field(&t, FieldRule::Cost).ok() };
            d.dispatch(Edit::SetCBack(k, c));
        });
        let back_check = Callback::from(|t: String| if t.trim().is_empty() { Ok(()) } else { parse_field(&t, FieldRule::Cost).map(|_| ()) });
        let d = editor.dispatcher();
        let on_dir = Callback::from(move |_: Event| d.dispatch(Edit::ToggleDirected(k)));
        let d = editor.dispatcher();
        let on_lcomm = Callback::from(move |t: String| {
            if let Ok(v) = parse_latency(&t) {
                d.dispatch(Edit::SetLcomm(k, v));
            }
        });
        let (a, b) = (&p.nodes[l.from].id, &p.nodes[l.to].id);
        let selected = editor.0.selected == Some(Selection::Link(k));
        html! {
            <tr class={classes!(selected.then_some("selected"))} key={k}>
                <td>{format!("{a} – {b}")}</td>
                <td><Field value={l.c.to_text()} testid={format!("c-{k}")} label={format!("cost {a} to {b}")} on_commit={on_c} check={cost_check()} /></td>
                <td>
                    if !l.directed {
                        <Field value={l.c_back.as_ref().map(Cost::to_text).unwrap_or_default()} testid={format!("cback-{k}")} label={format!("cost {b} to {a} (empty: same)")} on_commit={on_back} check={back_check} />
                    }
                </td>
                <td><input type="checkbox" checked={l.directed} onchange={on_dir} aria-label={format!("link {a}–{b} is one-way")} /></td>
                <td><Field value={l.lcomm.as_ref().map(format_q).unwrap_or_default()} testid={format!("lcomm-{k}")} label={format!("start-up latency of link {a}–{b} (empty: none)")} on_commit={on_lcomm} check={latency_check()} /></td>
            </tr>
        }
    });
    html! {
        <>
            <h2>{"Links"}</h2>
            <p class="muted">{"c: time to send one task; back: the other way when it differs (empty: same); lcomm: start-up latency of a message (optional)."}</p>
            <AddLinkForm platform={p.clone()} on_add={{ let d = editor.dispatcher(); Callback::from(move |(a, b, c)| d.dispatch(Edit::AddLink(a, b, c))) }} />
            <table class="edit" data-testid="link-table">
                <thead><tr><th>{"link"}</th><th>{"c"}</th><th>{"back"}</th><th>{"one-way"}</th><th>{"lcomm"}</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        </>
    }
}
