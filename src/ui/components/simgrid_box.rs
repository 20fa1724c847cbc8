//! The platform editor's SimGrid section: a SimGrid platform file in (file picker or drop),
//! read with the task size typed in the flops and bytes fields, and the current platform out
//! as SimGrid XML with the same sizes. A zone typed keeps only that zone's hosts (a platform
//! past HetLab's 500 nodes, one site at a time), a number of hosts only the first ones (a
//! cluster with no smaller zone, such as SimGrid's 65 536-host crossbar), and a platform too large to read in a drawing
//! waits for the user's go before it replaces the one being edited. The conversion is the core's
//! (`formats::simgrid`), run by the solver worker (a [`Job::SimgridImport`] or
//! [`Job::SimgridExport`]: the page binaries have no XML reader); this component only reads
//! files and shows messages.

use hetlab_core::formats::simgrid::{DEFAULT_BYTES, DEFAULT_FLOPS};
use hetlab_core::platform::Platform;
use yew::prelude::*;

use crate::ui::dom;
use crate::ui::worker::{self, Job, SimgridRead};

/// Props of [`SimgridBox`].
#[derive(Properties, PartialEq)]
pub struct SimgridProps {
    /// The platform being edited (for the export).
    pub platform: Platform,
    /// Called with an imported platform.
    pub on_load: Callback<Platform>,
}

/// What the last import said.
#[derive(Clone, PartialEq, Default)]
struct Outcome {
    notes: Vec<String>,
    errors: Vec<String>,
    /// A platform read but too large to read in a drawing: loaded only when the user says so.
    pending: Option<Platform>,
}

/// Past these, a drawing of the platform is a tangle (and a table of its links is long): the
/// import asks before it replaces the platform being edited.
const READABLE_NODES: usize = 50;
/// See [`READABLE_NODES`].
const READABLE_LINKS: usize = 400;

/// Whether `p` is too large to read in a drawing.
fn too_large(p: &Platform) -> bool {
    p.nodes.len() > READABLE_NODES || p.links.len() > READABLE_LINKS
}

/// The four fields typed in the section: the task's sizes and which hosts to keep.
#[derive(Clone)]
struct Fields {
    flops: UseStateHandle<String>,
    bytes: UseStateHandle<String>,
    zone: UseStateHandle<String>,
    first: UseStateHandle<String>,
}

/// The SimGrid import and export section.
#[component]
pub fn SimgridBox(props: &SimgridProps) -> Html {
    let fields = Fields {
        flops: use_state(|| DEFAULT_FLOPS.to_owned()),
        bytes: use_state(|| DEFAULT_BYTES.to_owned()),
        zone: use_state(String::new),
        first: use_state(String::new),
    };
    let outcome = use_state(Outcome::default);
    let import = use_import(fields.clone(), outcome.clone(), props.on_load.clone());
    let on_export = export(&fields, &outcome, &props.platform);
    let pending = (outcome.pending.as_ref()).map(|p| pending_view(p, &outcome, &props.on_load));
    let Fields {
        flops,
        bytes,
        zone,
        first,
    } = &fields;
    html! {
        <div class="simgrid" data-testid="simgrid">
            <h2>{"SimGrid"}</h2>
            <p class="muted">{"A task is "}{field(flops, "simgrid-flops", "flops ", "Work of one task: w = flops / speed (1Gf, 500Mf, 1e9)")}{" and "}{field(bytes, "simgrid-bytes", "bytes ", "Data of one message: c = bytes / bandwidth (1MB, 8Mb, 4KiB)")}{": w = flops / speed, c = bytes / bandwidth, lcomm = latency. "}{field(zone, "simgrid-zone", "Only zone ", "Import only the hosts of this zone or cluster (its id in the file); the others still carry the routes. For platforms of more than 500 hosts, such as Grid'5000's: a refusal lists the zones and their sizes.")}{" "}{field(first, "simgrid-first", "First hosts ", "Import only this many hosts (1 to 500), the first in the file (in the zone, when one is typed); the others still carry the routes. For a cluster too large with no smaller zone, such as SimGrid's 65 536-host crossbar.")}</p>
            <DropZone on_file={import} />
            <button data-testid="export-simgrid" onclick={on_export}>{"Export SimGrid XML"}</button>
            if !outcome.errors.is_empty() {
                <ul class="issues" role="alert" data-testid="simgrid-errors">{ for outcome.errors.iter().map(|m| html! { <li>{m}</li> }) }</ul>
            }
            { for pending }
            if !outcome.notes.is_empty() {
                <ul class="muted" data-testid="simgrid-notes">{ for outcome.notes.iter().map(|m| html! { <li>{m}</li> }) }</ul>
            }
        </div>
    }
}

