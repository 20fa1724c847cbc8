//! What the divisible-load page shows besides the caption: the figures (shapes of
//! `draw::divisible` as inline SVG), the result panel with exact values, what is known at this
//! step, the working tables of each method, the comparison of orders, the open problems.

use std::rc::Rc;

use hetlab_core::divisible::info::{OPEN_PROBLEMS, TREE_AFFINE};
use hetlab_core::divisible::{Details, DivSolution, DivState, Divisible, Status, Tried, Variant};
use hetlab_core::rational::{approx, frac, shown, to_f64, Q};
use yew::prelude::*;

use crate::draw::divisible::{bars, page_css, Figure};
use crate::draw::palette::colour;
use crate::draw::shapes::Shape;
use crate::ui::components::narrow::Narrow;
use crate::ui::components::shape::{shapes, shapes_data};

/// One figure as inline SVG, with the page's rules for its classes and the latency hatch.
pub fn figure_svg(f: &Figure, title: &str) -> Html {
    html! { <>{ svg_of(f, title) }{ shapes_data(&f.shapes) }</> }
}

/// One of the page's figures: [`figure_svg`], narrowed on a phone so that its 11 px text stays
/// at 11 px ([`Narrow`]).
pub fn figure_narrow(f: &Figure, title: &str) -> Html {
    let (title, height) = (title.to_owned(), f.height);
    let draw = Callback::from(move |(marks, width): (Rc<Vec<Shape>>, f64)| {
        let f = Figure {
            width,
            height,
            shapes: marks.to_vec(),
        };
        svg_of(&f, &title)
    });
    html! { <Narrow shapes={Rc::new(f.shapes.clone())} width={f.width} x0={54.0} text={11.0} {draw} /> }
}

/// The SVG of [`figure_svg`] alone.
fn svg_of(f: &Figure, title: &str) -> Html {
    html! {
        <svg class="dl-figure" viewBox={format!("0 0 {} {}", f.width, f.height)} role="group"
             aria-label={title.to_owned()} data-testid="dl-figure"
             style="width:100%;max-width:720px;height:auto;display:block;margin:0 auto">
            <style>{page_css()}</style>
            <defs>
                <pattern id="dl-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                    <rect width="2.5" height="6" fill="#495057" fill-opacity=".55" />
                </pattern>
            </defs>
            { shapes(&f.shapes) }
        </svg>
    }
}

fn list(values: impl IntoIterator<Item = String>) -> String {
    values.into_iter().collect::<Vec<_>>().join(", ")
}

fn workers(order: &[usize], inst: &Divisible) -> String {
    if order.is_empty() {
        return "none".to_owned();
    }
    list(order.iter().map(|&i| {
        match inst.variant {
            Variant::TreeLinear => inst
                .nodes
                .get(i)
                .map_or_else(String::new, |n| n.id.to_string()),
            _ => format!("P{}", i + 1),
        }
    }))
}

/// A value exactly, or its decimal when the fraction is too long to read (UMR's bisection,
/// the periodic square root), the exact value then in the tooltip.
fn readable(v: &Q) -> String {
    let exact = frac(v);
    if exact.len() > 24 {
        format!("≈ {}", approx(v))
    } else {
        exact
    }
}

/// The final numbers, exact, shown once the last step is reached.
pub fn result(inst: &Divisible, sol: &DivSolution) -> Html {
    let exact = |v: &Q| {
        let long = frac(v).len() > 24;
        html! { <><span data-testid="dl-makespan" title={frac(v)}>{readable(v)}</span>if !v.is_integer() && !long { {format!(" ≈ {}", approx(v))} }</> }
    };
    let invalid = sol.status == Status::Infeasible;
    html! {
        <dl class="metrics" data-testid="dl-result">
            if invalid {
                <dt>{"Valid"}</dt><dd class="field-error" data-testid="dl-invalid">{format!("no: {}", sol.notes.first().map_or("", String::as_str))}</dd>
            }
            <dt>{if invalid { "Makespan T_f of EF (not a schedule)" } else { "Makespan T_f" }}</dt><dd>{exact(&sol.makespan)}</dd>
            <dt>{"Status"}</dt><dd data-testid="dl-status">{format!("{} ({})", sol.status.as_str(), sol.method)}</dd>
            <dt>{"Sending order"}</dt><dd data-testid="dl-order">{workers(&sol.order, inst)}</dd>
            <dt>{"Loads α (input order)"}</dt><dd data-testid="dl-alpha">{list(sol.alpha.iter().map(readable))}</dd>
            if let Some(a0) = &sol.alpha_master { <dt>{"Master's share α_0"}</dt><dd data-testid="dl-alpha0">{shown(a0)}</dd> }
            { details(sol) }
            if !sol.notes.is_empty() { <dt>{"Notes"}</dt><dd data-testid="dl-notes">{sol.notes.join("; ")}</dd> }
        </dl>
    }
}

