//! What the steady-state page shows at one step, for each algorithm: the figure, the caption,
//! the pseudocode line, the result panel and (for the LP) the Gantt chart of one period.

use std::rc::Rc;

use hetlab_core::periodic::bars;
use hetlab_core::rational::{approx, frac, shown, to_f64, Q};
use hetlab_core::steady_state::extras::{Batch, FullRun, LpExtras, PageExtras, TreeCheck, PERIODS};
use hetlab_core::steady_state::family::SteadyRun;
use hetlab_core::steady_state::pipeline::{
    Context, PipeState, PipeStep, Pipeline, PIPELINE_PSEUDOCODE,
};
use hetlab_core::steady_state::spanning::Comparison;
use hetlab_core::steady_state::tree::{self, TreeState, TreeStep, TREE_PSEUDOCODE};
use hetlab_core::steady_state::SteadyState;
use hetlab_core::trace::{Step, Traced};
use num_traits::One;
use yew::prelude::*;

use crate::draw::describe::count;

use crate::ui::pages::graph_view::GraphView;

use super::rates::RatesEditor;
use super::{explain, tree_view};

use crate::draw;
use crate::draw::svg::fixed1;
use crate::draw::{bipartite, gantt};
use crate::player::{Action, Player};
use crate::ui::components::gantt_view::gantt_svg;
use crate::ui::components::player_bar::phase_buttons;
use crate::ui::components::plot::throughput_plot;

/// Builds the view of `run` after `player.step` steps.
pub fn step_view(
    inst: &SteadyState,
    run: &SteadyRun,
    page_extras: &PageExtras,
    player: &Player,
    on_action: &Callback<Action>,
) -> GraphView {
    let (extras, check) = match page_extras {
        PageExtras::Lp(x) => (Some(x), None),
        PageExtras::Tree(c) => (None, Some(c)),
    };
    let ids = inst.platform.ids();
    let k = player.step;
    match run {
        SteadyRun::Tree(t) => {
            let s = t
                .trace
                .state_at(TreeState::new(inst.platform.nodes.len()), k);
            let last = k.checked_sub(1).and_then(|i| t.trace.steps.get(i));
            GraphView {
                figure: Rc::new(draw::tree(&inst.platform, &s)),
                caption: last.map_or_else(
                    || intro(inst, "the bandwidth-centric algorithm"),
                    |st| st.caption(ids.as_slice()),
                ),
                line: last.map(|st| st.phase().line),
                pseudocode: TREE_PSEUDOCODE,
                results: tree_results(inst, t, &s, check, player, on_action),
                below: tree_view::gantt(inst, &t.solution, &s),
            }
        }
        SteadyRun::Lp(t) => {
            let s = t.trace.state_at(PipeState::default(), k);
            let arcs = inst.platform.arcs();
            let ctx = Context {
                ids: &ids,
                arcs: &arcs,
                pipeline: &t.solution,
            };
            let last = k.checked_sub(1).and_then(|i| t.trace.steps.get(i));
            GraphView {
                figure: Rc::new(draw::lp(&inst.platform, &t.solution, &s)),
                caption: last.map_or_else(
                    || intro(inst, "the LP and the periodic schedule"),
                    |st| st.caption(&ctx),
                ),
                line: last.map(|st| st.phase().line),
                pseudocode: PIPELINE_PSEUDOCODE,
                results: html! { <>{ lp_results(inst, t, &s, extras, player, on_action) }{ match extras.filter(|_| s.throughput_known()) { Some(x) => html! { <>{ tree_comparison(&t.solution, &x.trees) }{ other_models(&x.models) }</> }, None => Html::default() } }<RatesEditor instance={inst.clone()} optimal={s.rates_shown().then(|| t.solution.lp.rates.clone())} /></> },
                below: if s.scaled() {
                    gantt_view(inst, &t.solution, s.slots, extras)
                } else if s.period_known() {
                    bipartite_view(inst, &t.solution, &s)
                } else {
                    Html::default()
                },
            }
        }
    }
}

fn intro(inst: &SteadyState, what: &str) -> String {
    let mut text = platform_intro(inst, what);
    for w in hetlab_core::steady_state::notes::warnings(inst) {
        text.push(' ');
        text.push_str(&w);
    }
    text
}

fn platform_intro(inst: &SteadyState, what: &str) -> String {
    let p = &inst.platform;
    let masters: Vec<String> = p
        .nodes
        .iter()
        .filter(|v| v.master)
        .map(|v| v.id.to_string())
        .collect();
    format!(
        "The platform: {} and {}; master {}. Each node shows its time per task w, each link its time per task c. Press ▶ or → to follow {what}.",
        count(p.nodes.len(), "node"),
        count(p.links.len(), "link"),
        masters.join(", ")
    )
}

