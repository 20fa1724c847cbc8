//! The load slider of the divisible-load page (divisible-load.md §9.3 step 4 and §9.6 step 4;
//! the pure part is [`crate::divisible_load`]). Moving it, or typing a load in its field, shows
//! the instance with that load through [`Nav::push_instance`]: the address carries the new
//! instance, and the page's solver worker solves it as any other; nothing is solved here.

use hetlab_core::divisible::Divisible;
use hetlab_core::families::Instance;
use hetlab_core::rational::{approx, frac, Q};
use yew::prelude::*;

use crate::divisible_load::{slider_for, with_load, Slider};
use crate::ui::use_nav;

/// Props of [`LoadSlider`].
#[derive(Properties, PartialEq)]
pub struct LoadProps {
    /// The instance shown.
    pub instance: Divisible,
    /// The method that ran (`exact` resolved).
    pub method: AttrValue,
}

/// The slider on `W_total` (STARAFFINE) or `B` (the periodic schedule), with a field for an
/// exact value; nothing for the other methods.
#[component]
pub fn LoadSlider(props: &LoadProps) -> Html {
    let nav = use_nav();
    let typed = use_state(String::new);
    let problem = use_state(|| None::<String>);
    {
        let (typed, problem) = (typed.clone(), problem.clone());
        use_effect_with(props.instance.w_total.clone(), move |_| {
            typed.set(String::new());
            problem.set(None);
        });
    }
    let Some(s) = slider_for(&props.instance, &props.method) else {
        return Html::default();
    };
    let positions = s.positions();
    let at = s.position_of(&props.instance.w_total);
    let apply = {
        let inst = props.instance.clone();
        Callback::from(move |v: Q| {
            nav.push_instance(&Instance::Divisible(with_load(&inst, v)), ["preset"]);
        })
    };
    let on_change = {
        let apply = apply.clone();
        Callback::from(move |ev: Event| {
            let i: web_sys::HtmlInputElement = ev.target_unchecked_into();
            let k = i.value().parse::<usize>().ok();
            if let Some(v) = k.and_then(|k| positions.get(k)) {
                apply.emit(v.clone());
            }
        })
    };
    let on_input = {
        let typed = typed.clone();
        Callback::from(move |ev: InputEvent| {
            let i: web_sys::HtmlInputElement = ev.target_unchecked_into();
            typed.set(i.value());
        })
    };
    let on_submit = {
        let (typed, problem, s) = (typed.clone(), problem.clone(), s.clone());
        Callback::from(move |ev: SubmitEvent| {
            ev.prevent_default();
            match s.read(&typed) {
                Ok(v) => apply.emit(v),
                Err(m) => problem.set(Some(m)),
            }
        })
    };
    let on = (on_change, on_input, on_submit);
    view(
        &s,
        &props.instance.w_total,
        at,
        (typed.as_str(), (*problem).as_ref()),
        on,
    )
}

/// The slider, its field and its message.
fn view(
    s: &Slider,
    now: &Q,
    at: usize,
    (typed, problem): (&str, Option<&String>),
    (on_change, on_input, on_submit): (
        Callback<Event>,
        Callback<InputEvent>,
        Callback<SubmitEvent>,
    ),
) -> Html {
    let shown = if now.is_integer() {
        frac(now)
    } else {
        format!("{} ≈ {}", frac(now), approx(now))
    };
    let last = s.positions().len().saturating_sub(1);
    html! {
        <div class="working dl-load" data-testid="dl-load">
            <h3>{format!("Move {}: {}", s.name, s.purpose)}</h3>
            <label class="ring-slider">{format!("{} = ", s.name)}<span data-testid="dl-load-value">{shown}</span>
                <input type="range" min="0" max={last.to_string()} value={at.to_string()}
                       onchange={on_change} data-testid="dl-load-slider" style="width:100%"
                       aria-label={format!("{} from {} to {}", s.name, frac(&s.min), frac(&s.max))} />
            </label>
            <form onsubmit={on_submit} class="dl-field">
                <label>{format!("{} exactly ({} to {}) ", s.name, frac(&s.min), frac(&s.max))}
                    <input type="text" inputmode="decimal" value={typed.to_owned()} oninput={on_input}
                           aria-invalid={problem.is_some().to_string()} data-testid="dl-load-input" />
                </label>
                <button type="submit" data-testid="dl-load-apply">{"Solve"}</button>
                if let Some(m) = problem { <p class="field-error" role="alert" data-testid="dl-load-error">{m.clone()}</p> }
            </form>
            <p class="muted">{"Each position solves the instance with that load again (the address keeps it)."}</p>
        </div>
    }
}
