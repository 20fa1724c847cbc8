//! The end of a set (its score and completion codes), grading a code on the page (each code
//! goes to its family's solver worker, which generates every question again and solves it:
//! what `hetlab practice check` does), and the teacher's link and embed snippet.

use hetlab_core::practice::code;
use yew::prelude::*;

use super::ask::ask_for;
use super::state::Action;
use crate::practice::{score, Answered, Set};
use crate::route::Route;
use crate::ui::dom;
use crate::ui::worker::{GradeSheet, Job};

/// The end of a set: the score, and one completion code per family asked.
pub fn finished(set: &Set, answered: &[Answered], on_action: Callback<Action>) -> Html {
    let codes: Vec<(String, Result<String, String>)> = set
        .records(answered)
        .iter()
        .map(|r| (r.family.clone(), code::encode(r).map_err(|e| e.to_string())))
        .collect();
    let n = answered.len();
    html! {
        <article class="practice-card card practice-done" data-testid="practice-done">
            <h2>{format!("Set complete: {} right of {n}", score(answered))}</h2>
            <p>{"Your completion code records the questions and your answers (not a grade): your teacher grades it by solving every question again, on this site (\"Grade a completion code\" below) or with "}<code>{"hetlab practice check CODE"}</code>{"."}</p>
            { for codes.into_iter().map(|(family, c)| match c {
                Ok(c) => {
                    let copy = c.clone();
                    html! {
                        <div class="practice-code">
                            <label>{format!("Code for {family} ")}
                                <textarea readonly=true rows="3" data-testid="practice-code" data-family={family.clone()} value={c} />
                            </label>
                            <button type="button" onclick={Callback::from(move |_| dom::copy(&copy))}>{"Copy"}</button>
                        </div>
                    }
                }
                Err(e) => html! { <p class="error" role="alert">{format!("No code for {family}: {e}")}</p> },
            }) }
            <p><button type="button" onclick={on_action.reform(|_| Action::Restart)}>{"Start this set again"}</button></p>
        </article>
    }
}

/// "Grade a completion code".
pub fn grade_panel() -> Html {
    html! { <GradePanel /> }
}

/// The grade of one code, or why there is none.
#[derive(Clone, PartialEq)]
enum Grade {
    /// Nothing asked yet.
    None,
    /// The code's family's worker is solving.
    Working,
    /// The sheet.
    Done(GradeSheet),
    /// Why the code is refused, in a sentence.
    Refused(String),
}

#[component]
fn GradePanel() -> Html {
    let text = use_state(String::new);
    let grade = use_state(|| Grade::None);
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            text.set(
                e.target_unchecked_into::<web_sys::HtmlTextAreaElement>()
                    .value(),
            );
        })
    };
    let onsubmit = {
        let (text, grade) = (text.clone(), grade.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            // Read here first (bounded, no solver): a damaged code is refused at once, and
            // the family says which worker grades it.
            match code::decode(&text) {
                Err(e) => grade.set(Grade::Refused(e.to_string())),
                Ok(record) => {
                    grade.set(Grade::Working);
                    let job = Job::PracticeGrade {
                        code: (*text).clone(),
                    };
                    let grade = grade.clone();
                    ask_for(
                        &record.family,
                        &job,
                        move |r: Result<GradeSheet, String>| {
                            grade.set(match r {
                                Ok(s) => Grade::Done(s),
                                Err(e) => Grade::Refused(e),
                            });
                        },
                    );
                }
            }
        })
    };
    html! {
        <details class="practice-grade card" data-testid="practice-grade">
            <summary>{"Grade a completion code"}</summary>
            <form {onsubmit}>
                <label>{"Completion code "}
                    <textarea rows="3" value={(*text).clone()} {oninput} spellcheck="false"
                        aria-describedby="practice-grade-result" data-testid="practice-grade-input" />
                </label>
                <button type="submit" disabled={*grade == Grade::Working}>{"Grade"}</button>
            </form>
            <div id="practice-grade-result" role="status" data-testid="practice-grade-result">
                { sheet_view(&grade) }
            </div>
        </details>
    }
}

