//! The divisible-load page (divisible-load.md §9): the Gantt chart built step by step for every
//! variant (the sort by `g`, the rates on the unit axis, the rescaled axis; the tree collapsed
//! bottom-up and expanded top-down; the affine search; the rounds; the periodic pattern), the
//! working tables beside it, the comparison of every order, the open problems. Everything else
//! is the generic algorithm page.

#[cfg(feature = "solve")]
mod compute;
pub mod editor;
pub mod exchange;
pub mod load;
pub mod views;

use std::rc::Rc;

use hetlab_core::divisible::extras::DivisibleExtras;
use hetlab_core::divisible::family::DivisibleFamily;
use hetlab_core::divisible::{DivState, Divisible, Variant, PSEUDOCODE};
use hetlab_core::families::Instance;
use hetlab_core::trace::Step;
use yew::prelude::*;

use crate::draw::divisible::{gantt, to_svg_document, tree, Figure};
use crate::ui::pages::family_page::{Ctx, FamilyPage, Shown};
use crate::ui::Nav;
use editor::DivisibleField;
use load::LoadSlider;
use views::{figure_narrow, legend, now, result, working};

const DEFAULT_PRESET: &str = "divisible-dl3";
const LAST_KEY: &str = "hetlab.divisible.v1";

/// The divisible-load page.
pub struct DivisiblePage;

/// Computed once per instance and algorithm: the core's extras (the tentative schedule of
/// STARAFFINE's first frame), the names in captions, the time the axis covers, and the bars
/// of every sending order (STARLINEAR, `p ≤ 5`).
#[derive(nanoserde::SerBin, nanoserde::DeBin)]
pub struct DivExtra {
    core: DivisibleExtras,
    names: Vec<String>,
    span: f64,
    orders: Option<Figure>,
}

impl FamilyPage for DivisiblePage {
    type F = DivisibleFamily;
    type Extra = DivExtra;
    const CLASS: &'static str = "divisible-page";
    const TITLE: &'static str = "Divisible load scheduling";
    const REMEMBER: Option<(&'static str, &'static str)> = Some((LAST_KEY, DEFAULT_PRESET));
    const LEAD: &'static str = "A load that can be split anywhere is sent by a master, one message at a time, to heterogeneous workers: who takes part, in which order, how much each gets, and how many rounds pay off, so that the last worker finishes as early as possible.";

    fn view(ctx: &Ctx<'_, Self>) -> Shown {
        let (t, inst) = (ctx.run, ctx.input);
        let n = size(inst);
        let s = t.trace.state_at(DivState::new(n), ctx.step());
        let last = ctx.step().checked_sub(1).and_then(|i| t.trace.steps.get(i));
        let caption = last.map_or_else(|| intro(inst), |st| st.caption(&ctx.extra.names));
        let title = format!("{} on {}", t.solution.method, describe(inst));
        let figures = figures(inst, &s, ctx.extra);
        let side = html! {
            <>
                <h2>{"Result"}</h2>
                if ctx.done() {
                    { result(inst, &t.solution) }
                } else {
                    <p class="muted" data-testid="dl-result">{"The loads and the makespan appear at the last step (press End)."}</p>
                }
                { ctx.phases(&t.trace.steps) }
                <h2>{"Now"}</h2>
                { now(inst, &s) }
            </>
        };
        let after = views::after(inst, &t.solution, ctx.extra.orders.as_ref());
        let svg_title = title.clone();
        let export = figures.clone();
        Shown {
            title: title.clone(),
            figure: html! { <>{ for figures.iter().map(|f| figure_narrow(f, &title)) }</> },
            caption,
            line: last.map(|st| st.phase().line),
            pseudocode: PSEUDOCODE,
            side,
            legend: legend(inst),
            below: html! {
                <>
                    <LoadSlider instance={inst.clone()} method={t.solution.method.to_string()} />
                    { working(inst, &s, &t.solution) }
                </>
            },
            after,
            svg: Some(Rc::new(move || {
                let refs: Vec<&Figure> = export.iter().collect();
                (
                    "hetlab-divisible.svg".to_owned(),
                    to_svg_document(&refs, &svg_title),
                )
            })),
        }
    }

    fn editor(nav: &Nav, inst: &Divisible) -> Html {
        let on_apply = {
            let nav = nav.clone();
            Callback::from(move |d: Divisible| {
                nav.push_instance(&Instance::Divisible(d), ["preset", "algo"]);
            })
        };
        html! { <DivisibleField instance={inst.clone()} {on_apply} /> }
    }

    fn error_links() -> Html {
        html! { <a href="#/divisible?preset=divisible-dl3">{"Open the STARLINEAR walk-through (DL-3)"}</a> }
    }
}

/// Workers of a star, nodes of a tree.
fn size(inst: &Divisible) -> usize {
    if inst.variant == Variant::TreeLinear {
        inst.nodes.len()
    } else {
        inst.workers.len()
    }
}

/// The figures at one step: the tree (tree variant), then the Gantt chart.
fn figures(inst: &Divisible, s: &DivState, x: &DivExtra) -> Vec<Figure> {
    let chart = gantt(inst, s, x.span, 0.0, x.core.tentative.as_deref());
    if inst.variant == Variant::TreeLinear {
        vec![tree::tree(inst, s), chart]
    } else {
        vec![chart]
    }
}

fn describe(inst: &Divisible) -> String {
    let n = size(inst);
    let what = if inst.variant == Variant::TreeLinear {
        "nodes"
    } else {
        "workers"
    };
    format!(
        "{n} {what}, W_total = {}",
        hetlab_core::rational::frac(&inst.w_total)
    )
}

/// The caption before the first step.
fn intro(inst: &Divisible) -> String {
    let what = match inst.variant {
        Variant::StarLinear => "Star with linear costs, one round: sort by g, then build the rates worker by worker.",
        Variant::StarAffine => "Star with latencies, one round: try every order and set of workers with the equal-finish solver EF.",
        Variant::TreeLinear => "Tree with linear costs: collapse every subtree bottom-up into one equivalent worker, then expand top-down.",
        Variant::MultiInstallment => "Homogeneous star, a fixed number of rounds: solve the chunk recursion, then send round after round.",
        Variant::Umr => "Homogeneous star, uniform rounds: pick the number of rounds M that minimises Obj(M).",
        Variant::Periodic => "Star with latencies, periodic schedule: pick the workers by link cost, then repeat one period.",
    };
    format!(
        "{} to process on {}. {what} Press ▶ to start.",
        hetlab_core::rational::frac(&inst.w_total),
        describe(inst).split(',').next().unwrap_or_default()
    )
}
