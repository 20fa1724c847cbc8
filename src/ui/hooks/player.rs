//! The player hook of every step-by-step page: its step lives in the URL (`step`, `start`,
//! `end`, `autoplay`, `speed`), a timer keeps playing to the clock, and the keyboard drives it.

use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast as _;
use yew::prelude::*;

use crate::player::{Action, Player, DEFAULT_SPEED};
use crate::route::Route;
use crate::ui::{dom, use_nav};

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
            q.index("step").unwrap_or(0),
            q.index("start"),
            q.index("end"),
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
            let shown = route.query.index("step");
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
