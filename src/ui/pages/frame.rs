//! The family-independent half of the algorithm page (`algorithm.rs`): the layout, the toolbar,
//! embed mode and the figures shown while there is no run. Plain data in, `Html` out, so it is
//! compiled once: inside the generic `AlgorithmPage<P>` it was compiled once per family (nine
//! copies of 15–18 KB in the page's wasm).

use std::rc::Rc;

use hetlab_core::families::Instance;
use hetlab_core::family;
use yew::prelude::*;

use crate::player::{Action, Player};
use crate::ui::components::about_panel::about_panel;
use crate::ui::components::export_menu::ExportMenu;
use crate::ui::components::menus::{algo_select, preset_select};
use crate::ui::components::player_bar::player_bar;
use crate::ui::components::pseudocode::pseudocode;
use crate::ui::components::share::{share_button, share_dialog};
use crate::ui::dom;
use crate::ui::hooks::link::PageQuery;
use crate::ui::pages::family_page::Shown;
use crate::ui::Nav;

/// The toolbar's parts that come from the family (outside embeds only).
pub struct Tools {
    /// The instance shown, for the export menu.
    pub instance: Rc<Instance>,
    /// The family's instance fields.
    pub editor: Html,
    /// The algorithms offered for the instance.
    pub offered: Vec<&'static str>,
    /// The result document, once there is a run.
    pub result: Option<Rc<serde_json::Value>>,
    /// The share dialog is open.
    pub share_open: UseStateHandle<bool>,
}

/// Everything the page frame shows around the family's figure.
pub struct Frame<'a> {
    /// CSS class and `data-testid` of the page.
    pub class: &'static str,
    /// The page's heading.
    pub title: &'static str,
    /// One sentence under the heading.
    pub lead: &'static str,
    /// The family's problem name (`"lu"`).
    pub problem: &'static str,
    /// What the page explains about the problem.
    pub about: &'static hetlab_core::family::About,
    /// The app's navigation.
    pub nav: &'a Nav,
    /// The page's query.
    pub query: &'a PageQuery,
    /// The algorithm shown.
    pub algo: &'a str,
    /// The family's page at the player's step (or a stand-in while there is no run).
    pub shown: Shown,
    /// The algorithm refused the instance (the caption is a warning).
    pub failed: bool,
    /// The run is there (the player bar is shown).
    pub ready: bool,
    /// The player.
    pub player: &'a Player,
    /// Drives the player.
    pub on_action: &'a Callback<Action>,
    /// A search stopped at its work budget.
    pub budget_hit: bool,
    /// The toolbar's family parts; `None` in embeds.
    pub tools: Option<Tools>,
}

/// The page around the family's figure.
pub fn page(f: Frame<'_>) -> Html {
    // The algorithm whose run (or refusal) is drawn: the solve hook pairs a run with its own
    // instance and algorithm, so this is the page's algorithm once the worker has answered.
    let drawn = (f.ready || f.failed).then(|| f.algo.to_owned());
    let figure = html! {
        <figure class="figure" data-testid="figure" data-algo={drawn}>
            { f.shown.figure.clone() }
            <figcaption data-testid="caption" class={classes!("caption", f.failed.then_some("warning"))} aria-live="polite">{f.shown.caption.clone()}</figcaption>
        </figure>
    };
    let bar = (f.query.controls && f.ready).then(|| player_bar(f.player, f.on_action));
    let Some(tools) = f
        .tools
        .as_ref()
        .filter(|_| !f.query.embed || f.query.panels)
    else {
        let fit = (!f.query.controls).then_some("no-controls");
        return html! { <section class={classes!(f.class, "embed", fit)} data-testid={f.class}>{figure}{for bar}</section> };
    };
    let toolbar = toolbar(&f, tools);
    let dialog = share_dialog(&tools.share_open, f.nav, &f.shown.title);
    let Shown {
        side,
        line,
        pseudocode: lines,
        legend,
        below,
        after,
        ..
    } = f.shown;
    // The figure and the player come first, right under the heading, so that both fit the
    // first screen of a projector (1280×800) and of a phone (issue 32); the lead, the toolbar
    // and the results sit beside them on wide screens and under them on narrow ones.
    html! {
        <section class={classes!(f.class, "family-page")} data-testid={f.class}>
            <div class="page-head">
                <h1>{f.title}</h1>
                // Embedded (a lesson slide with its panels), the page is part of another's
                // course: no way out to practice or to the lesson editor.
                if !f.query.embed {
                    <a class="practice-tab" href={format!("#/practice?f={}", f.problem)} data-testid="practice-tab">{"Practice"}</a>
                    <crate::ui::pages::lesson::editor::AddToLesson />
                }
            </div>
            <div class="layout">
                <div class="figure-col">
                    if f.budget_hit {
                        <p class="banner warning" role="status" data-testid="budget-hit">{"This search stopped at its work budget: the answer shown is the best it found, not proven optimal. A smaller instance, or an exact algorithm from the menu, gives a proven answer."}</p>
                    }
                    {figure}{for bar}{below}
                </div>
                <aside class="side-col" aria-label="Algorithm and results">
                    <p class="lead">{f.lead}</p>
                    { toolbar }
                    <div class="side">
                        { side }
                        if !lines.is_empty() {
                            { pseudocode(lines, line) }
                        }
                        { legend }
                    </div>
                    { about_panel(f.problem, f.about) }
                </aside>
            </div>
            { after }
            { dialog }
        </section>
    }
}

