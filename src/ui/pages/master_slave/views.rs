//! What the master–slave page shows at one step besides the caption: the figure (shapes of
//! `draw::master_slave` as inline SVG), the state in words, the result, the weight matrices /
//! pattern / jobs / READY lists under the player, every algorithm of the variant and the
//! `N(T)/UB(T)` series.

use std::rc::Rc;

use hetlab_core::master_slave::extras::Compared;
use hetlab_core::master_slave::solution::{Matching, MatrixName};
use hetlab_core::master_slave::{Goal, MsInput, MsSolution, MsState, Role};
use hetlab_core::rational::{frac, shown};
use yew::prelude::*;

use crate::draw::master_slave::{Drawing, Shape, WIDTH};
use crate::ui::components::narrow::Narrow;
use crate::ui::components::shape::{shapes, shapes_data};

/// The page's figure: [`figure_svg`], narrowed on a phone so that its 11 px text stays at
/// 11 px ([`Narrow`]).
pub fn figure_narrow(d: &Drawing, title: &str, id: &'static str) -> Html {
    let (title, height) = (AttrValue::from(title.to_owned()), d.height);
    let draw = Callback::from(move |(marks, width): (Rc<Vec<Shape>>, f64)| {
        html! {
            <svg class="ms-figure" viewBox={format!("0 0 {width} {height:.0}")} role="group"
                 aria-label={title.clone()} data-testid={id}>
                { shapes(&marks) }
            </svg>
        }
    });
    html! { <Narrow shapes={Rc::new(d.shapes.clone())} width={WIDTH} x0={24.0} text={11.0} {draw} /> }
}

/// The figure as inline SVG.
pub fn figure_svg(d: &Drawing, title: &str, id: &'static str) -> Html {
    html! {
        <>
        <svg class="ms-figure" viewBox={format!("0 0 {WIDTH} {:.0}", d.height)} role="group"
             aria-label={title.to_owned()} data-testid={id}>
            { shapes(&d.shapes) }
        </svg>
        { shapes_data(&d.shapes) }
        </>
    }
}

fn list<T: ToString>(v: &[T]) -> String {
    let items: Vec<String> = v.iter().map(ToString::to_string).collect();
    format!("({})", items.join(","))
}

