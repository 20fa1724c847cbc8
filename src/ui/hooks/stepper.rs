//! What every step-by-step page shares: the player (its step in the URL, the play timer, the
//! keyboard), the pseudocode pane, and reading the instance of a share link.

use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::Timeout;
use hetlab_core::families::Instance;
use hetlab_core::share;
use wasm_bindgen::JsCast as _;
use yew::prelude::*;

use crate::player::{Action, Player, DEFAULT_SPEED};
use crate::route::Route;
use crate::ui::components::share::ShareDialog;
use crate::ui::{dom, use_nav, Nav};
use hetlab_core::presets;
use hetlab_core::trace::Step;

/// The player of a trace of `len` steps: the step comes from the URL (`step`, `start`, `end`,
/// `autoplay`, `speed`); scrubbing replaces the history entry. While playing, one timeout per
/// shown step advances it; ← → space Home End drive it unless the user is typing in a field or
/// the embed hides the controls (`controls=0`). `len` is `None` while the run is on its way:
/// the player then ignores every action and holds the URL's step and autoplay as they are, so
/// a shared link's step survives the wait.
#[hook]
pub fn use_player(len: Option<usize>) -> (Player, Callback<Action>) {
    let ready = len.is_some();
    let len = len.unwrap_or(0);
    let nav = use_nav();
    let q = nav.route.query.clone();
    let controls = q.get("controls") != Some("0");
    let playing = use_state(|| q.flag("autoplay"));
    let speed = use_state(|| {
        q.parse::<f64>("speed")
            .filter(|s| s.is_finite() && *s > 0.0)
            .unwrap_or(DEFAULT_SPEED)
    });
    let player = Player {
        playing: *playing,
        ..Player::new(
            len,
            q.parse("step").unwrap_or(0),
            q.parse("start"),
            q.parse("end"),
        )
    }
    .apply(&Action::Speed(*speed));

    let on_action = {
        let (player, playing, speed) = (player.clone(), playing.clone(), speed.clone());
        Callback::from(move |a: Action| {
            if !ready {
                return;
            }
            // Start from what the address bar holds now, never from the route of the render that
            // made this callback: keys and timer ticks outlive renders, and the page may have
            // filled in `i=` and `algo=` since (a stale route would drop them). The step, too,
            // may have moved faster than the page re-rendered.
            let mut route = Route::parse(&dom::hash());
            let shown = route.query.parse::<usize>("step");
            let base = Player {
                step: shown.map_or(player.step, |k| k.clamp(player.start, player.end)),
                ..player.clone()
            };
            let next = base.apply(&a);
            if next.step != base.step {
                route.query.set("step", next.step.to_string());
                nav.replace(route);
            }
            if next.playing != player.playing {
                playing.set(next.playing);
            }
            if (next.speed - player.speed).abs() > f64::EPSILON {
                speed.set(next.speed);
            }
        })
    };
    {
        // Ticks keep to the clock: each is due one interval after the tick before was due,
        // whatever the render in between took (a timer started after each render would fall
        // behind by the render's time at every step: at 16x, 62.5 ms plus the step's work).
        // A step the user takes, or a lag of more than one interval, restarts the clock.
        let on_action = on_action.clone();
        let due = use_mut_ref(|| None::<f64>);
        use_effect_with(
            (player.playing, player.step, player.interval_ms(), ready),
            move |&(playing, _, ms, ready)| {
                let t = (playing && ready).then(|| {
                    let (now, ms) = (js_sys::Date::now(), f64::from(ms));
                    let next = due
                        .borrow_mut()
                        .take()
                        .map(|d| d + ms)
                        .filter(|d| *d > now - ms)
                        .unwrap_or(now + ms);
                    // The delay lies in [0, ms], at most 10 000 ms.
                    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                    let delay = (next - now).clamp(0.0, ms) as u32;
                    Timeout::new(delay, move || {
                        *due.borrow_mut() = Some(next);
                        on_action.emit(Action::Tick);
                    })
                });
                move || drop(t)
            },
        );
    }
    // The key listener outlives renders, and Yew yields to the browser between a render and its
    // effects when a render is long: a listener re-installed by an effect would then still hold
    // the previous render's callback (the run not yet there: the key lost). It reads the latest
    // callback, written at every render, instead.
    let latest = use_mut_ref(|| on_action.clone());
    *latest.borrow_mut() = on_action.clone();
    use_effect_with(controls, move |&controls| {
        let listener = controls.then(|| {
            EventListener::new_with_options(
                &gloo::utils::document(),
                "keydown",
                EventListenerOptions::enable_prevent_default(),
                move |e| {
                    let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                        return;
                    };
                    // Keys belong to a text field being typed in, to an open dialog, and
                    // (Space, Enter) to a focused button or link, which they press.
                    if dom::typing()
                        || dom::modal_open()
                        || e.ctrl_key()
                        || e.meta_key()
                        || e.alt_key()
                        || (matches!(e.key().as_str(), " " | "Enter") && dom::pressable_focused())
                    {
                        return;
                    }
                    if let Some(a) = Player::key_action(&e.key()) {
                        e.prevent_default();
                        let on_action = latest.borrow().clone();
                        on_action.emit(a);
                    }
                },
            )
        });
        move || drop(listener)
    });
    (player, on_action)
}

