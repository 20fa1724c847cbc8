//! `#/bench`: the browser benchmark page. It times the core's solvers in this browser's wasm
//! (median of repeated runs, `performance.now()`), for the speed goals reported in the notes.
//! Nothing here is asserted by tests.

use hetlab_core::generate::{self, Shape};
use hetlab_core::instance::{Instance, SteadyState};
use hetlab_core::share;
use hetlab_core::steady_state::{lp, tree};
use yew::prelude::*;

/// One measured row.
#[derive(Clone, PartialEq)]
struct Row {
    name: String,
    median_ms: f64,
    runs: usize,
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Median time of `runs` calls of `f`, in milliseconds.
fn time(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..runs)
        .map(|_| {
            let t0 = now();
            f();
            now() - t0
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[t.len() / 2]
}

fn measure() -> Vec<Row> {
    let mut rows = Vec::new();
    for n in [10, 100, 500] {
        let inst = SteadyState::new(generate::platform(Shape::Tree, n, 42));
        let runs = if n > 100 { 15 } else { 50 };
        let median_ms = time(runs, || {
            let _ = tree::solve_traced(&inst);
        });
        rows.push(Row {
            name: format!("tree closed form + trace, {n} nodes"),
            median_ms,
            runs,
        });
    }
    for n in [10, 20, 50, 100] {
        let inst = SteadyState::new(generate::platform(Shape::Random, n, 7));
        let runs = if n > 20 { 5 } else { 15 };
        let median_ms = time(runs, || {
            let _ = lp::solve_within(&inst, 1000, 5000);
        });
        rows.push(Row {
            name: format!(
                "steady-state LP (exact, certified), {n} nodes / {} arcs",
                4 * n
            ),
            median_ms,
            runs,
        });
    }
    let inst = Instance::SteadyState(SteadyState::new(generate::platform(Shape::Random, 20, 1)));
    let payload = share::encode(&inst);
    rows.push(Row {
        name: "share encode, 20 nodes / 40 links".to_owned(),
        median_ms: time(50, || drop(share::encode(&inst))),
        runs: 50,
    });
    rows.push(Row {
        name: "share decode, 20 nodes / 40 links".to_owned(),
        median_ms: time(50, || drop(share::decode(&payload))),
        runs: 50,
    });
    rows
}

/// The benchmark page.
#[component]
pub fn Bench() -> Html {
    let rows = use_state(Vec::<Row>::new);
    let run = {
        let rows = rows.clone();
        Callback::from(move |_: MouseEvent| rows.set(measure()))
    };
    html! {
        <section data-testid="bench">
            <h1>{"Benchmarks in this browser"}</h1>
            <p class="muted">{"Median wall time of the core's solvers compiled to WebAssembly, measured here with performance.now()."}</p>
            <button class="primary" onclick={run} data-testid="bench-run">{"Run the benchmarks"}</button>
            if !rows.is_empty() {
                <table data-testid="bench-results">
                    <thead><tr><th>{"what"}</th><th>{"median (ms)"}</th><th>{"runs"}</th></tr></thead>
                    <tbody>{ for rows.iter().map(|r| html! { <tr><td>{&r.name}</td><td>{format!("{:.3}", r.median_ms)}</td><td>{r.runs}</td></tr> }) }</tbody>
                </table>
            }
        </section>
    }
}
