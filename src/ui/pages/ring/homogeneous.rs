//! The homogeneous panel (ring.md §3, §11): when every link costs the same, the optimum is the
//! fastest processor alone or every processor, the lower of two lines against `W/H`. The plot
//! and the numbers are the core's ([`Panel`], computed with the run); this only shows them.

use hetlab_core::rational::{approx, frac, Q};
use hetlab_core::ring::homogeneous::Panel;
use yew::prelude::*;

use super::views::drawing_svg;
use crate::draw::ring::homogeneous::plot;
use crate::ui::components::data_table::data_table;

/// An exact value when short (`49/9`), else a decimal.
fn val(v: &Q) -> String {
    let f = frac(v);
    if f.len() <= 12 {
        f
    } else {
        approx(v)
    }
}

/// The caption: what the two lines are, where they cross, and which one this instance is on.
#[must_use]
pub fn caption(p: &Panel, processors: usize) -> String {
    let l = &p.lines;
    let f = p.fastest;
    let cross = l.threshold.as_ref().map_or_else(String::new, |t| {
        format!(
            " The lines cross at W/H = {}: up to there P{f} alone is at least as fast, beyond it all {processors} processors are faster.",
            val(t)
        )
    });
    let all_used = p.here.all < p.here.alone;
    let verdict = if all_used {
        format!("all {processors} processors")
    } else {
        format!("P{f} alone")
    };
    format!(
        "Every link costs the same (c = {}), so the best ring is either the fastest processor P{f} alone, T_step/H = (W/H)·{} (orange), or all {processors} processors in any order, T_step/H = (W/H)·{} + 2·{} (blue; {} is w_cumul = 1/Σ 1/w_i).{cross} This instance, W/H = {} (red): {verdict}, T_step/H = {}.",
        val(&l.c),
        val(&l.w_min),
        val(&l.w_cumul),
        val(&l.c),
        val(&l.w_cumul),
        val(&p.here.ratio),
        val(p.here.best()),
    )
}

/// The panel.
pub fn panel(p: &Panel, processors: usize) -> Html {
    let d = plot(p, processors);
    let rows: Vec<Vec<String>> = p
        .points
        .iter()
        .chain([&p.here])
        .map(|q| vec![val(&q.ratio), val(&q.alone), val(&q.all)])
        .collect();
    let headers = ["W/H", "fastest alone", "all processors"].map(str::to_owned);
    html! {
        <div class="working" data-testid="ring-homogeneous">
            <h2>{"Homogeneous links: one processor or all (two lines)"}</h2>
            { drawing_svg(&d, "T_step/H against W/H for the fastest processor alone and for all processors", "ring-homogeneous-plot") }
            <p data-testid="ring-homogeneous-caption">{caption(p, processors)}</p>
            { data_table("Both lines at each W/H (table)", "T_step/H of each line; the last row is this instance", &headers, &rows) }
        </div>
    }
}
