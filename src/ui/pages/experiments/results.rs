//! What a sweep gave so far: its progress, the downloads (CSV, JSON), one plot per shape (mean
//! and spread per size, one line per algorithm) and the summary table.

use hetlab_core::sweep::{Reference, Sweep};
use yew::prelude::*;

use super::run::{Live, Shared, State};
use crate::experiments::{self, duration, log_sizes, summarize, time_left, Measure, Summary};
use crate::ui::components::plot::{Frame, Line, LinesPlot, LINE_COLOURS};
use crate::ui::dom;

/// Time left past which the page points to the command line, in milliseconds.
const LONG_MS: f64 = 5.0 * 60.0 * 1000.0;

/// The progress line and bar.
pub fn progress(live: &Live) -> Html {
    let (done, total) = (live.done(), live.results.total());
    let elapsed = live.elapsed();
    let workers = match live.workers {
        1 => "1 worker".to_owned(),
        n => format!("{n} workers"),
    };
    let text = match &live.state {
        State::Running => {
            let left = time_left(elapsed, done, total).map_or_else(
                || "estimating the time left".to_owned(),
                |ms| format!("about {} left", duration(ms)),
            );
            format!(
                "Running on {workers}: {done} of {total} instances, {} elapsed, {left}.",
                duration(elapsed)
            )
        }
        State::Finished => format!(
            "Finished: {total} instances ({} rows) in {} on {workers}.",
            live.results.rows().len(),
            duration(elapsed)
        ),
        State::Cancelled => format!(
            "Cancelled after {done} of {total} instances ({}): the rows so far are below.",
            duration(elapsed)
        ),
        State::Broken(why) => format!("The sweep could not run: {why}."),
    };
    let max = total.max(1).to_string();
    // More than five minutes left: say where larger sweeps belong.
    let long = live.state == State::Running
        && time_left(elapsed, done, total).is_some_and(|ms| ms > LONG_MS);
    html! {
        <div class="sweep-progress">
            // The results stay when another sweep is picked: they say which sweep they are of.
            <h2 data-testid="sweep-results-of">{format!("Results: {}", live.sweep.name)}</h2>
            <progress value={done.to_string()} max={max} data-testid="sweep-progress"
                      aria-label="Instances done"></progress>
            <p role="status" aria-live="polite" data-testid="sweep-status"
               data-state={state_name(&live.state)} data-done={done.to_string()}
               data-elapsed={format!("{elapsed:.0}")}>{text}</p>
            if long {
                <p class="banner" data-testid="sweep-long">{"This sweep will take a while here. The command line runs the same spec on every core of a machine, or of a Slurm cluster, and writes the same CSV: hetlab sweep SPEC -o FILE (docs/sweeps.md)."}</p>
            }
            { failures(live) }
        </div>
    }
}

fn state_name(state: &State) -> &'static str {
    match state {
        State::Running => "running",
        State::Finished => "finished",
        State::Cancelled => "cancelled",
        State::Broken(_) => "broken",
    }
}

/// The instances whose job failed, with how to run each again from the command line.
fn failures(live: &Live) -> Html {
    if live.failures.is_empty() {
        return Html::default();
    }
    let family = live.sweep.family;
    html! {
        <ul class="banner warning" data-testid="sweep-failures">
            { for live.failures.iter().take(20).map(|(k, why)| {
                let again = live.sweep.point(*k).map(|p| format!(
                    " (again alone: hetlab gen {family} --shape {} --size {} --seed {})",
                    p.shape.name(), p.size, p.seed
                )).unwrap_or_default();
                html! { <li>{format!("Instance {k} failed: {why}{again}.")}</li> }
            }) }
        </ul>
    }
}

/// The downloads, the plots and the table of the rows so far (`shared` holds `live`: the
/// downloads read it when clicked).
pub fn results(live: &Live, shared: &Shared) -> Html {
    let rows = live.results.rows();
    if rows.is_empty() {
        return Html::default();
    }
    let sums = summarize(&live.sweep, rows);
    html! {
        <section class="sweep-results" aria-label="Results">
            { downloads(live, shared) }
            { for live.sweep.shapes.iter().map(|shape| plot(&live.sweep, &sums, shape.name())) }
            { table(&live.sweep, &sums) }
        </section>
    }
}

