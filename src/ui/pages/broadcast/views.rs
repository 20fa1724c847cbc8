//! What the broadcast page shows at one step of each pipeline (broadcast.md §8): the platform
//! figure, the caption and pseudocode line, the result panel (ρ, bounds, the min-cut
//! certificate, the comparison with single trees) and the working below the figure (the trees
//! with their weights, the Gantt chart of one period, the multicast bounds, the column
//! generation rounds).

use std::rc::Rc;

use hetlab_core::broadcast::dispatch::Run;
use hetlab_core::broadcast::extras::BroadcastExtras;
use hetlab_core::broadcast::multicast::{self, MulticastState, MULTICAST_PSEUDOCODE};
use hetlab_core::broadcast::unidirectional::{
    TransformState, UniState, TRANSFORM_PSEUDOCODE, UNIDIRECTIONAL_PSEUDOCODE,
};
use hetlab_core::broadcast::Broadcast;
use hetlab_core::broadcast::{step, State, Status, WeightedTree, BASELINE_PSEUDOCODE, PSEUDOCODE};
use hetlab_core::platform::{Arc, NodeId};
use hetlab_core::rational::{approx, frac, shown, Q};
use hetlab_core::trace::{Step, Trace};
use num_traits::One;
use yew::prelude::*;

use crate::draw::describe::count;

use crate::ui::pages::graph_view::GraphView;

use super::compare::ComparisonBars;
use super::explain::{self, ReachableAction};

use crate::draw::broadcast as bd;
use crate::draw::palette::colour;
use crate::player::{Action, Player};
use crate::ui::components::gantt_view::gantt_svg;
use crate::ui::components::player_bar::phase_buttons;

fn at<S>(t: &Trace<S>, k: usize) -> Option<&S> {
    k.checked_sub(1).and_then(|i| t.steps.get(i))
}

fn rho_line(rho: Option<&Q>, known: bool, what: &str) -> Html {
    let text = match (known, rho) {
        (false, _) => format!("{what} is found as the steps go (press End)."),
        (true, Some(r)) => format!(
            "{what} = {} message{} per time unit",
            shown(r),
            if r.is_one() { "" } else { "s" }
        ),
        (true, None) => format!("{what} = ∞: nothing to send"),
    };
    html! { <p class="throughput" data-testid="throughput">{text}</p> }
}

fn tree_text(t: &WeightedTree, ids: &[NodeId], arcs: &[Arc]) -> String {
    let edges: Vec<String> = t
        .arcs
        .iter()
        .filter_map(|&e| {
            arcs.get(e)
                .map(|a| format!("{}→{}", ids[a.from], ids[a.to]))
        })
        .collect();
    format!("{{{}}} × {}", edges.join(", "), frac(&t.weight))
}

fn trees_list(trees: &[WeightedTree], ids: &[NodeId], arcs: &[Arc], testid: &'static str) -> Html {
    if trees.is_empty() {
        return Html::default();
    }
    let total: Q = trees.iter().map(|t| &t.weight).sum();
    html! {
        <div class="working" data-testid={testid}>
            <h3>{format!("{} (Σ α = {})", count(trees.len(), "weighted tree"), frac(&total))}</h3>
            <ol class="trees">
                { for trees.iter().enumerate().map(|(k, t)| html! {
                    <li><span class="chip" style={format!("background:{}", colour(k))}>{format!("T{}", k + 1)}</span>{" "}{tree_text(t, ids, arcs)}</li>
                }) }
            </ol>
        </div>
    }
}