/// The numbers of each method.
fn details(sol: &DivSolution) -> Html {
    match &sol.details {
        Details::Star(s) => {
            html! { <><dt>{"ρ = Σ a_k"}</dt><dd data-testid="dl-rho">{shown(&s.rho)}</dd></> }
        }
        Details::Tree(_) => Html::default(),
        Details::Affine(a) => match &a.sorted {
            Some(e) => html! {
                <><dt>{"All workers by g (EF, Prop. 4)"}</dt><dd data-testid="dl-sorted">{
                    if e.valid { format!("T_f = {}", shown(&e.makespan)) } else { "invalid (a negative load)".to_owned() }
                }</dd></>
            },
            None => Html::default(),
        },
        Details::Multi(m) => {
            html! { <><dt>{"Rounds M"}</dt><dd>{m.rounds}</dd><dt>{"γ_0"}</dt><dd>{shown(&m.gamma0)}</dd></> }
        }
        Details::Umr(u) => html! {
            <>
                <dt>{"θ = w/(P·g)"}</dt><dd>{frac(&u.theta)}</dd>
                <dt>{"Rounds M*"}</dt><dd data-testid="dl-rounds">{u.rounds}</dd>
                <dt>{"Obj(M*)"}</dt><dd data-testid="dl-obj">{shown(&u.obj)}</dd>
                <dt>{"Uniform rounds"}</dt><dd data-testid="dl-uniform">{format!("≈ {:.6}", to_f64(&u.uniform_makespan))}</dd>
                <dt>{"Equalised last round"}</dt><dd data-testid="dl-equalised">{format!("≈ {:.6}", to_f64(&u.finish))}</dd>
            </>
        },
        Details::Periodic(p) => html! {
            <>
                <dt>{"ρ_opt"}</dt><dd data-testid="dl-rho-opt">{frac(&p.rho_opt)}</dd>
                <dt>{"L, T_p"}</dt><dd>{format!("{}, ≈ {:.6}", frac(&p.latency), to_f64(&p.period))}</dd>
                <dt>{"Periods k"}</dt><dd data-testid="dl-periods">{p.periods}</dd>
                <dt>{"Last finish"}</dt><dd>{format!("≈ {:.4}", to_f64(&p.last_finish))}</dd>
                <dt>{"Lower bound B/ρ_opt"}</dt><dd data-testid="dl-lower">{shown(&p.lower_bound)}</dd>
                <dt>{"T/(B/ρ_opt)"}</dt><dd data-testid="dl-t-ratio">{format!("≈ {:.6}", to_f64(&sol.makespan) / to_f64(&p.lower_bound))}</dd>
                <dt>{"Guarantee"}</dt><dd>{format!("≈ {:.4}", p.guarantee)}</dd>
            </>
        },
    }
}

/// What is known at this step.
pub fn now(inst: &Divisible, s: &DivState) -> Html {
    let rated: Vec<String> = s
        .rates
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.as_ref().map(|r| format!("P{}: {}", i + 1, frac(r))))
        .collect();
    html! {
        <dl class="metrics" data-testid="dl-now">
            if !s.order.is_empty() { <dt>{"Order"}</dt><dd>{workers(&s.order, inst)}</dd> }
            if !rated.is_empty() && rated.len() <= 16 { <dt>{"Rates a_k"}</dt><dd>{rated.join(", ")}</dd> }
            if let Some(r) = &s.master_rate { <dt>{"Master 1/w_0"}</dt><dd>{frac(r)}</dd> }
            if let Some(r) = &s.rho { <dt>{"ρ"}</dt><dd>{shown(r)}</dd> }
            if let Some(m) = &s.makespan { <dt>{"T_f"}</dt><dd>{if frac(m).len() > 24 { readable(m) } else { shown(m) }}</dd> }
            if let Some((o, m)) = &s.best { <dt>{"Best so far"}</dt><dd>{format!("({}) T_f = {}", list(o.iter().map(|i| format!("P{}", i + 1))), shown(m))}</dd> }
            if s.visited > 0 { <dt>{"Prefixes examined"}</dt><dd>{s.visited}</dd> }
            if let Some((m, _)) = &s.chosen { <dt>{"M*"}</dt><dd>{m}</dd> }
            if let Some((f, _)) = &s.equalised { <dt>{"Common finish F"}</dt><dd>{format!("≈ {}", approx(f))}</dd> }
            if let Some((_, q, r)) = &s.selection { <dt>{"q, ρ_opt"}</dt><dd>{format!("{q}, {}", frac(r))}</dd> }
            if let Some((l, tp, k, _)) = &s.period { <dt>{"L, T_p, k"}</dt><dd>{format!("{}, ≈ {}, {k}", frac(l), approx(tp))}</dd> }
            <dt>{"Blocks drawn"}</dt><dd>{s.blocks.len()}</dd>
        </dl>
    }
}

