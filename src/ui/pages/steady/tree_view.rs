//! The tree pipeline's periodic schedule on the steady-state page (steady-state.md section 3.5
//! and 5.2 step 6): the period and its counts, then the Gantt chart filled one sending node at a
//! time, then the full run (section 4.8) in closed form.

use hetlab_core::periodic::Lane;
use hetlab_core::rational::{frac, to_f64, Q};
use hetlab_core::steady_state::extras::PERIODS;
use hetlab_core::steady_state::tree::{TreeSolution, TreeState};
use hetlab_core::steady_state::SteadyState;
use num_traits::Signed;
use yew::prelude::*;

use crate::draw::gantt;
use crate::ui::components::gantt_view::gantt_svg;
use crate::ui::components::plot::throughput_plot;

/// The period line of the result panel, once `T` is known.
pub fn period(inst: &SteadyState, sol: &TreeSolution, s: &TreeState) -> Html {
    let Some(t) = &s.period else {
        return Html::default();
    };
    let sched = &sol.schedule;
    let counts: Vec<String> = inst
        .platform
        .nodes
        .iter()
        .zip(&sched.n)
        .filter(|(_, n)| n.is_positive())
        .map(|(v, n)| format!("{} computes {n}", v.id))
        .collect();
    html! {
        <>
            <h2>{"Period"}</h2>
            <p data-testid="tree-period">{format!(
                "T = {t}, A = 1: per period {}; {} tasks per period.",
                if counts.is_empty() { "nothing".to_owned() } else { counts.join(", ") },
                sched.tasks()
            )}</p>
        </>
    }
}

/// The Gantt chart of one period with the transfers of the nodes placed so far, and the full
/// run once every node is placed.
pub fn gantt(inst: &SteadyState, sol: &TreeSolution, s: &TreeState) -> Html {
    if s.period.is_none() || !sol.throughput.is_positive() {
        return Html::default();
    }
    let sched = &sol.schedule;
    let placed = |node: usize| s.scheduled.get(node).copied().unwrap_or(false);
    let shown: Vec<_> = sched
        .bars(inst)
        .into_iter()
        .filter(|b| match (b.lane, b.peer) {
            (Lane::Compute(_), _) => true,
            (Lane::Send(i), _) => placed(i),
            (Lane::Recv(_), Some(from)) => placed(from),
            (Lane::Recv(_), None) => false,
        })
        .collect();
    let length = Q::from_integer(sched.period_t.clone());
    let chart = gantt::chart_over(&inst.platform, &length, &sched.marks(), &shown);
    let done = sched.senders().all(placed);
    html! {
        <>
            { gantt_svg(&chart, "One period of the tree schedule: every node computes back to back from 0 and sends to its children back to back, cheapest link first (one bar per group of identical operations, k × duration). No matchings are needed: each node receives from its parent only.") }
            if done { { full_run(sol) } }
        </>
    }
}

fn full_run(sol: &TreeSolution) -> Html {
    let run = sol.schedule.full_run(PERIODS);
    let points: Vec<(f64, f64)> = run
        .iter()
        .map(|(t, d)| (to_f64(t), to_f64(&Q::from_integer(d.clone()))))
        .collect();
    let Some((time, last)) = run.last() else {
        return Html::default();
    };
    let bound = &sol.throughput * time;
    html! {
        <figure class="figure" data-testid="full-run">
            { throughput_plot(&points, to_f64(&sol.throughput)) }
            <figcaption class="caption">{format!(
                "Full run: node i starts its pattern once the period exceeds its depth in the tree, so the first periods fill the pipeline. After {PERIODS} periods: {last} tasks against the bound ρ*·t = {} (the ratio tends to 1).",
                frac(&bound)
            )}</figcaption>
        </figure>
    }
}
