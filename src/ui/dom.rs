//! Thin, failure-tolerant wrappers over the browser APIs the app uses: history, storage,
//! downloads, clipboard. None of them panics: a browser that refuses (private mode storage,
//! clipboard permission) degrades to doing nothing, and callers show what happened.

use wasm_bindgen::JsCast as _;

/// Shows `message` in a modal box.
pub fn alert(message: &str) {
    let _ = gloo::utils::window().alert_with_message(message);
}

/// localStorage key of the autosaved platform (a steady-state instance JSON).
pub const AUTOSAVE_KEY: &str = "hetlab.platform.v1";

/// The current hash: the one [`set_hash`] last wrote, even while the address bar still waits
/// for it, else `location.hash`.
#[must_use]
pub fn hash() -> String {
    if let Some((pending, _)) = PENDING.with(|p| p.borrow().clone()) {
        return pending;
    }
    shown_hash()
}

/// `location.hash`, what the address bar shows.
fn shown_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// `location.origin + location.pathname`: the base of share URLs.
#[must_use]
pub fn base_url() -> String {
    let Some(loc) = web_sys::window().map(|w| w.location()) else {
        return String::new();
    };
    format!(
        "{}{}",
        loc.origin().unwrap_or_default(),
        loc.pathname().unwrap_or_default()
    )
}

/// How long a replaced hash may wait before it reaches the address bar.
///
/// `history.replaceState` costs about 5 ms in Chromium (measured: a third of a step's work on
/// the divisible pages) and browsers throttle pages that call it hundreds of times in a few
/// seconds, which playback at 16x would. So stepping writes the address bar at most this often;
/// [`hash`] returns the newest hash meanwhile, so the page never reads a stale one.
const REPLACE_EVERY_MS: u32 = 200;

thread_local! {
    /// A replaced hash that the address bar does not show yet, with what the address bar
    /// showed when it was queued (the history entry it belongs to).
    static PENDING: std::cell::RefCell<Option<(String, String)>> =
        const { std::cell::RefCell::new(None) };
    /// The timer that writes it (kept after it fired, and dropped by the next replacement: a
    /// timer must not drop itself while its callback runs).
    static TIMER: std::cell::RefCell<Option<gloo::timers::callback::Timeout>> =
        const { std::cell::RefCell::new(None) };
}

fn write_hash(url: &str, push: bool) {
    let Some(history) = web_sys::window().and_then(|w| w.history().ok()) else {
        return;
    };
    let _ = if push {
        history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(url))
    } else {
        history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(url))
    };
}

/// Writes `hash` into the address bar, as a new history entry (`push`, at once, after the
/// waiting replacement of the entry it leaves) or in place (within [`REPLACE_EVERY_MS`]; the
/// newest of several replacements wins).
pub fn set_hash(hash: &str, push: bool) {
    let url = if hash.is_empty() { "#/" } else { hash };
    if push {
        flush_hash();
        write_hash(url, true);
        return;
    }
    // The entry stays the one the first waiting replacement was queued on.
    let waiting = PENDING.with(|p| {
        let mut p = p.borrow_mut();
        let before = p.take();
        let waiting = before.is_some();
        let entry = before.map_or_else(shown_hash, |(_, entry)| entry);
        *p = Some((url.to_owned(), entry));
        waiting
    });
    if !waiting {
        let timer = gloo::timers::callback::Timeout::new(REPLACE_EVERY_MS, flush_hash);
        drop(TIMER.with(|t| t.borrow_mut().replace(timer)));
    }
}

/// Writes a waiting replacement now (its timer fired, or the page is being hidden or left).
pub fn flush_hash() {
    if let Some((url, _)) = PENDING.with(|p| p.borrow_mut().take()) {
        write_hash(&url, false);
    }
}

/// The session's key for the family a reload was for ([`reload_for`]).
const RELOADED_FOR: &str = "hetlab.reloaded-for";

/// Loads the document again at the address shown (after writing a waiting replacement), for
/// `family`, whose page is in the other page binary: index.html's loader then opens that one.
pub fn reload_for(family: &str) {
    flush_hash();
    let window = gloo::utils::window();
    if let Ok(Some(s)) = window.session_storage() {
        let _ = s.set_item(RELOADED_FOR, family);
    }
    let _ = window.location().reload();
}

