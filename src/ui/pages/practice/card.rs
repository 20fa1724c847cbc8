//! The question card: the prompt, the answer field (a number, or one of the options), Check,
//! Hint and Skip; once answered, the verdict, the accepted answers, the explanation and the
//! figure at the step in question (the family's page embedded, its player opened there). The
//! card keeps its height between questions, so nothing jumps.

use yew::prelude::*;

use super::state::{Action, Fetch};
use crate::practice::Answered;
use crate::route::{Page, Route};
use crate::ui::dom;
use crate::ui::worker::Asked;

/// Most options shown as radio buttons; more are a menu.
const MAX_RADIOS: usize = 8;

/// [`Card`]'s state, from the session.
#[derive(Properties, PartialEq)]
pub struct CardProps {
    /// The question.
    pub fetch: Fetch,
    /// Its answer, once given.
    pub answered: Option<Answered>,
    /// An answer is being checked.
    pub checking: bool,
    /// Why the last answer could not be read (the field stays for another try).
    pub malformed: Option<String>,
    /// The hint is shown.
    pub hint: bool,
    /// The set is embedded in another page: the card never takes the focus (it would scroll
    /// that page to the frame and take its keys).
    #[prop_or_default]
    pub embed: bool,
    /// What the buttons do.
    pub on_action: Callback<Action>,
}

/// "3 right of 5 answered".
#[must_use]
pub fn score_text(right: usize, answered: usize) -> String {
    if answered == 0 {
        "No answer yet".to_owned()
    } else {
        format!("Score: {right} right of {answered} answered")
    }
}

/// The question card.
#[component]
pub fn Card(props: &CardProps) -> Html {
    let answer = use_state(String::new);
    let next_ref = use_node_ref();
    let field_ref = use_node_ref();
    let question = match &props.fetch {
        Fetch::Ready(q) => Some(q.clone()),
        _ => None,
    };
    {
        // The question puts the focus in the field; an answer puts it on "Next question", so
        // Enter goes on. (A new question is a new card: the session keys it by its number.)
        // Embedded, the page around decides where the focus is.
        let (field_ref, top) = (field_ref.clone(), !props.embed);
        use_effect_with(question.is_some(), move |shown| {
            if let Some(el) = field_ref
                .cast::<web_sys::HtmlElement>()
                .filter(|_| *shown && top)
            {
                let _ = el.focus();
            }
        });
        let next_ref = next_ref.clone();
        use_effect_with(props.answered.is_some(), move |done| {
            if *done && top {
                if let Some(el) = next_ref.cast::<web_sys::HtmlElement>() {
                    let _ = el.focus();
                }
            }
        });
    }
    let Some(q) = question else {
        return html! {
            <article class="practice-card card" data-testid="practice-card">
                { match &props.fetch {
                    Fetch::Failed(e) => html! { <p class="error" role="alert" data-testid="practice-failed">{format!("No question could be made: {e}")}</p> },
                    _ => html! { <p class="loading" role="status">{"Making a question: generating an instance and solving it…"}</p> },
                } }
            </article>
        };
    };
    let question = &*q;
    let title = hetlab_core::catalog::family(&question.family)
        .map_or(question.family.as_str(), |f| f.title);
    let done = props.answered.is_some();
    let onsubmit = {
        let (answer, on_action) = (answer.clone(), props.on_action.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            on_action.emit(Action::Check((*answer).clone()));
        })
    };
    html! {
        <article class="practice-card card" data-testid="practice-card"
            data-family={question.family.clone()} data-kind={question.kind.clone()}>
            <p class="practice-meta">{format!("{title} · {} · {}", question.difficulty, kind_text(&question.kind))}</p>
            <p class="practice-prompt" data-testid="practice-prompt">{&question.prompt}</p>
            <form class="practice-answer" {onsubmit}>
                { answer_field(question, &answer, &field_ref, done || props.checking, props.malformed.is_some()) }
                if let Some(m) = &props.malformed {
                    <p class="field-error" id="practice-answer-error" role="alert" data-testid="practice-malformed">{m}</p>
                }
                <div class="practice-buttons">
                    if done {
                        <button type="button" ref={next_ref} onclick={props.on_action.reform(|_| Action::Next)} data-testid="practice-next">{"Next question"}</button>
                    } else {
                        <button type="submit" disabled={props.checking} data-testid="practice-check">{ if props.checking { "Checking…" } else { "Check" } }</button>
                        <button type="button" onclick={props.on_action.reform(|_| Action::Hint)} disabled={props.hint} data-testid="practice-hint">{"Hint"}</button>
                        <button type="button" onclick={props.on_action.reform(|_| Action::Skip)} disabled={props.checking}>{"Skip"}</button>
                    }
                </div>
            </form>
            if let Some(a) = &props.answered {
                { feedback(a, question) }
                { figure(question, true) }
            } else if props.hint {
                <div class="practice-hint" data-testid="practice-hint-text">
                    <p>{hint_text(question)}</p>
                    { figure(question, false) }
                </div>
            }
        </article>
    }
}

