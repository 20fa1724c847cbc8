//! The lesson page (`#/lesson`, issue 36, docs/lessons.md): a lesson's slides played in one
//! frame, each slide's text beside its view (the family page embedded, restored from its
//! address as a share link is, its player kept to the slide's steps).
//!
//! Where the lesson comes from: `builtin=<family>` (shipped with the site), `l=<payload>` (the
//! lesson in the link, as a share payload holds an instance), `src=<url>` (a file hosted
//! beside the course page, fetched; kept in this browser for offline visits), or `edit=1`
//! (the lesson being written in this browser, [`editor`]).
//!
//! * [`player`]: the slides, their strip, keys and buttons;
//! * [`editor`]: the draft lesson, kept in `localStorage`, and "Add this view to a lesson";
//! * [`fetch`]: reading a lesson file from another address, with the reasons it can fail.

pub mod editor;
pub mod fetch;
pub mod player;

use std::rc::Rc;

use hetlab_core::lesson::{self, Lesson, LessonError};
use hetlab_core::share;
use yew::prelude::*;

use crate::ui::use_nav;

/// Where the lesson is in its loading.
#[derive(Clone, PartialEq)]
enum Loaded {
    /// Being fetched.
    Loading,
    /// Read.
    Ready(Rc<Lesson>),
    /// Not read: why, one sentence per problem (with a note, when a fetch failed).
    Failed(Vec<String>),
}

/// A lesson file's text read, or its problems.
fn read(text: &str) -> Loaded {
    match lesson::parse(text) {
        Ok(l) => Loaded::Ready(Rc::new(l)),
        Err(errors) => Loaded::Failed(errors.iter().map(LessonError::to_string).collect()),
    }
}

/// The page.
#[component]
pub fn LessonPage() -> Html {
    let nav = use_nav();
    let q = nav.route.query.clone();
    if q.flag("edit") {
        return html! { <editor::Editor /> };
    }
    let key = (
        q.get("builtin").map(str::to_owned),
        q.get("l").map(str::to_owned),
        q.get("src").map(str::to_owned),
    );
    let loaded = use_state(|| Loaded::Loading);
    let note = use_state(|| None::<String>);
    {
        let (loaded, note) = (loaded.clone(), note.clone());
        use_effect_with(key.clone(), move |(builtin, l, src)| {
            note.set(None);
            match (builtin, l, src) {
                (Some(name), _, _) => loaded.set(lesson::built_in(name).map_or_else(
                    || {
                        Loaded::Failed(vec![format!(
                            "builtin=\"{name}\" is not a built-in lesson: one of {}.",
                            names()
                        )])
                    },
                    read,
                )),
                (None, Some(payload), _) => loaded.set(match share::decode_json(payload) {
                    Ok(text) => read(&text),
                    Err(e) => Loaded::Failed(vec![format!(
                        "The lesson in this link cannot be read: {e}."
                    )]),
                }),
                (None, None, Some(url)) if url.trim().is_empty() => {
                    loaded.set(Loaded::Failed(vec![
                        "src= is empty: give the address of a lesson file (src=https://…/lesson.json)."
                            .to_owned(),
                    ]));
                }
                (None, None, Some(url)) => {
                    loaded.set(Loaded::Loading);
                    fetch::text(url, move |got| match got {
                        Ok((text, stale)) => {
                            note.set(stale);
                            loaded.set(read(&text));
                        }
                        Err(e) => loaded.set(Loaded::Failed(vec![e])),
                    });
                }
                (None, None, None) => loaded.set(Loaded::Failed(Vec::new())),
            }
        });
    }
    let embed = q.flag("embed");
    match &*loaded {
        Loaded::Loading => {
            html! { <p class="loading" role="status" data-testid="lesson-loading">{"Loading the lesson…"}</p> }
        }
        Loaded::Ready(l) => html! {
            <>
                if let Some(n) = &*note {
                    <p class="banner warning" role="status" data-testid="lesson-note">{n}</p>
                }
                <player::Player lesson={l.clone()} embed={embed} />
            </>
        },
        Loaded::Failed(problems) if problems.is_empty() => index(),
        Loaded::Failed(problems) => html! {
            <section class="lesson-page" data-testid="lesson-error">
                <h1>{"This lesson cannot be shown"}</h1>
                <ul class="issues" role="alert">{ for problems.iter().map(|p| html! { <li>{p}</li> }) }</ul>
                <p><a href="#/lesson">{"The built-in lessons"}</a>{" · "}<a href="#/lesson?edit=1">{"Write a lesson"}</a></p>
            </section>
        },
    }
}

/// The built-in lessons' names, for a message.
fn names() -> String {
    let n: Vec<&str> = lesson::BUILT_IN.iter().map(|(n, _)| *n).collect();
    n.join(", ")
}

/// `#/lesson` alone: the built-in lessons and the editor.
fn index() -> Html {
    html! {
        <section class="lesson-page lesson-index" data-testid="lesson-index">
            <h1>{"Lessons"}</h1>
            <p class="lead">{"A lesson is a sequence of live views with a short text each, played in one frame: embed it in a course page with one iframe. Write your own from any page (\"Add to lesson\"), or start from these."}</p>
            <ul>
                { for lesson::BUILT_IN.iter().map(|(name, text)| {
                    let title = lesson::parse(text).map_or_else(|_| (*name).to_owned(), |l| l.title);
                    html! { <li><a href={format!("#/lesson?builtin={name}")} data-testid={format!("lesson-builtin-{name}")}>{title}</a></li> }
                }) }
            </ul>
            <p><a href="#/lesson?edit=1" data-testid="lesson-edit-link">{"Write or import a lesson"}</a></p>
        </section>
    }
}
