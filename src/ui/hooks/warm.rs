//! The last step of a run, drawn once off screen as soon as the run arrives.
//!
//! Families derive the state at step `k` through `Trace::state_at`, whose checkpoints are made
//! the first time a replay passes them: the first End (or a far click on the scrubber) replays
//! the whole trace, 45 ms on a 64-processor square's 2 164 steps. Here the family's view of the
//! last step is computed in a task of its own, a moment after the run is shown (the view only:
//! nothing reaches the DOM), so every later jump replays at most `√len` steps.

use std::rc::Rc;

use gloo::timers::callback::Timeout;
use hetlab_core::family::Family as _;
use yew::prelude::*;

use crate::player::Player;
use crate::ui::pages::algorithm::{view_at, FamilyPage, Input, Solved};

/// How long after the run is shown the last step is computed (the first frame goes first).
const AFTER_MS: u32 = 50;

/// Computes `P::view` at the last step of `solved` once, [`AFTER_MS`] after it arrives; nothing
/// when the run changes or the page goes first.
#[hook]
pub fn use_warm_last_step<P: FamilyPage>(
    solved: Option<Rc<Solved<P>>>,
    input: Rc<Result<Input<P>, String>>,
    algo: String,
) {
    let key = solved.as_ref().map(|s| Rc::as_ptr(s) as usize);
    use_effect_with(key, move |_| {
        let timer = solved.map(|s| {
            Timeout::new(AFTER_MS, move || {
                let Ok(input) = input.as_ref() else {
                    return;
                };
                let len = P::F::steps(&s.run);
                let player = Player {
                    step: len,
                    len,
                    playing: false,
                    speed: 1.0,
                    start: 0,
                    end: len,
                };
                drop(view_at(input, &algo, &s, &player, &Callback::noop()));
            })
        });
        move || drop(timer)
    });
}
