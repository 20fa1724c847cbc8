//! One job alone in a fresh worker of a given group's solver binary: the bench page measures
//! every group's solvers, while the page's pool (`super`) holds only its own group's worker.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;

use super::{get, job_message, no_worker, start_worker, Job};
use crate::wire;

/// A worker of [`ask_in`], kept until the next one replaces it (a closure must not be dropped
/// while it runs, and this one ends the job from inside its own call).
struct Once {
    worker: web_sys::Worker,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

thread_local! {
    static ONCE: RefCell<Option<Once>> = const { RefCell::new(None) };
}

/// Runs `job` alone in a fresh worker of `group`'s solver binary (the bench page measures every
/// group's solvers; the pool holds only this page's group) and hands `done` its decoded
/// answer, or why there is none. The worker stops after; a second call stops the first.
pub fn ask_in<T: nanoserde::DeBin + 'static>(
    group: &str,
    job: &Job,
    done: impl FnOnce(Result<T, String>) + 'static,
) {
    if let Some(old) = ONCE.take() {
        old.worker.terminate();
    }
    let done = Rc::new(RefCell::new(Some(done)));
    let finish = {
        let done = done.clone();
        move |r: Result<T, String>| {
            if let Some(once) = ONCE.with_borrow(|o| o.as_ref().map(|o| o.worker.clone())) {
                once.terminate();
            }
            if let Some(f) = done.borrow_mut().take() {
                f(r);
            }
        }
    };
    let finish = Rc::new(finish);
    let message = job_message(0, job);
    let on_message = {
        let finish = finish.clone();
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let data = e.data();
            match get(&data, "kind").as_string().unwrap_or_default().as_str() {
                "ready" => {
                    let sent = ONCE.with_borrow(|o| {
                        o.as_ref().map(|o| o.worker.post_message(&message).is_ok())
                    });
                    if sent != Some(true) {
                        finish(Err("the solver could not be given its job".to_owned()));
                    }
                }
                "progress" => {}
                "done" => finish(wire::decode::<T>(
                    &js_sys::Uint8Array::new(&get(&data, "payload")).to_vec(),
                )),
                _ => finish(Err(get(&data, "message").as_string().unwrap_or_else(
                    || "the solver sent an unreadable answer".to_owned(),
                ))),
            }
        })
    };
    let on_error = {
        let finish = finish.clone();
        Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
            e.prevent_default();
            finish(Err(no_worker(&e.message())));
        })
    };
    match start_worker(group, &on_message, &on_error) {
        Ok(worker) => ONCE.set(Some(Once {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        })),
        Err(reason) => finish(Err(no_worker(&reason))),
    }
}
