//! The lesson being written in this browser (`#/lesson?edit=1`): kept in `localStorage` as a
//! lesson file, grown by "Add to lesson" on any family page ([`AddToLesson`]), edited here
//! (title, author, each slide's title and text, order), previewed, exported as a file or a
//! link, or replaced by an imported file.

use hetlab_core::lesson::{self, Lesson, Slide};
use hetlab_core::share;
use yew::prelude::*;

use crate::lesson::slide_of;
use crate::ui::dom;

/// A change to the lesson being written.
type Edit = Box<dyn Fn(&mut Lesson)>;

/// The `localStorage` key of the lesson being written.
const DRAFT: &str = "hetlab.lesson.draft";

/// Width of the lesson's iframe snippet.
const EMBED_WIDTH: u32 = 960;
/// Its height: the strip, the slide and its view, Previous and Next.
const EMBED_HEIGHT: u32 = 640;

/// The lesson being written (an empty one when there is none, or when what is kept does not
/// read: the editor then starts afresh rather than stopping).
fn draft() -> Lesson {
    dom::load(DRAFT)
        .and_then(|t| lesson::parse(&t).ok())
        .unwrap_or_else(|| Lesson {
            title: "My lesson".into(),
            author: None,
            slides: Vec::new(),
        })
}

/// Keeps `l` as the lesson being written (a lesson without slides is not kept).
fn keep(l: &Lesson) {
    if l.slides.is_empty() {
        dom::forget(DRAFT);
    } else {
        let _ = dom::save(DRAFT, &lesson::write(l));
    }
}

/// "Add to lesson" on a family page: appends the view the address shows as a slide.
#[component]
pub fn AddToLesson() -> Html {
    let said = use_state(|| None::<String>);
    let onclick = {
        let said = said.clone();
        Callback::from(move |_| {
            // The address as it is now (the player writes its step there as it goes).
            let route = crate::route::Route::parse(&dom::hash());
            let Some(slide) = slide_of(&route) else {
                said.set(Some("This view has no instance to keep yet.".into()));
                return;
            };
            let mut l = draft();
            if l.slides.len() >= lesson::MAX_SLIDES {
                said.set(Some(format!(
                    "The lesson has {} slides already, the most it holds.",
                    lesson::MAX_SLIDES
                )));
                return;
            }
            l.slides.push(slide);
            keep(&l);
            said.set(Some(format!("Added as slide {}.", l.slides.len())));
        })
    };
    html! {
        <span class="add-to-lesson">
            <button type="button" class="link" {onclick} data-testid="add-to-lesson">{"Add to lesson"}</button>
            if let Some(s) = &*said {
                <span role="status" data-testid="add-to-lesson-said">{s}{" "}<a href="#/lesson?edit=1">{"Edit the lesson"}</a></span>
            }
        </span>
    }
}

