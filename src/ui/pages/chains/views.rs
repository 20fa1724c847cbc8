//! What the chains page shows at one step besides the caption: the figure (shapes of
//! `draw::chains` as inline SVG), the state of the search in words, the DP table of small
//! instances, and the table of every algorithm on this instance.

use hetlab_core::chains::extras::Compared;
use hetlab_core::chains::gallery::SCENES;
use hetlab_core::chains::{ChainsSolution, ChainsState};
use hetlab_core::rational::{approx, frac, shown, Q};
use std::rc::Rc;

use yew::prelude::*;

use crate::draw::chains::{Drawing, Shape, HEIGHT, WIDTH, X0};
use crate::ui::components::narrow::Narrow;
use crate::ui::components::shape::{shapes, shapes_data};

/// The figure as inline SVG, narrowed on a phone so that its 13 px text stays at 11 px or more
/// ([`Narrow`]).
pub fn figure_svg(d: &Drawing, title: &str) -> Html {
    let title = AttrValue::from(title.to_owned());
    let draw = Callback::from(move |(marks, width): (Rc<Vec<Shape>>, f64)| {
        html! {
            <svg class="chains-figure" viewBox={format!("0 0 {width} {HEIGHT}")} role="group"
                 aria-label={title.clone()} data-testid="chains-figure">
                { shapes(&marks) }
            </svg>
        }
    });
    html! { <Narrow shapes={Rc::new(d.shapes.clone())} width={WIDTH} x0={X0} text={13.0} {draw} /> }
}

/// The CP view: the histogram of imbalance over the random orders (chains.md §8.2, §10).
pub fn cp_svg(d: &Drawing) -> Html {
    use crate::draw::chains::histogram::{HIST_HEIGHT, HIST_WIDTH};
    if d.shapes.is_empty() {
        return Html::default();
    }
    html! {
        <div class="working">
            <h2>{"CP: every random order"}</h2>
            <svg class="chains-figure" viewBox={format!("0 0 {HIST_WIDTH} {HIST_HEIGHT}")} role="group"
                 aria-label="Histogram of the imbalance of each random processor order" data-testid="chains-cp-histogram">
                { shapes(&d.shapes) }
            </svg>
            { shapes_data(&d.shapes) }
            <p class="muted">{"Each order is solved exactly (exact bisection); CP keeps the best. Averages barely move with R, the best improves slowly."}</p>
        </div>
    }
}

/// The scenes of chains.md §10, one click each (`chains::gallery`).
pub fn scenes() -> Html {
    html! {
        <>
            <h2>{"Scenes"}</h2>
            <ul class="chains-scenes" data-testid="chains-scenes">
                { for SCENES.iter().map(|sc| {
                    let step = sc.step.map(|k| format!("&step={k}")).unwrap_or_default();
                    let href = format!("#/chains?preset={}&algo={}{step}", sc.preset, sc.algo);
                    html! { <li><a {href}>{sc.title}</a>{": "}<span class="muted">{sc.look}</span></li> }
                }) }
            </ul>
        </>
    }
}

fn list(values: impl IntoIterator<Item = String>) -> String {
    values.into_iter().collect::<Vec<_>>().join(", ")
}

