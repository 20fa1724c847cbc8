//! The unit-square partition page (square-partitions.md §6): the processors come from the URL
//! (`i=`, or `preset=`, or the last instance seen in this browser), the chosen algorithm's trace
//! is derived from them, and the player shows one step: the square with the rectangles placed
//! so far, the DP table or the algorithm's own working, metrics, and every algorithm side by
//! side on the same instance.

pub mod views;
pub mod working;

use hetlab_core::instance::{Instance, SquarePartition};
use hetlab_core::share;
use yew::prelude::*;

use crate::procs;
use crate::square_draw::{self, SquareFigure, MARGIN, SIDE};
use crate::ui::components::player_bar::PlayerBar;
use crate::ui::components::procs_field::{Entry, ProcsField};
use crate::ui::dom;
use crate::ui::hooks::stepper::{
    self, algo_select, preset_select, share_button, share_dialog, use_player, use_shareable_url,
    PageQuery, Pseudocode,
};
use crate::ui::pages::square::views::{comparison, metrics_panel, SquareRun, ALGORITHMS, GRID};
use crate::ui::use_nav;

/// Preset shown when nothing else is given.
const DEFAULT_PRESET: &str = "square-7-1";
/// The last square-partition instance seen in this browser.
const LAST_KEY: &str = "hetlab.square.v1";
/// The meanings the processor field offers.
const KINDS: &[(&str, &str)] = &[
    ("speeds", "relative speeds"),
    ("cycle_times", "cycle times"),
    ("areas", "areas"),
];

fn pick(i: Instance) -> Option<SquarePartition> {
    match i {
        Instance::SquarePartition(s) => Some(s),
        _ => None,
    }
}

fn resolve(payload: Option<&str>, preset: Option<&str>) -> Result<SquarePartition, String> {
    let last = || stepper::remembered(LAST_KEY, DEFAULT_PRESET, pick);
    stepper::resolve(
        payload,
        preset,
        "square-partition",
        "Your last instance",
        pick,
        last,
    )
}

/// The page.
#[component]
pub fn SquarePage() -> Html {
    let nav = use_nav();
    let PageQuery {
        payload,
        preset,
        algo,
        embed,
        controls,
    } = PageQuery::of(&nav.route, ALGORITHMS[0].0);
    let resolved = use_memo((payload.clone(), preset.clone()), |(p, s)| {
        resolve(p.as_deref(), s.as_deref())
    });
    let run = use_memo((resolved.clone(), algo.clone()), |(r, algo)| {
        (**r).as_ref().map(|inst| SquareRun::new(inst, algo)).ok()
    });
    use_shareable_url(
        (*resolved).clone().ok().map(Instance::SquarePartition),
        ALGORITHMS[0].0,
        Some(LAST_KEY),
    );
    let share_open = use_state(|| false);
    let len = match &*run {
        Some(Ok(r)) => r.len(),
        _ => 0,
    };
    let (player, on_action) = use_player(len);

    let inst = match &*resolved {
        Ok(i) => i,
        Err(message) => return error_view(message, embed),
    };
    let view = match &*run {
        Some(Ok(r)) => r.view(&player, &on_action),
        Some(Err(message)) => return error_view(message, embed),
        None => return error_view("Nothing to show.", embed),
    };
    let fig = square_draw::figure(&view.placed, &view.marks);
    let title = format!(
        "{} on {} processors",
        algo_title(&algo),
        inst.processors.len()
    );
    let figure_html = html! {
        <figure class="figure" data-testid="figure">
            <SquareSvg figure={fig.clone()} title={title.clone()} />
            <figcaption data-testid="caption" class="caption" aria-live="polite">{view.caption.clone()}</figcaption>
        </figure>
    };
    let bar = controls
        .then(|| html! { <PlayerBar player={player.clone()} on_action={on_action.clone()} /> });
    if embed {
        return html! { <section class="square-page embed" data-testid="square-page">{figure_html}{for bar}</section> };
    }
    html! {
        <section class="square-page" data-testid="square-page">
            <h1>{"Partitioning the unit square"}</h1>
            <p class="lead">{"Each processor gets a rectangle whose area is its share of the speed; the sum of half-perimeters is the communication volume of a matrix product."}</p>
            { toolbar(&nav, &algo, inst, &fig, &title, &share_open, &run) }
            <div class="layout">
                <div class="figure-col">{figure_html}{for bar}{view.below}</div>
                <aside class="side" aria-label="Results">
                    { metrics_panel(view.metrics.as_ref(), algo == GRID) }
                    { view.phases }
                    { comparison(inst, &algo) }
                    <Pseudocode lines={view.pseudocode} active={view.line} />
                </aside>
            </div>
            { share_dialog(&share_open, &nav, &title) }
        </section>
    }
}

fn algo_title(algo: &str) -> &'static str {
    ALGORITHMS
        .iter()
        .find(|(name, _)| *name == algo)
        .map_or("Unknown algorithm", |(_, title)| *title)
}

