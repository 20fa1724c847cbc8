//! The `W/H` panel (ring.md §11 e, §10.2): the number of processors the greedy and the exact
//! method use against `W/H` (paper Fig. 3, computed once with the run), a slider that reads the
//! curves at any sampled ratio and re-solves the page's algorithm as it moves (in the solver
//! worker, asked at most once per [`THROTTLE_MS`] from a timer, never in a render) when the
//! instance is small enough for it ([`live`]), the transition points, and a button that solves the instance at the slider's
//! ratio (a new instance, so the URL keeps it).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use hetlab_core::families::Instance;
use hetlab_core::rational::parse_q;
use hetlab_core::ring::extras::{Curve, Sweep};
use hetlab_core::ring::sweep::Transition;
use hetlab_core::ring::Ring;
use hetlab_core::ring::RingSolution;
use yew::prelude::*;

use super::editor::apply;
use super::views::{decimal, drawing_svg};
use crate::draw::ring::prepare::{live, ratio};
use crate::draw::ring::sweep::plot;
use crate::ui::use_nav;
use crate::ui::worker::{self, Job};

/// Props of [`SweepPanel`].
#[derive(Properties, PartialEq)]
pub struct SweepProps {
    /// The curves.
    pub sweep: Rc<Sweep>,
    /// The instance shown.
    pub instance: Ring,
    /// The page's algorithm (re-solved as the slider moves when [`live`]).
    pub algo: AttrValue,
}

/// Shortest time between two solves while the slider moves.
pub const THROTTLE_MS: u32 = 150;

/// The last solve at the slider: its ratio (as shown) and the result.
type Solved = Option<(String, Result<RingSolution, String>)>;

/// The solves waiting for the timer: the latest ratio asked for, the timer, whether it runs.
#[derive(Default)]
struct Throttle {
    pending: RefCell<Option<String>>,
    timer: RefCell<Option<Timeout>>,
    busy: Cell<bool>,
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
    let solved = use_state(|| None::<(String, Result<RingSolution, String>)>);
    let throttle = use_mut_ref(Throttle::default);
    {
        let solved = solved.clone();
        let key = (props.instance.clone(), props.algo.clone());
        use_effect_with(key, move |_| solved.set(None));
    }
    let is_live = live(props.instance.p(), &props.algo);
    let on_slide = {
        let index = index.clone();
        let points: Vec<f64> = sw.greedy.points.iter().map(|p| p.ratio).collect();
        let (r, algo) = (props.instance.clone(), props.algo.clone());
        let (solved, throttle) = (solved.clone(), throttle.clone());
        Callback::from(move |ev: InputEvent| {
            let i: web_sys::HtmlInputElement = ev.target_unchecked_into();
            let k: usize = i.value().parse().unwrap_or(0);
            index.set(k);
            if let (true, Some(&x)) = (is_live, points.get(k)) {
                ask(&throttle, &solved, (&r, &algo), sig4(x));
            }
        })
    };
    let on_solve = {
        let (nav, r) = (nav.clone(), props.instance.clone());
        Callback::from(move |_: MouseEvent| {
            if let Ok(x) = parse_q(&sig4(at)) {
                let mut next = r.clone();
                next.work = x * &r.h;
                apply(&nav, next);
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
            { live_result(is_live, &props.algo, solved.as_ref()) }
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

/// Asks for a solve at `ratio`: it runs in a timer, at most once per [`THROTTLE_MS`], on the
/// latest ratio asked for.
fn ask(
    throttle: &Rc<RefCell<Throttle>>,
    solved: &UseStateHandle<Solved>,
    (r, algo): (&Ring, &AttrValue),
    ratio: String,
) {
    let t = throttle.borrow();
    *t.pending.borrow_mut() = Some(ratio);
    if t.busy.replace(true) {
        return;
    }
    let (th, solved, r, algo) = (throttle.clone(), solved.clone(), r.clone(), algo.clone());
    let timer = Timeout::new(THROTTLE_MS, move || {
        let t = th.borrow();
        t.busy.set(false);
        let next = t.pending.borrow_mut().take();
        if let Some(x) = next {
            let job = Job::RingAt {
                instance: Instance::Ring(r.clone()).to_json(),
                algorithm: algo.to_string(),
                ratio: x.clone(),
            };
            let solved = solved.clone();
            let _ = worker::ask(&job, move |result| solved.set(Some((x.clone(), result))));
        }
    });
    // The previous timer has fired (busy was false): dropping it is harmless.
    *t.timer.borrow_mut() = Some(timer);
}

/// The algorithm's result at the slider's ratio, or why the slider does not re-solve.
fn live_result(
    is_live: bool,
    algo: &str,
    solved: Option<&(String, Result<RingSolution, String>)>,
) -> Html {
    if !is_live {
        return html! {
            <p class="muted" data-testid="ring-live">{format!(
                "{algo} is not re-solved as the slider moves above 10 processors (Held–Karp takes longer than a frame): use the button."
            )}</p>
        };
    }
    match solved {
        None => html! {
            <p class="muted" data-testid="ring-live">{format!("Move the slider: {algo} re-solves the instance at each W/H.")}</p>
        },
        Some((x, Err(m))) => html! {
            <p class="warning" data-testid="ring-live">{format!("{algo} at W/H = {x}: {m}")}</p>
        },
        Some((x, Ok(s))) => {
            let ring = s
                .ring
                .iter()
                .map(|i| format!("P{i}"))
                .collect::<Vec<_>>()
                .join(", ");
            html! {
                <dl class="metrics" data-testid="ring-live">
                    <dt>{format!("{algo} at W/H = ")}<span data-testid="ring-live-ratio">{x.clone()}</span></dt>
                    <dd><span data-testid="ring-live-q">{s.q}</span>{" processors, ring ("}
                        <span data-testid="ring-live-ring">{ring}</span>{"), T_step = "}
                        <span data-testid="ring-live-t">{decimal(&s.t_step)}</span></dd>
                </dl>
            }
        }
    }
}