/// The search at this step in words: the value probed and its verdict, the interval, bids,
/// NICOL's candidates, CP's orders.
pub fn now(s: &ChainsState) -> Html {
    let verdict = match s.success {
        Some(true) => " (feasible)",
        Some(false) => " (infeasible)",
        None => "",
    };
    let bids = (!s.bids.is_empty() && s.bids.len() <= 24).then(|| {
        list(s.bids.iter().enumerate().map(|(k, b)| {
            let v = b.as_ref().map_or_else(|| "∞".to_owned(), frac);
            if s.chosen == Some(k + 1) {
                format!("[P{}: {v}]", k + 1)
            } else {
                format!("P{}: {v}", k + 1)
            }
        }))
    });
    let best = s.cp_values.iter().min();
    html! {
        <dl class="metrics" data-testid="chains-now">
            <dt>{"Ideal B* = W_tot/E_tot"}</dt><dd>{shown(&s.ideal())}</dd>
            if let Some(b) = &s.b { <dt>{"Value tried B"}</dt><dd>{format!("{}{verdict}", shown(b))}</dd> }
            if s.probes > 0 { <dt>{"Probes so far"}</dt><dd>{s.probes}</dd> }
            if let (Some(lb), Some(ub)) = (&s.lb, &s.ub) {
                <dt>{"Optimum in [LB, UB]"}</dt><dd>{format!("[{}, {}]", frac(lb), frac(ub))}</dd>
            }
            if let Some(bids) = bids { <dt>{"Bids ([chosen])"}</dt><dd>{bids}</dd> }
            if s.rounds > 0 { <dt>{"Bidding rounds"}</dt><dd>{s.rounds}</dd> }
            if !s.candidates.is_empty() && s.candidates.len() <= 24 {
                <dt>{"NICOL candidates"}</dt><dd>{list(s.candidates.iter().map(frac))}</dd>
            }
            if !s.rb.order.is_empty() { <dt>{"RB splits so far"}</dt><dd>{s.rb.order.len()}</dd> }
            if let Some(best) = best {
                <dt>{"Orders tried"}</dt><dd>{format!("{}, best {}", s.cp_values.len(), frac(best))}</dd>
            }
        </dl>
    }
}

/// The closed-form bounds of chains.md §4, known before any search:
/// `B* ≤ B_opt ≤ UB_greedy ≤ UB_eq6, UB_nicol ≤ UB_bis`.
pub fn bounds(sol: &ChainsSolution) -> Html {
    let b = &sol.bounds;
    let rows = [
        ("B* = W_tot/E_tot (lower)", &sol.ideal, "chains-lb0"),
        (
            "UB_greedy = B* + (P−1)·w_max/E_tot",
            &b.greedy,
            "chains-ub-greedy",
        ),
        (
            "UB_eq6 = B* + w_max/e_min − w_max/(P·e_min)",
            &b.eq6,
            "chains-ub-eq6",
        ),
        (
            "UB_nicol = B* + w_max·(1/e_min − 1/E_tot)",
            &b.nicol,
            "chains-ub-nicol",
        ),
        ("UB_bis = B* + w_max/e_min", &b.bis, "chains-ub-bis"),
    ];
    html! {
        <>
            <h2>{"Bounds on the optimum (§4)"}</h2>
            <dl class="metrics" data-testid="chains-bounds">
                { for rows.iter().map(|(name, v, id)| html! { <><dt>{*name}</dt><dd data-testid={*id}>{shown(v)}</dd></> }) }
            </dl>
            <p class="muted">{"LR-PROBE succeeds at UB_greedy, the tightest closed form; the searches start from UB_nicol (NICOL+) and UB_bis (the bisections)."}</p>
        </>
    }
}

/// The final numbers, shown once the last step is reached.
pub fn result(sol: &ChainsSolution) -> Html {
    let seps = list(sol.separators.iter().map(ToString::to_string));
    let loads = list(sol.loads.iter().map(frac));
    html! {
        <dl class="metrics" data-testid="chains-result">
            <dt>{"Bottleneck B"}</dt>
            <dd><span data-testid="chains-bottleneck">{frac(&sol.bottleneck)}</span>
                if !sol.bottleneck.is_integer() { {format!(" ≈ {}", approx(&sol.bottleneck))} }</dd>
            <dt>{"Imbalance (B − B*)/B*"}</dt><dd>{format!("{:.4} %", sol.imbalance)}</dd>
            <dt>{"Separators s"}</dt><dd data-testid="chains-separators">{format!("[{seps}]")}</dd>
            <dt>{"Loads"}</dt><dd>{loads}</dd>
            <dt>{"Probes"}</dt><dd>{sol.probes}</dd>
            if let Some(o) = &sol.order {
                <dt>{"Processor order"}</dt><dd>{list(o.iter().map(|k| format!("P{}", k + 1)))}</dd>
            }
            if let Some(b) = &sol.bound {
                <dt>{"ε-bisection's UB (the spec's returned value; the bottleneck above is that of the partition built at UB, never more)"}</dt><dd data-testid="chains-eps-bound">{shown(b)}</dd>
            }
        </dl>
    }
}