/// Buttons jumping to the first step of each phase.
fn throughput_line(known: Option<&hetlab_core::rational::Q>, found_at: usize) -> Html {
    let text = match known {
        Some(r) => format!(
            "ρ* = {} task{} per time unit",
            shown(r),
            if r.is_one() { "" } else { "s" }
        ),
        None => format!("ρ* is found at step {found_at}."),
    };
    html! { <p class="throughput" data-testid="throughput">{text}</p> }
}

fn tree_results(
    inst: &SteadyState,
    t: &Traced<tree::TreeSolution, TreeStep>,
    s: &TreeState,
    check: Option<&TreeCheck>,
    player: &Player,
    on_action: &Callback<Action>,
) -> Html {
    let found_at = t
        .trace
        .steps
        .iter()
        .position(|s| matches!(s, TreeStep::FoundThroughput { .. }))
        .map_or(0, |k| k + 1);
    let p = &inst.platform;
    html! {
        <>
            <h2>{"Result"}</h2>
            { throughput_line(s.throughput.as_ref(), found_at) }
            if let (Some(_), Some(c)) = (&s.throughput, check) { { explain::tree_check(c) } }
            { phase_buttons(&t.trace.steps, player, on_action) }
            <table class="rates" data-testid="rates">
                <thead><tr><th>{"node"}</th><th>{"w"}</th><th>{"ρ_sub"}</th><th>{"x (tasks/t)"}</th><th>{"receives"}</th></tr></thead>
                <tbody>
                    { for p.nodes.iter().enumerate().map(|(i, v)| html! {
                        <tr class={classes!((s.focus == Some(i)).then_some("focus"))}>
                            <td>{v.id.to_string()}</td>
                            <td>{v.w.as_ref().map(ToString::to_string).unwrap_or_default()}</td>
                            <td>{s.rho_sub[i].as_ref().map(frac).unwrap_or_default()}</td>
                            <td>{s.x[i].as_ref().map(frac).unwrap_or_default()}</td>
                            <td>{s.rate_in[i].as_ref().map(frac).unwrap_or_default()}</td>
                        </tr>
                    }) }
                </tbody>
            </table>
            { tree_view::period(inst, &t.solution, s) }
        </>
    }
}

fn lp_results(
    inst: &SteadyState,
    t: &Traced<Pipeline, PipeStep>,
    s: &PipeState,
    extras: Option<&LpExtras>,
    player: &Player,
    on_action: &Callback<Action>,
) -> Html {
    let pipe = &t.solution;
    let p = &inst.platform;
    let ids = p.ids();
    let arcs = p.arcs();
    let route_text = |k: usize| {
        let a = &pipe.allocations[k];
        if a.path_in.is_empty() {
            return format!("{} computes itself: {}", ids[a.master], frac(&a.weight));
        }
        let mut hops = vec![ids[a.master].to_string()];
        hops.extend(a.path_in.iter().map(|&e| ids[arcs[e].to].to_string()));
        format!("{}: {}", hops.join(" → "), frac(&a.weight))
    };
    let pattern = pipe.pattern.as_ref();
    html! {
        <>
            <h2>{"Result"}</h2>
            { throughput_line(s.throughput_known().then_some(&pipe.lp.throughput), 1) }
            if let Some(x) = extras.filter(|_| s.throughput_known()) { { explain::uniqueness(inst, &x.face) } }
            if s.rates_shown() { <p>{format!("Least total port-busy time among optimal rates: {}", frac(&pipe.lp.comm_min))}</p> }
            if let Some(x) = extras.filter(|_| s.throughput_known()) { { explain::why_optimal(inst, x, &pipe.lp.throughput) } }
            { phase_buttons(&t.trace.steps, player, on_action) }
            { explain::lp_listing(inst) }
            if s.rates_shown() {
                <table class="rates" data-testid="rates">
                    <thead><tr><th>{"node"}</th><th>{"w"}</th><th>{"x (tasks/t)"}</th><th>{"busy computing"}</th></tr></thead>
                    <tbody>
                        { for p.nodes.iter().enumerate().map(|(i, v)| {
                            let x = &pipe.lp.rates.x[i];
                            let alpha = v.w.as_ref().and_then(hetlab_core::rational::Cost::finite).map(|w| frac(&(w * x))).unwrap_or_default();
                            html! { <tr><td>{v.id.to_string()}</td><td>{v.w.as_ref().map(ToString::to_string).unwrap_or_default()}</td><td>{frac(x)}</td><td>{alpha}</td></tr> }
                        }) }
                    </tbody>
                </table>
            }
            if s.routes > 0 {
                <h2>{"Routes (tasks per time unit)"}</h2>
                <ol class="routes">{ for (0..s.routes).map(|k| html! { <li class={classes!((s.current_route == Some(k)).then_some("active"))}>{route_text(k)}</li> }) }</ol>
            }
            if let (true, Some(pat)) = (s.period_known(), pattern) {
                <h2>{"Period"}</h2>
                <p>{format!("T = {}; per period: ", pat.period_t)}{ for p.nodes.iter().enumerate().filter(|(i, _)| pat.n[*i] > 0.into()).map(|(i, v)| format!("{} computes {}; ", v.id, pat.n[i])) }</p>
                if s.matchings > 0 {
                    <ol class="routes">{ for pat.decomposition.matchings.iter().take(s.matchings).enumerate().map(|(k, m)| {
                        let edges: Vec<String> = m.edges.iter().map(|&(i, j)| format!("{}→{}", ids[i], ids[j])).collect();
                        html! { <li class={classes!((s.current_matching == Some(k)).then_some("active"))}>{format!("μ = {}: {}", frac(&m.mu), edges.join(", "))}</li> }
                    }) }</ol>
                }
                if s.scaled() { <p data-testid="pattern">{format!("A = {}, one period lasts L = {} and completes {} tasks.", pat.scale_a, pat.length, pat.tasks())}</p> }
                if s.scaled() { { explain::scale_view(inst, pat) } }
            }
        </>
    }
}

