//! The practice page (`#/practice`, issue 35): questions generated from seeded instances of the
//! families chosen, answered here and checked by the solver worker, which solves the
//! question's instance again (never against a stored answer). The address is the set
//! (`crate::practice::Set`: families, difficulty, seed, count, name), so a teacher's link gives
//! a class the same questions; the answers are kept in this browser per set and survive a
//! reload; a set with an end gives completion codes, which `hetlab practice check` (or this
//! page's "Grade a code") grades offline.
//!
//! * [`session`]: one set being answered (its state, the jobs, saving);
//! * [`card`]: the question, the answer field, the feedback and the figure at the step;
//! * [`codes`]: the completion codes at the end, and grading a code;
//! * [`ask`]: which solver worker a family's job goes to; [`state`]: what they share.

pub mod ask;
pub mod card;
pub mod codes;
pub mod session;
pub mod state;

use hetlab_core::catalog::FAMILIES;
use hetlab_core::practice::Difficulty;
use yew::prelude::*;

use crate::practice::{Problem, Set};
use crate::route::{Page, Route};
use crate::ui::{dom, use_nav};

/// The page.
#[component]
pub fn PracticePage() -> Html {
    let nav = use_nav();
    let fresh = use_memo((), |()| dom::fresh_seed());
    let (set, problems) = Set::from_query(&nav.route.query, *fresh);
    let embed = nav.route.query.flag("embed");
    let asks_name = nav.route.query.flag("names");
    // What the address said wrong before it was mended, with the mended address (which says
    // nothing wrong itself): shown while the page is at that address.
    let told = use_state(|| None::<(Route, Vec<Problem>)>);
    {
        // An address without a seed, or with a seed or a count that cannot be read, gets the set
        // shown written in place (no new history entry): a reload then asks the same questions.
        let (nav, set, told) = (nav.clone(), set.clone(), told.clone());
        let mend = nav.route.query.get("seed").is_none()
            || (problems.iter()).any(|p| p.field == "seed" || p.field == "n");
        use_effect_with((mend, problems.clone()), move |(mend, problems)| {
            if *mend {
                let mut r = nav.route.clone();
                set.write(&mut r.query);
                if !problems.is_empty() {
                    told.set(Some((r.clone(), problems.clone())));
                }
                nav.replace(r);
            }
        });
    }
    let problems = match &*told {
        Some((at, said)) if problems.is_empty() && *at == nav.route => said.clone(),
        _ => problems,
    };
    let go = {
        let nav = nav.clone();
        Callback::from(move |next: Set| {
            let mut r = Route::new(Page::Family("practice".into()));
            r.query = nav.route.query.clone();
            next.write(&mut r.query);
            nav.push(r);
        })
    };
    let session = if asks_name && set.name.is_none() {
        html! { <NameForm set={set.clone()} on_set={go.clone()} /> }
    } else {
        html! { <session::Session key={set.key()} set={set.clone()} embed={embed} /> }
    };
    html! {
        <section class={classes!("practice-page", embed.then_some("embed"))} data-testid="practice">
            if !embed {
                <h1>{"Practice"}</h1>
                <p class="lead">{"Questions on generated instances, answered here and checked at once by the real solver, which solves the instance again. The figure then opens at the step in question."}</p>
            }
            { problems_view(&problems) }
            { session }
            if !embed {
                <Settings set={set.clone()} on_set={go} />
                { codes::grade_panel() }
                { codes::teacher_panel(&nav.route, &set) }
            }
        </section>
    }
}

/// The address's parameters that could not be read, each with what to write.
fn problems_view(problems: &[Problem]) -> Html {
    if problems.is_empty() {
        return Html::default();
    }
    html! {
        <ul class="banner warning" role="alert" data-testid="practice-url-problems">
            { for problems.iter().map(|p| html! { <li data-field={p.field}>{&p.message}</li> }) }
        </ul>
    }
}

/// [`Settings`]' and [`NameForm`]'s set and what changes it.
#[derive(Properties, PartialEq)]
pub struct SetProps {
    /// The set shown.
    pub set: Set,
    /// Opens another set (a new history entry).
    pub on_set: Callback<Set>,
}

