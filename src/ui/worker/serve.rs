//! The worker side: the site's own program, started inside a Web Worker, runs one job per
//! message and posts back progress, the encoded run, or a refusal.
//!
//! A job is `{id, problem, algorithm, instance}` (the instance as JSON). The answer is a plain
//! object: `{id, kind: "progress", steps, ms}` while the algorithm records steps (at most every
//! 100 ms), then `{id, kind: "done", payload}` (the [`wire`](crate::wire) bytes of the run, the
//! family's extra results and the result document) or `{id, kind: "failed", message}`. A panic
//! posts `{kind: "panic", message}` before the worker stops: the page says so and starts a new
//! worker, instead of the whole site stopping.

use hetlab_core::family::Family;
use hetlab_core::instance::Instance;
use hetlab_core::trace;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::DedicatedWorkerGlobalScope;

use crate::ui::pages::algorithm::{solve, FamilyPage};
use crate::wire;

/// Least time between two progress messages.
const PROGRESS_MS: f64 = 100.0;

fn scope() -> Option<DedicatedWorkerGlobalScope> {
    js_sys::global()
        .dyn_into::<DedicatedWorkerGlobalScope>()
        .ok()
}

/// Whether this program runs inside a dedicated worker (and so must serve jobs, not draw).
#[must_use]
pub fn in_worker() -> bool {
    scope().is_some()
}

fn post(fields: &[(&str, JsValue)]) {
    let Some(scope) = scope() else { return };
    let msg = js_sys::Object::new();
    for (k, v) in fields {
        let _ = js_sys::Reflect::set(&msg, &JsValue::from_str(k), v);
    }
    let _ = scope.post_message(&msg);
}

fn field(data: &JsValue, name: &str) -> Option<String> {
    js_sys::Reflect::get(data, &JsValue::from_str(name))
        .ok()?
        .as_string()
}

/// Serves jobs until the page terminates the worker.
pub fn serve() {
    std::panic::set_hook(Box::new(|info| {
        let message: String = info.to_string().chars().take(600).collect();
        post(&[("kind", "panic".into()), ("message", message.into())]);
    }));
    let Some(scope) = scope() else { return };
    let handler = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|e: web_sys::MessageEvent| {
        let data = e.data();
        let id = js_sys::Reflect::get(&data, &"id".into()).unwrap_or(JsValue::NULL);
        let job = (
            field(&data, "problem"),
            field(&data, "algorithm"),
            field(&data, "instance"),
        );
        let (Some(problem), Some(algorithm), Some(instance)) = job else {
            post(&[
                ("id", id),
                ("kind", "failed".into()),
                ("message", "the page sent an incomplete job".into()),
            ]);
            return;
        };
        let started = js_sys::Date::now();
        let mut last = started;
        let progress_id = id.clone();
        let _watch = trace::watch(move |steps| {
            let now = js_sys::Date::now();
            if now - last >= PROGRESS_MS {
                last = now;
                post(&[
                    ("id", progress_id.clone()),
                    ("kind", "progress".into()),
                    (
                        "steps",
                        JsValue::from(u32::try_from(steps).unwrap_or(u32::MAX)),
                    ),
                    ("ms", JsValue::from(now - started)),
                ]);
            }
        });
        match run_job(&problem, &algorithm, &instance) {
            Ok(bytes) => {
                let payload = js_sys::Uint8Array::from(bytes.as_slice());
                post(&[
                    ("id", id),
                    ("kind", "done".into()),
                    ("payload", payload.into()),
                ]);
            }
            Err(message) => post(&[
                ("id", id),
                ("kind", "failed".into()),
                ("message", message.into()),
            ]),
        }
    });
    scope.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    handler.forget();
    post(&[("kind", "ready".into())]);
}

/// Runs one job of the family page registered for `problem`.
fn run_job(problem: &str, algorithm: &str, instance: &str) -> Result<Vec<u8>, String> {
    crate::with_page!(problem, |P| solve_encoded::<P>(algorithm, instance), else {
        Err(format!("no page solves \"{problem}\""))
    })
}

/// What the page decodes: the run, the extra results, the result document (as JSON text) and
/// whether a search stopped at its budget.
pub type Payload<P> = (
    crate::ui::pages::algorithm::Run<P>,
    <P as FamilyPage>::Extra,
    String,
    bool,
);

fn solve_encoded<P: FamilyPage>(algorithm: &str, instance: &str) -> Result<Vec<u8>, String> {
    let inst = Instance::from_json(instance).map_err(|e| e.to_string())?;
    let input = P::F::input(&inst)
        .ok_or_else(|| format!("the instance is not a {} instance", P::F::PROBLEM))?;
    let s = solve::<P>(input, algorithm)?;
    wire::encode(&(&s.run, &s.extra, s.doc.to_string(), s.budget_hit))
}