/// Section 3.6: the best single spanning tree against the whole graph.
fn tree_comparison(
    pipe: &Pipeline,
    trees: &Result<Comparison, hetlab_core::error::SolveError>,
) -> Html {
    let text = match trees {
        Err(why) => format!("Best single tree: not computed ({why})."),
        Ok(Comparison { best: None, .. }) => {
            "Best single tree: the master reaches no other node.".to_owned()
        }
        Ok(c) => {
            let best = c
                .best
                .as_ref()
                .map_or_else(String::new, |(b, _)| format!("{} ≈ {}", frac(b), approx(b)));
            let of = if c.complete {
                format!("of all {} spanning trees", c.trees)
            } else {
                format!(
                    "of the first {} spanning trees (enumeration stopped)",
                    c.trees
                )
            };
            format!("Best single spanning tree {of}: {best}; the whole graph: {}. Finding the best tree is NP-hard, and a tree can be arbitrarily worse than the graph.", frac(&pipe.lp.throughput))
        }
    };
    html! { <p class="muted" data-testid="tree-comparison">{text}</p> }
}

/// Section 2.8: the LP value under other operating models, labelled as bounds without schedule.
fn other_models(models: &[(String, Result<Q, hetlab_core::error::SolveError>)]) -> Html {
    html! {
        <details class="models" data-testid="other-models">
            <summary>{"Other operating models (upper bounds, no schedule)"}</summary>
            <table>
                <tbody>{ for models.iter().map(|(name, v)| html! {
                    <tr><td>{name.clone()}</td><td>{ match v { Ok(q) => format!("{} ≈ {}", frac(q), approx(q)), Err(e) => e.to_string() } }</td></tr>
                }) }</tbody>
            </table>
            <p class="muted">{"The periodic schedule is built for the base model only: under the unidirectional model, for instance, the LP bound is in general not achievable."}</p>
        </details>
    }
}

fn gantt_view(
    inst: &SteadyState,
    pipe: &Pipeline,
    slots: usize,
    extras: Option<&LpExtras>,
) -> Html {
    let Some(pat) = &pipe.pattern else {
        return Html::default();
    };
    let arcs = inst.platform.arcs();
    let fl = pipe.lp.flows(inst, &arcs);
    // Computations are drawn at once; transfers appear slot by slot as the steps go.
    let shown: Vec<_> = bars(pat, &fl)
        .into_iter()
        .filter(|b| b.slot.is_none_or(|k| k < slots))
        .collect();
    let chart = gantt::chart(&inst.platform, pat, &shown);
    html! {
        <>
        { gantt_svg(&chart, "One period: compute lanes, then each slot's transfers (one bar per group of identical transfers, k × duration); vertical lines are slot boundaries.") }
        { extras.map(|x| full_run(x.full_run.as_ref(), &pipe.lp.throughput)) }
        { extras.map(|x| latency_view(x.batches.as_deref())) }
        </>
    }
}