/// Builds the view of `run` at the player's step.
pub fn step_view(
    inst: &Broadcast,
    run: &Run,
    extra: &BroadcastExtras,
    player: &Player,
    on_action: &Callback<Action>,
) -> GraphView {
    let ids = inst.platform.ids();
    let arcs = inst.platform.arcs();
    let k = player.step;
    let intro = format!(
        "Source {} streams messages to every {}. Press ▶ to follow the algorithm step by step.",
        ids.get(inst.source)
            .map(ToString::to_string)
            .unwrap_or_default(),
        if inst.targets.is_some() {
            "target"
        } else {
            "other node"
        }
    );
    match run {
        Run::Broadcast(t) => {
            // The result says whether it is a certified optimum (LP pipeline, column
            // generation); single trees and overlays (pipeline T) carry their baseline.
            let optimal = t.solution.status == Status::Optimal;
            let baseline = t.solution.baseline.is_some();
            let s = t.trace.state_at(State::new(), k);
            let ctx = step::Context {
                ids: &ids,
                arcs: &arcs,
            };
            let last = at(&t.trace, k);
            let done = k >= t.trace.len();
            let below = html! {
                <>
                    { trees_list(&s.trees, &ids, &arcs, "trees") }
                    { explain::gantt(&ids, &s) }
                    if !s.uni_slots.is_empty() { { gantt_svg(&bd::unidirectional_gantt(&ids, &arcs, &s.uni_slots), "One period of the tree under the unidirectional model: each slot is a matching (no node sends and receives at once), coloured by matching.") } }
                </>
            };
            GraphView {
                figure: Rc::new(bd::bidirectional(&inst.platform, &s)),
                caption: last.map_or(intro, |st| st.caption(&ctx)),
                line: last.map(|st| st.phase().line),
                pseudocode: if baseline {
                    BASELINE_PSEUDOCODE
                } else {
                    PSEUDOCODE
                },
                results: html! {
                    <>
                        <h2>{"Result"}</h2>
                        if s.undefined.is_some() {
                            <p class="throughput" data-testid="throughput">{"ρ: n/a (this overlay is not defined on this platform)"}</p>
                        } else {
                            { rho_line(t.solution.throughput.as_ref(), done || s.rho.is_some() || s.baseline_throughput.is_some(), if optimal { "ρ*" } else { "ρ" }) }
                        }
                        if !t.solution.unreachable.is_empty() { <ReachableAction input={inst.clone()} /> }
                        { colgen_rounds(&s) }
                        { certificate(&s, &ids) }
                        { explain::compaction(&s) }
                        if let (Some(lp), true) = (&t.solution.lp, s.rho.is_some()) { { explain::prices(lp, t.solution.throughput.as_ref(), &ids) } }
                        { comparison(&s, t.solution.throughput.as_ref(), t.solution.trees.len(), optimal) }
                        if let Some(why) = &s.undefined { <p class="warning" data-testid="undefined">{format!("Not defined on this platform (n/a): {why}.")}</p> }
                        if let (Some(m), true) = (&extra.port_models, done) { { explain::port_models(m, inst.port_model) } }
                        { phase_buttons(&t.trace.steps, player, on_action) }
                    </>
                },
                below,
            }
        }
        Run::Multicast(t) => {
            let s = t.trace.state_at(MulticastState::new(), k);
            let ctx = multicast::Context {
                ids: &ids,
                arcs: &arcs,
            };
            let last = at(&t.trace, k);
            let done = k >= t.trace.len();
            GraphView {
                figure: Rc::new(bd::multicast(&inst.platform, inst.source, &s)),
                caption: last.map_or(intro, |st| st.caption(&ctx)),
                line: last.map(|st| st.phase().line),
                pseudocode: MULTICAST_PSEUDOCODE,
                results: html! {
                    <>
                        <h2>{"Result"}</h2>
                        { rho_line(t.solution.throughput.as_ref(), done, "ρ") }
                        { multicast_bounds(&s) }
                        { phase_buttons(&t.trace.steps, player, on_action) }
                    </>
                },
                below: html! {
                    <>
                        { trees_list(&s.exact_trees, &ids, &arcs, "trees") }
                        { explain::multicast_gantt(&ids, &arcs, &s) }
                    </>
                },
            }
        }
        Run::Transformed(t) => {
            let s = t.trace.state_at(TransformState::default(), k);
            let ctx = step::Context {
                ids: &ids,
                arcs: &arcs,
            };
            let last = at(&t.trace, k);
            let done = k >= t.trace.len();
            GraphView {
                figure: Rc::new(bd::transformed(&inst.platform, inst.source, &s)),
                caption: last.map_or(intro, |st| st.caption(&ctx)),
                line: last.map(|st| st.phase().line),
                pseudocode: TRANSFORM_PSEUDOCODE,
                results: html! {
                    <>
                        <h2>{"Result (node transformation, §6.5)"}</h2>
                        { rho_line(t.solution.throughput.as_ref(), done || s.rho.is_some(), "ρ") }
                        { transform_panel(&s, &ids) }
                        { phase_buttons(&t.trace.steps, player, on_action) }
                    </>
                },
                below: Html::default(),
            }
        }
        Run::Unidirectional(t) => {
            let s = t.trace.state_at(UniState::new(arcs.len()), k);
            let ctx = multicast::Context {
                ids: &ids,
                arcs: &arcs,
            };
            let last = at(&t.trace, k);
            let done = k >= t.trace.len();
            let chart =
                (!s.slots.is_empty()).then(|| bd::unidirectional_gantt(&ids, &arcs, &s.slots));
            GraphView {
                figure: Rc::new(bd::unidirectional(&inst.platform, inst.source, &s)),
                caption: last.map_or(intro, |st| st.caption(&ctx)),
                line: last.map(|st| st.phase().line),
                pseudocode: UNIDIRECTIONAL_PSEUDOCODE,
                results: html! {
                    <>
                        <h2>{"Result (unidirectional one-port)"}</h2>
                        { rho_line(t.solution.throughput.as_ref(), done || s.rho.is_some(), "ρ*") }
                        if !t.solution.unreachable.is_empty() { <ReachableAction input={inst.clone()} /> }
                        if let Some(n) = &s.naive { <p>{format!("Naive port-sum bound: {} (not reachable in general: a node cannot send and receive at once).", frac(n))}</p> }
                        if !s.rounds.is_empty() {
                            <table class="compare" data-testid="colgen-rounds">
                                <thead><tr><th>{"round"}</th><th>{"master LP (achievable)"}</th><th>{"upper bound"}</th></tr></thead>
                                <tbody>{ for s.rounds.iter().enumerate().map(|(r, b)| html! {
                                    <tr><td>{r + 1}</td><td>{frac(&b.lower)}</td><td>{b.upper.as_ref().map_or_else(|| "—".to_owned(), frac)}</td></tr>
                                }) }</tbody>
                            </table>
                        }
                        if let (Some(m), true) = (&extra.port_models, done) { { explain::port_models(m, inst.port_model) } }
                        { phase_buttons(&t.trace.steps, player, on_action) }
                    </>
                },
                below: html! {
                    <>
                        { trees_list(&s.trees, &ids, &arcs, "trees") }
                        if let Some(c) = chart { { gantt_svg(&c, "One period: each slot is a matching (no node sends and receives at once), coloured by matching.") } }
                    </>
                },
            }
        }
    }
}

