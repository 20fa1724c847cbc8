//! What the scatter page shows besides the caption: the figures (marks of `draw::scatter` as
//! inline SVG), the result panel, and the working tables (DP table, participation scan,
//! rounding, orders tried).

use std::rc::Rc;

use hetlab_core::rational::{approx, frac, shown_within};
use hetlab_core::scatter::{Rule, ScatterSolution, ScatterState};
use hetlab_core::sort;
use yew::prelude::*;

use crate::draw::scatter::{self as draw, name, Drawing, Shape, CSS};
use crate::ui::components::narrow::Narrow;
use crate::ui::components::shape::{shapes, shapes_data};

/// Styles of the page around the figures (the figures carry [`CSS`]).
const PAGE_CSS: &str = ".scatter-page .layout > *{min-width:0}.scatter-page .toolbar label,.scatter-page .toolbar select{max-width:100%;min-width:0}svg.scatter-fig{width:100%;max-width:560px;height:auto;display:block;margin:0 auto}.scatter-compare{display:flex;flex-wrap:wrap;gap:.5rem}.scatter-compare>figure{flex:1 1 340px;margin:0;min-width:0}.scatter-page .metrics dd{overflow-wrap:anywhere}.scatter-field{display:flex;flex-wrap:wrap;gap:.4rem .8rem;align-items:flex-start;flex-basis:100%}.scatter-field label{display:flex;flex-wrap:wrap;gap:.3rem;align-items:center;max-width:100%}.scatter-field input{max-width:100%}.scatter-field input[aria-invalid=\"true\"]{border-color:#b00020}.scatter-field .field-error{flex-basis:100%;max-width:28rem}table.dp td.traced{background:#c3fae8}table.dp td small{color:#495057}";

/// A figure as inline SVG with the hatch pattern and the style sheet.
pub fn figure_svg(d: &Drawing, title: &str, testid: &'static str) -> Html {
    html! { <>{ svg_of(d, title, testid) }{ shapes_data(&d.shapes) }</> }
}

/// The SVG of [`figure_svg`] alone.
fn svg_of(d: &Drawing, title: &str, testid: &'static str) -> Html {
    html! {
        <svg class="scatter-fig" viewBox={format!("0 0 {} {:.0}", d.width, d.height)} role="group"
             aria-label={title.to_owned()} data-testid={testid}>
            <style>{CSS}{PAGE_CSS}</style>
            <defs>
                <pattern id={draw::HATCH_ID} patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">
                    <rect width="6" height="6" fill="#f1f3f5" />
                    <line x1="0" y1="0" x2="0" y2="6" stroke="#868e96" stroke-width="2" />
                </pattern>
            </defs>
            { marks(d) }
        </svg>
    }
}

/// The page's figure: [`figure_svg`], narrowed on a phone so that its 11 px text stays at
/// 11 px ([`Narrow`]).
pub fn figure_narrow(d: &Drawing, title: &str, testid: &'static str) -> Html {
    let (title, base) = (title.to_owned(), Rc::new(d.clone()));
    let draw = {
        let base = base.clone();
        Callback::from(move |(marks, width): (Rc<Vec<Shape>>, f64)| {
            let d = Drawing {
                width,
                shapes: marks.to_vec(),
                ..(*base).clone()
            };
            svg_of(&d, &title, testid)
        })
    };
    html! { <Narrow shapes={Rc::new(base.shapes.clone())} width={base.width} x0={draw::X0} text={11.0} {draw} /> }
}

/// The marks of `d`, each Gantt chart's under one `<g data-testid="scatter-chart-<role>">` that
/// carries its stair in numbers ([`draw::ChartMarks`]): hatched waits, the dashed stair, the
/// spread of the end times, one item's time, and whether the ends are equal within it.
fn marks(d: &Drawing) -> Html {
    let run = |r: std::ops::Range<usize>| -> Html { shapes(d.shapes.get(r).unwrap_or_default()) };
    let mut at = 0;
    let mut out: Vec<Html> = Vec::new();
    for c in &d.charts {
        out.push(run(at..c.shapes.start.max(at)));
        out.push(html! {
            <g data-testid={format!("scatter-chart-{}", c.role)} data-idle={c.idle.to_string()}
               data-stair={c.stair.to_string()} data-spread={format!("{:.6}", c.spread)}
               data-item={format!("{:.6}", c.item)} data-balanced={c.balanced().to_string()}>
                { run(c.shapes.clone()) }
            </g>
        });
        at = at.max(c.shapes.end);
    }
    out.push(run(at..d.shapes.len()));
    out.into_iter().collect()
}