fn slaves(v: &[usize]) -> String {
    v.iter()
        .map(|i| format!("P{}", i + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The caption before the first step.
pub fn intro(input: &MsInput) -> String {
    match input {
        MsInput::Bus(b) => {
            let goal = match &b.goal {
                Goal::Horizon(t) => format!("as many tasks as possible by T = {}", frac(t)),
                Goal::Tasks(c) => format!("{c} tasks as early as possible"),
            };
            format!("{}: {} slaves with cycle times {}; the master wants {goal}. Press ▶ to start.", b.name(), b.t.len(), list(&b.t.iter().map(frac).collect::<Vec<_>>()))
        }
        MsInput::Tree(t) => match t.tasks {
            Some(c) => format!(
                "A {} of {} nodes under the master, which holds {c} tasks: the least T that does them all, by a binary search on T, each probe running the reverse-time merge and Moore–Hodgson. Press ▶ to start.",
                t.shape.name(),
                t.shape.nodes().len(),
            ),
            None => format!(
                "A {} of {} nodes under the master, horizon T = {}: reverse time from T, then Moore–Hodgson at the master's port. Press ▶ to start.",
                t.shape.name(),
                t.shape.nodes().len(),
                frac(&t.horizon)
            ),
        },
    }
}

/// The final numbers, shown once the last step is reached.
pub fn result(sol: &MsSolution) -> Html {
    let m = sol.matching.as_ref();
    let p = sol.periodic.as_ref();
    let kind = if sol.optimal { "optimal" } else { "heuristic" };
    html! {
        <dl class="metrics" data-testid="ms-result">
            <dt>{"Tasks done"}</dt><dd><span data-testid="ms-total">{sol.total}</span>{format!(" ({kind})")}</dd>
            if let Some(ms) = &sol.makespan {
                <dt>{"Least time T*"}</dt><dd data-testid="ms-makespan">{shown(ms)}</dd>
            } else {
                <dt>{"Horizon T"}</dt><dd>{shown(&sol.horizon)}</dd>
            }
            <dt>{"Tasks per slave c"}</dt><dd data-testid="ms-counts">{list(&sol.counts)}</dd>
            if !sol.order.is_empty() && sol.order.len() <= 24 {
                <dt>{"Message order"}</dt><dd data-testid="ms-order">{slaves(&sol.order)}</dd>
            }
            if let Some(c) = m.and_then(|m| m.c_app) { <dt>{"C_app (guaranteed)"}</dt><dd data-testid="ms-c-app">{c}</dd> }
            if let Some(o) = m.and_then(|m| m.exact_optimum) {
                <dt>{"Exact optimum OPT"}</dt><dd data-testid="ms-opt">{o}</dd>
                if m.is_some_and(|m| m.c_app.is_some()) {
                    <dt>{"OPT − p"}</dt><dd>{i128::from(o) - sol.counts.len() as i128}</dd>
                }
            }
            if let Some(g) = m.and_then(|m| m.guarantee_proven) {
                <dt>{"Within p tasks of OPT"}</dt><dd>{if g { "proven (T ≥ 2p·max(t1,t2))" } else { "bound not proven for this T" }}</dd>
            }
            if let Some(p) = p {
                <dt>{"Periodic pattern N_alg(T)"}</dt><dd data-testid="ms-periodic">{p.periodic}</dd>
                if let Some(g) = p.greedy { <dt>{"Greedy"}</dt><dd data-testid="ms-greedy">{g}</dd> }
                <dt>{"Upper bound UB(T)"}</dt><dd data-testid="ms-ub">{p.ub}</dd>
                <dt>{"S = Σ tcom/tc_k"}</dt><dd data-testid="ms-s">{shown(&p.pattern.s)}</dd>
                <dt>{"Period Tpat"}</dt><dd data-testid="ms-tpat">{shown(&p.pattern.tpat)}</dd>
                <dt>{"nb (sorted slaves)"}</dt><dd data-testid="ms-nb">{list(&p.pattern.nb)}</dd>
            }
            if let Some(t) = &sol.tree {
                <dt>{"Jobs kept at the master"}</dt><dd data-testid="ms-selected">{format!("{} of {}", t.selected.len(), t.jobs.len())}</dd>
                if t.master_tasks > 0 { <dt>{"Master's own tasks"}</dt><dd>{t.master_tasks}</dd> }
            }
            { for sol.notes.iter().map(|n| html! { <><dt>{"Note"}</dt><dd>{n.clone()}</dd></> }) }
        </dl>
    }
}

/// The state in words.
pub fn now(s: &MsState) -> Html {
    let last = s.matchings.last();
    html! {
        <dl class="metrics" data-testid="ms-now">
            <dt>{"Tasks on the chart"}</dt><dd data-testid="ms-now-total">{s.total}</dd>
            if let Some((role, m)) = last {
                <dt>{format!("{} matching", role_name(*role))}</dt><dd>{format!("σ = {}, {} tasks", list(&m.sigma), m.total)}</dd>
            }
            if let Some(c) = s.c_app { <dt>{"C_app"}</dt><dd>{c}</dd> }
            if let Some((s1, s2, total)) = &s.best { <dt>{"Best so far"}</dt><dd>{format!("σ1 = {}, σ2 = {}: {total}", list(s1), list(s2))}</dd> }
            if let Some(ub) = s.ub { <dt>{"UB(T)"}</dt><dd>{ub}</dd> }
            if let Some(p) = s.probes.last() { <dt>{"Search interval"}</dt><dd>{format!("[{}, {}]", frac(&p.lo), frac(&p.hi))}</dd> }
            if !s.jobs.is_empty() {
                <dt>{"Moore–Hodgson"}</dt><dd>{format!("{} kept, {} struck, load {}", s.selected.len(), s.rejected.len(), frac(&s.load))}</dd>
            }
        </dl>
    }
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::FastestFirst => "Fastest-first",
        Role::Optimal => "Optimal",
        Role::Left => "Left (σ1)",
        Role::Right => "Right (σ2)",
        Role::Exact => "Exact",
    }
}

/// The legend under the pseudocode.
pub fn legend(tree: bool) -> Html {
    html! {
        <ul class="legend ms-legend">
            if tree {
                <li>{"Rows: each sending port, then each CPU; a task's colour is the node it goes to."}</li>
                <li>{"Tree: c = time to move one task over the link, w = time to compute one task."}</li>
            } else {
                <li>{"Top row: the bus (one message at a time); one row per slave; colour = slave."}</li>
                <li>{"Graph: dashed orange = fastest first (the foil), bold blue = the matching kept."}</li>
                <li>{"Lighter blocks on the bus: result messages going back to the master."}</li>
            }
            <li>{"Grey blocks end after T and do not count; the dashed red line is T; pink outline: just added."}</li>
        </ul>
    }
}

/// The working tables under the player.
pub fn working(s: &MsState, names: &[String]) -> Html {
    html! {
        <>
            { for s.matrices.iter().map(|(name, m)| matrix_table(*name, m, &s.matchings)) }
            { jobs_table(s, names) }
            { ready_lists(s, names) }
        </>
    }
}

/// The name of node or slave `v` (`P1`, or a general tree's id).
fn name(names: &[String], v: usize) -> String {
    names
        .get(v)
        .cloned()
        .unwrap_or_else(|| format!("P{}", v + 1))
}

fn highlighted(name: MatrixName, matchings: &[(Role, Matching)]) -> Option<&Matching> {
    let wanted: &[Role] = match name {
        MatrixName::W => &[Role::Optimal],
        MatrixName::A1 => &[Role::Left],
        MatrixName::A2 => &[Role::Right],
        MatrixName::B => &[Role::Exact],
    };
    matchings
        .iter()
        .rev()
        .find(|(r, _)| wanted.contains(r))
        .map(|(_, m)| m)
}

fn matrix_table(name: MatrixName, m: &[Vec<i64>], matchings: &[(Role, Matching)]) -> Html {
    if m.len() > 24 {
        return Html::default();
    }
    let chosen = highlighted(name, matchings);
    let foil = matchings
        .iter()
        .find(|(r, _)| *r == Role::FastestFirst && name == MatrixName::W)
        .map(|(_, m)| m);
    let on = |mm: Option<&Matching>, i: usize, j: usize| {
        mm.is_some_and(|m| m.sigma.get(i) == Some(&(j + 1)))
    };
    let what = match name {
        MatrixName::W => {
            "W[i][j] = max(0, floor((T − j·tcom)/t_i)): tasks of P_i if its message is the j-th"
        }
        MatrixName::A1 => "A1[i][j] = floor((T/2 − j·t1)/t_i): first half, forward slot j",
        MatrixName::A2 => "A2[i][k] = floor((T/2 − k·t2)/t_i): second half, return slot k",
        MatrixName::B => "B[i][k] = max(0, floor((T − i·t1 − k·t2)/w)): identical slaves",
    };
    html! {
        <div class="working">
            <h3>{what}</h3>
            <div class="table-scroll">
                <table class="dp" data-testid={format!("ms-matrix-{name:?}")}>
                    <thead><tr><th>{"i \\ j"}</th>{ for (1..=m.first().map_or(0, Vec::len)).map(|j| html! { <th>{j}</th> }) }</tr></thead>
                    <tbody>
                        { for m.iter().enumerate().map(|(i, row)| html! {
                            <tr><th>{format!("P{}", i + 1)}</th>{ for row.iter().enumerate().map(|(j, v)| {
                                let class = classes!(on(chosen, i, j).then_some("current"), on(foil, i, j).then_some("band"), (*v < 0).then_some("neg"));
                                html! { <td {class}>{v}</td> }
                            }) }</tr>
                        }) }
                    </tbody>
                </table>
            </div>
        </div>
    }
}

fn jobs_table(s: &MsState, names: &[String]) -> Html {
    if s.jobs.is_empty() || s.jobs.len() > 200 {
        return Html::default();
    }
    let status = |k: usize| {
        if s.rejected.contains(&k) {
            ("struck out", "worse")
        } else if s.selected.contains(&k) {
            ("kept", "current")
        } else {
            ("", "")
        }
    };
    html! {
        <div class="working">
            <h3>{"Jobs at the master's port in deadline order (Moore–Hodgson)"}</h3>
            <div class="table-scroll">
                <table class="compare" data-testid="ms-jobs">
                    <thead><tr><th>{"job"}</th><th>{"for"}</th><th>{"via"}</th><th>{"length"}</th><th>{"deadline"}</th><th>{"status"}</th></tr></thead>
                    <tbody>
                        { for s.jobs.iter().enumerate().map(|(k, j)| {
                            let (word, class) = status(k);
                            html! { <tr class={classes!((!class.is_empty()).then_some(class))}><td>{k + 1}</td><td>{name(names, j.origin)}</td><td>{name(names, j.child)}</td><td>{frac(&j.length)}</td><td>{frac(&j.deadline)}</td><td>{word}</td></tr> }
                        }) }
                    </tbody>
                </table>
            </div>
        </div>
    }
}

fn ready_lists(s: &MsState, names: &[String]) -> Html {
    if s.ready.is_empty() {
        return Html::default();
    }
    html! {
        <div class="working">
            <h3>{"READY(v): reverse times (time to the deadline) at which tasks sit at v"}</h3>
            <ul data-testid="ms-ready">
                { for s.ready.iter().map(|(v, times)| {
                    let shown: Vec<String> = times.iter().take(40).map(frac).collect();
                    let more = if times.len() > 40 { ", …" } else { "" };
                    html! { <li>{format!("{}: [{}{more}]", name(names, *v), shown.join(","))}</li> }
                }) }
            </ul>
        </div>
    }
}

/// Every algorithm of the variant on this instance.
pub fn compare_table(rows: &[Compared], current: &str) -> Html {
    if rows.len() < 2 {
        return Html::default();
    }
    html! {
        <div class="working">
            <h2>{"Every algorithm of this variant"}</h2>
            <div class="table-scroll">
                <table class="compare" data-testid="ms-compare">
                    <thead><tr><th>{"algorithm"}</th><th>{"tasks"}</th><th>{"time"}</th><th>{"per slave"}</th></tr></thead>
                    <tbody>
                        { for rows.iter().map(|(a, r)| {
                            let class = classes!((*a == current).then_some("current"));
                            match r {
                                Ok(s) => html! { <tr {class}><td>{a.clone()}</td><td>{s.total}</td><td>{shown(s.makespan.as_ref().unwrap_or(&s.horizon))}</td><td>{list(&s.counts)}</td></tr> },
                                Err(e) => html! { <tr {class}><td>{a.clone()}</td><td colspan="3" class="muted">{e.clone()}</td></tr> },
                            }
                        }) }
                    </tbody>
                </table>
            </div>
        </div>
    }
}

/// `N(T)` of the periodic pattern and the greedy against `UB(T)` (variants 3 and 4).
pub fn series_table(sol: &MsSolution) -> Html {
    let Some(p) = &sol.periodic else {
        return Html::default();
    };
    if p.series.is_empty() {
        return Html::default();
    }
    let ratio = |n: u64, ub: u64| {
        if ub == 0 {
            "–".to_owned()
        } else {
            format!("{:.3}", n as f64 / ub as f64)
        }
    };
    let plot = crate::draw::master_slave::plot::series(&p.series);
    html! {
        <div class="working">
            <h2>{"Approach to the bound: tasks done by T"}</h2>
            if let Some(d) = plot { { figure_svg(&d, "Tasks done over UB(T) against T", "ms-plot") } }
            <details><summary>{"The numbers"}</summary>
            <div class="table-scroll">
                <table class="compare" data-testid="ms-series">
                    <thead><tr><th>{"T"}</th><th>{"periodic"}</th><th>{"greedy"}</th><th>{"UB(T)"}</th><th>{"periodic / UB"}</th></tr></thead>
                    <tbody>
                        { for p.series.iter().map(|pt| html! {
                            <tr><td>{frac(&pt.t)}</td><td>{pt.periodic}</td><td>{pt.greedy.map_or_else(|| "–".into(), |g| g.to_string())}</td><td>{pt.ub}</td><td>{ratio(pt.periodic, pt.ub)}</td></tr>
                        }) }
                    </tbody>
                </table>
            </div>
            </details>
        </div>
    }
}
