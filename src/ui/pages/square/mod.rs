//! The unit-square partition page (square-partitions.md §6): the processors come from the URL
//! (`i=`, or `preset=`, or the last instance seen in this browser), the chosen algorithm's trace
//! is derived from them, and the player shows one step: the square with the rectangles placed
//! so far, the DP table or the algorithm's own working, metrics, and every algorithm side by
//! side on the same instance.

#[cfg(feature = "solve")]
mod compute;
pub mod extras;
pub mod results;
pub mod views;
pub mod working;

use std::rc::Rc;

use hetlab_core::families::Instance;
use hetlab_core::family;
use hetlab_core::square::extras::SquareExtras;
use hetlab_core::square::family::SquareFamily;
use hetlab_core::square::run::Detail;
use hetlab_core::square::SquarePartition;
use yew::prelude::*;

use crate::draw::square as square_draw;
use crate::procs;
use crate::ui::components::procs_field::{Entry, ProcsField};
use crate::ui::components::square_svg::SquareSvg;
use crate::ui::pages::family_page::{Ctx, FamilyPage, Shown};
use crate::ui::Nav;
use results::{comparison, metrics_panel};

/// Preset shown when nothing else is given.
const DEFAULT_PRESET: &str = "square-7-1";
/// The last square-partition instance seen in this browser.
const LAST_KEY: &str = "hetlab.square.v1";
/// The meanings the processor field offers.
const KINDS: &[(&str, &str)] = &[
    ("speeds", "relative speeds"),
    ("cycle_times", "cycle times"),
    ("areas", "areas"),
];

/// The square-partition page.
pub struct SquarePage;

impl FamilyPage for SquarePage {
    type F = SquareFamily;
    /// Every rectangle algorithm on the same instance, side by side, from the core.
    type Extra = SquareExtras;
    const CLASS: &'static str = "square-page";
    const TITLE: &'static str = "Partitioning the unit square";
    const REMEMBER: Option<(&'static str, &'static str)> = Some((LAST_KEY, DEFAULT_PRESET));
    const LEAD: &'static str = "Each processor gets a rectangle whose area is its share of the speed; the sum of half-perimeters is the communication volume of a matrix product.";

    fn view(ctx: &Ctx<'_, Self>) -> Shown {
        let view = views::view(ctx.run, ctx.player, ctx.on_action);
        let fig = square_draw::figure(&view.placed, &view.marks);
        let algo = ctx.algo;
        let title = format!(
            "{} on {} processors",
            family::info("square-partition")
                .and_then(|f| f.algorithm(algo))
                .map_or(algo, |a| a.title),
            ctx.input.processors.len()
        );
        let grid = matches!(ctx.run.detail, Detail::Grid(_) | Detail::GridExact(_));
        // The section-5 block metrics, once the partition is complete.
        let blocks = ctx
            .run
            .blocks
            .as_ref()
            .filter(|_| view.metrics.is_some())
            .map(extras::blocks_panel);
        let (svg_fig, svg_title, step) = (fig.clone(), title.clone(), ctx.step());
        Shown {
            figure: html! { <SquareSvg figure={fig} title={title.clone()} /> },
            title,
            caption: view.caption,
            line: view.line,
            pseudocode: view.pseudocode,
            side: html! { <>{ metrics_panel(view.metrics.as_ref(), grid, algo) }{ for blocks }{ view.phases }{ comparison(&ctx.extra.compare, algo) }</> },
            below: view.below,
            svg: Some(Rc::new(move || {
                (
                    format!("hetlab-square-step-{step}.svg"),
                    square_draw::to_svg_document(&svg_fig, &svg_title),
                )
            })),
            ..Shown::default()
        }
    }

    fn editor(nav: &Nav, inst: &SquarePartition) -> Html {
        let on_apply = {
            let nav = nav.clone();
            Callback::from(move |(kind, text, extras): Entry| {
                let field = |k: usize| extras.get(k).map_or("", String::as_str);
                let inst = procs::square_with(&kind, &text, field(0), field(1))?;
                nav.push_instance(&Instance::SquarePartition(inst), []);
                Ok(())
            })
        };
        let extras = vec![
            (
                AttrValue::from("N"),
                AttrValue::from(inst.n.map(|n| n.to_string()).unwrap_or_default()),
            ),
            (
                AttrValue::from("columns"),
                AttrValue::from(procs::columns_text(inst.columns.as_deref())),
            ),
        ];
        html! { <ProcsField kinds={KINDS} kind={inst.processors.field()} text={procs::text(&inst.processors)} {extras} {on_apply} /> }
    }

    fn error_links() -> Html {
        html! { <a href="#/square-partition?preset=square-7-1">{"Open the 8-area example"}</a> }
    }
}