/// The longest fraction the side panel writes out (`17/2 ≈ 8.5`); a longer one is shown by its
/// decimal alone (`≈ 406.8368`).
const LONGEST: usize = 16;

fn list(values: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", values.into_iter().collect::<Vec<_>>().join(", "))
}

/// The final numbers, shown once the last step is reached.
pub fn result(sol: &ScatterSolution) -> Html {
    let s = &sol.schedule;
    let ends = list(
        s.end_times()
            .iter()
            .map(|e| e.as_ref().map_or_else(|| "—".into(), frac)),
    );
    let makespan_frac = frac(&sol.makespan);
    html! {
        <dl class="metrics" data-testid="scatter-result">
            <dt>{ if sol.roots.is_some() { "Total (transfer + scatter)" } else { "Makespan T" } }</dt>
            <dd><span data-testid="scatter-makespan">{makespan_frac}</span>
                if !sol.makespan.is_integer() { {" ≈ "}<span data-testid="scatter-makespan-approx">{approx(&sol.makespan)}</span> }</dd>
            <dt>{"Shares (input order)"}</dt>
            <dd data-testid="scatter-distribution">{list(s.shares.iter().map(frac))}</dd>
            <dt>{"End times"}</dt><dd data-testid="scatter-ends">{ends}</dd>
            <dt>{"Sending order"}</dt><dd>{s.order.iter().map(|&i| name(i)).collect::<Vec<_>>().join(", ")}</dd>
            <dt>{"Equal shares (MPI_Scatter)"}</dt>
            <dd data-testid="scatter-uniform">{format!("T = {}", shown_within(&sol.uniform.makespan, LONGEST))}</dd>
            if let Some(lp) = &sol.lp {
                <dt>{"LP optimum T_LP"}</dt><dd data-testid="scatter-tlp">{shown_within(&lp.t_lp, LONGEST)}</dd>
                <dt>{"Guarantee T_LP + Σ T_comm(j,1) + max T_comp(i,1)"}</dt>
                <dd data-testid="scatter-bound">{shown_within(&lp.bound, LONGEST)}</dd>
                <dt>{"T' with every processor contacted"}</dt><dd>{shown_within(&lp.makespan_all_contacted, LONGEST)}</dd>
                if let Some(dp) = &lp.dp_makespan {
                    <dt>{"Exact DP in this order"}</dt><dd data-testid="scatter-tdp">{shown_within(dp, LONGEST)}</dd>
                }
            }
            if let Some(orders) = &sol.orders {
                <dt>{"Orders tried"}</dt><dd>{orders.len()}</dd>
            }
            if let Some(roots) = &sol.roots {
                <dt>{"Roots tried"}</dt>
                <dd data-testid="scatter-roots">{roots.iter().map(|r| format!("{}: {}", name(r.root), frac(&r.total))).collect::<Vec<_>>().join("; ")}</dd>
                <dt>{"Best root"}</dt><dd data-testid="scatter-root">{name(sol.root)}</dd>
            }
            <dt>{"Status"}</dt><dd>{ if sol.optimal { "optimal" } else { "heuristic" } }</dd>
            if !sol.warnings.is_empty() {
                <dt>{"Note"}</dt><dd class="warning" data-testid="scatter-warnings">{sol.warnings.join("; ")}</dd>
            }
        </dl>
    }
}

/// The rows of the DP table shown: all for small `n`, else `0`, the rows the reconstruction
/// read, and `n`.
fn dp_rows(s: &ScatterState) -> Vec<u64> {
    if s.n <= hetlab_core::scatter::DP_CELL_LIMIT {
        return (0..=s.n).collect();
    }
    let mut rows: Vec<u64> = s.traced.iter().map(|t| t.1).collect();
    rows.extend([0, s.n]);
    sort::sort(&mut rows);
    rows.dedup();
    rows
}

