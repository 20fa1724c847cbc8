//! `#/bench`: the browser benchmark page. It times the core's solvers in this browser's wasm
//! (median of repeated runs, `performance.now()`), for the speed goals reported in the notes.
//! The solvers are in the solver workers' binaries, one per group of families: the page asks
//! each in turn for its rows ([`Job::Bench`], run by [`communication_rows`] and
//! [`partitioning_rows`] there). Nothing here is asserted by tests.

use hetlab_core::broadcast::{Broadcast, PortModel};
use hetlab_core::families::Instance;
use hetlab_core::generate::{self, Shape};
use hetlab_core::rational::qi;
use hetlab_core::share;
use hetlab_core::sort;
use hetlab_core::steady_state::SteadyState;
use hetlab_core::steady_state::{lp, tree};
use hetlab_core::{broadcast, lu, square};
use yew::prelude::*;

use crate::bundles::BUNDLES;
use crate::ui::worker::{self, Job};

/// Broadcast platform sizes measured (random, about 4 arcs per node).
const BROADCAST_SIZES: [usize; 4] = [10, 20, 50, 100];

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

/// The chains rows alone (`#/bench?only=chains`, issue 11's table).
fn chains_rows() -> Vec<Row> {
    hetlab_core::chains::bench::rows(&|runs, f| time(runs, f))
        .into_iter()
        .map(|(name, median_ms, runs)| Row {
            name,
            median_ms,
            runs,
        })
        .collect()
}