/// The DP table `B[p][i]` of small instances, the latest cell outlined, DP+'s band shaded.
pub fn dp_table(s: &ChainsState) -> Html {
    let n = s.prefix.len().saturating_sub(1);
    if s.dp.is_empty() || n > 30 || s.dp.iter().all(|r| r.iter().all(Option::is_none)) {
        return Html::default();
    }
    let cell = |p: usize, i: usize, v: &Option<Q>| {
        let current = s.dp_cell.is_some_and(|(cp, ci, _)| (cp, ci) == (p, i));
        let band = s.band.get(p).is_some_and(|&(lo, hi)| lo <= i && i <= hi);
        let class = classes!(current.then_some("current"), band.then_some("band"));
        html! { <td {class}>{v.as_ref().map(frac).unwrap_or_default()}</td> }
    };
    html! {
        <div class="working">
            <h3>{"DP table B[p][i]: the best bottleneck of tasks 1..i on processors 1..p"}</h3>
            <div class="table-scroll">
                <table class="dp" data-testid="chains-dp">
                    <thead><tr><th>{"p \\ i"}</th>{ for (0..=n).map(|i| html! { <th>{i}</th> }) }</tr></thead>
                    <tbody>
                        { for s.dp.iter().enumerate().map(|(k, row)| html! {
                            <tr><th>{format!("P{}", k + 1)}</th>{ for row.iter().enumerate().map(|(i, v)| cell(k + 1, i, v)) }</tr>
                        }) }
                    </tbody>
                </table>
            </div>
        </div>
    }
}

/// Every CCP algorithm on this instance (the "why heuristics fail" scene of chains.md §10),
/// with the time each took in this browser (`times`, milliseconds, row by row).
pub fn compare_table(rows: &[Compared], times: &[f64], current: &str) -> Html {
    let best = rows
        .iter()
        .filter_map(|(_, r)| r.as_ref().ok().map(|s| &s.bottleneck))
        .min();
    html! {
        <div class="working">
            <h2>{"Every algorithm on this instance"}</h2>
            <div class="table-scroll">
                <table class="compare" data-testid="chains-compare">
                    <thead><tr><th>{"algorithm"}</th><th>{"bottleneck"}</th><th>{"imbalance"}</th><th>{"probes"}</th><th>{"time (ms)"}</th><th>{"separators"}</th></tr></thead>
                    <tbody>
                        { for rows.iter().zip(times.iter().chain(std::iter::repeat(&0.0))).map(|((a, r), ms)| {
                            let class = classes!((a.name() == current).then_some("current"));
                            match r {
                                Ok(s) => {
                                    let worse = best.is_some_and(|b| &s.bottleneck > b);
                                    html! {
                                        <tr {class}>
                                            <td>{a.name()}</td>
                                            <td class={classes!(worse.then_some("worse"))}>{frac(&s.bottleneck)}</td>
                                            <td>{format!("{:.2} %", s.imbalance)}</td>
                                            <td>{s.probes}</td>
                                            <td>{format!("{ms:.2}")}</td>
                                            <td>{format!("[{}]", list(s.separators.iter().map(ToString::to_string)))}</td>
                                        </tr>
                                    }
                                }
                                Err(e) => html! { <tr {class}><td>{a.name()}</td><td colspan="5" class="muted">{e.to_string()}</td></tr> },
                            }
                        }) }
                    </tbody>
                </table>
            </div>
            <p class="muted">{"Heuristics (rb, mp) and ε-bisection may miss the optimum: their bottleneck is in red when it is above the best. Times are one run each in this browser (prefix sums and partition included), at the resolution the browser allows."}</p>
        </div>
    }
}