/// The DP table `cost[d][i] (choice)`, the current cell outlined, the reconstruction shaded.
pub fn dp_table(s: &ScatterState) -> Html {
    if s.table.iter().all(|c| c.iter().all(Option::is_none)) {
        return Html::default();
    }
    let cell = |pos: usize, d: u64| {
        let k = usize::try_from(d).unwrap_or(usize::MAX);
        let v = s.table.get(pos).and_then(|c| c.get(k)).cloned().flatten();
        let e = s.choice.get(pos).and_then(|c| c.get(k)).copied().flatten();
        let current = s
            .cell
            .as_ref()
            .is_some_and(|c| c.position == pos && c.d == d);
        let traced = s.traced.iter().any(|t| t.0 == pos && t.1 == d);
        let class = classes!(current.then_some("current"), traced.then_some("traced"));
        html! {
            <td {class}>{v.as_ref().map(frac).unwrap_or_default()}
                if let Some(e) = e { <small>{format!(" ({e})")}</small> }</td>
        }
    };
    let rows = dp_rows(s);
    html! {
        <div class="working">
            <h3>{"DP table: cost[d][i] (choice e) — the best makespan of d items on positions i..p"}</h3>
            if s.n > hetlab_core::scatter::DP_CELL_LIMIT {
                <p class="muted">{format!("{} rows: only d = 0, n and the rows the reconstruction reads are shown.", s.n + 1)}</p>
            }
            <div class="table-scroll">
                <table class="dp" data-testid="scatter-dp">
                    <thead><tr><th>{"d"}</th>{ for s.order.iter().enumerate().map(|(k, &i)| html! { <th>{format!("{} ({})", k + 1, name(i))}</th> }) }</tr></thead>
                    <tbody>
                        { for rows.iter().map(|&d| html! {
                            <tr><th>{d}</th>{ for (0..s.order.len()).map(|pos| cell(pos, d)) }</tr>
                        }) }
                    </tbody>
                </table>
            </div>
        </div>
    }
}

/// Theorem 2's backward scan so far.
pub fn scan_table(s: &ScatterState) -> Html {
    if s.scan.is_empty() {
        return Html::default();
    }
    html! {
        <div class="working">
            <h3>{"Who takes part (Theorem 2): P_i joins when β_i ≤ D(suffix)"}</h3>
            <div class="table-scroll">
                <table class="dp" data-testid="scatter-scan">
                    <thead><tr><th>{"processor"}</th><th>{"β"}</th><th>{"D(suffix)"}</th><th>{"joins"}</th><th>{"D after"}</th></tr></thead>
                    <tbody>{ for s.scan.iter().map(|t| html! {
                        <tr><td>{name(t.processor)}</td><td>{frac(&t.beta)}</td><td>{shown_within(&t.d_suffix, LONGEST)}</td>
                            <td>{ if t.included { "yes" } else { "no" } }</td><td>{shown_within(&t.d_after, LONGEST)}</td></tr>
                    }) }</tbody>
                </table>
            </div>
        </div>
    }
}

/// The rounding steps so far.
pub fn rounding_table(s: &ScatterState) -> Html {
    if s.rounding.is_empty() {
        return Html::default();
    }
    let rule = |r: Rule| match r {
        Rule::Nearest => "nearest (err = 0)",
        Rule::Ceil => "ceil (err < 0)",
        Rule::Floor => "floor (err > 0)",
        Rule::Last => "last: x − err",
    };
    html! {
        <div class="working">
            <h3>{"Rounding (§4.3): one share at a time, the error kept below 1"}</h3>
            <div class="table-scroll">
                <table class="dp" data-testid="scatter-rounding">
                    <thead><tr><th>{"processor"}</th><th>{"x"}</th><th>{"rule"}</th><th>{"n'"}</th><th>{"error"}</th></tr></thead>
                    <tbody>{ for s.rounding.iter().map(|r| html! {
                        <tr><td>{name(r.processor)}</td><td>{shown_within(&r.x, LONGEST)}</td><td>{rule(r.rule)}</td><td>{r.value}</td><td>{shown_within(&r.err, LONGEST)}</td></tr>
                    }) }</tbody>
                </table>
            </div>
        </div>
    }
}

/// The orders tried so far: the best and the latest ones.
pub fn orders_table(s: &ScatterState) -> Html {
    if s.orders.is_empty() {
        return Html::default();
    }
    let shown_rows: Vec<usize> = {
        let mut v: Vec<usize> = (s.orders.len().saturating_sub(8)..s.orders.len()).collect();
        if let Some(b) = s.best_order {
            if !v.contains(&b) {
                v.insert(0, b);
            }
        }
        v
    };
    html! {
        <div class="working">
            <h3>{format!("Orders tried: {} (the best and the latest shown)", s.orders.len())}</h3>
            <table class="dp" data-testid="scatter-orders">
                <thead><tr><th>{"#"}</th><th>{"order"}</th><th>{"makespan"}</th></tr></thead>
                <tbody>{ for shown_rows.iter().filter_map(|&k| s.orders.get(k).map(|(o, t)| (k, o, t))).map(|(k, o, t)| {
                    let class = classes!((s.best_order == Some(k)).then_some("traced"));
                    html! { <tr {class}><td>{k + 1}</td><td>{o.iter().map(|&i| name(i)).collect::<Vec<_>>().join(", ")}</td><td>{shown_within(t, LONGEST)}</td></tr> }
                }) }</tbody>
            </table>
        </div>
    }
}