fn error_view(message: &str, embed: bool) -> Html {
    stepper::error_view(
        "square-page",
        message,
        embed,
        html! { <a href="#/square-partition?preset=square-7-1">{"Open the 8-area example"}</a> },
    )
}

type RunMemo = std::rc::Rc<Option<Result<SquareRun, String>>>;

fn toolbar(
    nav: &crate::ui::Nav,
    algo: &str,
    inst: &SquarePartition,
    fig: &SquareFigure,
    title: &str,
    share_open: &UseStateHandle<bool>,
    run: &RunMemo,
) -> Html {
    let on_apply = {
        let nav = nav.clone();
        Callback::from(move |(kind, text, _): Entry| {
            let inst = procs::square(&kind, &text)?;
            let mut r = nav.route.clone();
            r.query
                .set("i", share::encode(&Instance::SquarePartition(inst)));
            r.query.set("step", "0");
            nav.push(r);
            Ok(())
        })
    };
    let on_svg = {
        let (svg, step) = (
            square_draw::to_svg_document(fig, title),
            nav.route.query.get("step").unwrap_or("0").to_owned(),
        );
        Callback::from(move |_: MouseEvent| {
            dom::download(
                &format!("hetlab-square-step-{step}.svg"),
                "image/svg+xml",
                &svg,
            );
        })
    };
    let on_json = match &**run {
        Some(Ok(r)) => {
            let text = serde_json::to_string_pretty(&r.result_json()).unwrap_or_default();
            Some(Callback::from(move |_: MouseEvent| {
                dom::download("hetlab-square-result.json", "application/json", &text);
            }))
        }
        _ => None,
    };
    html! {
        <div class="toolbar" data-testid="editor-panel">
            { algo_select(nav, &ALGORITHMS.iter().map(|(n, t)| (*n, format!("{n}: {t}"))).collect::<Vec<_>>(), algo) }
            { preset_select(nav, "square-partition") }
            { share_button(share_open) }
            <button onclick={on_svg} data-testid="export-svg">{"Export SVG"}</button>
            if let Some(cb) = on_json { <button onclick={cb} data-testid="export-json">{"Export JSON"}</button> }
            <ProcsField kinds={KINDS} kind={inst.processors.field()} text={procs::text(&inst.processors)} {on_apply} />
        </div>
    }
}

/// Props of [`SquareSvg`].
#[derive(Properties, PartialEq)]
pub struct SquareSvgProps {
    /// What to draw.
    pub figure: SquareFigure,
    /// Accessible name.
    pub title: AttrValue,
}

/// The square as inline SVG.
#[component]
pub fn SquareSvg(props: &SquareSvgProps) -> Html {
    let full = SIDE + 2.0 * MARGIN;
    html! {
        <svg class="square" viewBox={format!("0 0 {full} {full}")} role="img" aria-label={props.title.clone()} data-testid="square">
            <rect class="frame" x={MARGIN.to_string()} y={MARGIN.to_string()} width={SIDE.to_string()} height={SIDE.to_string()} />
            if props.figure.tiles.is_empty() && props.figure.outlines.is_empty() {
                <text class="empty" x={(MARGIN + SIDE / 2.0).to_string()} y={(MARGIN + SIDE / 2.0).to_string()}>{"The rectangles appear here once they are placed."}</text>
            }
            { for props.figure.tiles.iter().map(|t| {
                let (cx, cy) = (t.x + t.w / 2.0, t.y + t.h / 2.0);
                html! {
                    <g class={t.class.clone()} data-testid={format!("rect-{}", t.proc + 1)}>
                        <rect x={format!("{:.2}", t.x)} y={format!("{:.2}", t.y)} width={format!("{:.2}", t.w)} height={format!("{:.2}", t.h)} fill={t.fill}>
                            <title>{format!("{}: {}", t.label, t.sub)}</title>
                        </rect>
                        if t.shows_label() {
                            <text x={format!("{cx:.2}")} y={format!("{:.2}", cy + 4.0)} class="label">{t.label.clone()}</text>
                        }
                        if t.shows_sub() {
                            <text x={format!("{cx:.2}")} y={format!("{:.2}", cy + 18.0)} class="sub">{t.sub.clone()}</text>
                        }
                    </g>
                }
            }) }
            { for props.figure.outlines.iter().map(|o| html! {
                <g class="outline">
                    <rect x={format!("{:.2}", o.x)} y={format!("{:.2}", o.y)} width={format!("{:.2}", o.w)} height={format!("{:.2}", o.h)} />
                    <text x={format!("{:.2}", o.x + 6.0)} y={format!("{:.2}", o.y + 16.0)}>{o.label.clone()}</text>
                </g>
            }) }
            { for props.figure.separators.iter().map(|x| html! {
                <line class="separator" x1={format!("{x:.2}")} y1={MARGIN.to_string()} x2={format!("{x:.2}")} y2={(MARGIN + SIDE).to_string()} />
            }) }
        </svg>
    }
}