/// The instance of a share link for the page of `problem`, with the message for when it holds
/// another family's instance; the message when the link is broken. `keeps` says what stays
/// untouched.
fn read_link(payload: &str, problem: &str, keeps: &str) -> Result<(Instance, String), String> {
    match share::decode(payload) {
        Ok(inst) => {
            let got = inst.problem();
            let not_ours = format!(
                "This link holds a {got} instance, not a {problem} one. {keeps} was not changed."
            );
            Ok((inst, not_ours))
        }
        Err(e) => Err(format!(
            "This link could not be opened: {e}. {keeps} was not changed."
        )),
    }
}

/// The pseudocode pane: `lines`, with the line of the current step (`active`) highlighted.
pub fn pseudocode(lines: &'static [&'static str], active: Option<usize>) -> Html {
    html! {
        <>
            <h2>{"Pseudocode"}</h2>
            <ol class="pseudocode" data-testid="pseudocode" start="0">
                { for lines.iter().enumerate().map(|(k, line)| html! {
                    <li class={classes!((active == Some(k)).then_some("active"))}><code>{*line}</code></li>
                }) }
            </ol>
        </>
    }
}

/// Buttons jumping to the first step of each phase of a trace.
pub fn phase_buttons<S: Step>(steps: &[S], player: &Player, on_action: &Callback<Action>) -> Html {
    let mut phases: Vec<(&'static str, usize)> = Vec::new();
    for (k, step) in steps.iter().enumerate() {
        let name = step.phase().name;
        if !phases.iter().any(|(n, _)| *n == name) {
            phases.push((name, k + 1));
        }
    }
    html! {
        <div class="phases" role="group" aria-label="Jump to a phase">
            { for phases.into_iter().map(|(name, k)| {
                let cb = on_action.clone();
                html! { <button class={classes!("phase", (player.step >= k).then_some("done"))} onclick={Callback::from(move |_| cb.emit(Action::Seek(k)))}>{name}</button> }
            }) }
        </div>
    }
}

/// The instance a page shows: the `preset=` named, else the share link's `i=`, else
/// `fallback()` (the remembered or default instance). `keeps` names what a broken link leaves
/// untouched.
///
/// # Errors
/// The message to show instead of the page.
pub fn resolve<T>(
    payload: Option<&str>,
    preset: Option<&str>,
    problem: &str,
    keeps: &str,
    pick: impl Fn(Instance) -> Option<T>,
    fallback: impl FnOnce() -> Option<T>,
) -> Result<T, String> {
    match named(payload, preset, problem, keeps) {
        Some(found) => {
            let (inst, not_ours) = found?;
            pick(inst).ok_or(not_ours)
        }
        None => fallback().ok_or_else(|| "The default example is missing.".to_owned()),
    }
}

/// The instance the URL names (the preset, else the link), with the message for when it is
/// not the page's family; `None` when the URL names none.
fn named(
    payload: Option<&str>,
    preset: Option<&str>,
    problem: &str,
    keeps: &str,
) -> Option<Result<(Instance, String), String>> {
    let missing = |name: &str| format!("There is no {problem} preset called \"{name}\".");
    if let Some(name) = preset {
        return Some(
            presets::get(name)
                .map(|i| (i, missing(name)))
                .ok_or_else(|| missing(name)),
        );
    }
    payload.map(|p| read_link(p, problem, keeps))
}

/// The instance last shown on a page (saved under `key`), else the preset `default`.
pub fn remembered<T>(key: &str, default: &str, pick: impl Fn(Instance) -> Option<T>) -> Option<T> {
    dom::load(key)
        .and_then(|t| Instance::from_json(&t).ok())
        .and_then(&pick)
        .or_else(|| presets::get(default).and_then(&pick))
}

/// Keeps the address bar shareable as it is: a preset name or a fallback instance becomes an
/// `i=` payload (replacing the history entry) with `default_algo` when none is given; with
/// `remember`, the instance shown is also saved under that localStorage key.
#[hook]
pub fn use_shareable_url(
    inst: Option<Instance>,
    default_algo: &'static str,
    remember: Option<&'static str>,
) {
    let nav = use_nav();
    use_effect_with(inst, move |inst| {
        if let Some(inst) = inst {
            if let Some(key) = remember {
                dom::save(key, &inst.to_json());
            }
            let mut r = nav.route.clone();
            if r.query.get("i").is_none() || r.query.get("preset").is_some() {
                r.query.remove("preset");
                r.query.set("i", share::encode(inst));
                if r.query.get("algo").is_none() {
                    r.query.set("algo", default_algo);
                }
                nav.replace(r);
            }
        }
    });
}

/// Shown instead of a page whose link cannot be read; `links` offer a way on (not in embeds).
/// A link holding another family's instance also gets a link to that family's page.
pub fn error_view(page: &'static str, message: &str, embed: bool, links: Html) -> Html {
    let route = Route::parse(&dom::hash());
    let elsewhere = route.query.get("i").and_then(|payload| {
        let problem = share::decode(payload).ok()?.problem();
        let family = |name: &str| name.split('-').next().unwrap_or_default().to_owned();
        (family(problem) != family(page)).then(|| {
            let mut r = Route::new(crate::route::Page::Family(problem.to_owned()));
            r.query.set("i", payload);
            (problem, r.to_hash())
        })
    });
    html! {
        <section class={page} data-testid={page}>
            <div class="error" role="alert" data-testid="url-error">
                <h2>{"This link cannot be shown"}</h2>
                <p>{message.to_owned()}</p>
                if !embed {
                    if let Some((problem, href)) = elsewhere {
                        <p><a href={href} data-testid="open-elsewhere">{format!("Open it on the {problem} page")}</a></p>
                    }
                    <p>{links}</p>
                }
            </div>
        </section>
    }
}

/// The algorithm menu: `(name, label)` options; choosing one pushes `algo=` at step 0.
pub fn algo_select(nav: &Nav, options: &[(&str, String)], current: &str) -> Html {
    let on_change = {
        let nav = nav.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let mut r = nav.route.clone();
            r.query.set("algo", select.value());
            r.query.set("step", "0");
            nav.push(r);
        })
    };
    html! {
        <label>{"Algorithm "}
            <select data-testid="algo" onchange={on_change}>
                { for options.iter().map(|(name, label)| html! {
                    <option value={name.to_string()} selected={current == *name}>{label.clone()}</option>
                }) }
            </select>
        </label>
    }
}

