//! What the broadcast page explains beside the figure (issue 34): the LP's port prices
//! (broadcast.md §2, §3.7), both port models' optima (§8.2 U4), the compaction of the trees
//! (§3.5, B7), the action "broadcast to the reachable part" (§10) and the Gantt chart of one
//! period with its normalised/integral toggle (§4.5). Every number comes from the core: the
//! run, its extras, or a core function of the state.

use hetlab_core::broadcast::extras::PortModels;
use hetlab_core::broadcast::gantt::{shown, Units};
use hetlab_core::broadcast::lp::FlowSolution;
use hetlab_core::broadcast::multicast::MulticastState;
use hetlab_core::broadcast::reach::reachable_part;
use hetlab_core::broadcast::schedule::Bar;
use hetlab_core::broadcast::{Broadcast, PortModel, State};
use hetlab_core::families::Instance;
use hetlab_core::platform::{Arc, NodeId};
use hetlab_core::rational::{approx, frac, Q};
use num_bigint::BigInt;
use num_traits::Zero;
use yew::prelude::*;

use crate::draw::broadcast as bd;
use crate::ui::components::gantt_view::gantt_svg;
use crate::ui::{use_nav, Nav};

/// Pushes `inst` as the page's new instance (step 0, default algorithm when `reset`).
pub(super) fn go(nav: &Nav, inst: &Broadcast, reset: bool) {
    let mut r = nav.instance_route(&Instance::Broadcast(inst.clone()), []);
    if reset {
        r.query.set("algo", "lp");
    }
    nav.push(r);
}

/// The LP's dual prices per node (§2, §3.7) with what they mean; only the ports priced above 0.
pub fn prices(lp: &FlowSolution, rho: Option<&Q>, ids: &[NodeId]) -> Html {
    let rows: Vec<(String, &Q, &Q)> = ids
        .iter()
        .zip(lp.out_price.iter().zip(&lp.in_price))
        .filter(|(_, (p, q))| !p.is_zero() || !q.is_zero())
        .map(|(id, (p, q))| (id.to_string(), p, q))
        .collect();
    if rows.is_empty() {
        return Html::default();
    }
    let total = rho.map_or_else(|| "ρ*".to_owned(), frac);
    html! {
        <div class="prices" data-testid="prices">
            <h3>{"Port prices (the LP's dual)"}</h3>
            <table class="compare">
                <thead><tr><th>{"node"}</th><th>{"sending port p"}</th><th>{"receiving port q"}</th></tr></thead>
                <tbody>{ for rows.iter().map(|(id, p, q)| html! {
                    <tr data-node={id.clone()}><td>{id.clone()}</td><td>{frac(p)}</td><td>{frac(q)}</td></tr>
                }) }</tbody>
            </table>
            <p class="why" data-testid="prices-caption">{format!(
                "A port's price says how much the best throughput would grow per extra unit of that port's time: these ports are the bottlenecks, every other port is priced 0. Under these prices every broadcast tree costs at least 1 (each arc u→w costs c·(p of u + q of w)), and the prices add up to {total} = ρ*: the proof that no schedule does better."
            )}</p>
        </div>
    }
}

/// Both port models' optima on this platform (§8.2 U4), the current model marked.
pub fn port_models(m: &PortModels, current: PortModel) -> Html {
    let value = |v: Option<&Q>| match v {
        None => "not computed".to_owned(),
        Some(r) if r.is_integer() => frac(r),
        Some(r) => format!("{} ≈ {}", frac(r), approx(r)),
    };
    let row = |name: &str, model: PortModel, v: Option<&Q>, testid: &'static str| {
        let here = model == current;
        html! {
            <tr class={classes!(here.then_some("current"))} data-testid={testid}>
                <td>{name.to_owned()}{if here { " (this page)" } else { "" }}</td><td>{value(v)}</td>
            </tr>
        }
    };
    html! {
        <div data-testid="port-models">
            <h3>{"Both port models"}</h3>
            <table class="compare">
                <thead><tr><th>{"port model"}</th><th>{"best throughput ρ*"}</th></tr></thead>
                <tbody>
                    { row("bidirectional: send and receive at once", PortModel::Bidirectional, m.bidirectional.as_ref(), "port-model-bi") }
                    { row("unidirectional: send or receive", PortModel::Unidirectional, m.unidirectional.as_ref(), "port-model-uni") }
                    if let Some(n) = &m.naive {
                        <tr data-testid="port-model-naive"><td>{"unidirectional, naive port-sum bound (not reachable in general)"}</td><td>{value(Some(n))}</td></tr>
                    }
                </tbody>
            </table>
            <p class="why">{"Same platform, same source. A node that cannot send while it receives never does better: the unidirectional optimum is at most the bidirectional one, and at most the naive bound, which only counts each node's busy time."}</p>
            if let Some(note) = &m.note { <p class="warning">{note.clone()}</p> }
        </div>
    }
}

/// B7 (§3.5): what compaction did, when it ran.
pub fn compaction(s: &State) -> Html {
    let Some((before, after, total)) = &s.compacted else {
        return Html::default();
    };
    html! {
        <p data-testid="compaction">{format!(
            "Compaction: EXTRACT found {before} trees, more than two per node; the LP over them alone keeps {after}, re-weighted, with the same total ρ* = {}.",
            frac(total)
        )}</p>
    }
}