fn toolbar(f: &Frame<'_>, tools: &Tools) -> Html {
    let problem = f.problem;
    let titles = family::info(problem);
    let options: Vec<(&str, String)> = tools
        .offered
        .iter()
        .map(|name| {
            let title = titles
                .and_then(|fam| fam.algorithm(name))
                .map_or("", |a| a.title);
            (*name, format!("{name}: {title}"))
        })
        .collect();
    let on_svg = f.shown.svg.clone().map(|make| {
        Callback::from(move |_: MouseEvent| {
            let (name, svg) = make();
            dom::download(&name, "image/svg+xml", &svg);
        })
    });
    let on_json = tools.result.clone().map(|doc| {
        Callback::from(move |_: MouseEvent| {
            let text = serde_json::to_string_pretty(&*doc).unwrap_or_default();
            dom::download(
                &format!("hetlab-{problem}-result.json"),
                "application/json",
                &text,
            );
        })
    });
    html! {
        <div class="toolbar" data-testid="editor-panel">
            { algo_select(f.nav, &options, f.algo) }
            { preset_select(f.nav, problem, &tools.instance) }
            { share_button(&tools.share_open) }
            if let Some(cb) = on_svg { <button onclick={cb} data-testid="export-svg">{"Export SVG"}</button> }
            if let Some(cb) = on_json { <button onclick={cb} data-testid="export-json">{"Export JSON"}</button> }
            <ExportMenu instance={tools.instance.clone()} algo={f.algo.to_owned()} fallback={f.shown.svg.clone()} />
            { tools.editor.clone() }
        </div>
    }
}

/// The page when the algorithm refused the instance: the family's figure for it, the message
/// as the caption.
pub fn refused(title: &str, figure: Html, message: &str) -> Shown {
    // ASCII only: `char::to_uppercase` would link Unicode's case tables (about 10 KB of
    // wasm) for messages that all start with an ASCII letter.
    let mut sentence = message.to_owned();
    if let Some(first) = sentence.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    Shown {
        title: title.to_owned(),
        figure,
        caption: format!("{sentence}."),
        side: html! { <p class="muted" data-testid="throughput">{"No result: this algorithm refused the instance, and the message beside the figure says why. Pick another algorithm above, or change the instance."}</p> },
        ..Shown::default()
    }
}

/// The page while the worker solves: what it has done so far, and Cancel. The figure fades in
/// after a moment (www/style.css), so quick runs do not flash it.
pub fn working(title: &str, algo: &str, steps: u32, ms: f64, cancel: &Callback<()>) -> Shown {
    let cancel = cancel.reform(|_: MouseEvent| ());
    let done = if steps > 0 {
        format!("{steps} steps recorded, {:.1} s", ms / 1000.0)
    } else if ms > 0.0 {
        format!("{:.1} s", ms / 1000.0)
    } else {
        String::new()
    };
    Shown {
        title: title.to_owned(),
        figure: html! {
            <div class="working" role="status" data-testid="working">
                <p>{"Solving in the background: the page stays usable."}</p>
                <p class="muted" data-testid="working-progress">{done}</p>
                <button onclick={cancel} data-testid="cancel">{"Cancel"}</button>
            </div>
        },
        caption: format!("Running {algo}…"),
        ..Shown::default()
    }
}

/// The page after Cancel: run it again.
pub fn cancelled(title: &str, algo: &str, retry: &Callback<()>) -> Shown {
    let retry = retry.reform(|_: MouseEvent| ());
    Shown {
        title: title.to_owned(),
        figure: html! {
            <div class="working cancelled" data-testid="cancelled">
                <p>{format!("You stopped {algo}. Pick another algorithm or instance, or run it again.")}</p>
                <button onclick={retry} data-testid="retry">{"Run again"}</button>
            </div>
        },
        caption: format!("{algo} was cancelled: nothing is shown until it runs."),
        side: html! { <p class="muted" data-testid="throughput">{"No result: the run was cancelled."}</p> },
        ..Shown::default()
    }
}
