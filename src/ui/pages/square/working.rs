//! The working shown below the square for each traced algorithm: bars of the areas and the DP
//! table of the column DP (§6.1), the groups and strips of the recursive algorithm (§6.2), the
//! columns and the window of PERI-MAX (§6.3).

use hetlab_core::rational::{format_q, frac, Q};
use hetlab_core::square::column::{ColumnPartition, ColumnState};
use hetlab_core::square::grid::GridState;
use hetlab_core::square::perimax::PeriMaxState;
use hetlab_core::square::recursive::RecursiveState;
use yew::prelude::*;

use crate::draw::describe::count;
use crate::draw::palette::colour;

/// The columns found, once `C_opt` is chosen: "3 columns: [P8, P7], [P6, P5, P4], ...".
pub fn columns_line(part: &ColumnPartition, s: &ColumnState) -> Html {
    let Some((c, cost)) = &s.best else {
        return Html::default();
    };
    let cols: Vec<String> = part
        .drawn_columns()
        .iter()
        .map(|col| {
            let names: Vec<String> = col.iter().map(|i| format!("P{}", i + 1)).collect();
            format!("[{}]", names.join(", "))
        })
        .collect();
    html! {
        <p class="columns" data-testid="columns">
            {format!("{} (Ĉ = {}), left to right: {}", count(*c, "column"), frac(cost), cols.join(", "))}
        </p>
    }
}

/// Bars of the areas, in sorted order once sorted, with the prefix sums under them.
pub fn bars(areas: &[Q], order: Option<&[usize]>, pre: Option<&[Q]>) -> Html {
    let sorted = order.is_some();
    let order: Vec<usize> = order.map_or_else(|| (0..areas.len()).collect(), <[usize]>::to_vec);
    let top = areas.iter().max().cloned().unwrap_or_default();
    let height = |a: &Q| {
        if top == Q::default() {
            0.0
        } else {
            100.0 * hetlab_core::rational::to_f64(&(a / &top))
        }
    };
    html! {
        <div class="working" data-testid="bars">
            <h3>{ if sorted { "Areas, sorted ascending" } else { "Areas, in input order" } }</h3>
            <div class="bars" role="img" aria-label="Bar chart of the areas">
                { for order.iter().enumerate().map(|(k, &i)| html! {
                    <div class="bar" style={format!("height:{:.1}%;background:{}", height(&areas[i]), colour(i))}
                         title={format!("P{}: {}", i + 1, format_q(&areas[i]))}>
                        <span>{format!("P{}", i + 1)}</span>
                        if sorted { <em class="rank">{k + 1}</em> }
                    </div>
                }) }
            </div>
            if let Some(pre) = pre {
                <p class="prefix">{"Pre[q]: "}{ pre.iter().skip(1).map(format_q).collect::<Vec<_>>().join(", ") }</p>
            }
        </div>
    }
}

/// The DP table `f[C][q] / cut[C][q]` as filled so far, with the current cell, the chosen
/// optimum and the backtracked cells marked.
pub fn dp_table(s: &ColumnState) -> Html {
    let p = s.areas.len();
    if s.pre.is_none() || p == 0 {
        return Html::default();
    }
    let on_path = |c: usize, q: usize| s.runs.iter().any(|r| r.dp_column == c && r.last == q);
    // Past 12 processors the table is a window around the current cell: the whole p × p table
    // (4 096 cells at 64) would cost far more than a frame to draw at every step.
    let centre = s
        .focus
        .or(s.best.as_ref().map(|(c, _)| (*c, p)))
        .unwrap_or((1, 1));
    let rows = window(centre.0, 7, p);
    let cols = window(centre.1, 10, p);
    let part = p > DP_FULL;
    html! {
        <div class="working">
            <h3>{"DP table: f[C][q] / cut[C][q]"}</h3>
            if part {
                <p class="muted" data-testid="dp-window">{format!("Rows {}–{} and columns {}–{} of the {p} × {p} table, around the current cell (the whole table is in the exported JSON's trace).", rows.start(), rows.end(), cols.start(), cols.end())}</p>
            }
            <div class="table-scroll">
            <table class="dp" data-testid="dp-table">
                <thead><tr><th>{"C \\ q"}</th>{ for cols.clone().map(|q| html! { <th>{q}</th> }) }</tr></thead>
                <tbody>
                    { for rows.map(|c| html! {
                        <tr>
                            <th>{c}</th>
                            { for cols.clone().map(|q| {
                                let value = s.f[c - 1][q - 1].as_ref();
                                let text = match (value, s.cut[c - 1][q - 1]) {
                                    (Some(v), Some(r)) => format!("{}/{r}", format_q(v)),
                                    _ => String::new(),
                                };
                                let class = classes!(
                                    (s.focus == Some((c, q))).then_some("current"),
                                    s.best.as_ref().is_some_and(|(b, _)| *b == c && q == p).then_some("chosen"),
                                    on_path(c, q).then_some("path"),
                                );
                                html! { <td class={class}>{text}</td> }
                            }) }
                        </tr>
                    }) }
                </tbody>
            </table>
            </div>
            if !s.candidates.is_empty() {
                <p class="candidates" data-testid="candidates">{"Candidates: "}
                    { for s.candidates.iter().map(|k| html! {
                        <span class={classes!((s.chosen == Some(k.r)).then_some("best"))}>{format!("r = {}: {}  ", k.r, format_q(&k.value))}</span>
                    }) }
                </p>
            }
        </div>
    }
}

