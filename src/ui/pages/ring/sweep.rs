//! The `W/H` panel (ring.md §11 e, §10.2): the number of processors the greedy and the exact
//! method use against `W/H` (paper Fig. 3, computed once with the run), a slider that reads the
//! curves at any sampled ratio, the transition points, and a button that solves the instance
//! at the slider's ratio (a new instance, so the URL keeps it).

use std::rc::Rc;

use hetlab_core::instance::Ring;
use hetlab_core::rational::parse_q;
use hetlab_core::ring::sweep::Transition;
use yew::prelude::*;

use super::views::drawing_svg;
use crate::draw::ring::prepare::{ratio, Curve, Sweep};
use crate::draw::ring::sweep::plot;
use crate::ui::use_nav;

/// Props of [`SweepPanel`].
#[derive(Properties, PartialEq)]
pub struct SweepProps {
    /// The curves.
    pub sweep: Rc<Sweep>,
    /// The instance shown.
    pub instance: Ring,
}

/// `65.52`: four significant digits (ratios lie in `[1, 10^4]`).
fn sig4(x: f64) -> String {
    let digits = [1e1, 1e2, 1e3].iter().filter(|&&b| x.abs() < b).count();
    let s = format!("{x:.digits$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        s
    }
}

fn transitions(name: &str, list: &[Transition], id: &'static str) -> Html {
    let text = if list.is_empty() {
        "no change on [1, 10^4]".to_owned()
    } else {
        list.iter()
            .map(|t| format!("{}: {} → {}", sig4(t.ratio), t.from, t.to))
            .collect::<Vec<_>>()
            .join("; ")
    };
    html! { <><dt>{name.to_owned()}</dt><dd data-testid={id}>{text}</dd></> }
}

fn nearest(c: &Curve, r: f64) -> usize {
    c.points
        .iter()
        .enumerate()
        .min_by(|a, b| {
            (a.1.ratio.ln() - r.ln())
                .abs()
                .total_cmp(&(b.1.ratio.ln() - r.ln()).abs())
        })
        .map_or(0, |(k, _)| k)
}

/// The panel.
#[component]
pub fn SweepPanel(props: &SweepProps) -> Html {
    let nav = use_nav();
    let sw = &props.sweep;
    let here = ratio(&props.instance);
    let start = here.map_or(sw.greedy.points.len() / 2, |r| nearest(&sw.greedy, r));
    let index = use_state(|| start);
    {
        let index = index.clone();
        use_effect_with(start, move |s| index.set(*s));
    }
    let k = (*index).min(sw.greedy.points.len().saturating_sub(1));
    let g = sw.greedy.points.get(k);
    let e = sw.exact.as_ref().ok().and_then(|c| c.points.get(k));
    let at = g.map_or(1.0, |p| p.ratio);
    let exact_points = sw.exact.as_ref().ok().map(|c| c.points.as_slice());
    let d = plot(
        props.instance.p(),
        &sw.greedy.points,
        exact_points,
        Some(at),
        here,
    );
    let on_slide = {
        let index = index.clone();
        Callback::from(move |ev: InputEvent| {
            let i: web_sys::HtmlInputElement = ev.target_unchecked_into();
            index.set(i.value().parse().unwrap_or(0));
        })
    };
    let on_solve = {
        let (nav, r) = (nav.clone(), props.instance.clone());
        Callback::from(move |_: MouseEvent| {
            if let Ok(x) = parse_q(&sig4(at)) {
                let mut next = r.clone();
                next.work = x * &r.h;
                super::apply(&nav, next);
            }
        })
    };
    let point = |p: Option<&hetlab_core::ring::sweep::Point>| {
        p.map_or_else(
            || "—".to_owned(),
            |p| {
                let c = if p.certified { "" } else { " (bounds only)" };
                format!("{} processors, T/H = {:.6}{c}", p.q, p.t)
            },
        )
    };
    html! {
        <div class="working" data-testid="ring-sweep">
            <h2>{"How many processors, as W/H grows"}</h2>
            { drawing_svg(&d, "Processors used against W/H", "ring-sweep-plot") }
            <label class="ring-slider">{format!("W/H = {} ", sig4(at))}
                <input type="range" min="0" max={sw.greedy.points.len().saturating_sub(1).to_string()}
                       value={k.to_string()} oninput={on_slide} data-testid="ring-slider" style="width:100%" />
            </label>
            <dl class="metrics" data-testid="ring-sweep-at">
                <dt>{"greedy"}</dt><dd>{point(g)}</dd>
                <dt>{"exact"}</dt><dd>{ match &sw.exact { Ok(_) => point(e), Err(m) => m.clone() } }</dd>
            </dl>
            <button onclick={on_solve} data-testid="ring-sweep-apply">{format!("Solve at W/H = {}", sig4(at))}</button>
            <h3>{"Where the number of processors changes"}</h3>
            <dl class="metrics">
                { transitions("greedy", &sw.greedy.transitions, "ring-transitions-greedy") }
                { match &sw.exact { Ok(c) => transitions("exact", &c.transitions, "ring-transitions-exact"), Err(_) => Html::default() } }
            </dl>
            <p class="muted">{"Orange: the greedy; blue: the exact optimum (Held–Karp over every subset, up to 16 processors); dashed: this instance's W/H; red: the slider. Only W/H matters: T_step scales with H."}</p>
        </div>
    }
}