/// A graded code as a table.
fn sheet_view(grade: &Grade) -> Html {
    match grade {
        Grade::None => Html::default(),
        Grade::Working => {
            html! { <p class="loading">{"Grading: generating every question again and solving it…"}</p> }
        }
        Grade::Refused(e) => html! { <p class="field-error" role="alert">{e}</p> },
        Grade::Done(s) => {
            let who = if s.name.is_empty() {
                String::new()
            } else {
                format!("{}, ", s.name)
            };
            html! {
                <>
                <p data-testid="practice-grade-score"><strong>{format!("{who}{}: {} right of {}", s.family, s.right, s.rows.len())}</strong>{format!(" ({} questions, seed {})", s.difficulty, s.seed)}</p>
                <table class="data">
                    <thead><tr><th>{"#"}</th><th>{"Question"}</th><th>{"Answer"}</th><th>{"Verdict"}</th></tr></thead>
                    <tbody>
                    { for s.rows.iter().enumerate().map(|(i, r)| html! {
                        <tr>
                            <td>{i + 1}</td>
                            <td>{&r.prompt}</td>
                            <td>{ if r.answer.is_empty() { "(skipped)" } else { r.answer.as_str() } }</td>
                            <td>{ if r.checked.message.is_empty() { r.checked.verdict.clone() } else { format!("{}: {}", r.checked.verdict, r.checked.message) } }</td>
                        </tr>
                    }) }
                    </tbody>
                </table>
                </>
            }
        }
    }
}

/// The teacher's panel: a link to this set with a number of questions (and one variant per
/// student), and its iframe snippet.
pub fn teacher_panel(route: &Route, set: &Set) -> Html {
    html! { <TeacherPanel route={route.clone()} set={set.clone()} /> }
}

#[derive(Properties, PartialEq)]
struct TeacherProps {
    route: Route,
    set: Set,
}

#[component]
fn TeacherPanel(props: &TeacherProps) -> Html {
    let count = use_state(|| props.set.count.unwrap_or(10).to_string());
    let variants = use_state(|| props.route.query.flag("names"));
    let n = count
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=code::MAX_QUESTIONS).contains(n));
    let link = n.map(|n| {
        Set {
            count: Some(n),
            ..props.set.clone()
        }
        .course_links(&dom::base_url(), *variants)
    });
    let on_count = {
        let count = count.clone();
        Callback::from(move |e: InputEvent| {
            count.set(
                e.target_unchecked_into::<web_sys::HtmlInputElement>()
                    .value(),
            );
        })
    };
    let on_variants = {
        let variants = variants.clone();
        Callback::from(move |_| variants.set(!*variants))
    };
    html! {
        <details class="practice-teacher card" data-testid="practice-teacher">
            <summary>{"For teachers: give this set to a class"}</summary>
            <p>{"Everyone who opens the link gets the same questions (these families, this difficulty, this seed). At the end each student gets a completion code to send you; grade it above or with "}<code>{"hetlab practice check"}</code>{". Nothing is sent anywhere."}</p>
            <label>{"Questions "}
                <input type="number" min="1" max={code::MAX_QUESTIONS.to_string()} value={(*count).clone()} oninput={on_count}
                    aria-invalid={n.is_none().to_string()} data-testid="practice-count" />
            </label>
            <label class="check"><input type="checkbox" checked={*variants} onchange={on_variants} />{"One variant per student (each types a name)"}</label>
            { match link {
                Some((url, snippet)) => html! {
                    <>
                    <label>{"Link "}<input type="text" readonly=true value={url.clone()} data-testid="practice-link" /></label>
                    <button type="button" onclick={Callback::from(move |_| dom::copy(&url))}>{"Copy link"}</button>
                    <label>{"Embed "}<textarea readonly=true rows="3" value={snippet.clone()} data-testid="practice-snippet" /></label>
                    <button type="button" onclick={Callback::from(move |_| dom::copy(&snippet))}>{"Copy snippet"}</button>
                    </>
                },
                None => html! { <p class="field-error" role="alert">{format!("A number of questions from 1 to {}.", code::MAX_QUESTIONS)}</p> },
            } }
        </details>
    }
}