/// The CSV (the whole file `hetlab sweep` writes, or its head when the sweep stopped early)
/// and the JSON.
fn downloads(live: &Live, shared: &Shared) -> Html {
    let n = live.results.prefix();
    let complete = n == live.results.total();
    let name = file_stem(&live.sweep);
    let csv_note = if complete {
        "the file hetlab sweep writes for this spec, byte for byte".to_owned()
    } else {
        format!(
            "instances 0 to {}: the head of the file hetlab sweep writes, which \
             `hetlab sweep SPEC -o FILE` resumes",
            n.saturating_sub(1)
        )
    };
    let on_csv = {
        let (shared, file) = (shared.clone(), format!("{name}.csv"));
        Callback::from(move |_| {
            if let Some(l) = shared.borrow().as_ref() {
                dom::download(&file, "text/csv", &l.results.csv().0);
            }
        })
    };
    let on_json = {
        let (shared, file) = (shared.clone(), format!("{name}.json"));
        Callback::from(move |_| {
            if let Some(l) = shared.borrow().as_ref() {
                let text = experiments::json(&l.text, &l.results.rows_in_order());
                dom::download(&file, "application/json", &text);
            }
        })
    };
    let on_spec = {
        let text = live.text.clone();
        let file = format!("{name}.sweep.json");
        Callback::from(move |_| dom::download(&file, "application/json", &text))
    };
    html! {
        <div class="sweep-downloads">
            <button type="button" onclick={on_csv} disabled={n == 0} data-testid="sweep-csv"
                    data-instances={n.to_string()}>{"Download CSV"}</button>
            <button type="button" onclick={on_json} data-testid="sweep-json">{"Download JSON"}</button>
            <button type="button" onclick={on_spec}>{"Download spec"}</button>
            <p class="muted">{format!("CSV: {csv_note}.")}</p>
        </div>
    }
}

/// A file name from the sweep's family.
fn file_stem(sweep: &Sweep) -> String {
    format!("hetlab-sweep-{}", sweep.family)
}

/// What the plots and the table measure, in words.
fn measure_name(sweep: &Sweep) -> String {
    match (Measure::of(sweep), &sweep.reference) {
        (Measure::Ratio, Some(Reference::Algorithm(a))) => format!("value / value of {a}"),
        (Measure::Ratio, Some(Reference::Bound(field))) => format!("value / {field}"),
        _ => "value".to_owned(),
    }
}

/// The plot of one shape: per algorithm, the mean of the measure against the size, with a bar
/// from the least to the largest value over the seeds.
fn plot(sweep: &Sweep, sums: &[Summary], shape: &str) -> Html {
    let here: Vec<&Summary> = sums.iter().filter(|s| s.shape == shape).collect();
    if here.is_empty() {
        return Html::default();
    }
    let mut lines = Vec::new();
    let mut spreads = Vec::new();
    for (k, a) in sweep.algorithms.iter().enumerate() {
        #[allow(clippy::cast_precision_loss)] // sizes ≤ 500
        let of = |s: &&Summary| {
            s.mean
                .map(|m| (s.size as f64, m, s.min.unwrap_or(m), s.max.unwrap_or(m)))
        };
        let pts: Vec<(f64, f64, f64, f64)> = here
            .iter()
            .filter(|s| s.algorithm == *a)
            .filter_map(of)
            .collect();
        if pts.is_empty() {
            continue;
        }
        lines.push(Line {
            label: (*a).to_owned(),
            points: pts.iter().map(|p| (p.0, p.1)).collect(),
            rgb: LINE_COLOURS[k % LINE_COLOURS.len()],
        });
        spreads.push(pts.iter().map(|p| (p.0, p.2, p.3)).collect());
    }
    let least = spreads
        .iter()
        .flatten()
        .map(|p: &(f64, f64, f64)| p.1)
        .fold(f64::INFINITY, f64::min);
    let frame = Frame {
        // Ratios start near their least value; values from 0.
        y_from: if Measure::of(sweep) == Measure::Ratio && least.is_finite() {
            (least * 0.98).clamp(0.0, 1.0)
        } else {
            0.0
        },
        whole_x: true,
        legend_right: true,
        log_x: log_sizes(sweep),
        ..Frame::default()
    };
    let axes = ("size".to_owned(), measure_name(sweep));
    let scale = if frame.log_x { " (log scale)" } else { "" };
    let label = format!(
        "{shape} instances: mean {} per size{scale}, one line per algorithm, bars from the least to the largest value",
        measure_name(sweep)
    );
    html! {
        <figure class="sweep-plot">
            <figcaption>{format!("Shape \"{shape}\": mean over the seeds, bars from the least to the largest{scale}.")}</figcaption>
            <LinesPlot {lines} {spreads} {axes} {frame} {label} testid={format!("sweep-plot-{shape}")} />
        </figure>
    }
}

/// The summary table: one row per grid point and algorithm.
fn table(sweep: &Sweep, sums: &[Summary]) -> Html {
    let fmt = |v: Option<f64>| v.map_or_else(String::new, |v| format!("{v:.4}"));
    html! {
        <div class="table-scroll">
            <table class="sweep-table" data-testid="sweep-table">
                <caption>{format!("Per grid point and algorithm: {} (mean, least, largest over the seeds); refused rows are over a size limit or not offered for the instance.", measure_name(sweep))}</caption>
                <thead><tr>
                    { for ["shape", "size", "algorithm", "rows", "mean", "least", "largest", "refused", "errors"].iter().map(|h| html! { <th scope="col">{*h}</th> }) }
                </tr></thead>
                <tbody>
                    { for sums.iter().map(|s| html! {
                        <tr data-algorithm={s.algorithm.clone()} data-size={s.size.to_string()}>
                            <td>{&s.shape}</td><td>{s.size}</td><th scope="row">{&s.algorithm}</th>
                            <td>{s.rows}</td><td data-mean="">{fmt(s.mean)}</td><td>{fmt(s.min)}</td><td>{fmt(s.max)}</td>
                            <td>{s.refused}</td><td>{s.errors}</td>
                        </tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}