/// The working tables of each method at this step.
pub fn working(inst: &Divisible, s: &DivState, sol: &DivSolution) -> Html {
    html! {
        <>
            if !s.tried.is_empty() { { tried_table(&s.tried, s.best.as_ref().map(|b| &b.0)) } }
            if inst.variant == Variant::TreeLinear { { tree_table(inst, s) } }
            if !s.recursion.is_empty() { { recursion(s) } }
            if let Some((_, chunks)) = &s.chunks { { chunk_bars(inst, chunks) } }
            if !s.objs.is_empty() { { obj_bars(s) } }
            if let Some((x, q, _)) = &s.selection { { selection(inst, x, *q, &s.order) } }
            if let Details::Affine(a) = &sol.details {
                if s.searched.is_some() && a.table.is_empty() {
                    <p class="muted">{format!("{} prefixes examined, {} subtrees cut by the bounds.", a.visited, a.pruned)}</p>
                }
            }
        </>
    }
}

fn tried_table(rows: &[Tried], best: Option<&Vec<usize>>) -> Html {
    html! {
        <div class="working">
            <h3>{"Ordered subsets tried (EF): makespan or invalid"}</h3>
            <div class="table-scroll">
                <table class="compare" data-testid="dl-tried">
                    <thead><tr><th>{"order"}</th><th>{"T_f"}</th></tr></thead>
                    <tbody>
                        { for rows.iter().map(|r| {
                            let class = classes!((Some(&r.order) == best).then_some("current"));
                            let t = r.makespan.as_ref().map_or_else(|| "invalid (a negative load)".to_owned(), shown);
                            html! { <tr {class}><td>{format!("({})", list(r.order.iter().map(|i| (i + 1).to_string())))}</td><td>{t}</td></tr> }
                        }) }
                    </tbody>
                </table>
            </div>
        </div>
    }
}

