//! Reading a lesson file from its address (`#/lesson?src=URL`). A copy of each file read is
//! kept in this browser, so the lesson still opens offline, or when its host stops answering.
//! A browser hides why a request to another site failed; the message says what to check
//! (CORS, the address, being online) and the two fixes (host the file beside the site, or put
//! the lesson in the link).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::ui::dom;

/// The `localStorage` key of the copy of the file at `url`.
fn kept(url: &str) -> String {
    format!("hetlab.lesson.src.{url}")
}

/// Fetches `url` and hands `done` its text and, when it is the copy kept from an earlier visit,
/// a note saying so; or why neither can be had.
pub fn text(url: &str, done: impl FnOnce(Result<(String, Option<String>), String>) + 'static) {
    let url = url.to_owned();
    let failed = {
        let url = url.clone();
        move |why: String| {
            match dom::load(&kept(&url)) {
            Some(t) => Ok((t, Some(format!("The lesson file could not be fetched again ({why}); this is the copy kept from your last visit.")))),
            None => Err(why),
        }
        }
    };
    let Some(window) = web_sys::window() else {
        done(failed("no window".into()));
        return;
    };
    let done = std::rc::Rc::new(std::cell::RefCell::new(Some(done)));
    let finish = {
        let done = done.clone();
        move |r: Result<(String, Option<String>), String>| {
            if let Some(f) = done.borrow_mut().take() {
                f(r);
            }
        }
    };
    let cross = !same_origin(&url);
    let refused = {
        let url = url.clone();
        move || {
            let why = if cross {
                format!("The lesson file at {url} could not be read. Its host may not allow other sites to read it (CORS: the file must be served with the header Access-Control-Allow-Origin), the address may be wrong, or you are offline. Host the file beside this site, or share the lesson as a link (the editor's \"Copy link\").")
            } else {
                format!("The lesson file at {url} could not be read: check the address, or whether you are online.")
            };
            why
        }
    };
    let on_response = {
        let (finish, url, failed) = (finish.clone(), url.clone(), failed.clone());
        Closure::once(move |response: JsValue| {
            let Ok(response) = response.dyn_into::<web_sys::Response>() else {
                finish(failed("no response".into()));
                return;
            };
            if !response.ok() {
                finish(failed(format!(
                    "the host answered {} for {url}: check the address",
                    response.status()
                )));
                return;
            }
            let Ok(body) = response.text() else {
                finish(failed("the response has no text".into()));
                return;
            };
            let got = Closure::once(move |t: JsValue| {
                let t = t.as_string().unwrap_or_default();
                if t.len() <= hetlab_core::lesson::MAX_BYTES {
                    let _ = dom::save(&kept(&url), &t);
                }
                finish(Ok((t, None)));
            });
            let _ = body.then(&got);
            got.forget();
        })
    };
    let on_error = {
        let finish = finish.clone();
        Closure::once(move |_: JsValue| finish(failed(refused())))
    };
    let _ = window.fetch_with_str(&url).then2(&on_response, &on_error);
    on_response.forget();
    on_error.forget();
}

/// Whether `url` is on this page's origin (relative addresses are).
fn same_origin(url: &str) -> bool {
    let here = web_sys::window().and_then(|w| w.location().origin().ok());
    let base = dom::base_url();
    match (web_sys::Url::new_with_base(url, &base), here) {
        (Ok(u), Some(origin)) => u.origin() == origin,
        _ => true,
    }
}
