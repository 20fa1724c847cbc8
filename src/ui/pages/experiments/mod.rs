//! The experiments page (`#/experiments`, issue 37): a sweep (docs/sweeps.md), built in or
//! edited here, run across Web Workers (one per core the browser reports), with progress, the
//! time left, Cancel and the rows as they come; then a plot per shape, a table, and the CSV
//! `hetlab sweep` writes for the same spec. The address names the sweep, never its results
//! (`crate::experiments::Choice`).
//!
//! * `controls`: the sweep menu, the number of workers, Run, Cancel, Copy link;
//! * [`run`]: the sweep under way (its crew of workers, the redraws);
//! * [`results`]: the progress, the downloads, the plots and the table.

mod controls;
pub mod results;
pub mod run;

use hetlab_core::sweep::{self, Sweep};
use yew::prelude::*;

use crate::experiments::Choice;
use crate::ui::use_nav;
use controls::Controls;
use run::{use_sweep_run, MAX_WORKERS};

/// The page.
#[component]
pub fn ExperimentsPage() -> Html {
    let nav = use_nav();
    let (choice, problem) = Choice::from_query(&nav.route.query);
    let text = use_state(|| choice.text());
    {
        // Another sweep in the address (the menu, Back) replaces the editor's text.
        let text = text.clone();
        use_effect_with(choice.clone(), move |c| text.set(c.text()));
    }
    let workers = use_state(cores);
    let run = use_sweep_run();
    let parsed = sweep::parse(&text);
    let running = run.running();
    let on_edit = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            text.set(
                e.target_unchecked_into::<web_sys::HtmlTextAreaElement>()
                    .value(),
            );
        })
    };
    let live = run.live.borrow();
    html! {
        <section class="experiments-page" data-testid="experiments">
            <h1>{"Experiments"}</h1>
            <p class="lead">{"Run a family's algorithms over many generated instances and compare them, as the papers' experiments do: each instance is solved in this browser by the real solvers, spread over its cores. The CSV is the file the command line's hetlab sweep writes for the same spec, byte for byte; for larger sweeps run that, on one machine or a Slurm cluster."}</p>
            if let Some(p) = problem {
                <p class="banner warning" role="alert" data-testid="experiments-url-problem">{p}</p>
            }
            { controls::controls(&Controls { nav: &nav, choice: &choice, text: &text, workers: &workers, run: &run, can_run: parsed.is_ok() }) }
            { about(&parsed) }
            <details class="sweep-spec">
                <summary>{"The spec (JSON): edit it to run your own sweep"}</summary>
                <textarea rows="14" spellcheck="false" value={(*text).clone()} oninput={on_edit}
                          disabled={running} aria-label="Sweep spec" data-testid="sweep-spec" />
                <p class="muted">{"Format: docs/sweeps.md. The address of this page names the spec (Share it: it reruns the same sweep, never stored results)."}</p>
            </details>
            { problems(&parsed) }
            if let Some(l) = live.as_ref() {
                { results::progress(l) }
                { results::results(l, &run.live) }
            } else {
                <p class="muted" data-testid="sweep-empty">{"Nothing has run yet: pick a sweep and press Run."}</p>
            }
        </section>
    }
}

/// The sweep's title, size, citation and differences from the paper.
fn about(parsed: &Result<Sweep, hetlab_core::issue::Issues>) -> Html {
    let Ok(s) = parsed else {
        return Html::default();
    };
    let rows = s.instances() * s.algorithms.len();
    html! {
        <div class="sweep-about" data-testid="sweep-about">
            <h2>{&s.name}</h2>
            <p data-testid="sweep-size">{format!(
                "{} instances ({} shape{} × {} size{} × {} seeds) × {} algorithms ({}) = {rows} rows.",
                s.instances(), s.shapes.len(), plural(s.shapes.len()), s.sizes.len(), plural(s.sizes.len()),
                s.seeds.count, s.algorithms.len(), s.algorithms.join(", ")
            )}</p>
            if !s.cites.is_empty() {
                <p data-testid="sweep-cites"><strong>{"Reproduces: "}</strong>{&s.cites}</p>
            }
            if !s.differences.is_empty() {
                <p><strong>{"Differences from the paper: "}</strong>{&s.differences}</p>
            }
        </div>
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The spec's problems, each with its field.
fn problems(parsed: &Result<Sweep, hetlab_core::issue::Issues>) -> Html {
    let Err(issues) = parsed else {
        return Html::default();
    };
    html! {
        <ul class="banner warning" role="alert" data-testid="sweep-spec-problems">
            { for issues.0.iter().map(|i| html! { <li>{i.to_string()}</li> }) }
        </ul>
    }
}

/// The cores the browser reports (one worker each), at most [`MAX_WORKERS`].
fn cores() -> usize {
    let n = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // clamped
    let n = n.clamp(1.0, MAX_WORKERS as f64) as usize;
    n
}
