//! "Edit rates" on the steady-state page (steady-state.md §4.1, §6.1, §7): the user types the
//! tasks computed per time unit on each node and the input files per time unit on each arc (or
//! loads the optimal rates, or the paper's own on Example 1); "Check" sends them to the solver
//! worker ([`Job::SteadyRates`]), which names every broken constraint or, for feasible rates,
//! gives their throughput and the periodic schedule built from them. Nothing is computed here.

use hetlab_core::families::Instance;
use hetlab_core::rational::{frac, Q};
use hetlab_core::steady_state::rates::{papers, Checked, Period, Typed};
use hetlab_core::steady_state::{Rates, SteadyState};
use yew::prelude::*;

use crate::ui::worker::{self, Job};

/// Props of [`RatesEditor`].
#[derive(Properties, PartialEq)]
pub struct RatesProps {
    /// The instance whose rates are typed.
    pub instance: SteadyState,
    /// The optimal rates, once the run shows them.
    pub optimal: Option<Rates>,
}

/// What the last check answered (`None`: not asked yet, or the rates changed since).
type Answer = Option<Result<Checked, String>>;

/// Which typed entry a field edits.
#[derive(Clone, Copy)]
enum Entry {
    /// `x` of the node of this index.
    X(usize),
    /// `f` of the arc of this index.
    F(usize),
    /// `L_calc`.
    Lcalc,
    /// `L_comm`.
    Lcomm,
}

impl Entry {
    /// The text of this entry in `t`.
    fn text(self, t: &Typed) -> Option<&String> {
        match self {
            Entry::X(i) => t.x.get(i),
            Entry::F(k) => t.f.get(k),
            Entry::Lcalc => Some(&t.lcalc),
            Entry::Lcomm => Some(&t.lcomm),
        }
    }

    /// The text of this entry in `t` (`None` past the end: never panics).
    fn of(self, t: &mut Typed) -> Option<&mut String> {
        match self {
            Entry::X(i) => t.x.get_mut(i),
            Entry::F(k) => t.f.get_mut(k),
            Entry::Lcalc => Some(&mut t.lcalc),
            Entry::Lcomm => Some(&mut t.lcomm),
        }
    }
}

/// Sends `typed` to the worker; its answer lands in `answer`.
fn ask(inst: &SteadyState, typed: &Typed, answer: &UseStateHandle<Answer>) {
    let job = Job::SteadyRates {
        instance: Instance::SteadyState(inst.clone()).to_json(),
        rates: typed.clone(),
    };
    let answer = answer.clone();
    let _ = worker::ask(&job, move |got| answer.set(Some(got)));
}

/// The editor.
#[component]
pub fn RatesEditor(props: &RatesProps) -> Html {
    let inst = &props.instance;
    let typed = use_state(|| Typed::zeros(inst));
    let answer = use_state(|| None::<Result<Checked, String>>);
    // The fields exist only while the panel is open (a 500-node platform has thousands).
    let open = use_state(|| false);
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            let details: web_sys::Element = e.target_unchecked_into();
            open.set(details.has_attribute("open"));
        })
    };
    {
        let (typed, answer) = (typed.clone(), answer.clone());
        use_effect_with(inst.clone(), move |inst| {
            typed.set(Typed::zeros(inst));
            answer.set(None);
        });
    }
    let load = |rates: Typed, check: bool| {
        let (typed, answer, inst) = (typed.clone(), answer.clone(), inst.clone());
        Callback::from(move |_: MouseEvent| {
            if check {
                ask(&inst, &rates, &answer);
            } else {
                answer.set(None);
            }
            typed.set(rates.clone());
        })
    };
    let on_check = {
        let (typed, answer, inst) = (typed.clone(), answer.clone(), inst.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            ask(&inst, &typed, &answer);
        })
    };
    let field = |entry: Entry, id: String, label: String| {
        let value = entry.text(&typed).cloned().unwrap_or_default();
        let (typed, answer) = (typed.clone(), answer.clone());
        let oninput = Callback::from(move |e: InputEvent| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            let mut next = (*typed).clone();
            if let Some(text) = entry.of(&mut next) {
                *text = i.value();
            }
            typed.set(next);
            answer.set(None);
        });
        html! { <input type="text" size="7" {value} {oninput} data-testid={id} aria-label={label} /> }
    };
    let papers = papers(inst);
    html! {
        <details class="why rates-editor" data-testid="edit-rates" {ontoggle}>
            <summary>{"Edit rates"}</summary>
            if *open {
            <p class="muted">{"Type your own steady state: x, the tasks a node computes per time unit (it computes α = w·x of the time), and f, the tasks sent per time unit on an arc (the sender is busy s = c·f of the time sending them). Check tests them against every constraint of the LP; feasible rates get their throughput and the periodic schedule built from them."}</p>
            <p>
                if let Some(r) = &props.optimal { <button onclick={load(Typed::of(r), false)} data-testid="rates-optimal">{"Start from the optimal rates"}</button>{" "} }
                <button onclick={load(Typed::zeros(inst), false)} data-testid="rates-zero">{"All zero"}</button>
                if let Some(r) = papers { {" "}<button onclick={load(r, true)} data-testid="rates-paper" title="The paper's steady state on this platform (steady-state.md §6.1), with start-up latencies L_calc = 2 and L_comm = 1">{"The paper's rates"}</button> }
            </p>
            <form onsubmit={on_check}>
                { tables(inst, &field) }
                <p>
                    <label title="Start-up latency of a batch of computations, on every node (empty: the platform's own)">{"L_calc "}{ field(Entry::Lcalc, "rate-lcalc".into(), "L_calc".into()) }</label>{" "}
                    <label title="Start-up latency of a message, on every arc (empty: the platform's own)">{"L_comm "}{ field(Entry::Lcomm, "rate-lcomm".into(), "L_comm".into()) }</label>{" "}
                    <button type="submit" data-testid="rates-check">{"Check"}</button>
                </p>
            </form>
            { verdict(answer.as_ref()) }
            }
        </details>
    }
}

