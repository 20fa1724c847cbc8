//! The last step of a run, drawn once off screen as soon as the run arrives.
//!
//! Families derive the state at step `k` through `Trace::state_at`, whose checkpoints are made
//! the first time a replay passes them: the first End (or a far click on the scrubber) replays
//! the whole trace, 45 ms on a 64-processor square's 2 164 steps. Here the family's view of the
//! last step is computed once the browser is idle after the run is shown (the view only: nothing
//! reaches the DOM), so every later jump replays at most `√len` steps.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast as _;
use yew::prelude::*;

use crate::player::Player;
use crate::ui::pages::erased::{AnyInput, Done};

/// How long after the run is shown the last step is computed where the browser has no idle
/// callback (Safari), and at the latest where it has one.
const AFTER_MS: u32 = 200;

/// A task waiting for the browser to be idle (or for a timer), cancelled when dropped.
enum Later {
    /// The idle callback's id, and the closure it calls (kept alive until then).
    Idle {
        id: u32,
        _task: Closure<dyn FnMut()>,
    },
    /// The fallback timer (dropping it cancels it).
    Timer { _timer: Timeout },
}

impl Later {
    fn new(task: impl FnOnce() + 'static) -> Self {
        let window = gloo::utils::window();
        let mut task = Some(task);
        let closure = Closure::<dyn FnMut()>::new(move || {
            if let Some(t) = task.take() {
                t();
            }
        });
        let options = web_sys::IdleRequestOptions::new();
        options.set_timeout(AFTER_MS);
        let f = closure.as_ref().unchecked_ref();
        if let Ok(id) = window.request_idle_callback_with_options(f, &options) {
            return Later::Idle { id, _task: closure };
        }
        let f: js_sys::Function = closure.into_js_value().unchecked_into();
        Later::Timer {
            _timer: Timeout::new(AFTER_MS, move || {
                let _ = f.call0(&wasm_bindgen::JsValue::NULL);
            }),
        }
    }
}

impl Drop for Later {
    fn drop(&mut self) {
        if let Later::Idle { id, .. } = self {
            gloo::utils::window().cancel_idle_callback(*id);
        }
    }
}

/// Computes the family's view at the last step of `solved` once, when the browser is next idle
/// after it arrives; nothing when the run changes or the page goes first.
#[hook]
pub fn use_warm_last_step(
    solved: Option<Rc<Done>>,
    input: Rc<Result<AnyInput, String>>,
    algo: String,
) {
    let key = solved.as_ref().map(|s| Rc::as_ptr(s) as usize);
    use_effect_with(key, move |_| {
        let timer = solved.map(|s| {
            Later::new(move || {
                let Ok(input) = input.as_ref() else {
                    return;
                };
                let len = s.steps;
                let player = Player {
                    step: len,
                    len,
                    playing: false,
                    speed: 1.0,
                    start: 0,
                    end: len,
                };
                drop(input.view(&algo, &s, &player, &Callback::noop()));
            })
        });
        move || drop(timer)
    });
}
