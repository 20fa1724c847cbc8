//! Solving off the page's thread, in a second program. The site's wasm binaries are built from
//! this crate, two per group of families (`src/bundles.rs`): the page (`src/bin/<group>.rs`: the
//! UI, drawing, replaying traces, reading runs) and its solver worker
//! (`src/bin/solver_*.rs`: the group's solvers, result documents, writing runs). The page never
//! calls a solver, so none is linked into the page's wasm; everything that solves is a [`Job`]
//! for its group's worker, which the page starts early (from `worker.js`, copied by Trunk) and
//! keeps for the next job. A slow job never freezes the page, shows its progress, and stops for
//! real on Cancel (the worker is terminated and a fresh one started). The bench page also runs
//! one job in each other group's worker ([`ask_in`]).
//!
//! Jobs run one at a time, in the order submitted. The workers' files are named in index.html
//! (`<script id="hetlab-workers">`, written by `www/hash-bins.sh` at build time, with content
//! hashes, so the offline service worker stores them with the page's). Where no worker can
//! start, a job fails with a sentence that says so: the page cannot solve without.

mod crew;
pub mod job;
mod once;
#[cfg(feature = "solve")]
pub mod serve;

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::Callback;

pub use crew::{Crew, CrewEvent};
pub use job::{Asked, Checked, GradeSheet, GradedRow, Job, Payload, ScheduleFormat, SimgridRead};
pub use once::ask_in;

use crate::wire;

/// What a job reports to the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// Still working: steps recorded so far and milliseconds since the job started.
    Progress {
        /// Steps recorded.
        steps: u32,
        /// Milliseconds since the start.
        ms: f64,
    },
    /// The `wire` bytes of the job's answer.
    Done(Vec<u8>),
    /// The solver refused, the worker stopped (a bug), or no worker runs here, in a sentence.
    Failed(String),
}

/// A job waiting for its turn, and who hears of it.
struct Waiting {
    id: u32,
    message: js_sys::Object,
    on_event: Callback<Event>,
}

struct Pool {
    worker: web_sys::Worker,
    ready: bool,
    /// The job under way and who hears of it.
    current: Option<(u32, Callback<Event>)>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

thread_local! {
    static POOL: RefCell<Option<Pool>> = const { RefCell::new(None) };
    /// Jobs submitted and not started, oldest first.
    static QUEUE: RefCell<VecDeque<Waiting>> = const { RefCell::new(VecDeque::new()) };
    static NEXT_ID: Cell<u32> = const { Cell::new(1) };
    /// Why no worker can start in this page (one failed before it was ready).
    static BROKEN: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The absolute URLs of the wasm-bindgen glue and wasm of `group`'s solver worker, as
/// index.html names them (`<script id="hetlab-workers">`).
fn worker_files(group: &str) -> Result<(String, String), String> {
    let missing = || "the page does not name the solver's files".to_owned();
    let doc = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(missing)?;
    let text = doc
        .get_element_by_id("hetlab-workers")
        .and_then(|e| e.text_content())
        .ok_or_else(missing)?;
    let groups: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&text).map_err(|_| missing())?;
    let names = groups.get(group).ok_or_else(missing)?;
    let url = |key: &str| {
        let name = names
            .get(key)
            .and_then(|v| v.as_str())
            .ok_or_else(missing)?;
        let base = doc.base_uri().ok().flatten().unwrap_or_default();
        web_sys::Url::new_with_base(name, &base)
            .map(|u| u.href())
            .map_err(|_| missing())
    };
    Ok((url("glue")?, url("wasm")?))
}

/// A worker running `www/worker.js`, told to load `group`'s solver binary, `on_message` and
/// `on_error` hearing it.
fn start_worker(
    group: &str,
    on_message: &Closure<dyn FnMut(web_sys::MessageEvent)>,
    on_error: &Closure<dyn FnMut(web_sys::ErrorEvent)>,
) -> Result<web_sys::Worker, String> {
    let (glue, wasm) = worker_files(group)?;
    let opts = web_sys::WorkerOptions::new();
    opts.set_type(web_sys::WorkerType::Module);
    opts.set_name("hetlab-solver");
    let worker = web_sys::Worker::new_with_options("worker.js", &opts)
        .map_err(|_| "its `Worker` is missing or refuses module scripts".to_owned())?;
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let boot = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&boot, &"glue".into(), &glue.into());
    let _ = js_sys::Reflect::set(&boot, &"wasm".into(), &wasm.into());
    worker
        .post_message(&boot)
        .map_err(|_| "the solver could not be started".to_owned())?;
    Ok(worker)
}

