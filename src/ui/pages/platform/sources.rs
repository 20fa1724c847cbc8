//! Where the editor's platform can come from besides drawing: a preset, a generator (shape,
//! size, seed), or pasted or chosen JSON.

use hetlab_core::families::Instance;
use hetlab_core::generate::{self, Shape};
use hetlab_core::platform::Platform;
use hetlab_core::presets;
use yew::prelude::*;

use super::state::EditorState;
use crate::editor::Edit;

pub(super) fn sources(editor: &UseReducerHandle<EditorState>) -> Html {
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
pub(super) struct LoadProps {
    pub(super) on_load: Callback<Platform>,
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
pub(super) fn ImportBox(props: &LoadProps) -> Html {
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
