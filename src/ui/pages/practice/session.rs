//! One practice set being answered: the question shown (asked of the family's solver worker),
//! the answer checked there, the answers kept in this browser (`localStorage`, per set), and
//! the score. Keyed by the set, so another set starts a fresh session.

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use super::ask::ask_for;
use super::card::{self, Card};
use super::codes;
use super::state::{Action, Fetch};
use crate::practice::{read_answers, score, Answered, Set};
use crate::ui::dom;
use crate::ui::worker::{Asked, Checked, Job};

/// [`Session`]'s set.
#[derive(Properties, PartialEq)]
pub struct SessionProps {
    /// The set.
    pub set: Set,
    /// Shown in another page's frame (no settings around it).
    pub embed: bool,
}

/// One set being answered.
#[component]
pub fn Session(props: &SessionProps) -> Html {
    let set = props.set.clone();
    let key = set.key();
    let answered = use_state(|| read_answers(&dom::load(&key).unwrap_or_default()));
    let at = use_state(|| answered.len());
    let fetch = use_state(|| Fetch::Loading);
    let checking = use_state(|| false);
    let malformed = use_state(|| None::<String>);
    let hint = use_state(|| false);
    // Answers of a job started for an earlier question are dropped.
    let generation = use_memo((), |()| Rc::new(Cell::new(0u32)));
    {
        let (fetch, set, generation) = (fetch.clone(), set.clone(), generation.clone());
        use_effect_with(*at, move |at| {
            let at = *at;
            if !set.ended(at) {
                let mine = generation.get().wrapping_add(1);
                generation.set(mine);
                fetch.set(Fetch::Loading);
                let (family, index) = set.slot(at);
                let job = Job::PracticeAsk {
                    problem: family.to_owned(),
                    seed: set.questions_seed(),
                    difficulty: set.difficulty.name().to_owned(),
                    index,
                };
                ask_for(family, &job, move |r: Result<Asked, String>| {
                    if generation.get() != mine {
                        return;
                    }
                    fetch.set(match r {
                        Ok(q) => Fetch::Ready(Rc::new(q)),
                        Err(e) => Fetch::Failed(e),
                    });
                });
            }
        });
    }
    let record = {
        let (answered, key) = (answered.clone(), key.clone());
        move |a: Answered| {
            let mut next = (*answered).clone();
            next.push(a);
            // Best effort: a browser that refuses storage still scores this visit.
            let _ = dom::save(&key, &serde_json::to_string(&next).unwrap_or_default());
            answered.set(next);
        }
    };
    let on_action = {
        let (at, fetch, checking, malformed, hint, answered, generation) = (
            at.clone(),
            fetch.clone(),
            checking.clone(),
            malformed.clone(),
            hint.clone(),
            answered.clone(),
            generation.clone(),
        );
        let (key, set) = (key.clone(), set.clone());
        Callback::from(move |action: Action| match action {
            Action::Check(_) | Action::Skip => {
                // A skip is checked as an empty answer, for the accepted answers it shows.
                let (answer, skip) = match action {
                    Action::Check(a) => (a, false),
                    _ => (String::new(), true),
                };
                if *checking || answered.len() > *at {
                    return;
                }
                let skipped = |accepted| Answered {
                    answer: String::new(),
                    verdict: "skipped".into(),
                    message: String::new(),
                    accepted,
                };
                if !matches!(&*fetch, Fetch::Ready(_)) {
                    if skip {
                        record(skipped(Vec::new()));
                    }
                    return;
                }
                checking.set(true);
                malformed.set(None);
                let (family, index) = set.slot(*at);
                let job = Job::PracticeCheck {
                    problem: family.to_owned(),
                    seed: set.questions_seed(),
                    difficulty: set.difficulty.name().to_owned(),
                    index,
                    answer: answer.clone(),
                };
                let (checking, malformed, record) =
                    (checking.clone(), malformed.clone(), record.clone());
                let mine = generation.get();
                let generation = generation.clone();
                ask_for(family, &job, move |r: Result<Checked, String>| {
                    if generation.get() != mine {
                        return;
                    }
                    checking.set(false);
                    match r {
                        Ok(c) if skip => record(skipped(c.answers)),
                        Err(_) if skip => record(skipped(Vec::new())),
                        Ok(c) if c.verdict == "malformed" => malformed.set(Some(c.message)),
                        Ok(c) => record(Answered {
                            answer,
                            verdict: c.verdict,
                            message: c.message,
                            accepted: c.answers,
                        }),
                        Err(e) => {
                            malformed.set(Some(format!("The answer could not be checked: {e}")));
                        }
                    }
                });
            }
            Action::Next => {
                hint.set(false);
                malformed.set(None);
                at.set(answered.len().max(*at + 1));
            }
            Action::Hint => hint.set(true),
            Action::Restart => {
                if dom::confirm("Forget the answers of this set and start it again?") {
                    dom::forget(&key);
                    answered.set(Vec::new());
                    hint.set(false);
                    malformed.set(None);
                    at.set(0);
                }
            }
        })
    };
    let answers: &[Answered] = &answered;
    let right = score(answers);
    let progress = match set.count {
        Some(n) => format!("Question {} of {n}", (*at + 1).min(n)),
        None => format!("Question {}", *at + 1),
    };
    let body = if set.ended(*at) {
        codes::finished(&set, answers, on_action.clone())
    } else {
        html! {
            <Card
                key={at.to_string()}
                fetch={(*fetch).clone()}
                answered={answers.get(*at).cloned()}
                checking={*checking}
                malformed={(*malformed).clone()}
                hint={*hint}
                embed={props.embed}
                on_action={on_action.clone()}
            />
        }
    };
    html! {
        <div class="practice-session" data-testid="practice-session" data-at={at.to_string()}>
            <p class="practice-status" role="status" data-testid="practice-score">
                <span>{progress}</span>
                <span>{card::score_text(right, answers.len())}</span>
                if !answers.is_empty() && !props.embed {
                    <button type="button" class="link" onclick={on_action.reform(|_| Action::Restart)}>{"Start this set again"}</button>
                }
            </p>
            { body }
        </div>
    }
}
