//! A lesson's slides: the slide's text beside its view (the family page embedded at the
//! slide's steps), the strip of slides, Previous and Next (buttons, ← → and Page Up / Page
//! Down outside a field), and the slide in the address (`slide=3`), so a link opens it.

use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use hetlab_core::lesson::Lesson;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::lesson::{blocks, view_route, Block, Inline};
use crate::ui::{dom, use_nav};

/// [`Player`]'s lesson.
#[derive(Properties, PartialEq)]
pub struct PlayerProps {
    /// The lesson.
    pub lesson: Rc<Lesson>,
    /// Shown in a course page's frame.
    pub embed: bool,
}

/// The lesson player.
#[component]
pub fn Player(props: &PlayerProps) -> Html {
    let nav = use_nav();
    let n = props.lesson.slides.len();
    // 1-based in the address, as a teacher says it; out of range: the nearest slide.
    let at = nav
        .route
        .query
        .index("slide")
        .unwrap_or(1)
        .clamp(1, n.max(1))
        - 1;
    let go = {
        let nav = nav.clone();
        Callback::from(move |k: usize| {
            let mut r = nav.route.clone();
            r.query.set("slide", (k + 1).to_string());
            nav.replace(r);
        })
    };
    {
        let go = go.clone();
        use_effect_with((at, n), move |&(at, n)| {
            let keys = EventListener::new_with_options(
                &gloo::utils::document(),
                "keydown",
                EventListenerOptions::enable_prevent_default(),
                move |e| {
                    let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                        return;
                    };
                    if dom::typing() || e.alt_key() || e.ctrl_key() || e.meta_key() {
                        return;
                    }
                    let next = match e.key().as_str() {
                        "ArrowRight" | "PageDown" => (at + 1 < n).then_some(at + 1),
                        "ArrowLeft" | "PageUp" => at.checked_sub(1),
                        "Home" => Some(0),
                        "End" => Some(n.saturating_sub(1)),
                        _ => return,
                    };
                    e.prevent_default();
                    if let Some(k) = next {
                        go.emit(k);
                    }
                },
            );
            move || drop(keys)
        });
    }
    let lesson = &props.lesson;
    let Some(slide) = lesson.slides.get(at) else {
        return Html::default();
    };
    let src = format!(
        "{}{}",
        dom::base_url(),
        view_route(&slide.view, true).to_hash()
    );
    let open = view_route(&slide.view, false).to_hash();
    let title = slide
        .title
        .clone()
        .unwrap_or_else(|| format!("Slide {}", at + 1));
    html! {
        <section class={classes!("lesson-page", "lesson-player", props.embed.then_some("embed"))} data-testid="lesson-player"
            data-slide={(at + 1).to_string()}>
            <div class="lesson-head">
                <h1>{&lesson.title}</h1>
                if let Some(a) = &lesson.author {
                    <span class="lesson-author">{a}</span>
                }
            </div>
            <nav class="lesson-strip" aria-label="Slides">
                { for (0..n).map(|k| {
                    let go = go.clone();
                    let label = lesson.slides[k].title.clone().unwrap_or_else(|| format!("Slide {}", k + 1));
                    html! {
                        <button type="button" class={classes!((k == at).then_some("current"), (k < at).then_some("seen"))}
                            aria-current={(k == at).then_some("step")} title={label.clone()} aria-label={format!("{}: {label}", k + 1)}
                            onclick={Callback::from(move |_| go.emit(k))}>{k + 1}</button>
                    }
                }) }
            </nav>
            <div class="lesson-body">
                <div class="lesson-text" data-testid="lesson-text">
                    <h2>{title}</h2>
                    { for blocks(&slide.text).iter().map(block) }
                    if !props.embed {
                        <p class="hint"><a href={open}>{"Open this view on its page"}</a></p>
                    }
                </div>
                <div class="lesson-view">
                    <iframe key={src.clone()} src={src.clone()} title={format!("{} — {}", slide.view.page, slide.view.algorithm.clone().unwrap_or_default())}
                        data-testid="lesson-view" />
                </div>
            </div>
            <div class="lesson-nav">
                <button type="button" disabled={at == 0} onclick={go.reform(move |_| at.saturating_sub(1))} data-testid="lesson-prev">{"← Previous"}</button>
                <span role="status" data-testid="lesson-position">{format!("Slide {} of {n}", at + 1)}</span>
                <button type="button" disabled={at + 1 >= n} onclick={go.reform(move |_| at + 1)} data-testid="lesson-next">{"Next →"}</button>
            </div>
        </section>
    }
}

/// A block of a slide's text.
fn block(b: &Block) -> Html {
    match b {
        Block::Para(runs) => html! { <p>{ for runs.iter().map(inline) }</p> },
        Block::List {
            ordered: false,
            items,
        } => html! {
            <ul>{ for items.iter().map(|i| html! { <li>{ for i.iter().map(inline) }</li> }) }</ul>
        },
        Block::List {
            ordered: true,
            items,
        } => html! {
            <ol>{ for items.iter().map(|i| html! { <li>{ for i.iter().map(inline) }</li> }) }</ol>
        },
    }
}

/// An inline run.
fn inline(i: &Inline) -> Html {
    match i {
        Inline::Text(t) => html! { {t} },
        Inline::Em(t) => html! { <em>{t}</em> },
        Inline::Strong(t) => html! { <strong>{t}</strong> },
        Inline::Code(t) => html! { <code>{t}</code> },
        Inline::Math(t) => html! { <span class="math">{t}</span> },
    }
}