/// The sender/receiver graph with the current matching highlighted (sections 4.3–4.4).
fn bipartite_view(inst: &SteadyState, pipe: &Pipeline, s: &PipeState) -> Html {
    let Some(pat) = &pipe.pattern else {
        return Html::default();
    };
    let done = s.current_matching.unwrap_or(s.matchings);
    let b = bipartite::layout(&inst.platform, pat, done, s.current_matching);
    html! {
        <figure class="figure bipartite" data-testid="bipartite">
            <svg viewBox={format!("0 0 {} {:.0}", bipartite::WIDTH, b.height)} role="img" aria-label="Sender and receiver ports with the time each pair must communicate per period">
                { for b.edges.iter().map(|e| html! {
                    <g class={classes!("edge", e.matched.then_some("matched"))}>
                        <line x1={fixed1(e.from.0)} y1={fixed1(e.from.1)} x2={fixed1(e.to.0)} y2={fixed1(e.to.1)} />
                        <text x={fixed1(e.from.0 + (e.to.0 - e.from.0) * 0.3)} y={fixed1(e.from.1 + (e.to.1 - e.from.1) * 0.3 - 4.0)} text-anchor="middle">{&e.label}</text>
                    </g>
                }) }
                { for b.ports.iter().map(|p| html! {
                    <g class={classes!("port", p.tight.then_some("tight"))}>
                        <circle cx={fixed1(p.at.0)} cy={fixed1(p.at.1)} r="7" />
                        <text x={fixed1(if p.sender { p.at.0 - 12.0 } else { p.at.0 + 12.0 })} y={fixed1(p.at.1 + 4.0)} text-anchor={if p.sender { "end" } else { "start" }}>{&p.label}</text>
                    </g>
                }) }
            </svg>
            <figcaption class="caption">{"Left: sending ports, right: receiving ports; each edge is a transfer with its busy time per period still to schedule. Highlighted: the current matching (red) and the busiest ports (thick). "}{&b.summary}</figcaption>
        </figure>
    }
}

/// Section 4.9 with the platform's latencies: the batched period for `N = 1..=100`.
fn latency_view(batches: Option<&[Batch]>) -> Html {
    let Some(batches) = batches else {
        return html! { <p class="muted" data-testid="latency">{"Start-up latencies: none on this platform. Give nodes an lcalc or links an lcomm in the platform editor to see how batching N periods amortises them (section 4.9)."}</p> };
    };
    let rows: Vec<LatencyRow> = batches
        .iter()
        .map(|b| LatencyRow {
            batch: b.batch,
            period: frac(&b.period),
            throughput: frac(&b.throughput),
            ratio: format!("{} ≈ {}", frac(&b.ratio), approx(&b.ratio)),
        })
        .collect();
    html! { <LatencyPanel rows={Rc::new(rows)} /> }
}

/// One batch size of the latency panel.
#[derive(Clone, PartialEq)]
pub struct LatencyRow {
    batch: u64,
    period: String,
    throughput: String,
    ratio: String,
}

/// Props of [`LatencyPanel`].
#[derive(Properties, PartialEq)]
pub struct LatencyProps {
    rows: Rc<Vec<LatencyRow>>,
}

/// A slider over the batch size `N` with the batched period and the throughput it achieves.
#[component]
pub fn LatencyPanel(props: &LatencyProps) -> Html {
    let batch = use_state(|| 1usize);
    let on_input = {
        let batch = batch.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Ok(n) = input.value().parse::<usize>() {
                batch.set(n);
            }
        })
    };
    let Some(row) = props.rows.get(batch.saturating_sub(1)) else {
        return Html::default();
    };
    html! {
        <figure class="figure" data-testid="latency">
            <label>{"Batch N = "}{row.batch}{" periods "}
                <input type="range" min="1" max={props.rows.len().to_string()} value={row.batch.to_string()} oninput={on_input} aria-label="Batch size N" />
            </label>
            <figcaption class="caption">{format!(
                "With start-up latencies, N periods are batched into one: the batched period lasts P_N = {} and achieves {} tasks per time unit, {} of ρ* (it tends to 1 as N grows).",
                row.period, row.throughput, row.ratio
            )}</figcaption>
        </figure>
    }
}

/// Section 4.8: the simulated full run against the bound `ρ*·t` (base model only).
fn full_run(run: Option<&Result<FullRun, hetlab_core::error::SolveError>>, rho: &Q) -> Html {
    let run = match run {
        None => {
            return html! { <p class="muted">{"With result files only one period is shown."}</p> }
        }
        Some(Err(_)) => {
            return html! { <p class="warning">{"The simulation found a node without tasks to work on; please report this platform."}</p> }
        }
        Some(Ok(r)) => r,
    };
    let points: Vec<(f64, f64)> = run
        .points
        .iter()
        .map(|(t, d)| (to_f64(t), to_f64(&Q::from_integer(d.clone()))))
        .collect();
    let last = run
        .points
        .last()
        .map(|(_, d)| d.clone())
        .unwrap_or_default();
    html! {
        <figure class="figure" data-testid="full-run">
            { throughput_plot(&points, to_f64(rho)) }
            <figcaption class="caption">{format!(
                "Full run: node i starts its pattern once the period exceeds its depth in the flow graph, so the first periods fill the pipeline. After {PERIODS} periods: {} tasks against the bound {}, ratio {} ≈ {} (it tends to 1).",
                last, frac(&run.bound), frac(&run.ratio), approx(&run.ratio)
            )}</figcaption>
        </figure>
    }
}
