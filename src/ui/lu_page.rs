//! The LU distributions page (lu-distributions.md §4): the processors, `B` and `n` come from the
//! URL (`i=`, or `preset=`, or the last instance seen here); the chosen scheme's trace is derived
//! from them; the player shows the allocation, the partition (2D), then the factorisation step
//! by step with the matrix coloured by owner and the load bars; the comparison plots of §3.3
//! sit below.

use std::rc::Rc;

use hetlab_core::instance::{Instance, Lu};
use hetlab_core::lu::{compare, solve_traced, LuState, LU_PSEUDOCODE};
use hetlab_core::rational::{approx, frac};
use hetlab_core::share;
use hetlab_core::trace::Step;
use yew::prelude::*;

use super::dom;
use super::lu_views::{working, ComparePlot, LuRun, OwnerMatrix, ALGORITHMS};
use super::player_bar::PlayerBar;
use super::procs_field::{Entry, ProcsField};
use super::stepper::{
    self, algo_select, phase_buttons, preset_select, share_button, share_dialog, use_player,
    use_shareable_url, PageQuery, Pseudocode,
};
use super::use_nav;
use crate::lu_draw::matrix_svg;
use crate::procs;
use crate::square_draw::colour;

const DEFAULT_PRESET: &str = "lu-1-2";
const LAST_KEY: &str = "hetlab.lu.v1";
const KINDS: &[(&str, &str)] = &[
    ("speeds", "relative speeds"),
    ("cycle_times", "cycle times"),
];

fn pick(i: Instance) -> Option<Lu> {
    match i {
        Instance::Lu(l) => Some(l),
        _ => None,
    }
}

fn resolve(payload: Option<&str>, preset: Option<&str>) -> Result<Lu, String> {
    let last = || stepper::remembered(LAST_KEY, DEFAULT_PRESET, pick);
    stepper::resolve(payload, preset, "lu", "Your last instance", pick, last)
}

/// The page.
#[component]
pub fn LuPage() -> Html {
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
        (**r)
            .as_ref()
            .ok()
            .map(|inst| solve_traced(algo, &inst.input()))
    });
    use_shareable_url(
        (*resolved).clone().ok().map(Instance::Lu),
        ALGORITHMS[0].0,
        Some(LAST_KEY),
    );
    let share_open = use_state(|| false);
    let len = match &*run {
        Some(Ok(r)) => r.trace.len(),
        _ => 0,
    };
    let (player, on_action) = use_player(len);

    let inst = match &*resolved {
        Ok(i) => i,
        Err(message) => return error_view(message, embed),
    };
    let t: &LuRun = match &*run {
        Some(Ok(t)) => t,
        Some(Err(message)) => {
            return error_view(
                &format!("This instance cannot be solved: {message}."),
                embed,
            )
        }
        None => return error_view("Nothing to show.", embed),
    };
    let p = inst.processors.len();
    let s = t.trace.state_at(LuState::new(p, t.solution.n), player.step);
    let last = player
        .step
        .checked_sub(1)
        .and_then(|i| t.trace.steps.get(i));
    let caption = last.map_or_else(
        || format!("{p} processors, a {n} × {n} block matrix. Press ▶ to build the distribution, then follow the factorisation step by step.", n = t.solution.n),
        |st| st.caption(&()),
    );
    let title = format!("{} on {p} processors, n = {}", algo, t.solution.n);
    let owners = Rc::new(s.owners.clone());
    let figure_html = html! {
        <figure class="figure" data-testid="figure">
            <OwnerMatrix owners={owners} k={s.k} title={title.clone()} />
            <p class="legend-row">{ for (0..p).map(|i| html! { <span class="chip" style={format!("background:{}", colour(i))}>{format!("P{}", i + 1)}</span> }) }</p>
            <figcaption data-testid="caption" class="caption" aria-live="polite">{caption}</figcaption>
        </figure>
    };
    let bar = controls
        .then(|| html! { <PlayerBar player={player.clone()} on_action={on_action.clone()} /> });
    if embed {
        return html! { <section class="lu-page embed" data-testid="lu-page">{figure_html}{for bar}</section> };
    }
    let done = player.step >= len;
    html! {
        <section class="lu-page" data-testid="lu-page">
            <h1>{"LU data distributions"}</h1>
            <p class="lead">{"The matrix shrinks at every step of an LU factorisation: a good distribution keeps every processor's share of the trailing matrix proportional to its speed all along."}</p>
            { toolbar(&nav, &algo, inst, &s, &title, &share_open, t) }
            <div class="layout">
                <div class="figure-col">{figure_html}{for bar}{ working(&s) }</div>
                <aside class="side" aria-label="Results">
                    <h2>{"Result"}</h2>
                    if done {
                        <dl class="metrics" data-testid="lu-result">
                            <dt>{"Total time (simulated)"}</dt><dd data-testid="total-cost">{frac(&t.solution.total_cost)}</dd>
                            <dt>{"Perfect balance"}</dt><dd>{format!("{} ≈ {}", frac(&t.solution.perfect_balance), approx(&t.solution.perfect_balance))}</dd>
                            <dt>{"Ratio"}</dt><dd data-testid="lu-ratio">{approx(&t.solution.ratio)}</dd>
                        </dl>
                    } else {
                        <p class="muted" data-testid="lu-result">{"The totals appear at the last step (press End)."}</p>
                    }
                    { phase_buttons(&t.trace.steps, &player, &on_action) }
                    <Pseudocode lines={LU_PSEUDOCODE} active={last.map(|st| st.phase().line)} />
                </aside>
            </div>
            <h2>{"Every scheme against perfect balance (§3.3)"}</h2>
            <div class="plots">
                if ![compare::set_a(), compare::set_b()].contains(&inst.processors.cycle_times()) {
                    <ComparePlot cycle_times={Rc::new(inst.processors.cycle_times())} title="These processors" testid="compare-plot" />
                }
                <ComparePlot cycle_times={Rc::new(compare::set_a())} title="Set A: cycle times 1, 5 × 8" testid="compare-plot-a" />
                <ComparePlot cycle_times={Rc::new(compare::set_b())} title="Set B: speeds 0.1, 0.1, 0.12, 0.15, 0.15, 0.18, 0.2" testid="compare-plot-b" />
            </div>
            { share_dialog(&share_open, &nav, &title) }
        </section>
    }
}

