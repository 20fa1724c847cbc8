//! The LU distributions page (lu-distributions.md §4): the allocation, the partition (2D),
//! then the factorisation step by step with the matrix coloured by owner and the load bars;
//! the comparison plots of §3.3 sit below. Everything else is the generic algorithm page.

pub mod comparisons;
#[cfg(feature = "solve")]
mod compute;
pub mod views;

use std::rc::Rc;

use hetlab_core::families::Instance;
use hetlab_core::lu::extras::LuExtras;
use hetlab_core::lu::family::LuFamily;
use hetlab_core::lu::Lu;
use hetlab_core::lu::{LuState, Scheme, LU_PSEUDOCODE};
use hetlab_core::rational::{approx, frac};
use hetlab_core::trace::Step;
use yew::prelude::*;

use crate::draw::lu::matrix_svg;
use crate::draw::palette::colour;
use crate::procs;
use crate::ui::components::procs_field::{Entry, ProcsField};
use crate::ui::pages::family_page::{Ctx, FamilyPage, Shown};
use crate::ui::Nav;
use comparisons as compare_view;
use views::{compare_plot, working, OwnerMatrix};

const DEFAULT_PRESET: &str = "lu-1-2";
const LAST_KEY: &str = "hetlab.lu.v1";
const KINDS: &[(&str, &str)] = &[
    ("speeds", "relative speeds"),
    ("cycle_times", "cycle times"),
];

/// The LU page.
pub struct LuPage;

impl FamilyPage for LuPage {
    type F = LuFamily;
    /// Every scheme, the §3.3 curves and the §2.1 table, from the core.
    type Extra = LuExtras;
    const CLASS: &'static str = "lu-page";
    const TITLE: &'static str = "LU data distributions";
    const REMEMBER: Option<(&'static str, &'static str)> = Some((LAST_KEY, DEFAULT_PRESET));
    const LEAD: &'static str = "The matrix shrinks at every step of an LU factorisation: a good distribution keeps every processor's share of the trailing matrix proportional to its speed all along.";

    fn view(ctx: &Ctx<'_, Self>) -> Shown {
        let (t, inst) = (ctx.run, ctx.input);
        let p = inst.processors.len();
        let n = t.solution.n;
        let s = t.trace.state_at(LuState::new(p, n), ctx.step());
        let last = ctx.step().checked_sub(1).and_then(|i| t.trace.steps.get(i));
        let caption = last.map_or_else(
            || format!("{p} processors, a {n} × {n} block matrix. Press ▶ to build the distribution, then follow the factorisation step by step."),
            |st| st.caption(&()),
        );
        let title = format!("{} on {p} processors, n = {n}", ctx.algo);
        let figure = html! {
            <>
                <OwnerMatrix owners={Rc::new(s.owners.clone())} k={s.k} title={title.clone()} />
                <p class="legend-row">{ for (0..p).map(|i| html! { <span class="chip" style={format!("background:{}", colour(i))}>{format!("P{}", i + 1)}</span> }) }</p>
            </>
        };
        let side = html! {
            <>
                <h2>{"Result"}</h2>
                if ctx.done() {
                    <dl class="metrics" data-testid="lu-result">
                        <dt>{"Total time (simulated)"}</dt><dd data-testid="total-cost">{frac(&t.solution.total_cost)}</dd>
                        <dt>{"Perfect balance"}</dt><dd>{format!("{} ≈ {}", frac(&t.solution.perfect_balance), approx(&t.solution.perfect_balance))}</dd>
                        <dt>{"Ratio"}</dt><dd data-testid="lu-ratio">{approx(&t.solution.ratio)}</dd>
                    </dl>
                } else {
                    <p class="muted" data-testid="lu-result">{"The totals appear at the last step (press End)."}</p>
                }
                { ctx.phases(&t.trace.steps) }
            </>
        };
        let extra = ctx.extra;
        let cyclic = extra
            .schemes
            .iter()
            .find(|(s, _)| *s == Scheme::BlockCyclic)
            .and_then(|(_, r)| r.as_ref().ok());
        let below = html! {
            <>
                { working(&s) }
                if let Some(g) = &s.panels { { compare_view::panels_view(g) } }
                if ctx.algo == "1d" {
                    if let Some(c) = cyclic { { compare_view::cyclic_strips(&t.solution, c, s.k) } }
                }
                if !s.owners.is_empty() { { compare_view::side_by_side(&extra.schemes, s.k) } }
            </>
        };
        let after = html! {
            <>
                { compare_view::failure_table(&extra.reference.failure) }
                <h2>{"Every scheme against perfect balance (§3.3)"}</h2>
                <div class="plots">
                    if !extra.is_reference {
                        { compare_plot(&extra.curves, "These processors", "compare-plot", n) }
                    }
                    { compare_plot(&extra.reference.set_a, "Set A: cycle times 1, 5 × 8", "compare-plot-a", n) }
                    { compare_plot(&extra.reference.set_b, "Set B: speeds 0.1, 0.1, 0.12, 0.15, 0.15, 0.18, 0.2", "compare-plot-b", n) }
                </div>
            </>
        };
        let (owners, k, svg_title) = (s.owners.clone(), s.k, title.clone());
        Shown {
            title,
            figure,
            caption,
            line: last.map(|st| st.phase().line),
            pseudocode: LU_PSEUDOCODE,
            side,
            below,
            after,
            svg: Some(Rc::new(move || {
                (
                    "hetlab-lu-matrix.svg".to_owned(),
                    matrix_svg(&owners, k, &svg_title),
                )
            })),
            ..Shown::default()
        }
    }

    fn editor(nav: &Nav, inst: &Lu) -> Html {
        let on_apply = {
            let nav = nav.clone();
            Callback::from(move |(kind, text, extras): Entry| {
                let b = extras
                    .first()
                    .and_then(|v| v.trim().parse::<usize>().ok())
                    .ok_or("B: a whole number of chunks per slice, e.g. 10")?;
                let n = match extras.get(1).map(|v| v.trim()) {
                    None | Some("") => None,
                    Some(v) => Some(
                        v.parse::<usize>()
                            .map_err(|_| format!("n: a whole number of blocks, got \"{v}\""))?,
                    ),
                };
                let grid = procs::read_grid(extras.get(2).map_or("", String::as_str))?;
                let inst = procs::lu(&kind, &text, b, n, grid)?;
                // Refuse here what every scheme would refuse, so that the shown instance stays.
                hetlab_core::lu::check(&inst.input()).map_err(|e| e.to_string())?;
                nav.push_instance(&Instance::Lu(inst), []);
                Ok(())
            })
        };
        let extras = vec![
            (AttrValue::from("B"), AttrValue::from(inst.b.to_string())),
            (
                AttrValue::from("n"),
                AttrValue::from(inst.n.map(|n| n.to_string()).unwrap_or_default()),
            ),
            (
                AttrValue::from("grid"),
                AttrValue::from(
                    inst.grid
                        .map(|(r, c)| format!("{r} × {c}"))
                        .unwrap_or_default(),
                ),
            ),
        ];
        html! { <ProcsField kinds={KINDS} kind={inst.processors.field()} text={procs::text(&inst.processors)} {extras} {on_apply} /> }
    }

    fn error_links() -> Html {
        html! { <a href="#/lu?preset=lu-1-2">{"Open the reference example"}</a> }
    }
}