fn tree_table(inst: &Divisible, s: &DivState) -> Html {
    let opt = |v: Option<&Q>| v.map_or_else(String::new, frac);
    html! {
        <div class="working">
            <h3>{"Nodes: w_eq bottom-up, then data-ready time t_v, own share α_v and subtree load X_v top-down"}</h3>
            <div class="table-scroll">
                <table class="compare" data-testid="dl-tree">
                    <thead><tr><th>{"node"}</th><th>{"w"}</th><th>{"children served"}</th><th>{"w_eq"}</th><th>{"t_v"}</th><th>{"α_v"}</th><th>{"X_v"}</th></tr></thead>
                    <tbody>
                        { for inst.nodes.iter().enumerate().map(|(v, n)| {
                            let e = s.expanded.get(v).and_then(Option::as_ref);
                            let kids = s.children.get(v).map(|c| workers(c, inst)).unwrap_or_default();
                            let removed = s.removed.contains(&v);
                            html! {
                                <tr class={classes!(removed.then_some("muted"))}>
                                    <td>{n.id.to_string()}</td>
                                    <td>{n.w.as_ref().map_or_else(|| "relay".to_owned(), frac)}</td>
                                    <td>{if removed { "removed".to_owned() } else { kids }}</td>
                                    <td>{opt(s.w_eq.get(v).and_then(Option::as_ref))}</td>
                                    <td>{opt(e.map(|e| &e.0))}</td>
                                    <td>{opt(e.map(|e| &e.1))}</td>
                                    <td>{opt(e.map(|e| &e.2))}</td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            </div>
        </div>
    }
}

fn recursion(s: &DivState) -> Html {
    html! {
        <div class="working">
            <h3>{"Recursion γ_j = A_j·γ_0 + B_j (chunks numbered from the end)"}</h3>
            <div class="table-scroll">
                <table class="compare" data-testid="dl-recursion">
                    <thead><tr><th>{"j"}</th><th>{"A_j"}</th><th>{"B_j"}</th></tr></thead>
                    <tbody>{ for s.recursion.iter().take(60).map(|(j, a, b)| html! { <tr><td>{j}</td><td>{frac(a)}</td><td>{frac(b)}</td></tr> }) }</tbody>
                </table>
            </div>
        </div>
    }
}

fn chunk_bars(inst: &Divisible, chunks: &[Q]) -> Html {
    let p = inst.workers.len().max(1);
    let items: Vec<bars::Bar> = chunks
        .iter()
        .enumerate()
        .map(|(k, c)| bars::Bar {
            label: format!("P{}", k % p + 1),
            value: Some(to_f64(c)),
            class: "bar-f",
            fill: Some(colour(k / p)),
        })
        .collect();
    let f = bars::chart(
        "Chunk sizes in sending order (one colour per round)",
        &items,
    );
    html! { <div class="working">{ figure_svg(&f, "chunk sizes") }</div> }
}

fn obj_bars(s: &DivState) -> Html {
    let chosen = s.chosen.as_ref().map(|c| c.0);
    let items: Vec<bars::Bar> = s
        .objs
        .iter()
        .map(|(m, o)| bars::Bar {
            label: m.to_string(),
            value: o.as_ref().map(to_f64),
            class: if Some(*m) == chosen { "best" } else { "bar" },
            fill: None,
        })
        .collect();
    let f = bars::chart("Obj(M) by number of rounds M (grey: infeasible)", &items);
    html! { <div class="working" data-testid="dl-objs">{ figure_svg(&f, "Obj(M)") }</div> }
}

fn selection(inst: &Divisible, x: &[Q], q: usize, order: &[usize]) -> Html {
    html! {
        <div class="working">
            <h3>{"Bandwidth-centric selection: workers by g, x_i per unit of period"}</h3>
            <div class="table-scroll">
                <table class="compare" data-testid="dl-selection">
                    <thead><tr><th>{"worker"}</th><th>{"g/w"}</th><th>{"x_i"}</th><th>{"use"}</th></tr></thead>
                    <tbody>
                        { for order.iter().enumerate().map(|(k, &i)| {
                            let wk = inst.workers.get(i);
                            let ratio = wk.map_or_else(String::new, |w| frac(&(&w.g / &w.w)));
                            let xi = x.get(i).cloned().unwrap_or_default();
                            let role = if k < q { "CPU saturated" } else if xi > Q::default() { "link saturated" } else { "not selected (link saturated)" };
                            html! { <tr><td>{format!("P{}", i + 1)}</td><td>{ratio}</td><td>{frac(&xi)}</td><td>{role}</td></tr> }
                        }) }
                    </tbody>
                </table>
            </div>
        </div>
    }
}

/// Below the layout: the orders compared, the program of §4.4, the open problems.
pub fn after(inst: &Divisible, sol: &DivSolution, orders: Option<&Figure>) -> Html {
    let program = match &sol.details {
        Details::Affine(a) if !a.program.is_empty() => Some(a.program.join("\n")),
        _ => None,
    };
    html! {
        <div class="working">
            { super::exchange::exchanges(sol) }
            if let Some(f) = orders {
                <h2>{"Every sending order"}</h2>
                <div data-testid="dl-orders">{ figure_svg(f, "throughput of every order") }</div>
                <p class="muted">{"Serving the workers by non-decreasing g (Prop. 2) gives the largest ρ; on a bus every order ties."}</p>
            }
            if let Some(p) = program {
                <details><summary>{"The mixed integer program of §4.4 (shown for explanation)"}</summary><pre>{p}</pre></details>
            }
            if inst.variant == Variant::TreeLinear { <p class="muted">{TREE_AFFINE}</p> }
            <details data-testid="dl-open"><summary>{"Open problems (from the source)"}</summary>
                <ol>{ for OPEN_PROBLEMS.iter().map(|p| html! { <li>{*p}</li> }) }</ol>
            </details>
        </div>
    }
}

/// The legend under the pseudocode.
pub fn legend(inst: &Divisible) -> Html {
    html! {
        <ul class="legend">
            <li>{"One colour per worker. Port row: the master's sends, one at a time."}</li>
            <li>{"Light dashed bar: the worker receives; solid bar: it computes (its load written inside)."}</li>
            if inst.variant != Variant::StarLinear && inst.variant != Variant::TreeLinear { <li>{"Hatched: latencies G (send) and W (compute)."}</li> }
            <li>{"Red dashed line: the makespan T_f; red bar: a negative load (invalid)."}</li>
            if inst.variant == Variant::TreeLinear { <li>{"Tree: blue node collapsed (w_eq), green node expanded (α)."}</li> }
        </ul>
    }
}
