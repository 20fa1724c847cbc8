//! The step player's controls, shared by every algorithm page: buttons, scrubber, speed, the
//! step counter, and the buttons jumping to each phase of the trace. Keyboard shortcuts are
//! installed by the player hook (`ui::hooks::player`).

use hetlab_core::trace::Step;
use yew::prelude::*;

use crate::player::{Action, Player, SPEEDS};

/// The controls for `p`; `on_action` hears what the user asked for.
pub fn player_bar(p: &Player, on_action: &Callback<Action>) -> Html {
    let button = |label: &'static str,
                  title: &'static str,
                  testid: &'static str,
                  action: Action,
                  disabled: bool| {
        let cb = on_action.clone();
        html! {
            <button class="ctl" title={title} aria-label={title} data-testid={testid} {disabled}
                    onclick={Callback::from(move |_| cb.emit(action.clone()))}>{label}</button>
        }
    };
    let on_seek = {
        let cb = on_action.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Ok(k) = input.value().parse::<usize>() {
                cb.emit(Action::Seek(k));
            }
        })
    };
    let on_speed = {
        let cb = on_action.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(s) = select.value().parse::<f64>() {
                cb.emit(Action::Speed(s));
            }
        })
    };
    let at_start = p.step <= p.start;
    let at_end = p.step >= p.end;
    html! {
        <div class="player" data-testid="player" role="group" aria-label="Step player">
            { button("|◀", "First step (Home)", "player-first", Action::First, at_start) }
            { button("◀", "Previous step (←)", "player-prev", Action::Prev, at_start) }
            { button(if p.playing { "❚❚ Pause" } else { "▶ Play" }, "Play / pause (space)", "player-play", Action::Toggle, p.start >= p.end) }
            { button("▶", "Next step (→)", "player-next", Action::Next, at_end) }
            { button("▶|", "Last step (End)", "player-last", Action::Last, at_end) }
            <input type="range" class="scrubber" data-testid="scrubber" aria-label="Step"
                   min={p.start.to_string()} max={p.end.to_string()} value={p.step.to_string()} oninput={on_seek} />
            <span class="count" data-testid="step-count" aria-live="polite">{format!("Step {} / {}", p.step, p.len)}</span>
            <label class="speed">{"Speed "}
                <select data-testid="speed" onchange={on_speed} aria-label="Steps per second">
                    { for SPEEDS.iter().map(|s| html! {
                        <option value={s.to_string()} selected={(s - p.speed).abs() < 1e-9}>{format!("{s}×")}</option>
                    }) }
                </select>
            </label>
        </div>
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