/// The family this document was loaded for by [`reload_for`], if it was (read once: the key is
/// removed, so a later load that is not such a reload reads nothing).
#[must_use]
pub fn take_reloaded_for() -> Option<String> {
    let s = gloo::utils::window().session_storage().ok().flatten()?;
    let got = s.get_item(RELOADED_FOR).ok().flatten();
    let _ = s.remove_item(RELOADED_FOR);
    got
}

/// Forgets a waiting replacement when the browser moved to another history entry (Back,
/// Forward, an edited address, a link), which the replacement must not overwrite. A link's
/// `popstate` and `hashchange` come one after the other, and the new page may queue a
/// replacement in between: that one belongs to the new entry and stays.
pub fn drop_pending_hash() {
    let here = shown_hash();
    PENDING.with(|p| {
        let mut p = p.borrow_mut();
        if p.as_ref().is_some_and(|(_, entry)| *entry != here) {
            *p = None;
        }
    });
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// Reads a localStorage entry.
#[must_use]
pub fn load(key: &str) -> Option<String> {
    storage().and_then(|s| s.get_item(key).ok().flatten())
}

/// Writes a localStorage entry; `false` when the browser refused.
pub fn save(key: &str, value: &str) -> bool {
    storage().is_some_and(|s| s.set_item(key, value).is_ok())
}

/// Removes a localStorage entry (best effort).
pub fn forget(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// Offers `text` as a file download.
pub fn download(filename: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    let link = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok());
    if let Some(a) = link {
        a.set_href(&url);
        a.set_download(filename);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Offers the resource at `href` (a `data:` or `blob:` URL) as a file download.
pub fn download_href(filename: &str, href: &str) {
    let link = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok());
    if let Some(a) = link {
        a.set_href(href);
        a.set_download(filename);
        a.click();
    }
}

/// Copies `text` to the clipboard (best effort).
pub fn copy(text: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

/// Asks the user to confirm; `false` when the browser cannot ask.
#[must_use]
pub fn confirm(message: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.confirm_with_message(message).ok())
        .unwrap_or(false)
}

/// The focused element is a text field (keyboard shortcuts must then leave keys alone).
#[must_use]
pub fn typing() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

/// A modal dialog is open (page shortcuts must then leave keys to it).
#[must_use]
pub fn modal_open() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("[aria-modal='true']").ok().flatten())
        .is_some()
}

/// The focused element is pressed by Space or Enter (a button, a link, a summary).
#[must_use]
pub fn pressable_focused() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .is_some_and(|e| matches!(e.tag_name().as_str(), "BUTTON" | "A" | "SUMMARY"))
}

/// The element that has the focus.
#[must_use]
pub fn focused() -> Option<web_sys::HtmlElement> {
    use wasm_bindgen::JsCast as _;
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
}

/// The focusable elements inside `node`, in document order.
#[must_use]
pub fn focusable_in(node: &yew::NodeRef) -> Vec<web_sys::HtmlElement> {
    use wasm_bindgen::JsCast as _;
    let Some(root) = node.cast::<web_sys::Element>() else {
        return Vec::new();
    };
    let Ok(list) = root.query_selector_all(
        "a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex='-1'])",
    ) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|k| list.item(k))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .collect()
}

/// `performance.now()` in milliseconds, on the page or in the solver worker (its global scope
/// has `performance` too); 0 where there is none.
#[must_use]
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .or_else(|| {
            js_sys::Reflect::get(&js_sys::global(), &"performance".into())
                .ok()
                .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        })
        .map_or(0.0, |p| p.now())
}

/// A seed for a practice set whose address names none (written into the address at once, so a
/// reload or a shared link keeps the questions).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // in [0, 10^6)
#[must_use]
pub fn fresh_seed() -> u64 {
    // A million sets: plenty for practice, and a seed short enough to read out in class.
    (js_sys::Math::random() * 1_000_000.0).floor() as u64
}