/// Largest table shown whole.
const DP_FULL: usize = 12;

/// `size` consecutive indices in `1..=p` around `centre` (all of them when `p <= DP_FULL`).
fn window(centre: usize, size: usize, p: usize) -> std::ops::RangeInclusive<usize> {
    if p <= DP_FULL || p <= size {
        return 1..=p;
    }
    let start = centre.saturating_sub(size / 2).max(1).min(p + 1 - size);
    start..=start + size - 1
}

fn names(list: &[usize], p: usize) -> String {
    list.iter()
        .map(|&u| {
            if u <= p {
                format!("P{u}")
            } else {
                format!("G{}", u - p)
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Grouping rounds, the top-level list and the strips of the current `columns_cr` call.
pub fn recursive(s: &RecursiveState) -> Html {
    let p = s.areas.len();
    let group = |uid: usize| s.groups.iter().find(|g| g.uid == uid);
    let area = |uid: usize| {
        if uid <= p {
            s.areas.get(uid - 1).map(format_q).unwrap_or_default()
        } else {
            group(uid).map(|g| format_q(&g.area)).unwrap_or_default()
        }
    };
    html! {
        <div class="working" data-testid="recursive-working">
            if !s.round.is_empty() {
                <p>{format!("Grouping round {}: ", s.round_number)}
                    { for s.round.iter().map(|g| html! { <span class="group">{format!("{{{}}}", names(g, p))}</span> }) }
                </p>
            }
            if !s.groups.is_empty() {
                <p class="muted">{"Groups: "}{ s.groups.iter().map(|g| format!("G{} = {} ({})", g.uid - p, names(&g.children, p), format_q(&g.area))).collect::<Vec<_>>().join("; ") }</p>
            }
            if let Some(tops) = &s.tops {
                <p>{"Top-level list: "}{ tops.iter().map(|&u| format!("{} = {}", names(&[u], p), area(u))).collect::<Vec<_>>().join(", ") }</p>
            }
            if let Some(cr) = &s.cr {
                <p>
                    {format!("columns_cr inside {} ({} strips): ", names(&[cr.node], p), if cr.horizontal { "horizontal" } else { "vertical" })}
                    { cr.strips.iter().enumerate().map(|(k, st)| format!("strip {}: {}", k + 1, names(st, p))).collect::<Vec<_>>().join("; ") }
                </p>
                if let (Some(tau), Some(limit), Some(ok)) = (&cr.tau, &cr.limit, cr.passes) {
                    <p class={classes!("verdict", (!ok).then_some("fails"))}>
                        {format!("τ = {}, 4τ² = {}: the strip {} the shape condition (CR)", frac(tau), frac(limit), if ok { "meets" } else { "fails" })}
                    </p>
                }
            }
        </div>
    }
}

/// The columns being filled and the current column's window on a number line.
pub fn perimax(s: &PeriMaxState) -> Html {
    let line = s.window.map(|(x, lo, hi)| {
        let top = hi.max(x).max(f64::MIN_POSITIVE) * 1.15;
        let at = |v: f64| format!("{:.1}%", 100.0 * v / top);
        html! {
            <div class="numberline" title="current column sum x and its window [X_lo, X_hi]">
                <span class="window" style={format!("left:{};width:{}", at(lo), at(hi - lo))}></span>
                <span class="x" style={format!("left:{}", at(x))}></span>
                <span class="legend">{format!("x = {x:.4}, window [{lo:.4}, {hi:.4}]")}</span>
            </div>
        }
    });
    html! {
        <div class="working" data-testid="perimax-working">
            if let Some(slices) = s.slices {
                <p>{ if slices { "The largest area is at least 1/3: every processor gets a full-height slice." } else { "The largest area is below 1/3: columns are filled in descending order until their width enters the window." } }</p>
            }
            if !s.columns.is_empty() {
                <p>{ for s.columns.iter().enumerate().map(|(k, col)| html! {
                    <span class={classes!("group", s.closed.get(k).copied().unwrap_or(false).then_some("closed"))}>
                        {format!("[{}]", col.iter().map(|i| format!("P{}", i + 1)).collect::<Vec<_>>().join(", "))}
                    </span>
                }) }</p>
            }
            { for line }
            if !s.merged.is_empty() {
                <p>{format!("Phase 2 moved {} into the first column.", s.merged.iter().map(|i| format!("P{}", i + 1)).collect::<Vec<_>>().join(", "))}</p>
            }
        </div>
    }
}

/// The grid heuristic at one step (§6.4): the arrangement with cycle times, `r` and `c`, the
/// utilisation heat-map, `T_opt` ranks, the cells about to change, and every `V` so far.
pub fn grid(s: &GridState) -> Html {
    if s.arrangement.is_empty() {
        return Html::default();
    }
    let cell = |i: usize, j: usize| {
        let p = s.arrangement[i][j];
        let t = s
            .times
            .get(i)
            .and_then(|r| r.get(j))
            .copied()
            .unwrap_or(0.0);
        let u = s.u.get(i).and_then(|r| r.get(j)).copied();
        let rank = s.rank.get(i).and_then(|r| r.get(j)).copied();
        let style = u.map_or_else(String::new, |u| {
            format!(
                "background: rgba(12, 166, 120, {:.2})",
                u.clamp(0.0, 1.0) * 0.8
            )
        });
        let changed = s.changed.contains(&(i, j));
        html! {
            <td class={classes!(changed.then_some("current"))} {style}>
                <b>{format!("P{}", p + 1)}</b>{format!(" t = {t}")}
                if let Some(u) = u { <br/>{format!("u = {u:.3}")} }
                if let Some(k) = rank { <br/>{format!("rank {k}")} }
            </td>
        }
    };
    html! {
        <div class="working" data-testid="grid-working">
            <h3>{format!("Arrangement {} (cells: processor, cycle time, utilisation)", s.iteration + 1)}</h3>
            <table class="dp">
                <thead><tr><th></th>{ for (0..s.arrangement[0].len()).map(|j| html! {
                    <th>{ s.c.get(j).map_or_else(|| format!("col {}", j + 1), |c| format!("c = {c:.4}")) }</th>
                }) }</tr></thead>
                <tbody>{ for (0..s.arrangement.len()).map(|i| html! {
                    <tr>
                        <th>{ s.r.get(i).map_or_else(|| format!("row {}", i + 1), |r| format!("r = {r:.4}")) }</th>
                        { for (0..s.arrangement[i].len()).map(|j| cell(i, j)) }
                    </tr>
                }) }</tbody>
            </table>
            if let Some((v, e)) = s.value {
                <p class="columns">{format!("V = Σr · Σc = {v:.4}, efficiency E = {e:.4} (idle time {:.1}%)", 100.0 * (1.0 - e))}</p>
            }
            if !s.evaluations.is_empty() {
                <p>{"V of the arrangements so far: "}{ s.evaluations.iter().map(|e| format!("{:.4}", e.v)).collect::<Vec<_>>().join(" → ") }</p>
            }
        </div>
    }
}