/// The communication families' rows (steady state, broadcast, scatter, master–slave),
/// measured in their solver worker; none when only the chains rows are asked for.
#[must_use]
pub fn communication_rows(only_chains: bool) -> Vec<Row> {
    if only_chains {
        return Vec::new();
    }
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
    rows.extend(broadcast_rows());
    rows.extend(
        super::scatter::bench::cases()
            .into_iter()
            .map(|(n, r, f)| row(n, r, f)),
    );
    rows.extend(master_slave_rows());
    rows
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

/// The partitioning families' rows (square partitions, LU, the ring, divisible loads, chains),
/// measured in their solver worker; only the chains rows when `only_chains`.
#[must_use]
pub fn partitioning_rows(only_chains: bool) -> Vec<Row> {
    if only_chains {
        return chains_rows();
    }
    let mut rows = square_lu_rows();
    rows.extend(
        super::ring::bench::cases()
            .into_iter()
            .map(|(n, k, f)| row(n, k, f)),
    );
    for (name, runs, f) in crate::ui::pages::divisible::bench::cases() {
        rows.push(row(name, runs, f));
    }
    rows.extend(chains_rows());
    rows
}

/// Broadcast under the unidirectional model (column generation, then the schedule, traced as the
/// page runs it) on the
/// random platforms `hetlab gen broadcast --seed 7 --size n` writes (issue 15 item 3).
fn unidirectional_rows() -> Vec<Row> {
    [10, 15, 20]
        .into_iter()
        .map(|n| {
            let mut input = Broadcast::new(generate::platform(Shape::Random, n, 7), 0);
            input.port_model = PortModel::Unidirectional;
            let arcs = input.platform.arcs().len();
            row(
                format!("broadcast unidirectional lp (column generation + schedule), {n} nodes / {arcs} arcs"),
                3,
                || drop(broadcast::dispatch::run(&input, "lp")),
            )
        })
        .collect()
}

/// Broadcast from the master of the Lyon and Strasbourg platforms (ring.md §9's complete
/// graphs), under both port models, as the page runs it (traced, with the schedule).
fn cluster_rows() -> Vec<Row> {
    let mut rows = Vec::new();
    for name in ["lyon", "strasbourg"] {
        let Some(Instance::SteadyState(s)) = hetlab_core::presets::get(name) else {
            continue;
        };
        let source = s.platform.nodes.iter().position(|v| v.master).unwrap_or(0);
        let arcs = s.platform.arcs().len();
        for model in [PortModel::Bidirectional, PortModel::Unidirectional] {
            let mut input = Broadcast::new(s.platform.clone(), source);
            input.port_model = model;
            rows.push(row(
                format!(
                    "broadcast {model:?} lp, {name} ({} nodes / {arcs} arcs)",
                    s.platform.nodes.len()
                ),
                3,
                || drop(broadcast::dispatch::run(&input, "lp")),
            ));
        }
    }
    rows
}

fn row(name: String, runs: usize, f: impl FnMut()) -> Row {
    Row {
        name,
        median_ms: time(runs, f),
        runs,
    }
}

/// Broadcast: the unidirectional model, Lyon and Strasbourg, and the LP with its trees,
/// schedule and comparison on random platforms.
fn broadcast_rows() -> Vec<Row> {
    let mut rows = unidirectional_rows();
    rows.extend(cluster_rows());
    for n in BROADCAST_SIZES {
        let input = Broadcast::new(generate::platform(Shape::Random, n, 7), 0);
        let arcs = input.platform.arcs().len();
        rows.push(row(
            format!("broadcast lp (LP + trees + schedule + comparison), {n} nodes / {arcs} arcs"),
            3,
            || {
                drop(broadcast::solve_within(
                    &input,
                    "lp",
                    &broadcast::SizeLimits {
                        max_nodes: 1000,
                        max_arcs: 10_000,
                    },
                ));
            },
        ));
    }
    rows
}

/// Square partitions and LU distributions.
fn square_lu_rows() -> Vec<Row> {
    let mut rows = Vec::new();
    for p in [8, 32, 64] {
        let speeds: Vec<_> = generate::integers(p, 1, 10, 3)
            .into_iter()
            .map(qi)
            .collect();
        let areas = square::areas_from_speeds(&speeds).unwrap_or_default();
        let times: Vec<_> = speeds.iter().map(num_traits::Inv::inv).collect();
        for algo in ["column-dp", "recursive", "peri-max"] {
            rows.push(row(format!("square {algo} + trace, {p} areas"), 5, || {
                drop(square::run::run(algo, &areas, &times, true));
            }));
        }
    }
    for n in [64, 256] {
        let input = lu::LuInput {
            cycle_times: lu::compare::set_b(),
            b: n,
            n: Some(n),
            grid: None,
        };
        for algo in ["1d", "2d-dp", "2d-greedy", "block-cyclic"] {
            rows.push(row(
                format!("LU {algo} + simulation + trace, set B, n = {n}"),
                3,
                || {
                    drop(lu::solve_traced(algo, &input));
                },
            ));
        }
    }
    rows
}

/// Master–slave: the assignment (`MaxTasks1`), the exhaustive search and the approximation
/// (`MaxTasks2`), the periodic pattern with its greedy and series (`MaxTasks3`), each traced.
fn master_slave_rows() -> Vec<Row> {
    use hetlab_core::master_slave::{solve_traced, BusInput, Comm, Goal, MsInput};
    let bus = |variant: u8, p: usize, comm: Comm, t: i64| {
        let times = generate::integers(p, 3, 30, 5)
            .into_iter()
            .map(qi)
            .collect();
        MsInput::Bus(BusInput {
            variant,
            t: times,
            comm,
            goal: Goal::Horizon(qi(t)),
        })
    };
    let cases = [
        ("MaxTasks1 exact (assignment)", 1, 16, "exact", 200),
        ("MaxTasks1 exact (assignment)", 1, 64, "exact", 1000),
        ("MaxTasks2 exact (p! orders)", 2, 7, "exact", 200),
        ("MaxTasks2 approx", 2, 64, "approx", 1000),
        (
            "MaxTasks3 periodic + greedy + series",
            3,
            8,
            "periodic",
            1000,
        ),
    ];
    cases
        .into_iter()
        .map(|(what, v, p, algo, t)| {
            let comm = if v == 2 {
                Comm::Pair(qi(1), qi(1))
            } else {
                Comm::Single(qi(1))
            };
            let input = bus(v, p, comm, t);
            row(
                format!("master-slave {what} + trace, p = {p}, T = {t}"),
                5,
                || {
                    drop(solve_traced(&input, algo));
                },
            )
        })
        .collect()
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