/// The transformation so far: nodes rewritten, the network's size, the column generation's
/// bracket, and the check against the spec's reference value.
fn transform_panel(s: &TransformState, ids: &[NodeId]) -> Html {
    let names: Vec<String> = s
        .done
        .iter()
        .filter_map(|&v| ids.get(v))
        .map(ToString::to_string)
        .collect();
    html! {
        <div data-testid="transform">
            if !names.is_empty() { <p data-testid="transform-nodes">{format!("Rewritten: {}.", names.join(", "))}</p> }
            if let Some((images, internal)) = s.network { <p data-testid="transform-network">{format!("Transformed network: {images} unidirectional nodes, {internal} free internal arcs.")}</p> }
            if let Some((lower, upper)) = s.rounds.last() { <p data-testid="transform-rounds">{format!("Column generation, {} round(s): {} ≤ ρ ≤ {}", s.rounds.len(), frac(lower), upper.as_ref().map_or_else(|| "—".to_owned(), frac))}</p> }
            if let Some(r) = &s.reference { <p class="why" data-testid="transform-check">{format!("{}: {}", r.name, r.value.as_ref().map_or_else(|| "∞".to_owned(), frac))}</p> }
        </div>
    }
}

/// Column generation (§3.7) so far: the master's value (achievable) and the dual bound.
fn colgen_rounds(s: &State) -> Html {
    if s.rounds == 0 && s.columns.is_empty() {
        return Html::default();
    }
    html! {
        <p data-testid="colgen">
            {format!("Column generation: {} in the master after {}; ", count(s.columns.len(), "tree"), count(s.rounds, "pricing round"))}
            {format!("{} ≤ ρ* ≤ {}", rate(s.master_value.as_ref()), rate(s.dual_bound.as_ref()))}
        </p>
    }
}