/// The answer field of `question`: a text field for a number, radio buttons or a menu for
/// options.
fn answer_field(
    question: &Asked,
    answer: &UseStateHandle<String>,
    field_ref: &NodeRef,
    disabled: bool,
    invalid: bool,
) -> Html {
    let set = {
        let answer = answer.clone();
        move |v: String| answer.set(v)
    };
    let described = invalid.then_some("practice-answer-error");
    let options = &question.options;
    if options.is_empty() {
        return html! {
            <label class="practice-number">{"Your answer "}
                <input type="text" ref={field_ref.clone()} inputmode="text" autocomplete="off"
                    spellcheck="false" maxlength="64" value={(**answer).clone()} {disabled}
                    aria-invalid={invalid.to_string()} aria-describedby={described}
                    data-testid="practice-input"
                    oninput={Callback::from(move |e: InputEvent| set(e.target_unchecked_into::<web_sys::HtmlInputElement>().value()))} />
                <span class="hint">{&question.number_hint}</span>
            </label>
        };
    }
    if options.len() <= MAX_RADIOS {
        return html! {
            <fieldset class="practice-options" aria-describedby={described} data-testid="practice-options">
                <legend>{"Your answer"}</legend>
                { for options.iter().enumerate().map(|(i, o)| {
                    let set = set.clone();
                    let value = o.clone();
                    html! {
                        <label class="option">
                            <input type="radio" name="practice-option" value={o.clone()} {disabled}
                                ref={if i == 0 { field_ref.clone() } else { NodeRef::default() }}
                                checked={**answer == *o}
                                onchange={Callback::from(move |_| set(value.clone()))} />
                            {o}
                        </label>
                    }
                }) }
            </fieldset>
        };
    }
    html! {
        <label class="practice-number">{"Your answer "}
            <select ref={field_ref.clone()} {disabled} aria-describedby={described} data-testid="practice-select"
                onchange={Callback::from(move |e: Event| set(e.target_unchecked_into::<web_sys::HtmlSelectElement>().value()))}>
                <option value="" selected={answer.is_empty()}>{"Choose…"}</option>
                { for options.iter().map(|o| html! { <option value={o.clone()} selected={**answer == *o}>{o}</option> }) }
            </select>
        </label>
    }
}

/// The verdict, the accepted answers and the explanation.
fn feedback(a: &Answered, question: &Asked) -> Html {
    let (class, head) = match a.verdict.as_str() {
        "right" => ("right", "Right.".to_owned()),
        "skipped" => ("skipped", "Skipped.".to_owned()),
        // The checker's words say why (a rounded decimal is not the exact value).
        _ => (
            "wrong",
            format!("Not right: you answered {}. {}", a.answer.trim(), a.message),
        ),
    };
    let accepted = match a.accepted.len() {
        0 => String::new(),
        1 => format!("The answer is {}.", a.accepted[0]),
        _ => format!("Accepted answers (ties): {}.", a.accepted.join(", ")),
    };
    html! {
        <div class={classes!("practice-feedback", class)} role="status" data-testid="practice-feedback" data-verdict={a.verdict.clone()}>
            <p><strong>{head}</strong>{" "}{accepted}</p>
            <p>{&question.explanation}</p>
        </div>
    }
}

/// The hint: where the answer is shown, and (for a question on one step) the figure up to that
/// step with its caption.
fn hint_text(question: &Asked) -> String {
    match (on_one_step(question), question.step) {
        (true, Some(s)) => format!("The figure below stops at step {s}, just before the step asked about; its caption says what the algorithm is doing."),
        _ => "Work it out from the instance: the figure opens once you answer.".to_owned(),
    }
}

/// What kind of question, in words.
fn kind_text(kind: &str) -> &'static str {
    match kind {
        "next-step" => "next step",
        "value" => "value",
        "choice" => "choice",
        _ => "predict the figure",
    }
}

/// Whether `question` is about one step (what the next step does), not the result.
fn on_one_step(question: &Asked) -> bool {
    matches!(question.kind.as_str(), "next-step" | "predict-figure")
}

/// The family's page embedded at the question's step: after the answer, at the step that shows
/// it (the step after a question on one step, else the step of the result), the whole run
/// playable; as a hint, only up to the step before (and nothing for a question on the result).
fn figure(question: &Asked, answered: bool) -> Html {
    let one = on_one_step(question);
    let step = match (question.step, answered && one) {
        (Some(s), true) => s.saturating_add(1),
        (Some(s), false) => s,
        // No step: the result, which the player clamps to the last step.
        (None, _) => u64::MAX,
    };
    if !(answered || one && question.step.is_some()) {
        return Html::default();
    }
    let payload = question.instance.clone();
    let mut r = Route::new(Page::Family(question.family.clone()));
    for (k, v) in [
        ("i", payload),
        ("algo", question.algorithm.clone()),
        ("step", step.to_string()),
        ("embed", "1".to_owned()),
    ] {
        r.query.set(k, v);
    }
    if !answered {
        r.query.set("end", step.to_string());
    }
    let src = format!("{}{}", dom::base_url(), r.to_hash());
    let mut page = r.clone();
    page.query.remove("embed");
    page.query.remove("end");
    let title = format!(
        "{} at step {}",
        question.algorithm,
        if step == u64::MAX {
            "last".to_owned()
        } else {
            step.to_string()
        }
    );
    html! {
        <div class="practice-figure">
            <iframe {src} {title} loading="lazy" data-testid="practice-figure" data-step={step.to_string()}></iframe>
            <p class="hint"><a href={page.to_hash()} target="_blank" rel="noopener">{"Open this run on its page"}</a></p>
        </div>
    }
}
