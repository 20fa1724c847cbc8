//! What the ring page shows besides the caption: the figure (shapes of `draw::ring` as inline
//! SVG with their style sheet), the state at this step in words, the result, the comparison of
//! algorithms, the paper's quoted tables and the legend.

use std::rc::Rc;

use hetlab_core::rational::{approx, frac, to_f64, Q};
use hetlab_core::ring::extras::Compared;
use hetlab_core::ring::paper::{QuotedTable, NOTE, TABLE_5, TABLE_6};
use hetlab_core::ring::{RingEval, RingSolution, RingState};
use yew::prelude::*;

use crate::draw::ring::{points_attr, Arrangement, Drawing, Shape, STYLE, WIDTH};
use crate::draw::svg::fixed2 as n2;
use crate::ui::components::data_table::data_table;
use crate::ui::hooks::size::use_shown_box;

fn shape(s: &Shape) -> Html {
    let fill = |f: Option<&'static str>| f.map(AttrValue::from);
    match s {
        Shape::Rect { at, class, fill: f } => html! {
            <rect class={*class} x={n2(at[0])} y={n2(at[1])} width={n2(at[2])} height={n2(at[3])} fill={fill(*f)} />
        },
        Shape::Line { at, class } => html! {
            <line class={*class} x1={n2(at[0])} y1={n2(at[1])} x2={n2(at[2])} y2={n2(at[3])} />
        },
        Shape::Circle { at, class, fill: f } => html! {
            <circle class={*class} cx={n2(at[0])} cy={n2(at[1])} r={n2(at[2])} fill={fill(*f)} />
        },
        Shape::Poly { points, class } => {
            html! { <polyline class={*class} points={points_attr(points)} /> }
        }
        Shape::Text {
            at,
            text,
            class,
            anchor,
        } => html! {
            <text class={*class} x={n2(at[0])} y={n2(at[1])} text-anchor={anchor.css()}>{text.clone()}</text>
        },
    }
}

/// The drawing's labels as a table (the words and numbers of the figure, in drawing order).
fn labels_table(shapes: &[Shape]) -> Html {
    let rows: Vec<Vec<String>> = shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Text { text, .. } if !text.trim().is_empty() => Some(vec![text.clone()]),
            _ => None,
        })
        .collect();
    if rows.is_empty() {
        return Html::default();
    }
    data_table(
        "Data of this figure (table)",
        "Labels of the figure",
        &["label".to_owned()],
        &rows,
    )
}

/// A drawing as inline SVG, with the style sheet it shares with the exported file.
pub fn drawing_svg(d: &Drawing, title: &str, testid: &'static str) -> Html {
    html! {
        <>
        <svg class="ring-figure" viewBox={format!("0 0 {} {}", d.width, d.height)} role="img"
             style={format!("width:100%;max-width:{}px;height:auto;display:block;margin:0 auto", d.width * 1.3)}
             aria-label={title.to_owned()} data-testid={testid}>
            <style>{STYLE}</style>
            { for d.shapes.iter().map(shape) }
        </svg>
        { labels_table(&d.shapes) }
        </>
    }
}

/// The figure at one step in both arrangements; the one shown follows the width it gets.
#[derive(Properties, PartialEq)]
pub struct RingFigureProps {
    /// One column (phones, narrow windows; what Export SVG writes).
    pub stacked: Rc<Drawing>,
    /// The platform beside the plots (a projector's first screen).
    pub wide: Rc<Drawing>,
    /// The platform alone (a phone; the plots go under the player, [`RingPlots`]).
    pub narrow: Rc<Drawing>,
    /// Its accessible name.
    pub title: AttrValue,
}

/// The ring figure, wide when its text stays at 11 px or more that way, narrow where the
/// stacked one's would not ([`Arrangement::for_box`]), stacked otherwise.
#[function_component(RingFigure)]
pub fn ring_figure(p: &RingFigureProps) -> Html {
    let node = use_node_ref();
    let (width, height, _) = use_shown_box(node.clone(), WIDTH);
    let d = match Arrangement::for_box(width, height) {
        Arrangement::Wide => &p.wide,
        Arrangement::Stacked => &p.stacked,
        Arrangement::Narrow => &p.narrow,
    };
    html! {
        <div ref={node} class="ring-figure-wrap">{ drawing_svg(d, &p.title, "ring-figure") }</div>
    }
}

/// The ring's plots under the player when the figure is narrow.
#[derive(Properties, PartialEq)]
pub struct RingPlotsProps {
    /// The bars and `T` against the ring size, [`crate::draw::ring::NARROW_WIDTH`] wide.
    pub plots: Rc<Drawing>,
    /// Their accessible name.
    pub title: AttrValue,
}

/// The plots the narrow figure leaves out, in a card of the figure's width (the same rule
/// decides: [`Arrangement::for_box`] on the width inside the card); nothing otherwise.
#[function_component(RingPlots)]
pub fn ring_plots(p: &RingPlotsProps) -> Html {
    let node = use_node_ref();
    let (width, _, _) = use_shown_box(node.clone(), WIDTH);
    let shown = Arrangement::for_box(width, None) == Arrangement::Narrow;
    html! {
        <div class={classes!("figure", "ring-plots", (!shown).then_some("off"))}>
            <div ref={node}>
                if shown { { drawing_svg(&p.plots, &p.title, "ring-plots") } }
            </div>
        </div>
    }
}

