//! The comparison of broadcast.md §7.4 drawn as bars (B11): the LP optimum, the best single
//! tree, greedy, shortest-path tree, star, chain, binomial and the LP-guided trees, one bar
//! each, proportional to the throughput. Every bar is a link to that algorithm on the same
//! instance, at its last step, where its tree is drawn with its bottleneck.

use hetlab_core::rational::{approx, frac, to_f64, Q};
use yew::prelude::*;

use crate::ui::use_nav;

/// Props of [`ComparisonBars`].
#[derive(Properties, PartialEq)]
pub struct BarsProps {
    /// `(algorithm, throughput)`; `None` = not defined on this platform ("n/a").
    pub rows: Vec<(String, Option<Q>)>,
    /// The algorithm shown now (its bar is marked).
    pub current: String,
}

/// Step number that the player clamps to the last step of any trace.
const LAST_STEP: &str = "1000000";

/// The bars.
#[component]
pub fn ComparisonBars(props: &BarsProps) -> Html {
    let nav = use_nav();
    let top = props
        .rows
        .iter()
        .filter_map(|(_, v)| v.as_ref())
        .max()
        .map_or(1.0, to_f64)
        .max(f64::MIN_POSITIVE);
    html! {
        <figure class="figure" data-testid="comparison-bars">
            <ol style="list-style:none;padding:0;margin:0">
                { for props.rows.iter().map(|(name, v)| {
                    let mut route = nav.route.clone();
                    route.query.set("algo", name.clone());
                    route.query.set("step", LAST_STEP);
                    let pct = v.as_ref().map_or(0.0, |r| 100.0 * to_f64(r) / top);
                    let text = v.as_ref().map_or_else(|| "n/a".to_owned(), |r| format!("{} ≈ {}", frac(r), approx(r)));
                    let current = *name == props.current;
                    html! {
                        <li style="margin:2px 0">
                            <a href={route.to_hash()} data-algo={name.clone()} aria-current={current.then_some("true")}
                               title={format!("Show the {name} tree on the platform")}
                               style="display:grid;grid-template-columns:9em 1fr 9em;align-items:center;gap:6px;text-decoration:none">
                                <span style={if current { "font-weight:bold" } else { "" }}>{name.clone()}</span>
                                <span style="background:#eee;height:0.9em;display:block">
                                    <span style={format!("display:block;height:100%;width:{pct:.1}%;background:{}", if current { "#c05621" } else { "#3182ce" })}></span>
                                </span>
                                <span class="value" data-testid="bar-value">{text}</span>
                            </a>
                        </li>
                    }
                }) }
            </ol>
            <figcaption class="caption">{"Throughput of each scheme (longer is better). Click a bar to see that tree, its loads and its bottleneck."}</figcaption>
        </figure>
    }
}