fn error_view(message: &str, embed: bool) -> Html {
    stepper::error_view(
        "lu-page",
        message,
        embed,
        html! { <a href="#/lu?preset=lu-1-2">{"Open the reference example"}</a> },
    )
}

fn toolbar(
    nav: &super::Nav,
    algo: &str,
    inst: &Lu,
    s: &LuState,
    title: &str,
    share_open: &UseStateHandle<bool>,
    t: &LuRun,
) -> Html {
    let on_apply = {
        let nav = nav.clone();
        Callback::from(move |(kind, text, extras): Entry| {
            let b = extras
                .first()
                .and_then(|v| v.trim().parse::<usize>().ok())
                .ok_or("B: a whole number of chunks per slice, e.g. 10")?;
            let n = match extras.get(1).map(|v| v.trim()) {
                None | Some("") => None,
                Some(v) => Some(
                    v.parse::<usize>()
                        .map_err(|_| format!("n: a whole number of blocks, got \"{v}\""))?,
                ),
            };
            let inst = procs::lu(&kind, &text, b, n)?;
            // Refuse here what every scheme would refuse, so that the shown instance stays.
            hetlab_core::lu::check(&inst.input())?;
            let mut r = nav.route.clone();
            r.query.set("i", share::encode(&Instance::Lu(inst)));
            r.query.set("step", "0");
            nav.push(r);
            Ok(())
        })
    };
    let on_svg = {
        let svg = matrix_svg(&s.owners, s.k, title);
        Callback::from(move |_: MouseEvent| {
            dom::download("hetlab-lu-matrix.svg", "image/svg+xml", &svg);
        })
    };
    let on_json = {
        let text = serde_json::to_string_pretty(&hetlab_core::lu::report::result(
            &t.solution,
            &t.trace,
            false,
        ))
        .unwrap_or_default();
        Callback::from(move |_: MouseEvent| {
            dom::download("hetlab-lu-result.json", "application/json", &text);
        })
    };
    let extras = vec![
        (AttrValue::from("B"), AttrValue::from(inst.b.to_string())),
        (
            AttrValue::from("n"),
            AttrValue::from(inst.n.map(|n| n.to_string()).unwrap_or_default()),
        ),
    ];
    html! {
        <div class="toolbar" data-testid="editor-panel">
            { algo_select(nav, &ALGORITHMS.iter().map(|(n, t)| (*n, format!("{n}: {t}"))).collect::<Vec<_>>(), algo) }
            { preset_select(nav, "lu", None) }
            { share_button(share_open) }
            <button onclick={on_svg} data-testid="export-svg">{"Export SVG"}</button>
            <button onclick={on_json} data-testid="export-json">{"Export JSON"}</button>
            <ProcsField kinds={KINDS} kind={inst.processors.field()} text={procs::text(&inst.processors)} {extras} {on_apply} />
        </div>
    }
}