/// The families and difficulty, and "New questions" (another seed).
#[component]
fn Settings(props: &SetProps) -> Html {
    let chosen = use_state(|| props.set.families.clone());
    let difficulty = use_state(|| props.set.difficulty);
    {
        let (chosen, difficulty) = (chosen.clone(), difficulty.clone());
        use_effect_with(props.set.clone(), move |s| {
            chosen.set(s.families.clone());
            difficulty.set(s.difficulty);
        });
    }
    let toggle = |problem: &'static str| {
        let chosen = chosen.clone();
        Callback::from(move |_| {
            let mut next: Vec<&'static str> = (*chosen).clone();
            if next.contains(&problem) {
                next.retain(|p| *p != problem);
            } else {
                next.push(problem);
            }
            let ordered = FAMILIES
                .iter()
                .map(|f| f.problem)
                .filter(|p| next.contains(p))
                .collect();
            chosen.set(ordered);
        })
    };
    let on_difficulty = {
        let difficulty = difficulty.clone();
        Callback::from(move |e: Event| {
            let v = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            difficulty.set(Difficulty::from_name(&v).unwrap_or(Difficulty::Small));
        })
    };
    let empty = chosen.is_empty();
    let onsubmit = {
        let (chosen, difficulty, on_set, set) = (
            chosen.clone(),
            difficulty.clone(),
            props.on_set.clone(),
            props.set.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if chosen.is_empty() {
                return;
            }
            on_set.emit(Set {
                families: (*chosen).clone(),
                difficulty: *difficulty,
                seed: dom::fresh_seed(),
                ..set.clone()
            });
        })
    };
    html! {
        <form class="practice-settings card" {onsubmit} data-testid="practice-settings">
            <h2>{"Choose the questions"}</h2>
            <fieldset>
                <legend>{"Families"}</legend>
                { for FAMILIES.iter().map(|f| html! {
                    <label class="check">
                        <input type="checkbox" checked={chosen.contains(&f.problem)}
                            onchange={toggle(f.problem)} data-family={f.problem} />
                        {f.nav}
                    </label>
                }) }
            </fieldset>
            <label>{"Difficulty "}
                <select onchange={on_difficulty} data-testid="practice-difficulty">
                    { for Difficulty::ALL.iter().map(|d| html! {
                        <option value={d.name()} selected={*d == *difficulty}>{d.name()}</option>
                    }) }
                </select>
            </label>
            <button type="submit" disabled={empty} data-testid="practice-new">{"New questions"}</button>
            if empty {
                <p class="field-error" role="alert">{"Choose at least one family."}</p>
            }
        </form>
    }
}

/// A teacher's set with one variant per student (`names=1`): the student's name first.
#[component]
fn NameForm(props: &SetProps) -> Html {
    let name = use_state(String::new);
    let error = use_state(|| None::<String>);
    let oninput = {
        let name = name.clone();
        Callback::from(move |e: InputEvent| {
            name.set(
                e.target_unchecked_into::<web_sys::HtmlInputElement>()
                    .value(),
            );
        })
    };
    let onsubmit = {
        let (name, error, on_set, set) = (
            name.clone(),
            error.clone(),
            props.on_set.clone(),
            props.set.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let n = name.trim();
            let max = hetlab_core::practice::code::MAX_NAME_CHARS;
            if n.is_empty() {
                error.set(Some("Type your name: your questions depend on it.".into()));
            } else if n.chars().count() > max {
                error.set(Some(format!("At most {max} characters.")));
            } else {
                on_set.emit(Set {
                    name: Some(n.to_owned()),
                    ..set.clone()
                });
            }
        })
    };
    html! {
        <form class="practice-name card" {onsubmit} data-testid="practice-name">
            <p>{"Each student of this set gets their own questions. Your name chooses yours, and your completion code carries it."}</p>
            <label>{"Your name "}
                <input type="text" value={(*name).clone()} {oninput} maxlength="64"
                    aria-describedby="practice-name-error" autofocus=true />
            </label>
            <button type="submit">{"Start"}</button>
            if let Some(e) = &*error {
                <p class="field-error" id="practice-name-error" role="alert">{e}</p>
            }
        </form>
    }
}