/// A file's import with the fields typed when it is chosen: read, sent to the solver worker,
/// and loaded (or held back when too large to read in a drawing).
#[hook]
fn use_import(
    fields: Fields,
    outcome: UseStateHandle<Outcome>,
    on_load: Callback<Platform>,
) -> Callback<web_sys::File> {
    let reader = use_mut_ref(|| None::<gloo::file::callbacks::FileReader>);
    Callback::from(move |file: web_sys::File| {
        let (fields, outcome, cb) = (fields.clone(), outcome.clone(), on_load.clone());
        let name = file.name();
        let task = gloo::file::callbacks::read_as_text(&gloo::file::File::from(file), move |r| {
            let Ok(text) = r else {
                outcome.set(Outcome {
                    errors: vec![format!("{name}: the file could not be read as text")],
                    ..Outcome::default()
                });
                return;
            };
            let job = Job::SimgridImport {
                xml: text,
                flops: (*fields.flops).clone(),
                bytes: (*fields.bytes).clone(),
                zone: (*fields.zone).clone(),
                first: (*fields.first).clone(),
            };
            let _ = worker::ask(&job, move |read: Result<SimgridRead, String>| {
                let (mut said, platform) = imported(&name, read);
                match platform {
                    Some(p) if too_large(&p) => said.pending = Some(p),
                    Some(p) => cb.emit(p),
                    None => {}
                }
                outcome.set(said);
            });
        });
        *reader.borrow_mut() = Some(task);
    })
}

/// The export of `platform` with the sizes typed: a download, or the problems of the sizes.
fn export(
    fields: &Fields,
    outcome: &UseStateHandle<Outcome>,
    platform: &Platform,
) -> Callback<MouseEvent> {
    let (flops, bytes, outcome, p) = (
        fields.flops.clone(),
        fields.bytes.clone(),
        outcome.clone(),
        platform.clone(),
    );
    Callback::from(move |_: MouseEvent| {
        let job = Job::SimgridExport {
            platform: p.to_json(false),
            flops: (*flops).clone(),
            bytes: (*bytes).clone(),
        };
        let outcome = outcome.clone();
        let _ = worker::ask(
            &job,
            move |xml: Result<Result<String, Vec<String>>, String>| match xml
                .unwrap_or_else(|m| Err(vec![m]))
            {
                Ok(xml) => dom::download("platform.xml", "application/xml", &xml),
                Err(errors) => outcome.set(Outcome {
                    errors,
                    ..Outcome::default()
                }),
            },
        );
    })
}

/// A text field bound to `state`, with its label and its hint.
fn field(
    state: &UseStateHandle<String>,
    testid: &'static str,
    label: &'static str,
    hint: &'static str,
) -> Html {
    let s = state.clone();
    let oninput = Callback::from(move |ev: InputEvent| {
        s.set(
            ev.target_unchecked_into::<web_sys::HtmlInputElement>()
                .value(),
        );
    });
    html! { <label title={hint}>{label}<input class="short" data-testid={testid} value={(**state).clone()} {oninput} /></label> }
}

/// Props of [`DropZone`].
#[derive(Properties, PartialEq)]
struct DropProps {
    on_file: Callback<web_sys::File>,
}