/// Props of [`ReachableAction`].
#[derive(Properties, PartialEq)]
pub struct ReachProps {
    /// The instance shown.
    pub input: Broadcast,
}

/// §10: the nodes the source cannot reach, and the action that broadcasts to the others
/// (the core rewrites the instance; the page shows it).
#[component]
pub fn ReachableAction(props: &ReachProps) -> Html {
    let nav = use_nav();
    let Some(part) = reachable_part(&props.input) else {
        return Html::default();
    };
    let ids = props.input.platform.ids();
    let names: Vec<String> = part
        .unreachable
        .iter()
        .filter_map(|&v| ids.get(v))
        .map(ToString::to_string)
        .collect();
    let source = ids
        .get(props.input.source)
        .map(ToString::to_string)
        .unwrap_or_default();
    let kept = part.instance.platform.nodes.len();
    let onclick = Callback::from(move |_: MouseEvent| go(&nav, &part.instance, true));
    html! {
        <div class="warning" data-testid="unreachable">
            <p data-testid="unreachable-nodes">{format!(
                "{} cannot be reached from {source}: no broadcast to every node is possible (throughput 0).",
                names.join(", ")
            )}</p>
            <button type="button" data-testid="reachable-part" {onclick}>
                {format!("Broadcast to the reachable part ({kept} nodes)")}
            </button>
        </div>
    }
}

/// Props of [`PeriodChart`].
#[derive(Properties, PartialEq)]
pub struct PeriodProps {
    /// Node ids.
    pub ids: Vec<NodeId>,
    /// The bars, in integral time units.
    pub bars: Vec<Bar>,
    /// Where each slot ends (integral).
    pub ends: Vec<Q>,
    /// The integral period's length.
    pub length: Q,
    /// `L` and `A` once the period is built (the toggle needs them).
    pub scale: Option<(BigInt, BigInt)>,
    /// The caption.
    pub caption: AttrValue,
}

/// One period's Gantt chart with §4.5's toggle: integral (`[0, A·L·Δ)`, whole messages) or
/// normalised (`[0, Δ)`).
#[component]
pub fn PeriodChart(props: &PeriodProps) -> Html {
    let normalised = use_state(|| false);
    let units = if *normalised && props.scale.is_some() {
        Units::Normalised
    } else {
        Units::Integral
    };
    let factor = props
        .scale
        .as_ref()
        .map_or_else(BigInt::zero, |(l, a)| l * a);
    let period = shown(&props.bars, &props.ends, &props.length, &factor, units);
    let chart = bd::bidirectional_gantt(&props.ids, &period);
    let pick = |on: bool| {
        let normalised = normalised.clone();
        Callback::from(move |_: MouseEvent| normalised.set(on))
    };
    let toggle = props.scale.as_ref().map(|(l, a)| {
        let said = if units == Units::Normalised {
            format!("Normalised period: {} time unit (Δ), every length divided by A·L = {factor}; bars move fractions of a message.", frac(&period.length))
        } else {
            format!("Integral period: {} time units = A·L·Δ with L = {l}, A = {a}; every bar moves whole messages.", frac(&period.length))
        };
        html! {
            <div class="gantt-units">
                <div role="group" aria-label="Time units of the Gantt chart" data-testid="gantt-units">
                    <button type="button" aria-pressed={(units == Units::Integral).to_string()} data-testid="gantt-integral" onclick={pick(false)}>{"Integral"}</button>
                    <button type="button" aria-pressed={(units == Units::Normalised).to_string()} data-testid="gantt-normalised" onclick={pick(true)}>{"Normalised"}</button>
                </div>
                <p data-testid="gantt-period">{said}</p>
            </div>
        }
    });
    html! {
        <>
            { for toggle }
            { gantt_svg(&chart, &props.caption) }
        </>
    }
}

/// The period of pipeline B as filled so far: integral while the slots fill, with the toggle
/// once `A` and `L` are known.
pub fn gantt(ids: &[NodeId], s: &State) -> Html {
    if s.bars.is_empty() {
        return Html::default();
    }
    let ends: Vec<Q> = s
        .slots
        .iter()
        .map(|(_, sl)| &sl.start + &sl.length)
        .collect();
    let length = s
        .period
        .as_ref()
        .map(|(_, len)| len.clone())
        .or_else(|| ends.last().cloned())
        .unwrap_or_default();
    let scale = s.l.clone().zip(s.period.as_ref().map(|(a, _)| a.clone()));
    html! {
        <PeriodChart ids={ids.to_vec()} bars={s.bars.clone()} {ends} {length} {scale}
            caption="One period: a send and a receive lane per busy node; each bar moves messages of the tree of its colour; vertical lines end the slots (one matching each)." />
    }
}

/// M6: the chosen multicast scheme's period, once scheduled.
pub fn multicast_gantt(ids: &[NodeId], arcs: &[Arc], s: &MulticastState) -> Html {
    let Some(p) = &s.period else {
        return Html::default();
    };
    let bars = hetlab_core::broadcast::schedule::bars(arcs, p);
    let ends: Vec<Q> = p.slots.iter().map(|sl| &sl.start + &sl.length).collect();
    html! {
        <PeriodChart ids={ids.to_vec()} {bars} {ends} length={p.length.clone()} scale={Some((p.l.clone(), p.a.clone()))}
            caption="One period of the chosen multicast scheme: a send and a receive lane per busy node; each bar moves messages of the Steiner tree of its colour; vertical lines end the slots (one matching each)." />
    }
}