/// The presets menu of `problem`; choosing one pushes its instance at step 0, and forgets the
/// algorithm when the new instance does not offer it.
pub fn preset_select(nav: &Nav, problem: &str) -> Html {
    let on_change = {
        let nav = nav.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(inst) = presets::get(&select.value()) {
                let mut r = nav.route.clone();
                r.query.set("i", share::encode(&inst));
                r.query.set("step", "0");
                let offered = hetlab_core::families::offered(&inst);
                if r.query.get("algo").is_some_and(|a| !offered.contains(&a)) {
                    r.query.remove("algo");
                }
                nav.push(r);
            }
        })
    };
    html! {
        <label>{"Example "}
            <select data-testid="page-preset" onchange={on_change}>
                <option value="" selected=true disabled=true>{"load a preset…"}</option>
                { for presets::of(problem).map(|p| html! { <option value={p.name}>{p.title}</option> }) }
            </select>
        </label>
    }
}

/// What every algorithm page reads from its URL besides the step.
pub struct PageQuery {
    /// The share payload `i=`.
    pub payload: Option<String>,
    /// A preset name `preset=`.
    pub preset: Option<String>,
    /// The algorithm `algo=` (the page's default when absent).
    pub algo: String,
    /// Embedded in another page (`embed=1`): figure and player only.
    pub embed: bool,
    /// The player's controls are shown (not `controls=0`).
    pub controls: bool,
}

impl PageQuery {
    /// Reads `route`'s query, with `default_algo` when no algorithm is named.
    #[must_use]
    pub fn of(route: &Route, default_algo: &str) -> PageQuery {
        let q = &route.query;
        PageQuery {
            payload: q.get("i").map(str::to_owned),
            preset: q.get("preset").map(str::to_owned),
            algo: q.get("algo").unwrap_or(default_algo).to_owned(),
            embed: q.flag("embed"),
            controls: q.get("controls") != Some("0"),
        }
    }
}

/// The toolbar's Share button, which opens the dialog of [`share_dialog`].
pub fn share_button(open: &UseStateHandle<bool>) -> Html {
    let onclick = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(true))
    };
    html! { <button {onclick} data-testid="share">{"Share"}</button> }
}

/// The Share dialog with the URL of what the page shows now, when open.
pub fn share_dialog(open: &UseStateHandle<bool>, nav: &Nav, title: &str) -> Html {
    if !**open {
        return Html::default();
    }
    let url = format!("{}{}", dom::base_url(), nav.route.to_hash());
    let on_close = {
        let open = open.clone();
        Callback::from(move |()| open.set(false))
    };
    html! { <ShareDialog {url} title={title.to_owned()} {on_close} /> }
}