/// `7`, `206/29 ≈ 7.1034`, or a decimal when the fraction is long (Lyon's values).
pub fn short(v: &Q) -> String {
    let f = frac(v);
    if v.is_integer() && f.len() <= 12 {
        f
    } else if f.len() <= 14 {
        format!("{f} ≈ {}", approx(v))
    } else {
        decimal(v)
    }
}

/// A decimal with 9 digits after the point, trailing zeros cut.
pub fn decimal(v: &Q) -> String {
    let s = format!("{:.9}", to_f64(v));
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// The water level `ℓ` of §2 and what it means: `T` itself, or below it when the ring is
/// communication-bound (the members whose `H·comm_i` reaches it get no work).
fn level(e: &RingEval) -> String {
    let idle = e.communicate.iter().filter(|c| **c >= e.level).count();
    if e.level == e.t {
        format!("{} (= T)", short(&e.level))
    } else {
        format!(
            "{} (< T = M: {idle} member(s) with H·comm_i ≥ ℓ only communicate)",
            short(&e.level)
        )
    }
}

/// A fraction when short, else a decimal (shares).
fn share(v: &Q) -> String {
    let f = frac(v);
    if f.len() <= 9 {
        f
    } else {
        approx(v)
    }
}

fn ring_text(ring: &[usize]) -> String {
    let v: Vec<String> = ring.iter().map(|i| format!("P{i}")).collect();
    format!("({})", v.join(", "))
}

/// The state at this step in words.
pub fn now(s: &RingState, eval: Option<&RingEval>) -> Html {
    let best = s.candidates.iter().min_by(|a, b| a.t.cmp(&b.t));
    html! {
        <dl class="metrics" data-testid="ring-now">
            <dt>{"Ring drawn"}</dt>
            <dd>{ if s.ring.is_empty() { "none yet".to_owned() } else { ring_text(&s.ring) } }</dd>
            if let Some(e) = eval {
                <dt>{"Its T"}</dt><dd>{short(&e.t)}</dd>
                if e.ring.len() > 1 {
                    <dt>{"T_closed, H·max comm"}</dt><dd>{format!("{}, {}", approx(&e.t_closed), approx(&e.m))}</dd>
                    <dt>{"Water level ℓ"}</dt><dd data-testid="ring-now-level">{short(&e.level)}</dd>
                }
            }
            if !s.candidates.is_empty() {
                <dt>{"Candidates tried"}</dt>
                <dd>{format!("{}{}", s.candidates.len(), best.map(|c| format!(", best P{} after position {}: T = {}", c.i, c.k, approx(&c.t))).unwrap_or_default())}</dd>
            }
            if let Some((tour, l)) = &s.tour { <dt>{"Tour length L"}</dt><dd>{format!("{} ({} processors)", approx(l), tour.len())}</dd> }
            if s.work_done > 0 { <dt>{"Rings or subsets valued"}</dt><dd>{s.work_done}</dd> }
            if let Some((lb, ub, ok)) = &s.bounds {
                <dt>{"Bounds [LB, UB]"}</dt><dd>{format!("[{}, {}]{}", approx(lb), approx(ub), if *ok { ", certified" } else { ", not certified" })}</dd>
            }
            if let Some((lines, alone, all)) = &s.homogeneous {
                <dt>{"W·w_min vs W·w_cumul + 2Hc"}</dt><dd>{format!("{} vs {}", short(alone), short(all))}</dd>
                if let Some(th) = &lines.threshold { <dt>{"Threshold W/H"}</dt><dd>{short(th)}</dd> }
            }
        </dl>
    }
}

/// The final numbers, shown once the last step is reached.
pub fn result(sol: &RingSolution) -> Html {
    let e = &sol.eval;
    let alpha: Vec<String> = sol.alpha.iter().map(share).collect();
    let (t, t_decimal) = (short(&sol.t_step), decimal(&sol.t_step));
    html! {
        <dl class="metrics" data-testid="ring-result">
            <dt>{"T_step"}</dt>
            // The decimal only where it says more than the exact value ("7", not "7 = 7").
            <dd><span data-testid="ring-t">{t.clone()}</span>
                if t != t_decimal {
                    <span class="muted">{" = "}<span data-testid="ring-t-decimal">{t_decimal}</span></span>
                }</dd>
            <dt>{"Ring (q processors)"}</dt>
            <dd><span data-testid="ring-ring">{ring_text(&sol.ring)}</span>{", q = "}<span data-testid="ring-q">{sol.q}</span></dd>
            <dt>{"Shares α (ring order)"}</dt><dd data-testid="ring-alpha">{alpha.join(", ")}</dd>
            <dt>{"Status"}</dt><dd data-testid="ring-status">{sol.status.as_str()}</dd>
            if sol.q > 1 {
                <dt>{"L = Σ comm_i/w_i"}</dt><dd>{short(&e.l)}</dd>
                <dt>{"T_closed, M = H·max comm"}</dt><dd>{format!("{}, {}", short(&e.t_closed), short(&e.m))}</dd>
                <dt>{"Water level ℓ"}</dt><dd data-testid="ring-level">{level(e)}</dd>
                if e.communication_bound { <dt>{"Communication-bound"}</dt><dd data-testid="ring-bound">{"yes: M > T_closed, so T = M"}</dd> }
            }
            if let Some(b) = &sol.bounds {
                <dt>{"Held–Karp LB, UB"}</dt>
                <dd data-testid="ring-bounds">{format!("{}, {} ({})", decimal(&b.lb), decimal(&b.ub), if b.certified { "certified" } else { "bounds only" })}</dd>
            }
            if let Some(t) = &sol.tour { <dt>{"Tour length L"}</dt><dd data-testid="ring-tour">{decimal(&t.length)}</dd> }
            if let Some(t) = &sol.exact_tour { <dt>{"Optimal tour length L*"}</dt><dd>{decimal(&t.length)}</dd> }
            if !sol.notes.is_empty() { <dt>{"Notes"}</dt><dd>{sol.notes.join("; ")}</dd> }
        </dl>
    }
}

/// Every other algorithm on this instance beside the one shown.
pub fn compare_table(rows: &[Compared], current: &RingSolution, name: &str) -> Html {
    if rows.is_empty() {
        return Html::default();
    }
    let best = rows
        .iter()
        .filter_map(|(_, r)| r.as_ref().ok().map(|s| &s.t_step))
        .chain([&current.t_step])
        .min();
    let row = |a: &str, sol: &RingSolution, class: Classes| {
        let worse = best.is_some_and(|b| &sol.t_step > b);
        html! {
            <tr {class}>
                <td>{a.to_owned()}</td>
                <td class={classes!(worse.then_some("worse"))}>{short(&sol.t_step)}</td>
                <td>{sol.q}</td><td>{ring_text(&sol.ring)}</td><td>{sol.status.as_str()}</td>
            </tr>
        }
    };
    html! {
        <div class="working">
            <h2>{"Every algorithm on this instance"}</h2>
            <div class="table-scroll">
                <table class="compare" data-testid="ring-compare">
                    <thead><tr><th>{"algorithm"}</th><th>{"T_step"}</th><th>{"q"}</th><th>{"ring"}</th><th>{"status"}</th></tr></thead>
                    <tbody>
                        { row(name, current, classes!("current")) }
                        { for rows.iter().map(|(a, r)| match r {
                            Ok(sol) => row(a, sol, classes!()),
                            Err(e) => html! { <tr><td>{a.clone()}</td><td colspan="4" class="muted">{e.clone()}</td></tr> },
                        }) }
                    </tbody>
                </table>
            </div>
            <p class="muted">{"Heuristics may miss the optimum: their T_step is in red when it is above the best."}</p>
        </div>
    }
}

fn quoted(t: &QuotedTable) -> Html {
    html! {
        <div class="table-scroll">
            <table class="compare">
                <caption>{t.caption}</caption>
                <thead><tr><th>{"q"}</th>{ for t.sizes.iter().map(|q| html! { <th>{q}</th> }) }</tr></thead>
                <tbody>
                    <tr><th>{"greedy ×6000"}</th>{ for t.greedy.iter().map(|v| html! { <td>{v}</td> }) }</tr>
                    <tr><th>{"PIP ×6000"}</th>{ for t.pip.iter().map(|v| html! { <td>{v.map_or_else(|| "—".to_owned(), |v| v.to_string())}</td> }) }</tr>
                </tbody>
            </table>
        </div>
    }
}

/// The paper's Tables 5–6, quoted with the note of ring.md §10.3.
pub fn quoted_tables() -> Html {
    html! {
        <details class="working" data-testid="ring-quoted">
            <summary>{"The paper's Tables 5–6 (quoted, not recomputed)"}</summary>
            { quoted(&TABLE_5) }
            { quoted(&TABLE_6) }
            <p class="muted">{NOTE}</p>
        </details>
    }
}

/// What the marks of the figure mean.
pub fn legend() -> Html {
    html! {
        <ul class="legend ring-legend">
            <li>{"Platform: node area ∝ speed 1/w; links green (cheap), orange, red dashed (dear); processors with similar links sit together."}</li>
            <li>{"Blue cycle: the ring; pink dashes: the candidate the greedy is trying."}</li>
            <li>{"Bars: compute α_i·W·w_i (colour) under communication H·comm_i (grey); red line T, dashed T_closed when the ring is communication-bound, blue dotted the water level ℓ (members whose H·comm_i reaches ℓ get no work)."}</li>
            <li>{"T against q: orange the greedy's ring after each insertion, blue the exact best per size, grey dashed Held–Karp's lower bound, pink the candidates, circled the result."}</li>
        </ul>
    }
}