/// The node and arc tables, each rate a field made by `field(entry, test id, label)`.
fn tables(inst: &SteadyState, field: &dyn Fn(Entry, String, String) -> Html) -> Html {
    let p = &inst.platform;
    let arcs = p.arcs();
    html! {
        <div class="table-scroll"><table class="rates">
            <thead><tr><th>{"node"}</th><th>{"w"}</th><th>{"x (tasks per time unit)"}</th></tr></thead>
            <tbody>{ for p.nodes.iter().enumerate().map(|(i, v)| html! {
                <tr><td>{v.id.to_string()}</td><td>{v.w.as_ref().map(ToString::to_string).unwrap_or_default()}</td>
                    <td>{ field(Entry::X(i), format!("rate-x-{}", v.id), format!("x at node {}", v.id)) }</td></tr>
            }) }</tbody>
        </table>
        <table class="rates">
            <thead><tr><th>{"arc"}</th><th>{"c"}</th><th>{"f (tasks per time unit)"}</th></tr></thead>
            <tbody>{ for arcs.iter().enumerate().map(|(k, a)| {
                let (from, to) = (&p.nodes[a.from].id, &p.nodes[a.to].id);
                html! {
                    <tr><td>{format!("{from}→{to}")}</td><td>{frac(&a.c)}</td>
                        <td>{ field(Entry::F(k), format!("rate-f-{from}-{to}"), format!("f on arc {from}→{to}")) }</td></tr>
                }
            }) }</tbody>
        </table></div>
    }
}

/// The check's answer: what does not read, every broken constraint, or the throughput and the
/// schedule.
fn verdict(answer: Option<&Result<Checked, String>>) -> Html {
    let list = |class: &'static str, id: &'static str, lines: &[String]| {
        html! { <ul class={class}>{ for lines.iter().map(|l| html! { <li data-testid={id}>{l.clone()}</li> }) }</ul> }
    };
    let body = match answer {
        None => return Html::default(),
        Some(Err(why)) => html! { <p class="warning">{format!("Not checked: {why}")}</p> },
        Some(Ok(c)) if !c.problems.is_empty() => list("field-error", "rates-problem", &c.problems),
        Some(Ok(c)) if !c.violations.is_empty() => html! {
            <>
                <p class="warning">{"Infeasible: these constraints are broken (no schedule is built)."}</p>
                { list("violations", "rates-violation", &c.violations) }
            </>
        },
        Some(Ok(c)) => feasible(
            c.throughput.as_ref(),
            c.period.as_ref(),
            c.no_period.as_deref(),
        ),
    };
    html! { <div data-testid="rates-result" role="status">{body}</div> }
}

fn feasible(throughput: Option<&Q>, period: Option<&Period>, no_period: Option<&str>) -> Html {
    html! {
        <>
            <p>{"Feasible: throughput "}<span data-testid="rates-throughput">{throughput.map(frac).unwrap_or_default()}</span>{" tasks per time unit."}</p>
            if let Some(why) = no_period { <p class="muted">{why.to_owned()}</p> }
            if let Some(p) = period {
                <p data-testid="rates-pattern">
                    {format!("T = {}, ", p.period_t)}{"A = "}<span data-testid="rates-a">{p.scale_a.to_string()}</span>
                    {": one period lasts L = "}<span data-testid="rates-l">{p.length.to_string()}</span>
                    {" and completes "}<span data-testid="rates-tasks">{p.tasks.to_string()}</span>{" tasks."}
                    if p.cancelled { {" Flow cycles and two-way flows were cancelled first (the throughput is unchanged)."} }
                </p>
                if let (Some(len), Some(t)) = (&p.latency_period, &p.latency_throughput) {
                    <p data-testid="rates-latency-line">{format!("With the start-up latencies, one batch (N = 1) lasts {} and gives ", frac(len))}
                        <span data-testid="rates-latency">{frac(t)}</span>{" tasks per time unit."}</p>
                }
            }
        </>
    }
}