/// "Why no schedule does better": a destination whose minimum cut equals ρ* (§2.4).
fn certificate(s: &State, ids: &[NodeId]) -> Html {
    let Some(cut) = s.cuts.iter().find(|c| c.bottleneck) else {
        return Html::default();
    };
    let set: Vec<String> = cut.set.iter().map(|&i| ids[i].to_string()).collect();
    html! {
        <p class="why" data-testid="certificate">
            { if set.len() == 1 {
                format!("Why no schedule does better: {} receives only through arcs whose usages sum to {}, and every message must reach it.", set[0], frac(&cut.value))
            } else {
                format!("Why no schedule does better: the nodes {{{}}} receive only through arcs whose usages sum to {}; every message bound for {} must cross them.", set.join(", "), frac(&cut.value), ids[cut.destination])
            } }
        </p>
    }
}

/// The comparison with single trees and overlays (B11), under the optimum of the weighted
/// trees when the LP pipeline ran.
fn comparison(s: &State, rho: Option<&Q>, trees: usize, lp: bool) -> Html {
    if s.comparison.is_empty() {
        return Html::default();
    }
    let best_single = s
        .comparison
        .iter()
        .filter_map(|c| c.throughput.as_ref())
        .max()
        .cloned();
    let verdict = match (lp, rho, &best_single) {
        (true, Some(r), Some(b)) if r > b => format!(
            "{trees} trees used at once give {}, more than the best single tree ({}): {:.0}% more.",
            frac(r),
            frac(b),
            100.0 * (hetlab_core::rational::to_f64(r) / hetlab_core::rational::to_f64(b) - 1.0)
        ),
        (true, Some(r), Some(_)) => format!(
            "A single tree already reaches the optimum {} on this platform.",
            frac(r)
        ),
        _ => String::new(),
    };
    let mut rows: Vec<(String, Option<Q>)> = Vec::new();
    if lp {
        rows.push(("lp".to_owned(), rho.cloned()));
    }
    rows.extend(
        s.comparison
            .iter()
            .map(|c| (c.name.clone(), c.throughput.clone())),
    );
    html! {
        <>
            <h3>{"Against single trees"}</h3>
            <ComparisonBars {rows} current={if lp { "lp" } else { "" }} />
            <table class="compare" data-testid="comparison">
                <thead><tr><th>{"scheme"}</th><th>{"throughput"}</th></tr></thead>
                <tbody>
                    if lp {
                        <tr class="current"><td>{format!("lp: {}", count(trees, "weighted tree"))}</td><td>{rate(rho)}</td></tr>
                    }
                    { for s.comparison.iter().map(|c| html! {
                        <tr><td>{c.name.clone()}</td><td>{rate(c.throughput.as_ref())}</td></tr>
                    }) }
                </tbody>
            </table>
            if !verdict.is_empty() { <p class="why" data-testid="verdict">{verdict}</p> }
        </>
    }
}

/// `p/q ≈ 0.xxx`, or a dash when unknown.
fn rate(v: Option<&Q>) -> String {
    v.map_or_else(
        || "—".to_owned(),
        |r| format!("{} ≈ {}", frac(r), approx(r)),
    )
}

fn multicast_bounds(s: &MulticastState) -> Html {
    let row = |name: &str, v: Option<&Q>| {
        html! { <tr><td>{name.to_owned()}</td><td>{rate(v)}</td></tr> }
    };
    html! {
        <table class="compare" data-testid="multicast-bounds">
            <thead><tr><th>{"bound or method"}</th><th>{"throughput"}</th></tr></thead>
            <tbody>
                { row("upper bound UB (max of per-target flows)", s.upper.as_ref()) }
                { row("exact ρ*_D (Steiner trees)", s.exact.as_ref()) }
                { row("H2: augmented", s.augmented.as_ref()) }
                { row("H1: pruned broadcast", s.pruned.as_ref()) }
                { row("lower bound LB (scatter)", s.lower.as_ref()) }
                { row("broadcast to every node", s.broadcast.as_ref()) }
            </tbody>
        </table>
    }
}
