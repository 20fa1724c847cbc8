//! Solving off the page's thread. The site's own program runs a second time inside a Web Worker
//! ([`serve`]); the page hands it one job at a time and gets the run back as bytes, so a slow
//! solve never freezes the page, shows its progress, and stops for real on Cancel (the worker
//! is terminated and a fresh one started).
//!
//! The worker is started once, early, from `worker.js` (copied by Trunk), which imports the same
//! wasm-bindgen glue the page loaded and instantiates the page's compiled module; `main` sees a
//! worker scope and calls [`serve::serve`]. Where no worker can be had (the glue is not found,
//! `Worker` is missing), [`submit`] returns `None` and the page solves inline as before.

mod serve;

use std::cell::RefCell;
use std::collections::VecDeque;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::Callback;

pub use serve::{in_worker, serve, Payload};

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
    /// The encoded [`Payload`].
    Done(Vec<u8>),
    /// The solver refused, or the worker stopped (a bug), in a sentence.
    Failed(String),
    /// No worker can start in this browser: solve on the page instead.
    Unavailable,
}

/// One job: a family, an algorithm and the instance as JSON.
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    /// The family's route name (`"chains"`).
    pub problem: &'static str,
    /// The algorithm.
    pub algorithm: String,
    /// The instance, as JSON.
    pub instance: String,
}

struct Pool {
    worker: web_sys::Worker,
    ready: bool,
    /// Jobs posted before the worker said it was ready.
    queued: VecDeque<js_sys::Object>,
    /// The job under way and who hears of it.
    current: Option<(u32, Callback<Event>)>,
    next_id: u32,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

thread_local! {
    static POOL: RefCell<Option<Pool>> = const { RefCell::new(None) };
    /// A worker failed before it was ready: none will start in this page.
    static DISABLED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The absolute URLs of the page's wasm-bindgen glue, from Trunk's `modulepreload` link.
fn glue_url() -> Option<String> {
    let doc = web_sys::window()?.document()?;
    let link = doc
        .query_selector("link[rel=modulepreload][href$='.js']")
        .ok()??;
    link.dyn_into::<web_sys::HtmlLinkElement>()
        .ok()
        .map(|l| l.href())
}

fn spawn() -> Option<Pool> {
    if DISABLED.get() {
        return None;
    }
    let glue = glue_url()?;
    let opts = web_sys::WorkerOptions::new();
    opts.set_type(web_sys::WorkerType::Module);
    opts.set_name("hetlab-solver");
    let worker = web_sys::Worker::new_with_options("worker.js", &opts).ok()?;
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|e: web_sys::MessageEvent| {
            on_message(&e.data());
        });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let on_error = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(|e: web_sys::ErrorEvent| {
        e.prevent_default();
        fail_and_restart(&format!("the solver stopped ({})", e.message()));
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let boot = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&boot, &"glue".into(), &glue.into());
    let _ = js_sys::Reflect::set(&boot, &"module".into(), &wasm_bindgen::module());
    worker.post_message(&boot).ok()?;
    Some(Pool {
        worker,
        ready: false,
        queued: VecDeque::new(),
        current: None,
        next_id: 1,
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
                while let Some(job) = p.queued.pop_front() {
                    let _ = p.worker.post_message(&job);
                }
            }
        });
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
}

/// The worker died: tells the job under way, and starts a fresh worker for the next one. A
/// worker that dies before it is ready (it cannot load here) is not started again: its job,
/// and every later one, is solved on the page.
fn fail_and_restart(message: &str) {
    let told = POOL.with_borrow_mut(|p| {
        let old = p.take()?;
        old.worker.terminate();
        let event = if old.ready {
            *p = spawn();
            Event::Failed(message.to_owned())
        } else {
            DISABLED.set(true);
            web_sys::console::warn_1(&format!("HetLab solves on the page: {message}").into());
            Event::Unavailable
        };
        old.current.map(|(_, cb)| (cb, event))
    });
    if let Some((cb, event)) = told {
        cb.emit(event);
    }
}

/// Starts the worker now, so that the first job does not wait for it to load.
pub fn warm_up() {
    POOL.with_borrow_mut(|p| {
        if p.is_none() {
            *p = spawn();
        }
    });
}

/// A submitted job; [`cancel`] stops it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ticket(u32);

/// Hands `job` to the worker; `on_event` hears its progress and its end. A job still under way
/// is cancelled first (its worker is stopped). `None` when no worker can run here: the caller
/// then solves on the page.
#[must_use = "the ticket is what cancels the job"]
pub fn submit(job: &Job, on_event: Callback<Event>) -> Option<Ticket> {
    let busy = POOL.with_borrow(|p| p.as_ref().is_some_and(|p| p.current.is_some()));
    if busy {
        restart();
    }
    POOL.with_borrow_mut(|p| {
        if p.is_none() {
            *p = spawn();
        }
        let p = p.as_mut()?;
        let id = p.next_id;
        p.next_id = p.next_id.wrapping_add(1).max(1);
        let msg = js_sys::Object::new();
        for (k, v) in [
            ("id", JsValue::from(id)),
            ("problem", job.problem.into()),
            ("algorithm", job.algorithm.as_str().into()),
            ("instance", job.instance.as_str().into()),
        ] {
            let _ = js_sys::Reflect::set(&msg, &k.into(), &v);
        }
        if p.ready {
            p.worker.post_message(&msg).ok()?;
        } else {
            p.queued.push_back(msg);
        }
        p.current = Some((id, on_event));
        Some(Ticket(id))
    })
}

/// Stops the job of `ticket` if it is still under way (the worker is terminated: the work
/// really stops) and starts a fresh worker.
pub fn cancel(ticket: Ticket) {
    let running = POOL.with_borrow(|p| {
        p.as_ref()
            .and_then(|p| p.current.as_ref())
            .is_some_and(|(id, _)| *id == ticket.0)
    });
    if running {
        restart();
    }
}

fn restart() {
    POOL.with_borrow_mut(|p| {
        if let Some(old) = p.take() {
            old.worker.terminate();
        }
        *p = spawn();
    });
}