/// The editor.
#[component]
pub fn Editor() -> Html {
    let l = use_state(draft);
    let problems = use_state(Vec::<String>::new);
    let update = {
        let l = l.clone();
        Callback::from(move |f: Edit| {
            let mut next = (*l).clone();
            f(&mut next);
            keep(&next);
            l.set(next);
        })
    };
    let text_of = |e: InputEvent| -> String {
        e.target_dyn_into::<web_sys::HtmlInputElement>()
            .map(|i| i.value())
            .or_else(|| {
                e.target_dyn_into::<web_sys::HtmlTextAreaElement>()
                    .map(|t| t.value())
            })
            .unwrap_or_default()
    };
    // The file as it would be exported, or its problems.
    let checked = {
        let (l, problems) = (l.clone(), problems.clone());
        move || -> Option<String> {
            let text = lesson::write(&l);
            match lesson::parse(&text) {
                Ok(_) => {
                    problems.set(Vec::new());
                    Some(text)
                }
                Err(e) => {
                    problems.set(e.iter().map(ToString::to_string).collect());
                    None
                }
            }
        }
    };
    let link = |text: &str, embed: bool| {
        let payload = share::encode_json(text);
        let tail = if embed { "&embed=1" } else { "" };
        format!("{}#/lesson?l={payload}{tail}", dom::base_url())
    };
    let on_export = {
        let checked = checked.clone();
        Callback::from(move |_| {
            if let Some(t) = checked() {
                dom::download("lesson.json", "application/json", &t);
            }
        })
    };
    let on_link = {
        let checked = checked.clone();
        Callback::from(move |_| {
            if let Some(t) = checked() {
                dom::copy(&link(&t, false));
            }
        })
    };
    let on_snippet = {
        let checked = checked.clone();
        Callback::from(move |_| {
            if let Some(t) = checked() {
                dom::copy(&format!(
                    "<iframe src=\"{}\" width=\"{EMBED_WIDTH}\" height=\"{EMBED_HEIGHT}\" style=\"border:0;max-width:100%\" title=\"HetLab lesson\" loading=\"lazy\"></iframe>",
                    crate::draw::svg::escape(&link(&t, true))
                ));
            }
        })
    };
    let preview = lesson::parse(&lesson::write(&l))
        .ok()
        .map(|_| format!("#/lesson?l={}", share::encode_json(&lesson::write(&l))));
    // The file being read (dropping it would stop the read).
    let reader = use_mut_ref(|| None::<gloo::file::callbacks::FileReader>);
    let on_import = {
        let (l, problems, reader) = (l.clone(), problems.clone(), reader.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            let (l, problems) = (l.clone(), problems.clone());
            let read_file = gloo::file::callbacks::read_as_text(
                &gloo::file::File::from(file),
                move |r| match r.map_err(|e| e.to_string()).and_then(|t| {
                    lesson::parse(&t).map_err(|e| {
                        e.iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join("\n")
                    })
                }) {
                    Ok(read) => {
                        if l.slides.is_empty()
                            || dom::confirm("Replace the lesson being written with this file?")
                        {
                            keep(&read);
                            l.set(read);
                            problems.set(Vec::new());
                        }
                    }
                    Err(e) => problems.set(e.lines().map(str::to_owned).collect()),
                },
            );
            *reader.borrow_mut() = Some(read_file);
        })
    };
    let n = l.slides.len();
    html! {
        <section class="lesson-page lesson-editor" data-testid="lesson-editor">
            <h1>{"Write a lesson"}</h1>
            <p class="lead">{"On any family page, \"Add to lesson\" adds the view you see (instance, algorithm, step) as a slide. Here, give the slides their text, order them, then export the file to host beside your course page, or copy a link or an embed snippet."}</p>
            <label>{"Title "}<input type="text" value={l.title.clone()} maxlength="200" data-testid="lesson-title"
                oninput={update.reform(move |e: InputEvent| { let t = text_of(e); Box::new(move |l: &mut Lesson| l.title.clone_from(&t)) as Edit })} /></label>
            <label>{"Author "}<input type="text" value={l.author.clone().unwrap_or_default()} maxlength="200"
                oninput={update.reform(move |e: InputEvent| { let t = text_of(e); Box::new(move |l: &mut Lesson| l.author = (!t.is_empty()).then(|| t.clone())) as Edit })} /></label>
            if n == 0 {
                <p class="empty" data-testid="lesson-empty">{"No slide yet: open a family page, choose an example and a step, and press \"Add to lesson\"; or import a lesson file."}</p>
            }
            <ol class="lesson-slides">
                { for l.slides.iter().enumerate().map(|(k, s)| slide_editor(k, n, s, &update, text_of)) }
            </ol>
            if !problems.is_empty() {
                <ul class="issues" role="alert" data-testid="lesson-problems">{ for problems.iter().map(|p| html! { <li>{p}</li> }) }</ul>
            }
            <div class="toolbar">
                if let Some(p) = preview {
                    <a class="button" href={p} data-testid="lesson-preview">{"Preview"}</a>
                }
                <button type="button" onclick={on_export} disabled={n == 0} data-testid="lesson-export">{"Export file"}</button>
                <button type="button" onclick={on_link} disabled={n == 0}>{"Copy link"}</button>
                <button type="button" onclick={on_snippet} disabled={n == 0}>{"Copy embed snippet"}</button>
                <label class="button">{"Import a file "}<input type="file" accept=".json,application/json" onchange={on_import} data-testid="lesson-import" /></label>
            </div>
        </section>
    }
}

/// One slide's fields and buttons.
fn slide_editor(
    k: usize,
    n: usize,
    s: &Slide,
    update: &Callback<Edit>,
    text_of: fn(InputEvent) -> String,
) -> Html {
    let view = &s.view;
    let what = format!(
        "{} · {} · {}{}",
        view.page,
        match &view.source {
            lesson::Source::Preset(p) => p.clone(),
            lesson::Source::Instance(_) => "an edited instance".into(),
        },
        view.algorithm
            .clone()
            .unwrap_or_else(|| "default algorithm".into()),
        view.step
            .map(|s| format!(" · step {s}"))
            .unwrap_or_default()
    );
    let edit = |f: fn(&mut Lesson, usize)| {
        update.reform(move |_| Box::new(move |l: &mut Lesson| f(l, k)) as Edit)
    };
    html! {
        <li class="lesson-slide card" data-testid="lesson-slide">
            <p class="hint">{what}</p>
            <label>{"Slide title "}<input type="text" value={s.title.clone().unwrap_or_default()} maxlength="200"
                oninput={update.reform(move |e: InputEvent| { let t = text_of(e); Box::new(move |l: &mut Lesson| { if let Some(s) = l.slides.get_mut(k) { s.title = (!t.is_empty()).then(|| t.clone()); } }) as Edit })} /></label>
            <label>{"Text "}<textarea rows="4" value={s.text.clone()} data-testid="lesson-slide-text"
                oninput={update.reform(move |e: InputEvent| { let t = text_of(e); Box::new(move |l: &mut Lesson| { if let Some(s) = l.slides.get_mut(k) { s.text.clone_from(&t); } }) as Edit })} /></label>
            <div class="toolbar">
                <button type="button" disabled={k == 0} onclick={edit(|l, k| l.slides.swap(k - 1, k))} aria-label={format!("Move slide {} up", k + 1)}>{"↑"}</button>
                <button type="button" disabled={k + 1 >= n} onclick={edit(|l, k| l.slides.swap(k, k + 1))} aria-label={format!("Move slide {} down", k + 1)}>{"↓"}</button>
                <button type="button" onclick={edit(|l, k| { l.slides.remove(k); })} aria-label={format!("Delete slide {}", k + 1)}>{"Delete"}</button>
            </div>
        </li>
    }
}
