//! `#/bench`: the browser benchmark page. It times the core's solvers in this browser's wasm
//! (median of repeated runs, `performance.now()`), for the speed goals reported in the notes.
//! The solvers are in the solver workers' binaries, one per group of families: the page asks
//! each in turn for its rows ([`Job::Bench`]: each of the group's families' `Solver::bench` and
//! a practice question, timed by `family_rows` there). Nothing here is asserted by tests.

use hetlab_core::families::Instance;

use hetlab_core::generate::{self, Shape};
use hetlab_core::share;
use hetlab_core::sort;
use hetlab_core::steady_state::SteadyState;
use yew::prelude::*;

use crate::bundles::BUNDLES;
use crate::ui::worker::{self, Job};

/// One measured row.
#[derive(Clone, PartialEq, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Row {
    name: String,
    median_ms: f64,
    runs: usize,
}

use crate::ui::dom::now_ms as now;

/// Median time of `runs` calls of `f`, in milliseconds.
fn time(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..runs)
        .map(|_| {
            let t0 = now();
            f();
            now() - t0
        })
        .collect();
    sort::by(&mut t, f64::total_cmp);
    t[t.len() / 2]
}

/// The benchmark rows of family `F` (its `Solver::bench`, then one large practice question),
/// timed in this worker.
#[cfg(feature = "solve")]
#[must_use]
pub fn family_rows<F>() -> Vec<Row>
where
    F: hetlab_core::families::Registered + hetlab_core::practice::Practice,
{
    let timer = |runs: usize, f: &mut dyn FnMut()| time(runs, f);
    F::bench(&timer)
        .into_iter()
        .chain(hetlab_core::practice::bench::<F>(&timer))
        .map(|(name, median_ms, runs)| Row {
            name,
            median_ms,
            runs,
        })
        .collect()
}

/// The share links' codec, which runs on the page (measured there, after the workers' rows).
fn share_rows() -> Vec<Row> {
    let inst = Instance::SteadyState(SteadyState::new(generate::platform(Shape::Random, 20, 1)));
    let payload = share::encode(&inst);
    vec![
        Row {
            name: "share encode, 20 nodes / 40 links (on the page)".to_owned(),
            median_ms: time(50, || drop(share::encode(&inst))),
            runs: 50,
        },
        Row {
            name: "share decode, 20 nodes / 40 links (on the page)".to_owned(),
            median_ms: time(50, || drop(share::decode(&payload))),
            runs: 50,
        },
    ]
}

/// Where the measurement is.
#[derive(Clone, PartialEq)]
enum Status {
    Idle,
    /// Measuring the group named, after the rows so far.
    Running(&'static str, Vec<Row>),
    /// Every group measured.
    Done(Vec<Row>),
    /// A group's worker refused or stopped, after the rows so far.
    Failed(Vec<Row>, String),
}

/// Measures group `k` of [`BUNDLES`] and the ones after it, one at a time (two at once would
/// share this computer's cores), each in a fresh solver worker of that group, after `acc`.
fn measure_from(k: usize, only_chains: bool, acc: Vec<Row>, status: UseStateHandle<Status>) {
    let Some(group) = BUNDLES.get(k) else {
        let mut acc = acc;
        if !only_chains {
            acc.extend(share_rows());
        }
        status.set(Status::Done(acc));
        return;
    };
    status.set(Status::Running(group.name, acc.clone()));
    worker::ask_in(
        group.name,
        &Job::Bench { only_chains },
        move |r: Result<Vec<Row>, String>| match r {
            Ok(rows) => {
                let mut acc = acc;
                acc.extend(rows);
                // After this answer's callback has returned (it ends its worker).
                gloo::timers::callback::Timeout::new(0, move || {
                    measure_from(k + 1, only_chains, acc, status);
                })
                .forget();
            }
            Err(m) => status.set(Status::Failed(acc, m)),
        },
    );
}

/// The benchmark page.
#[component]
pub fn Bench() -> Html {
    let status = use_state(|| Status::Idle);
    // `#/bench?panic=1` panics on purpose, after the page is drawn: the browser test of the
    // bug notice (`install_panic_notice`) needs a panic, and the product has none to give.
    let nav = crate::ui::use_nav();
    let deliberate = nav.route.query.flag("panic");
    let only_chains = nav.route.query.get("only") == Some("chains");
    use_effect_with(deliberate, |&panic| {
        assert!(
            !panic,
            "a deliberate panic, asked for by #/bench?panic=1 (browser test of the bug notice)"
        );
    });
    let run = {
        let status = status.clone();
        Callback::from(move |_: MouseEvent| {
            if !matches!(*status, Status::Running(..)) {
                measure_from(0, only_chains, Vec::new(), status.clone());
            }
        })
    };
    let (rows, note): (&[Row], Html) = match &*status {
        Status::Idle => (&[], Html::default()),
        Status::Running(group, rows) => (
            rows,
            html! { <p class="muted" role="status">{format!("Measuring the {group} families…")}</p> },
        ),
        Status::Done(rows) => (
            rows,
            html! { <p class="muted" role="status" data-testid="bench-done">{format!("Done: {} rows.", rows.len())}</p> },
        ),
        Status::Failed(rows, m) => (
            rows,
            html! { <p class="warning" role="status">{m.clone()}</p> },
        ),
    };
    html! {
        <section data-testid="bench">
            <h1>{"Benchmarks in this browser"}</h1>
            <p class="muted">{"Median wall time of the core's solvers compiled to WebAssembly, measured here with performance.now(), in each group's solver worker in turn."}
                if only_chains { {" Only the chain-partitioning rows (remove ?only=chains for every family)."} }</p>
            <button class="primary" onclick={run} data-testid="bench-run">{"Run the benchmarks"}</button>
            {note}
            if !rows.is_empty() {
                <table data-testid="bench-results">
                    <thead><tr><th>{"what"}</th><th>{"median (ms)"}</th><th>{"runs"}</th></tr></thead>
                    <tbody>{ for rows.iter().map(|r| html! { <tr><td>{&r.name}</td><td>{format!("{:.3}", r.median_ms)}</td><td>{r.runs}</td></tr> }) }</tbody>
                </table>
            }
        </section>
    }
}
