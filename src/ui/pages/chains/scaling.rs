//! The "Scaling" view (chains.md §9.4 and §10): mean percent imbalance of RB, MP and the
//! optimum against `P` on a workload preset, speeds 1–8, five speed vectors per `P`, as a table
//! and a plot. The core computes it (`chains::scaling::scaling_table`, the numbers `hetlab
//! scaling` prints) in the solver worker on a button click ([`compute`], a [`Job::Scaling`]);
//! a render only reads the stored rows.

use std::rc::Rc;

#[cfg(feature = "solve")]
use hetlab_core::chains::scaling::scaling_table;
use hetlab_core::chains::scaling::ScalingRow;
use hetlab_core::rational::to_f64;
use yew::prelude::*;

use crate::ui::components::plot::{Line, LinesPlot};
use crate::ui::worker::{self, Job};

/// The presets offered (the two of the spec's printed table).
const PRESETS: [&str; 2] = ["blunt-like", "g7jac050sc-like"];
/// The spec's `P` column (the browser default stops at 512).
#[cfg(feature = "solve")]
const PS: [usize; 5] = [32, 64, 128, 256, 512];
/// Speeds `1..=EMAX`.
#[cfg(feature = "solve")]
const EMAX: u64 = 8;

/// The table of workload `preset` (in the solver worker).
///
/// # Errors
/// An unknown preset, in a sentence.
#[cfg(feature = "solve")]
pub fn compute(preset: &str) -> Result<Vec<ScalingRow>, String> {
    scaling_table(preset, EMAX, &PS).map_err(|e| e.to_string())
}

#[derive(Clone, PartialEq)]
enum Table {
    Idle,
    Computing,
    Done(Rc<Vec<ScalingRow>>, f64),
    Failed(String),
}

fn plot(rows: &[ScalingRow]) -> Html {
    let line = |label: &str, rgb, pick: fn(&ScalingRow) -> f64| Line {
        label: label.to_owned(),
        points: rows
            .iter()
            .map(|r| ((r.p as f64).log2(), pick(r)))
            .collect(),
        rgb,
    };
    let lines = vec![
        line("RB", (200, 60, 40), |r| to_f64(&r.rb)),
        line("MP", (230, 150, 30), |r| to_f64(&r.mp)),
        line("OPT", (31, 95, 191), |r| to_f64(&r.opt)),
    ];
    let axes = ("log2 P".to_owned(), "imbalance (%)".to_owned());
    html! { <LinesPlot {lines} {axes} label="Imbalance of RB, MP and the optimum against P" testid="chains-scaling-plot" /> }
}

fn table(rows: &[ScalingRow]) -> Html {
    let d = |q| format!("{:.3}", to_f64(q));
    html! {
        <div class="table-scroll">
            <table class="compare" data-testid="chains-scaling-table">
                <thead><tr><th>{"P"}</th><th>{"RB"}</th><th>{"MP"}</th><th>{"OPT"}</th></tr></thead>
                <tbody>
                    { for rows.iter().map(|r| html! {
                        <tr><td>{r.p}</td><td>{d(&r.rb)}</td><td>{d(&r.mp)}</td><td>{d(&r.opt)}</td></tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}

/// The scaling view: a preset menu, a Compute button, then the table and the plot.
#[component]
pub fn ScalingView() -> Html {
    let preset = use_state(|| PRESETS[0].to_owned());
    let state = use_state(|| Table::Idle);
    let on_preset = {
        let (preset, state) = (preset.clone(), state.clone());
        Callback::from(move |e: Event| {
            if let Some(s) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                preset.set(s.value());
                state.set(Table::Idle);
            }
        })
    };
    let on_compute = {
        let (preset, state) = (preset.clone(), state.clone());
        Callback::from(move |_: MouseEvent| {
            state.set(Table::Computing);
            let job = Job::Scaling {
                preset: (*preset).clone(),
            };
            let (state, start) = (state.clone(), crate::ui::dom::now_ms());
            let _ = worker::ask(&job, move |rows: Result<Vec<ScalingRow>, String>| {
                state.set(match rows {
                    Ok(rows) => Table::Done(Rc::new(rows), crate::ui::dom::now_ms() - start),
                    Err(e) => Table::Failed(e),
                });
            });
        })
    };
    let busy = *state == Table::Computing;
    let body = match &*state {
        Table::Idle => {
            html! { <p class="muted">{"Press Compute: 25 instances per preset (5 values of P, 5 speed vectors each), RB, MP and exact bisection on each."}</p> }
        }
        Table::Computing => {
            html! { <p class="muted" role="status" data-testid="chains-scaling-busy">{"Computing…"}</p> }
        }
        Table::Failed(m) => html! { <p class="warning" role="status">{m.clone()}</p> },
        Table::Done(rows, ms) => html! {
            <>
                { table(rows) }
                { plot(rows) }
                <p class="muted">{format!("Computed in {ms:.0} ms in this browser; `hetlab scaling` prints the same numbers.")}</p>
            </>
        },
    };
    html! {
        <div class="working" data-testid="chains-scaling">
            <h2>{"Scaling: imbalance against P (the paper's experiment)"}</h2>
            <p>{"Mean percent imbalance 100·(B − B*)/B* of RB, MP and the optimum on a synthetic stand-in for the paper's data (workload seed 1), speeds 1–8, speed seeds 1000·8 + 10·P + k for k = 1..5. The optimum roughly doubles with P; the heuristics grow faster."}</p>
            <label>{"Workload "}
                <select onchange={on_preset} data-testid="chains-scaling-preset" disabled={busy}>
                    { for PRESETS.iter().map(|p| html! { <option value={*p} selected={**p == *preset}>{*p}</option> }) }
                </select>
            </label>
            {" "}
            <button onclick={on_compute} disabled={busy} data-testid="chains-scaling-compute">{"Compute"}</button>
            { body }
        </div>
    }
}