/// The file picker, which a file can also be dropped on.
#[component]
fn DropZone(props: &DropProps) -> Html {
    let over = use_state(|| false);
    let on_change = {
        let import = props.on_file.clone();
        Callback::from(move |ev: Event| {
            let input: web_sys::HtmlInputElement = ev.target_unchecked_into();
            if let Some(f) = input.files().and_then(|f| f.get(0)) {
                import.emit(f);
            }
            // The same file chosen again (after editing the sizes) imports again.
            input.set_value("");
        })
    };
    let on_drop = {
        let (import, over) = (props.on_file.clone(), over.clone());
        Callback::from(move |ev: DragEvent| {
            ev.prevent_default();
            over.set(false);
            if let Some(f) = ev
                .data_transfer()
                .and_then(|d| d.files())
                .and_then(|f| f.get(0))
            {
                import.emit(f);
            }
        })
    };
    let on_over = {
        let over = over.clone();
        Callback::from(move |ev: DragEvent| {
            ev.prevent_default();
            over.set(true);
        })
    };
    let on_leave = {
        let over = over.clone();
        Callback::from(move |_: DragEvent| over.set(false))
    };
    html! {
        <div class={classes!("drop", (*over).then_some("over"))} data-testid="simgrid-drop" ondrop={on_drop} ondragover={on_over} ondragleave={on_leave}>
            <label>{"Platform XML (or drop it here) "}<input type="file" accept=".xml,application/xml,text/xml" data-testid="simgrid-file" onchange={on_change} /></label>
        </div>
    }
}

/// The warning before drawing platform `p`, too large to read in a drawing: draw it, or keep
/// the platform being edited.
fn pending_view(
    p: &Platform,
    outcome: &UseStateHandle<Outcome>,
    on_load: &Callback<Platform>,
) -> Html {
    let on_draw = {
        let (outcome, cb) = (outcome.clone(), on_load.clone());
        Callback::from(move |_: MouseEvent| {
            let mut said = (*outcome).clone();
            if let Some(p) = said.pending.take() {
                cb.emit(p);
            }
            outcome.set(said);
        })
    };
    let on_keep = {
        let outcome = outcome.clone();
        Callback::from(move |_: MouseEvent| {
            outcome.set(Outcome {
                notes: vec![
                    "The import is set aside: the platform being edited is unchanged.".to_owned(),
                ],
                ..Outcome::default()
            });
        })
    };
    html! {
        <div class="warning" role="alert" data-testid="simgrid-large">
            <p>{format!(
                "This platform has {} nodes and {} links: too many to read in a drawing (at most about {READABLE_NODES} nodes and {READABLE_LINKS} links), and the exact solvers may refuse it. Drawing it replaces the platform being edited.",
                p.nodes.len(),
                p.links.len()
            )}</p>
            <p class="muted">{"To work on a part of it, type a zone or cluster of the file in Only zone, or a number of hosts in First hosts, and import the file again."}</p>
            <button data-testid="simgrid-draw-anyway" onclick={on_draw}>{"Draw it anyway"}</button>
            {" "}
            <button data-testid="simgrid-keep" onclick={on_keep}>{"Keep the current platform"}</button>
        </div>
    }
}

/// What an import of file `name` says, and the platform it read.
fn imported(name: &str, read: Result<SimgridRead, String>) -> (Outcome, Option<Platform>) {
    let refused = |errors| {
        let said = Outcome {
            errors,
            ..Outcome::default()
        };
        (said, None)
    };
    match read {
        Err(m) => refused(vec![format!("{name}, {m}")]),
        Ok(SimgridRead::Sizes(errors)) => refused(errors),
        Ok(SimgridRead::Refused(errors)) => {
            refused(errors.iter().map(|i| format!("{name}, {i}")).collect())
        }
        Ok(SimgridRead::Read { platform, notes }) => match Platform::from_json(&platform) {
            Ok(platform) => {
                let mut all = vec![format!(
                    "{name}: {} nodes and {} links imported.",
                    platform.nodes.len(),
                    platform.links.len()
                )];
                all.extend(notes);
                let said = Outcome {
                    notes: all,
                    ..Outcome::default()
                };
                (said, Some(platform))
            }
            Err(e) => refused(vec![format!("{name}, {e}")]),
        },
    }
}