/// The pool's worker: the solver binary of this page binary's group.
fn spawn() -> Result<Pool, String> {
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|e: web_sys::MessageEvent| {
            on_message(&e.data());
        });
    let on_error = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(|e: web_sys::ErrorEvent| {
        e.prevent_default();
        fail_and_restart(&format!("the solver stopped ({})", e.message()));
    });
    let group = crate::ui::group_name().ok_or("the page has not started")?;
    let worker = start_worker(group, &on_message, &on_error)?;
    Ok(Pool {
        worker,
        ready: false,
        current: None,
        _on_message: on_message,
        _on_error: on_error,
    })
}

/// A whole number the worker sent (ids and step counts are `u32`s it wrote).
fn count(data: &JsValue, name: &str) -> u32 {
    get(data, name)
        .as_f64()
        .filter(|v| v.is_finite() && *v >= 0.0 && *v <= f64::from(u32::MAX))
        .map_or(0, |v| {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // range checked
            let n = v as u32;
            n
        })
}

fn get(data: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(data, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

fn on_message(data: &JsValue) {
    let kind = get(data, "kind").as_string().unwrap_or_default();
    if kind == "ready" {
        POOL.with_borrow_mut(|p| {
            if let Some(p) = p {
                p.ready = true;
            }
        });
        pump();
        return;
    }
    if kind == "panic" {
        let message = get(data, "message").as_string().unwrap_or_default();
        fail_and_restart(&format!("the solver stopped because of a bug: {message}"));
        return;
    }
    let id = count(data, "id");
    let event = match kind.as_str() {
        "progress" => Event::Progress {
            steps: count(data, "steps"),
            ms: get(data, "ms").as_f64().unwrap_or(0.0),
        },
        "done" => Event::Done(js_sys::Uint8Array::new(&get(data, "payload")).to_vec()),
        _ => Event::Failed(
            get(data, "message")
                .as_string()
                .unwrap_or_else(|| "the solver sent an unreadable answer".to_owned()),
        ),
    };
    let finished = !matches!(event, Event::Progress { .. });
    let to = POOL.with_borrow_mut(|p| {
        let p = p.as_mut()?;
        let (cur, cb) = p.current.as_ref()?;
        if *cur != id {
            return None;
        }
        let cb = cb.clone();
        if finished {
            p.current = None;
        }
        Some(cb)
    });
    // Outside the borrow: the callback re-renders, and a render may submit the next job.
    if let Some(cb) = to {
        cb.emit(event);
    }
    if finished {
        pump();
    }
}

/// Starts the oldest waiting job when the worker is ready and idle (starting a worker first
/// when there is none); where none can start, every waiting job fails with the reason.
fn pump() {
    let broken = POOL.with_borrow_mut(|p| {
        if p.is_none() && QUEUE.with_borrow(|q| !q.is_empty()) {
            start(p);
        }
        let Some(p) = p.as_mut() else {
            return BROKEN.with_borrow(Clone::clone);
        };
        if p.ready && p.current.is_none() {
            if let Some(w) = QUEUE.with_borrow_mut(VecDeque::pop_front) {
                if p.worker.post_message(&w.message).is_ok() {
                    p.current = Some((w.id, w.on_event));
                } else {
                    QUEUE.with_borrow_mut(|q| q.push_front(w));
                }
            }
        }
        None
    });
    if let Some(reason) = broken {
        let failed: Vec<Waiting> = QUEUE.with_borrow_mut(|q| q.drain(..).collect());
        for w in failed {
            w.on_event.emit(Event::Failed(no_worker(&reason)));
        }
    }
}

/// The sentence shown where no solver worker runs.
fn no_worker(reason: &str) -> String {
    format!(
        "HetLab solves in a Web Worker (a background thread of this page), and none could start \
         in this browser ({reason}): solving needs a browser with module workers, as every \
         current one has"
    )
}

/// Starts a worker into `pool`, unless one failed for good in this page.
fn start(pool: &mut Option<Pool>) {
    if BROKEN.with_borrow(Option::is_some) {
        return;
    }
    match spawn() {
        Ok(p) => *pool = Some(p),
        Err(reason) => BROKEN.set(Some(reason)),
    }
}

/// The worker died: tells the job under way, and starts a fresh worker for the next ones. A
/// worker that dies before it is ready (it cannot load here) is not started again: its job,
/// and every later one, fails with the reason.
fn fail_and_restart(message: &str) {
    let told = POOL.with_borrow_mut(|p| {
        let old = p.take()?;
        old.worker.terminate();
        if old.ready {
            start(p);
        } else {
            web_sys::console::warn_1(&format!("HetLab's solver cannot start: {message}").into());
            BROKEN.set(Some(message.to_owned()));
        }
        let event = Event::Failed(if old.ready {
            message.to_owned()
        } else {
            no_worker(message)
        });
        old.current.map(|(_, cb)| (cb, event))
    });
    if let Some((cb, event)) = told {
        cb.emit(event);
    }
    pump();
}

/// Starts the worker now, so that the first job does not wait for it to load.
pub fn warm_up() {
    POOL.with_borrow_mut(|p| {
        if p.is_none() {
            start(p);
        }
    });
}

/// The message that hands `job` to a worker: `{id, job}`, the job as [`wire`] bytes.
fn job_message(id: u32, job: &Job) -> js_sys::Object {
    let message = js_sys::Object::new();
    let bytes = wire::encode(job);
    for (k, v) in [
        ("id", JsValue::from(id)),
        ("job", js_sys::Uint8Array::from(bytes.as_slice()).into()),
    ] {
        let _ = js_sys::Reflect::set(&message, &k.into(), &v);
    }
    message
}

/// A submitted job; [`cancel`] stops it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ticket(u32);

/// Hands `job` to the worker, after the jobs already submitted; `on_event` hears its progress
/// and its end (a [`Event::Failed`] where no worker can run).
#[must_use = "the ticket is what cancels the job"]
pub fn submit(job: &Job, on_event: Callback<Event>) -> Ticket {
    let id = NEXT_ID.get();
    NEXT_ID.set(id.wrapping_add(1).max(1));
    let message = job_message(id, job);
    QUEUE.with_borrow_mut(|q| {
        q.push_back(Waiting {
            id,
            message,
            on_event,
        });
    });
    pump();
    Ticket(id)
}

/// Submits `job` and hands `done` its decoded answer of type `T`, or why there is none
/// (progress is not reported).
pub fn ask<T: nanoserde::DeBin + 'static>(
    job: &Job,
    done: impl Fn(Result<T, String>) + 'static,
) -> Ticket {
    submit(
        job,
        Callback::from(move |e: Event| match e {
            Event::Progress { .. } => {}
            Event::Done(bytes) => done(wire::decode::<T>(&bytes)),
            Event::Failed(m) => done(Err(m)),
        }),
    )
}

/// Stops the job of `ticket`: a waiting job is dropped; the job under way is stopped for real
/// (the worker is terminated and a fresh one started). Its callback hears nothing more.
pub fn cancel(ticket: Ticket) {
    QUEUE.with_borrow_mut(|q| q.retain(|w| w.id != ticket.0));
    let running = POOL.with_borrow(|p| {
        p.as_ref()
            .and_then(|p| p.current.as_ref())
            .is_some_and(|(id, _)| *id == ticket.0)
    });
    if running {
        POOL.with_borrow_mut(|p| {
            if let Some(old) = p.take() {
                old.worker.terminate();
            }
            start(p);
        });
        pump();
    }
}
