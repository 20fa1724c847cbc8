//! The editor's tables: every node's `w` and latency, every link's cost(s) and latencies, each
//! a field that commits on Enter or blur and shows its error beside itself.

use hetlab_core::platform::NodeId;
use hetlab_core::rational::{format_q, Cost};
use yew::prelude::*;

use super::state::EditorState;
use crate::editor::{parse_field, parse_latency, Edit, FieldRule, Selection};
use crate::ui::pages::add_link::AddLinkForm;

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

pub(super) fn node_table(editor: &UseReducerHandle<EditorState>) -> Html {
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
            <div class="table-scroll" tabindex="0" role="region" aria-label="Nodes (scrolls sideways when narrow)">
                <table class="edit" data-testid="node-table">
                    <thead><tr><th>{"id"}</th><th>{"w"}</th><th>{"master"}</th><th>{"lcalc"}</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
        </>
    }
}

pub(super) fn link_table(editor: &UseReducerHandle<EditorState>) -> Html {
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
            <div class="table-scroll" tabindex="0" role="region" aria-label="Links (scrolls sideways when narrow)">
                <table class="edit" data-testid="link-table">
                    <thead><tr><th>{"link"}</th><th>{"c"}</th><th>{"back"}</th><th>{"one-way"}</th><th>{"lcomm"}</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
        </>
    }
}
